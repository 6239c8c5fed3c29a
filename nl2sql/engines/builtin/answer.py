"""One value or one short row read out as a sentence: "There are 1,000 users."

Built from a template and the spec, so the sentence says exactly what the query counted; a
person should read the answer, not a 1x1 table.
"""

from __future__ import annotations

from nl2sql.db import QueryResult
from nl2sql.engines.builtin.explain import describe_aggregate, describe_filter, describe_having
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.linking.text import singular


def _number(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return "none" if value is None else str(value)
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) < 1e15):
        return f"{int(value):,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


def _where(spec: QuerySpec) -> str:
    parts = [describe_filter(f, spec) for f in spec.filters]
    if not parts:
        return ""
    return " where " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])


def answer_sentence(spec: QuerySpec, result: QueryResult) -> str | None:
    if result.row_count != 1 or not result.columns:
        return None
    row = result.rows[0]
    entity = spec.entity.replace("_", " ")
    if spec.count_rows and len(row) == 1 and isinstance(row[0], int):
        noun = singular(entity) if row[0] == 1 else entity
        return f"There {'is' if row[0] == 1 else 'are'} {_number(row[0])} {noun} {describe_having(spec)}{_where(spec)}."
    if spec.aggregates and not spec.group_by and len(spec.aggregates) == 1 and len(row) == 1:
        agg, value = spec.aggregates[0], row[0]
        if agg.func == "count" and agg.metric is None and isinstance(value, int):
            if agg.column is None or not agg.column.column:
                noun = singular(entity) if value == 1 else entity
                verb = "is" if value == 1 else "are"
                return f"There {verb} {_number(value)} {noun}{_where(spec)}."
            return f"There are {_number(value)} distinct {agg.column.column.replace('_', ' ')} values{_where(spec)}."
        what = describe_aggregate(agg, spec)
        if agg.metric is None:
            what += f" of {entity}"
        return f"The {what.removeprefix('the ')}{_where(spec)} is {_number(value)}."
    if spec.group_by and spec.aggregates and len(row) == len(spec.group_by) + len(spec.aggregates):
        keys = ", ".join(_number(v) for v in row[: len(spec.group_by)])
        values = "; ".join(
            f"{describe_aggregate(agg, spec).removeprefix('the ')} {_number(v)}"
            for agg, v in zip(spec.aggregates, row[len(spec.group_by):], strict=True)
        )
        return f"{keys}: {values}."
    return None
