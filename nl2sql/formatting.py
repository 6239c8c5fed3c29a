"""Results as text: tables for people; JSON, CSV and Markdown for programs and documents.

Shared by the REPL and ``nl2sql ask``; nothing here knows about prompt-toolkit.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from nl2sql.db import QueryResult
from nl2sql.dialog.questions import ClarificationRequest, Question
from nl2sql.workflows.results import TurnResult

FORMATS = ("table", "json", "csv", "markdown")
# Control characters a stored value may hold (an escape sequence clears the screen, a carriage
# return overwrites the line): shown as \xNN, never sent to the terminal. Newlines stay.
_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` safe to print on a terminal: every control character but the newline written out."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _cell(value: Any) -> Any:
    return visible(value) if isinstance(value, str) else value


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


def row_summary(result: QueryResult) -> str:
    shown = result.row_count
    if not result.truncated:
        return f"{shown:,} row{'s' if shown != 1 else ''}"
    if result.total_rows is not None:
        return f"showing {shown:,} of {result.total_rows:,} rows"
    return f"showing the first {shown:,} rows (more not counted)"


def result_table(result: QueryResult, tablefmt: str = "psql") -> str:
    from tabulate import tabulate  # with importlib.metadata, a fifth of the time to the REPL's first prompt

    if not result.columns:
        return "(no columns)"
    headers = [visible(c) for c in result.columns]
    if not result.rows:
        return tabulate([], headers=headers, tablefmt=tablefmt) + "\n(no rows)"
    body = tabulate([[_cell(v) for v in row] for row in result.rows], headers=headers, tablefmt=tablefmt,
                    floatfmt=".2f", missingval="NULL")
    return f"{body}\n({row_summary(result)})"


def result_csv(result: QueryResult) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(result.columns)
    writer.writerows(result.rows)
    return buffer.getvalue()


def _jsonable(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    return value


def turn_json(turn: TurnResult) -> str:
    data = turn.to_json()
    if data["rows"] is not None:
        data["rows"] = [[_jsonable(v) for v in row] for row in data["rows"]]
    return json.dumps(data, default=str, ensure_ascii=False)


def turn_text(turn: TurnResult, fmt: str) -> str:
    """A turn for ``ask``'s human formats; errors are reported separately on stderr."""
    if fmt == "json":
        return turn_json(turn)
    res = turn.result
    if fmt == "csv":
        return result_csv(res) if res is not None else (turn.message or "")
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
        if turn.query:
            lines.append(f"```sql\n{turn.query}\n```")
        if turn.explanation:
            lines.append(turn.explanation)
        if turn.answer:
            lines.append(f"**{turn.answer}**")
        if res is not None:
            lines.append(result_table(res, "github"))
    else:
        if turn.query:
            lines.append(turn.query)
        if turn.refines_turn is not None:
            lines.append(f"refinement of turn {turn.refines_turn}: {turn.refinement_summary or ''}".rstrip())
        if turn.explanation:
            lines.append(turn.explanation)
        if turn.answer:
            lines.append(turn.answer)
        if res is not None:
            lines.append(result_table(res))
    return visible("\n".join(lines))
