"""What a PostgreSQL database holds, read from ``pg_catalog``: the schemas on the ``search_path``
first (their tables by bare name, as the user's own queries name them), then every other schema
the role may use (``schema.table``), with views, columns, types, keys, comments and sample values.

Only relations the connected role may SELECT from are listed: a read-only role sees what it can ask
about. Catalog queries are fixed text with parameters; the queries that read data (samples,
distinct values, counts) are sqlglot trees and run under a time budget each, so a huge table
costs its values, not the start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlglot import exp

from nl2sql.db.introspect import INTROSPECTION_BUDGET_S, MAX_INDEXED_VALUES, declared_key, text_kind
from nl2sql.db.schema import BOOLEAN, DATE, INTEGER, OTHER, REAL, TEXT, Column, ForeignKey, Schema, Table

_INTEGERS = ("int2", "int4", "int8")
_STORED = ("r", "p", "m")  # kinds with rows of their own (ctid): tables, partitioned tables, materialized views

_SCHEMAS = """
SELECT nspname FROM pg_namespace
WHERE nspname !~ '^pg_' AND nspname <> 'information_schema' AND has_schema_privilege(oid, 'USAGE')
"""
_RELATIONS = """
SELECT c.oid, n.nspname, c.relname, c.relkind, COALESCE(obj_description(c.oid, 'pg_class'), ''), c.reltuples
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY(%s) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
  AND has_table_privilege(c.oid, 'SELECT')
"""
_COLUMNS = """
SELECT a.attrelid, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory, t.typname,
       a.attnotnull, COALESCE(col_description(a.attrelid, a.attnum), '')
FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
WHERE a.attrelid = ANY(%s) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum
"""
_KEYS = """
SELECT conrelid, contype, conkey, confrelid, confkey FROM pg_constraint
WHERE conrelid = ANY(%s) AND contype IN ('p', 'u', 'f') ORDER BY conrelid, oid
"""

# The adapter runs a catalog query (fixed text, parameters) in its read-only transaction, time limit and all.
CatalogReader = Callable[[str, "list[object] | None"], "list[tuple]"]
RowReader = Callable[[exp.Expr, float], "list[tuple] | None"]


@dataclass
class _Relation:
    oid: int
    schema: str
    name: str  # as the schema lists it: bare on the search path, else schema.name
    relname: str
    kind: str
    comment: str
    estimate: float

    @property
    def ref(self) -> exp.Table:
        return exp.table_(exp.to_identifier(self.relname, quoted=True), db=exp.to_identifier(self.schema, quoted=True))


def column_kind(category: str, type_name: str, present: list[object]) -> str:
    """How a column behaves for questions, from its type's category (and its values, for text)."""
    if category == "B":
        return BOOLEAN
    if category == "D":
        return DATE
    if category == "N":
        return INTEGER if type_name in _INTEGERS else REAL
    if category == "S":
        return text_kind(present)
    return TEXT if category == "E" else OTHER


class Catalog:
    """One reading of the catalog, through the adapter's connection (held and locked for it)."""

    def __init__(self, catalog: CatalogReader, rows: RowReader) -> None:
        self._read = catalog
        self._rows = rows

    def _catalog(self, sql: str, params: list[object] | None = None) -> list[tuple]:
        return self._read(sql, params)

    def schema(self) -> Schema:
        relations = self._relations()
        by_oid = {r.oid: r for r in relations}
        columns: dict[int, list[tuple]] = {}
        for row in self._catalog(_COLUMNS, [list(by_oid)]):
            columns.setdefault(row[0], []).append(row[1:])
        keys: dict[int, list[tuple]] = {}
        for row in self._catalog(_KEYS, [list(by_oid)]):
            keys.setdefault(row[0], []).append(row[1:])
        names = {oid: {num: name for num, name, *_ in cols} for oid, cols in columns.items()}
        tables = [self._table(r, columns.get(r.oid, []), keys.get(r.oid, []), by_oid, names) for r in relations]
        return Schema(tuple(sorted(tables, key=lambda t: t.name)), dialect="postgres")

    def _relations(self) -> list[_Relation]:
        """Every readable relation, named bare when its schema is on the search path and no earlier
        schema there has the name, else qualified."""
        (path,) = self._catalog("SELECT current_schemas(false)")[0]
        usable = sorted(r[0] for r in self._catalog(_SCHEMAS))
        order = [s for s in path if s in usable] + [s for s in usable if s not in path]
        rank = {s: n for n, s in enumerate(order)}
        found = self._catalog(_RELATIONS, [order])
        taken: set[str] = set()
        relations = []
        for oid, schema, relname, kind, comment, estimate in sorted(found, key=lambda r: (rank[r[1]], r[2])):
            bare = schema in path and relname.lower() not in taken
            if bare:
                taken.add(relname.lower())
            name = relname if bare else f"{schema}.{relname}"
            relations.append(_Relation(oid, schema, name, relname, kind, comment, float(estimate)))
        return relations

    def _table(self, rel: _Relation, columns: list[tuple], keys: list[tuple], by_oid: dict[int, _Relation],
               attnames: dict[int, dict[int, str]]) -> Table:
        names = attnames.get(rel.oid, {})
        primary = {names.get(n) for kind, cols, *_ in keys if kind == "p" for n in cols}
        unique = {names.get(cols[0]) for kind, cols, *_ in keys if kind in ("p", "u") and len(cols) == 1}
        sample = self._rows(exp.select("*").from_(rel.ref).limit(50), INTROSPECTION_BUDGET_S) or []
        built = []
        for pos, (_num, name, declared, category, type_name, not_null, comment) in enumerate(columns):
            present = [row[pos] for row in sample if row[pos] not in (None, "")]
            kind = column_kind(category, type_name, present)
            built.append(Column(
                name=name, type=declared, kind=kind, primary_key=name in primary,
                nullable=not not_null and name not in primary, unique=name in unique,
                values=self._values(rel, name) if kind == TEXT else (), description=comment,
            ))
        fks = tuple(
            ForeignKey(rel.name, names[col], by_oid[parent].name, ref_names[ref])
            for kind, cols, parent, refs in keys if kind == "f" and parent in by_oid
            for ref_names in [attnames.get(parent, {})]
            for col, ref in zip(cols, refs, strict=False) if col in names and ref in ref_names
        ) + tuple(ForeignKey(rel.name, c.name, *found) for c in built if (found := declared_key(c.description)))
        namespace = rel.schema if rel.name != rel.relname else ""
        return Table(rel.name, tuple(built), fks, self._count(rel), description=rel.comment, namespace=namespace,
                     stored=rel.kind in _STORED)

    def _values(self, rel: _Relation, column: str) -> tuple[str, ...]:
        """Every distinct value of a text column, when there are few and they come quickly, in the
        order of their first row (as SQLite lists them; a view has no row ids and sorts them)."""
        ref = exp.column(column, quoted=True)
        first = exp.Min(this=exp.column("ctid")) if rel.kind in _STORED else ref
        query = (exp.select(ref).from_(rel.ref).where(ref.is_(exp.null()).not_()).group_by(ref)
                 .order_by(first).limit(MAX_INDEXED_VALUES + 1))
        distinct = self._rows(query, INTROSPECTION_BUDGET_S) or []
        return tuple(str(v[0]) for v in distinct) if 0 < len(distinct) <= MAX_INDEXED_VALUES else ()

    def _count(self, rel: _Relation) -> int | None:
        """The exact row count when it comes within the budget, else the planner's estimate."""
        counted = self._rows(exp.select("COUNT(*)").from_(rel.ref), INTROSPECTION_BUDGET_S)
        if counted:
            return int(counted[0][0])
        return int(rel.estimate) if rel.estimate >= 0 and rel.kind in _STORED else None
