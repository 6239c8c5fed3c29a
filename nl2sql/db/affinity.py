"""Text compared with numbers as SQLite compares them, for engines that compare otherwise.

SQLite gives a column its declared type's affinity: a text column compared with a number literal
compares as text (the literal takes the column's affinity), so ``year = 2014`` is ``year = '2014'``.
PostgreSQL refuses the mixed comparison and MySQL compares both as numbers; both get the literal
as text. What a text column compared with a numeric column becomes is each engine's own.
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.db.portable import Columns, stored_as_text

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
