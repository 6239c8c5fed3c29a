"""One value or one short row read out as a sentence: "There are 1,000 users."

Built from a template and the spec, so the sentence says exactly what the query counted; a
person should read the answer, not a 1x1 table.
"""

from __future__ import annotations

from nl2sql.db import QueryResult
from nl2sql.engines.builtin.explain import (
    describe_aggregate,
    describe_conditions,
    describe_having,
    one,
    plural,
    spoken,
)
from nl2sql.engines.builtin.spec import QuerySpec


def _number(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return "none" if value is None else str(value)
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) < 1e15):
        return f"{int(value):,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


def _where(spec: QuerySpec) -> str:
    """The conditions after the noun, with a space before them: " whose country is Canada"."""
    said = " ".join(part for part in (describe_conditions(spec), describe_having(spec)) if part)
    return f" {said}" if said else ""


def _rows(spec: QuerySpec, count: int) -> str:
    """ "There are 12 users", "There is 1 user"."""
    noun = one(spec.entity) if count == 1 else plural(spec.entity)
    return f"There {'is' if count == 1 else 'are'} {_number(count)} {noun}"


def answer_sentence(spec: QuerySpec, result: QueryResult) -> str | None:
    if result.row_count != 1 or not result.columns:
        return None
    row = result.rows[0]
    if spec.count_rows and len(row) == 1 and isinstance(row[0], int):
        return f"{_rows(spec, row[0])}{_where(spec)}."
    if spec.aggregates and not spec.group_by and len(spec.aggregates) == 1 and len(row) == 1:
        agg, value = spec.aggregates[0], row[0]
        if agg.func == "count" and agg.metric is None and isinstance(value, int):
            if agg.column is None or not agg.column.column:
                return f"{_rows(spec, value)}{_where(spec)}."
            return f"There are {_number(value)} distinct {spoken(agg.column.column)} values{_where(spec)}."
        what = describe_aggregate(agg, spec)
        if agg.metric is None:
            what += f" of {plural(spec.entity)}"
        return f"The {what.removeprefix('the ')}{_where(spec)} is {_number(value)}."
    if spec.group_by and spec.aggregates and len(row) == len(spec.group_by) + len(spec.aggregates):
        keys = ", ".join(_number(v) for v in row[: len(spec.group_by)])
        values = "; ".join(
            f"{describe_aggregate(agg, spec).removeprefix('the ')} {_number(v)}"
            for agg, v in zip(spec.aggregates, row[len(spec.group_by):], strict=True)
        )
        return f"{keys}: {values}."
    return None
