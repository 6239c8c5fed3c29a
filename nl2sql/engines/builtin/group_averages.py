"""An amount that adds up, asked "on average" per group: one number, the groups' totals averaged.

"the mean outlay per tenant", "average rent per month": the readers read the amount per group
(a total for each member) and no reader takes the average word, so the line would list the totals
and leave the word unread. What is asked is one number: the amount over all the rows, divided by
the number of groups those rows fall in (the groups with any rows, as an average of the totals of
a grouped subquery would count them). A mean of a level each row has ("the average price per
category") stays a grouped average; only a sum or a metric that adds up is averaged over groups.
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

from nl2sql.db.schema import Schema
from nl2sql.domain import Metric
from nl2sql.engines.builtin.names import snake
from nl2sql.engines.builtin.render import bucket_sql
from nl2sql.engines.builtin.spec import Aggregate, GroupKey
from nl2sql.linking.text import singular, spoken


def per_group(amount: exp.Expr, key: exp.Expr) -> exp.Expr:
    """``amount`` over the number of distinct ``key`` values: what a group has on average, over the
    groups that have any (as a decimal, whatever the amount's type)."""
    return exp.Div(this=exp.Mul(this=amount, expression=exp.Literal.number("1.0")),
                   expression=exp.Count(this=exp.Distinct(expressions=[key])))


def _adds_up(agg: Aggregate, dialect: str) -> tuple[str, str, Metric | None] | None:
    """(the table the amount is read on, its SQL, its metric) for a sum or a summing metric."""
    if agg.func == "sum" and agg.column is not None and agg.since is None and not agg.distinct:
        col = exp.column(agg.column.column, table=agg.column.table)
        return agg.column.table, exp.Sum(this=col).sql(dialect=dialect), None
    if agg.func != "metric" or agg.metric is None:
        return None
    tree = sqlglot.parse_one(agg.metric.expression, read=dialect)
    if tree.find(exp.Sum) is None or tree.find(exp.Avg, exp.Count) is not None or \
            any(not isinstance(div.expression, exp.Literal) for div in tree.find_all(exp.Div)):
        return None  # a ratio or an average already, not a total to average again (pence / 100 is one)
    return agg.metric.table, agg.metric.expression, agg.metric


def _group_key(key: GroupKey, schema: Schema) -> exp.Expr | None:
    """What tells one group from another: the period of a date, else the key of the grouped rows'
    table (two members may share a name), else the grouped column itself."""
    table = schema.table(key.column.table)
    if table is None:
        return None
    col: exp.Expr = exp.column(key.column.column, table=key.column.table)
    if key.bucket is not None:
        return bucket_sql(col, key.bucket)
    pk = table.primary_key
    return exp.column(pk.name, table=table.name) if pk is not None else col


def averaged_over_groups(agg: Aggregate, group: tuple[GroupKey, ...], schema: Schema) -> tuple[Aggregate, str] | None:
    """``agg`` summed per ``group``, as the one number its average over the groups is, and the table
    the groups are told apart on (the query must reach it)."""
    amount = _adds_up(agg, schema.dialect)
    tables = {k.column.table for k in group}
    if amount is None or len(tables) != 1 or (len(group) > 1 and any(k.bucket for k in group)):
        return None
    key = _group_key(group[0], schema)
    if key is None:
        return None
    table, total, metric = amount
    if len(group) == 1 and group[0].bucket is None and group[0].column.table == table and group[0].column.column:
        key = exp.column(group[0].column.column, table=table)  # the rows' own column ("per order" of lines)
    ratio = per_group(sqlglot.parse_one(total, read=schema.dialect), key)
    per = group[0].bucket or singular(spoken(group[0].column.table))
    said = metric.name if metric is not None else agg.column.column if agg.column else "amount"
    name = f"average_{snake(said)}_per_{snake(per)}"
    description = f"the {spoken(said)} per {per}, on average over the {per}s that have any"
    if metric is not None:
        description = f"{metric.description or spoken(said)} per {per}, on average over the {per}s that have any"
    averaged = Metric(name=name, table=table, expression=ratio.sql(dialect=schema.dialect),
                      description=description, where=metric.where if metric else None)
    return Aggregate("metric", metric=averaged), group[0].column.table
