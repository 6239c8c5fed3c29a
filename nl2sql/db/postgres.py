"""PostgreSQL through psycopg 3: every statement in a read-only transaction that is rolled back, a
time limit the server enforces, and a cancel the server carries out.

Below the sqlglot guard, three things hold at the server: the session's
``default_transaction_read_only`` is on, each statement runs alone inside ``BEGIN READ ONLY`` with
``statement_timeout`` set for that transaction only, and the transaction is always rolled back, so
even a setting a statement changes is undone. Statements go through the extended query protocol,
which takes one statement per message: a second statement hidden in the text is a syntax error at
the server. Ctrl-C and the time limit send the server a cancel request; the session goes on.
Every wait for the server has a wall-clock limit (connect_timeout for connecting, the statement's
time limit and a short backstop for a statement), so a server that stops answering, or drips its
answer, costs one line, not the session; a connection the server ended is opened again, once, by
the next statement, with the same read-only session. Only reviewed URL options reach libpq
(url_options.py).
Credentials are libpq's business (the URL, ``PGPASSWORD``, ``~/.pgpass``, service files); nothing
here prints or stores them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import Any

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db.database import Database, QueryResult
from nl2sql.db.deadline import Cut, cut_after
from nl2sql.db.drivers import load_driver
from nl2sql.db.functions import READ_ONLY_FUNCTIONS
from nl2sql.db.introspect import COUNT_BUDGET_S, plain_row
from nl2sql.db.pg_catalog import Catalog
from nl2sql.db.schema import Schema
from nl2sql.db.url_options import POSTGRES, check_options, query_options
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError

CONNECT_TIMEOUT_S = 5
# How long after its time limit a statement's answer may come before the connection is cut: the
# server stops the statement itself at the limit, so silence past this is a server that is gone.
BACKSTOP_S = 2.0
# Catalog queries (fixed text) run under this limit each.
CATALOG_BUDGET_S = 30.0
# Rows fetched per round trip while streaming a whole result.
_CHUNK = 500
_READ_ONLY_STATES = ("25006",)  # read_only_sql_transaction
_PRIVILEGE_STATES = ("42501",)  # insufficient_privilege
# Whether this login reads and writes files on the server or runs programs there, whatever the transaction.
_SERVER_POWERS = ("SELECT current_user, rolsuper OR pg_has_role('pg_read_server_files', 'MEMBER')"
                  " OR pg_has_role('pg_write_server_files', 'MEMBER')"
                  " OR pg_has_role('pg_execute_server_program', 'MEMBER')"
                  " FROM pg_catalog.pg_roles WHERE rolname = current_user")


def one_line(err: BaseException, secret: str | None = None) -> str:
    """The driver's message as one line, the server's words without its "ERROR:" and "LINE 1:" parts,
    and never the password (libpq does not print it; this makes sure)."""
    diag = getattr(err, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    lines = [ln.strip() for ln in str(primary or err).splitlines() if ln.strip()]
    text = next((ln for ln in reversed(lines) if ln.startswith("FATAL:")), lines[0] if lines else type(err).__name__)
    text = text.removeprefix("FATAL:").removeprefix("ERROR:").strip()
    text = text.removeprefix("connection failed:").strip()
    return text.replace(secret, "***") if secret else text


# Read-only built-in names the database also defines in a schema of its own: a call by such a name
# could run either, since PostgreSQL picks among same-named functions by their argument types.
_REDEFINED = ("SELECT DISTINCT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
              "WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND p.proname = ANY(%s)")


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, url: str, *, display_name: str) -> None:
        self.display_name = display_name
        psycopg = load_driver("psycopg", f"{display_name} is a PostgreSQL database; reading it")
        self._psycopg = psycopg
        self._errors = psycopg.errors
        self._error: type[Exception] = psycopg.Error
        self._params = self._parse(psycopg, url)
        self._secret = self._params.get("password") or None
        # psycopg waits at least 2 s for a connection, whatever the URL says (libpq's floor).
        self._connect_timeout = max(2.0, float(self._params["connect_timeout"]))
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._last_cut = Cut(0.0)
        try:
            self._conn = self._open()
        except psycopg.Error as err:
            raise UsageError(f"Cannot connect to {display_name}: {self._line(err)}") from None

    def _parse(self, psycopg: Any, url: str) -> dict[str, Any]:
        """The URL's parameters as libpq reads them, only reviewed ones, with a connect timeout and
        our name unless given. The query string is checked before libpq parses it, so an option
        libpq does not know either is named too; then libpq's own reading of every value."""
        check_options(query_options(url), POSTGRES, "PostgreSQL")
        try:
            params: dict[str, Any] = psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.Error:
            raise UsageError(f"{self.display_name} is not a valid PostgreSQL URL.") from None
        check_options(((k, str(v)) for k, v in params.items()), POSTGRES, "PostgreSQL")
        params.setdefault("connect_timeout", CONNECT_TIMEOUT_S)
        params.setdefault("application_name", "nl2sql")
        return params

    def _open(self) -> Any:
        """A connection whose transactions are read-only by default, within connect_timeout: psycopg
        bounds the handshake, a cut the first statement."""
        self._last_cut = Cut(0.0)  # a cut of the connection before says nothing about this one
        conn = self._psycopg.connect(**self._params, autocommit=True)
        try:
            with cut_after(conn.fileno(), self._connect_timeout) as cut:
                self._last_cut = cut
                conn.execute("SET default_transaction_read_only = on")
                # Strings read as sqlglot reads them: with standard_conforming_strings off (a database's
                # or role's setting), 'x\' ends elsewhere and the server would run text the guard saw
                # inside a string.
                conn.execute("SET standard_conforming_strings = on")
                conn.execute("SET backslash_quote = off")
                conforming = conn.execute("SHOW standard_conforming_strings").fetchone()
                self.refused_functions = frozenset(
                    row[0].lower() for row in conn.execute(_REDEFINED, (sorted(READ_ONLY_FUNCTIONS["postgres"]),)))
        except self._error:
            conn.close()
            raise
        if not conforming or conforming[0] != "on":
            conn.close()
            raise UsageError(f"Cannot read {self.display_name}: the server keeps standard_conforming_strings off, "
                             "so nl2sql could not check its statements as the server reads them.")
        return conn

    def _line(self, err: BaseException) -> str:
        """The error as one line without the password; a connection cut for its silence, or a
        connect that timed out, said as such."""
        if self._last_cut.fired:
            return f"the server did not answer within {self._last_cut.seconds:g} s"
        if isinstance(err, self._errors.ConnectionTimeout):
            return f"the server did not answer within {self._connect_timeout:g} s (connect_timeout)"
        return one_line(err, self._secret)

    def _reopen_if_lost(self) -> None:
        """A connection the server ended (a restart, ``pg_terminate_backend``, an idle timeout) is
        opened again, read-only session and all; failing that is one line."""
        if not self._conn.closed:
            return
        try:
            self._conn = self._open()
        except self._error as err:
            raise DatabaseError(f"Lost the connection to {self.display_name}: {self._line(err)}") from None

    def close(self) -> None:
        self._conn.close()

    def interrupt(self) -> None:
        """Ask the server to cancel the statement in flight (a separate connection does it, so this
        works from another thread or a signal handler while the query blocks)."""
        self._cancel.set()
        try:
            self._conn.cancel_safe(timeout=5)
        except self._error:
            pass

    @contextmanager
    def _transaction(self, timeout: float) -> Iterator[None]:
        """``BEGIN READ ONLY`` with the time limit for this transaction only; always rolled back.
        The server enforces the limit; the connection is cut if the whole exchange, BEGIN to
        ROLLBACK, has not ended shortly after it. A connection found dropped at BEGIN is opened
        again and the BEGIN sent once more (nothing has run yet); a silent one is not."""
        for attempt in (1, 2):
            self._reopen_if_lost()
            with cut_after(self._conn.fileno(), timeout + BACKSTOP_S) as cut:
                self._last_cut = cut
                if not self._begin(retry=attempt == 1):
                    continue
                try:
                    self._conn.execute("SELECT set_config('statement_timeout', %s, true)",
                                       [str(max(1, int(timeout * 1000)))])
                    yield
                finally:
                    if not self._conn.closed:
                        self._conn.execute("ROLLBACK")
                return

    def _begin(self, *, retry: bool) -> bool:
        """Whether the transaction began; False when the server had dropped the connection and one
        more try is allowed."""
        try:
            self._conn.execute("BEGIN READ ONLY")
            return True
        except self._errors.OperationalError:
            if retry and self._conn.closed and not self._last_cut.fired:
                return False
            raise

    # -- schema ----------------------------------------------------------------------------------

    @cached_property
    def schema(self) -> Schema:
        with self._lock:
            try:
                return Catalog(self._catalog, self._query_rows).schema()
            except self._error as err:
                raise DatabaseError(f"Cannot read the catalog of {self.display_name}: {self._line(err)}") from None

    def _catalog(self, sql: str, params: list[object] | None) -> list[tuple]:
        with self._transaction(CATALOG_BUDGET_S):
            return list(self._conn.execute(sql, params).fetchall())

    def _query_rows(self, query: exp.Expr, budget: float) -> list[tuple] | None:
        """Rows of one introspection query under ``budget`` seconds; None when it failed or ran out."""
        try:
            with self._transaction(budget):
                return [plain_row(r) for r in self._conn.execute(query.sql("postgres")).fetchall()]
        except (self._error, DatabaseError):
            return None

    def cautions(self) -> tuple[str, ...]:
        """A superuser, or a member of the roles that read, write or run things on the server."""
        rows = self._query_rows(sqlglot.parse_one(_SERVER_POWERS, read="postgres"), 2.0)
        if not rows or not rows[0][1]:
            return ()
        return (f"role {rows[0][0]!r} is a superuser or may use the server's files and programs: only nl2sql's "
                "statement guard keeps queries away from them; connect as a role that may only SELECT "
                "(docs/databases.md).",)

    # -- execution -------------------------------------------------------------------------------

    def _check(self, sql: str) -> str | None:
        """Parse and analyse on the server without running (the protocol's Parse step: names and
        types are resolved, nothing is planned or executed), inside a read-only transaction."""
        from psycopg import pq

        try:
            with self._lock, self._transaction(5.0):
                result = self._conn.pgconn.prepare(b"", sql.encode())
                if result.status == pq.ExecStatus.COMMAND_OK:
                    return None
                if self._conn.closed:  # the server went away: not the statement's fault
                    raise DatabaseError(f"Lost the connection to {self.display_name}: {self._lost_line(result)}")
                message = result.error_field(pq.DiagnosticField.MESSAGE_PRIMARY) or result.error_message
                return bytes(message).decode(errors="replace").strip()
        except self._error as err:
            raise self._refusal(err) from None

    def _lost_line(self, result: Any) -> str:
        if self._last_cut.fired:
            return f"the server did not answer within {self._last_cut.seconds:g} s"
        lines = bytes(result.error_message or b"").decode(errors="replace").strip().splitlines()
        return lines[0] if lines else "the server closed the connection"

    def _run(self, sql: str, max_rows: int | None, timeout: float) -> QueryResult:
        with self._lock:
            self._cancel.clear()
            try:
                with self._transaction(timeout):
                    columns, rows = self._fetch(sql, max_rows)
                truncated = max_rows is not None and len(rows) > max_rows
                rows = rows[:max_rows] if truncated else rows
                total = self._count(sql) if truncated else len(rows)
            except self._errors.QueryCanceled:
                if self._cancel.is_set():
                    raise QueryTimeout("The query was cancelled.") from None
                raise QueryTimeout(f"The query ran longer than {timeout:g} s and was stopped.") from None
            except self._error as err:
                raise self._refusal(err) from None
            return QueryResult(columns, tuple(plain_row(r) for r in rows), total, truncated)

    def _fetch(self, sql: str, max_rows: int | None) -> tuple[tuple[str, ...], list[tuple]]:
        """A query's first ``max_rows + 1`` rows through a server-side cursor (only those cross the
        wire) or all of them streamed; anything else (reachable only past the guard) executed.
        Every path uses the extended protocol, which takes exactly one statement."""
        if not _is_query(sql):
            cursor = self._conn.cursor()
            cursor.execute(sql, binary=True)  # binary results force the extended protocol
            return tuple(d.name for d in cursor.description or ()), cursor.fetchall() if cursor.description else []
        if max_rows is not None:
            with self._conn.cursor(name="nl2sql_rows") as named:
                named.execute(sql)
                rows = named.fetchmany(max_rows + 1)
                return tuple(d.name for d in named.description or ()), rows
        cursor = self._conn.cursor()
        rows = list(cursor.stream(sql, size=_CHUNK))
        return tuple(d.name for d in cursor.description or ()), rows

    def _refusal(self, err: Exception) -> DatabaseError:
        if self._last_cut.fired:
            return QueryTimeout(f"PostgreSQL did not answer within {self._last_cut.seconds:g} s; the connection "
                                "was closed (the next statement opens it again).")
        line = one_line(err, self._secret)
        state = getattr(getattr(err, "diag", None), "sqlstate", None)
        if state in _READ_ONLY_STATES or state in _PRIVILEGE_STATES:
            return ReadOnlyViolation(f"nl2sql only reads data; PostgreSQL refused: {line}")
        return DatabaseError(f"PostgreSQL error: {line}")

    def _count(self, sql: str) -> int | None:
        """Count the whole result if that takes under COUNT_BUDGET_S; None otherwise."""
        try:
            inner = sqlglot.parse_one(sql, read="postgres")
        except sqlglot.errors.SqlglotError:
            return None
        assert isinstance(inner, exp.Query)  # the guard let only queries through
        rows = self._query_rows(exp.select("COUNT(*)").from_(inner.subquery("q")), COUNT_BUDGET_S)
        return int(rows[0][0]) if rows else None


def _is_query(sql: str) -> bool:
    try:
        return isinstance(sqlglot.parse_one(sql, read="postgres"), exp.Query)
    except sqlglot.errors.SqlglotError:
        return False
