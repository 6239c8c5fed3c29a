"""The contract every ``Database`` adapter keeps, written once and run on each engine: the guard and
the engine's own read-only layer refuse writes, row caps count what they hide, the time limit and
cancel stop a runaway query and the session goes on, ``check`` compiles without running, and the
schema and rows read back as SQLite gives them.

A new engine gets the whole contract by adding one entry to ``ENGINES`` (the conftest fixture that
opens the ecommerce fixture in it, and what its dialect calls things). A server engine's tests open
it through conftest's server fixtures, so they are marked ``servers`` and skipped or required as
those fixtures say. What the catalogue reads of a database's own description (comments, views, keys,
schemas) is held to one contract in tests/test_catalogue_contract.py, which wants an entry for the new
engine too. What only one engine does stays in its own file (tests/test_<engine>.py).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from nl2sql.db.guard import ensure_read_only
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError
from tests.helpers import assert_same_schema, hostile_statements

# Writes every engine's own read-only layer must refuse with the guard skipped (``_run``).
WRITES = ("DELETE FROM reviews", "UPDATE users SET name = 'x'", "INSERT INTO categories VALUES (99, 'x')",
          "CREATE TABLE t (x INT)", "DROP TABLE reviews")

# Reads the guard lets through and every engine answers.
READS = ("SELECT 1", "WITH x AS (SELECT id FROM users) SELECT COUNT(*) FROM x",
         "SELECT name FROM users UNION SELECT name FROM products", "select * from orders where status = 'paid';")

TABLES = ("users", "categories", "products", "orders", "order_items", "payments", "reviews")

# -- What each engine calls things ------------------------------------------------------------------

# A recursive count that never ends (SQLite, DuckDB).
_RECURSIVE = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n"

_SPARK_LEAK = "/tmp/nl2sql-spark-leak"
# One statement per class the guard refuses in Spark's dialect.
_SPARK_REFUSALS = (
    f"INSERT OVERWRITE DIRECTORY '{_SPARK_LEAK}' USING parquet SELECT * FROM users",
    f"INSERT OVERWRITE LOCAL DIRECTORY '{_SPARK_LEAK}' SELECT * FROM users",
    f"CREATE TABLE leak USING parquet LOCATION '{_SPARK_LEAK}' AS SELECT * FROM users",
    "CREATE TABLE t (x INT) USING parquet", "CREATE TEMPORARY VIEW v AS SELECT 1", "DROP VIEW users",
    "INSERT INTO categories VALUES (99, 'x')", "FROM users INSERT INTO categories SELECT id, name",
    "CACHE TABLE users", "CACHE LAZY TABLE c AS SELECT * FROM users", "UNCACHE TABLE users", "CLEAR CACHE",
    "SET spark.sql.runSQLOnFiles=true", "RESET", "ADD JAR /tmp/nl2sql.jar", "ADD FILE /etc/hostname", "LIST FILES",
    "REFRESH TABLE users", "MSCK REPAIR TABLE users", "LOAD DATA LOCAL INPATH '/etc/hostname' INTO TABLE users",
    "ANALYZE TABLE users COMPUTE STATISTICS", "USE default", "SHOW TABLES", "DESCRIBE users", "EXPLAIN SELECT 1",
    "SELECT * FROM read_files('/etc')", "SELECT * FROM parquet.`/etc/nl2sql`", "SELECT * FROM csv.`/etc/passwd`",
    "SELECT * FROM `/etc/passwd`", "SELECT reflect('java.lang.System', 'getenv', 'HOME')",
    "SELECT java_method('java.lang.System', 'exit', 1)", "SELECT input_file_name() FROM users",
    "SELECT 1; DELETE FROM users",
)
# Past the guard, Spark's own parser must call each of these something other than a query.
_SPARK_COMMANDS = (
    f"INSERT OVERWRITE DIRECTORY '{_SPARK_LEAK}' USING parquet SELECT * FROM users",
    f"CREATE TABLE leak USING parquet LOCATION '{_SPARK_LEAK}' AS SELECT * FROM users",
    "FROM users INSERT INTO categories SELECT id, name",
    "CREATE TEMPORARY VIEW v AS SELECT 1", "DROP VIEW users", "CACHE TABLE users", "UNCACHE TABLE users",
    "CLEAR CACHE", "SET spark.sql.runSQLOnFiles=true", "RESET", "ADD JAR /tmp/nl2sql.jar", "LIST FILES",
    "REFRESH TABLE users", "MSCK REPAIR TABLE users", "LOAD DATA LOCAL INPATH '/etc/hostname' INTO TABLE users",
    "ANALYZE TABLE users COMPUTE STATISTICS", "USE default", "SHOW TABLES", "EXPLAIN SELECT 1",
    "SELECT reflect('java.lang.System', 'getenv', 'HOME')", "SELECT java_method('java.lang.System', 'exit', 1)",
)


def _pg_still_running(db) -> int:
    rows = db._run("SELECT COUNT(*) FROM pg_stat_activity WHERE state = 'active' "  # past the guard: it refuses
                   "AND query LIKE '%generate_series(1, 100000)%' AND pid <> pg_backend_pid()",  # pg_backend_pid(),
                   None, 5.0).rows  # a function it does not know
    return int(rows[0][0])


def mysql_still_running(db) -> int:
    rows = db.execute("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() "
                      "AND INFO LIKE '%order_items a, order_items b%'").rows
    return int(rows[0][0])


def _pg_still_read_only(db) -> None:
    assert db._run("SHOW default_transaction_read_only", None, 5.0).rows == (("on",),)


def _spark_still_read_only(db) -> None:
    assert db._spark.conf.get("spark.sql.runSQLOnFiles") == "false"


@dataclass(frozen=True)
class Engine:
    fixture: str  # the conftest fixture that opens the ecommerce fixture in this engine
    target: Callable[[pytest.FixtureRequest], str]  # what --db takes for that same fixture
    dialect: str
    created_at: str  # the declared type of orders.created_at as the engine's catalogue gives it
    refusals: tuple[str, ...]  # statements the guard refuses in this dialect
    slow: str  # real work that runs for minutes (statements that only wait are refused by the guard)
    writes: tuple[str, ...]  # refused past the guard by the engine's own read-only layer
    write_refusal: tuple[type[Exception], str]  # ... with this error and message
    ordinary: tuple[str, ...] = ()  # dialect-specific reads the guard lets through
    timeout: float = 1.0
    stop_within: float = 5.0  # seconds a stopped statement may take to come back
    check_within: float = 2.0  # seconds ``check`` of the slow statement may take (it never runs)
    unknown_column: str = "nope"  # what ``check`` says of SELECT nope FROM users
    unknown_table: str = "nope"  # ... and of SELECT * FROM nope
    driver: tuple[str, str] | None = None  # (module, extra) to name when the driver is not installed
    leaks: tuple[str, ...] = ()  # files a refused statement would have written
    still_running: Callable | None = None  # the engine's own statements still running on its server
    still_read_only: Callable | None = None  # the session's read-only settings after a refused write


ENGINES: dict[str, Engine] = {
    "sqlite": Engine(
        fixture="ecommerce_db", target=lambda r: str(r.getfixturevalue("ecommerce_path")), dialect="sqlite",
        created_at="TEXT", refusals=tuple(hostile_statements("sqlite")), slow=_RECURSIVE, timeout=0.3,
        writes=WRITES, write_refusal=(DatabaseError, "not authorized"),
        unknown_column="no such column: nope", unknown_table="no such table: nope"),
    "duckdb": Engine(
        fixture="ecommerce_duckdb", target=lambda r: str(r.getfixturevalue("ecommerce_duckdb_path")),
        dialect="duckdb", created_at="TIMESTAMP", refusals=tuple(hostile_statements("duckdb")), slow=_RECURSIVE,
        timeout=0.3, writes=WRITES, write_refusal=(ReadOnlyViolation, "read-only"),
        unknown_column='Referenced column "nope" not found', unknown_table="Table with name nope does not exist",
        driver=("duckdb", "duckdb")),
    "postgres": Engine(
        fixture="ecommerce_pg", target=lambda r: r.getfixturevalue("ecommerce_pg_url"), dialect="postgres",
        created_at="timestamp without time zone", refusals=tuple(hostile_statements("postgres")),
        # a cross join of two 100,000-row series, minutes of counting
        slow="SELECT COUNT(*) FROM generate_series(1, 100000) AS a, generate_series(1, 100000) AS b",
        writes=(*WRITES, "TRUNCATE reviews", "SELECT nextval('categories_id_seq')",  # a sequence that exists
                "SELECT * FROM users FOR UPDATE", "SELECT * FROM users FOR SHARE", "COPY categories FROM STDIN",
                "DO $$ BEGIN DELETE FROM reviews; END $$", "CREATE SEQUENCE nl2sql_seq",
                "WITH gone AS (DELETE FROM reviews RETURNING *) SELECT COUNT(*) FROM gone"),
        write_refusal=(DatabaseError, "read-only transaction|relation .* does not exist"),
        ordinary=("SELECT name FROM users WHERE name ILIKE '%a%'", "SELECT date_trunc('month', created_at) FROM orders",
                  "SELECT COUNT(*) FROM generate_series(1, 3)", "SELECT to_char(created_at, 'YYYY-MM') FROM orders"),
        unknown_column='column "nope" does not exist', unknown_table='relation "nope" does not exist',
        driver=("psycopg", "postgres"), still_running=_pg_still_running, still_read_only=_pg_still_read_only),
    "mysql": Engine(
        fixture="ecommerce_mysql", target=lambda r: r.getfixturevalue("ecommerce_mysql_url"), dialect="mysql",
        created_at="datetime", refusals=tuple(hostile_statements("mysql")),
        # the order lines crossed with themselves, hundreds of millions of rows
        slow="SELECT COUNT(*) FROM order_items a, order_items b",
        writes=(*WRITES, "REPLACE INTO categories VALUES (1, 'x')", "SELECT * FROM users FOR UPDATE",
                "CREATE TEMPORARY TABLE t (x INT)", "LOAD DATA INFILE '/etc/hostname' INTO TABLE categories",
                # statements that commit implicitly: the next transaction is read-only too (the session's mode)
                "TRUNCATE reviews", "ALTER TABLE users ADD COLUMN x INT", "RENAME TABLE reviews TO gone",
                "CREATE DATABASE nl2sql_gone", "CREATE USER nl2sql_gone"),
        write_refusal=(ReadOnlyViolation, "READ ONLY transaction"),
        ordinary=("SELECT `name` FROM `users` WHERE name LIKE '%a%' LIMIT 5, 10",
                  "SELECT DATE_FORMAT(created_at, '%Y-%m') FROM orders", "SELECT 7 DIV 2, 7 / 2",
                  "SELECT JSON_EXTRACT('{\"a\": 1}', '$.a')",
                  "SELECT TIMESTAMPDIFF(DAY, shipped_at, created_at) FROM orders",
                  "SELECT 'into' outfile", "WITH x AS (SELECT 1 AS a) SELECT a FROM x"),
        unknown_column="Unknown column 'nope'", unknown_table="doesn't exist", driver=("pymysql", "mysql"),
        leaks=("/tmp/nl2sql-mysql-leak.txt",), still_running=mysql_still_running),
    "spark": Engine(
        fixture="ecommerce_spark", target=lambda r: f"spark:///{r.getfixturevalue('ecommerce_spark_path')}",
        dialect="spark", created_at="TIMESTAMP_NTZ", refusals=_SPARK_REFUSALS,
        # two 100-million-row ranges crossed: hours of counting, cancelled long before
        slow="SELECT COUNT(*) FROM range(100000000) AS a CROSS JOIN range(100000000) AS b",
        writes=(*WRITES, *_SPARK_COMMANDS), write_refusal=(ReadOnlyViolation, "nl2sql only reads data"),
        ordinary=("SELECT name FROM users WHERE name ILIKE '%a%' LIMIT 3", "SELECT `order`.id FROM `order`",
                  "SELECT DATE_FORMAT(created_at, 'yyyy-MM'), 7 DIV 2 FROM orders", "SELECT * FROM range(3)",
                  "WITH a AS (SELECT 1 AS x) SELECT x FROM a"),
        stop_within=20.0, check_within=10.0, leaks=(_SPARK_LEAK,), still_read_only=_spark_still_read_only),
}
OTHERS = [name for name in ENGINES if name != "sqlite"]  # held to SQLite, the reference engine


@dataclass(frozen=True)
class Opened:
    name: str
    spec: Engine
    db: object


@pytest.fixture(scope="module", params=list(ENGINES))
def opened(request: pytest.FixtureRequest) -> Opened:
    """The ecommerce fixture in each engine, opened once per run by conftest's fixture for it."""
    spec = ENGINES[request.param]
    return Opened(request.param, spec, request.getfixturevalue(spec.fixture))


def _each(names, values=None):
    """Parametrize ``opened`` over ``names``; with ``values`` (engine -> items), over each engine's items."""
    if values is None:
        return pytest.mark.parametrize("opened", list(names), indirect=True)
    pairs = [pytest.param(name, item, id=f"{name}-{item}") for name in names for item in values(ENGINES[name])]
    return pytest.mark.parametrize(("opened", "sql"), pairs, indirect=["opened"])


def _guarded(values):
    """(dialect, item) pairs for the tests of the guard alone: no database is opened."""
    return [pytest.param(spec.dialect, item, id=f"{name}-{item}")
            for name, spec in ENGINES.items() for item in values(spec)]


def _unchanged(db) -> None:
    assert db.execute("SELECT (SELECT COUNT(*) FROM reviews), (SELECT COUNT(*) FROM categories)").rows == ((3000, 8),)


# -- The guard ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("dialect", "sql"), _guarded(lambda e: e.refusals))
def test_guard_refuses_the_dialects_file_network_session_and_write_statements(dialect: str, sql: str) -> None:
    with pytest.raises(DatabaseError):  # a write (ReadOnlyViolation), or SQL it cannot read
        ensure_read_only(sql, dialect)


@pytest.mark.parametrize(("dialect", "sql"), _guarded(lambda e: e.ordinary))
def test_guard_lets_ordinary_queries_of_the_dialect_through(dialect: str, sql: str) -> None:
    ensure_read_only(sql, dialect)


@pytest.mark.parametrize("dialect", sorted({e.dialect for e in ENGINES.values()}))
def test_unparseable_sql_is_a_clear_error(dialect: str) -> None:
    with pytest.raises(DatabaseError, match="does not parse"):
        ensure_read_only("SELECT * FROM", dialect)


@_each(ENGINES, lambda e: e.refusals)
def test_refusals_leave_the_data_unchanged(opened: Opened, sql: str) -> None:
    with pytest.raises(DatabaseError):
        opened.db.execute(sql)
    _unchanged(opened.db)
    assert not any(Path(leak).exists() for leak in opened.spec.leaks)


@_each(ENGINES, lambda e: READS)
def test_reads_pass(opened: Opened, sql: str) -> None:
    assert opened.db.execute(sql).columns


# -- The engine's own read-only layer, with the guard skipped -------------------------------------------

@_each(ENGINES, lambda e: e.writes)
def test_the_engine_refuses_writes_past_the_guard(opened: Opened, sql: str) -> None:
    """_run skips the guard: the engine's own layer (a read-only connection, transaction, authorizer or
    plan check) alone must refuse the write, and leave the session as read-only as it was."""
    error, message = opened.spec.write_refusal
    with pytest.raises(error, match=message):
        opened.db._run(sql, None, 5.0)
    _unchanged(opened.db)
    assert not any(Path(leak).exists() for leak in opened.spec.leaks)
    if opened.spec.still_read_only is not None:
        opened.spec.still_read_only(opened.db)


# -- Row caps, time limit, cancel, check ------------------------------------------------------------

@_each(ENGINES)
def test_row_cap_reports_n_of_m(opened: Opened, monkeypatch: pytest.MonkeyPatch) -> None:
    # The total is counted only within a time budget; a loaded machine (Spark counts in a job) must
    # not turn this check of the count into a check of the clock.
    for name, module in list(sys.modules.items()):
        if name.startswith("nl2sql.db") and hasattr(module, "COUNT_BUDGET_S"):
            monkeypatch.setattr(module, "COUNT_BUDGET_S", 60.0)
    db = opened.db
    result = db.execute("SELECT * FROM users", max_rows=50)
    assert result.row_count == 50 and result.truncated and result.total_rows == 1000
    ordered = db.execute("SELECT * FROM users ORDER BY id", max_rows=50)
    assert ordered.row_count == 50 and ordered.truncated and ordered.rows[0][0] == 1
    full = db.execute("SELECT * FROM users", max_rows=None)
    assert full.row_count == 1000 and not full.truncated and full.total_rows == 1000
    exact = db.execute("SELECT * FROM categories", max_rows=8)
    assert exact.row_count == 8 and not exact.truncated and exact.total_rows == 8


@_each(ENGINES)
def test_time_limit_stops_a_runaway_query_and_the_session_goes_on(opened: Opened) -> None:
    spec = opened.spec
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match=f"longer than {spec.timeout:g} s"):
        opened.db.execute(spec.slow, timeout=spec.timeout)
    assert time.monotonic() - started < spec.stop_within
    assert opened.db.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)


@_each(ENGINES)
def test_interrupt_from_another_thread_cancels_a_query_in_flight(opened: Opened) -> None:
    db, spec = opened.db, opened.spec
    timer = threading.Timer(0.5, db.interrupt)
    timer.start()
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="cancelled"):
        db.execute(spec.slow, timeout=60)
    timer.join()
    assert time.monotonic() - started < 2 * spec.stop_within
    assert db.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)
    if spec.still_running is not None:  # a server engine: none of our statements is left running there
        assert spec.still_running(db) == 0


@_each(ENGINES)
def test_an_interrupt_while_the_guard_checks_cancels_the_statement(opened: Opened,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C that lands before the statement reached the database (the guard still parsing it) is
    that statement's: it never runs, and the next one is not cancelled."""
    from nl2sql.db import guard

    checked = guard.checked_statement

    def interrupted(*args: object, **kwargs: object) -> object:
        opened.db.interrupt()
        return checked(*args, **kwargs)

    monkeypatch.setattr(guard, "checked_statement", interrupted)
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="cancelled"):
        opened.db.execute(opened.spec.slow, timeout=60)
    assert time.monotonic() - started < opened.spec.stop_within
    monkeypatch.undo()
    assert opened.db.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)


@_each(ENGINES)
def test_an_error_after_a_timeout_is_the_error(opened: Opened) -> None:
    """A statement stopped by the time limit leaves no trace on the next."""
    with pytest.raises(QueryTimeout):
        opened.db.execute(opened.spec.slow, timeout=opened.spec.timeout)
    with pytest.raises(DatabaseError, match="nope") as raised:
        opened.db.execute("SELECT nope FROM users")
    assert not isinstance(raised.value, QueryTimeout)


@_each(ENGINES)
def test_check_compiles_without_running(opened: Opened) -> None:
    db, spec = opened.db, opened.spec
    assert db.check("SELECT name FROM users") is None
    assert spec.unknown_column in (db.check("SELECT nope FROM users") or "")
    assert spec.unknown_table in (db.check("SELECT * FROM nope") or "")
    started = time.monotonic()
    assert db.check(spec.slow) is None  # bound and planned, never run
    assert time.monotonic() - started < spec.check_within
    assert db.check("DELETE FROM users") is not None
    assert db.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)  # the session is fine after


# -- Opening, schema and rows ---------------------------------------------------------------------------

@_each([name for name, spec in ENGINES.items() if spec.driver])
def test_missing_driver_names_the_extra(opened: Opened, request: pytest.FixtureRequest,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from nl2sql.db import open_database

    module, extra = opened.spec.driver  # type: ignore[misc]
    target = opened.spec.target(request)
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(UsageError, match=rf"install nl2sql\[{extra}\]"):
        open_database(target)


@_each(ENGINES)
def test_schema_introspection(opened: Opened) -> None:
    schema = opened.db.schema
    assert schema.dialect == opened.spec.dialect
    orders = schema.table("orders")
    assert orders is not None
    assert orders.column("created_at").type == opened.spec.created_at  # as the engine's catalogue declares it
    assert orders.primary_key.name == "id"
    assert {(fk.column, fk.ref_table, fk.ref_column) for fk in orders.foreign_keys} == {("user_id", "users", "id")}
    assert set(orders.column("status").values) == {"pending", "paid", "shipped", "delivered", "cancelled", "refunded"}
    assert orders.column("created_at").kind == "date"
    assert orders.default_date_column.name == "created_at"
    assert schema.table("users").column("email").unique
    assert len(schema.table("users").column("email").values) == schema.table("users").row_count  # all unique
    assert [t for t, _ in schema.join_path("reviews", "categories")] == ["products", "categories"]


@_each(OTHERS)
def test_schema_matches_sqlite(opened: Opened, ecommerce_db) -> None:
    assert_same_schema(ecommerce_db.schema, opened.db.schema)


@_each(OTHERS)
def test_rows_come_back_as_sqlite_gives_them(opened: Opened, ecommerce_db) -> None:
    sql = "SELECT id, created_at, shipped_at, total_amount FROM orders ORDER BY id LIMIT 20"
    assert opened.db.execute(sql).rows == ecommerce_db.execute(sql).rows
    for table in TABLES:
        sql = f"SELECT * FROM {table} ORDER BY id"
        assert opened.db.execute(sql, max_rows=None).rows == ecommerce_db.execute(sql, max_rows=None).rows, table


@_each(OTHERS)
def test_the_time_between_two_moments_is_sqlite_s(opened: Opened, ecommerce_db) -> None:
    """A span (a row's start to its end, ``nl2sql.profile.spans``) is the same number of minutes and of
    days in every dialect's date arithmetic: here, an order's creation to its shipping."""
    from sqlglot import exp

    from nl2sql.profile.spans import DAY, MINUTE, Span, span_sql

    def lengths(db, dialect: str, unit: str) -> list[tuple]:
        value = span_sql(Span("orders", "created_at", "shipped_at", unit), None, dialect)
        query = exp.select("id", exp.Round(this=value, decimals=exp.Literal.number(3))).from_("orders") \
            .where("shipped_at IS NOT NULL").order_by("id").limit(50)
        return [(row[0], float(row[1])) for row in db.execute(query.sql(dialect=dialect), max_rows=None).rows]

    for unit in (MINUTE, DAY):
        assert lengths(opened.db, opened.spec.dialect, unit) == lengths(ecommerce_db, "sqlite", unit), unit


@_each(OTHERS)
def test_a_moment_s_period_is_sqlite_s(opened: Opened, ecommerce_db) -> None:
    """A grouping by period ("per month", "by hour of the day") names the same periods in every
    dialect: here, each order's creation."""
    from sqlglot import exp

    from nl2sql.engines.builtin.portable import adapt
    from nl2sql.engines.builtin.render import bucket_sql

    def periods(db, dialect: str, bucket: str) -> list[tuple]:
        query = exp.select("id", bucket_sql(exp.column("created_at"), bucket)).from_("orders").order_by("id")
        return [tuple(row) for row in db.execute(adapt(query, db.schema, dialect).sql(dialect), max_rows=None).rows]

    for bucket in ("hour", "weekday", "day", "week", "month", "quarter", "year"):
        assert periods(opened.db, opened.spec.dialect, bucket) == periods(ecommerce_db, "sqlite", bucket), bucket


@_each(OTHERS)
def test_an_age_in_years_is_sqlite_s(opened: Opened, ecommerce_db) -> None:
    """An age (``nl2sql.profile.ages``) is the same number of years in every dialect: here, the years
    from an order's creation to a day in 2031."""
    from datetime import date

    from sqlglot import exp

    from nl2sql.profile.ages import Age

    def years(db, dialect: str) -> list[tuple]:
        value = Age("orders", "created_at", False, date(2031, 3, 1)).sql(None, dialect)
        query = exp.select("id", exp.Round(this=value, decimals=exp.Literal.number(4))).from_("orders") \
            .order_by("id").limit(200)
        return [(row[0], float(row[1])) for row in db.execute(query.sql(dialect=dialect), max_rows=None).rows]

    assert years(opened.db, opened.spec.dialect) == years(ecommerce_db, "sqlite")
