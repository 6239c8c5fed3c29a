"""Engines turn text into SQL: ``builtin`` (offline) and, later, ``llm`` (through litellm)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nl2sql.config import CONFIRM_BELOW
from nl2sql.engines.base import Ambiguity, Capabilities, Draft, Engine, RefinementContext, Usage

if TYPE_CHECKING:
    from nl2sql.config import ModelChoice
    from nl2sql.domain import DomainConfig

__all__ = ["ENGINES", "Ambiguity", "Capabilities", "Draft", "Engine", "RefinementContext", "Usage", "engine_for",
           "make_engine"]
# builtin: offline; llm: every line to the model; auto: the built-in engine's sure lines, the model for the rest
ENGINES = ("builtin", "llm", "auto")


def make_engine(name: str = "builtin", *, today: date | None = None, domain: DomainConfig | None = None,
                model: ModelChoice | None = None, no_data: bool = False, answer_style: str = "template",
                samples: int = 1, memory: Path | None = None, isolated: bool = False,
                sure_above: float = CONFIRM_BELOW) -> Engine[Any]:
    """The engine ``name`` names (``ENGINES``); llm and auto need a model (litellm is imported on first call).

    The model engine keeps examples in the user's memory file (or ``memory``); ``isolated`` engines
    write none and read only ``memory`` if given, so that an eval run depends on nothing before it."""
    from nl2sql.errors import UsageError

    if name not in ENGINES:
        raise UsageError(f"Unknown engine {name!r}; available: {', '.join(ENGINES)}.")
    if name == "builtin":
        from nl2sql.engines.builtin.engine import BuiltinEngine

        return BuiltinEngine(today=today, domain=domain)
    if model is None:
        raise UsageError(f"--engine {name} needs a model: --model MODEL, NL2SQL_MODEL, or the config file.")
    from nl2sql.engines.llm.client import ModelSettings
    from nl2sql.engines.llm.engine import LlmEngine
    from nl2sql.engines.llm.memory import Memory

    settings = ModelSettings(model.model, model.api_base, model.api_key_env, model.timeout, samples=samples)
    examples = (Memory(memory, read_only=True) if memory else None) if isolated else Memory(memory)
    llm = LlmEngine(settings, today=today, domain=domain, memory=examples, no_data=no_data, answer_style=answer_style)
    if name == "llm":
        return llm
    from nl2sql.engines.auto import AutoEngine
    from nl2sql.engines.builtin.engine import BuiltinEngine

    return AutoEngine(BuiltinEngine(today=today, domain=domain), llm, sure_above=sure_above)


def engine_for(named: str | None, model: ModelChoice | None) -> str:
    """The engine a session uses: the one named, else ``auto`` when a model is configured (sure
    lines need no model), else the built-in engine."""
    return named or ("auto" if model is not None else "builtin")
