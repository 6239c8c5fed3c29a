"""A result on the REPL's screen: in the session's format, NULL muted, through the pager when long."""

from __future__ import annotations

import os

from prompt_toolkit import print_formatted_text
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.output import Output

from nl2sql.db import QueryResult
from nl2sql.formatting import NULL, render_result
from nl2sql.preferences import Preferences
from nl2sql.repl.highlight import STYLE
from nl2sql.repl.pager import page, wants_pager

# NULL in the muted colour (bright black, as STYLE's "muted"), as an escape sequence so that the
# same text serves the screen and a pager run with -R; stored values never carry escapes (visible()).
MUTED_NULL = f"\x1b[90m{NULL}\x1b[39m"


def colour_on(prefs: Preferences) -> bool:
    """The preference when set; otherwise colour unless NO_COLOR is set (https://no-color.org)."""
    return prefs.color if prefs.color is not None else not os.environ.get("NO_COLOR")


def result_screen_text(result: QueryResult, prefs: Preferences, output: Output) -> str:
    """The text of a result as this terminal shows it: a table too wide for it turns vertical."""
    null = MUTED_NULL if colour_on(prefs) else NULL
    return render_result(result, prefs.format, width=output.get_size().columns, null=null, timing=True)


def show_result(result: QueryResult, prefs: Preferences, output: Output) -> None:
    text = result_screen_text(result, prefs, output)
    if wants_pager(text, output, prefs.pager) and page(text, output):
        return
    print_formatted_text(ANSI(text), style=STYLE, output=output)
