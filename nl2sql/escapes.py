"""Text from a database, a file or a model, made safe to show on a terminal.

Names and values can hold escape sequences (a table named ``t\\x1b[31m`` colours the screen, a BEL
rings it); everything nl2sql prints that it did not write itself passes through ``visible``. It lives
at the bottom of the house so that the database floor and the engines can use it without importing
the output layer above them.
"""

from __future__ import annotations

import re

_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` safe to print on a terminal: every control character but the newline written out."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
