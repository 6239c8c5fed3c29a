"""Engines turn text into SQL: ``builtin`` (offline) and, later, ``llm`` (through litellm)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from nl2sql.engines.base import Ambiguity, Draft, Engine, RefinementContext

if TYPE_CHECKING:
    from nl2sql.domain import DomainConfig

__all__ = ["Ambiguity", "Draft", "Engine", "RefinementContext", "make_engine"]


def make_engine(name: str = "builtin", *, today: date | None = None, domain: DomainConfig | None = None) -> Engine:
    from nl2sql.errors import UsageError

    if name == "builtin":
        from nl2sql.engines.builtin.engine import BuiltinEngine

        return BuiltinEngine(today=today, domain=domain)
    raise UsageError(f"Unknown engine {name!r}; available: builtin.")
