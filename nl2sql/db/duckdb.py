"""DuckDB, opened read-only with file and network access switched off, a time limit and an interrupt.

Two locks below the sqlglot guard: ``read_only=True`` makes the engine refuse every write, and
``enable_external_access=False`` (with the configuration locked) refuses every file, URL,
ATTACH, COPY, INSTALL and LOAD, so that the guard is not the only thing between a statement and
the disk. DuckDB has no statement timeout: a timer thread calls ``interrupt()`` at the deadline.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db.database import Database, QueryResult
from nl2sql.db.drivers import load_driver
from nl2sql.db.introspect import (
    COUNT_BUDGET_S,
    INTROSPECTION_BUDGET_S,
    MAX_INDEXED_VALUES,
    declared_key,
    plain_row,
    table_ref,
    text_kind,
)
from nl2sql.db.schema import BOOLEAN, DATE, INTEGER, OTHER, REAL, TEXT, Column, ForeignKey, Schema, Table
from nl2sql.db.timer import expire_after
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError

_CONFIG = {
    "enable_external_access": False, "autoinstall_known_extensions": False,
    "autoload_known_extensions": False, "lock_configuration": True,
}
_INTEGERS = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER",
             "UBIGINT", "UHUGEINT")
_REALS = ("FLOAT", "DOUBLE", "REAL", "DECIMAL", "NUMERIC")


def _kind(data_type: str, present: list[object]) -> str:
    t = data_type.upper()
    if t == "BOOLEAN":
        return BOOLEAN
    if t in ("DATE",) or t.startswith("TIMESTAMP"):
        return DATE
    if t in _INTEGERS:
        return INTEGER
    if t.startswith(_REALS):
        return REAL
    if t == "VARCHAR" or t.startswith("ENUM"):
        return text_kind(present)
    return OTHER


def _as_text(data_type: object) -> bool:
    """Whether a column must be read as DuckDB's own text. DuckDB hands an INTERVAL to Python as a
    timedelta: a month becomes 30 days, and a span past 999,999,999 days (``INTERVAL 100000000 YEAR``)
    cannot be fetched at all. An interval, alone or inside a list, struct or map, is read as text
    instead ("1 month 00:00:00.000001"), the way DuckDB itself shows it."""
    return "INTERVAL" in str(data_type).upper()


def _projection(data_types: list[object]) -> str | None:
    """The select list that reads every column as it is, intervals as text; None when none is one."""
    if not any(_as_text(t) for t in data_types):
        return None
    return ", ".join(f"CAST(#{n} AS VARCHAR)" if _as_text(t) else f"#{n}" for n, t in enumerate(data_types, 1))


def _first_line(err: BaseException) -> str:
    return str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__


class DuckdbDatabase(Database):
    dialect = "duckdb"

    def __init__(self, path: str | Path, *, display_name: str | None = None) -> None:
        self.path = Path(path)
        self.display_name = display_name or self.path.name
        duckdb = load_driver("duckdb", f"{self.display_name} is a DuckDB database; reading it")
        self._error: type[Exception] = duckdb.Error
        self._interrupted: type[Exception] = duckdb.InterruptException
        if not self.path.is_file():
            raise UsageError(f"No database file at {self.path}.")
        try:
            self._conn = duckdb.connect(str(self.path), read_only=True, config=dict(_CONFIG))
            self._search_every_schema()
        except duckdb.Error as err:
            raise UsageError(f"{self.display_name} cannot be opened as a DuckDB database: {_first_line(err)}") from None
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._timed_out = threading.Event()

    def _search_every_schema(self) -> None:
        """Bare table names find the tables of every schema of the file, ``main`` first."""
        rows = self._conn.execute(
            "SELECT schema_name FROM duckdb_schemas() WHERE database_name = current_database() "
            "AND NOT internal ORDER BY schema_name <> 'main', schema_name").fetchall()
        path = ",".join(exp.to_identifier(name, quoted=True).sql("duckdb") for (name,) in rows)
        if path:
            self._conn.execute("SET search_path = ?", [path])

    def close(self) -> None:
        self._conn.close()

    def interrupt(self) -> None:
        self._cancel.set()
        self._conn.interrupt()

    @contextmanager
    def _deadline(self, seconds: float) -> Iterator[None]:
        """Interrupt whatever runs on the connection once ``seconds`` have passed."""
        self._timed_out.clear()

        def expire() -> None:
            self._timed_out.set()
            self._conn.interrupt()

        with expire_after(seconds, expire):
            yield

    # -- schema ----------------------------------------------------------------------------------

    def _rows(self, sql: str, params: list[object] | None = None) -> list[tuple]:
        """An introspection query under its budget; an empty list when it ran out of time."""
        with self._deadline(INTROSPECTION_BUDGET_S):
            try:
                return self._conn.execute(sql, params or []).fetchall()
            except self._interrupted:
                return []

    @cached_property
    def schema(self) -> Schema:
        with self._lock:
            listed = self._conn.execute(
                "SELECT schema_name, table_name, comment, false FROM duckdb_tables() "
                "WHERE database_name = current_database() UNION ALL "
                "SELECT schema_name, view_name, comment, true FROM duckdb_views() "
                "WHERE database_name = current_database() AND NOT internal").fetchall()
            order = {name: n for n, name in enumerate(self._search_order())}
            seen: dict[str, tuple] = {}
            for entry in sorted(listed, key=lambda r: (order.get(r[0], len(order)), r[1])):
                seen.setdefault(entry[1].lower(), entry)  # a name in two schemas: the first on the path
            keys = self._keys()
            tables = [self._table(s, name, comment or "", keys, not view) for s, name, comment, view in seen.values()]
        return Schema(tuple(sorted(tables, key=lambda t: t.name)), dialect=self.dialect)

    def _search_order(self) -> list[str]:
        (value,) = self._conn.execute("SELECT current_setting('search_path')").fetchone() or ("main",)
        return [part.strip().strip('"') for part in str(value).split(",") if part.strip()]

    def _keys(self) -> dict[tuple[str, str], list[tuple]]:
        """Primary, unique and foreign keys per (schema, table)."""
        keys: dict[tuple[str, str], list[tuple]] = {}
        for row in self._conn.execute(
                "SELECT schema_name, table_name, constraint_type, constraint_column_names, referenced_table, "
                "referenced_column_names FROM duckdb_constraints() WHERE database_name = current_database() "
                "AND constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')").fetchall():
            keys.setdefault((row[0], row[1]), []).append(row[2:])
        return keys

    def _table(self, schema_name: str, name: str, comment: str, keys: dict[tuple[str, str], list[tuple]],
               stored: bool) -> Table:
        table = table_ref(name)
        info = self._conn.execute(
            "SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns() "
            "WHERE database_name = current_database() AND schema_name = ? AND table_name = ? ORDER BY column_index",
            [schema_name, name]).fetchall()
        own = keys.get((schema_name, name), [])
        primary = [c for kind, cols, *_ in own if kind == "PRIMARY KEY" for c in cols]
        unique = {cols[0] for kind, cols, *_ in own if kind in ("PRIMARY KEY", "UNIQUE") and len(cols) == 1}
        columns_read = [exp.cast(exp.column(col, quoted=True), "VARCHAR") if _as_text(data_type)
                        else exp.column(col, quoted=True) for col, data_type, *_ in info]  # see _as_text
        shown = columns_read if any(_as_text(row[1]) for row in info) else [exp.Star()]
        sample = self._rows(exp.select(*shown).from_(table).limit(50).sql("duckdb"))
        columns = []
        for pos, (col, data_type, nullable, col_comment) in enumerate(info):
            present = [row[pos] for row in sample if row[pos] not in (None, "")]
            kind = _kind(data_type, present)
            columns.append(Column(
                name=col, type=data_type, kind=kind, primary_key=col in primary,
                nullable=bool(nullable) and col not in primary, unique=col in unique,
                values=self._values(table, col, stored) if kind == TEXT else (), description=col_comment or "",
            ))
        fks = tuple(
            ForeignKey(name, col, ref_table, ref_col)
            for kind, cols, ref_table, ref_cols in own if kind == "FOREIGN KEY"
            for col, ref_col in zip(cols, ref_cols or [], strict=False)
        ) + tuple(ForeignKey(name, c.name, *found) for c in columns if (found := declared_key(c.description)))
        counted = self._rows(exp.select("COUNT(*)").from_(table).sql("duckdb"))
        return Table(name, tuple(columns), fks, int(counted[0][0]) if counted else None, description=comment)

    def _values(self, table: exp.Table, column: str, stored: bool) -> tuple[str, ...]:
        """Every distinct value of a text column, when there are few and they come quickly, in the
        order of their first row (as SQLite lists them; a view has no row ids and sorts them)."""
        ref = exp.column(column, quoted=True)
        first = exp.Min(this=exp.column("rowid")) if stored else ref
        query = (exp.select(ref).from_(table).where(ref.is_(exp.null()).not_()).group_by(ref)
                 .order_by(first).limit(MAX_INDEXED_VALUES + 1))
        distinct = self._rows(query.sql("duckdb"))
        return tuple(str(v[0]) for v in distinct) if 0 < len(distinct) <= MAX_INDEXED_VALUES else ()

    # -- execution -------------------------------------------------------------------------------

    def _check(self, sql: str) -> str | None:
        """Bind and plan without running: a relation is only executed when its rows are fetched."""
        with self._lock:
            try:
                self._conn.sql(sql)  # only a statement the guard passed: the relation API runs the rest
            except self._error as err:
                return _first_line(err)
        return None

    def _run(self, sql: str, max_rows: int | None, timeout: float) -> QueryResult:
        with self._lock:
            self._cancel.clear()
            try:
                with self._deadline(timeout):
                    cursor = self._conn.execute(sql)
                    described = cursor.description or ()
                    columns = tuple(d[0] for d in described)
                    as_text = _projection([d[1] for d in described])
                    if as_text is None:
                        rows = cursor.fetchall() if max_rows is None else cursor.fetchmany(max_rows + 1)
                    else:  # the same statement, its intervals read as text (see _as_text)
                        if hasattr(cursor, "abort"):  # DuckDB 2 refuses new work while a result is unread
                            cursor.abort()
                        relation = self._conn.sql(sql).project(as_text)
                        rows = (relation if max_rows is None else relation.limit(max_rows + 1)).fetchall()
                truncated = max_rows is not None and len(rows) > max_rows
                rows = rows[:max_rows] if truncated else rows
                total = self._count(sql) if truncated else len(rows)
            except self._interrupted:
                if self._cancel.is_set() and not self._timed_out.is_set():
                    raise QueryTimeout("The query was cancelled.") from None
                raise QueryTimeout(f"The query ran longer than {timeout:g} s and was stopped.") from None
            except self._error as err:
                raise self._refusal(err) from None
            except (OverflowError, ValueError) as err:  # a value no Python type holds that _as_text does not foresee
                raise DatabaseError(f"DuckDB returned a value Python cannot hold ({err}); CAST it AS VARCHAR to "
                                    "see it.") from None
            return QueryResult(columns, tuple(plain_row(r) for r in rows), total, truncated)

    def _refusal(self, err: Exception) -> DatabaseError:
        line = _first_line(err)
        if "read-only" in line or "Permission Error" in line or "configuration has been locked" in line:
            return ReadOnlyViolation(f"nl2sql only reads data; DuckDB refused: {line}")
        return DatabaseError(f"DuckDB error: {line}")

    def _count(self, sql: str) -> int | None:
        """Count the whole result if that takes under COUNT_BUDGET_S; None otherwise."""
        try:
            inner = sqlglot.parse_one(sql, read="duckdb")
            assert isinstance(inner, exp.Query)  # the guard let only queries through
            counting = exp.select("COUNT(*)").from_(inner.subquery("q"))
            with self._deadline(COUNT_BUDGET_S):
                row = self._conn.execute(counting.sql("duckdb")).fetchone()
            return int(row[0]) if row else None
        except (self._error, sqlglot.errors.SqlglotError):
            return None
