"""Whether a follow-up only narrows or reorders the query it edits, judged on the SQL alone.

A follow-up such as "only <a value>", "only those with more than 10", "sort by <column>" or
"top 5" keeps every row source, column and grouping of the query before it, and adds a condition
(on rows or on the groups it forms), an order or a limit. When the
query before was signed off and the follow-up was read word for word, asking again about the
same query with one more condition is asking twice (``turn.TurnStep._settle``). So is asking how
many rows it lists ("how many are there?": a count of the same rows), and asking about
it with a condition's value said again ("what about 2024?", "what about Student?"): the condition
stays on the same column with the same comparison, only its literal changes. The test is on
the SQL, not on an engine's spec, so it holds for any engine's statement: a change anywhere else
(a column, a condition dropped or moved to another column, a join that could repeat rows) is not a
narrowing, and is confirmed as its score says. A join to the one row each row points to ("only the jazz ones":
each track's genre, by the genre's key) repeats no row, so a condition on it still only narrows;
the caller names the keys (``unique``) that make a join so. Other columns of the same rows ("add
their phone numbers") are a change in plain sight, not of the rows signed off (``same_rows``).

>>> only_narrows("SELECT * FROM t", "SELECT * FROM t WHERE a = 1 ORDER BY b LIMIT 3", "sqlite")
True
>>> only_narrows("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE a = 2", "sqlite")
True
>>> only_narrows("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE b = 1", "sqlite")
False
>>> only_narrows("SELECT name FROM t WHERE a = 1", "SELECT COUNT(*) AS n FROM t WHERE a = 1", "sqlite")
True
>>> only_narrows("SELECT b, COUNT(*) FROM t GROUP BY b", "SELECT b, COUNT(*) FROM t GROUP BY b HAVING COUNT(*) > 3",
...              "sqlite")
True
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db.schema import Schema

# What a narrowing may set or change: the rest of the statement must stay exactly as it was.
_NARROWING_PARTS = ("where", "having", "order", "limit")


@lru_cache(maxsize=256)
def only_narrows(before: str, after: str, dialect: str, unique: frozenset[tuple[str, str]] = frozenset(),
                 required: frozenset[tuple[str, str]] | None = None) -> bool:
    """``after`` is ``before`` with conditions added to its WHERE or their values said again (perhaps
    on rows joined by one of the ``unique`` (table, column) keys, lowercase) and its ORDER BY or LIMIT
    set or changed. ``required``, when given: the columns that are never empty, which a count may
    leave a join along (a join along a key that may be empty drops the rows without one)."""
    try:
        old, new = sqlglot.parse_one(before, read=dialect), sqlglot.parse_one(after, read=dialect)
    except sqlglot.errors.SqlglotError:
        return False
    if not isinstance(old, exp.Select) or not isinstance(new, exp.Select):
        return False
    if _wraps(old, new, dialect) or _counts(old, new, dialect, unique, required):
        return True
    if _kept(_conditions(old, dialect), _conditions(new, dialect)) and _rest(old, dialect) == _rest(new, dialect):
        return True
    return _parent_joins_only(old, new, dialect, unique)


def same_rows(before: str, after: str, dialect: str, unique: frozenset[tuple[str, str]] = frozenset(),
              required: frozenset[tuple[str, str]] = frozenset()) -> bool:
    """``after`` lists the rows ``before`` lists, or fewer (``only_narrows``), perhaps showing other
    columns of them: "add their phone numbers", "show the company name too". A wrong column is in
    plain sight on the screen, and the rows are the ones signed off; neither statement may group,
    count or keep distinct values, whose rows the columns shown decide, and a column of another
    table is joined along a key every row has (``required``: an inner join along a key that may be
    empty would silently drop rows)."""
    if only_narrows(before, after, dialect, unique, required):
        return True
    try:
        old, new = sqlglot.parse_one(before, read=dialect), sqlglot.parse_one(after, read=dialect)
    except sqlglot.errors.SqlglotError:
        return False
    if not isinstance(old, exp.Select) or not isinstance(new, exp.Select) or not (_plain(old) and _plain(new)):
        return False
    had = {join.sql(dialect=dialect) for join in old.args.get("joins") or []}
    if any(_referencing(join, unique) not in required for join in new.args.get("joins") or []
           if join.sql(dialect=dialect) not in had):
        return False
    shown = new.copy()
    shown.set("expressions", [e.copy() for e in old.expressions])
    return only_narrows(before, shown.sql(dialect=dialect), dialect, unique, required)


def _plain(select: exp.Select) -> bool:
    """Rows as they are: columns or ``*`` only, nothing grouped, counted or made distinct."""
    if any(select.args.get(part) for part in ("group", "having", "distinct")):
        return False
    return all(isinstance(e.unalias(), (exp.Column, exp.Star)) for e in select.expressions)


def required_columns(schema: Schema) -> frozenset[tuple[str, str]]:
    """The (table, column) pairs, lowercase, of columns no row leaves empty."""
    return frozenset((table.name.lower(), c.name.lower()) for table in schema.tables for c in table.columns
                     if not c.nullable or c.primary_key)


def unique_keys(schema: Schema) -> frozenset[tuple[str, str]]:
    """The (table, column) pairs, lowercase, whose value names one row: a single-column primary key or
    a unique column (one part of a two-column key names many rows)."""
    out: set[tuple[str, str]] = set()
    for table in schema.tables:
        keys = [c for c in table.columns if c.primary_key]
        out.update((table.name.lower(), c.name.lower()) for c in table.columns
                   if c.unique or (c.primary_key and len(keys) == 1))
    return frozenset(out)


def _parent_joins_only(old: exp.Select, new: exp.Select, dialect: str, unique: frozenset[tuple[str, str]]) -> bool:
    """Whether ``new`` differs from ``old`` (beyond the narrowing parts) only by more inner joins, each
    on a unique key of the joined table; when ``old`` joined nothing, ``*`` has become
    ``<the first table>.*`` and its columns are named by that table."""
    source = old.args.get("from_") or old.args.get("from")
    if not unique or source is None or not isinstance(source.this, exp.Table):
        return False
    had = [join.sql(dialect=dialect) for join in old.args.get("joins") or []]
    joins = new.args.get("joins") or []
    added = [join for join in joins if join.sql(dialect=dialect) not in had]
    if not added or len(joins) - len(added) != len(had) or not all(_joins_by_key(join, unique) for join in added):
        return False
    bare = new.copy()
    bare.set("joins", [join for join in bare.args.get("joins") or [] if join.sql(dialect=dialect) in had] or None)
    if not had:
        bare = _unnamed(bare)
    return _kept(_conditions(old, dialect), _conditions(bare, dialect)) and _rest(old, dialect) == _rest(bare, dialect)


def _unnamed(select: exp.Select) -> exp.Select:
    """``select`` as written when it joins nothing: its first table's columns named without the table,
    and ``<that table>.*`` as ``*``."""
    bare = select.copy()
    source = bare.args.get("from_") or bare.args.get("from")
    main = source.this.alias_or_name if source is not None else None
    for col in bare.find_all(exp.Column):
        if col.table == main:
            col.set("table", None)
    bare.set("expressions", [exp.Star() if isinstance(e, exp.Column) and isinstance(e.this, exp.Star) else e
                             for e in bare.expressions])
    return bare


def _referencing(join: exp.Join, unique: frozenset[tuple[str, str]]) -> tuple[str, str] | None:
    """The (table, column), lowercase, of the key a join by the joined table's key follows, on the
    side of the rows already there."""
    on, name = join.args.get("on"), join.this.alias_or_name
    if not isinstance(on, exp.EQ) or not _joins_by_key(join, unique):
        return None
    side = next((col for col in (on.this, on.expression) if isinstance(col, exp.Column) and col.table != name), None)
    return (side.table.lower(), side.name.lower()) if side is not None else None


def _joins_by_key(join: exp.Join, unique: frozenset[tuple[str, str]], *, left: bool = False) -> bool:
    """An inner join (``left``: a LEFT JOIN) whose condition is one equality with a unique column of
    the joined table."""
    table, on = join.this, join.args.get("on")
    side = "LEFT" if left else ""
    if not isinstance(table, exp.Table) or (join.side or "").upper() != side \
            or join.kind not in ("", "INNER", "OUTER") or not isinstance(on, exp.EQ):
        return False
    name = table.alias_or_name
    return any(isinstance(col, exp.Column) and col.table == name and (table.name.lower(), col.name.lower()) in unique
               for col in (on.this, on.expression))


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


def _kept(old: frozenset[tuple[str, str]], new: frozenset[tuple[str, str]]) -> bool:
    """Every condition before is there after, with others added; or the same conditions with other
    literals in the same places, none added (a swap and a new condition together, "before 2020"
    become "in 2018", is another question)."""
    if old <= new:
        return True
    return Counter(shape for _sql, shape in old) == Counter(shape for _sql, shape in new)


def _counts(old: exp.Select, new: exp.Select, dialect: str, unique: frozenset[tuple[str, str]],
            required: frozenset[tuple[str, str]] | None) -> bool:
    """``SELECT COUNT(*)`` over the very rows ``before`` lists ("how many are there?"): one number
    about the rows signed off, read from the same tables and conditions; a table ``before`` joined by
    its key only to show a column of it may be left out."""
    if len(new.expressions) != 1 or not isinstance(new.expressions[0].unalias(), exp.Count) \
            or not isinstance(new.expressions[0].unalias().this, exp.Star):
        return False
    if any(old.args.get(part) or new.args.get(part) for part in ("group", "having", "limit", "distinct")):
        return False
    if any(e.find(exp.AggFunc) for e in old.expressions):
        return False
    if _source(old, dialect) == _source(new, dialect):
        return True
    kept = [join.sql(dialect=dialect) for join in new.args.get("joins") or []]
    left = [join for join in old.args.get("joins") or [] if join.sql(dialect=dialect) not in kept]
    # a LEFT JOIN on the joined row's key neither drops a row nor repeats one
    if not left or not all(_joins_by_key(join, unique) and (required is None or _referencing(join, unique) in required)
                           or _joins_by_key(join, unique, left=True) for join in left):
        return False
    bare = old.copy()
    bare.set("joins", [join for join in bare.args.get("joins") or [] if join.sql(dialect=dialect) in kept] or None)
    return _source(bare if kept else _unnamed(bare), dialect) == _source(new, dialect)


def _source(select: exp.Select, dialect: str) -> str:
    """The rows a statement reads: its FROM, joins and WHERE, without what it shows or how it orders."""
    bare = select.copy()
    bare.set("expressions", [exp.Star()])
    bare.set("order", None)
    return bare.sql(dialect=dialect)


def _conditions(select: exp.Select, dialect: str) -> frozenset[tuple[str, str]]:
    """The conditions of the WHERE and of the HAVING (a condition on the groups a query already
    forms keeps some of them, as one on rows keeps some rows), each as (its SQL, its SQL with every
    literal a placeholder), marked with the clause it is in."""
    out: set[tuple[str, str]] = set()
    for clause in ("where", "having"):
        found = select.args.get(clause)
        if found is None:
            continue
        parts = found.this.flatten() if isinstance(found.this, exp.And) else [found.this]
        out.update((f"{clause} {part.sql(dialect=dialect)}", f"{clause} {_shape(part, dialect)}") for part in parts)
    return frozenset(out)


def _shape(condition: exp.Expression, dialect: str) -> str:
    return condition.transform(lambda node: exp.Placeholder() if isinstance(node, exp.Literal) else node
                               ).sql(dialect=dialect)


def _rest(select: exp.Select, dialect: str) -> str:
    """The statement without the parts a narrowing may touch."""
    bare = select.copy()
    for part in _NARROWING_PARTS:
        bare.set(part, None)
    return bare.sql(dialect=dialect)
