"""What a MySQL or MariaDB server holds, read from ``information_schema``: the URL's database first
(its tables by bare name, as the user's own queries name them), then the other databases the user
may read (``db.table``), with views, columns, types, keys, comments and sample values.

``information_schema`` lists only what the user has a privilege on. Catalog queries are fixed text
with parameters; the queries that read data (samples, distinct values, counts) are sqlglot trees
and run under a time budget each, so a huge table costs its values, not the start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlglot import exp

from nl2sql.db.base import CatalogReader, Catalogue, Relation, Rows, declared_kind, first_row, present
from nl2sql.db.schema import BOOLEAN, INTEGER, ForeignKey, Schema, Table

SYSTEM_DATABASES = ("information_schema", "mysql", "performance_schema", "sys")
_STORED = ("BASE TABLE", "SYSTEM VERSIONED")

_DATABASES = "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA"
_RELATIONS = """
SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, TABLE_COMMENT, TABLE_ROWS FROM information_schema.TABLES
WHERE TABLE_SCHEMA IN %s AND TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED', 'VIEW')
"""
_COLUMNS = """
SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, DATA_TYPE, IS_NULLABLE, COLUMN_COMMENT
FROM information_schema.COLUMNS WHERE TABLE_SCHEMA IN %s ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION
"""
# KEY_COLUMN_USAGE lists primary keys (named PRIMARY), unique keys and foreign keys (with what they
# reference); TABLE_CONSTRAINTS would say which is which, but shows nothing to a user with only
# table-level privileges.
_KEYS = """
SELECT TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME,
       REFERENCED_COLUMN_NAME
FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA IN %s
ORDER BY TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION
"""


@dataclass
class _Key:
    kind: str  # PRIMARY KEY, UNIQUE or FOREIGN KEY
    columns: list[str]
    parent: tuple[str, str] | None  # (database, table) a foreign key refers to
    refs: list[str]


class Catalog(Catalogue):
    """One reading of the catalog, through the adapter's (locked) connection."""

    dialect = "mysql"

    def __init__(self, rows: Rows, catalog: CatalogReader, database: str | None,
                 others: tuple[str, ...] | None) -> None:
        super().__init__(rows, catalog)
        self._database = database
        self._others = others

    def databases(self) -> list[str]:
        """The URL's database, then the others asked for (every one the user may read by default)."""
        visible = sorted(r[0] for r in self._catalog(_DATABASES) if r[0].lower() not in SYSTEM_DATABASES)
        wanted = visible if self._others is None else [d for d in visible if d in self._others]
        first = [self._database] if self._database else []
        return first + [d for d in wanted if d != self._database]

    def schema(self) -> Schema:
        order = self.databases()
        if not order:
            return self.schema_of([])
        relations = self._relations(order)
        columns: dict[tuple[str, str], list[tuple]] = {}
        for row in self._catalog(_COLUMNS, [tuple(order)]):
            columns.setdefault((row[0], row[1]), []).append(row[2:])
        keys = self._keys(order)
        by_key = {(r.namespace, r.relname): r for r in relations}
        return self.schema_of([self._table(r, columns.get((r.namespace, r.relname), []),
                                           keys.get((r.namespace, r.relname), []), by_key) for r in relations])

    def _relations(self, order: list[str]) -> list[Relation]:
        rank = {d: n for n, d in enumerate(order)}
        found = self._catalog(_RELATIONS, [tuple(order)])
        relations = []
        for database, relname, kind, comment, estimate in sorted(found, key=lambda r: (rank[r[0]], r[1])):
            bare = database == self._database
            note = "" if kind == "VIEW" and comment == "VIEW" else comment or ""  # MariaDB says "VIEW" of a view
            relations.append(Relation(database, relname if bare else f"{database}.{relname}", relname, kind, note,
                                      int(estimate) if estimate is not None else None, kind in _STORED))
        return relations

    def _keys(self, order: list[str]) -> dict[tuple[str, str], list[_Key]]:
        keys: dict[tuple[str, str], dict[str, _Key]] = {}
        for database, table, name, column, ref_db, ref_table, ref_column in self._catalog(_KEYS, [tuple(order)]):
            kind = "PRIMARY KEY" if name == "PRIMARY" else "FOREIGN KEY" if ref_table else "UNIQUE"
            named = keys.setdefault((database, table), {})
            key = named.setdefault(name, _Key(kind, [], (ref_db, ref_table) if ref_table else None, []))
            key.columns.append(column)
            if ref_column:
                key.refs.append(ref_column)
        return {where: list(named.values()) for where, named in keys.items()}

    def _table(self, rel: Relation, columns: list[tuple], keys: list[_Key],
               by_key: dict[tuple[str, str], Relation]) -> Table:
        primary = {c for k in keys if k.kind == "PRIMARY KEY" for c in k.columns}
        unique = {k.columns[0] for k in keys if k.kind in ("PRIMARY KEY", "UNIQUE") and len(k.columns) == 1}
        sample = self.sample(rel.ref)
        order_key = self._order_key(rel, keys, columns)
        order = first_row(exp.column(order_key, quoted=True)) if order_key is not None else None
        built = []
        for pos, (name, column_type, data_type, nullable, comment) in enumerate(columns):
            boolean = column_type.lower().startswith("tinyint(1)")  # what MySQL's BOOLEAN is
            kind = BOOLEAN if boolean else self.kind(data_type, present(sample, pos))
            built.append(self.column(rel.ref, name, column_type, kind, primary=name in primary, unique=name in unique,
                                     nullable=nullable == "YES", order=order, description=comment or ""))
        fks = tuple(
            ForeignKey(rel.name, col, by_key[k.parent].name, ref)
            for k in keys if k.kind == "FOREIGN KEY" and k.parent in by_key
            for col, ref in zip(k.columns, k.refs, strict=False)
        )
        return self.relation(rel, built, fks)

    def _order_key(self, rel: Relation, keys: list[_Key], columns: list[tuple]) -> str | None:
        """The single integer primary key that orders a table's rows as they were inserted, if any."""
        primary = [k.columns for k in keys if k.kind == "PRIMARY KEY"]
        if not rel.stored or len(primary) != 1 or len(primary[0]) != 1:
            return None
        types = {c[0]: c[2] for c in columns}
        return primary[0][0] if declared_kind(types.get(primary[0][0], ""), self.dialect) == INTEGER else None
