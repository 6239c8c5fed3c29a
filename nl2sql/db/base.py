"""The skeleton under every engine's adapter and catalogue: the steps each of them used to write for itself.

- A declared type read as a column kind, through sqlglot's ``DataType`` and its type groups
  (``declared_kind``, ``Catalogue.kind``); text is told apart by its values, since dates and numbers
  kept as text ("130", "3.5") are common in real files.
- The 50-row sample, a text column's distinct values and a table's row count: introspection queries
  run through the adapter, each under a time budget (``Catalogue``), so a view that never ends, or a
  huge one, leaves its values or count unknown instead of hanging the session's start.
- The capped fetch: the first ``max_rows`` rows, and a count of the rest when it comes quickly
  (``Adapter._run``).
- A server's read-only transaction, cut off when the server goes silent and begun again once on a
  connection it dropped (``ServerAdapter``).
- A driver's error as one line without the password (``one_line``), and the errors of a statement
  stopped, refused or failed.
"""

from __future__ import annotations

import datetime
import decimal
import re
import threading
import uuid
from abc import abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nl2sql.db.database import Database, QueryResult
from nl2sql.db.deadline import Cut, cut_after, expire_after
from nl2sql.db.schema import BOOLEAN, DATE, INTEGER, OTHER, REAL, TEXT, Column, ForeignKey, Schema, Table, declared_key
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError

if TYPE_CHECKING:
    from sqlglot import exp

# The rows read to tell a text column's kind.
SAMPLE_ROWS = 50
KIND_ROWS = 5  # values read further on for a column the sample holds empty
# A text column with at most this many distinct values has them all indexed for value linking.
MAX_INDEXED_VALUES = 10000
# Counting a truncated result is only worth it when it is quick.
COUNT_BUDGET_S = 0.25
# Each introspection query (a sample, distinct values, a row count) gets this long.
INTROSPECTION_BUDGET_S = 2.0
# A server's catalog queries (fixed text) run under this limit each.
CATALOG_BUDGET_S = 30.0
# Connecting to a server, when its URL gives no connect_timeout.
CONNECT_TIMEOUT_S = 5
# Rows fetched per round trip while a server streams a whole result.
STREAM_CHUNK = 500
NUMBER_TEXT = re.compile(r"^-?\d+(\.\d+)?$")
DATE_TEXT = re.compile(r"^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$")
# Values the rest of nl2sql (JSON output, matching, SQL literals) does not know, as SQLite would give them.
_PLAIN: dict[type, Callable[[Any], object]] = {
    datetime.datetime: str, datetime.date: str, datetime.time: str, datetime.timedelta: str,
    decimal.Decimal: float, uuid.UUID: str, memoryview: bytes,
}
# An introspection query and its budget in seconds -> its rows; None when it failed or ran out of time.
Rows = Callable[["exp.Expr", float], "list[tuple] | None"]
# A catalog query (fixed text, parameters) -> its rows, run by the adapter on its locked connection
# (a server's in its read-only transaction, time limit and all).
CatalogReader = Callable[[str, "list[object] | None"], "list[tuple]"]


def plain_row(row: tuple) -> tuple:
    """A driver's row with dates, decimals and UUIDs as SQLite would give them (text and floats)."""
    return tuple(_PLAIN[type(v)](v) if type(v) in _PLAIN else v for v in row)


def table_ref(name: str, schema: str | None = None) -> exp.Table:
    """A table named exactly ``name`` (quoted: case, spaces and dots kept), in ``schema`` if given.
    ``exp.to_table`` would split a dotted name and leave the parts unquoted."""
    from sqlglot import exp  # only when a schema is read, not when it comes from the cache

    db = exp.to_identifier(schema, quoted=True) if schema else None
    return exp.Table(this=exp.to_identifier(name, quoted=True), db=db)


# -- declared type -> column kind ------------------------------------------------------------------

@lru_cache(maxsize=1)
def _groups() -> dict[str, frozenset[Any]]:
    from sqlglot import exp

    t = exp.DataType.Type
    return {
        BOOLEAN: frozenset({t.BOOLEAN}),
        DATE: exp.DataType.TEMPORAL_TYPES - {t.TIME, t.TIMETZ},
        INTEGER: (exp.DataType.INTEGER_TYPES - {t.BIT}) | {t.YEAR},  # a BIT is a string of bits
        REAL: exp.DataType.REAL_TYPES,
        TEXT: exp.DataType.TEXT_TYPES | {t.BPCHAR, t.ENUM, t.SET},
        "time": frozenset({t.TIME, t.TIMETZ}),
    }


@lru_cache(maxsize=4096)
def declared_kind(declared: str, dialect: str) -> str | None:
    """The kind ``declared`` (a type as ``dialect`` spells it) gives a column: one of the schema's
    kinds, "time" for a time of day, or None when sqlglot does not know the type."""
    from sqlglot import exp
    from sqlglot.errors import SqlglotError

    try:
        built = exp.DataType.build(declared, dialect=dialect)
    except (SqlglotError, ValueError):
        return None
    if not isinstance(built.this, exp.DataType.Type) or built.this == exp.DataType.Type.USERDEFINED:
        return None  # a name sqlglot keeps without knowing it (PostgreSQL's oid)
    return next((kind for kind, types in _groups().items() if built.this in types), OTHER)


def text_kind(values: list[object]) -> str:
    """The kind of a text column from its non-empty sample values: a date, a number, or text."""
    first = values[0] if values else None
    if isinstance(first, str) and DATE_TEXT.match(first):
        return DATE
    numeric = sum(1 for v in values if isinstance(v, str) and NUMBER_TEXT.match(v))
    if values and numeric >= 0.9 * len(values):
        return REAL  # numbers stored as text still compare and add up as numbers
    return TEXT


def present(sample: list[tuple], pos: int) -> list[object]:
    """A column's non-empty values in the sample."""
    return [row[pos] for row in sample if pos < len(row) and row[pos] not in (None, "")]


# -- the catalogue ---------------------------------------------------------------------------------

@dataclass
class Relation:
    """A table or view a server's catalog lists, in a schema (a database, for MySQL)."""

    namespace: str
    name: str  # as the schema lists it: bare where the user's queries name it so, else namespace.relname
    relname: str
    kind: str
    comment: str
    estimate: int | None  # the server's row estimate, where it keeps one
    stored: bool  # False for a view
    oid: int = 0

    @property
    def ref(self) -> exp.Table:
        return table_ref(self.relname, self.namespace)


class Catalogue:
    """What every engine's catalogue shares: a column's kind, the sample, the distinct values of a text
    column and the row count of a table, read through the adapter's ``rows`` under ``budget`` each."""

    dialect = "sqlite"
    budget = INTROSPECTION_BUDGET_S
    time_of_day = OTHER  # the kind a TIME column gets

    def __init__(self, rows: Rows, catalog: CatalogReader | None = None) -> None:
        self._rows = rows
        self._reader = catalog

    def _catalog(self, sql: str, params: list[object] | None = None) -> list[tuple]:
        """The rows of a catalog query, through the adapter's ``catalog`` reader."""
        assert self._reader is not None, "this engine reads its catalog otherwise"
        return self._reader(sql, params)

    def kind(self, declared: str, values: list[object]) -> str:
        """How a column behaves for questions, from its declared type (and its ``values``, for text)."""
        kind = declared_kind(declared, self.dialect) if declared else None
        if kind is None:
            return self.unknown_kind(declared, values)
        if kind == "time":
            return self.time_of_day
        return text_kind(values) if kind == TEXT else kind

    def unknown_kind(self, declared: str, values: list[object]) -> str:
        """The kind of a column whose type sqlglot does not know (an extension's, a user's)."""
        return OTHER

    def sample(self, ref: exp.Table, shown: Sequence[exp.Expr] | None = None) -> list[tuple]:
        """The table's first rows (``shown``: the columns to read, all by default); none when slow."""
        from sqlglot import exp

        query = exp.select(*(shown or [exp.Star()])).from_(ref, copy=False).limit(SAMPLE_ROWS, copy=False)
        return self._rows(query, self.budget) or []

    def present_further(self, ref: exp.Table, column: str) -> list[object]:
        """A few values of a column empty in all the sampled rows (a date kept only once something
        happens, ``voided_at``): what its kind is read from, not the text an empty sample says."""
        from sqlglot import exp

        named = exp.column(column, quoted=True)
        present = exp.Not(this=exp.Is(this=named.copy(), expression=exp.Null()))
        query = exp.select(named).from_(ref, copy=False).where(present, copy=False).limit(KIND_ROWS, copy=False)
        return [row[0] for row in self._rows(query, self.budget) or [] if row[0] not in (None, "")]

    def values(self, ref: exp.Table, column: str, order: exp.Expr | None = None) -> tuple[str, ...]:
        """Every distinct value of a text column, when there are few and they come quickly: sorted by
        ``order`` (``first_row``: in the order of their first row, as SQLite lists them), else as
        the scan finds them."""
        from sqlglot import exp

        def named() -> exp.Column:  # a fresh node each time: the builders below do not copy
            return exp.column(column, quoted=True)

        present = exp.Not(this=exp.Is(this=named(), expression=exp.Null()))
        query = (exp.select(named()).from_(ref, copy=False).where(present, copy=False)
                 .limit(MAX_INDEXED_VALUES + 1, copy=False))
        if order is None:
            query = query.distinct(copy=False)
        else:
            query = query.group_by(named(), copy=False).order_by(order, copy=False)
        distinct = self._rows(query, self.budget) or []
        return tuple(str(v[0]) for v in distinct) if 0 < len(distinct) <= MAX_INDEXED_VALUES else ()

    def column(self, ref: exp.Table, name: str, declared: str, kind: str, *, primary: bool, unique: bool,
               nullable: bool, order: exp.Expr | None = None, description: str = "") -> Column:
        """A column of ``ref`` (never nullable when in the primary key); a text column's distinct
        values listed, in ``order`` (see ``values``)."""
        return Column(name=name, type=declared, kind=kind, primary_key=primary, nullable=nullable and not primary,
                      unique=unique, values=self.values(ref, name, order) if kind == TEXT else (),
                      description=description)

    def count(self, ref: exp.Table, estimate: int | None = None) -> int | None:
        """The table's rows when counting them comes within the budget, else ``estimate`` (the server's)."""
        from sqlglot import exp

        counted = self._rows(exp.select(exp.Count(this=exp.Star())).from_(ref, copy=False), self.budget)
        return int(counted[0][0]) if counted else estimate

    def relation(self, rel: Relation, columns: list[Column], keys: tuple[ForeignKey, ...]) -> Table:
        """The table ``rel`` with its columns and keys (those its comments declare too), counted."""
        return Table(rel.name, tuple(columns), keys + comment_keys(rel.name, columns),
                     self.count(rel.ref, rel.estimate if rel.stored else None), description=rel.comment,
                     namespace=rel.namespace if rel.name != rel.relname else "", stored=rel.stored)

    def schema_of(self, tables: list[Table]) -> Schema:
        return Schema(tuple(sorted(tables, key=lambda t: t.name)), dialect=self.dialect)


def first_row(row_id: exp.Expr) -> exp.Expr:
    """The order of a value's first row, by a row id (``rowid``, ``ctid``, an integer key)."""
    from sqlglot import exp

    return exp.Min(this=row_id)


def comment_keys(table: str, columns: Sequence[Column]) -> tuple[ForeignKey, ...]:
    """Join keys the columns' comments declare ("references table.column")."""
    return tuple(ForeignKey(table, c.name, *found) for c in columns if (found := declared_key(c.description)))


# -- the adapter -----------------------------------------------------------------------------------

class Adapter(Database):
    """A database read through a driver: the capped fetch and the count of the rest, around what each
    engine fills in (how a statement runs, how its rows come, how its errors read)."""

    # The driver's errors, which an introspection query that failed leaves unknown.
    _error: type[BaseException] | tuple[type[BaseException], ...] = ()
    _conn: Any  # the driver's connection

    def __init__(self, display_name: str) -> None:
        self.display_name = display_name
        self._lock = threading.Lock()  # held while a statement or an introspection query uses the connection
        self._cancel = threading.Event()  # set by interrupt(): the statement in flight was cancelled
        self._timed_out = threading.Event()  # set when the time limit stopped it (where the adapter stops it)

    @cached_property
    def schema(self) -> Schema:
        with self._lock:
            return self._catalogue().schema()

    def _catalogue(self) -> Any:
        """The engine's catalogue, reading through the adapter (the lock held)."""
        raise NotImplementedError

    def close(self) -> None:
        self._conn.close()

    def interrupt(self) -> None:
        """Stop the statement in flight (the driver's own interrupt), from any thread or a signal handler."""
        self._cancel.set()
        self._conn.interrupt()

    def _starting(self) -> None:
        self._cancel.clear()  # a cancel or a time-out of an earlier statement is not this one's
        self._timed_out.clear()

    def _run(self, sql: str, max_rows: int | None, timeout: float, started: bool = False) -> QueryResult:
        with self._lock:
            if not started:  # run on its own, not through execute: nothing of it was cancelled yet
                self._starting()
            if self._cancel.is_set():  # Ctrl-C while the statement was checked: it never starts
                raise stopped(True, timeout)
            with self._statement(timeout):
                columns, rows = self._fetch(sql, max_rows, timeout)
                truncated = max_rows is not None and len(rows) > max_rows
                rows = rows[:max_rows] if truncated else rows
                total = self._count(sql) if truncated else len(rows)
            return QueryResult(columns, tuple(self._plain(r) for r in rows), total, truncated)

    @contextmanager
    def _statement(self, timeout: float) -> Iterator[None]:
        """Around one statement (its cancel and time-out cleared): raise what the driver raised as one of
        nl2sql's errors (``_failure``). An engine whose driver needs its time limit or its cancel armed
        here too does that around this."""
        try:
            yield
        except self._error as err:
            raise self._failure(err, timeout) from None

    def _failure(self, err: BaseException, timeout: float) -> DatabaseError:
        """The error of a statement the driver raised ``err`` for: stopped, refused or failed. Every
        adapter says this its own way (a server's through ``ServerAdapter``); there is no default."""
        raise NotImplementedError

    def _expiring(self, seconds: float, stop: Callable[[], None]) -> AbstractContextManager[None]:
        """Call ``stop`` from a timer thread once ``seconds`` have passed, unless the body ends first
        (for a driver with no clock of its own); ``_timed_out`` says afterwards whether it did."""
        self._timed_out.clear()

        def expire() -> None:
            self._timed_out.set()
            stop()

        return expire_after(seconds, expire)

    @abstractmethod
    def _fetch(self, sql: str, max_rows: int | None, timeout: float) -> tuple[tuple[str, ...], Sequence[tuple]]:
        """The statement's column names and its rows: the first ``max_rows + 1`` or all of them."""

    def _plain(self, row: tuple) -> tuple:
        return plain_row(row)

    def _count(self, sql: str) -> int | None:
        """Count the whole result if that takes under COUNT_BUDGET_S; None otherwise."""
        from sqlglot import exp

        query = query_tree(sql, self.dialect)
        return None if query is None else self._counted(exp.select("COUNT(*)").from_(query.subquery("q")))

    def _counted(self, query: exp.Query) -> int | None:
        rows = self._introspect(query, COUNT_BUDGET_S)
        return int(rows[0][0]) if rows else None

    def _introspect(self, query: exp.Expr, budget: float) -> list[tuple] | None:
        """Rows of one introspection query under ``budget`` seconds; None when it failed or ran out."""
        own = self._error if isinstance(self._error, tuple) else (self._error,)
        caught: tuple[type[BaseException], ...] = (DatabaseError, *own)
        try:
            return [self._plain(tuple(r)) for r in self._read(query.sql(self.dialect), budget)]
        except caught:
            return None

    def _read(self, sql: str, budget: float) -> Sequence[Any]:
        """The rows of an introspection query run under ``budget``, as the driver gives them."""
        raise NotImplementedError


class FileAdapter(Adapter):
    """A database file's adapter: the file, and the name it is shown under (the file's own unless given)."""

    def __init__(self, path: str | Path, display_name: str | None) -> None:
        super().__init__(display_name or Path(path).name)
        self.path = Path(path)


class ServerAdapter(Adapter):
    """A database server's adapter: every statement alone in a read-only transaction that is always
    rolled back; every exchange cut off when the server stays silent past its time limit and a
    grace (``_last_cut`` says so afterwards); a connection the server ended opened again, once, by
    the next statement. Each server fills in how it connects, begins, queries and rolls back."""

    server = ""  # its name in messages
    # How long past a statement's time limit the server may stay silent before the connection is cut:
    # a server that stops the statement itself at the limit (PostgreSQL) and is silent past this is gone.
    _grace = 2.0
    _dropped: type[BaseException] | tuple[type[BaseException], ...] = ()  # what a dropped connection raises
    _last_cut = Cut(0.0)  # the limit armed last (none yet)

    @cached_property
    def schema(self) -> Schema:
        with self._lock:
            try:
                return self._catalogue().schema()
            except self._error as err:
                raise DatabaseError(f"Cannot read the catalog of {self.display_name}: {self._line(err)}") from None

    def _catalog(self, sql: str, params: list[object] | None) -> list[tuple]:
        with self._transaction(CATALOG_BUDGET_S):
            return self._query(sql, params)

    def _read(self, sql: str, budget: float) -> list[tuple]:
        with self._transaction(budget):
            return self._query(sql, None)

    @contextmanager
    def _transaction(self, timeout: float, select_limit: int | None = None) -> Iterator[None]:
        """A read-only transaction with ``timeout`` as its time limit (and ``select_limit`` as its row
        cap, where the server has one), always rolled back. A connection found dropped at its start
        is opened again and the start sent once more (nothing has run yet); a silent one is not."""
        for attempt in (1, 2):
            self._reopen_if_lost()
            with self._watch(timeout + self._grace):
                try:
                    self._begin(timeout, select_limit)
                except self._dropped:
                    if attempt == 1 and not self._connected() and not self._last_cut.fired:
                        continue
                    raise
                try:
                    self._started(timeout)
                    yield
                finally:
                    if self._connected():
                        self._rollback()
                return

    def _reopen_if_lost(self) -> None:
        """A connection the server ended (a restart, a kill, an idle timeout) is opened again, session
        and all; failing that is one line."""
        if self._connected():
            return
        lost = f"Lost the connection to {self.display_name}"
        try:
            self._open()
        except UsageError as err:  # connecting said it, as for a first connection
            raise DatabaseError(f"{lost}: {str(err).removeprefix(f'Cannot connect to {self.display_name}: ')}") \
                from None
        except self._error as err:
            raise DatabaseError(f"{lost}: {self._line(err)}") from None

    def _line(self, err: BaseException) -> str:
        """The error as one line without the password; a connection cut for its silence said as such."""
        if self._last_cut.fired:
            return f"the server did not answer within {self._last_cut.seconds:g} s"
        return self._error_line(err)

    def _failure(self, err: BaseException, timeout: float) -> DatabaseError:
        """The error of a statement the driver raised ``err`` for: its connection cut for the server's
        silence, else what the engine reads in ``err`` (``_refusal``)."""
        if not self._last_cut.fired:
            return self._refusal(err, timeout)
        return QueryTimeout(f"{self.server} did not answer within {self._last_cut.seconds:g} s; the connection "
                            "was closed (the next statement opens it again).")

    @abstractmethod
    def _open(self) -> None:
        """Connect and set the read-only session up, within the connect timeout."""

    @abstractmethod
    def _connected(self) -> bool: ...

    @contextmanager
    def _watch(self, seconds: float) -> Iterator[Cut]:
        """Cut the connection if what follows has not ended within ``seconds`` (the server went
        silent, or drips); ``_last_cut`` says afterwards whether that is why it failed."""
        with cut_after(self._socket(), seconds) as cut:
            self._last_cut = cut
            yield cut

    @abstractmethod
    def _socket(self) -> int | None:
        """The descriptor of the connection's socket (None: nothing to watch)."""

    @abstractmethod
    def _begin(self, timeout: float, select_limit: int | None) -> None: ...

    def _started(self, timeout: float) -> None:
        """What the transaction sets once it has begun (inside it, so that it is rolled back too)."""

    @abstractmethod
    def _query(self, sql: str, params: list[object] | None) -> list[tuple]: ...

    @abstractmethod
    def _rollback(self) -> None: ...

    @abstractmethod
    def _error_line(self, err: BaseException) -> str: ...

    @abstractmethod
    def _refusal(self, err: BaseException, timeout: float) -> DatabaseError:
        """The driver's error as a statement stopped, refused or failed."""


def query_tree(sql: str, dialect: str) -> exp.Query | None:
    """``sql`` as sqlglot reads it when that is a query; None for anything else (which reaches a
    driver only past the guard) or what sqlglot cannot read."""
    import sqlglot
    import sqlglot.errors
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(sql, read=dialect)
    except sqlglot.errors.SqlglotError:
        return None
    return tree if isinstance(tree, exp.Query) else None


# -- errors as one line ----------------------------------------------------------------------------

def one_line(text: str, fallback: str, secret: str | None = None) -> str:
    """A driver's message as its first line (``fallback`` when it says nothing), never the password."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), fallback)
    return line.replace(secret, "***") if secret else line


def stopped(cancelled: bool, timeout: float) -> QueryTimeout:
    """A statement stopped by Ctrl-C (``cancelled``) or by its time limit."""
    if cancelled:
        return QueryTimeout("The query was cancelled.")
    return QueryTimeout(f"The query ran longer than {timeout:g} s and was stopped.")


def refused(engine: str, line: str) -> ReadOnlyViolation:
    return ReadOnlyViolation(f"nl2sql only reads data; {engine} refused: {line}")


def failed(engine: str, line: str) -> DatabaseError:
    return DatabaseError(f"{engine} error: {line}")
