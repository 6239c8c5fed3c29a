"""The SQLite meanings of a built-in query, kept on PostgreSQL (after ``portable.adapt``'s shared rewrites).

- A division by zero is NULL in SQLite and an error in PostgreSQL: the divisor becomes NULLIF(d, 0).
- SQLite's whole days between two dates truncate; PostgreSQL's cast of a fraction to an integer
  rounds: TRUNC first.
- SQLite's week number (``%W``, weeks starting on Monday, 00 before the first one) has no TO_CHAR
  pattern: it is computed from the day of the year and the ISO weekday. Its day of the week (``%w``)
  is EXTRACT(DOW).
- A text column compared with a number compares as text in SQLite (the column's affinity):
  the number becomes a string. A text column compared with a numeric column compares as numbers:
  the text side is cast where it reads as one, also a key IN the keys a subquery selects.
- A table off the search path is named ``schema.table`` in the schema: it becomes a qualified
  table with that name as its alias, so the engine's column references still resolve.
- PostgreSQL folds unquoted names to lower case and reserves more words than SQLite: such names
  are quoted.
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.engines.builtin.portable.affinity import (
    Columns,
    is_week_bucket,
    is_weekday_bucket,
    literals_as_text,
    number_literal,
    stored_as_number,
    text_column,
    try_cast,
)

_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
# PostgreSQL's reserved words (the "reserved" ones of its keyword appendix) that SQLite takes as names.
_RESERVED = frozenset("""
all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation
column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze
from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit
localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references
returning right select session_user similar some symmetric table tablesample then to trailing true union unique
user using variadic verbose when where window with
""".split())


def _compare(node: exp.Expr, columns: Columns) -> None:
    """Text against a number as SQLite's affinity compares them: against a literal as text, against a
    numeric column as numbers (PostgreSQL compares neither without a cast)."""
    literals_as_text(node, columns)
    for side, other in (("this", "expression"), ("expression", "this")):
        here, there = node.args.get(side), node.args.get(other)
        if here is not None and there is not None and text_column(columns, here) \
                and stored_as_number(columns, there):
            node.set(side, try_cast(here, "DOUBLE", "postgres"))
            return


def _whole_days(node: exp.DateDiff) -> exp.Expr:
    """Days between two timestamps, truncated toward zero as SQLite's CAST(... AS INTEGER) does."""
    timestamp = exp.DataType.build("TIMESTAMP")
    span = exp.Sub(this=exp.Cast(this=node.this.copy(), to=timestamp),
                   expression=exp.Cast(this=node.expression.copy(), to=timestamp))
    seconds = exp.Extract(this=exp.var("EPOCH"), expression=exp.paren(span))
    days = exp.Trunc(this=exp.Div(this=seconds, expression=exp.Literal.number(86400)))
    return exp.Cast(this=days, to=exp.DataType.build("BIGINT"))


def _week_bucket(node: exp.TimeToStr) -> exp.Expr:
    """``%Y-%W`` as SQLite writes it: the week of the year starting on Monday, 00 before the first Monday."""
    when = node.this
    doy = exp.Extract(this=exp.var("DOY"), expression=when.copy())
    isodow = exp.Extract(this=exp.var("ISODOW"), expression=when.copy())
    week = exp.Floor(this=exp.Div(this=exp.paren(exp.Sub(this=exp.Add(this=doy, expression=exp.Literal.number(7)),
                                                         expression=isodow)), expression=exp.Literal.number(7)))
    text = exp.Cast(this=exp.Cast(this=week, to=exp.DataType.build("INT")), to=exp.DataType.build("TEXT"))
    year = exp.TimeToStr(this=when.copy(), format=exp.Literal.string("%Y"))
    padded = exp.Pad(this=text, expression=exp.Literal.number(2), fill_pattern=exp.Literal.string("0"), is_left=True)
    return exp.DPipe(this=exp.DPipe(this=year, expression=exp.Literal.string("-")), expression=padded)


def _weekday_bucket(node: exp.TimeToStr) -> exp.Expr:
    """``%w`` as SQLite writes it: PostgreSQL's DOW counts from 0 for Sunday as well."""
    dow = exp.Extract(this=exp.var("DOW"), expression=node.this.copy())
    return exp.Cast(this=exp.Cast(this=dow, to=exp.DataType.build("INT")), to=exp.DataType.build("TEXT"))


def _safe_divisor(node: exp.Expr) -> bool:
    return number_literal(node) and float(node.name) != 0


def _rewrite(node: exp.Expr, columns: Columns) -> exp.Expr:
    if isinstance(node, exp.Div) and not _safe_divisor(node.expression):
        node.set("expression", exp.Nullif(this=node.expression, expression=exp.Literal.number(0)))
    elif isinstance(node, exp.DateDiff) and node.unit and node.unit.name.upper() == "DAY":
        return _whole_days(node)
    elif is_week_bucket(node):
        return _week_bucket(node)
    elif is_weekday_bucket(node):
        return _weekday_bucket(node)
    elif isinstance(node, _COMPARISONS):
        _compare(node, columns)
    elif isinstance(node, (exp.In, exp.Between)):
        literals_as_text(node, columns)
        if isinstance(node, exp.In):
            _in_rows(node, columns)
    return node


def _in_rows(node: exp.In, columns: Columns) -> None:
    """A numeric key IN the text keys a subquery selects (a key kept as text, as SQLite lets it be),
    or the other way round: compared as numbers, the text side cast where it reads as one."""
    query = node.args.get("query")
    select = query.this if isinstance(query, exp.Subquery) else query
    if not isinstance(select, exp.Select) or len(select.expressions) != 1:
        return
    picked = select.expressions[0]
    if stored_as_number(columns, node.this) and text_column(columns, picked):
        select.set("expressions", [try_cast(picked, "DOUBLE", "postgres")])
    elif text_column(columns, node.this) and stored_as_number(columns, picked):
        node.set("this", try_cast(node.this, "DOUBLE", "postgres"))


def _names(tree: exp.Expr, columns: Columns) -> None:
    """Tables off the search path qualified; names PostgreSQL would fold or reserve, quoted."""
    for table in list(tree.find_all(exp.Table)):
        known = columns.schema.table(table.name) if not table.args.get("db") else None
        if known is not None and known.namespace:
            relname = known.name[len(known.namespace) + 1:]
            alias = table.args.get("alias") or exp.TableAlias(this=exp.to_identifier(table.name, quoted=True))
            table.set("this", exp.to_identifier(relname, quoted=True))
            table.set("db", exp.to_identifier(known.namespace, quoted=True))
            table.set("alias", alias)
    for ident in tree.find_all(exp.Identifier):
        if not ident.quoted and (ident.name != ident.name.lower() or ident.name.lower() in _RESERVED):
            ident.set("quoted", True)


def pg_adapt(tree: exp.Expr, columns: Columns) -> exp.Expr:
    """``tree`` (already through the shared rewrites) made to give SQLite's rows on PostgreSQL."""
    tree = tree.transform(lambda node: _rewrite(node, columns), copy=False)
    _names(tree, columns)
    return tree
