"""How results are shown and typed: one value the REPL and ``ask`` read, swapped whole when a
command (``/format``, ``/pager``) changes it.

Resolved once at start-up from the flags, then the environment, then ``config.toml``; the
workflow holds the current value so that commands, which see only the workflow, can change it.
"""

from __future__ import annotations

from dataclasses import dataclass

OUTPUT_FORMATS = ("table", "vertical", "csv", "json", "markdown")
KEY_MODES = ("emacs", "vi")


@dataclass(frozen=True)
class Preferences:
    """How results are shown and typed, apart from what they are: one value the REPL, ``ask`` and the config file
    all fill."""
    format: str = "table"
    pager: bool = True  # long results go through $PAGER (less -SRXF by default) in the REPL
    key_mode: str = "emacs"
    color: bool | None = None  # None: colour only when stdout is a terminal and NO_COLOR is unset
