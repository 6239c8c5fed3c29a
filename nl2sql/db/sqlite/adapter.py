"""SQLite, opened read-only, with an authorizer, a time limit and an interrupt."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

from nl2sql.db import schema_cache
from nl2sql.db.base import COUNT_BUDGET_S, INTROSPECTION_BUDGET_S, FileAdapter, failed, refused, stopped
from nl2sql.db.schema import Schema
from nl2sql.db.sqlite.catalog import Catalog, utf8
from nl2sql.errors import DatabaseError, QueryTimeout

if TYPE_CHECKING:
    from sqlglot import exp

_ALLOWED_ACTIONS = {
    sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE,
}
# The largest text or blob a statement may build or read.
MAX_VALUE_BYTES = 32 * 1024 * 1024
_FORBIDDEN_FUNCTIONS = {"load_extension", "writefile", "readfile", "edit", "fts3_tokenizer"}
# A result column named by bytes that are not UTF-8: Python's sqlite3 cannot even build the cursor.
_UNNAMED_COLUMN = ("A column of this result is named by bytes that are not UTF-8 text, which cannot be shown; "
                   "name the columns to show instead of *.")


def _authorize(action: int, arg1: str | None, arg2: str | None, _db: str | None, _src: str | None) -> int:
    if action not in _ALLOWED_ACTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _FORBIDDEN_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def read_mode(path: Path) -> str:
    """How to open ``path`` so that reading it creates nothing beside it.

    A database in WAL mode (bytes 18 and 19 of its header are 2) makes every reader create
    ``-wal`` and ``-shm`` files next to it, which a read-only directory or medium refuses. With no
    ``-wal`` file there, no program has it open for writing, so it is opened ``immutable``: no
    files, no locks. When a writer is at work (its ``-wal`` is there), nl2sql reads as any reader
    does, through those shared files, so it sees what the writer commits."""
    with path.open("rb") as handle:
        header = handle.read(20)
    wal = header[18:20] == b"\x02\x02"
    if wal and not path.with_name(path.name + "-wal").exists():
        return "mode=ro&immutable=1"
    return "mode=ro"


class SqliteDatabase(FileAdapter):
    dialect = "sqlite"

    def __init__(self, path: str | Path, *, display_name: str | None = None) -> None:
        super().__init__(path, display_name)
        if not self.path.is_file():
            raise DatabaseError(f"No database file at {self.path}.")
        try:
            self._conn = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?{read_mode(self.path)}", uri=True, check_same_thread=False
            )
            self._conn.execute("PRAGMA query_only = 1")
            # One value is built in a single step the time limit cannot interrupt (randomblob(1e9)):
            # its size is what bounds it.
            self._conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
            self._conn.execute("SELECT name FROM sqlite_master LIMIT 1")
        except sqlite3.OperationalError as err:
            if "locked" in str(err) or "busy" in str(err):
                raise DatabaseError(f"{self.path} is locked by another program ({err}); try again when it is "
                                    "free.") from None
            raise DatabaseError(f"{self.path} cannot be read as a SQLite database ({err}).") from None
        except sqlite3.DatabaseError as err:
            raise DatabaseError(f"{self.path} is not a SQLite database ({err}).") from None
        # Text that is not valid UTF-8 is shown, not fatal.
        self._conn.text_factory = partial(bytes.decode, errors="replace")  # C-level: called for every text value
        self._gaps = False  # whether the schema read last left something unknown (a query out of time)

    # -- schema ----------------------------------------------------------------------------------

    @cached_property
    def schema(self) -> Schema:
        """Read from the schema cache while the file is unchanged (nl2sql/db/schema_cache.py)."""
        with self._lock:
            self._cancel.clear()  # a cancel of an earlier statement is not one of this
            key = schema_cache.file_key(self.path, self.dialect)
            cached = schema_cache.load(key) if key else None
            if cached is not None:
                return cached
            self._gaps = False
            try:
                schema = Catalog(self._conn, self._timed).schema()
            except sqlite3.DatabaseError as err:  # damaged pages, a truncated file: one line, not a crash
                raise DatabaseError(f"SQLite cannot read {self.display_name}: {err}.") from None
        # A query that ran out of time left a gap (a view's values, a slow count): such a schema is
        # used now but not kept, or a slow first start would cost its value links for good.
        if key and not self._gaps:
            schema_cache.store(key, schema)
        return schema

    def cautions(self) -> tuple[str, ...]:
        """Tables and views left out because their names are not UTF-8 (see ``utf8``): the user is
        told once, the names written out, why they are missing from the schema."""
        try:
            found = self._conn.execute("SELECT CAST(name AS BLOB) FROM sqlite_master WHERE type IN ('table', "
                                       "'view') AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        except sqlite3.DatabaseError:  # a damaged file says so when its schema is read
            return ()
        unnamed = [raw.decode("utf-8", "backslashreplace") for (raw,) in found
                   if isinstance(raw, bytes) and utf8(raw) is None]
        if not unnamed:
            return ()
        from nl2sql.escapes import visible  # only now: the common case never needs it

        listed = ", ".join(visible(name) for name in unnamed[:5]) + \
            (f" and {len(unnamed) - 5} more" if len(unnamed) > 5 else "")
        return (f"{self.display_name}: {listed} {'is' if len(unnamed) == 1 else 'are'} named by bytes that are "
                "not UTF-8 text, which a statement cannot name; left out.",)

    def _timed(self, query: exp.Expr, budget: float = INTROSPECTION_BUDGET_S) -> list[tuple] | None:
        """Rows of one introspection query, or None when it ran past ``budget`` or was interrupted:
        a view that never ends leaves its sample, values or count unknown."""
        deadline = time.monotonic() + budget
        self._conn.set_progress_handler(lambda: int(self._cancel.is_set() or time.monotonic() > deadline), 10_000)
        try:
            return self._conn.execute(query.sql("sqlite", copy=False)).fetchall()
        except sqlite3.OperationalError as err:
            if "interrupted" not in str(err):
                raise
            if self._cancel.is_set():  # a half-read schema must not be kept: it is read again next time
                raise QueryTimeout("Reading the database's schema was cancelled.") from None
            if time.monotonic() <= deadline:
                raise KeyboardInterrupt from None  # Ctrl-C, raised inside the progress handler, stopped it
            self._gaps = True
            return None
        finally:
            self._conn.set_progress_handler(None, 0)

    # -- execution -------------------------------------------------------------------------------

    def _check(self, sql: str) -> str | None:
        """Compile without running: the progress handler stops the statement at its first step."""
        with self._lock:
            self._conn.set_authorizer(_authorize)
            self._conn.set_progress_handler(lambda: 1, 1)
            try:
                self._conn.execute(sql).close()
            except UnicodeDecodeError:  # it compiled; running it says why its columns cannot be shown
                return None
            except sqlite3.OperationalError as err:
                return None if "interrupted" in str(err) else str(err)
            except sqlite3.Error as err:
                return str(err)
            finally:
                self._conn.set_progress_handler(None, 0)
                self._conn.set_authorizer(None)
            return None

    @contextmanager
    def _statement(self, timeout: float) -> Iterator[None]:
        deadline = time.monotonic() + timeout
        self._conn.set_authorizer(_authorize)
        self._conn.set_progress_handler(lambda: int(self._cancel.is_set() or time.monotonic() > deadline), 10_000)
        try:
            yield
        except sqlite3.OperationalError as err:
            if "interrupted" in str(err):
                if not self._cancel.is_set() and time.monotonic() <= deadline:
                    raise KeyboardInterrupt from None  # SIGINT arrived inside the progress handler: Ctrl-C
                raise stopped(self._cancel.is_set(), timeout) from None
            if "not authorized" in str(err) or "readonly" in str(err):
                raise refused("SQLite", f"{err}.") from None
            raise failed("SQLite", f"{err}.") from None
        except sqlite3.DatabaseError as err:
            raise failed("SQLite", f"{err}.") from None
        except UnicodeDecodeError:
            raise DatabaseError(_UNNAMED_COLUMN) from None
        finally:
            self._conn.set_progress_handler(None, 0)
            self._conn.set_authorizer(None)

    def _fetch(self, sql: str, max_rows: int | None, timeout: float) -> tuple[tuple[str, ...], list[tuple]]:
        cur = self._conn.execute(sql)
        columns = tuple(d[0] for d in cur.description or ())
        rows = cur.fetchall() if max_rows is None else cur.fetchmany(max_rows + 1)
        cur.close()
        return columns, rows

    def _plain(self, row: tuple) -> tuple:
        return tuple(row)  # SQLite's own values are the plain ones

    def _counted(self, query: exp.Query) -> int | None:
        deadline = time.monotonic() + COUNT_BUDGET_S
        self._conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        try:
            (count,) = self._conn.execute(query.sql("sqlite")).fetchone()
            return int(count)
        except sqlite3.DatabaseError:
            return None
