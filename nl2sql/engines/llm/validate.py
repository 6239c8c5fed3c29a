"""Check a model's SQL before it runs, and say everything that is wrong in one message.

The database is the judge of what it accepts: a statement that reads only and that the database
compiles is valid, whatever a parser thinks of it (SQLite takes ``"JetBlue"`` as a string when no
column has that name). Only when the database refuses does sqlglot's scope resolution name every
unknown table and column, with the nearest real name, so that one repair round can fix them all.
Stored values are never a reason to refuse: when a filter finds no rows, ``value_hints`` names
the stored values nearest to the ones asked for (whitespace and case included).
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.optimizer.qualify import qualify
from sqlglot.optimizer.scope import Scope, traverse_scope
from sqlglot.schema import MappingSchema

from nl2sql.db import Database
from nl2sql.db.guard import ensure_read_only
from nl2sql.db.schema import Schema, Table
from nl2sql.errors import Nl2SqlError

_MAPPINGS: dict[int, tuple[Schema, MappingSchema]] = {}
PROBE_TIMEOUT_S = 5.0
# Deepest expression tree accepted from a model. sqlglot parses nested parentheses and calls by
# recursion (about 90 levels fail), and a recursive walk of a tree anywhere after it would fail on a
# deep one; a real query is a few dozen deep, a chain of 400 ORs is 400.
MAX_DEPTH = 500
TOO_DEEP = f"the SQL nests more than {MAX_DEPTH} levels deep; write it flatter (a CTE per step)"


def problems(sql: str, database: Database) -> list[str]:
    """What keeps ``sql`` from running here; empty when it reads only and the database compiles it."""
    try:
        tree = ensure_read_only(sql, database.dialect, database.allowed_functions, database.refused_functions)
    except Nl2SqlError as err:
        return [str(err)]
    except RecursionError:
        return [TOO_DEEP]
    if depth(tree) > MAX_DEPTH:
        return [TOO_DEEP]
    refused = database.check(sql)
    if refused is None:
        return []
    return [f"the database refused it: {refused}", *unknown_names(tree, database.schema)]


def depth(tree: exp.Expr) -> int:
    """How deep ``tree`` nests, counted without recursion (which is what a deep tree breaks)."""
    deepest = 0
    stack: list[tuple[exp.Expr, int]] = [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in node.iter_expressions())
    return deepest


def unknown_names(tree: exp.Expr, schema: Schema) -> list[str]:
    """Every table and column of ``tree`` that the schema does not have, each with the nearest real name."""
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    found = [f"no table named {t.name}{_nearest(t.name, [s.name for s in schema.tables])}"
             for t in tree.find_all(exp.Table)
             if t.name and t.name.lower() not in ctes and schema.table(t.name) is None]
    tree = tree.copy()
    for scope in traverse_scope(tree):
        found += _qualified_unknowns(scope, schema)
    if any(f.startswith("no table named") for f in found):
        return found  # unqualified columns cannot be placed while a table of theirs does not exist
    spelled = {c.name.lower(): c.name for c in tree.find_all(exp.Column)}  # qualification lower-cases names
    try:
        qualified = qualify(tree, schema=_mapping(schema), dialect=schema.dialect, validate_qualify_columns=False,
                            quote_identifiers=False, identify=False)
    except SqlglotError as err:
        return [*found, str(err).splitlines()[0]]
    for scope in traverse_scope(qualified):
        found += _unresolved(scope, schema, spelled)
    return list(dict.fromkeys(found))


def _qualified_unknowns(scope: Scope, schema: Schema) -> list[str]:
    """``alias.column`` where the alias's table has no such column; each is replaced by NULL so that
    qualification can go on to the rest."""
    found = []
    for column in list(scope.columns):
        source = scope.sources.get(column.table) if column.table else None
        if isinstance(source, exp.Table):
            table = schema.table(source.name)
            if table is not None and table.column(column.name) is None:
                found.append(f"{table.name} has no column {column.name}"
                             f"{_nearest(column.name, [c.name for c in table.columns])}")
                column.replace(exp.Null())
        elif column.table and source is None and not scope.is_correlated_subquery:
            found.append(f"{column.table}.{column.name}: no table or alias named {column.table} in that query")
            column.replace(exp.Null())
    return found


def _unresolved(scope: Scope, schema: Schema, spelled: dict[str, str]) -> list[str]:
    """Columns sqlglot's qualification could not place in any table of their query."""
    if not isinstance(scope.expression, exp.Select):
        return []
    columns = list(scope.unqualified_columns)
    if not scope.is_correlated_subquery:
        columns += [c for c in scope.external_columns if not c.table]
    tables = [t for source in scope.sources.values() if isinstance(source, exp.Table)
              for t in [schema.table(source.name)] if t is not None]
    names = [c.name for t in tables for c in t.columns]
    found = []
    for column in columns:
        name = spelled.get(column.name, column.name)
        owners = ", ".join(t.name for t in tables if t.column(name))
        if column.this.args.get("quoted") and not owners:
            found.append(f'"{name}" is not a column; write text values in single quotes')
        elif owners:
            found.append(f"column {name} is ambiguous (it is in {owners}); qualify it")
        else:
            where = ", ".join(t.name for t in tables) or "that query"
            found.append(f"no column {name} in {where}{_nearest(name, names)}")
    return found


def value_hints(sql: str, database: Database) -> list[str]:
    """For each text filter that finds no row in its column: the stored values nearest to what it asked
    for (whitespace and case included). A filter is probed alone, so a count of nothing counts too."""
    from rapidfuzz import fuzz, process

    schema = database.schema
    try:
        tree = ensure_read_only(sql, schema.dialect, database.allowed_functions, database.refused_functions)
    except Nl2SqlError:
        return []
    hints = []
    for column, literals in _compared_literals(tree):
        holder = _holder(column, schema)
        stored = holder.column(column.name) if holder is not None else None
        if holder is None or stored is None or not stored.values or any(v in stored.values for v in literals):
            continue
        if _finds_rows(database, holder.name, stored.name, literals):
            continue
        for literal in literals:
            wanted = literal.strip().casefold()
            near = [v for v in stored.values if v.strip().casefold() == wanted] or [
                v for v, _, _ in process.extract(literal, stored.values, scorer=fuzz.WRatio, limit=3, score_cutoff=60)]
            if near:
                hints.append(f"{holder.name}.{stored.name} has no value {literal!r}; nearest stored: "
                             f"{', '.join(repr(v) for v in near)}")
    return hints


def _finds_rows(database: Database, table: str, column: str, literals: list[str]) -> bool:
    probe = (exp.select("1").from_(exp.to_table(table, quoted=True))
             .where(exp.column(column, quoted=True).isin(*[exp.Literal.string(v) for v in literals])).limit(1))
    try:
        return bool(database.execute(probe.sql(dialect=database.dialect), max_rows=1, timeout=PROBE_TIMEOUT_S).rows)
    except Nl2SqlError:
        return True  # no verdict: no hint


def _compared_literals(tree: exp.Expr) -> list[tuple[exp.Column, list[str]]]:
    """Columns compared with text literals (``=`` or ``IN``), with the literals."""
    pairs = []
    for node in tree.find_all(exp.EQ, exp.In):
        column = node.this
        literals = [node.expression] if isinstance(node, exp.EQ) else list(node.expressions)
        if isinstance(node, exp.EQ) and isinstance(column, exp.Literal):
            column, literals = node.expression, [node.this]
        texts = [lit.this for lit in literals if isinstance(lit, exp.Literal) and lit.is_string]
        if isinstance(column, exp.Column) and texts and len(texts) == len(literals):
            pairs.append((column, texts))
    return pairs


def _holder(column: exp.Column, schema: Schema) -> Table | None:
    """The table a compared column belongs to, looked up in its own SELECT first and then the ones around
    it (a correlated reference), as SQL resolves it: by alias, or as the one table there that has it."""
    select = column.find_ancestor(exp.Select)
    while select is not None:
        tables = [t for t in select.find_all(exp.Table) if t.find_ancestor(exp.Select) is select]
        for table in tables:
            known = schema.table(table.name)
            if column.table:
                if column.table.lower() == (table.alias_or_name or table.name).lower():
                    return known
            elif known is not None and known.column(column.name) is not None:
                return known
        select = select.find_ancestor(exp.Select)
    return None


def _nearest(name: str, options: list[str]) -> str:
    from rapidfuzz import fuzz, process

    match = process.extractOne(name, options, scorer=fuzz.ratio, processor=str.lower, score_cutoff=60)
    return f"; did you mean {match[0]}?" if match else ""


def _mapping(schema: Schema) -> MappingSchema:
    """sqlglot's view of the schema, built once per schema (qualification resolves columns against it)."""
    cached = _MAPPINGS.get(id(schema))
    if cached is None or cached[0] is not schema:
        if len(_MAPPINGS) >= 32:  # an eval worker meets many schemas: keep the recent ones only
            _MAPPINGS.clear()
        mapping = MappingSchema({t.name: {c.name: "TEXT" for c in t.columns} for t in schema.tables},
                                dialect=schema.dialect)
        cached = _MAPPINGS[id(schema)] = (schema, mapping)
    return cached[1]
