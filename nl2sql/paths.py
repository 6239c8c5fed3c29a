"""Where nl2sql keeps per-user files: the fixture cache and the REPL history.

Environment variables win so that tests and CI can point everything at a temporary directory.
"""

from __future__ import annotations

import os
from pathlib import Path


def _xdg(var: str, fallback: str) -> Path:
    value = os.environ.get(var)
    return Path(value) if value else Path.home() / fallback


def cache_dir() -> Path:
    """Built fixtures live here; deleting it only costs a rebuild."""
    override = os.environ.get("NL2SQL_CACHE_DIR")
    return Path(override) if override else _xdg("XDG_CACHE_HOME", ".cache") / "nl2sql"


def data_dir() -> Path:
    """History and other files the user would miss if they were deleted."""
    override = os.environ.get("NL2SQL_DATA_DIR")
    return Path(override) if override else _xdg("XDG_DATA_HOME", ".local/share") / "nl2sql"


def private_data_dir() -> Path:
    """``data_dir()``, made and kept readable by its owner only: it holds every line typed, the SQL
    that ran with its literals, and model memory, which other users of the machine must not read."""
    directory = data_dir()
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    if directory.stat().st_mode & 0o077:
        directory.chmod(0o700)
    return directory
