"""MySQL/MariaDB beside SQLite: connecting, credentials, session settings and a SELECT-only user past
the guard, Ctrl-C, the databases URL option, the loader and rendering, on the session's throwaway
MariaDB server.

The contract every engine keeps (the guard, the read-only transaction, row caps, time limit and
cancel, check, schema and rows as SQLite gives them) is in tests/test_database_contract.py; what the
catalogue reads (comments, views, keys, types, other databases) is in tests/test_catalogue_contract.py."""

from __future__ import annotations

import signal
import socket
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.db.guard import ensure_read_only
from nl2sql.db.targets import parse_url, redact
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError
from nl2sql.opening import domain_file
from tests.conftest import TODAY
from tests.mysql_server import ADMIN_PASSWORD, READER, READER_PASSWORD
from tests.test_database_contract import ENGINES, mysql_still_running

# SLEEP() and BENCHMARK() are refused by the guard (statements that only wait), so the slow query
# is real work (the contract's): a cross join of the order lines with themselves, hundreds of millions of rows.
SLOW = ENGINES["mysql"].slow
LEAK = "/tmp/nl2sql-mysql-leak.txt"


def test_guard_says_why_where_sqlglot_cannot_parse() -> None:
    for sql, reason in [("LOAD DATA INFILE '/etc/passwd' INTO TABLE users", "LOAD DATA statement"),
                        (f"SELECT * FROM users INTO OUTFILE '{LEAK}'", "INTO OUTFILE, which writes a file"),
                        ("HANDLER users OPEN", "HANDLER statement"), ("DO SLEEP(30)", "DO statement"),
                        ("SELECT SLEEP(30)", r"sleep\(\) is not allowed")]:
        with pytest.raises(ReadOnlyViolation, match=reason):
            ensure_read_only(sql, "mysql")


def test_session_changes_past_the_guard_do_not_carry_over(ecommerce_mysql) -> None:
    """Read-only mode and the time limit are set again before every statement; a second statement
    in the text never runs (no multi-statement flag)."""
    ecommerce_mysql._run("SET SESSION tx_read_only = 0", None, 5.0)
    ecommerce_mysql._run("SET SESSION max_statement_time = 0", None, 5.0)
    with pytest.raises(ReadOnlyViolation, match="READ ONLY transaction"):
        ecommerce_mysql._run("CREATE TABLE t (x INT)", None, 5.0)
    with pytest.raises(QueryTimeout, match="longer than 1 s"):
        ecommerce_mysql.execute(SLOW, timeout=1)
    with pytest.raises(DatabaseError, match="SQL syntax"):
        ecommerce_mysql._run("COMMIT; DELETE FROM reviews", None, 5.0)
    assert ecommerce_mysql.execute("SELECT COUNT(*) FROM reviews").rows == ((3000,),)


@pytest.fixture(scope="module")
def reader(mysql_server, ecommerce_mysql_url: str):
    """The fixture database as a user who may only SELECT: what a careful deployment connects as."""
    with closing(open_database(mysql_server.url(user=READER, password=READER_PASSWORD, query="databases="))) as db:
        yield db


@pytest.mark.parametrize("sql", [
    f"SELECT * FROM users INTO OUTFILE '{LEAK}'", f"SELECT 1 INTO DUMPFILE '{LEAK}'",
    "SET GLOBAL max_connections = 1", "SELECT * FROM mysql.user",
])
def test_files_and_administration_are_refused_to_a_select_only_user_past_the_guard(reader, sql: str) -> None:
    """Server files and settings are the user's privileges (FILE, SUPER), not the transaction's: a
    user with SELECT alone is refused, even with the guard skipped."""
    with pytest.raises(DatabaseError, match="Access denied|denied to user"):
        reader._run(sql, None, 5.0)
    assert not Path(LEAK).exists()


def test_only_a_login_with_file_or_super_is_cautioned(ecommerce_mysql, reader) -> None:
    assert len(ecommerce_mysql.cautions()) == 1 and "FILE and SUPER privilege" in ecommerce_mysql.cautions()[0]
    assert reader.cautions() == ()


def test_a_select_only_user_reads_no_server_file_and_lists_what_it_may_read(reader) -> None:
    assert reader._run("SELECT LOAD_FILE('/etc/hostname')", None, 5.0).rows == ((None,),)
    assert reader.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    assert "categories" in [t.name for t in reader.schema.tables]


def test_a_limit_of_its_own_beyond_the_cap_is_stopped_on_the_server(ecommerce_mysql) -> None:
    """Only the capped rows cross the wire: a statement asking for 600 million rows returns its first
    50 at once (the rest is stopped, not read and dropped), and the session goes on."""
    started = time.monotonic()
    result = ecommerce_mysql.execute("SELECT a.id, b.id FROM order_items a, order_items b LIMIT 600000000", max_rows=50)
    assert result.row_count == 50 and result.truncated and result.total_rows is None  # too many to count
    assert time.monotonic() - started < 10
    assert ecommerce_mysql.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)


def test_ctrl_c_from_a_signal_handler_kills_the_query(ecommerce_mysql) -> None:
    """The REPL's Ctrl-C calls interrupt() from a signal handler on the thread that waits for the
    server: the driver must let the handler run while it waits (PyMySQL does; mysqlclient's C call
    would hold it until the query ended)."""
    previous = signal.signal(signal.SIGALRM, lambda *_: ecommerce_mysql.interrupt())
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        started = time.monotonic()
        with pytest.raises(QueryTimeout, match="cancelled"):
            ecommerce_mysql.execute(SLOW, timeout=60)
        assert time.monotonic() - started < 10
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert ecommerce_mysql.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)
    assert mysql_still_running(ecommerce_mysql) == 0


def test_a_dropped_connection_is_made_again(mysql_server, ecommerce_mysql_url: str) -> None:
    """A session the server ended (a restart, wait_timeout) reconnects before its next statement."""
    with closing(open_database(ecommerce_mysql_url)) as db:
        first = db._thread_id
        mysql_server.admin(f"KILL CONNECTION {first}")
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
        assert db._thread_id != first
        with pytest.raises(ReadOnlyViolation, match="READ ONLY transaction"):
            db._run("DELETE FROM reviews", None, 5.0)  # the new session is read-only too


def test_text_compares_as_sqlite_compares_it(ecommerce_mysql) -> None:
    """The loader's binary collation: case and trailing spaces count, as in SQLite (MariaDB's default
    collation would find 'germany' and 'Germany ' equal to 'Germany')."""
    rows = ecommerce_mysql.execute("SELECT COUNT(*) FROM users WHERE country = 'germany' OR country = 'Germany '")
    assert rows.rows == ((0,),)
    assert ecommerce_mysql.execute("SELECT COUNT(*) FROM users WHERE country = 'Germany'").rows[0][0] > 0


def test_the_databases_option_reads_the_urls_database_alone(mysql_server, request: pytest.FixtureRequest) -> None:
    """``?databases=`` names the other databases to read besides the URL's: none here. The shop is the
    catalogue contract's (tests/test_catalogue_contract.py), whose ``sales`` database is read by default."""
    from tests.test_catalogue_contract import SHOPS

    with closing(open_database(SHOPS["mysql"].build(request.getfixturevalue) + "?databases=")) as alone:
        assert [t.name for t in alone.schema.tables] == ["Loose", "big_tickets", "shops", "staff", "tickets"]


def test_credentials_from_mysql_pwd_and_an_option_file(mysql_server, ecommerce_mysql_url: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The password where MySQL users keep it: the URL need not hold it."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("MYSQL_PWD", raising=False)
    bare = mysql_server.url(password=None, query="databases=")
    with pytest.raises(UsageError, match="Access denied"):
        open_database(bare)
    monkeypatch.setenv("MYSQL_PWD", ADMIN_PASSWORD)
    with closing(open_database(bare)) as db:
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    monkeypatch.delenv("MYSQL_PWD")
    (tmp_path / ".my.cnf").write_text(f"[client]\npassword = {READER_PASSWORD}\n")
    reader = mysql_server.url(user=READER, password=None, query="databases=")
    with closing(open_database(reader)) as db:
        assert db.display_name == f"mysql://{READER}@127.0.0.1:{mysql_server.port}/nl2sql_test?databases="
    other = tmp_path / "other.cnf"
    other.write_text(f"[client]\npassword = {READER_PASSWORD}\n")
    (tmp_path / ".my.cnf").unlink()
    with closing(open_database(f"{reader}&read_default_file={other}")) as db:
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    with pytest.raises(UsageError, match="No MySQL option file"):
        open_database(f"{reader}&read_default_file={tmp_path / 'none.cnf'}")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_connection_failures_are_one_line_without_the_password(mysql_server) -> None:
    cases = [
        (mysql_server.url(password="planted-Secret-42"), "Access denied"),
        (mysql_server.url(database="no_such_db"), "Unknown database 'no_such_db'"),
        (f"mysql://{READER}:planted-Secret-42@127.0.0.1:{_closed_port()}/x", "Can't connect"),
        (f"mariadb://{READER}:planted-Secret-42@127.0.0.1:{_closed_port()}/x", "Can't connect"),
    ]
    for url, expected in cases:
        with pytest.raises(UsageError) as caught:
            open_database(url)
        message = str(caught.value)
        assert expected in message and "planted-Secret-42" not in message and "\n" not in message, message
        assert message.startswith(f"Cannot connect to {redact(url)}")


def test_urls_are_shown_without_passwords_and_parameters_are_checked() -> None:
    assert redact("mysql://me:s3cret@db.example:3307/shop?ssl_ca=/ca.pem") == "mysql://me@db.example:3307/shop?ssl_ca=/ca.pem"
    target = parse_url("mariadb://me:s3cret@host/shop")
    assert target.engine == "mysql" and target.is_server and "s3cret" not in target.display
    with pytest.raises(UsageError, match="MySQL URL option 'sslmode' is not one nl2sql passes on"):
        open_database("mysql://me@127.0.0.1/shop?sslmode=require")


def test_loader_copies_keep_each_columns_type_and_compare_as_sqlite(mysql_server, tmp_path: Path) -> None:
    """A key kept as text on one side and integers on the other stays so (rows read back as SQLite's),
    is declared as a join key in a comment, and the join compares them as numbers, as SQLite does."""
    from nl2sql.fixture_load.mysql import copy_database

    source = tmp_path / "venue.sqlite"
    with closing(sqlite3.connect(source)) as conn:
        conn.executescript("""
            CREATE TABLE stadium (id INT PRIMARY KEY, name TEXT, "Opened At" TEXT);
            CREATE TABLE concert (id INT PRIMARY KEY, stadium_id TEXT REFERENCES stadium (id), year TEXT,
                                  "100%" REAL);
            INSERT INTO stadium VALUES (1, 'Arena', '2001-02-03 04:05:06'), (2, 'Bowl', '2002-03-04 05:06:07.5');
            INSERT INTO concert VALUES (1, '1', '2014', 1.5), (2, '2', '2015', NULL), (3, '1', '2015', 2);
        """)
        conn.commit()
    url = copy_database(source, mysql_server.url(), "venue_copy")
    assert copy_database(source, mysql_server.url(), "venue_copy") == url  # made once
    engine = BuiltinEngine(today=TODAY)
    with closing(open_database(url)) as db, closing(open_database(str(source))) as lite:
        for table in ("stadium", "concert"):
            assert db.execute(f"SELECT * FROM {table} ORDER BY id").rows == \
                lite.execute(f"SELECT * FROM {table} ORDER BY id").rows
        assert [t.name for t in db.schema.tables] == ["concert", "stadium"]  # this database alone
        keys = {(fk.column, fk.ref_table) for fk in db.schema.table("concert").foreign_keys}
        assert keys == {("stadium_id", "stadium")}
        for question in ("concerts in year 2014", "number of concerts per stadium name"):
            sql = engine.draft(question, db).sql
            twin = engine.draft(question, lite).sql
            assert sorted(db.execute(sql).rows) == sorted(lite.execute(twin).rows), (sql, twin)


def test_rendering_keeps_sqlite_meanings(ecommerce_db, ecommerce_mysql) -> None:
    """Week numbers, whole days, integer division, averages and real literals as SQLite gives them."""
    import sqlglot
    from sqlglot import exp

    from nl2sql.engines.builtin.portable import adapt

    week = exp.TimeToStr(this=exp.column("created_at"), format=exp.Literal.string("%Y-%W"))
    days = exp.DateDiff(this=exp.column("shipped_at"), expression=exp.column("created_at"), unit=exp.var("DAY"))
    halves = exp.Div(this=exp.column("quantity"), expression=exp.Literal.number(2))  # true division: sqlglot's
    whole = sqlglot.parse_one("quantity / 2", read="sqlite")  # SQLite's own: integers divide to an integer
    share = exp.Div(this=exp.Mul(this=exp.Literal.number("100.0"), expression=exp.column("quantity")),
                    expression=exp.Literal.number(3))
    query = exp.select(week, days, halves, share, whole).from_("orders") \
        .join("order_items", on="order_items.order_id = orders.id").where("orders.id < 400").order_by("orders.id")
    lite = ecommerce_db.execute(adapt(query, ecommerce_db.schema, "sqlite").sql("sqlite"), max_rows=None).rows
    my = ecommerce_mysql.execute(adapt(query, ecommerce_mysql.schema, "mysql").sql("mysql"), max_rows=None).rows
    assert my == lite and any(r[1] is not None for r in my) and any(r[2] == 0.5 for r in my)
    assert all(r[4] == int(r[2]) for r in my)
    average = exp.select(exp.Avg(this=exp.column("quantity")), exp.Sum(this=exp.column("quantity"))) \
        .from_("order_items")
    assert ecommerce_mysql.execute(adapt(average, ecommerce_mysql.schema, "mysql").sql("mysql")).rows == \
        ecommerce_db.execute(average.sql("sqlite")).rows


def test_dates_and_text_render_for_mysql(ecommerce_mysql) -> None:
    engine = BuiltinEngine(today=TODAY)
    by_month = engine.draft("Number of orders per month", ecommerce_mysql).sql
    assert "DATE_FORMAT(created_at, '%Y-%m')" in by_month
    last_month = engine.draft("orders from last month", ecommerce_mysql).sql
    assert "'2026-05-01'" in last_month and "'2026-06-01'" in last_month
    rows = ecommerce_mysql.execute(last_month, max_rows=None)
    assert rows.row_count > 0 and all(r[3].startswith("2026-05") for r in rows.rows)
    contains = engine.draft("products whose name contains 'wireless'", ecommerce_mysql).sql
    assert "LOWER(" in contains and ecommerce_mysql.execute(contains, max_rows=None).row_count > 0


def test_fixture_build_swaps_the_tables_in_at_once(mysql_server, tmp_path: Path) -> None:
    import os

    from nl2sql import fixtures

    mysql_server.admin("CREATE DATABASE build_twice")
    url = mysql_server.url("build_twice")
    for scale in (0.05, 0.1):
        if scale == 0.1:  # the tables are there now: kept unless the build is told to replace them
            with pytest.raises(UsageError, match="already has tables named categories, order_items"):
                fixtures.build("ecommerce", url, today=TODAY, scale=scale)
        counts = fixtures.build("ecommerce", url, today=TODAY, scale=scale, replace=scale == 0.1)
        with closing(open_database(url + "?databases=")) as db:
            assert db.execute("SELECT COUNT(*) FROM users").rows == ((counts["users"],),)
            assert [t.name for t in db.schema.tables] == sorted(counts)  # no table left over from the swap
        found = domain_file(url)
        assert found is not None and found.is_file()  # found again by the URL
        assert str(os.environ["NL2SQL_DATA_DIR"]) in str(found)
        assert "admin-pw" not in str(found)
