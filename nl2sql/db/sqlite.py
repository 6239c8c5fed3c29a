"""SQLite, opened read-only, with an authorizer, a time limit and an interrupt."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

from nl2sql.db import schema_cache
from nl2sql.db.database import Database, QueryResult
from nl2sql.db.introspect import COUNT_BUDGET_S, INTROSPECTION_BUDGET_S, MAX_INDEXED_VALUES, table_ref
from nl2sql.db.introspect import DATE_TEXT as _DATE_RE
from nl2sql.db.introspect import NUMBER_TEXT as _NUMBER_RE
from nl2sql.db.schema import BOOLEAN, DATE, INTEGER, OTHER, REAL, TEXT, Column, ForeignKey, Schema, Table
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation

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

log = logging.getLogger(__name__)


def _utf8(raw: bytes | str) -> str | None:
    """A name read as bytes, or None when they are not UTF-8: such a name cannot be written in a
    statement (Python sends statements as UTF-8), so the table or column it names cannot be asked about."""
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _authorize(action: int, arg1: str | None, arg2: str | None, _db: str | None, _src: str | None) -> int:
    if action not in _ALLOWED_ACTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _FORBIDDEN_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def _kind(declared: str, sample: object) -> str:
    d = declared.upper()
    if "BOOL" in d:
        return BOOLEAN
    if "DATE" in d or "TIME" in d:
        return DATE
    if "INT" in d:
        return INTEGER
    if any(k in d for k in ("REAL", "FLOA", "DOUB", "NUM", "DEC")):
        return REAL
    if isinstance(sample, str) and _DATE_RE.match(sample):
        return DATE
    if "CHAR" in d or "CLOB" in d or "TEXT" in d or (not d and isinstance(sample, str)):
        return TEXT
    if isinstance(sample, bool):
        return BOOLEAN
    if isinstance(sample, int):
        return INTEGER
    if isinstance(sample, float):
        return REAL
    return OTHER


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


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, path: str | Path, *, display_name: str | None = None) -> None:
        self.path = Path(path)
        self.display_name = display_name or self.path.name
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
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._gaps = False  # whether the schema read last left something unknown (a query out of time)

    def close(self) -> None:
        self._conn.close()

    def interrupt(self) -> None:
        self._cancel.set()
        self._conn.interrupt()

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
                schema = Schema(self._tables(), dialect=self.dialect)
            except sqlite3.DatabaseError as err:  # damaged pages, a truncated file: one line, not a crash
                raise DatabaseError(f"SQLite cannot read {self.display_name}: {err}.") from None
        # A query that ran out of time left a gap (a view's values, a slow count): such a schema is
        # used now but not kept, or a slow first start would cost its value links for good.
        if key and not self._gaps:
            schema_cache.store(key, schema)
        return schema

    def _tables(self) -> tuple[Table, ...]:
        """Every table and view that can be asked about. A name that is not UTF-8 cannot be (see
        ``_utf8``), and a view whose definition no longer holds (its table was dropped) cannot be
        read: both are left out, and the rest of the database stays usable."""
        found = self._conn.execute(
            "SELECT CAST(name AS BLOB), type FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        tables = []
        for raw, kind in found:
            name = _utf8(raw)
            if name is None:
                continue
            try:
                tables.append(self._table(name, kind == "table"))
            except sqlite3.OperationalError as err:
                if kind == "table" or "malformed" in str(err):
                    raise
                log.debug("view %r left out: %s", name, err)
        return tuple(tables)

    def cautions(self) -> tuple[str, ...]:
        """Tables and views left out because their names are not UTF-8 (see ``_utf8``): the user is
        told once, the names written out, why they are missing from the schema."""
        try:
            found = self._conn.execute("SELECT CAST(name AS BLOB) FROM sqlite_master WHERE type IN ('table', "
                                       "'view') AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        except sqlite3.DatabaseError:  # a damaged file says so when its schema is read
            return ()
        unnamed = [raw.decode("utf-8", "backslashreplace") for (raw,) in found
                   if isinstance(raw, bytes) and _utf8(raw) is None]
        if not unnamed:
            return ()
        from nl2sql.escapes import visible  # only now: the common case never needs it

        listed = ", ".join(visible(name) for name in unnamed[:5]) + \
            (f" and {len(unnamed) - 5} more" if len(unnamed) > 5 else "")
        return (f"{self.display_name}: {listed} {'is' if len(unnamed) == 1 else 'are'} named by bytes that are "
                "not UTF-8 text, which a statement cannot name; left out.",)

    def _timed(self, query: exp.Expr) -> list[tuple] | None:
        """Rows of one introspection query, or None when it ran past INTROSPECTION_BUDGET_S or was
        interrupted: a view that never ends leaves its sample, values or count unknown."""
        deadline = time.monotonic() + INTROSPECTION_BUDGET_S
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

    def _table(self, name: str, stored: bool) -> Table:
        from sqlglot import exp  # a cached schema opens without sqlglot (the REPL's prompt comes sooner)

        # Built with copy=False and from fresh nodes: the builders' default deep copies were a third of the
        # time to read a 500-table schema.
        conn = self._conn
        listed = conn.execute('SELECT cid, CAST(name AS BLOB), type, "notnull", dflt_value, pk '
                              "FROM pragma_table_info(?)", (name,)).fetchall()
        info = [(cid, col, *rest) for cid, raw, *rest in listed if (col := _utf8(raw)) is not None]  # see _utf8
        everything = len(info) == len(listed)
        unique: set[str] = set()
        for idx in conn.execute("SELECT * FROM pragma_index_list(?)", (name,)).fetchall():
            if idx[2]:
                cols = conn.execute("SELECT * FROM pragma_index_info(?)", (idx[1],)).fetchall()
                if len(cols) == 1 and cols[0][2]:
                    unique.add(cols[0][2])
        pk_count = sum(1 for r in info if r[5])
        shown = [exp.Star()] if everything else [exp.column(r[1], quoted=True) for r in info]
        sample = self._timed(exp.select(*shown).from_(table_ref(name), copy=False).limit(50, copy=False)) or []
        columns = []
        for pos, (_cid, col, declared, notnull, _default, pk) in enumerate(info):
            first = next((row[pos] for row in sample if row[pos] is not None), None)
            kind = _kind(declared or "", first)
            present = [row[pos] for row in sample if row[pos] not in (None, "")]
            numeric = sum(1 for v in present if isinstance(v, str) and _NUMBER_RE.match(v))
            if kind == TEXT and present and numeric >= 0.9 * len(present):
                kind = REAL  # numbers stored as text ("130", "3.5") still compare and add up as numbers
            values: tuple[str, ...] = ()
            if kind == TEXT:
                present_value = exp.Not(this=exp.Is(this=exp.column(col, quoted=True), expression=exp.Null()))
                query = (exp.select(exp.column(col, quoted=True)).distinct(copy=False)
                         .from_(table_ref(name), copy=False).where(present_value, copy=False)
                         .limit(MAX_INDEXED_VALUES + 1, copy=False))
                distinct = self._timed(query)
                if distinct is not None and len(distinct) <= MAX_INDEXED_VALUES:
                    values = tuple(str(v[0]) for v in distinct)
            columns.append(Column(
                name=col, type=declared or "", kind=kind, primary_key=bool(pk),
                nullable=not notnull and not pk, unique=col in unique or (bool(pk) and pk_count == 1),
                values=values,
            ))
        keys = conn.execute('SELECT CAST("table" AS BLOB), CAST("from" AS BLOB), CAST("to" AS BLOB) '
                            "FROM pragma_foreign_key_list(?)", (name,)).fetchall()
        fks = tuple(
            ForeignKey(name, frm, ref, (_utf8(to) if to is not None else None) or self._pk_of(ref))
            for ref_raw, frm_raw, to in keys
            if (ref := _utf8(ref_raw)) is not None and (frm := _utf8(frm_raw)) is not None
            and (to is None or _utf8(to) is not None)
        )
        counted = self._timed(exp.select(exp.Count(this=exp.Star())).from_(table_ref(name), copy=False))
        return Table(name, tuple(columns), fks, counted[0][0] if counted else None, stored=stored)

    def _pk_of(self, table: str) -> str:
        rows = self._conn.execute("SELECT CAST(name AS BLOB), pk FROM pragma_table_info(?)", (table,)).fetchall()
        return next((name for raw, pk in rows if pk and (name := _utf8(raw)) is not None), "rowid")

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

    def _run(self, sql: str, max_rows: int | None, timeout: float) -> QueryResult:
        with self._lock:
            self._cancel.clear()
            deadline = time.monotonic() + timeout
            self._conn.set_authorizer(_authorize)
            self._conn.set_progress_handler(
                lambda: int(self._cancel.is_set() or time.monotonic() > deadline), 10_000
            )
            try:
                cur = self._conn.execute(sql)
                columns = tuple(d[0] for d in cur.description or ())
                rows = cur.fetchall() if max_rows is None else cur.fetchmany(max_rows + 1)
                truncated = max_rows is not None and len(rows) > max_rows
                rows = rows[:max_rows] if truncated else rows
                cur.close()
                total = self._count(sql) if truncated else len(rows)
            except sqlite3.OperationalError as err:
                if "interrupted" in str(err):
                    if self._cancel.is_set():
                        raise QueryTimeout("The query was cancelled.") from None
                    if time.monotonic() <= deadline:  # SIGINT arrived inside the progress handler: Ctrl-C
                        raise KeyboardInterrupt from None
                    raise QueryTimeout(f"The query ran longer than {timeout:g} s and was stopped.") from None
                if "not authorized" in str(err) or "readonly" in str(err):
                    raise ReadOnlyViolation(f"nl2sql only reads data; SQLite refused: {err}.") from None
                raise DatabaseError(f"SQLite error: {err}.") from None
            except sqlite3.DatabaseError as err:
                raise DatabaseError(f"SQLite error: {err}.") from None
            except UnicodeDecodeError:
                raise DatabaseError(_UNNAMED_COLUMN) from None
            finally:
                self._conn.set_progress_handler(None, 0)
                self._conn.set_authorizer(None)
            return QueryResult(columns, tuple(tuple(r) for r in rows), total, truncated)

    def _count(self, sql: str) -> int | None:
        """Count the whole result if that takes under COUNT_BUDGET_S; None otherwise."""
        import sqlglot
        import sqlglot.errors
        from sqlglot import exp

        deadline = time.monotonic() + COUNT_BUDGET_S
        self._conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        try:
            inner = sqlglot.parse_one(sql, read="sqlite")
            assert isinstance(inner, exp.Query)  # the guard let only queries through
            counting = exp.select("COUNT(*)").from_(inner.subquery("q"))
            (count,) = self._conn.execute(counting.sql("sqlite")).fetchone()
            return int(count)
        except (sqlite3.DatabaseError, sqlglot.errors.SqlglotError):
            return None
