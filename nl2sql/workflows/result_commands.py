"""``/chart`` and ``/export``: the current result drawn in the terminal, or written to a file.

The current result is the one the next follow-up refines (``state.current``), not a ``/sql``
statement's: what a user charts or exports is what the conversation is about. The drawing and
writing live in ``nl2sql.charts`` and ``nl2sql.export``, imported only when used.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

from nl2sql.db import QueryResult
from nl2sql.errors import Nl2SqlError
from nl2sql.workflows.commands import command
from nl2sql.workflows.results import ErrorInfo, TurnResult

if TYPE_CHECKING:
    from nl2sql.workflows.interactive import InteractiveWorkflow

# A result shown capped (chat shows 50 rows) is run again for every row, up to these many: a file
# holds them all, and a chart of the first 50 months or categories would mislead.
EXPORT_MAX_ROWS = 1_000_000
CHART_MAX_ROWS = 10_000
CHART_USAGE = "/chart [bar|line]"
EXPORT_USAGE = "/export PATH [--force]"


def current_result(wf: InteractiveWorkflow) -> QueryResult | None:
    current = wf.state.current
    return current.outcome.result if current is not None and current.outcome is not None else None


def _no_result(wf: InteractiveWorkflow, name: str) -> TurnResult:
    # /sql shows a result without making it the conversation's: say how to keep one.
    return wf.command_result(name, None, ErrorInfo(
        f"No current query to {name[1:]}: ask a question first, or keep a statement with /edit SQL "
        "(a /sql result is shown, not kept).", False))


@command("/chart", CHART_USAGE, "Draw the current result as a bar chart (or a line over time).", args=("bar", "line"))
def _chart(wf: InteractiveWorkflow, arg: str) -> TurnResult:
    from nl2sql.charts import chart_data, chart_text

    result = current_result(wf)
    if result is None:
        return _no_result(wf, "/chart")
    try:
        kind = arg.strip().lower() or None
        chart_data(result, kind)  # a result with no chart shape is refused before anything runs again
        result, note = _whole(wf, result, CHART_MAX_ROWS)
        data = chart_data(result, kind)
    except Nl2SqlError as err:
        return wf.command_result("/chart", None, ErrorInfo(str(err), False))
    size = shutil.get_terminal_size((100, 30))
    text = chart_text(data, width=min(size.columns, 160) - 1, height=max(12, min(size.lines - 8, 30)))
    return wf.command_result("/chart", text + (f"\n{note.strip()}" if note else ""))


@command("/export", EXPORT_USAGE,
         "Write the current result to PATH: .csv .json .md .parquet, or .png .svg for its chart.")
def _export(wf: InteractiveWorkflow, arg: str) -> TurnResult:
    from nl2sql.export import IMAGE_FORMATS, export_format, export_result, path_argument

    try:
        path, force = path_argument(arg, EXPORT_USAGE)
        fmt = export_format(path)
        result = current_result(wf)
        if result is None:
            return _no_result(wf, "/export")
        result, note = _whole(wf, result, CHART_MAX_ROWS if fmt in IMAGE_FORMATS else EXPORT_MAX_ROWS)
        written = export_result(result, path, force=force)
    except Nl2SqlError as err:
        return wf.command_result("/export", None, ErrorInfo(str(err), False))
    what = "a chart" if fmt in IMAGE_FORMATS else f"{result.row_count:,} row{'s' if result.row_count != 1 else ''}"
    return wf.command_result("/export", f"Wrote {what} to {written} ({fmt}).{note}")


def _whole(wf: InteractiveWorkflow, shown: QueryResult, cap: int) -> tuple[QueryResult, str]:
    """The current result with every row (up to ``cap``): the query run again when the screen showed it
    capped; on failure, the rows shown, with a note saying so."""
    current = wf.state.current
    if not shown.truncated or current is None or current.query is None:
        return shown, ""
    try:
        full = wf.database.execute(current.query, max_rows=cap, timeout=wf.timeout)
    except Nl2SqlError as err:
        return shown, f" Only the rows shown: running the query again for all of them failed ({err})."
    note = f" Only the first {full.row_count:,}: the result has more." if full.truncated else ""
    return full, note
