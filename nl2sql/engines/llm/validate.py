"""Check a model's SQL before it runs: one read statement, real tables and columns, known values.

The messages are written to be fed back to the model for one repair round, so they name what is
wrong and what exists instead.
"""

from __future__ import annotations

import difflib

from sqlglot import exp

from nl2sql.db.guard import ensure_read_only
from nl2sql.db.schema import Schema
from nl2sql.errors import Nl2SqlError


def _suggest(name: str, options: list[str]) -> str:
    close = difflib.get_close_matches(name.lower(), [o.lower() for o in options], n=1)
    if close:
        match = next(o for o in options if o.lower() == close[0])
        return f"; did you mean {match}?"
    return ""


def problems(sql: str, schema: Schema) -> list[str]:
    """What is wrong with ``sql`` for this schema; empty when it may run."""
    try:
        tree = ensure_read_only(sql, schema.dialect)
    except Nl2SqlError as err:
        return [str(err)]
    found: list[str] = []
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    aliases: dict[str, str] = {}
    tables_in_query = []
    for table in tree.find_all(exp.Table):
        name = table.name
        if name.lower() in ctes or not name:
            continue
        real = schema.table(name)
        if real is None:
            found.append(f"no table named {name}{_suggest(name, [t.name for t in schema.tables])}")
            continue
        tables_in_query.append(real)
        aliases[(table.alias_or_name or name).lower()] = real.name
        aliases[name.lower()] = real.name
    if found:
        return found
    select_aliases = {a.alias.lower() for a in tree.find_all(exp.Alias)}
    for column in tree.find_all(exp.Column):
        name = column.name
        if not name or name == "*" or name.lower() in select_aliases:
            continue
        owner = column.table.lower() if column.table else None
        if owner is not None:
            if owner in ctes or owner not in aliases:
                continue
            known = schema.table(aliases[owner])
            if known is not None and known.column(name) is None:
                found.append(f"{known.name} has no column {name}{_suggest(name, [c.name for c in known.columns])}")
        elif tables_in_query and not any(t.column(name) for t in tables_in_query) and not ctes:
            names = [c.name for t in tables_in_query for c in t.columns]
            found.append(f"no column {name} in {', '.join(t.name for t in tables_in_query)}{_suggest(name, names)}")
    for eq in tree.find_all(exp.EQ):
        column, literal = eq.this, eq.expression
        if isinstance(literal, exp.Column) and isinstance(column, exp.Literal):
            column, literal = literal, column
        if not (isinstance(column, exp.Column) and isinstance(literal, exp.Literal) and literal.is_string):
            continue
        owner = aliases.get(column.table.lower()) if column.table else None
        candidates = [schema.table(owner)] if owner else tables_in_query
        for holder in candidates:
            col = holder.column(column.name) if holder is not None else None
            if holder is not None and col is not None and col.values and literal.this not in col.values:
                lowered = {v.lower(): v for v in col.values}
                hint = f"; stored as {lowered[literal.this.lower()]!r}" if literal.this.lower() in lowered else \
                    f"; known values: {', '.join(repr(v) for v in col.values[:8])}"
                found.append(f"{holder.name}.{col.name} has no value {literal.this!r}{hint}")
    return found
