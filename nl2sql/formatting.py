"""Results as text: tables for people; JSON, CSV and Markdown for programs and documents; the schema
as a listing a person reads (``/schema``, ``nl2sql schema``).

Shared by the REPL and ``nl2sql ask``; nothing here knows about prompt-toolkit.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from nl2sql.errors import UsageError
from nl2sql.escapes import visible

if TYPE_CHECKING:
    from nl2sql.db import QueryResult
    from nl2sql.db.schema import Schema, Table
    from nl2sql.dialog.questions import ClarificationRequest, Question
    from nl2sql.results import TurnResult

FORMATS = ("table", "json", "csv", "markdown")


def render_request(request: ClarificationRequest) -> list[str]:
    n = len(request.questions)
    lines = [f"? I need {'one detail' if n == 1 else f'{n} details'} before I run this "
             f"({n} question{'s' if n != 1 else ''})"]
    if request.context:
        lines.append(f"  ({request.context})")
    return lines


def render_question(index: int, total: int, question: Question) -> list[str]:
    tag = "required" if question.required else "optional"
    lines = [f"  {index}/{total} [{tag}] {question.text}"]
    for n, choice in enumerate(question.choices, start=1):
        default = " (default)" if question.default_choice == n else ""
        lines.append(f"    {n}. {choice}{default}")
    if question.question_type == "multiple_choice":
        lines.append("    (several: 1,3)")
    return lines


def clarification_lines(request: ClarificationRequest) -> list[str]:
    """A request as text: the header, then every question with its choices."""
    lines = render_request(request)
    for index, question in enumerate(request.questions, start=1):
        lines += render_question(index, len(request.questions), question)
    return lines


NULL = "NULL"
# MySQL's \G record header: a row's number between two runs of 27 stars.
_STARS = "*" * 27


# Names of integer columns whose digits are a label, not a quantity: 2,024 reads as a count, not a year.
_LABEL_NAME = re.compile(r"(^|[^a-z0-9])id$|year|code|zip|phone", re.IGNORECASE)
_CAMEL_ID = re.compile(r"[a-z0-9](Id|ID)$")  # userId, orderID, but not paid or valid
# A count is a quantity whatever it counts: "phone_call_count", "zip_code_count" (the engine's names).
_COUNT_NAME = re.compile(r"(^|_)count$", re.IGNORECASE)


def grouped_columns(columns: Sequence[str]) -> list[bool]:
    """Per column, whether its integers get thousands separators: not for identifiers, years, codes,
    zip codes and phone numbers, told apart by name since a value alone cannot say."""
    return [bool(_COUNT_NAME.search(name)) or not (_LABEL_NAME.search(name) or _CAMEL_ID.search(name))
            for name in columns]


def display_value(value: Any, null: str = NULL, *, grouped: bool = True) -> str:
    """A cell as people read it: 1,234,567 and 1,234.50, NULL apart from any text, controls written out.
    ``grouped`` False leaves an integer's digits together (a year, an id)."""
    if value is None:
        return null
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}" if grouped else str(value)
    if isinstance(value, (float, Decimal)):
        return f"{float(value):.2g}" if _tiny(value) else f"{value:,.2f}"
    return visible(value if isinstance(value, str) else str(value))


def _tiny(value: float | Decimal) -> bool:
    """Not zero, yet 0.00 at two decimals: shown with two significant digits instead (0.004, 0.00012)."""
    finite = value.is_finite() if isinstance(value, Decimal) else math.isfinite(value)
    return finite and value != 0 and abs(float(value)) < 0.01


def _display_rows(result: QueryResult, null: str = NULL) -> list[list[str]]:
    grouped = grouped_columns(result.columns)
    return [[display_value(v, null, grouped=g) for v, g in zip(row, grouped, strict=True)] for row in result.rows]


def is_number(value: Any) -> bool:
    """A number a column can be summed or drawn by: a bool is stored as one by some databases but is not."""
    return isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)


def numeric_columns(result: QueryResult) -> list[bool]:
    """Columns with a value and every value a number: right-aligned in tables so digits line up, and
    the series a chart draws. A column of NULLs only is text: nothing says it holds numbers."""
    flags = []
    for i in range(len(result.columns)):
        values = [row[i] for row in result.rows if row[i] is not None]
        flags.append(bool(values) and all(is_number(v) for v in values))
    return flags


def _elapsed(ms: float) -> str:
    return f"{ms:.1f} ms" if ms < 10 else f"{ms:,.0f} ms"


def row_summary(result: QueryResult, *, timing: bool = False) -> str:
    """ "50 rows", "showing 50 of 1,000 rows"; with ``timing``, how long the statement took after it."""
    shown = result.row_count
    if not result.truncated:
        text = f"{shown:,} row{'s' if shown != 1 else ''}" if shown else "no rows"
    elif result.total_rows is not None:
        text = f"showing {shown:,} of {result.total_rows:,} rows"
    else:
        text = f"showing the first {shown:,} rows (more not counted)"
    if timing and result.elapsed_ms is not None:
        text += f", {_elapsed(result.elapsed_ms)}"
    return text


def cap_note(result: QueryResult) -> str | None:
    """What a script reading CSV is told on stderr when the rows it got are not all the rows."""
    if not result.truncated:
        return None
    shown = result.row_count
    of = f" of {result.total_rows:,}" if result.total_rows is not None else ""
    more = "" if of else " (more not counted)"
    return f"showing the first {shown:,}{of} rows{more}; --max-rows 0 shows all"


def result_table(result: QueryResult, tablefmt: str = "psql", *, null: str = NULL, timing: bool = False) -> str:
    if not result.columns:
        return "(no columns)"
    from nl2sql.tables import tabulate  # loaded by the first table, not by start-up

    headers = [visible(c) for c in result.columns]
    align = ["right" if n else "left" for n in numeric_columns(result)]
    body = tabulate(_display_rows(result, null), headers=headers,
                    tablefmt=tablefmt, disable_numparse=True, colalign=align)
    return f"{body}\n({row_summary(result, timing=timing)})"


def _markdown_cell(text: str) -> str:
    """A cell that cannot end the cell or the row early: | escaped, and \\ too, or a value ending in a
    backslash would escape the next pipe; a line break as <br>, the one line break a table allows."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "<br>")


def _exact_text(value: Any) -> str:
    if value is None:
        return NULL
    return visible(value.hex() if isinstance(value, (bytes, bytearray)) else str(value))


def markdown_grid(result: QueryResult, *, exact: bool = False) -> str:
    """A GitHub table (escaped cells, right-aligned numbers marked in the rule so renderers align them
    too) with no row line. ``exact`` writes every value as the database gave it, for a file, where the
    screen's rounding would lose digits."""
    from nl2sql.tables import tabulate

    numeric = numeric_columns(result)
    headers = [_markdown_cell(visible(c)) for c in result.columns]
    shown = [[_exact_text(v) for v in row] for row in result.rows] if exact else _display_rows(result)
    rows = [[_markdown_cell(text) for text in row] for row in shown]
    lines = tabulate(rows, headers=headers, tablefmt="github", disable_numparse=True,
                     colalign=["right" if n else "left" for n in numeric]).split("\n")
    rule = [cell.strip() for cell in lines[1].strip("|").split("|")]
    lines[1] = "|" + "|".join(f"{c[:-1]}:" if n else c for c, n in zip(rule, numeric, strict=True)) + "|"
    return "\n".join(lines)


def result_markdown(result: QueryResult, *, timing: bool = False) -> str:
    """A GitHub table, a blank line, then the row line: the row line must not read as one more row."""
    if not result.columns:
        return "(no columns)"
    return f"{markdown_grid(result)}\n\n({row_summary(result, timing=timing)})"


def result_vertical(result: QueryResult, *, null: str = NULL, timing: bool = False) -> str:
    """MySQL's \\G: one block per row, a column's name right-aligned before its value, for rows too
    wide to read across."""
    if not result.columns:
        return "(no columns)"
    names = [visible(c) for c in result.columns]
    width = max(len(n) for n in names)
    lines = []
    for number, row in enumerate(_display_rows(result, null), start=1):
        lines.append(f"{_STARS} {number}. row {_STARS}")
        for name, text in zip(names, row, strict=True):
            shown = text.replace("\n", "\n" + " " * (width + 2))
            lines.append(f"{name.rjust(width)}: {shown}")
    lines.append(f"({row_summary(result, timing=timing)})")
    return "\n".join(lines)


def result_csv(result: QueryResult) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(result.columns)
    writer.writerows(result.rows)
    return buffer.getvalue()


def unique_names(columns: Iterable[str]) -> list[str]:
    """Column names made distinct (a, a_2, a_3): JSON keys and Parquet fields must not collide, so no
    value is lost to another of the same name. A suffix is tried until it names no column yet, since
    a result may already have a column called a_2."""
    names: list[str] = []
    taken: set[str] = set()
    for name in columns:
        key, n = name, 1
        while key in taken:
            n += 1
            key = f"{name}_{n}"
        names.append(key)
        taken.add(key)
    return names


def result_json(result: QueryResult) -> str:
    """The rows as JSON objects, one a line, inside one array; a repeated column name gets a suffix
    (_2, _3) so that no value is lost to another of the same name."""
    keys = unique_names(result.columns)
    objects = [_json_text(dict(zip(keys, (_json_value(v) for v in row), strict=True))) for row in result.rows]
    return "[\n" + ",\n".join(f"  {o}" for o in objects) + ("\n]" if objects else "]")


def _json_value(value: Any) -> Any:
    """What JSON readers expect: a Decimal is a number (its exactness is a database's concern), a date
    ISO 8601, bytes hex; NaN and infinity, which JSON has no literal for, are strings."""
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    if isinstance(value, Decimal):
        return float(value) if value.is_finite() else str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return value


_RAW_CONTROLS = re.compile(r"[\x7f-\x9f]")


def _json_text(data: Any) -> str:
    """JSON safe to print: json.dumps escapes C0 controls but leaves DEL and C1 ones raw, which
    a terminal would act on; they become \\u escapes, which keep the JSON valid (visible's \\xNN would not)."""
    text = json.dumps(data, default=str, ensure_ascii=False)
    return _RAW_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def render_result(result: QueryResult, fmt: str, *, width: int | None = None, null: str = NULL,
                  timing: bool = False) -> str:
    """A result in one of the REPL's formats, ending with its row line; a table wider than ``width``
    turns into vertical records, which wrap no row across the screen."""
    if fmt == "vertical":
        return result_vertical(result, null=null, timing=timing)
    if fmt == "markdown":
        return result_markdown(result, timing=timing)
    if fmt in ("csv", "json"):
        data = result_csv(result).rstrip("\n") if fmt == "csv" else result_json(result)
        return f"{visible(data)}\n({row_summary(result, timing=timing)})"
    table = result_table(result, null=null, timing=timing)
    if width is not None and result.rows and len(table.partition("\n")[0]) > width:
        return result_vertical(result, null=null, timing=timing)
    return table


def turn_json(turn: TurnResult) -> str:
    data = turn.to_json()
    if data["rows"] is not None:
        data["rows"] = [[_json_value(v) for v in row] for row in data["rows"]]
    return _json_text(data)


def csv_notes(turn: TurnResult) -> list[str]:
    """What a CSV turn says besides its rows (a note, an open request), for stderr: the data stays CSV."""
    lines = [turn.message] if turn.message else []
    if turn.request is not None:
        lines += [*([turn.query] if turn.query else []), *clarification_lines(turn.request)]
        if turn.explanation and not turn.query:
            lines.append(f"Best reading so far: {turn.explanation}")
    return lines


def turn_text(turn: TurnResult, fmt: str) -> str:
    """A turn for ``ask``'s human formats; errors are reported separately on stderr."""
    if fmt == "json":
        return turn_json(turn)
    res = turn.result
    if fmt == "csv":  # only rows: what else a turn says goes to stderr (``csv_notes``)
        return result_csv(res) if res is not None else ""
    lines: list[str] = []
    if turn.query and turn.request is not None:  # the SQL a confirmation asks about
        lines.append(turn.query)
    if turn.message:
        lines.append(turn.message)
    if turn.edit_sql:
        lines.append(turn.edit_sql)
    if turn.request is not None:
        lines += clarification_lines(turn.request)
        if turn.explanation and not turn.query:  # a confirmation has said its reading already
            lines.append(f"Best reading so far: {turn.explanation}")
        return visible("\n".join(lines))
    if fmt == "markdown":
        return visible("\n\n".join([*lines, *_markdown_blocks(turn)]))
    if turn.query:
        lines.append(turn.query)
    if turn.refines_turn is not None:
        lines.append(f"refinement of turn {turn.refines_turn}: {turn.refinement_summary or ''}".rstrip())
    if turn.explanation:
        lines.append(turn.explanation)
    if turn.answer:
        lines.append(turn.answer)
    if res is not None:
        lines.append(result_vertical(res) if fmt == "vertical" else result_table(res))
    if turn.hint:
        lines.append(turn.hint)
    return visible("\n".join(lines))


def _markdown_blocks(turn: TurnResult) -> list[str]:
    """A turn as Markdown blocks, to be set apart by blank lines so none runs into the table."""
    blocks = []
    if turn.query:
        blocks.append(f"```sql\n{turn.query}\n```")
    if turn.explanation:
        blocks.append(turn.explanation)
    if turn.answer:
        blocks.append(f"**{turn.answer}**")
    if turn.result is not None:
        blocks.append(result_markdown(turn.result))
    if turn.hint:
        blocks.append(turn.hint)
    return blocks


# -- the schema as a listing -------------------------------------------------------------------------
# Every name, type, comment and value is the database's, and may hold control characters (a table
# named ``t\x1b[31m`` colours the screen): each is written out with ``visible`` before it goes in the
# listing, so nothing reaches the terminal raw and the columns still line up.

@dataclass(frozen=True)
class Listing:
    """A table of text: a line above it (or none), its headers and its rows."""
    title: str | None
    headers: tuple[str, ...]
    rows: list[tuple]


def _table_listing(table: Table) -> Listing:
    refs = {fk.column: f"-> {fk.ref_table}.{fk.ref_column}" for fk in table.foreign_keys}
    rows = []
    for col in table.columns:
        notes = []
        if col.primary_key:
            notes.append("primary key")
        if col.unique and not col.primary_key:
            notes.append("unique")
        if col.name in refs:
            notes.append(refs[col.name])
        if col.description:
            notes.append(col.description)
        if col.values and len(col.values) <= 12:
            notes.append("e.g. " + ", ".join(col.values[:6]) + (", ..." if len(col.values) > 6 else ""))
        rows.append((visible(col.name), visible(col.type or col.kind), visible("; ".join(notes))))
    count = f"{table.row_count:,} rows" if table.row_count is not None else "rows unknown"
    about = f": {table.description}" if table.description else ""
    return Listing(visible(f"{table.name} ({count}){about}"), ("column", "type", "notes"), rows)


def describe_schema(schema: Schema, table: str | None = None) -> Listing:
    """The tables with their row counts and columns, or the columns of ``table``."""
    if table:
        found = schema.table(table)
        if found is None:
            names = ", ".join(t.name for t in schema.tables)
            raise UsageError(visible(f"No table named {table!r}; tables: {names}."))
        return _table_listing(found)
    rows = [(visible(t.name), t.row_count, visible(", ".join(c.name for c in t.columns))) for t in schema.tables]
    return Listing(None, ("table", "rows", "columns"), rows)


def listing_text(listing: Listing) -> str:
    """A listing (``/schema``, ``nl2sql schema``) as a plain text table under its title line."""
    from nl2sql.tables import tabulate

    table = tabulate(listing.rows, headers=listing.headers, tablefmt="simple", intfmt=",")
    return table if listing.title is None else f"{listing.title}\n{table}"
