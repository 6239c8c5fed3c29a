"""What every engine's rewrites of a SQLite-minded query share: a column of the tree resolved to the
schema's column, whether it stores text, a guarded cast, and text compared with numbers as SQLite
compares them, for engines that compare otherwise.

SQLite gives a column its declared type's affinity: a text column compared with a number literal
compares as text (the literal takes the column's affinity), so ``year = 2014`` is ``year = '2014'``.
PostgreSQL refuses the mixed comparison and MySQL compares both as numbers; both get the literal
as text. What a text column compared with a numeric column becomes is each engine's own.
"""

from __future__ import annotations

from typing import TypeGuard

from sqlglot import exp

from nl2sql.db.schema import Column, Schema, Table

_TEXT_TYPES = ("VARCHAR", "TEXT", "CHAR", "STRING", "CLOB", "TINYTEXT", "MEDIUMTEXT", "LONGTEXT", "ENUM", "")


def stored_as_text(column: Column) -> bool:
    declared = column.type.upper()
    return declared == "" or any(declared.startswith(t) for t in _TEXT_TYPES if t)


class Columns:
    """Resolves a column of the tree to the schema's column, through the tables the tree names."""

    def __init__(self, tree: exp.Expr, schema: Schema, dialect: str) -> None:
        self.schema = schema
        self.dialect = dialect
        named = dict.fromkeys(n.name.lower() for n in tree.find_all(exp.Table))
        self.tables = [t for t in (schema.table(n) for n in named) if t is not None]

    def of(self, node: exp.Expr) -> Column | None:
        if not isinstance(node, exp.Column) or isinstance(node.this, exp.Star):
            return None
        if node.table:
            table = self.schema.table(node.table)
            return table.column(node.name) if table is not None else None
        for tables in (self._scope(node), self.tables):  # its own SELECT's tables first, as SQL resolves it
            found = [c for t in tables if (c := t.column(node.name)) is not None]
            if found:
                return found[0] if len(found) == 1 else None
        return None

    def _scope(self, node: exp.Expr) -> list[Table]:
        """The tables of the FROM and joins of the SELECT an unqualified column is in (an outer
        key beside a subquery's table with a column of the same name)."""
        select = node.find_ancestor(exp.Select)
        if select is None:
            return []
        source = select.args.get("from_") or select.args.get("from")
        parts = [source.this] if source is not None else []
        parts += [join.this for join in select.args.get("joins") or []]
        names = {p.name.lower() for p in parts if isinstance(p, exp.Table)}
        return [t for t in self.tables if t.name.lower() in names]


# Text that PostgreSQL's CAST reads as a number or a timestamp (it has no TRY_CAST: the cast is guarded).
_NUMBER_PATTERN = r"^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$"
_TIMESTAMP_PATTERN = r"^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$"


def try_cast(node: exp.Expr, to: str, dialect: str) -> exp.Expr:
    """``node`` cast to ``to``, NULL where it does not read as one (PostgreSQL: a regex-guarded CAST)."""
    if dialect != "postgres":
        return exp.TryCast(this=node.copy(), to=exp.DataType.build(to))
    pattern = _NUMBER_PATTERN if to == "DOUBLE" else _TIMESTAMP_PATTERN
    matches = exp.RegexpLike(this=node.copy(), expression=exp.Literal.string(pattern))
    return exp.Case().when(matches, exp.Cast(this=node.copy(), to=exp.DataType.build(to)))


_NUMERIC_TYPES = ("INT", "BIGINT", "SMALLINT", "TINYINT", "MEDIUMINT", "DOUBLE", "REAL", "NUMERIC", "DECIMAL",
                  "FLOAT")


def stored_as_number(columns: Columns, node: exp.Expr) -> bool:
    column = columns.of(node)
    return column is not None and column.type.upper().startswith(_NUMERIC_TYPES)


def text_column(columns: Columns, node: exp.Expr) -> bool:
    column = columns.of(node)
    return column is not None and stored_as_text(column)


def number_literal(node: exp.Expr | None) -> bool:
    return isinstance(node, exp.Literal) and not node.is_string


def as_text(literal: exp.Expr) -> exp.Expr:
    return exp.Literal.string(literal.name)


def literals_as_text(node: exp.Expr, columns: Columns) -> None:
    """A text column compared with (or in, or between) number literals: the literals as text."""
    if isinstance(node, exp.In):
        if text_column(columns, node.this):
            node.set("expressions", [as_text(v) if number_literal(v) else v for v in node.expressions])
    elif isinstance(node, exp.Between):
        if text_column(columns, node.this):
            for bound in ("low", "high"):
                if number_literal(node.args.get(bound)):
                    node.set(bound, as_text(node.args[bound]))
    else:
        for side, other in (("this", "expression"), ("expression", "this")):
            here, there = node.args.get(side), node.args.get(other)
            if here is not None and there is not None and text_column(columns, here) and number_literal(there):
                node.set(other, as_text(there))


def is_week_bucket(node: exp.Expr) -> TypeGuard[exp.TimeToStr]:
    """Whether ``node`` writes a date as SQLite's ``%Y-%W`` (a week bucket), which no other engine's
    format says the same way."""
    fmt = node.args.get("format") if isinstance(node, exp.TimeToStr) else None
    return fmt is not None and fmt.name == "%Y-%W"


def is_weekday_bucket(node: exp.Expr) -> TypeGuard[exp.TimeToStr]:
    """Whether ``node`` writes a date as SQLite's ``%w`` (0 for Sunday to 6 for Saturday), which
    PostgreSQL's and Spark's formats do not say."""
    fmt = node.args.get("format") if isinstance(node, exp.TimeToStr) else None
    return fmt is not None and fmt.name == "%w"
