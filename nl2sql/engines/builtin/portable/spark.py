"""The SQLite meanings of a built-in query, kept on Spark SQL (after ``portable.adapt``'s shared
rewrites, which already give case-blind matching as ``ILIKE``, a grouped value as ``ANY_VALUE``, and
numbers or dates kept as text cast where they are added up or bucketed).

- A division the tree marks as SQLite's own (``typed``: an integer divided by an integer truncates)
  becomes ``DIV``; Spark's ``/`` is always floating point, which is what every other division means.
  A divisor that may be zero becomes ``NULLIF(d, 0)``: NULL, as in SQLite (the session's ANSI mode is
  off as well, so a division by zero is NULL either way).
- ``CAST(x AS REAL)`` is a double in SQLite; Spark's ``FLOAT`` would be single precision: ``DOUBLE``.
- SQLite's week number (``%W``, weeks starting on Monday, 00 before the first one) has no
  ``DATE_FORMAT`` pattern in Spark 3+: it is computed from the day of the year and the weekday.
  Nor has its day of the week (``%w``): it is DAYOFWEEK less one.
- A text column compared with a number literal compares as text in SQLite (the column's affinity):
  the literal as text.
- Names that are not plain identifiers, or are words Spark reserves, are quoted with backticks.
"""

from __future__ import annotations

import re

from sqlglot import exp

from nl2sql.engines.builtin.portable.affinity import (
    Columns,
    is_week_bucket,
    is_weekday_bucket,
    literals_as_text,
    number_literal,
)
from nl2sql.engines.builtin.portable.mysql import integer_valued

_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.In, exp.Between)
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Spark's reserved words under ANSI (the SQL:2016 ones its grammar keeps), which a name must not be bare.
_RESERVED = frozenset("""
all and any anti as asc authorization both case cast check collate column constraint create cross current_date
current_time current_timestamp current_user date desc distinct else end escape except false fetch filter for foreign
from full grant group having in inner intersect interval into is join lateral leading left like limit minus natural
not null of on only or order outer overlaps primary references right select semi session_user some table then time
to trailing true union unique unknown user using when where with
""".split())


def _week_bucket(node: exp.TimeToStr) -> exp.Expr:
    """``%Y-%W`` as SQLite writes it: weeks of the year starting on Monday, 00 before the first Monday."""
    when = node.this
    doy = exp.Anonymous(this="DAYOFYEAR", expressions=[when.copy()])
    isodow = exp.paren(exp.Add(this=exp.Anonymous(this="WEEKDAY", expressions=[when.copy()]),
                               expression=exp.Literal.number(1)))
    week = exp.Floor(this=exp.Div(this=exp.paren(exp.Sub(this=exp.Add(this=doy, expression=exp.Literal.number(7)),
                                                         expression=isodow)), expression=exp.Literal.number(7)))
    text = exp.Cast(this=exp.Cast(this=week, to=exp.DataType.build("INT")), to=exp.DataType.build("STRING"))
    padded = exp.Pad(this=text, expression=exp.Literal.number(2), fill_pattern=exp.Literal.string("0"), is_left=True)
    year = exp.TimeToStr(this=when.copy(), format=exp.Literal.string("%Y"))
    return exp.Concat(expressions=[year, exp.Literal.string("-"), padded])


def _weekday_bucket(node: exp.TimeToStr) -> exp.Expr:
    """``%w`` as SQLite writes it, 0 for Sunday: Spark's DAYOFWEEK counts from 1 for Sunday."""
    dow = exp.Sub(this=exp.Anonymous(this="DAYOFWEEK", expressions=[node.this.copy()]),
                  expression=exp.Literal.number(1))
    return exp.Cast(this=dow, to=exp.DataType.build("STRING"))


def _divided(node: exp.Div, columns: Columns) -> exp.Expr:
    if not (number_literal(node.expression) and float(node.expression.name) != 0):
        node.set("expression", exp.Nullif(this=node.expression, expression=exp.Literal.number(0)))
    if node.args.get("typed") and integer_valued(node.this, columns) \
            and integer_valued(node.expression.this if isinstance(node.expression, exp.Nullif) else node.expression,
                               columns):
        return exp.IntDiv(this=node.this, expression=node.expression)
    return node


def _rewrite(node: exp.Expr, columns: Columns) -> exp.Expr:
    if isinstance(node, exp.Div):
        return _divided(node, columns)
    if isinstance(node, exp.DataType) and node.this == exp.DataType.Type.FLOAT:
        return exp.DataType.build("DOUBLE")
    if is_week_bucket(node):
        return _week_bucket(node)
    if is_weekday_bucket(node):
        return _weekday_bucket(node)
    if isinstance(node, _COMPARISONS):
        literals_as_text(node, columns)
    return node


def _names(tree: exp.Expr) -> None:
    for ident in tree.find_all(exp.Identifier):
        if not ident.quoted and (not _PLAIN.fullmatch(ident.name) or ident.name.lower() in _RESERVED):
            ident.set("quoted", True)


def spark_adapt(tree: exp.Expr, columns: Columns) -> exp.Expr:
    """``tree`` (already through the shared rewrites) made to give SQLite's rows on Spark."""
    tree = tree.transform(lambda node: _rewrite(node, columns), copy=False)
    _names(tree)
    return tree
