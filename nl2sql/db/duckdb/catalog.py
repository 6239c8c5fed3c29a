"""What a DuckDB file holds, read from ``duckdb_tables()``, ``duckdb_columns()`` and ``duckdb_constraints()``:
every schema's tables and views (a name in two schemas: the one first on the search path), with
columns, types, keys, comments and sample values."""

from __future__ import annotations

from sqlglot import exp

from nl2sql.db.base import Catalogue, comment_keys, first_row, present, table_ref
from nl2sql.db.schema import ForeignKey, Schema, Table


def as_text(data_type: object) -> bool:
    """Whether a column must be read as DuckDB's own text. DuckDB hands an INTERVAL to Python as a
    timedelta: a month becomes 30 days, and a span past 999,999,999 days (``INTERVAL 100000000 YEAR``)
    cannot be fetched at all. An interval, alone or inside a list, struct or map, is read as text
    instead ("1 month 00:00:00.000001"), the way DuckDB itself shows it."""
    return "INTERVAL" in str(data_type).upper()


class Catalog(Catalogue):
    dialect = "duckdb"

    def schema(self) -> Schema:
        listed = self._catalog(
            "SELECT schema_name, table_name, comment, false FROM duckdb_tables() "
            "WHERE database_name = current_database() UNION ALL "
            "SELECT schema_name, view_name, comment, true FROM duckdb_views() "
            "WHERE database_name = current_database() AND NOT internal")
        order = {name: n for n, name in enumerate(self._search_order())}
        seen: dict[str, tuple] = {}
        for entry in sorted(listed, key=lambda r: (order.get(r[0], len(order)), r[1])):
            seen.setdefault(entry[1].lower(), entry)  # a name in two schemas: the first on the path
        keys = self._keys()
        return self.schema_of([self._table(s, name, comment or "", keys, not view)
                               for s, name, comment, view in seen.values()])

    def _search_order(self) -> list[str]:
        (value,) = (self._catalog("SELECT current_setting('search_path')") or [("main",)])[0]
        return [part.strip().strip('"') for part in str(value).split(",") if part.strip()]

    def _keys(self) -> dict[tuple[str, str], list[tuple]]:
        """Primary, unique and foreign keys per (schema, table)."""
        keys: dict[tuple[str, str], list[tuple]] = {}
        for row in self._catalog(
                "SELECT schema_name, table_name, constraint_type, constraint_column_names, referenced_table, "
                "referenced_column_names FROM duckdb_constraints() WHERE database_name = current_database() "
                "AND constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')"):
            keys.setdefault((row[0], row[1]), []).append(row[2:])
        return keys

    def _table(self, schema_name: str, name: str, comment: str, keys: dict[tuple[str, str], list[tuple]],
               stored: bool) -> Table:
        ref = table_ref(name)
        info = self._catalog(
            "SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns() "
            "WHERE database_name = current_database() AND schema_name = ? AND table_name = ? ORDER BY column_index",
            [schema_name, name])
        own = keys.get((schema_name, name), [])
        primary = [c for kind, cols, *_ in own if kind == "PRIMARY KEY" for c in cols]
        unique = {cols[0] for kind, cols, *_ in own if kind in ("PRIMARY KEY", "UNIQUE") and len(cols) == 1}
        shown = [exp.cast(exp.column(col, quoted=True), "VARCHAR") if as_text(data_type)
                 else exp.column(col, quoted=True) for col, data_type, *_ in info]  # see as_text
        sample = self.sample(ref, shown if any(as_text(row[1]) for row in info) else None)
        order = first_row(exp.column("rowid")) if stored else None
        columns = []
        for pos, (col, data_type, nullable, col_comment) in enumerate(info):
            kind = self.kind(data_type, present(sample, pos))
            columns.append(self.column(ref, col, data_type, kind, primary=col in primary, unique=col in unique,
                                       nullable=bool(nullable), order=order or exp.column(col, quoted=True),
                                       description=col_comment or ""))
        fks = tuple(
            ForeignKey(name, col, ref_table, ref_col)
            for kind, cols, ref_table, ref_cols in own if kind == "FOREIGN KEY"
            for col, ref_col in zip(cols, ref_cols or [], strict=False)
        ) + comment_keys(name, columns)
        return Table(name, tuple(columns), fks, self.count(ref), description=comment, stored=stored)
