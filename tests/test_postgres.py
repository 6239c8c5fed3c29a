"""PostgreSQL beside SQLite: connecting, credentials, session settings and a plain role past the guard,
a reopened connection, the loader and rendering, on the session's throwaway cluster.

The contract every engine keeps (the guard, the read-only transaction, row caps, time limit and
cancel, check, schema and rows as SQLite gives them) is in tests/test_database_contract.py; what the
catalogue reads (comments, views, schemas, keys, types) is in tests/test_catalogue_contract.py."""

from __future__ import annotations

import os
import socket
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.db.targets import parse_url, redact
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import DatabaseError, QueryTimeout, ReadOnlyViolation, UsageError
from nl2sql.opening import domain_file
from tests.conftest import TODAY
from tests.pg_server import READER, READER_PASSWORD
from tests.test_database_contract import ENGINES

# pg_sleep is refused by the guard (a statement that only waits is a time bomb), so the slow query
# is real work (the contract's): a cross join of two 100,000-row series, minutes of counting.
SLOW = ENGINES["postgres"].slow


def test_session_changes_past_the_guard_are_rolled_back(ecommerce_pg) -> None:
    """Each statement runs in its own transaction, always rolled back: a setting it changes is undone,
    so a later write is still refused, and a second statement in the text never runs."""
    ecommerce_pg._run("SELECT set_config('default_transaction_read_only', 'off', false)", None, 5.0)
    ecommerce_pg._run("SET default_transaction_read_only = off", None, 5.0)
    assert ecommerce_pg._run("SHOW default_transaction_read_only", None, 5.0).rows == (("on",),)
    with pytest.raises(ReadOnlyViolation, match="read-only transaction"):
        ecommerce_pg._run("DELETE FROM reviews", None, 5.0)
    with pytest.raises(DatabaseError, match="multiple commands"):
        ecommerce_pg._run("COMMIT; DELETE FROM reviews", None, 5.0)
    assert ecommerce_pg.execute("SELECT COUNT(*) FROM reviews").rows == ((3000,),)


@pytest.fixture(scope="module")
def reader(pg_server, ecommerce_pg_url: str):
    """The fixture database as a plain role that may only read: what a careful deployment connects as."""
    pg_server.admin(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {READER}", database="nl2sql_test")
    with closing(open_database(pg_server.url(user=READER, password=READER_PASSWORD))) as db:
        yield db


@pytest.mark.parametrize("sql", [
    "SELECT pg_read_file('/etc/passwd')", "SELECT * FROM pg_ls_dir('/etc')", "SELECT pg_stat_file('/etc/passwd')",
    "COPY (SELECT 1) TO '/tmp/nl2sql-leak.csv'", "COPY (SELECT 1) TO PROGRAM 'touch /tmp/nl2sql-prog'",
    "SELECT lo_import('/etc/hostname')",
])
def test_server_files_and_programs_are_refused_to_a_plain_role_past_the_guard(reader, sql: str) -> None:
    """Files and programs on the server are the role's privileges, not the transaction's: a role
    without superuser (or pg_read_server_files and friends) is refused, even with the guard skipped."""
    with pytest.raises(DatabaseError, match="permission denied|must be superuser|read-only"):
        reader._run(sql, None, 5.0)
    assert not Path("/tmp/nl2sql-leak.csv").exists() and not Path("/tmp/nl2sql-prog").exists()


def test_only_a_login_with_server_file_powers_is_cautioned(ecommerce_pg, reader) -> None:
    """The test server's owner is a superuser: its files are behind the guard alone, and the user is
    told; a plain role has nothing to be told."""
    assert len(ecommerce_pg.cautions()) == 1 and "superuser" in ecommerce_pg.cautions()[0]
    assert reader.cautions() == ()


def test_a_plain_role_reads_and_lists_only_what_it_may_select(pg_server, reader) -> None:
    assert reader.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    assert "categories" in [t.name for t in reader.schema.tables]


def test_credentials_from_pgpassword_and_a_pgpass_file(pg_server, ecommerce_pg_url: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """libpq reads the password where people keep it; the URL need not hold it."""
    bare = pg_server.url(password=None)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "none"))
    with pytest.raises(UsageError, match="password"):
        open_database(bare)
    monkeypatch.setenv("PGPASSWORD", pg_server.url().split(":")[2].split("@")[0])
    with closing(open_database(bare)) as db:
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    monkeypatch.delenv("PGPASSWORD")
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"127.0.0.1:{pg_server.port}:*:{READER}:{READER_PASSWORD}\n")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    with closing(open_database(pg_server.url(user=READER, password=None))) as db:
        assert db.display_name == f"postgresql://{READER}@127.0.0.1:{pg_server.port}/nl2sql_test"


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_connection_failures_are_one_line_without_the_password(pg_server) -> None:
    wrong = pg_server.url(password="planted-Secret-42")
    cases = [
        (wrong, "password authentication failed"),
        (pg_server.url(database="no_such_db"), 'database "no_such_db" does not exist'),
        (f"postgresql://{READER}:planted-Secret-42@127.0.0.1:{_closed_port()}/x", "Connection refused"),
    ]
    for url, expected in cases:
        with pytest.raises(UsageError) as caught:
            open_database(url)
        message = str(caught.value)
        assert expected in message and "planted-Secret-42" not in message and "\n" not in message, message
        assert message.startswith(f"Cannot connect to {redact(url)}")


def _backend(db) -> int:
    return int(db._run("SELECT pg_backend_pid()", None, 5.0).rows[0][0])  # past the guard: a test's own look


def test_a_connection_the_server_ended_is_opened_again_read_only(pg_server, ecommerce_pg_url: str) -> None:
    """After pg_terminate_backend (or a restart) the next statement opens the connection again and
    runs; the new session is as read-only, and as time-limited, as the first."""
    with closing(open_database(ecommerce_pg_url)) as db:
        first = _backend(db)
        pg_server.admin(f"SELECT pg_terminate_backend({first}, 5000)")  # waits until it has ended
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
        assert _backend(db) != first
        assert db._run("SHOW default_transaction_read_only", None, 5.0).rows == (("on",),)
        with pytest.raises(ReadOnlyViolation, match="read-only transaction"):
            db._run("CREATE TABLE reopened (a int)", None, 5.0)
        with pytest.raises(QueryTimeout, match="longer than 1 s"):
            db.execute(SLOW, timeout=1)
        assert db.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)


def test_a_connection_that_cannot_be_opened_again_is_one_line(pg_server, ecommerce_pg_url: str) -> None:
    """Reopened once per statement: refused, that statement fails with one line (no password);
    the next one tries again."""
    planted = "Pl4nted-Reopen-Pw"
    pg_server.admin("DROP ROLE IF EXISTS reopened", f"CREATE ROLE reopened LOGIN PASSWORD '{planted}'")
    try:
        with closing(open_database(pg_server.url(user="reopened", password=planted))) as db:
            first = _backend(db)
            pg_server.admin("ALTER ROLE reopened NOLOGIN", f"SELECT pg_terminate_backend({first}, 5000)")
            with pytest.raises(DatabaseError, match='Lost the connection to .*"reopened" is not permitted') as caught:
                db.execute("SELECT 1")
            assert planted not in str(caught.value) and "\n" not in str(caught.value)
            pg_server.admin("ALTER ROLE reopened LOGIN")
            assert db.execute("SELECT 1").rows == ((1,),)
    finally:
        pg_server.admin("DROP ROLE IF EXISTS reopened")


def test_urls_are_shown_without_passwords() -> None:
    assert redact("postgresql://me:s3cret@db.example:5433/shop?sslmode=require") == \
        "postgresql://me@db.example:5433/shop?sslmode=require"
    assert redact("postgres://me@host/shop?password=s3cret&sslmode=require") == "postgres://me@host/shop?sslmode=require"
    target = parse_url("postgres://me:s3cret@host/shop")
    assert target.engine == "postgresql" and target.is_server and "s3cret" not in target.display


def test_loader_copies_keep_each_columns_type_and_compare_as_sqlite(pg_server, tmp_path: Path) -> None:
    """A key kept as text on one side and integers on the other stays so (rows read back as SQLite's),
    is declared as a join key in a comment, and the join compares them as numbers, as SQLite does."""
    import sqlite3

    from nl2sql.fixture_load.postgres import copy_database

    source = tmp_path / "venue.sqlite"
    with closing(sqlite3.connect(source)) as conn:
        conn.executescript("""
            CREATE TABLE stadium (id INT PRIMARY KEY, name TEXT);
            CREATE TABLE concert (id INT PRIMARY KEY, stadium_id TEXT REFERENCES stadium (id), year TEXT);
            INSERT INTO stadium VALUES (1, 'Arena'), (2, 'Bowl');
            INSERT INTO concert VALUES (1, '1', '2014'), (2, '2', '2015'), (3, '1', '2015');
        """)
        conn.commit()
    url = copy_database(source, pg_server.url(), "venue_copy")
    assert copy_database(source, pg_server.url(), "venue_copy") == url  # made once
    engine = BuiltinEngine(today=TODAY)
    with closing(open_database(url)) as db, closing(open_database(str(source))) as lite:
        assert db.execute("SELECT * FROM concert ORDER BY id").rows == lite.execute("SELECT * FROM concert").rows
        keys = {(fk.column, fk.ref_table) for fk in db.schema.table("concert").foreign_keys}
        assert keys == {("stadium_id", "stadium")}
        for question in ("concerts in year 2014", "number of concerts per stadium name",
                         "stadiums with concerts in both 2014 and 2015", "names of stadiums that have a concert"):
            sql = engine.draft(question, db).sql
            twin = engine.draft(question, lite).sql
            assert sorted(db.execute(sql).rows) == sorted(lite.execute(twin).rows), (sql, twin)


def test_rendering_keeps_sqlite_meanings(ecommerce_db, ecommerce_pg) -> None:
    """Week numbers, whole days, division by zero and text compared with numbers, as SQLite gives them."""
    from sqlglot import exp

    from nl2sql.engines.builtin.portable import adapt

    week = exp.TimeToStr(this=exp.column("created_at"), format=exp.Literal.string("%Y-%W"))
    days = exp.DateDiff(this=exp.column("shipped_at"), expression=exp.column("created_at"), unit=exp.var("DAY"))
    ratio = exp.Div(this=exp.column("quantity"), expression=exp.paren(exp.Sub(this=exp.column("quantity"),
                                                                              expression=exp.column("quantity"))))
    query = exp.select(week, days, ratio).from_("orders").join("order_items", on="order_items.order_id = orders.id") \
        .where("orders.id < 400").order_by("orders.id")
    lite = ecommerce_db.execute(adapt(query, ecommerce_db.schema, "sqlite").sql("sqlite"), max_rows=None).rows
    pg = ecommerce_pg.execute(adapt(query, ecommerce_pg.schema, "postgres").sql("postgres"), max_rows=None).rows
    assert pg == lite and any(r[1] is not None for r in pg) and all(r[2] is None for r in pg)


def test_dates_and_text_render_for_postgres(ecommerce_pg) -> None:
    engine = BuiltinEngine(today=TODAY)
    by_month = engine.draft("Number of orders per month", ecommerce_pg).sql
    assert "TO_CHAR(created_at, 'YYYY-MM')" in by_month
    last_month = engine.draft("orders from last month", ecommerce_pg).sql
    assert "'2026-05-01'" in last_month and "'2026-06-01'" in last_month
    rows = ecommerce_pg.execute(last_month, max_rows=None)
    assert rows.row_count > 0 and all(r[3].startswith("2026-05") for r in rows.rows)
    contains = engine.draft("products whose name contains 'wireless'", ecommerce_pg).sql
    assert "ILIKE" in contains and ecommerce_pg.execute(contains, max_rows=None).row_count > 0


def test_fixture_build_replaces_the_tables_in_one_transaction(pg_server, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from nl2sql import fixtures

    pg_server.admin("CREATE DATABASE build_twice")
    url = pg_server.url("build_twice")
    for scale in (0.05, 0.1):
        if scale == 0.1:  # the tables are there now: kept unless the build is told to replace them
            with pytest.raises(UsageError, match="already has tables named categories, order_items"):
                fixtures.build("ecommerce", url, today=TODAY, scale=scale)
        counts = fixtures.build("ecommerce", url, today=TODAY, scale=scale, replace=scale == 0.1)
        with closing(open_database(url)) as db:
            assert db.execute("SELECT COUNT(*) FROM users").rows == ((counts["users"],),)
        found = domain_file(url)
        assert found is not None and found.is_file()  # found again by the URL
        assert str(os.environ["NL2SQL_DATA_DIR"]) in str(found)
        assert "admin-pw" not in str(found)
