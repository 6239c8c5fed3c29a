"""MySQL/MariaDB through the command line, each run a real process: one-line errors with exit 2, a
password that never shows up anywhere, fixtures build and eval --on a server."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.conftest import TODAY
from tests.helpers import ZOO_QUESTIONS
from tests.test_postgres_cli import _cli, _closed_port, _files_under, _one_line_usage_error

REPO = Path(__file__).resolve().parents[1]
PLANTED = "Pl4nted-My-k2w"  # a password that must never be printed, logged or written


def test_help_does_not_import_pymysql() -> None:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "nl2sql", "--help"], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    assert run.returncode == 0 and "Usage" in run.stdout
    assert "pymysql" not in run.stderr


def test_connection_errors_are_one_line_exit_2(mysql_server, ecommerce_mysql_url: str) -> None:
    wrong = mysql_server.url(password=PLANTED)
    for args, expected in [
        (("schema", "--db", wrong), "Access denied"),
        (("ask", "--db", wrong, "how many users"), "Access denied"),
        (("schema", "--db", mysql_server.url(database="no_such_db")), "Unknown database 'no_such_db'"),
        (("schema", "--db", f"mysql://me:{PLANTED}@127.0.0.1:{_closed_port()}/shop"), "Can't connect"),
        (("schema", "--db", f"mariadb://me:{PLANTED}@127.0.0.1:{_closed_port()}/shop"), "Can't connect"),
    ]:
        run = _cli(*args)
        _one_line_usage_error(run, expected)
        assert PLANTED not in run.stderr + run.stdout


def test_a_driver_that_is_not_installed_is_named(mysql_server) -> None:
    code = ("import sys; sys.modules['pymysql'] = None; from nl2sql.cli import main; "
            "sys.argv = ['nl2sql', *sys.argv[1:]]; main()")
    run = subprocess.run([sys.executable, "-c", code, "schema", "--db", mysql_server.url()], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    _one_line_usage_error(run, "install nl2sql[mysql]")


@pytest.fixture(scope="module")
def planted_user(mysql_server, ecommerce_mysql_url: str) -> str:
    """A user whose password is PLANTED, reading the fixture database."""
    mysql_server.admin(f"CREATE USER planted IDENTIFIED BY '{PLANTED}'", "GRANT SELECT ON nl2sql_test.* TO planted")
    return mysql_server.url(user="planted", password=PLANTED)


def test_the_password_never_appears_in_output_logs_history_or_saved_state(planted_user: str, tmp_path: Path) -> None:
    data, cache = tmp_path / "data", tmp_path / "cache"
    env = {"NL2SQL_DATA_DIR": str(data), "NL2SQL_CACHE_DIR": str(cache), "HOME": str(tmp_path / "home")}
    runs = [
        _cli("schema", "--db", planted_user, env=env),
        _cli("ask", "--db", planted_user, "--today", TODAY.isoformat(), "--format", "json", "--",
             "How many categories are there?", "/sql SELECT nope FROM users", "/sql DELETE FROM users",
             "/sql SELECT LOAD_FILE('/etc/passwd')", "/schema", "/history", env=env),
        _cli("ask", "--db", planted_user, "--timeout", "0.5", "--",
             "/sql SELECT COUNT(*) FROM order_items a, order_items b", env={**env, "NL2SQL_DEBUG": "1"}),
        _cli("chat", "--db", planted_user, "--today", TODAY.isoformat(), env={**env, "NL2SQL_DEBUG": "1"},
             stdin="How many categories are there?\n/sql SELECT nope FROM users\n/history\n/stats\n/exit\n"),
    ]
    first = json.loads(runs[1].stdout.splitlines()[0])
    assert first["rows"] == [[8]], runs[1].stdout
    assert "longer than 0.5 s" in runs[2].stdout + runs[2].stderr, runs[2].stdout + runs[2].stderr
    assert "There are 8 categories" in runs[3].stdout, runs[3].stdout + runs[3].stderr
    written = _files_under(data, cache, tmp_path / "home")
    # chat read its lines from a pipe, as a script: nothing it read is kept as typed history
    assert not any(p.name == "history" for p in written)
    for run in runs:
        assert PLANTED not in run.stdout and PLANTED not in run.stderr, (run.args, run.stdout, run.stderr)
        assert "Warning: user" not in run.stderr  # a user with SELECT only is not cautioned
    for path in written:
        assert PLANTED.encode() not in path.read_bytes(), path


def test_build_ask_and_eval_on_a_server_through_the_cli(mysql_server, tmp_path: Path) -> None:
    mysql_server.admin("CREATE DATABASE cli_shop")
    url = mysql_server.url("cli_shop")
    env = {"NL2SQL_DATA_DIR": str(tmp_path / "data"), "NL2SQL_CACHE_DIR": str(tmp_path / "cache")}
    built = _cli("fixtures", "build", "ecommerce", "--today", TODAY.isoformat(), "--scale", "0.05", "--out", url,
                 env=env)
    assert built.returncode == 0, built.stderr
    assert "Wrote mysql://nl2sql_admin@127.0.0.1" in built.stdout and "admin-pw" not in built.stdout
    asked = _cli("ask", "--db", url + "?databases=", "--today", TODAY.isoformat(), "--format", "json", "--",
                 "How many categories are there?", "Number of users per country", env=env)
    assert asked.returncode == 0, asked.stderr
    first, second = (json.loads(line) for line in asked.stdout.splitlines() if line.startswith("{"))
    assert first["rows"] == [[8]] and second["rowCount"] == 10
    assert "Warning: user 'nl2sql_admin@" in asked.stderr and "FILE" in asked.stderr  # it may read the server's files

    root = tmp_path / "bench"
    folder = root / "spider" / "database" / "zoo"
    folder.mkdir(parents=True)
    with closing(sqlite3.connect(folder / "zoo.sqlite")) as conn:
        conn.executescript("""
            CREATE TABLE Keeper (Keeper_ID INTEGER PRIMARY KEY, Name TEXT, Started TEXT);
            CREATE TABLE Animal (Animal_ID INTEGER PRIMARY KEY, Name TEXT, Species TEXT, Weight TEXT,
                                 Keeper_ID TEXT REFERENCES Keeper (Keeper_ID));
            INSERT INTO Keeper VALUES (1, 'Ann', '2020-01-05'), (2, 'Ben', '2021-03-09');
            INSERT INTO Animal VALUES (1, 'Leo', 'lion', '190.5', '1'), (2, 'Zed', 'zebra', '300', '2'),
                                      (3, 'Lia', 'lion', '150', '1');
        """)
        conn.commit()
    (root / "spider" / "dev.json").write_text(json.dumps(ZOO_QUESTIONS))
    out = tmp_path / "run.jsonl"
    run = _cli("eval", "spider", "--data", str(root), "--on", mysql_server.url(), "--out", str(out), env=env)
    assert run.returncode == 0, run.stderr
    assert "spider dev on mysql" in run.stdout and "100.0% (4/4)" in run.stdout, run.stdout
    assert "admin-pw" not in run.stdout + run.stderr + out.read_text()
