"""``/chart`` and ``/export``: the result on screen drawn in the terminal, or written to a file.

That is the current query's result, or a ``/sql`` statement's run since (the workflow's ``raw_shown``):
a user who looks at rows and exports them means those rows, as in pgcli. The ``/sql`` statement still
does not become the query the next follow-up refines. The drawing and writing live in ``nl2sql.charts``
and ``nl2sql.export``, imported only when used.
"""

from __future__ import annotations

import shutil

from nl2sql.db import QueryResult
from nl2sql.errors import Nl2SqlError
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows.slash import Host, SlashCommand

# A result shown capped (chat shows 50 rows) is run again for every row, up to these many: a file
# holds them all, and a chart of the first 50 months or categories would mislead.
EXPORT_MAX_ROWS = 1_000_000
CHART_MAX_ROWS = 10_000
CHART_USAGE = "/chart [bar|line]"
EXPORT_USAGE = "/export PATH [--force]"


def shown_result(wf: Host) -> tuple[str | None, QueryResult] | None:
    """The statement and result on screen: a /sql run in the state that still stands, else the current query's."""
    current = wf.state.current
    raw = wf.raw_shown
    if raw is not None and raw[0] is wf.state:
        return raw[1], raw[2]
    if current is not None and current.outcome is not None and current.outcome.result is not None:
        return current.query, current.outcome.result
    return None


def _no_result(wf: Host, name: str) -> TurnResult:
    return wf.command_result(name, None, ErrorInfo(f"No result to {name[1:]} yet: ask a question, or run /sql.",
                                                   False))


def _chart(wf: Host, arg: str) -> TurnResult:
    from nl2sql.charts import chart_data, chart_text

    shown = shown_result(wf)
    if shown is None:
        return _no_result(wf, "/chart")
    statement, result = shown
    try:
        kind = arg.strip().lower() or None
        chart_data(result, kind)  # a result with no chart shape is refused before anything runs again
        result, note = _whole(wf, statement, result, CHART_MAX_ROWS)
        data = chart_data(result, kind)
    except Nl2SqlError as err:
        return wf.command_result("/chart", None, ErrorInfo(str(err), False))
    size = shutil.get_terminal_size((100, 30))
    text = chart_text(data, width=min(size.columns, 160) - 1, height=max(12, min(size.lines - 8, 30)))
    return wf.command_result("/chart", text + (f"\n{note.strip()}" if note else ""))


def _export(wf: Host, arg: str) -> TurnResult:
    from nl2sql.export import IMAGE_FORMATS, export_format, export_result, path_argument

    try:
        path, force = path_argument(arg, EXPORT_USAGE)
        fmt = export_format(path)
        shown = shown_result(wf)
        if shown is None:
            return _no_result(wf, "/export")
        statement, result = shown
        result, note = _whole(wf, statement, result, CHART_MAX_ROWS if fmt in IMAGE_FORMATS else EXPORT_MAX_ROWS)
        written = export_result(result, path, force=force)
    except Nl2SqlError as err:
        return wf.command_result("/export", None, ErrorInfo(str(err), False))
    what = "a chart" if fmt in IMAGE_FORMATS else f"{result.row_count:,} row{'s' if result.row_count != 1 else ''}"
    return wf.command_result("/export", f"Wrote {what} to {written} ({fmt}).{note}")


def _whole(wf: Host, statement: str | None, shown: QueryResult, cap: int) -> tuple[QueryResult, str]:
    """The result with every row (up to ``cap``): the statement run again when the screen showed it
    capped; on failure, the rows shown, with a note saying so."""
    if not shown.truncated or statement is None:
        return shown, ""
    try:
        full = wf.database.execute(statement, max_rows=cap, timeout=wf.timeout)
    except Nl2SqlError as err:
        return shown, f" Only the rows shown: running the query again for all of them failed ({err})."
    note = f" Only the first {full.row_count:,}: the result has more." if full.truncated else ""
    return full, note


COMMANDS = (
    SlashCommand("/chart", CHART_USAGE, "Draw the current result as a bar chart (or a line over time).", _chart,
                 args=("bar", "line")),
    SlashCommand("/export", EXPORT_USAGE,
                 "Write the current result to PATH: .csv .json .md .parquet, or .png .svg for its chart.", _export),
)
