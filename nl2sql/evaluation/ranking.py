"""The gold query's sort, read from its SQL: which of its rows tie on the ORDER BY keys, and which
rows its LIMIT had to choose among.

A sort leaves the order of rows with equal keys to the engine: SQLite gives them in its scan
order, another engine (or SQLite with another plan) in its own. So the gold query is run once
more without its LIMIT and with its sort keys as extra columns where it does not show them
(``SELECT name FROM t ORDER BY price DESC LIMIT 2`` becomes ``SELECT name, price AS _key0 FROM t
ORDER BY price DESC``); the keys of those rows give the runs of ties ``matching.Ties`` holds.
Where the sort cannot be read from rows (a key under DISTINCT that is not shown, a compound query
sorted on a hidden key, an OFFSET), there is no ``Ties`` and the order is compared row by row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import sqlglot
from sqlglot import exp

from nl2sql.errors import Nl2SqlError
from nl2sql.evaluation.matching import Row, Ties

if TYPE_CHECKING:
    from nl2sql.db import Database

_KEY = "_nl2sql_key"


@dataclass(frozen=True)
class Ranking:
    """The gold query to run for its ties: ``sql`` (no LIMIT, hidden sort keys appended), and where
    each sort key is in its rows: ``shown`` keys at their position among the gold's columns,
    ``appended`` ones after them."""

    sql: str
    shown: tuple[int | None, ...]  # per sort key: its column position, or None when appended

    def keys(self, row: Row, width: int) -> tuple[object, ...]:
        """The sort keys of one row of ``sql``'s result, whose first ``width`` columns are the gold's."""
        out, appended = [], width
        for position in self.shown:
            if position is None:
                out.append(row[appended])
                appended += 1
            else:
                out.append(row[position])
        return tuple(out)


def ranking(sql: str, dialect: str = "sqlite") -> Ranking | None:
    """How to read the ties of ``sql``'s sort, or None where it has no sort or it cannot be read."""
    try:
        tree = sqlglot.parse_one(sql, read=dialect)
    except sqlglot.errors.SqlglotError:
        return None
    if not isinstance(tree, exp.Query):
        return None
    order = tree.args.get("order")
    if order is None or not order.expressions or tree.args.get("offset") is not None:
        return None
    projections = tree.selects
    starred = any(isinstance(p, exp.Star) or (isinstance(p, exp.Column) and isinstance(p.this, exp.Star))
                  for p in projections)
    shown = [None if starred else _position(o.this, projections) for o in order.expressions]
    hidden = [o.this for o, at in zip(order.expressions, shown, strict=True) if at is None]
    if any(_ordinal(k) for k in hidden):
        return None  # a column by number behind a star: which one is not known from the SQL
    if hidden and (not isinstance(tree, exp.Select) or tree.args.get("distinct") is not None):
        return None  # another column would change which rows DISTINCT or a compound query keeps
    tree = tree.copy()
    tree.set("limit", None)
    if hidden:
        assert isinstance(tree, exp.Select)
        tree = tree.select(*(exp.alias_(k.copy(), f"{_KEY}{n}") for n, k in enumerate(hidden)), copy=False)
    return Ranking(tree.sql(dialect=dialect), tuple(shown))


def _ordinal(key: exp.Expr) -> bool:
    return isinstance(key, exp.Literal) and not key.is_string and key.name.isdigit()


def _position(key: exp.Expr, projections: list[exp.Expr]) -> int | None:
    """The gold column ``key`` sorts by: by number (``ORDER BY 2``), by alias, or as the same expression."""
    if _ordinal(key):
        n = int(key.name) - 1
        return n if 0 <= n < len(projections) else None
    if isinstance(key, exp.Column) and not key.table:
        for n, p in enumerate(projections):
            if isinstance(p, exp.Alias) and p.alias.lower() == key.name.lower():
                return n
    text = key.sql().lower()
    for n, p in enumerate(projections):
        if p.unalias().sql().lower() == text:
            return n
    return None


def gold_ties(database: Database, sql: str, rows: list[tuple], *, timeout: float) -> Ties | None:
    """The ties of the gold query ``sql`` whose result on ``database`` is ``rows``; None where its
    sort cannot be read, or its rows without the LIMIT do not begin with ``rows`` (then the order
    is compared row by row)."""
    found = ranking(sql, database.dialect)
    if found is None:
        return None
    try:
        every = database.execute(found.sql, max_rows=None, timeout=timeout).rows
    except Nl2SqlError:
        return None
    width = len(rows[0]) if rows else 0
    if len(every) < len(rows) or [tuple(r[:width]) for r in every[:len(rows)]] != [tuple(r) for r in rows]:
        return None
    return Ties.of([found.keys(r, width) for r in every], [tuple(r[:width]) for r in every], len(rows))
