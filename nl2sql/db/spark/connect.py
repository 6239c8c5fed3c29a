"""Spark Connect (``sc://host:port``): the tables and views of the server's current database, read-only.

A Connect client has no Spark parser of its own, and ``spark.sql()`` runs a command on the server
the moment it is sent. So the statement (which passed the guard) is sent only as the subquery of a
query sqlglot builds, ``SELECT * FROM (<statement>) AS nl2sql_q``: the server's own parser accepts
nothing but a query there, so an INSERT, DDL or command is a syntax error at the server, before
anything runs. The statement is sqlglot's rendering of the parsed tree (the SQL shown is the
statement as written). Each statement carries an operation tag of its own; the time limit and
Ctrl-C interrupt that tag on the server, and the session goes on. A catalog table declares no
keys: a column comment ``references table.column`` declares a join key, as for DuckDB and
PostgreSQL. The client libraries come with ``nl2sql[spark-connect]``.
"""

from __future__ import annotations

import re
import warnings
from typing import Any

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db.spark.adapter import SparkDatabase, quoted
from nl2sql.db.spark.plan import first_line
from nl2sql.errors import DatabaseError, UsageError

CONNECT_RETRIES = 3


def _client() -> Any:
    try:
        with warnings.catch_warnings():  # pyspark warns about pandas versions it has not tried
            warnings.simplefilter("ignore")
            from pyspark.sql.connect.session import SparkSession
            from pyspark.sql.connect.utils import check_dependencies

            check_dependencies()
    except ImportError:
        raise UsageError("sc:// (Spark Connect) needs pyspark's Connect client, which is not installed; "
                         "install nl2sql[spark-connect] (pip install 'nl2sql[spark-connect]').") from None
    return SparkSession


def _reason(err: BaseException) -> str:
    """grpc's ``details = "..."`` where the error carries one (the server's or the channel's words)."""
    found = re.search(r'details = "([^"]+)"', str(err))
    return found.group(1).strip() if found else first_line(err)


class SparkConnectDatabase(SparkDatabase):
    @classmethod
    def open(cls, url: str, *, display_name: str) -> SparkConnectDatabase:
        """A new session on the server ``url`` names; one that cannot be reached is one line (exit 2)."""
        from nl2sql.db.drivers import load_driver

        load_driver("pyspark", f"{display_name} is a Spark Connect server; reading it")
        session_class = _client()
        from pyspark.sql.connect.client.retries import DefaultPolicy

        from nl2sql.db.spark.session import quiet_loggers

        quiet_loggers()
        # The client warns "[RETRIES_EXCEEDED]" again when it lets go of a session it never reached.
        warnings.filterwarnings("ignore", message=r"\[RETRIES_EXCEEDED\]")
        try:
            with warnings.catch_warnings():  # "[RETRIES_EXCEEDED]" is said once, in the error below
                warnings.simplefilter("ignore")
                session = session_class.builder.remote(url).create()
                # The client retries an unreachable server for ten minutes by default: a few seconds here.
                session.client.set_retry_policies([DefaultPolicy(max_retries=CONNECT_RETRIES, max_backoff=1000)])
                listed = [t for t in session.catalog.listTables() if not t.isTemporary]
        except Exception as err:  # grpc and Spark errors alike: the reason, on one line
            raise UsageError(f"Cannot connect to {display_name}: {_reason(err)}") from None
        db = cls(session, display_name=display_name)
        for table in sorted(listed, key=lambda t: t.name):
            db._frames[table.name] = session.table(quoted(table.name))
        return db

    def close(self) -> None:
        self._frames.clear()
        self._spark.stop()  # this client's session only; the server goes on

    def _cancel_now(self, group: str) -> None:
        self._spark.interruptTag(group)

    def _enter_group(self, group: str) -> None:
        self._spark.addTag(group)

    def _leave_group(self, group: str) -> None:
        self._spark.removeTag(group)

    def _frame(self, sql: str) -> Any:
        """``SELECT * FROM (<sql>) AS nl2sql_q`` as a DataFrame: only a query parses there."""
        try:
            tree = sqlglot.parse_one(sql, read="spark")
        except sqlglot.errors.SqlglotError as err:
            raise DatabaseError(f"The SQL does not parse: {str(err).splitlines()[0]}") from None
        wrapped = exp.select("*").from_(exp.Subquery(this=tree.copy(), alias=exp.TableAlias(
            this=exp.to_identifier("nl2sql_q"))))
        return self._spark.sql(wrapped.sql("spark"))
