"""What a SQLite file holds, read from its pragmas: tables and views, columns, keys and sample values.

SQLite types values, not columns. A declared type sqlglot does not read (``UNSIGNED BIG INT``,
``NATIVE CHARACTER``) is read as SQLite reads it, by the words in it; a column whose declared type
gives no kind (``BLOB``, none at all, a name of the file's own) takes the kind of its values.
"""

from __future__ import annotations

import logging
import sqlite3

from nl2sql.db.base import DATE_TEXT, SAMPLE_ROWS, Catalogue, Rows, present, table_ref, text_kind
from nl2sql.db.schema import BOOLEAN, DATE, INTEGER, OTHER, REAL, TEXT, ForeignKey, Schema, Table

log = logging.getLogger(__name__)
# The words SQLite reads a declared type by (its affinity rules), after nl2sql's own for booleans and dates.
_WORDS = (("BOOL", BOOLEAN), ("DATE", DATE), ("TIME", DATE), ("INT", INTEGER), ("REAL", REAL), ("FLOA", REAL),
          ("DOUB", REAL), ("NUM", REAL), ("DEC", REAL), ("CHAR", TEXT), ("CLOB", TEXT), ("TEXT", TEXT))


def utf8(raw: bytes | str) -> str | None:
    """A name read as bytes, or None when they are not UTF-8: such a name cannot be written in a
    statement (Python sends statements as UTF-8), so the table or column it names cannot be asked about."""
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


class Catalog(Catalogue):
    """One reading of the file's schema, through the adapter's (locked) connection."""

    dialect = "sqlite"
    time_of_day = DATE  # as SQLite files have always been read: a TIME column holds a moment

    def __init__(self, conn: sqlite3.Connection, rows: Rows) -> None:
        super().__init__(rows)
        self._conn = conn

    def schema(self) -> Schema:
        """Every table and view that can be asked about. A name that is not UTF-8 cannot be (see
        ``utf8``), and a view whose definition no longer holds (its table was dropped) cannot be
        read: both are left out, and the rest of the database stays usable."""
        found = self._conn.execute(
            "SELECT CAST(name AS BLOB), type FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        tables = []
        for raw, kind in found:
            name = utf8(raw)
            if name is None:
                continue
            try:
                tables.append(self._table(name, kind == "table"))
            except sqlite3.OperationalError as err:
                if kind == "table" or "malformed" in str(err):
                    raise
                log.debug("view %r left out: %s", name, err)
        return self.schema_of(tables)

    def kind(self, declared: str, values: list[object]) -> str:
        kind = super().kind(declared, values)
        return _value_kind(declared, values) if kind == OTHER else kind

    def unknown_kind(self, declared: str, values: list[object]) -> str:
        upper = declared.upper()
        kind = next((kind for word, kind in _WORDS if word in upper), OTHER)
        return text_kind(values) if kind == TEXT else kind

    def _table(self, name: str, stored: bool) -> Table:
        from sqlglot import exp  # a cached schema opens without sqlglot (the REPL's prompt comes sooner)

        conn = self._conn
        listed = conn.execute('SELECT cid, CAST(name AS BLOB), type, "notnull", dflt_value, pk '
                              "FROM pragma_table_info(?)", (name,)).fetchall()
        info = [(cid, col, *rest) for cid, raw, *rest in listed if (col := utf8(raw)) is not None]  # see utf8
        unique: set[str] = set()
        for idx in conn.execute("SELECT * FROM pragma_index_list(?)", (name,)).fetchall():
            if idx[2]:
                cols = conn.execute("SELECT * FROM pragma_index_info(?)", (idx[1],)).fetchall()
                if len(cols) == 1 and cols[0][2]:
                    unique.add(cols[0][2])
        pk_count = sum(1 for r in info if r[5])
        ref = table_ref(name)
        sample = self.sample(ref, None if len(info) == len(listed) else [exp.column(r[1], quoted=True) for r in info])
        columns = []
        for pos, (_cid, col, declared, notnull, _default, pk) in enumerate(info):
            values = present(sample, pos)
            if not values and len(sample) >= SAMPLE_ROWS and not notnull:
                values = self.present_further(ref, col)  # set only on a few rows, none of the first
            kind = self.kind(declared or "", values)
            columns.append(self.column(ref, col, declared or "", kind, primary=bool(pk),
                                       unique=col in unique or (bool(pk) and pk_count == 1), nullable=not notnull))
        keys = conn.execute('SELECT CAST("table" AS BLOB), CAST("from" AS BLOB), CAST("to" AS BLOB) '
                            "FROM pragma_foreign_key_list(?)", (name,)).fetchall()
        fks = tuple(
            ForeignKey(name, frm, ref_name, (utf8(to) if to is not None else None) or self._pk_of(ref_name))
            for ref_raw, frm_raw, to in keys
            if (ref_name := utf8(ref_raw)) is not None and (frm := utf8(frm_raw)) is not None
            and (to is None or utf8(to) is not None)
        )
        return Table(name, tuple(columns), fks, self.count(ref), stored=stored)

    def _pk_of(self, table: str) -> str:
        rows = self._conn.execute("SELECT CAST(name AS BLOB), pk FROM pragma_table_info(?)", (table,)).fetchall()
        return next((name for raw, pk in rows if pk and (name := utf8(raw)) is not None), "rowid")


def _value_kind(declared: str, values: list[object]) -> str:
    """The kind of a column's values, for a declared type that gives none: text only without one."""
    first = values[0] if values else None
    if isinstance(first, str):
        if DATE_TEXT.match(first):
            return DATE
        return text_kind(values) if not declared else OTHER
    if isinstance(first, bool):
        return BOOLEAN
    if isinstance(first, int):
        return INTEGER
    return REAL if isinstance(first, float) else OTHER
