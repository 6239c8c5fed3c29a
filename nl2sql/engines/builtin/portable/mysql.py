"""The SQLite meanings of a built-in query, kept on MySQL and MariaDB (after ``portable.adapt``'s
shared rewrites, which already give case-blind matching as ``LOWER(x) LIKE LOWER(p)`` and a grouped
value as ``MIN``, since MariaDB has no ``ANY_VALUE`` and MySQL refuses an ungrouped column under
``ONLY_FULL_GROUP_BY``; so the rows are the same whether that mode is on or off).

- A division the tree marks as SQLite's own (``typed``: an integer divided by an integer truncates)
  becomes ``DIV``; any other division of an integer is floating point, as sqlglot's SQLite and
  PostgreSQL spellings make it (``CAST(x AS REAL) / y``), where MySQL's ``/`` would give a decimal.
- SQLite's arithmetic on a real literal (``100.0 * x``) is floating point; MySQL reads ``100.0`` as an
  exact decimal: such literals are written as doubles (``100.0E0``), and ``AVG`` of integers (a
  decimal with four places in MySQL) averages doubles.
- SQLite's whole days between two timestamps truncate the difference; MySQL's ``DATEDIFF`` compares
  the dates alone: ``TIMESTAMPDIFF(DAY, ...)``.
- SQLite's week number (``%W``, weeks starting on Monday, 00 before the first one) is MySQL's
  ``WEEK(x, 5)``; ``DATE_FORMAT``'s own ``%W`` is a weekday's name.
- A text column compared with a number literal compares as text in SQLite: the literal as text.
- A table of another database is named ``db.table`` in the schema: it becomes a qualified table
  with that name as its alias; table names are spelled as the server does (they are case-sensitive
  on most servers). sqlglot quotes MySQL's reserved words with backticks.
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.db.schema import INTEGER
from nl2sql.engines.builtin.portable.affinity import Columns, is_week_bucket, literals_as_text, stored_as_text

_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.In, exp.Between)
_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)
_INTEGER_TYPES = (exp.DataType.Type.INT, exp.DataType.Type.BIGINT, exp.DataType.Type.SMALLINT,
                  exp.DataType.Type.TINYINT)


def integer_valued(node: exp.Expr, columns: Columns) -> bool:
    """Whether SQLite computes ``node`` as an integer: integer literals and columns, counts, and
    sums, extremes and arithmetic of integers."""
    if isinstance(node, (exp.Paren, exp.Neg)):
        return integer_valued(node.this, columns)
    if isinstance(node, exp.Literal):
        return not node.is_string and node.name.isdigit()
    if isinstance(node, exp.Column):
        column = columns.of(node)
        return column is not None and column.kind == INTEGER and not stored_as_text(column)
    if isinstance(node, exp.Count):
        return True
    if isinstance(node, (exp.Sum, exp.Min, exp.Max)):
        inner = node.this.expressions[0] if isinstance(node.this, exp.Distinct) else node.this
        return integer_valued(inner, columns)
    if isinstance(node, (exp.Add, exp.Sub, exp.Mul, exp.Mod)):
        return integer_valued(node.this, columns) and integer_valued(node.expression, columns)
    if isinstance(node, exp.Cast):
        return node.to.this in _INTEGER_TYPES
    return False


def _week_bucket(node: exp.TimeToStr) -> exp.Expr:
    """``%Y-%W`` as SQLite writes it: ``WEEK(x, 5)`` counts weeks from the first Monday, 0 before it."""
    when = node.this
    year = exp.TimeToStr(this=when.copy(), format=exp.Literal.string("%Y"))
    week = exp.Pad(this=exp.Week(this=when.copy(), mode=exp.Literal.number(5)), expression=exp.Literal.number(2),
                   fill_pattern=exp.Literal.string("0"), is_left=True)
    return exp.Concat(expressions=[year, exp.Literal.string("-"), week])


def _double_literal(node: exp.Literal) -> exp.Expr:
    """A real literal as a MySQL double (``100.0E0``): SQLite's reals are floating point."""
    if node.is_string or not any(c in node.name for c in ".eE"):
        return node
    text = node.name if "e" in node.name.lower() else f"{node.name}E0"
    return exp.Literal.number(text)


def _averaged(node: exp.Avg, columns: Columns) -> None:
    """AVG of integers as SQLite computes it, over doubles (MySQL's would be a 4-place decimal)."""
    target = node.this.expressions[0] if isinstance(node.this, exp.Distinct) else node.this
    if integer_valued(target, columns):
        target.replace(exp.Cast(this=target.copy(), to=exp.DataType.build("DOUBLE")))


def _divided(node: exp.Div, columns: Columns) -> exp.Expr:
    """A division as sqlglot means it: SQLite's integer division where the tree says so (``typed``,
    as parsed from SQLite), else true division, in floating point as SQLite's REAL (MySQL would
    give a 4-place decimal for integers)."""
    if not integer_valued(node.this, columns):
        return node
    if node.args.get("typed") and integer_valued(node.expression, columns):
        return exp.IntDiv(this=node.this, expression=node.expression)
    node.set("this", exp.Cast(this=node.this, to=exp.DataType.build("DOUBLE")))
    return node


def _rewrite(node: exp.Expr, columns: Columns) -> exp.Expr:
    if isinstance(node, exp.Div):
        return _divided(node, columns)
    if isinstance(node, exp.Literal) and isinstance(node.parent, _ARITHMETIC):
        return _double_literal(node)
    if isinstance(node, exp.Avg):
        _averaged(node, columns)
    elif isinstance(node, exp.DateDiff) and node.unit and node.unit.name.upper() == "DAY":
        return exp.TimestampDiff(this=node.this, expression=node.expression, unit=exp.var("DAY"))
    elif is_week_bucket(node):
        return _week_bucket(node)
    elif isinstance(node, _COMPARISONS):
        literals_as_text(node, columns)
    return node


def _names(tree: exp.Expr, columns: Columns) -> None:
    """Other databases' tables qualified, and every known table spelled as the server spells it."""
    for table in list(tree.find_all(exp.Table)):
        known = columns.schema.table(table.name) if not table.args.get("db") else None
        if known is None:
            continue
        if known.namespace:
            relname = known.name[len(known.namespace) + 1:]
            alias = table.args.get("alias") or exp.TableAlias(this=exp.to_identifier(table.name, quoted=True))
            table.set("this", exp.to_identifier(relname, quoted=True))
            table.set("db", exp.to_identifier(known.namespace, quoted=True))
            table.set("alias", alias)
        elif table.name != known.name:
            if not table.args.get("alias"):  # columns qualified by the old spelling still resolve
                table.set("alias", exp.TableAlias(this=exp.to_identifier(table.name, quoted=True)))
            table.set("this", exp.to_identifier(known.name, quoted=True))


def mysql_adapt(tree: exp.Expr, columns: Columns) -> exp.Expr:
    """``tree`` (already through the shared rewrites) made to give SQLite's rows on MySQL or MariaDB."""
    tree = tree.transform(lambda node: _rewrite(node, columns), copy=False)
    _names(tree, columns)
    return tree

