"""A result on the REPL's screen: in the session's format, NULL muted, through the pager when long."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit import print_formatted_text
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.output import Output

from nl2sql.formatting import NULL, render_result
from nl2sql.repl.highlight import STYLE
from nl2sql.repl.pager import page, wants_pager

if TYPE_CHECKING:
    from nl2sql.db import QueryResult
    from nl2sql.preferences import Preferences

# NULL in the muted colour (bright black, as STYLE's "muted"), as an escape sequence so that the
# same text serves the screen and a pager run with -R; stored values never carry escapes (visible()).
MUTED_NULL = f"\x1b[90m{NULL}\x1b[39m"


def show_result(result: QueryResult, prefs: Preferences, output: Output, *, color: bool) -> None:
    """The result as this terminal shows it (a table too wide for it turns vertical), paged when long.
    Without colour not one escape sequence is written, as the REPL's other output (nl2sql/color.py)."""
    null = MUTED_NULL if color else NULL
    text = render_result(result, prefs.format, width=output.get_size().columns, null=null, timing=True)
    if wants_pager(text, output, prefs.pager) and page(text, output):
        return
    if color:
        print_formatted_text(ANSI(text), style=STYLE, output=output)
    else:
        output.write_raw(text + "\n")
        output.flush()
