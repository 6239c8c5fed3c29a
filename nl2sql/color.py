"""Whether to colour what is printed: a forced choice wins, else no colour when NO_COLOR is set
(https://no-color.org) or when the output is not a terminal (a pipe or a file gets plain text).

No prompt-toolkit here: ``ask`` and the REPL decide the same way.
"""

from __future__ import annotations

import os
from typing import TextIO

from nl2sql.preferences import Preferences


def color_on(prefs: Preferences, stream: TextIO | None) -> bool:
    if prefs.color is not None:
        return prefs.color
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # a closed stream
        return False
