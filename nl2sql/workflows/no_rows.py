"""Why an empty result may be empty: a filter compares a column with a value it does not hold.

"No rows" after ``country = 'Frnace'`` reads as "there are none"; it is a typo. When a query
returns nothing, every ``column = 'text'`` (and ``IN``, ``LIKE``) is checked against the column
itself, through the same guarded ``Database`` and time limit as the query, and a value the column
lacks is named with the stored values nearest to it. A hint is a nicety: whatever goes wrong
while looking for one means no hint, never a failed turn.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db import Database, QueryResult
from nl2sql.db.base import MAX_INDEXED_VALUES
from nl2sql.db.schema import Schema, Table
from nl2sql.errors import Nl2SqlError

log = logging.getLogger(__name__)

MAX_FILTERS = 3  # filters checked per empty result: each costs up to two small queries
# Distinct stored values read to look for the nearest ones: a column the schema could not list
# whole has more than the index holds.
MAX_VALUES = 2 * MAX_INDEXED_VALUES
NEAREST = 3
MIN_SCORE = 60  # rapidfuzz WRatio under which a stored value is no suggestion at all
# Each check's own time limit, under the session's: a hint must not keep an empty answer waiting.
CHECK_TIMEOUT_S = 3.0


@dataclass(frozen=True)
class ValueFilter:
    """One comparison of a stored column with a text literal, as the query wrote it."""

    table: Table
    source: exp.Table  # the table as the query names it (its database and catalog kept)
    column: str
    value: str
    operator: str  # "=", "LIKE" or "ILIKE"


def hint_for(database: Database, sql: str, result: QueryResult, *, timeout: float) -> str | None:
    """The hint a turn carries: only for an empty result, and no bug in the search may cost the turn."""
    if result.rows or not result.columns:
        return None
    try:
        return no_rows_hint(database, sql, timeout=timeout)
    except Exception:  # a nicety: the result stands without it
        log.exception("looking for a no-rows hint failed")
        return None


def no_rows_hint(database: Database, sql: str, *, timeout: float) -> str | None:
    """A line per filter value the column does not hold, with the nearest stored values; None
    when every value is there (the filters are right, the combination is empty) or nothing can tell."""
    try:
        tree = sqlglot.parse_one(sql, read=database.dialect)
    except (sqlglot.errors.SqlglotError, RecursionError):
        return None
    lines = []
    for found in value_filters(tree, database.schema)[:MAX_FILTERS]:
        try:
            line = _explain(database, found, min(timeout, CHECK_TIMEOUT_S))
        except Nl2SqlError as err:  # timed out, cancelled (Ctrl-C) or refused: stop looking, keep what was found
            log.debug("no-rows check of %s.%s failed: %s", found.table.name, found.column, err)
            break
        if line:
            lines.append(line)
    return "\n".join(lines) or None


def value_filters(tree: exp.Expr, schema: Schema) -> list[ValueFilter]:
    """Every ``column = 'text'``, ``column IN ('a', 'b')`` and ``column LIKE 'pattern'`` on a stored
    table's column (negated ones left out: their emptiness means something else)."""
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    found: list[ValueFilter] = []
    for node in tree.find_all(exp.EQ, exp.In, exp.Like, exp.ILike):
        if isinstance(node.parent, exp.Not):
            continue
        for column, value, operator in _comparisons(node):
            resolved = _resolve(column, schema, ctes)
            if resolved is not None:
                table, source, name = resolved
                found.append(ValueFilter(table, source, name, value, operator))
    return list(dict.fromkeys(found))


def _comparisons(node: exp.Expr) -> list[tuple[exp.Column, str, str]]:
    if isinstance(node, exp.In):
        column, items = node.this, node.expressions
        if isinstance(column, exp.Column) and items and all(_text(i) for i in items):
            return [(column, i.this, "=") for i in items]
        return []
    left, right = node.this, node.expression
    if isinstance(right, exp.Column) and isinstance(node, exp.EQ):
        left, right = right, left
    if isinstance(left, exp.Column) and _text(right):
        operator = "=" if isinstance(node, exp.EQ) else "ILIKE" if isinstance(node, exp.ILike) else "LIKE"
        return [(left, right.this, operator)]
    return []


def _text(node: exp.Expr) -> bool:
    return isinstance(node, exp.Literal) and node.is_string


def _stored(node: exp.Table, schema: Schema, ctes: set[str]) -> Table | None:
    """The stored table a FROM or JOIN names; None for a CTE (even one named like a table) or a name
    the schema does not hold."""
    if not node.db and node.name.lower() in ctes:
        return None
    return schema.table(f"{node.db}.{node.name}" if node.db else node.name) or schema.table(node.name)


def _resolve(column: exp.Column, schema: Schema, ctes: set[str]) -> tuple[Table, exp.Table, str] | None:
    """The stored table a column belongs to and the column's stored name, as SQL resolves it: in its
    own SELECT first, then the ones around it (a correlated reference). None when a source in scope
    is not a stored table (a CTE, a subquery) or two tables share the name: not ours to guess."""
    select = column.find_ancestor(exp.Select)
    while select is not None:
        tables = [t for t in select.find_all(exp.Table) if t.find_ancestor(exp.Select) is select]
        if column.table:
            tables = [t for t in tables if t.alias_or_name.lower() == column.table.lower()]
        derived = [q.alias_or_name.lower() for q in select.find_all(exp.Subquery)
                   if isinstance(q.parent, (exp.From, exp.Join)) and q.find_ancestor(exp.Select) is select]
        stored = [(_stored(t, schema, ctes), t) for t in tables]
        hidden = bool(derived) and (not column.table or column.table.lower() in derived)
        if hidden or any(table is None for table, _ in stored):
            return None
        owners = [(table, node, c.name) for table, node in stored
                  if table is not None and (c := table.column(column.name)) is not None]
        if owners:
            return owners[0] if len(owners) == 1 else None
        if column.table and tables:
            return None
        select = select.find_ancestor(exp.Select)
    return None


def _explain(database: Database, found: ValueFilter, timeout: float) -> str | None:
    table = found.source.copy()
    table.set("alias", None)
    column = exp.column(exp.to_identifier(found.column, quoted=True))
    literal = exp.Literal.string(found.value)
    condition: exp.Expr = {"=": exp.EQ, "LIKE": exp.Like, "ILIKE": exp.ILike}[found.operator](
        this=column, expression=literal)
    probe = exp.select(exp.Literal.number(1)).from_(table).where(condition).limit(1)
    if database.execute(probe.sql(dialect=database.dialect), max_rows=1, timeout=timeout).rows:
        return None  # the value is there: the filters together are what is empty
    nearest = _nearest(found.value.strip("%_") if found.operator != "=" else found.value,
                       _stored_values(database, found, table, column, timeout))
    where = f"{found.table.name}.{found.column}"
    if found.operator == "=":
        text = f"No rows: {_quote(found.value)} is not a value of {where}"
    else:
        text = f"No rows: no value of {where} matches {_quote(found.value)}"
    return text + (f"; nearest: {', '.join(_quote(v) for v in nearest)}" if nearest else "")


def _stored_values(database: Database, found: ValueFilter, table: exp.Table, column: exp.Column,
                   timeout: float) -> list[str]:
    """The column's values: the schema's list for a low-cardinality column, else a bounded DISTINCT."""
    listed = found.table.column(found.column)
    if listed is not None and listed.values:
        return list(listed.values)
    query = exp.select(column).distinct().from_(table).where(exp.Not(this=exp.Is(this=column, expression=exp.Null())))
    result = database.execute(query.sql(dialect=database.dialect), max_rows=MAX_VALUES, timeout=timeout)
    return [str(row[0]) for row in result.rows]


def _nearest(value: str, stored: list[str]) -> list[str]:
    from rapidfuzz import fuzz, process, utils

    matches = process.extract(value, stored, scorer=fuzz.WRatio, processor=utils.default_process,
                              limit=NEAREST, score_cutoff=MIN_SCORE)
    return [match for match, _score, _index in matches]


def _quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"
