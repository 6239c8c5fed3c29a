"""Text tables through tabulate, paying for wide-character measurement only in tables that need it.

tabulate measures every cell with wcwidth whenever wcwidth is installed (prompt-toolkit installs it),
and wcwidth 0.3 and later takes about 13 ms to import: a sixteenth of a one-shot ``ask``. Printable
ASCII is one column a character, so a table of it is measured with ``len``; wcwidth is loaded
only when a table first holds other text.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any


def tabulate(rows: Iterable[Sequence[Any] | dict[str, Any]], headers: Iterable[Any] | str = (), **options: Any) -> str:
    """``tabulate.tabulate``, with wide characters measured exactly when any cell, header or the text
    standing for a missing value has them."""
    module = _tabulate()
    rows = list(rows)
    headers = headers if isinstance(headers, str) else list(headers)  # "keys" and "firstrow" as tabulate reads them
    cells = (row.values() if isinstance(row, dict) else row for row in rows)
    texts = chain(headers, *cells, [options.get("missingval", "")])
    wide = not all(str(text).isascii() for text in texts)
    if wide and module.wcwidth is None:
        try:
            module.wcwidth = importlib.import_module("wcwidth")
        except ImportError:  # as tabulate itself would: measured by length
            wide = False
    module.WIDE_CHARS_MODE = wide
    return module.tabulate(rows, headers=headers, **options)


def _tabulate() -> Any:  # tabulate ships no types for its module-level switches
    """tabulate, imported without wcwidth unless something has loaded wcwidth already (the REPL's
    prompt-toolkit has): its ``import wcwidth`` fails as if wcwidth were not installed. Only while no
    other thread runs: one importing wcwidth (or prompt-toolkit) meanwhile would be refused it."""
    hide = "tabulate" not in sys.modules and "wcwidth" not in sys.modules and threading.active_count() == 1
    if hide:
        sys.modules["wcwidth"] = None  # type: ignore[assignment]  # import's own mark for "not there"
    try:
        return importlib.import_module("tabulate")  # waits for an import another thread has begun
    finally:
        if hide:
            del sys.modules["wcwidth"]
