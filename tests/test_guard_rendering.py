"""The server runs exactly what the guard checked: sqlglot's rendering of the approved tree, with no
comment, every name decoded, and only functions known to read data (or ones the user allowed).

The real servers say what they were sent (``current_query()``, the process list), and checksums of
the files a hidden write would touch show that nothing changed."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.config import function_names
from nl2sql.db import open_database
from nl2sql.db.functions import READ_ONLY_FUNCTIONS
from nl2sql.db.guard import checked_statement, decode_unicode_names, ensure_read_only
from nl2sql.errors import DatabaseError, ReadOnlyViolation

DIALECTS = ("sqlite", "duckdb", "postgres", "mysql", "spark")


def _nl2sql(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nl2sql", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_comments_never_reach_the_server(dialect: str) -> None:
    text = checked_statement("SELECT a /* a note */, b -- another\nFROM t WHERE c = '/* kept */'", dialect).text
    assert "a note" not in text and "another" not in text
    assert "'/* kept */'" in text  # a comment's marks inside a string are data, not a comment


@pytest.mark.parametrize("hidden", [
    "SELECT id /*!50000 INTO OUTFILE '/tmp/nl2sql-x' */ FROM users LIMIT 1",
    "SELECT id /*!, LOAD_FILE('/etc/hostname') */ FROM users",
    "SELECT id /*M!, GET_LOCK('nl2sql', 1) */ FROM users",
    "/*!50000 SELECT SLEEP(5), */ SELECT 1",
])
def test_mysql_executable_comments_are_refused(hidden: str) -> None:
    with pytest.raises(ReadOnlyViolation, match="executable comment"):
        ensure_read_only(hidden, "mysql")


def test_elsewhere_a_bang_comment_is_only_a_comment_and_is_dropped() -> None:
    assert checked_statement("SELECT id /*!50000 INTO OUTFILE '/tmp/x' */ FROM users", "postgres").text \
        == "SELECT id FROM users"


@pytest.mark.parametrize(("escaped", "plain"), [
    ('U&"d\\0061ta"', '"data"'),
    ('u&"d\\+000061ta"', '"data"'),
    ('U&"d!0061ta" UESCAPE \'!\'', '"data"'),
    ('U&"a\\\\b"', '"a\\b"'),
    ('U&"say ""hi"""', '"say ""hi"""'),
])
def test_unicode_escaped_names_are_decoded_before_anything_is_compared(escaped: str, plain: str) -> None:
    assert decode_unicode_names(f"SELECT {escaped} FROM t") == f"SELECT {plain} FROM t"


def test_u_and_a_name_apart_are_an_operator_not_an_escape() -> None:
    assert decode_unicode_names('SELECT U & "x" FROM t') == 'SELECT U & "x" FROM t'


@pytest.mark.parametrize("sql", ['SELECT U&"pg_reload_con\\0066"()',
                                 'SELECT U&"query_to_xm\\006C"(\'select 1\', true, true, \'\')',
                                 'SELECT U&"brin_summarize_new_value\\0073"(\'i\')'])
def test_an_escaped_function_name_is_refused_by_its_decoded_name(sql: str) -> None:
    with pytest.raises(ReadOnlyViolation) as refused:
        ensure_read_only(sql, "postgres")
    assert "\\" not in str(refused.value)  # named as decoded


@pytest.mark.parametrize("bad", ['U&"x\\00"', 'U&"x\\zzzz"', 'U&"x\\0000"', 'U&"x\\D800"', 'U&"x!0041" UESCAPE \'+\''])
def test_a_malformed_unicode_escape_is_one_line(bad: str) -> None:
    with pytest.raises(DatabaseError, match="does not parse") as refused:
        ensure_read_only(f"SELECT {bad} FROM t", "postgres")
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_unknown_function_is_refused_by_name_unless_allowed(dialect: str) -> None:
    sql = "SELECT my_report(a) FROM t"
    with pytest.raises(ReadOnlyViolation, match=r"my_report\(\).*--allow-function my_report"):
        ensure_read_only(sql, dialect)
    assert ensure_read_only(sql, dialect, frozenset({"my_report"})) is not None


@pytest.mark.parametrize("sql", ["SELECT brin_summarize_new_values('orders_brin')",
                                 "SELECT gin_clean_pending_list('orders_gin')",
                                 "SELECT pg_catalog.pg_reload_conf()", "SELECT x FROM app.report(1)",
                                 "SELECT app.lower(name) FROM t"])
def test_postgres_functions_that_write_or_belong_to_a_schema_are_refused(sql: str) -> None:
    with pytest.raises(ReadOnlyViolation):
        ensure_read_only(sql, "postgres")


def test_a_builtin_named_through_its_catalogue_still_runs() -> None:
    assert ensure_read_only("SELECT pg_catalog.upper(name), initcap(name) FROM t", "postgres") is not None
    assert ensure_read_only("SELECT app.report(1)", "postgres", frozenset({"app.report"})) is not None


def test_a_function_that_reaches_outside_is_never_allowed_by_opting_in() -> None:
    with pytest.raises(ReadOnlyViolation, match="pg_read_file"):
        ensure_read_only("SELECT pg_read_file('/etc/passwd')", "postgres", frozenset({"pg_read_file"}))


def test_function_names_the_user_gives_are_checked() -> None:
    assert function_names(["My_Report", "app.report"]) == {"my_report", "app.report"}
    for bad in ("a b", "x();", "", "a.b.c", 3):
        with pytest.raises(ValueError):
            function_names([bad])


@pytest.mark.parametrize(("dialect", "sql"), [("sqlite", "SELECT a FROM t TABLESAMPLE (10 PERCENT)"),
                                            ("mysql", "SELECT a FROM t TABLESAMPLE (10 PERCENT)")])
def test_what_sqlglot_cannot_write_for_the_engine_is_refused_not_dropped(dialect: str, sql: str) -> None:
    with pytest.raises(DatabaseError, match="cannot check this statement exactly"):
        checked_statement(sql, dialect)


@pytest.mark.parametrize(("dialect", "sql"), [("postgres", "SELECT 'a' 'b' AS ab"), ("postgres", "SELECT $$x$$ AS x"),
                                            ("mysql", "SELECT CAST(a AS TEXT) FROM t")])
def test_a_rewritten_form_runs_as_the_statement_sqlglot_reads_back(dialect: str, sql: str) -> None:
    import sqlglot

    text = checked_statement(sql, dialect).text
    assert text != sql and sqlglot.parse_one(text, read=dialect).sql(dialect) == text


def test_the_builtin_list_holds_no_function_the_guard_refuses() -> None:
    from nl2sql.db.guard import _forbidden

    for dialect, names in READ_ONLY_FUNCTIONS.items():
        assert not [n for n in names if _forbidden(n, dialect)], dialect


# -- real servers: what arrives is the rendering, and hidden writes change nothing ------------------

def test_postgres_receives_the_rendering_not_the_text(ecommerce_pg) -> None:
    result = ecommerce_pg.execute("SELECT current_query() AS sent /* planted note */ FROM users LIMIT 1", max_rows=None)
    sent = result.rows[0][0]
    assert "planted" not in sent and "current_query()" in sent.lower()


def test_mariadb_receives_the_rendering_not_the_text(ecommerce_mysql) -> None:
    sql = ("SELECT info /* planted note */ FROM information_schema.processlist "
           "WHERE id = connection_id()")
    sent = ecommerce_mysql.execute(sql).rows[0][0]
    assert "planted" not in sent and "processlist" in sent.lower()


def test_mariadb_hidden_outfile_and_lock_do_nothing_for_a_login_with_file_privilege(
        mysql_server, ecommerce_mysql_url: str) -> None:
    target = Path("/tmp/nl2sql-outfile-probe")
    target.unlink(missing_ok=True)
    done = _nl2sql("ask", "--db", ecommerce_mysql_url,
                   f"/sql SELECT id /*!50000 INTO OUTFILE '{target}' */ FROM users LIMIT 1")
    assert done.returncode != 0 and "executable comment" in done.stderr
    errors = [line for line in done.stderr.splitlines() if not line.startswith("Warning: ")]
    assert "Traceback" not in done.stderr and len(errors) == 1  # the FILE privilege is warned of, then refused
    assert not target.exists()
    import pymysql

    with closing(open_database(ecommerce_mysql_url)) as db:
        with pytest.raises(ReadOnlyViolation):
            db.execute("SELECT id /*M!, GET_LOCK('nl2sql_probe', 0) AS taken */ FROM users LIMIT 1")
        root = pymysql.connect(unix_socket=str(mysql_server.socket), user="root")
        with closing(root), root.cursor() as cur:  # while nl2sql's connection is still open
            cur.execute("SELECT IS_USED_LOCK('nl2sql_probe')")
            assert cur.fetchone() == (None,)


def _brin_index_file(pg_server) -> Path:
    import psycopg

    with psycopg.connect(pg_server.url(database="nl2sql_test"), autocommit=True) as conn:
        path = conn.execute("SELECT pg_relation_filepath('nl2sql_brin_idx')").fetchone()[0]
    return pg_server.data / path


def test_postgres_writing_functions_change_no_file_for_the_table_owner(pg_server, ecommerce_pg_url: str) -> None:
    """A role that merely owns a table could summarise its BRIN index inside a READ ONLY transaction."""
    owner, password = "nl2sql_owner", "owner-pw-7f3a"
    pg_server.admin("DROP TABLE IF EXISTS nl2sql_brin", f"DROP ROLE IF EXISTS {owner}", database="nl2sql_test")
    pg_server.admin(f"CREATE ROLE {owner} LOGIN PASSWORD '{password}'",
                    f"GRANT CREATE, USAGE ON SCHEMA public TO {owner}", database="nl2sql_test")
    owner_url = pg_server.url(user=owner, password=password)
    import psycopg

    try:
        with psycopg.connect(owner_url, autocommit=True) as conn:
            conn.execute("CREATE TABLE nl2sql_brin (n int)")
            conn.execute("CREATE INDEX nl2sql_brin_idx ON nl2sql_brin USING brin (n)")
            conn.execute("INSERT INTO nl2sql_brin SELECT generate_series(1, 50000)")
        with psycopg.connect(pg_server.url(database="nl2sql_test"), autocommit=True) as conn:
            conn.execute("CHECKPOINT")  # the index's pages on disk, so that a change to them shows in the file
        index = _brin_index_file(pg_server)
        before = hashlib.sha256(index.read_bytes()).hexdigest()
        loaded = _conf_load_time(pg_server)
        for sql in ("SELECT brin_summarize_new_values('nl2sql_brin_idx')",
                    "SELECT U&\"brin_summarize_new_value\\0073\"('nl2sql_brin_idx')",
                    "SELECT U&\"pg_reload_con\\0066\"()"):
            done = _nl2sql("ask", "--db", owner_url, f"/sql {sql}")
            assert done.returncode != 0 and "function" in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert hashlib.sha256(index.read_bytes()).hexdigest() == before
        assert _conf_load_time(pg_server) == loaded
        with closing(open_database(owner_url)) as db:  # the guard skipped: the READ ONLY transaction lets it write
            db._run("SELECT brin_summarize_new_values('nl2sql_brin_idx')", None, 5.0)
        with psycopg.connect(pg_server.url(database="nl2sql_test"), autocommit=True) as conn:
            conn.execute("CHECKPOINT")
        assert hashlib.sha256(_brin_index_file(pg_server).read_bytes()).hexdigest() != before
    finally:
        pg_server.admin("DROP TABLE IF EXISTS nl2sql_brin", f"REVOKE ALL ON SCHEMA public FROM {owner}",
                        f"DROP ROLE {owner}",
                        database="nl2sql_test")


def _conf_load_time(pg_server) -> str:
    import psycopg

    with psycopg.connect(pg_server.url(database="nl2sql_test"), autocommit=True) as conn:
        return str(conn.execute("SELECT pg_conf_load_time()").fetchone()[0])


def test_server_views_of_its_files_and_schema_operators_are_refused_in_postgres() -> None:
    for sql in ("SELECT * FROM pg_file_settings", "SELECT * FROM pg_catalog.pg_hba_file_rules",
                "SELECT 1 OPERATOR(app.+) 2"):
        with pytest.raises(ReadOnlyViolation):
            ensure_read_only(sql, "postgres")
    assert ensure_read_only("SELECT 1 OPERATOR(pg_catalog.+) 2", "postgres") is not None


def test_a_spark_data_source_named_by_its_class_is_refused() -> None:
    with pytest.raises(ReadOnlyViolation):
        ensure_read_only("SELECT * FROM `org.apache.spark.sql.parquet`.`data`", "spark")


def test_postgres_strings_are_read_as_the_guard_reads_them_whatever_the_role_says(
        pg_server, ecommerce_pg_url: str) -> None:
    """A role whose strings are not standard-conforming would read 'x\\' as an open string: the text
    after it, which the guard saw inside a string, would run."""
    import time

    import psycopg

    role, password = "nl2sql_legacy", "legacy-pw-5c1d"
    pg_server.admin(f"DROP ROLE IF EXISTS {role}", f"CREATE ROLE {role} LOGIN PASSWORD '{password}'",
                    f"ALTER ROLE {role} SET standard_conforming_strings = off",
                    f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}", database="nl2sql_test")
    url = pg_server.url(user=role, password=password)
    try:
        with psycopg.connect(url, autocommit=True) as raw:  # the role's own setting bites
            assert raw.execute("SHOW standard_conforming_strings").fetchone() == ("off",)
        sql = "SELECT 'x\\' AS \"a', pg_sleep(3) AS b --\" FROM users LIMIT 1"
        with closing(open_database(url)) as db:
            started = time.monotonic()
            result = db.execute(sql)
            assert time.monotonic() - started < 2.5 and len(result.columns) == 1
            assert result.rows[0][0] == "x\\"
    finally:
        pg_server.admin(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}", f"DROP ROLE {role}",
                        database="nl2sql_test")


def test_a_builtin_name_the_database_redefines_is_refused(pg_server, ecommerce_pg_url: str) -> None:
    """PostgreSQL picks among same-named functions by argument types: a public.upper(integer) would
    run for upper(<a bigint>) although upper is on the read-only list."""
    pg_server.admin("CREATE OR REPLACE FUNCTION public.upper(bigint) RETURNS bigint LANGUAGE sql "
                    "AS 'SELECT $1'", database="nl2sql_test")
    try:
        with closing(open_database(ecommerce_pg_url)) as db:
            with pytest.raises(ReadOnlyViolation, match=r"defines a function upper\(\)"):
                db.execute("SELECT upper(id) FROM users LIMIT 1")
            assert db.execute("SELECT lower(name) FROM users LIMIT 1").rows  # the others still run
            db.allowed_functions = frozenset({"upper"})
            assert db.execute("SELECT upper(id) FROM users LIMIT 1").rows  # opted in
    finally:
        pg_server.admin("DROP FUNCTION public.upper(bigint)", database="nl2sql_test")
