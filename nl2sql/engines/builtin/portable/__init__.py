"""A query the built-in engine wrote with SQLite's habits, made to mean the same on another engine.

The engine builds one sqlglot tree; sqlglot spells it per dialect, but a few meanings are SQLite's
own and sqlglot cannot know them without the schema:

- ``LIKE`` ignores case in SQLite: elsewhere it becomes ``ILIKE``.
- A column shown beside an aggregate without being grouped is allowed in SQLite (its value comes
  from a row of the group): elsewhere it is wrapped in ``ANY_VALUE``.
- Numbers kept in a text column: SQLite adds them up as numbers (``SUM``/``AVG`` cast them) and
  compares the column with a number as text (the column's affinity); the same is spelled out.
- Dates kept as text: bucketing and day differences read them as timestamps first.

What is not emulated is the order of rows the sort leaves open: rows that tie on the sort keys
come out in whatever order the engine gives them, and NULLs sort where the engine puts them
(first or last), spelled as a person would write the sort on that engine: no tie-breaker and no
``NULLS FIRST``/``NULLS LAST`` is added. The benchmark matcher judges tied rows as a set.

PostgreSQL needs more (``pg_adapt``): it has no ``ANY_VALUE`` before version 16 and no
``TRY_CAST``, raises on a division by zero, compares text with a number only after an explicit
cast, rounds when it casts a fraction to an integer, spells SQLite's week number differently, and
folds unquoted names to lower case. MySQL and MariaDB need their own (``mysql_adapt``): integer
division, real literals as doubles, whole days, SQLite's week number, qualified and exactly spelled
table names. Spark needs its own (``spark_adapt``): integer division, NULL on a division by zero,
doubles for reals, SQLite's week number, quoted names.

Every rewrite is chosen so that the values equal SQLite's on the same data.
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.dialects import Dialect

from nl2sql.db.schema import BOOLEAN, DATE, Schema
from nl2sql.engines.builtin.portable.affinity import Columns, stored_as_text, try_cast

_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
# Whether a dialect's own sort puts NULLs first, by its NULL_ORDERING and the key's direction (desc).
_NULLS_FIRST = {
    "nulls_are_small": lambda desc: not desc,
    "nulls_are_large": lambda desc: desc,
    "nulls_are_last": lambda desc: False,
}


def number_text(node: exp.Expr, columns: Columns) -> bool:
    column = columns.of(node)
    return column is not None and column.is_numeric and stored_as_text(column)


def _date_text(node: exp.Expr, columns: Columns) -> bool:
    column = columns.of(node)
    return column is not None and column.kind == DATE and stored_as_text(column)


def as_number(node: exp.Expr, dialect: str) -> exp.Expr:
    """Text read as a number the way SQLite's arithmetic reads it: NULL stays NULL, words count 0."""
    number = try_cast(node, "DOUBLE", dialect)
    return exp.Case().when(exp.Is(this=node.copy(), expression=exp.Null()), exp.Null()).else_(
        exp.Coalesce(this=number, expressions=[exp.Literal.number(0)]))


def as_timestamp(node: exp.Expr, dialect: str) -> exp.Expr:
    return try_cast(node, "TIMESTAMP", dialect)


def _rewrite(node: exp.Expr, columns: Columns) -> exp.Expr:
    dialect = columns.dialect
    if isinstance(node, exp.Like):
        return exp.ILike(this=node.this, expression=node.expression)
    if isinstance(node, (exp.Sum, exp.Avg)) and number_text(node.this, columns):
        node.set("this", as_number(node.this, dialect))
    elif isinstance(node, _COMPARISONS):
        for side, other in (("this", "expression"), ("expression", "this")):
            value = node.args.get(other)
            if not number_text(node.args[side], columns):
                continue
            if isinstance(value, exp.Literal) and not value.is_string:
                node.set(other, exp.Literal.string(value.name))  # compared as text, as the column's affinity does
            elif isinstance(value, exp.Subquery):
                node.set(side, as_number(node.args[side], dialect))
    elif isinstance(node, exp.TimeToStr) and _date_text(node.this, columns):
        node.set("this", as_timestamp(node.this, dialect))
    elif isinstance(node, exp.DateDiff):
        for side in ("this", "expression"):
            if _date_text(node.args[side], columns):
                node.set(side, as_timestamp(node.args[side], dialect))
    return node


def _any_value(target: exp.Column, columns: Columns) -> exp.Expr:
    """A value from the group: ANY_VALUE where the engine has it; PostgreSQL 15 and MariaDB have not
    (and MySQL refuses a bare column under ONLY_FULL_GROUP_BY), and MIN (BOOL_OR for a PostgreSQL
    boolean) is one of the group's values too."""
    if columns.dialect not in ("postgres", "mysql"):
        return exp.AnyValue(this=target.copy())
    column = columns.of(target)
    if column is not None and column.kind == BOOLEAN and columns.dialect == "postgres":
        return exp.LogicalOr(this=target.copy())
    return exp.Min(this=target.copy())


def _ungrouped(select: exp.Select, columns: Columns) -> None:
    """Columns shown or sorted on beside an aggregate but not grouped get ANY_VALUE, as SQLite lets
    them be."""
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
            shown = _any_value(target, columns)
            target.replace(exp.alias_(shown, target.name) if item is target else shown)


def _native_nulls(tree: exp.Expr, dialect: str) -> None:
    """Every sort key's NULLs where ``dialect`` puts them by itself, so sqlglot spells no NULLS
    FIRST/LAST (nor, on MySQL, the ``CASE WHEN x IS NULL`` sort key that stands for one)."""
    ordering = Dialect.get_or_raise(dialect).NULL_ORDERING
    for ordered in tree.find_all(exp.Ordered):
        desc = bool(ordered.args.get("desc"))
        ordered.set("nulls_first", _NULLS_FIRST[ordering](desc))


def adapt(tree: exp.Expr, schema: Schema, dialect: str) -> exp.Expr:
    """``tree`` (the engine's own, SQLite-minded) rewritten to mean the same in ``dialect``."""
    if dialect == "sqlite":
        return tree
    tree = tree.copy()
    columns = Columns(tree, schema, dialect)
    for select in list(tree.find_all(exp.Select)):
        _ungrouped(select, columns)
    tree = tree.transform(lambda node: _rewrite(node, columns), copy=False)
    _native_nulls(tree, dialect)
    if dialect == "postgres":
        from nl2sql.engines.builtin.portable.postgres import pg_adapt

        tree = pg_adapt(tree, columns)
    elif dialect == "mysql":
        from nl2sql.engines.builtin.portable.mysql import mysql_adapt

        tree = mysql_adapt(tree, columns)
    elif dialect == "spark":
        from nl2sql.engines.builtin.portable.spark import spark_adapt

        tree = spark_adapt(tree, columns)
    return tree
