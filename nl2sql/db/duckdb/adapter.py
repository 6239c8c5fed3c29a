"""DuckDB, opened read-only with file and network access switched off, a time limit and an interrupt.

Two locks below the sqlglot guard: ``read_only=True`` makes the engine refuse every write, and
``enable_external_access=False`` (with the configuration locked) refuses every file, URL,
ATTACH, COPY, INSTALL and LOAD, so that the guard is not the only thing between a statement and
the disk. DuckDB has no statement timeout: a timer thread calls ``interrupt()`` at the deadline.
"""

from __future__ import annotations

from pathlib import Path

from sqlglot import exp

from nl2sql.db.base import FileAdapter, failed, one_line, refused, stopped
from nl2sql.db.drivers import load_driver
from nl2sql.db.duckdb.catalog import Catalog, as_text
from nl2sql.errors import DatabaseError, UsageError

_CONFIG = {
    "enable_external_access": False, "autoinstall_known_extensions": False,
    "autoload_known_extensions": False, "lock_configuration": True,
}


def _projection(data_types: list[object]) -> str | None:
    """The select list that reads every column as it is, intervals as text; None when none is one."""
    if not any(as_text(t) for t in data_types):
        return None
    return ", ".join(f"CAST(#{n} AS VARCHAR)" if as_text(t) else f"#{n}" for n, t in enumerate(data_types, 1))


def _first_line(err: BaseException) -> str:
    return one_line(str(err), type(err).__name__)


class DuckdbDatabase(FileAdapter):
    dialect = "duckdb"

    def __init__(self, path: str | Path, *, display_name: str | None = None) -> None:
        super().__init__(path, display_name)
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

    def _search_every_schema(self) -> None:
        """Bare table names find the tables of every schema of the file, ``main`` first (which DuckDB 2
        lists as internal, though the file's own tables live there)."""
        rows = self._conn.execute(
            "SELECT schema_name FROM duckdb_schemas() WHERE database_name = current_database() "
            "AND (NOT internal OR schema_name = 'main') ORDER BY schema_name <> 'main', schema_name").fetchall()
        path = ",".join(exp.to_identifier(name, quoted=True).sql("duckdb") for (name,) in rows)
        if path:
            self._conn.execute("SET search_path = ?", [path])

    # -- schema ----------------------------------------------------------------------------------

    def _catalogue(self) -> Catalog:
        return Catalog(self._rows, lambda sql, params: self._conn.execute(sql, params or []).fetchall())

    def _rows(self, query: exp.Expr, budget: float) -> list[tuple] | None:
        """An introspection query under its budget; None when it ran out of time."""
        try:
            return self._read(query.sql("duckdb"), budget)
        except self._interrupted:
            return None

    def _read(self, sql: str, budget: float) -> list[tuple]:
        with self._expiring(budget, self._conn.interrupt):
            return self._conn.execute(sql).fetchall()

    # -- execution -------------------------------------------------------------------------------

    def _check(self, sql: str) -> str | None:
        """Bind and plan without running: a relation is only executed when its rows are fetched."""
        with self._lock:
            try:
                self._conn.sql(sql)  # only a statement the guard passed: the relation API runs the rest
            except self._error as err:
                return _first_line(err)
        return None

    def _failure(self, err: BaseException, timeout: float) -> DatabaseError:
        if isinstance(err, self._interrupted):
            return stopped(self._cancel.is_set() and not self._timed_out.is_set(), timeout)
        line = _first_line(err)
        if "read-only" in line or "Permission Error" in line or "configuration has been locked" in line:
            return refused("DuckDB", line)
        return failed("DuckDB", line)

    def _fetch(self, sql: str, max_rows: int | None, timeout: float) -> tuple[tuple[str, ...], list[tuple]]:
        with self._expiring(timeout, self._conn.interrupt):
            try:
                cursor = self._conn.execute(sql)
                described = cursor.description or ()
                columns = tuple(d[0] for d in described)
                projection = _projection([d[1] for d in described])
                if projection is None:
                    return columns, cursor.fetchall() if max_rows is None else cursor.fetchmany(max_rows + 1)
                # the same statement, its intervals read as text (see as_text)
                if hasattr(cursor, "abort"):  # DuckDB 2 refuses new work while a result is unread
                    cursor.abort()
                relation = self._conn.sql(sql).project(projection)
                return columns, (relation if max_rows is None else relation.limit(max_rows + 1)).fetchall()
            except (OverflowError, ValueError) as err:  # a value no Python type holds that as_text does not foresee
                raise DatabaseError(f"DuckDB returned a value Python cannot hold ({err}); CAST it AS VARCHAR to "
                                    "see it.") from None
