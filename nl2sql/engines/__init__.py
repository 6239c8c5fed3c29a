"""Engines turn text into SQL: ``builtin`` (offline) and, later, ``llm`` (through litellm)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nl2sql.engines.base import Ambiguity, Capabilities, Draft, Engine, RefinementContext, Usage

if TYPE_CHECKING:
    from nl2sql.config import ModelChoice
    from nl2sql.domain import DomainConfig

__all__ = ["Ambiguity", "Capabilities", "Draft", "Engine", "RefinementContext", "Usage", "make_engine"]


def make_engine(name: str = "builtin", *, today: date | None = None, domain: DomainConfig | None = None,
                model: ModelChoice | None = None, no_data: bool = False, answer_style: str = "template",
                samples: int = 1, memory: Path | None = None, isolated: bool = False) -> Engine[Any]:
    """The built-in engine, or the LLM engine when a model is chosen (litellm is imported on first call).

    The model engine keeps examples in the user's memory file (or ``memory``); ``isolated`` engines
    write none and read only ``memory`` if given, so that an eval run depends on nothing before it."""
    from nl2sql.errors import UsageError

    if name == "builtin" and model is None:
        from nl2sql.engines.builtin.engine import BuiltinEngine

        return BuiltinEngine(today=today, domain=domain)
    if name in ("llm", "builtin") and model is not None:
        from nl2sql.engines.llm.client import ModelSettings
        from nl2sql.engines.llm.engine import LlmEngine
        from nl2sql.engines.llm.memory import Memory

        settings = ModelSettings(model.model, model.api_base, model.api_key_env, model.timeout, samples=samples)
        examples = (Memory(memory, read_only=True) if memory else None) if isolated else Memory(memory)
        return LlmEngine(settings, today=today, domain=domain, memory=examples, no_data=no_data,
                         answer_style=answer_style)
    if name == "llm":
        raise UsageError("--engine llm needs a model: --model MODEL, NL2SQL_MODEL, or the config file.")
    raise UsageError(f"Unknown engine {name!r}; available: builtin, llm.")
