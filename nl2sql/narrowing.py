"""Whether a follow-up only narrows or reorders the query it edits, judged on the SQL alone.

A follow-up such as "only <a value>", "sort by <column>" or "top 5" keeps every row source,
column and grouping of the query before it, and adds a condition, an order or a limit. When the
query before was signed off and the follow-up was read word for word, asking again about the
same query with one more condition is asking twice (``turn.TurnStep._settle``). The test is on
the SQL, not on an engine's spec, so it holds for any engine's statement: a change anywhere else
(a join, a column, a replaced condition) is not a narrowing, and is confirmed as its score says.

>>> only_narrows("SELECT * FROM t", "SELECT * FROM t WHERE a = 1 ORDER BY b LIMIT 3", "sqlite")
True
>>> only_narrows("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE a = 2", "sqlite")
False
"""

from __future__ import annotations

from functools import lru_cache

import sqlglot
import sqlglot.errors
from sqlglot import exp

# What a narrowing may set or change: the rest of the statement must stay exactly as it was.
_NARROWING_PARTS = ("where", "order", "limit")


@lru_cache(maxsize=256)
def only_narrows(before: str, after: str, dialect: str) -> bool:
    """``after`` is ``before`` with conditions added to its WHERE and its ORDER BY or LIMIT set or changed."""
    try:
        old, new = sqlglot.parse_one(before, read=dialect), sqlglot.parse_one(after, read=dialect)
    except sqlglot.errors.SqlglotError:
        return False
    if not isinstance(old, exp.Select) or not isinstance(new, exp.Select):
        return False
    if _wraps(old, new, dialect):
        return True
    if not _conditions(old, dialect) <= _conditions(new, dialect):
        return False
    return _rest(old, dialect) == _rest(new, dialect)


def _wraps(old: exp.Select, new: exp.Select, dialect: str) -> bool:
    """``SELECT * FROM (<before>) AS t`` with only conditions, an order or a limit around it: how an
    engine that reads another's SQL as a table narrows it."""
    source = new.args.get("from_") or new.args.get("from")  # the key sqlglot uses has changed
    inner = source.this if source is not None else None
    if not isinstance(inner, exp.Subquery) or new.args.get("joins") or not isinstance(inner.this, exp.Select):
        return False
    if [e.sql(dialect=dialect) for e in new.expressions] != ["*"] or new.args.get("group"):
        return False
    return inner.this.sql(dialect=dialect) == old.sql(dialect=dialect)


def _conditions(select: exp.Select, dialect: str) -> frozenset[str]:
    where = select.args.get("where")
    if where is None:
        return frozenset()
    parts = where.this.flatten() if isinstance(where.this, exp.And) else [where.this]
    return frozenset(part.sql(dialect=dialect) for part in parts)


def _rest(select: exp.Select, dialect: str) -> str:
    """The statement without the parts a narrowing may touch."""
    bare = select.copy()
    for part in _NARROWING_PARTS:
        bare.set(part, None)
    return bare.sql(dialect=dialect)
