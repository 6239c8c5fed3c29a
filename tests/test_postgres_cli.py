"""PostgreSQL through the command line, each run a real process: one-line errors with exit 2, a
password that never shows up anywhere, fixtures build and eval --on a server."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.conftest import TODAY
from tests.helpers import ZOO_QUESTIONS

REPO = Path(__file__).resolve().parents[1]
PLANTED = "Pl4nted-Pw-x9q"  # a password that must never be printed, logged or written


def _cli(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nl2sql", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=300, env={**os.environ, **(env or {})}, input=stdin)


def _one_line_usage_error(run: subprocess.CompletedProcess, expected: str) -> None:
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert expected in run.stderr, run.stderr


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_help_does_not_import_psycopg() -> None:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "nl2sql", "--help"], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    assert run.returncode == 0 and "Usage" in run.stdout
    assert "psycopg" not in run.stderr


def test_connection_errors_are_one_line_exit_2(pg_server, ecommerce_pg_url: str) -> None:
    wrong = pg_server.url(password=PLANTED)
    for args, expected in [
        (("schema", "--db", wrong), "password authentication failed"),
        (("ask", "--db", wrong, "how many users"), "password authentication failed"),
        (("schema", "--db", pg_server.url(database="no_such_db")), 'database "no_such_db" does not exist'),
        (("schema", "--db", f"postgresql://me:{PLANTED}@127.0.0.1:{_closed_port()}/shop"), "Connection refused"),
        (("schema", "--db", f"postgres://me:{PLANTED}@127.0.0.1:{_closed_port()}/shop"), "Connection refused"),
    ]:
        run = _cli(*args)
        _one_line_usage_error(run, expected)
        assert PLANTED not in run.stderr + run.stdout


def test_a_driver_that_is_not_installed_is_named(pg_server) -> None:
    code = ("import sys; sys.modules['psycopg'] = None; from nl2sql.cli import main; "
            "sys.argv = ['nl2sql', *sys.argv[1:]]; main()")
    run = subprocess.run([sys.executable, "-c", code, "schema", "--db", pg_server.url()], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    _one_line_usage_error(run, "install nl2sql[postgres]")


@pytest.fixture(scope="module")
def planted_role(pg_server, ecommerce_pg_url: str) -> str:
    """A role whose password is PLANTED, reading the fixture database."""
    pg_server.admin(f"CREATE ROLE planted LOGIN PASSWORD '{PLANTED}'")
    pg_server.admin("GRANT SELECT ON ALL TABLES IN SCHEMA public TO planted", database="nl2sql_test")
    return pg_server.url(user="planted", password=PLANTED)


def _files_under(*roots: Path) -> list[Path]:
    return [p for root in roots if root.exists() for p in root.rglob("*") if p.is_file()]


def test_the_password_never_appears_in_output_logs_history_or_saved_state(planted_role: str, tmp_path: Path) -> None:
    data, cache = tmp_path / "data", tmp_path / "cache"
    env = {"NL2SQL_DATA_DIR": str(data), "NL2SQL_CACHE_DIR": str(cache), "HOME": str(tmp_path / "home")}
    runs = [
        _cli("schema", "--db", planted_role, env=env),
        _cli("ask", "--db", planted_role, "--today", TODAY.isoformat(), "--format", "json", "--",
             "How many categories are there?", "/sql SELECT nope FROM users", "/sql DELETE FROM users", "/schema",
             "/history", env=env),
        _cli("ask", "--db", planted_role, "--format", "table", "--", "Number of users per country", env=env),
        _cli("ask", "--db", planted_role, "--timeout", "0.5", "--", "/sql SELECT COUNT(*) FROM generate_series(1, "
             "100000) a, generate_series(1, 100000) b", env={**env, "NL2SQL_DEBUG": "1"}),
        _cli("chat", "--db", planted_role, "--today", TODAY.isoformat(), env=env,
             stdin="How many categories are there?\n/sql SELECT nope FROM users\n/history\n/exit\n"),
        _cli("chat", "--db", planted_role, env={**env, "NL2SQL_DEBUG": "1"}, stdin="/stats\n/exit\n"),
    ]
    first = json.loads(runs[1].stdout.splitlines()[0])
    assert first["rows"] == [[8]], runs[1].stdout
    assert "There are 8 categories" in runs[4].stdout, runs[4].stdout + runs[4].stderr
    written = _files_under(data, cache, tmp_path / "home")
    # chat read its lines from a pipe, as a script: nothing it read is kept as typed history
    assert not any(p.name == "history" for p in written)
    for run in runs:
        assert PLANTED not in run.stdout and PLANTED not in run.stderr, (run.args, run.stdout, run.stderr)
        assert "Warning: role" not in run.stderr  # a role that may only read is not cautioned
    for path in written:
        assert PLANTED.encode() not in path.read_bytes(), path


def test_build_ask_and_eval_on_a_server_through_the_cli(pg_server, tmp_path: Path) -> None:
    pg_server.admin("CREATE DATABASE cli_shop")
    url = pg_server.url("cli_shop")
    env = {"NL2SQL_DATA_DIR": str(tmp_path / "data"), "NL2SQL_CACHE_DIR": str(tmp_path / "cache")}
    built = _cli("fixtures", "build", "ecommerce", "--today", TODAY.isoformat(), "--scale", "0.1", "--out", url,
                 env=env)
    assert built.returncode == 0, built.stderr
    assert "Wrote postgresql://nl2sql_admin@127.0.0.1" in built.stdout and "admin-pw" not in built.stdout
    asked = _cli("ask", "--db", url, "--today", TODAY.isoformat(), "--format", "json", "--",
                 "How many categories are there?", "Number of users per country", env=env)
    assert asked.returncode == 0, asked.stderr
    first, second = (json.loads(line) for line in asked.stdout.splitlines() if line.startswith("{"))
    assert first["rows"] == [[8]] and second["rowCount"] == 10
    assert "Warning: role 'nl2sql_admin' is a superuser" in asked.stderr  # its server files are behind the guard alone

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
    run = _cli("eval", "spider", "--data", str(root), "--on", pg_server.url(), "--out", str(out), env=env)
    assert run.returncode == 0, run.stderr
    assert "spider dev on postgresql" in run.stdout and "100.0% (4/4)" in run.stdout, run.stdout
    assert "admin-pw" not in run.stdout + run.stderr + out.read_text()
    again = _cli("eval", "spider", "--data", str(root), "--on", "spark:///x", env=env)
    _one_line_usage_error(again, "--on spark:///x is not supported")
