"""MySQL and MariaDB through PyMySQL: every statement in a read-only transaction that is rolled
back, a time limit the server enforces, and a cancel the server carries out.

Below the sqlglot guard, at the server: the session's transaction access mode is READ ONLY (so a
statement that commits implicitly, as DDL does, starts another read-only transaction and fails),
each statement runs alone inside ``START TRANSACTION READ ONLY`` and is always rolled back, and
before each one the session's read-only mode and time limit are set again, so nothing an earlier
statement changed carries over. PyMySQL sends one statement per call (no multi-statement flag):
a second statement hidden in the text is a syntax error at the server. The time limit is
MariaDB's ``max_statement_time`` or MySQL's ``max_execution_time``; Ctrl-C, and a backstop a
moment after the limit, send ``KILL QUERY`` for this session from a second connection. Either
way the query stops on the server and the session goes on. Every wait for the server has a
wall-clock limit besides: connecting and setting up the session within ``connect_timeout``, a
statement within its time limit and two short backstops; a server that stops answering, or drips
its answer, then has its connection cut, the turn gets one line, and the next statement connects
again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from functools import cached_property
from typing import Any

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db.database import Database, QueryResult
from nl2sql.db.deadline import Cut, cut_after
from nl2sql.db.drivers import load_driver
from nl2sql.db.introspect import COUNT_BUDGET_S, plain_row
from nl2sql.db.mysql_catalog import Catalog
from nl2sql.db.mysql_connect import connect_link, one_line, parse_mysql_url
from nl2sql.db.schema import Schema
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError

# Rows fetched per round trip while streaming a whole result.
_CHUNK = 500
# The client stops a statement the server has not stopped this long after the time limit.
BACKSTOP_S = 2.0
# And cuts the connection this long after that, when even the stop brought no answer.
CUT_S = 2.0
# Catalog queries (fixed text) run under this limit each.
CATALOG_BUDGET_S = 30.0
_NO_LIMIT = 18446744073709551615  # sql_select_limit's default: no cap
_TIMED_OUT = (1969, 3024)  # MariaDB max_statement_time, MySQL max_execution_time
_KILLED = 1317  # query execution was interrupted (KILL QUERY)
_READ_ONLY = (1792,)  # cannot execute statement in a READ ONLY transaction
_DENIED = (1142, 1143, 1227, 1044)  # a command, column, privilege or database the user may not use
# This login's global privileges that reach past the read-only transaction (the file system, the server).
_SERVER_POWERS = ("SELECT CURRENT_USER(), privilege_type FROM information_schema.user_privileges"
                  " WHERE privilege_type IN ('FILE', 'SUPER')"
                  " AND grantee = CONCAT(\"'\", REPLACE(CURRENT_USER(), '@', \"'@'\"), \"'\")")
# sql_mode flags that change how text parses; sqlglot (and every query here) writes the default syntax.
_PARSING_MODES = frozenset({"ANSI_QUOTES", "PIPES_AS_CONCAT", "NO_BACKSLASH_ESCAPES", "ANSI", "ORACLE", "MSSQL",
                            "DB2", "MAXDB", "POSTGRESQL", "EMPTY_STRING_IS_NULL"})


def plain(row: tuple) -> tuple:
    """A row as SQLite would give it: a whole DECIMAL (MySQL's SUM of integers) as an int."""
    return plain_row(tuple(int(v) if isinstance(v, Decimal) and v.as_tuple().exponent == 0 else v for v in row))


def _timestamp_text(text: str) -> str:
    """A DATE, DATETIME or TIME as the server writes it, as SQLite keeps it (a DATETIME(6) without a
    fraction as Python's ``str(datetime)`` writes it): text straight from the wire, no datetime
    objects built and printed again (that was half the time of reading a result)."""
    return text[:-7] if text.endswith(".000000") else text


def text_conversions(pymysql: Any) -> dict[Any, Any]:
    """PyMySQL's conversions, dates and times kept as the server's text."""
    field = pymysql.constants.FIELD_TYPE
    conv = dict(pymysql.converters.conversions)
    for kind in (field.DATE, field.DATETIME, field.TIMESTAMP, field.TIME, field.NEWDATE):
        conv[kind] = _timestamp_text
    return conv


class MysqlDatabase(Database):
    dialect = "mysql"

    def __init__(self, url: str, *, display_name: str) -> None:
        self.display_name = display_name
        pymysql = load_driver("pymysql", f"{display_name} is a MySQL database; reading it")
        self._cursors = pymysql.cursors
        self._error: type[Exception] = pymysql.Error
        self._url = parse_mysql_url(url)
        self._conv = text_conversions(pymysql)
        self._last_cut = Cut(0.0)
        try:
            self._open()
        except pymysql.Error as err:
            raise UsageError(f"Cannot read {display_name}: {self._line(err)}") from None
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._timed_out = threading.Event()

    def _open(self) -> None:
        """Connect and set the session up, all within ``connect_timeout``; a session that could not
        be set up is closed."""
        self._last_cut = Cut(0.0)
        self._conn, self._fd = connect_link(self._url, self.display_name, f"Reading {self.display_name}",
                                            conv=self._conv)
        try:
            with self._watch(self._url.connect_timeout):
                self._start_session()
        except self._error:
            self.close()
            raise

    @contextmanager
    def _watch(self, seconds: float) -> Iterator[Cut]:
        """Cut the connection if what follows has not ended within ``seconds`` (the server went
        silent, or drips); ``_last_cut`` says afterwards whether that is why it failed."""
        with cut_after(self._fd if self._conn.open else None, seconds) as cut:
            self._last_cut = cut
            yield cut

    def _line(self, err: BaseException) -> str:
        if self._last_cut.fired:
            return f"the server did not answer within {self._last_cut.seconds:g} s"
        return one_line(err, self._url.secret)

    def _start_session(self) -> None:
        """Learn the server's kind, keep only sql_mode flags that do not change parsing, and make
        READ ONLY the session's transaction access mode."""
        with self._conn.cursor() as cur:
            cur.execute("SELECT @@version, @@session.sql_mode")
            version, mode = cur.fetchone()
            self.mariadb = "mariadb" in str(version).lower()
            self.server = "MariaDB" if self.mariadb else "MySQL"
            kept = [m for m in str(mode).split(",") if m and m.upper() not in _PARSING_MODES]
            cur.execute("SET SESSION sql_mode = %s", (",".join(kept),))
            cur.execute("SET SESSION TRANSACTION READ ONLY")
            try:
                cur.execute("SELECT @@session.transaction_read_only")
                read_only = "transaction_read_only"
            except self._error:
                read_only = "tx_read_only"  # MariaDB before 11.1
        limit = "max_statement_time" if self.mariadb else "max_execution_time"
        # Fixed text: the names come from the two lists above, the values are parameters.
        self._limits = f"SET SESSION {read_only} = 1, SESSION {limit} = %s, SESSION sql_select_limit = %s"
        self._thread_id = self._conn.thread_id()

    def close(self) -> None:
        try:
            self._conn.close()
        except self._error:
            pass

    # -- stopping a statement ----------------------------------------------------------------------

    def _kill_query(self) -> None:
        """``KILL QUERY`` for this session, from a connection of its own (the session's own is busy
        waiting for the statement); the session stays open."""
        try:
            killer, fd = connect_link(self._url, self.display_name, "Stopping a query")
        except Exception:  # noqa: BLE001 - nothing to stop with; the time limit still holds
            return
        try:
            with cut_after(fd, self._url.connect_timeout), killer.cursor() as cur:
                cur.execute("KILL QUERY %s", (self._thread_id,))
        except self._error:
            pass  # the statement had ended, or the server is not answering
        finally:
            killer.close()

    def interrupt(self) -> None:
        """Stop the statement in flight on the server (Ctrl-C or a thread)."""
        self._cancel.set()
        self._kill_query()

    def _time_up(self) -> None:
        self._timed_out.set()
        self._kill_query()

    def _reconnect_if_lost(self) -> None:
        """A connection the server dropped (a restart, a timeout) is made again, session and all."""
        if self._conn.open:
            return
        try:
            self._open()
        except UsageError as err:
            raise DatabaseError(f"Lost the connection to {self.display_name}: "
                                f"{str(err).removeprefix(f'Cannot connect to {self.display_name}: ')}") from None
        except self._error as err:
            raise DatabaseError(f"Lost the connection to {self.display_name}: {self._line(err)}") from None

    @contextmanager
    def _transaction(self, timeout: float, select_limit: int | None) -> Iterator[Any]:
        """``START TRANSACTION READ ONLY`` after setting the read-only mode, the time limit and the
        row cap for what follows; always rolled back. The connection is cut if the whole exchange
        has not ended two backstops after the time limit: the server is gone or dripping."""
        limit: float | int = max(0.001, timeout) if self.mariadb else max(1, int(timeout * 1000))
        for attempt in (1, 2):
            self._reconnect_if_lost()
            with self._watch(timeout + BACKSTOP_S + CUT_S):
                if not self._begin(limit, select_limit, retry=attempt == 1):
                    continue
                try:
                    yield
                finally:
                    if self._conn.open:
                        with self._conn.cursor() as cur:
                            cur.execute("ROLLBACK")
                return

    def _begin(self, limit: float | int, select_limit: int | None, *, retry: bool) -> bool:
        """Whether the transaction began; False when the server had dropped the connection and one
        more try is allowed (nothing has run yet). A server that refused, or went silent, is not retried."""
        try:
            with self._conn.cursor() as cur:
                cur.execute(self._limits, (limit, select_limit or _NO_LIMIT))
                cur.execute("START TRANSACTION READ ONLY")
            return True
        except self._error:
            if retry and not self._conn.open and not self._last_cut.fired:
                return False
            raise

    # -- schema ----------------------------------------------------------------------------------

    @cached_property
    def schema(self) -> Schema:
        with self._lock:
            try:
                return Catalog(self._catalog, self._query_rows, self._url.database, self._url.others).schema()
            except self._error as err:
                raise DatabaseError(f"Cannot read the catalog of {self.display_name}: {self._line(err)}") from None

    def _catalog(self, sql: str, params: list[object] | None) -> list[tuple]:
        with self._transaction(CATALOG_BUDGET_S, None), self._conn.cursor() as cur:
            cur.execute(sql, params)
            return list(cur.fetchall())

    def _query_rows(self, query: exp.Expr, budget: float) -> list[tuple] | None:
        """Rows of one introspection query under ``budget`` seconds; None when it failed or ran out."""
        try:
            with self._transaction(budget, None), self._conn.cursor() as cur:
                cur.execute(query.sql("mysql"))
                return [plain(r) for r in cur.fetchall()]
        except (self._error, DatabaseError):
            return None

    def cautions(self) -> tuple[str, ...]:
        """A login with the FILE privilege reads and writes the server's files (``LOAD_FILE``, ``INTO
        OUTFILE``) whatever the transaction; SUPER can change the server itself."""
        rows = self._query_rows(sqlglot.parse_one(_SERVER_POWERS, read="mysql"), 2.0)
        if not rows:
            return ()
        powers = " and ".join(sorted({str(r[1]) for r in rows}))
        return (f"user {rows[0][0]!r} has the {powers} privilege: only nl2sql's statement guard keeps queries "
                "away from the server's files; connect as a user with SELECT only (docs/databases.md).",)

    # -- execution -------------------------------------------------------------------------------

    def _check(self, sql: str) -> str | None:
        """Compile on the server without running: ``PREPARE`` resolves names and types and plans
        nothing, inside a read-only transaction; the statement text travels as a parameter."""
        try:
            with self._lock, self._transaction(5.0, None), self._conn.cursor() as cur:
                try:
                    cur.execute("SET @nl2sql_check = %s", (sql,))
                    cur.execute("PREPARE nl2sql_check FROM @nl2sql_check")
                    cur.execute("DEALLOCATE PREPARE nl2sql_check")
                    return None
                except self._error as err:
                    if not self._conn.open:
                        raise  # the server went away: not the statement's fault
                    return one_line(err)
                finally:
                    if self._conn.open:
                        cur.execute("SET @nl2sql_check = NULL")
        except self._error as err:
            raise self._failure(err, 5.0) from None

    def _run(self, sql: str, max_rows: int | None, timeout: float) -> QueryResult:
        with self._lock:
            self._cancel.clear()
            self._timed_out.clear()
            backstop = threading.Timer(timeout + BACKSTOP_S, self._time_up)
            backstop.daemon = True
            backstop.start()
            try:
                with self._transaction(timeout, max_rows + 1 if max_rows is not None else None):
                    columns, rows = self._fetch(sql, max_rows)
                truncated = max_rows is not None and len(rows) > max_rows
                rows = rows[:max_rows] if truncated else rows
                total = self._count(sql) if truncated else len(rows)
            except self._error as err:
                raise self._failure(err, timeout) from None
            finally:
                backstop.cancel()
            return QueryResult(columns, tuple(plain(r) for r in rows), total, truncated)

    def _fetch(self, sql: str, max_rows: int | None) -> tuple[tuple[str, ...], list[tuple]]:
        """A query's first ``max_rows + 1`` rows (``sql_select_limit`` has the server stop there) or
        all of them, streamed through an unbuffered cursor; anything else (reachable only past the
        guard) executed plainly."""
        if not _is_query(sql):
            with self._conn.cursor() as cur:
                cur.execute(sql)
                return tuple(d[0] for d in cur.description or ()), list(cur.fetchall()) if cur.description else []
        cursor = self._conn.cursor(self._cursors.SSCursor)
        stopped = False
        try:
            cursor.execute(sql)
            columns = tuple(d[0] for d in cursor.description or ())
            if max_rows is None:
                rows: list[tuple] = []
                while chunk := cursor.fetchmany(_CHUNK):
                    rows.extend(chunk)
                return columns, rows
            rows = list(cursor.fetchmany(max_rows + 1))
            if len(rows) > max_rows and cursor.fetchone() is not None:
                stopped = True  # a LIMIT of the statement's own beyond the cap: stop the server sending the rest
                self._kill_query()
            return columns, rows
        finally:
            self._close(cursor, stopped)

    def _close(self, cursor: Any, stopped: bool) -> None:
        try:
            cursor.close()  # reads what the server still sends (nothing more once stopped)
        except self._error as err:
            if not (stopped and err.args and err.args[0] == _KILLED):
                raise

    def _failure(self, err: Exception, timeout: float) -> DatabaseError:
        if self._last_cut.fired:
            return QueryTimeout(f"{self.server} did not answer within {self._last_cut.seconds:g} s; the connection "
                                "was closed (the next statement opens it again).")
        code = err.args[0] if err.args else None
        line = one_line(err, self._url.secret)
        if code in _TIMED_OUT or (code == _KILLED and self._timed_out.is_set()):
            return QueryTimeout(f"The query ran longer than {timeout:g} s and was stopped.")
        if code == _KILLED:
            return QueryTimeout("The query was cancelled.")
        if code in _READ_ONLY or (code in _DENIED and not line.upper().startswith("SELECT COMMAND")):
            return ReadOnlyViolation(f"nl2sql only reads data; {self.server} refused: {line}")
        return DatabaseError(f"{self.server} error: {line}")

    def _count(self, sql: str) -> int | None:
        """Count the whole result if that takes under COUNT_BUDGET_S; None otherwise."""
        try:
            inner = sqlglot.parse_one(sql, read="mysql")
        except sqlglot.errors.SqlglotError:
            return None
        if not isinstance(inner, exp.Query):
            return None
        rows = self._query_rows(exp.select("COUNT(*)").from_(inner.subquery("q")), COUNT_BUDGET_S)
        return int(rows[0][0]) if rows else None


def _is_query(sql: str) -> bool:
    try:
        return isinstance(sqlglot.parse_one(sql, read="mysql"), exp.Query)
    except sqlglot.errors.SqlglotError:
        return False
