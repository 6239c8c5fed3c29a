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

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import sqlglot

from nl2sql.db.base import STREAM_CHUNK, ServerAdapter, failed, plain_row, query_tree, refused, stopped
from nl2sql.db.deadline import Cut, cut_after
from nl2sql.db.drivers import load_driver
from nl2sql.db.mysql.catalog import Catalog
from nl2sql.db.mysql.connect import connect_link, one_line, parse_mysql_url
from nl2sql.errors import DatabaseError, UsageError

# The client stops a statement the server has not stopped this long after the time limit.
BACKSTOP_S = 2.0
# And cuts the connection this long after that, when even the stop brought no answer.
CUT_S = 2.0
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


class MysqlDatabase(ServerAdapter):
    dialect = "mysql"
    _grace = BACKSTOP_S + CUT_S

    def __init__(self, url: str, *, display_name: str) -> None:
        super().__init__(display_name)
        pymysql = load_driver("pymysql", f"{display_name} is a MySQL database; reading it")
        self._cursors = pymysql.cursors
        self._error: type[Exception] = pymysql.Error
        self._dropped = pymysql.Error
        self._url = parse_mysql_url(url)
        self._conv = text_conversions(pymysql)
        try:
            self._open()
        except pymysql.Error as err:
            raise UsageError(f"Cannot read {display_name}: {self._line(err)}") from None

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

    def _socket(self) -> int | None:
        return self._fd if self._conn.open else None

    def _error_line(self, err: BaseException) -> str:
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

    # -- the read-only transaction (nl2sql/db/base.py's ServerAdapter runs it) --------------------

    def _connected(self) -> bool:
        return bool(self._conn.open)

    def _begin(self, timeout: float, select_limit: int | None) -> None:
        """The read-only mode, the time limit and the row cap set again for what follows, then
        ``START TRANSACTION READ ONLY``."""
        limit: float | int = max(0.001, timeout) if self.mariadb else max(1, int(timeout * 1000))
        with self._conn.cursor() as cur:
            cur.execute(self._limits, (limit, select_limit or _NO_LIMIT))
            cur.execute("START TRANSACTION READ ONLY")

    def _query(self, sql: str, params: list[object] | None) -> list[tuple]:
        with self._conn.cursor() as cur:
            cur.execute(sql, params)
            return list(cur.fetchall())

    def _rollback(self) -> None:
        with self._conn.cursor() as cur:
            cur.execute("ROLLBACK")

    # -- schema ----------------------------------------------------------------------------------

    def _catalogue(self) -> Catalog:
        return Catalog(self._introspect, self._catalog, self._url.database, self._url.others)

    def _plain(self, row: tuple) -> tuple:
        return plain(row)

    def cautions(self) -> tuple[str, ...]:
        """A login with the FILE privilege reads and writes the server's files (``LOAD_FILE``, ``INTO
        OUTFILE``) whatever the transaction; SUPER can change the server itself."""
        rows = self._introspect(sqlglot.parse_one(_SERVER_POWERS, read="mysql"), 2.0)
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

    @contextmanager
    def _statement(self, timeout: float) -> Iterator[None]:
        """The backstop armed around the statement: ``KILL QUERY`` a moment past its time limit."""
        with self._expiring(timeout + BACKSTOP_S, self._kill_query), super()._statement(timeout):
            yield

    def _fetch(self, sql: str, max_rows: int | None, timeout: float) -> tuple[tuple[str, ...], list[tuple]]:
        """A query's first ``max_rows + 1`` rows (``sql_select_limit`` has the server stop there) or
        all of them, streamed through an unbuffered cursor; anything else (reachable only past the
        guard) executed plainly."""
        with self._transaction(timeout, max_rows + 1 if max_rows is not None else None):
            if query_tree(sql, "mysql") is None:
                with self._conn.cursor() as cur:
                    cur.execute(sql)
                    return tuple(d[0] for d in cur.description or ()), list(cur.fetchall()) if cur.description else []
            cursor = self._conn.cursor(self._cursors.SSCursor)
            stopped_early = False
            try:
                cursor.execute(sql)
                columns = tuple(d[0] for d in cursor.description or ())
                if max_rows is None:
                    rows: list[tuple] = []
                    while chunk := cursor.fetchmany(STREAM_CHUNK):
                        rows.extend(chunk)
                    return columns, rows
                rows = list(cursor.fetchmany(max_rows + 1))
                if len(rows) > max_rows and cursor.fetchone() is not None:
                    # a LIMIT of the statement's own beyond the cap: stop the server sending the rest
                    stopped_early = True
                    self._kill_query()
                return columns, rows
            finally:
                self._close(cursor, stopped_early)

    def _close(self, cursor: Any, stopped: bool) -> None:
        try:
            cursor.close()  # reads what the server still sends (nothing more once stopped)
        except self._error as err:
            if not (stopped and err.args and err.args[0] == _KILLED):
                raise

    def _refusal(self, err: BaseException, timeout: float) -> DatabaseError:
        code = err.args[0] if err.args else None
        line = one_line(err, self._url.secret)
        if code in _TIMED_OUT or code == _KILLED:
            return stopped(code == _KILLED and not self._timed_out.is_set(), timeout)
        if code in _READ_ONLY or (code in _DENIED and not line.upper().startswith("SELECT COMMAND")):
            return refused(self.server, line)
        return failed(self.server, line)
