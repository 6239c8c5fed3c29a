"""Money of a whole sale, asked per product: measured on the sale's lines instead.

A sale's total belongs to the sale. Grouped or filtered by something the sale reaches only
through its lines (a product, a category), each group would get the whole total of every sale
it appears in. When the profile knows the lines' price and quantity, the sum is taken there: the
money of each line, with the total's own condition (no cancelled sales) kept on the sale.
"""

from __future__ import annotations

from dataclasses import replace

import sqlglot
from sqlglot import exp

from nl2sql.db.schema import Schema
from nl2sql.domain import Metric
from nl2sql.engines.builtin.names import base_name
from nl2sql.engines.builtin.spec import Aggregate, QuerySpec
from nl2sql.identifiers import identifier
from nl2sql.linking.text import spoken
from nl2sql.profile import LineItems, profile_of
from nl2sql.profile.roles import is_sold_money


def _summed_column(agg: Aggregate, schema: Schema) -> str | None:
    """The column of its own table a sum of money adds up (``SUM(total)`` or a metric that is one)."""
    if agg.metric is not None:
        tree = sqlglot.parse_one(agg.metric.expression, read=schema.dialect)
        if not isinstance(tree, exp.Sum) or not isinstance(tree.this, exp.Column):
            return None
        table, name = agg.metric.table, tree.this.name
    elif agg.func == "sum" and agg.column is not None and not agg.distinct:
        table, name = agg.column.table, agg.column.column
    else:
        return None
    t = schema.table(table)
    col = t.column(name) if t is not None else None
    return col.name if t is not None and col is not None and is_sold_money(t, col) else None


def _crosses(spec: QuerySpec, schema: Schema, line: LineItems) -> bool:
    """Whether a group or a condition is of the sale's lines, or reaches the sale only through them."""
    tables = {g.column.table for g in spec.group_by} | {f.column.table for f in spec.filters}
    if line.table in tables:
        return True  # "rent income": a condition on the lines themselves, the total being of all of them
    for table in tables - {line.parent, line.table}:
        path = schema.join_path(table, line.parent or "") or []
        if any(hop == line.table for hop, _fk in path):
            return True
    return False


def _line_where(metric: Metric | None, line: LineItems, schema: Schema) -> str | None:
    """The sale's condition, asked of each line: its sale is one the condition keeps."""
    if metric is None or metric.where is None or line.parent is None:
        return None
    parent = schema.table(line.parent)
    lines = schema.table(line.table)
    fk = next((k for k in (lines.foreign_keys if lines else ()) if k.ref_table == line.parent), None)
    if parent is None or fk is None:
        return None
    condition = sqlglot.parse_one(metric.where, read=schema.dialect)
    for col in condition.find_all(exp.Column):
        if not col.table:
            col.set("table", identifier(parent.name))
    kept = exp.select(exp.Column(this=identifier(fk.ref_column), table=identifier(parent.name)))
    kept = kept.from_(exp.Table(this=identifier(parent.name))).where(condition)
    test = exp.In(this=exp.Column(this=identifier(fk.column)), query=exp.Subquery(this=kept))
    return test.sql(dialect=schema.dialect)


def at_line_grain(spec: QuerySpec, schema: Schema) -> QuerySpec:
    """``spec`` with each sum of a sale's money, grouped across the sale's lines, taken on the lines."""
    profile = profile_of(schema)
    line = next((ln for ln in (*profile.lines, *profile.charged_lines) if ln.parent is not None), None)
    if line is None or not spec.aggregates or not _crosses(spec, schema, line):
        return spec
    changed = []
    for agg in spec.aggregates:
        table = agg.metric.table if agg.metric is not None else agg.column.table if agg.column else None
        if table != line.parent or _summed_column(agg, schema) is None:
            changed.append(agg)
            continue
        name = base_name(agg, spec.entity)
        what = agg.metric.description if agg.metric is not None and agg.metric.description else f"the {spoken(name)}"
        metric = Metric(
            name=name, table=line.table, expression=line.money_sql(schema.dialect),
            where=_line_where(agg.metric, line, schema),
            description=f"the sum of {line.said} of the {spoken(line.table)}, measured per line: {what}")
        changed.append(replace(agg, func="share" if agg.func == "share" else "metric", column=None, metric=metric))
    return spec.with_(aggregates=tuple(changed))
