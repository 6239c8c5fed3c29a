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

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlglot

from nl2sql.db.base import CONNECT_TIMEOUT_S, STREAM_CHUNK, ServerAdapter, failed, query_tree, refused, stopped
from nl2sql.db.base import one_line as first_line
from nl2sql.db.deadline import Cut
from nl2sql.db.drivers import load_driver
from nl2sql.db.functions import READ_ONLY_FUNCTIONS
from nl2sql.db.postgres.catalog import Catalog
from nl2sql.db.url_options import POSTGRES, check_options, query_options
from nl2sql.errors import DatabaseError, UsageError

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
    text = str(getattr(diag, "message_primary", None) or err)
    fatal = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("FATAL:")]
    line = first_line(fatal[-1] if fatal else text, type(err).__name__)
    return first_line(line.removeprefix("FATAL:").removeprefix("ERROR:").strip().removeprefix("connection failed:"),
                      "", secret)


# Read-only built-in names the database also defines in a schema of its own: a call by such a name
# could run either, since PostgreSQL picks among same-named functions by their argument types.
_REDEFINED = ("SELECT DISTINCT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
              "WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND p.proname = ANY(%s)")


class PostgresDatabase(ServerAdapter):
    dialect = "postgres"
    server = "PostgreSQL"

    def __init__(self, url: str, *, display_name: str) -> None:
        super().__init__(display_name)
        psycopg = load_driver("psycopg", f"{display_name} is a PostgreSQL database; reading it")
        self._psycopg = psycopg
        self._errors = psycopg.errors
        self._error: type[Exception] = psycopg.Error
        self._dropped = psycopg.errors.OperationalError
        self._params = self._parse(psycopg, url)
        self._secret = self._params.get("password") or None
        # psycopg waits at least 2 s for a connection, whatever the URL says (libpq's floor).
        self._connect_timeout = max(2.0, float(self._params["connect_timeout"]))
        try:
            self._open()
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

    def _open(self) -> None:
        """A connection whose transactions are read-only by default, within connect_timeout: psycopg
        bounds the handshake, a cut the first statement."""
        self._last_cut = Cut(0.0)  # a cut of the connection before says nothing about this one
        self._conn = conn = self._psycopg.connect(**self._params, autocommit=True)
        try:
            with self._watch(self._connect_timeout):
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

    def _error_line(self, err: BaseException) -> str:
        if isinstance(err, self._errors.ConnectionTimeout):
            return f"the server did not answer within {self._connect_timeout:g} s (connect_timeout)"
        return one_line(err, self._secret)

    def interrupt(self) -> None:
        """Ask the server to cancel the statement in flight (a separate connection does it, so this
        works from another thread or a signal handler while the query blocks)."""
        self._cancel.set()
        try:
            self._conn.cancel_safe(timeout=5)
        except self._error:
            pass

    # -- the read-only transaction (nl2sql/db/base.py's ServerAdapter runs it) --------------------

    def _connected(self) -> bool:
        return not self._conn.closed

    def _socket(self) -> int | None:
        return int(self._conn.fileno())

    def _begin(self, timeout: float, select_limit: int | None) -> None:
        self._conn.execute("BEGIN READ ONLY")

    def _started(self, timeout: float) -> None:
        """The time limit, for this transaction only: the server enforces it."""
        self._conn.execute("SELECT set_config('statement_timeout', %s, true)", [str(max(1, int(timeout * 1000)))])

    def _query(self, sql: str, params: list[object] | None) -> list[tuple]:
        return list(self._conn.execute(sql, params).fetchall())

    def _rollback(self) -> None:
        self._conn.execute("ROLLBACK")

    # -- schema ----------------------------------------------------------------------------------

    def _catalogue(self) -> Catalog:
        return Catalog(self._introspect, self._catalog)

    def cautions(self) -> tuple[str, ...]:
        """A superuser, or a member of the roles that read, write or run things on the server."""
        rows = self._introspect(sqlglot.parse_one(_SERVER_POWERS, read="postgres"), 2.0)
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
            raise self._failure(err, 5.0) from None

    def _lost_line(self, result: Any) -> str:
        if self._last_cut.fired:
            return f"the server did not answer within {self._last_cut.seconds:g} s"
        lines = bytes(result.error_message or b"").decode(errors="replace").strip().splitlines()
        return lines[0] if lines else "the server closed the connection"

    @contextmanager
    def _statement(self, timeout: float) -> Iterator[None]:
        """A statement the server cancelled (its time limit, or Ctrl-C) is said as stopped."""
        with super()._statement(timeout):
            try:
                yield
            except self._errors.QueryCanceled:
                raise stopped(self._cancel.is_set(), timeout) from None

    def _fetch(self, sql: str, max_rows: int | None, timeout: float) -> tuple[tuple[str, ...], list[tuple]]:
        """A query's first ``max_rows + 1`` rows through a server-side cursor (only those cross the
        wire) or all of them streamed; anything else (reachable only past the guard) executed.
        Every path uses the extended protocol, which takes exactly one statement."""
        with self._transaction(timeout):
            if query_tree(sql, "postgres") is None:
                cursor = self._conn.cursor()
                cursor.execute(sql, binary=True)  # binary results force the extended protocol
                return tuple(d.name for d in cursor.description or ()), cursor.fetchall() if cursor.description else []
            if max_rows is not None:
                with self._conn.cursor(name="nl2sql_rows") as named:
                    named.execute(sql)
                    rows = named.fetchmany(max_rows + 1)
                    return tuple(d.name for d in named.description or ()), rows
            cursor = self._conn.cursor()
            rows = list(cursor.stream(sql, size=STREAM_CHUNK))
            return tuple(d.name for d in cursor.description or ()), rows

    def _refusal(self, err: BaseException, timeout: float) -> DatabaseError:
        line = one_line(err, self._secret)
        state = getattr(getattr(err, "diag", None), "sqlstate", None)
        if state in _READ_ONLY_STATES or state in _PRIVILEGE_STATES:
            return refused("PostgreSQL", line)
        return failed("PostgreSQL", line)
