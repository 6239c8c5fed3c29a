"""User configuration: which model to use when the command line does not say.

Order: ``--model`` and friends, then ``NL2SQL_MODEL`` (and ``NL2SQL_API_BASE``), then the config
file (``NL2SQL_CONFIG`` or ``config.toml`` in click's app directory for nl2sql), keys ``model``,
``api_base``, ``api_key_env``, ``llm_timeout``. No model anywhere: the built-in engine.

The same file names databases (``[databases]``, read by nl2sql/db/named.py): ``--db shop`` opens
the URL stored under ``shop``, with a password kept beside it or in an environment variable.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nl2sql.errors import UsageError


@dataclass(frozen=True)
class ModelChoice:
    model: str
    api_base: str | None = None
    api_key_env: str | None = None
    timeout: float = 30.0


def config_path() -> Path:
    override = os.environ.get("NL2SQL_CONFIG")
    if override:
        return Path(override)
    import click

    return Path(click.get_app_dir("nl2sql")) / "config.toml"


def read_config() -> dict[str, Any]:
    """The config file's contents ({} when there is none); invalid TOML is a usage error, not a crash."""
    return _file()


def _file() -> dict[str, Any]:
    path = config_path()
    if not path.is_file():
        return {}
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{path} is not valid TOML: {err}.") from None


def model_choice(model: str | None = None, api_base: str | None = None, api_key_env: str | None = None,
                 timeout: float | None = None) -> ModelChoice | None:
    """The model to use, from the flags, the environment, or the config file; None for the built-in engine."""
    stored = _file() if not model and not os.environ.get("NL2SQL_MODEL") else {}
    chosen = model or os.environ.get("NL2SQL_MODEL") or stored.get("model")
    if not chosen:
        return None
    return ModelChoice(
        model=str(chosen),
        api_base=api_base or os.environ.get("NL2SQL_API_BASE") or stored.get("api_base"),
        api_key_env=api_key_env or stored.get("api_key_env"),
        timeout=float(timeout or stored.get("llm_timeout") or 30.0),
    )
