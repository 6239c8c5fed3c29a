"""What a MySQL or MariaDB server holds, read from ``information_schema``: the URL's database first
(its tables by bare name, as the user's own queries name them), then the other databases the user
may read (``db.table``), with views, columns, types, keys, comments and sample values.

``information_schema`` lists only what the user has a privilege on. Catalog queries are fixed text
with parameters; the queries that read data (samples, distinct values, counts) are sqlglot trees
and run under a time budget each, so a huge table costs its values, not the start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlglot import exp

from nl2sql.db.base import Catalogue, Rows, comment_keys, declared_kind, first_row, present, table_ref
from nl2sql.db.schema import BOOLEAN, INTEGER, TEXT, Column, ForeignKey, Schema, Table

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

CatalogReader = Callable[[str, "list[object] | None"], "list[tuple]"]


@dataclass
class _Relation:
    database: str
    name: str  # as the schema lists it: bare in the URL's database, else database.table
    relname: str
    kind: str
    comment: str
    estimate: int | None

    @property
    def ref(self) -> exp.Table:
        return table_ref(self.relname, self.database)

    @property
    def stored(self) -> bool:
        return self.kind in _STORED


@dataclass
class _Key:
    kind: str  # PRIMARY KEY, UNIQUE or FOREIGN KEY
    columns: list[str]
    parent: tuple[str, str] | None  # (database, table) a foreign key refers to
    refs: list[str]


class Catalog(Catalogue):
    """One reading of the catalog, through the adapter's (locked) connection."""

    dialect = "mysql"

    def __init__(self, catalog: CatalogReader, rows: Rows, database: str | None,
                 others: tuple[str, ...] | None) -> None:
        super().__init__(rows)
        self._catalog = catalog
        self._database = database
        self._others = others

    def databases(self) -> list[str]:
        """The URL's database, then the others asked for (every one the user may read by default)."""
        visible = sorted(r[0] for r in self._catalog(_DATABASES, None) if r[0].lower() not in SYSTEM_DATABASES)
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
        by_key = {(r.database, r.relname): r for r in relations}
        return self.schema_of([self._table(r, columns.get((r.database, r.relname), []),
                                           keys.get((r.database, r.relname), []), by_key) for r in relations])

    def _relations(self, order: list[str]) -> list[_Relation]:
        rank = {d: n for n, d in enumerate(order)}
        found = self._catalog(_RELATIONS, [tuple(order)])
        relations = []
        for database, relname, kind, comment, estimate in sorted(found, key=lambda r: (rank[r[0]], r[1])):
            bare = database == self._database
            note = "" if kind == "VIEW" and comment == "VIEW" else comment or ""  # MariaDB says "VIEW" of a view
            relations.append(_Relation(database, relname if bare else f"{database}.{relname}", relname, kind, note,
                                       int(estimate) if estimate is not None else None))
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

    def _table(self, rel: _Relation, columns: list[tuple], keys: list[_Key],
               by_key: dict[tuple[str, str], _Relation]) -> Table:
        primary = {c for k in keys if k.kind == "PRIMARY KEY" for c in k.columns}
        unique = {k.columns[0] for k in keys if k.kind in ("PRIMARY KEY", "UNIQUE") and len(k.columns) == 1}
        sample = self.sample(rel.ref)
        order_key = self._order_key(rel, keys, columns)
        order = first_row(exp.column(order_key, quoted=True)) if order_key is not None else None
        built = []
        for pos, (name, column_type, data_type, nullable, comment) in enumerate(columns):
            boolean = column_type.lower().startswith("tinyint(1)")  # what MySQL's BOOLEAN is
            kind = BOOLEAN if boolean else self.kind(data_type, present(sample, pos))
            built.append(Column(
                name=name, type=column_type, kind=kind, primary_key=name in primary,
                nullable=nullable == "YES" and name not in primary, unique=name in unique,
                values=self.values(rel.ref, name, order) if kind == TEXT else (), description=comment or "",
            ))
        fks = tuple(
            ForeignKey(rel.name, col, by_key[k.parent].name, ref)
            for k in keys if k.kind == "FOREIGN KEY" and k.parent in by_key
            for col, ref in zip(k.columns, k.refs, strict=False)
        ) + comment_keys(rel.name, built)
        namespace = rel.database if rel.name != rel.relname else ""
        return Table(rel.name, tuple(built), fks, self.count(rel.ref, rel.estimate if rel.stored else None),
                     description=rel.comment, namespace=namespace, stored=rel.stored)

    def _order_key(self, rel: _Relation, keys: list[_Key], columns: list[tuple]) -> str | None:
        """The single integer primary key that orders a table's rows as they were inserted, if any."""
        primary = [k.columns for k in keys if k.kind == "PRIMARY KEY"]
        if not rel.stored or len(primary) != 1 or len(primary[0]) != 1:
            return None
        types = {c[0]: c[2] for c in columns}
        return primary[0][0] if declared_kind(types.get(primary[0][0], ""), self.dialect) == INTEGER else None
