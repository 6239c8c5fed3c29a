"""What a PostgreSQL database holds, read from ``pg_catalog``: the schemas on the ``search_path``
first (their tables by bare name, as the user's own queries name them), then every other schema
the role may use (``schema.table``), with views, columns, types, keys, comments and sample values.

Only relations the connected role may SELECT from are listed: a read-only role sees what it can ask
about. Catalog queries are fixed text with parameters; the queries that read data (samples,
distinct values, counts) are sqlglot trees and run under a time budget each, so a huge table
costs its values, not the start-up.
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.db.base import Catalogue, Relation, declared_kind, first_row, present, text_kind
from nl2sql.db.schema import BOOLEAN, DATE, OTHER, REAL, TEXT, ForeignKey, Schema, Table

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
SELECT a.attrelid, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory,
       a.attnotnull, COALESCE(col_description(a.attrelid, a.attnum), '')
FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
WHERE a.attrelid = ANY(%s) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum
"""
_KEYS = """
SELECT conrelid, contype, conkey, confrelid, confkey FROM pg_constraint
WHERE conrelid = ANY(%s) AND contype IN ('p', 'u', 'f') ORDER BY conrelid, oid
"""
# What a type sqlglot does not know (a domain, an extension's, oid) is, by PostgreSQL's own category of it.
_CATEGORIES = {"B": BOOLEAN, "D": DATE, "N": REAL}


class Catalog(Catalogue):
    """One reading of the catalog, through the adapter's connection (held and locked for it)."""

    dialect = "postgres"
    time_of_day = DATE  # PostgreSQL counts a time of day among its date and time types

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
        return self.schema_of([self._table(r, columns.get(r.oid, []), keys.get(r.oid, []), by_oid, names)
                               for r in relations])

    def _relations(self) -> list[Relation]:
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
            relations.append(Relation(schema, name, relname, kind, comment, int(estimate) if estimate >= 0 else None,
                                      kind in _STORED, oid))
        return relations

    def column_kind(self, declared: str, category: str, values: list[object]) -> str:
        """sqlglot's reading of the type; an enum's labels are text, whatever they look like."""
        if category == "E":
            return TEXT
        if declared_kind(declared, self.dialect) is not None:
            return self.kind(declared, values)
        return text_kind(values) if category == "S" else _CATEGORIES.get(category, OTHER)

    def _table(self, rel: Relation, columns: list[tuple], keys: list[tuple], by_oid: dict[int, Relation],
               attnames: dict[int, dict[int, str]]) -> Table:
        names = attnames.get(rel.oid, {})
        primary = {names.get(n) for kind, cols, *_ in keys if kind == "p" for n in cols}
        unique = {names.get(cols[0]) for kind, cols, *_ in keys if kind in ("p", "u") and len(cols) == 1}
        sample = self.sample(rel.ref)
        built = []
        for pos, (_num, name, declared, category, not_null, comment) in enumerate(columns):
            kind = self.column_kind(declared, category, present(sample, pos))
            order = first_row(exp.column("ctid")) if rel.stored else exp.column(name, quoted=True)
            built.append(self.column(rel.ref, name, declared, kind, primary=name in primary, unique=name in unique,
                                     nullable=not not_null, order=order, description=comment))
        fks = tuple(
            ForeignKey(rel.name, names[col], by_oid[parent].name, ref_names[ref])
            for kind, cols, parent, refs in keys if kind == "f" and parent in by_oid
            for ref_names in [attnames.get(parent, {})]
            for col, ref in zip(cols, refs, strict=False) if col in names and ref in ref_names
        )
        return self.relation(rel, built, fks)
