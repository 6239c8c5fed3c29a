"""A query the built-in engine wrote with SQLite's habits, made to mean the same on another engine.

The engine builds one sqlglot tree; sqlglot spells it per dialect, but a few meanings are SQLite's
own and sqlglot cannot know them without the schema:

- ``LIKE`` ignores case in SQLite: elsewhere it becomes ``ILIKE``.
- A column shown beside an aggregate without being grouped is allowed in SQLite (its value comes
  from a row of the group): elsewhere it is wrapped in ``ANY_VALUE``.
- Numbers kept in a text column: SQLite adds them up as numbers (``SUM``/``AVG`` cast them) and
  compares the column with a number as text (the column's affinity); the same is spelled out.
- Dates kept as text: bucketing and day differences read them as timestamps first.

Every rewrite is chosen so that the rows equal SQLite's on the same data.
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.db.schema import DATE, Column, Schema

_TEXT_TYPES = ("VARCHAR", "TEXT", "CHAR", "STRING", "CLOB", "")
_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)


def _stored_as_text(column: Column) -> bool:
    declared = column.type.upper()
    return declared == "" or any(declared.startswith(t) for t in _TEXT_TYPES if t)


class _Columns:
    """Resolves a column of the tree to the schema's column, through the tables the tree names."""

    def __init__(self, tree: exp.Expr, schema: Schema) -> None:
        self.schema = schema
        named = dict.fromkeys(n.name.lower() for n in tree.find_all(exp.Table))
        self.tables = [t for t in (schema.table(n) for n in named) if t is not None]

    def of(self, node: exp.Expr) -> Column | None:
        if not isinstance(node, exp.Column) or isinstance(node.this, exp.Star):
            return None
        if node.table:
            table = self.schema.table(node.table)
            return table.column(node.name) if table is not None else None
        found = [c for t in self.tables if (c := t.column(node.name)) is not None]
        return found[0] if len(found) == 1 else None


def _number_text(node: exp.Expr, columns: _Columns) -> bool:
    column = columns.of(node)
    return column is not None and column.is_numeric and _stored_as_text(column)


def _date_text(node: exp.Expr, columns: _Columns) -> bool:
    column = columns.of(node)
    return column is not None and column.kind == DATE and _stored_as_text(column)


def _as_number(node: exp.Expr) -> exp.Expr:
    """Text read as a number the way SQLite's arithmetic reads it: NULL stays NULL, words count 0."""
    number = exp.TryCast(this=node.copy(), to=exp.DataType.build("DOUBLE"))
    return exp.Case().when(exp.Is(this=node.copy(), expression=exp.Null()), exp.Null()).else_(
        exp.Coalesce(this=number, expressions=[exp.Literal.number(0)]))


def _as_timestamp(node: exp.Expr) -> exp.Expr:
    return exp.TryCast(this=node.copy(), to=exp.DataType.build("TIMESTAMP"))


def _rewrite(node: exp.Expr, columns: _Columns) -> exp.Expr:
    if isinstance(node, exp.Like):
        return exp.ILike(this=node.this, expression=node.expression)
    if isinstance(node, (exp.Sum, exp.Avg)) and _number_text(node.this, columns):
        node.set("this", _as_number(node.this))
    elif isinstance(node, _COMPARISONS):
        for side, other in (("this", "expression"), ("expression", "this")):
            value = node.args.get(other)
            if not _number_text(node.args[side], columns):
                continue
            if isinstance(value, exp.Literal) and not value.is_string:
                node.set(other, exp.Literal.string(value.name))  # compared as text, as the column's affinity does
            elif isinstance(value, exp.Subquery):
                node.set(side, _as_number(node.args[side]))
    elif isinstance(node, exp.TimeToStr) and _date_text(node.this, columns):
        node.set("this", _as_timestamp(node.this))
    elif isinstance(node, exp.DateDiff):
        for side in ("this", "expression"):
            if _date_text(node.args[side], columns):
                node.set(side, _as_timestamp(node.args[side]))
    return node


def _ungrouped(select: exp.Select) -> None:
    """Columns shown or sorted on beside an aggregate but not grouped get ANY_VALUE, as SQLite lets
    them be; ties of the order are broken by the group keys in the order's first direction, as
    SQLite's sorted groups come out."""
    group = select.args.get("group")
    if group is None and not any(p.find(exp.AggFunc) for p in select.expressions):
        return
    group = group or exp.Group(expressions=[])  # an aggregate over all rows is one group, keyed by nothing
    keys = {g.sql() for g in group.expressions}
    aliases = {g.name for g in group.expressions if isinstance(g, exp.Column) and not g.table}
    aliases |= {p.alias for p in select.expressions if isinstance(p, exp.Alias)}  # ORDER BY a shown aggregate
    order = select.args.get("order")
    for item in [*select.expressions, *(order.expressions if order else [])]:
        target = item.this if isinstance(item, (exp.Alias, exp.Ordered)) else item
        if isinstance(target, exp.Column) and not isinstance(target.this, exp.Star) \
                and target.sql() not in keys and target.name not in aliases:
            shown = exp.AnyValue(this=target.copy())
            target.replace(exp.alias_(shown, target.name) if item is target else shown)
    if order is not None and group.expressions:
        ordered = {o.this.sql() for o in order.expressions}
        desc = bool(order.expressions[0].args.get("desc")) if order.expressions else False
        ties = [exp.Ordered(this=g.copy(), desc=desc, nulls_first=not desc) for g in group.expressions
                if g.sql() not in ordered]
        select.set("order", exp.Order(expressions=[*order.expressions, *ties]))


def adapt(tree: exp.Expr, schema: Schema, dialect: str) -> exp.Expr:
    """``tree`` (the engine's own, SQLite-minded) rewritten to mean the same in ``dialect``."""
    if dialect == "sqlite":
        return tree
    tree = tree.copy()
    columns = _Columns(tree, schema)
    for select in list(tree.find_all(exp.Select)):
        _ungrouped(select)
    return tree.transform(lambda node: _rewrite(node, columns), copy=False)
