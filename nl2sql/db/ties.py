"""Rows that tie on a sort's keys, in the order SQLite gives them.

SQLite's sort is stable and its scan follows the row id, so tied rows come out in insertion order;
a grouped subquery's rows come out in group-key order. The sorts of PostgreSQL, MySQL and DuckDB
are not stable: the order gets the tie-breakers SQLite's order implies (the main table's integer
primary key, or a row position the engine has, PostgreSQL's ``ctid`` or DuckDB's ``rowid``; the
group keys).
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.db.portable import Columns


def break_ties(select: exp.Select, columns: Columns, row_position: str | None = None) -> None:
    """Break ties of an ungrouped sort by the FROM table's integer primary key, else by
    ``row_position`` (a stored table's own row order, where the engine exposes one), ascending."""
    order, source = select.args.get("order"), select.args.get("from_") or select.args.get("from")
    if order is None or source is None or not isinstance(source.this, (exp.Table, exp.Subquery)) \
            or select.args.get("group") \
            or select.args.get("distinct") or any(p.find(exp.AggFunc) for p in select.expressions):
        return
    if isinstance(source.this, exp.Subquery):
        _group_ties(select, order, source.this)
        return
    table = columns.schema.table(source.this.name)
    if table is None:
        return
    key = table.primary_key
    if key is not None and key.kind == "integer" and sum(c.primary_key for c in table.columns) == 1:
        name = key.name
    elif table.stored and row_position is not None:
        name = row_position
    else:
        return
    ref = exp.column(name, table=source.this.alias_or_name, quoted=name != row_position)
    if all(o.this != ref and o.this.name != name for o in order.expressions):
        select.set("order", exp.Order(expressions=[*order.expressions, exp.Ordered(this=ref, desc=False)]))


def _group_ties(select: exp.Select, order: exp.Order, source: exp.Subquery) -> None:
    """Rows from a grouped subquery come out of SQLite in group-key order: ties follow it."""
    inner = source.this
    if not isinstance(inner, exp.Select) or inner.args.get("group") is None or not source.alias:
        return
    keys = {g.sql() for g in inner.args["group"].expressions}
    ties = [exp.Ordered(this=exp.column(p.alias, table=source.alias), desc=False)
            for p in inner.expressions if isinstance(p, exp.Alias) and p.this.sql() in keys]
    shown = {o.this.sql() for o in order.expressions}
    select.set("order", exp.Order(expressions=[*order.expressions, *(t for t in ties if t.this.sql() not in shown)]))
