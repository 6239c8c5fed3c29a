"""The Spark engine's own gate below the sqlglot guard: a statement runs only as a query plan that
Spark's parser itself says is a query.

``spark.sql()`` runs commands eagerly (``SET``, ``CACHE TABLE``, ``INSERT``, ``CREATE ... AS``), so
the adapter never calls it. It parses the text twice with the session's own parser: as a whole
statement (``parsePlan``, the grammar's single statement up to the end of the text) and as a query
(``parseQuery``, the grammar's query rule, which has no INSERT, DDL or command in it). Only when
both succeed and give the same plan is the text a query; that very plan becomes a DataFrame
(``Dataset.ofRows``), which runs nothing until its rows are fetched. ``reflect``/``java_method``
(calls of static Java methods) are refused by name in the parsed plan. Parsing this way also skips
``spark.sql()``'s ``${...}`` substitution.
"""

from __future__ import annotations

import re
from typing import Any

from nl2sql.db.base import one_line
from nl2sql.errors import DatabaseError, ReadOnlyViolation

_REFLECTION = re.compile(r"'(reflect|java_method|try_reflect)\(", re.IGNORECASE)


def first_line(err: BaseException) -> str:
    """A Spark error as one line: its message without the JVM stack or the SQLSTATE tail."""
    text = str(getattr(err, "desc", None) or getattr(err, "java_exception", None) or err)
    line = one_line(text, type(err).__name__)
    line = line.removeprefix("An error occurred while calling ").strip()
    return re.sub(r"\s*SQLSTATE: \w+.*$", "", line).strip() or type(err).__name__


def _shape(plan: Any) -> str:
    """A parsed plan's tree without its expression ids (each parse numbers subqueries afresh)."""
    return re.sub(r"#\d+", "#", plan.toString())


def query_plan(session: Any, sql: str, errors: tuple[type[BaseException], ...]) -> Any:
    """The parsed logical plan of ``sql`` if Spark's parser reads it as one query; refuse otherwise."""
    parser = session._jsparkSession.sessionState().sqlParser()
    try:
        whole = parser.parsePlan(sql)
    except errors as err:
        raise DatabaseError(f"Spark error: {first_line(err)}") from None
    try:
        query = parser.parseQuery(sql)
    except errors:
        query = None
    if query is None or _shape(whole) != _shape(query):
        raise ReadOnlyViolation(f"nl2sql only reads data; Spark parses this as a {whole.nodeName()} "
                                "statement, not a query.")
    found = _REFLECTION.search(whole.toString())
    if found:
        raise ReadOnlyViolation(f"nl2sql only reads data; the function {found.group(1).lower()}() is not allowed.")
    return whole


def frame(session: Any, plan: Any) -> Any:
    """A DataFrame over ``plan`` (analysed now, run only when its rows are fetched)."""
    from pyspark.sql import DataFrame

    jvm = session._jvm
    return DataFrame(jvm.org.apache.spark.sql.classic.Dataset.ofRows(session._jsparkSession, plan), session)
