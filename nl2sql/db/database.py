"""The seam every database driver fills: schema, guarded execution, limits.

A front end or workflow holds a ``Database`` and never a driver connection, so adding DuckDB or
PostgreSQL means adding a subclass, not touching the callers.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from pathlib import Path

from nl2sql.db.schema import Schema
from nl2sql.errors import DatabaseError

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MAX_ROWS = 50


@dataclass(frozen=True)
class QueryResult:
    """The rows a statement returned, capped; ``truncated`` and ``total_rows`` say what the cap hid."""
    columns: tuple[str, ...]
    rows: tuple[tuple, ...]
    # Rows the full result has, when known; None when counting them would have been too slow.
    total_rows: int | None
    truncated: bool
    # How long the statement took, guard excluded; not part of the value: the same rows are the same result.
    elapsed_ms: float | None = field(default=None, compare=False)

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def sample(self, n: int = 5) -> QueryResult:
        """A few rows, so that a refinement or a model sees the shape of a result, never all of it."""
        return QueryResult(self.columns, self.rows[:n], self.total_rows, self.truncated or len(self.rows) > n)


class Database(ABC):
    """A read-only handle on one database."""

    dialect: str = "sqlite"
    display_name: str = ""
    # Functions the user opted in to (--allow-function) beyond the engine's known read-only ones.
    allowed_functions: frozenset[str] = frozenset()
    # Read-only names this database has redefined (a function of its own called ``upper``): refused.
    refused_functions: frozenset[str] = frozenset()

    @property
    def identity(self) -> str:
        """Which database this is, for what is remembered about it: two files of the same name in
        different folders are two databases. A server's is its URL without the password."""
        path = getattr(self, "path", None)
        return str(Path(path).resolve()) if path is not None else self.display_name

    @property
    @abstractmethod
    def schema(self) -> Schema:
        """The introspected schema, computed once per handle."""

    @abstractmethod
    def _run(self, sql: str, max_rows: int | None, timeout: float, started: bool = False) -> QueryResult:
        """Run a statement that already passed the guard; ``started``: ``execute`` began it (``_starting``)
        before the guard, and a cancel since then is this statement's."""

    def _starting(self) -> None:
        """A statement is about to be checked and run: a cancel of an earlier one is no longer in force
        (a database with no cancel of its own has nothing to clear)."""
        return None

    def check(self, sql: str) -> str | None:
        """Whether ``sql`` passes the guard and compiles here, without running it: why not, or None.

        The database, not a parser, is the judge of what it accepts (SQLite reads an unknown
        double-quoted name as a string, for one), so validation asks it before anything else; it is
        asked about the text it would be sent."""
        from nl2sql.db.guard import TOO_DEEP, checked_statement  # sqlglot: not needed to open a database

        try:
            return self._check(checked_statement(sql, self.dialect, self.allowed_functions,
                                                 self.refused_functions).text)
        except DatabaseError as err:
            return str(err)
        except RecursionError:
            return TOO_DEEP

    def _check(self, sql: str) -> str | None:
        """Compile one statement the guard passed (as rendered), without running it; drivers that
        cannot say return None."""
        return None

    def cautions(self) -> tuple[str, ...]:
        """What the user should know before relying on this connection's read-only layers, shown
        once when a session opens: a server login that may read or write the server's own files
        leaves only the statement guard between a query and them."""
        return ()

    @abstractmethod
    def interrupt(self) -> None:
        """Stop the statement in flight, from any thread or a signal handler."""

    def close(self) -> None:  # noqa: B027 - optional for drivers with nothing to release
        """Release the connection."""

    def execute(self, sql: str, *, max_rows: int | None = DEFAULT_MAX_ROWS,
                timeout: float = DEFAULT_TIMEOUT_S) -> QueryResult:
        """Guard, then run ``sql``; ``max_rows`` None or 0 means no cap."""
        from nl2sql.db.guard import checked_statement

        # sqlglot's rendering of the approved tree runs, not the text given: comments a server would
        # execute and escapes it would decode never reach it.
        self._starting()  # from here on, Ctrl-C is this statement's, also while the guard checks it
        text = checked_statement(sql, self.dialect, self.allowed_functions, self.refused_functions).text
        started = time.perf_counter()
        result = self._run(text, max_rows or None, timeout, started=True)
        return replace(result, elapsed_ms=(time.perf_counter() - started) * 1000)

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
