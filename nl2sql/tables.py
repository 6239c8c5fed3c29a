"""Text tables through tabulate, paying for wide-character measurement only in tables that need it.

tabulate measures every cell with wcwidth whenever wcwidth is installed (prompt-toolkit installs it),
and wcwidth 0.3 and later takes about 13 ms to import: a sixteenth of a one-shot ``ask``. Printable
ASCII is one column a character, so a table of it is measured with ``len``; wcwidth is loaded
only when a table first holds other text.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any


def tabulate(rows: Sequence[Sequence[Any]], headers: Iterable[Any] = (), **options: Any) -> str:
    """``tabulate.tabulate``, with wide characters measured exactly when any cell or header has them."""
    module = _tabulate()
    headers = list(headers)
    wide = not all(str(cell).isascii() for cell in chain(headers, *rows))
    if wide and module.wcwidth is None:
        module.wcwidth = importlib.import_module("wcwidth")
    module.WIDE_CHARS_MODE = wide
    return module.tabulate(rows, headers=headers, **options)


def _tabulate() -> Any:  # tabulate ships no types for its module-level switches
    """tabulate, imported without wcwidth unless something has loaded wcwidth already (the REPL's
    prompt-toolkit has): its ``import wcwidth`` fails as if wcwidth were not installed."""
    if "tabulate" in sys.modules:
        return sys.modules["tabulate"]
    absent = "wcwidth" not in sys.modules
    if absent:
        sys.modules["wcwidth"] = None  # type: ignore[assignment]  # import's own mark for "not there"
    try:
        return importlib.import_module("tabulate")
    finally:
        if absent:
            del sys.modules["wcwidth"]
