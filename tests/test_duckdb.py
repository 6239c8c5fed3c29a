"""DuckDB beside SQLite: opening, file and network access past the guard, and the loader.

The contract every engine keeps (the guard, the read-only connection, row caps, time limit and cancel,
check, schema and rows as SQLite gives them) is in tests/test_database_contract.py; what the catalogue
reads (comments, views, schemas, keys, types) is in tests/test_catalogue_contract.py."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import duckdb
import pytest

from nl2sql import fixtures
from nl2sql.db import open_database
from nl2sql.errors import DatabaseError, UsageError
from nl2sql.fixture_load.plan import column_type
from nl2sql.opening import domain_file
from tests.conftest import TODAY
from tests.helpers import ZOO_QUESTIONS


@pytest.mark.parametrize("sql", [
    "SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM '/etc/passwd'", "COPY orders TO '/tmp/nl2sql-leak.csv'",
    "ATTACH '/tmp/nl2sql-other.duckdb' AS other", "INSTALL httpfs", "LOAD httpfs", "SET enable_external_access = true",
    "SELECT * FROM glob('/etc/*')",
])
def test_file_and_network_access_is_off_past_the_guard(ecommerce_duckdb, sql: str) -> None:
    """_run skips the guard: enable_external_access=false (locked) alone must refuse files and URLs
    (a path in FROM is then no file scan at all, only an unknown table)."""
    with pytest.raises(DatabaseError, match="disabled|locked|does not exist"):
        ecommerce_duckdb._run(sql, None, 5.0)
    assert not Path("/tmp/nl2sql-leak.csv").exists() and not Path("/tmp/nl2sql-other.duckdb").exists()


def test_open_by_url_and_refusals(ecommerce_duckdb_path: Path, ecommerce_path: Path, tmp_path: Path) -> None:
    with closing(open_database(f"duckdb:///{ecommerce_duckdb_path}")) as db:
        assert db.dialect == "duckdb" and db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
        found = domain_file(f"duckdb:///{ecommerce_duckdb_path}")
        assert found is not None and found.name == "ecommerce.duckdb.nl2sql.toml"
    with pytest.raises(UsageError, match="in-memory"):
        open_database("duckdb:///:memory:")
    with pytest.raises(UsageError, match="is a sqlite database"):
        open_database(f"duckdb:///{ecommerce_path}")
    with pytest.raises(UsageError, match="No database file"):
        open_database(f"duckdb:///{tmp_path / 'missing.duckdb'}")
    with pytest.raises(UsageError, match="No database file"):
        open_database(str(tmp_path / "missing.duckdb"))
    junk = tmp_path / "junk.duckdb"
    junk.write_bytes(b"\0" * 8 + b"DUCK" + b"\xff" * 4000)
    with pytest.raises(UsageError, match="cannot be opened as a DuckDB database"):
        open_database(str(junk))


def test_loader_types_keep_every_value() -> None:
    assert column_type("INTEGER", [1, 2, None]) == "BIGINT"
    assert column_type("REAL", [1.5, 2]) == "DOUBLE"
    assert column_type("TEXT", ["2026-01-02 03:04:05", None]) == "TIMESTAMP"
    assert column_type("TEXT", ["2026-01-02"]) == "DATE"
    assert column_type("DATE", ["2026-1-2"]) == "VARCHAR"  # would not read back as the same text
    assert column_type("INTEGER", [1, "n/a"]) == "VARCHAR"
    assert column_type("INTEGER", []) == "BIGINT"


def test_loader_keeps_keys_the_rows_break_as_declared_join_keys(tmp_path: Path) -> None:
    source = tmp_path / "src.sqlite"
    with closing(sqlite3.connect(source)) as conn:
        conn.executescript("""
            CREATE TABLE airport (code TEXT PRIMARY KEY, city TEXT);
            CREATE TABLE flight (id INTEGER PRIMARY KEY, origin TEXT REFERENCES airport (code),
                                 gate TEXT REFERENCES airport (code));
            CREATE TABLE maker (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE model (id INTEGER PRIMARY KEY, maker TEXT REFERENCES maker (id));
            INSERT INTO airport VALUES ('AAA', 'Aton'), ('BBB', 'Bville');
            INSERT INTO flight VALUES (1, ' AAA', 'AAA'), (2, 'BBB', 'BBB');
            INSERT INTO maker VALUES (1, 'Acme'), (2, 'Bolt');
            INSERT INTO model VALUES (1, '1'), (2, '2');
        """)
    fixtures_out = tmp_path / "copy.duckdb"
    from nl2sql.db.targets import Target
    from nl2sql.fixture_load import load

    report = load(source, Target("duckdb", fixtures_out, fixtures_out.name))
    assert report.rows == {"airport": 2, "flight": 2, "maker": 2, "model": 2}
    assert report.dropped_keys == ("flight (origin) -> airport",)
    with closing(open_database(str(fixtures_out))) as db:
        keys = {(fk.table, fk.column, fk.ref_table) for t in db.schema.tables for fk in t.foreign_keys}
        assert keys == {("flight", "origin", "airport"), ("flight", "gate", "airport"), ("model", "maker", "maker")}
        # the key kept as text beside integers became integers, so the join compares like SQLite's
        assert db.execute("SELECT maker.name FROM model JOIN maker ON model.maker = maker.id ORDER BY 1").rows == (
            ("Acme",), ("Bolt",))


def test_fixture_build_replaces_an_existing_duckdb_file_as_it_does_sqlite(tmp_path: Path) -> None:
    for name in ("x.db", "x.duckdb"):
        out = tmp_path / name
        out.write_text("old")
        with pytest.raises(UsageError, match="already exists; pass --force"):
            fixtures.build("ecommerce", out, today=TODAY, scale=0.05)
        assert out.read_text() == "old"  # a user's file is kept unless replacing it was asked for
        fixtures.build("ecommerce", out, today=TODAY, scale=0.05, replace=True)
        with closing(open_database(str(out))) as db:
            assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "x.db", "x.db.nl2sql.toml", "x.duckdb", "x.duckdb.nl2sql.toml"]  # no partial file left behind


REPO = Path(__file__).resolve().parents[1]


def _cli(*args: str, blocked: bool = False) -> subprocess.CompletedProcess:
    """nl2sql in a fresh process; ``blocked`` runs it as if duckdb were not installed (an import of a
    module whose sys.modules entry is None raises ImportError, as a missing package does)."""
    block = "sys.modules['duckdb'] = None; " if blocked else ""
    code = f"import sys; {block}from nl2sql.cli import main; sys.argv = ['nl2sql', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO, timeout=120)


def _one_line_usage_error(run: subprocess.CompletedProcess, expected: str) -> None:
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert expected in run.stderr, run.stderr


def test_help_does_not_import_duckdb() -> None:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "nl2sql", "--help"], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    assert run.returncode == 0 and "Usage" in run.stdout
    assert "duckdb" not in run.stderr


def test_cli_errors_are_one_line_exit_2(ecommerce_duckdb_path: Path, tmp_path: Path) -> None:
    _one_line_usage_error(_cli("schema", "--db", str(tmp_path / "missing.duckdb")), "No database file")
    _one_line_usage_error(_cli("schema", "--db", "duckdb:///:memory:"), "in-memory")
    corrupt = tmp_path / "corrupt.duckdb"
    corrupt.write_bytes(ecommerce_duckdb_path.read_bytes()[:4096] + b"\x13" * 300_000)
    _one_line_usage_error(_cli("schema", "--db", str(corrupt)), "cannot be opened as a DuckDB database")
    text = tmp_path / "notes.db"
    text.write_text("hello")
    _one_line_usage_error(_cli("schema", "--db", str(text)), "not a SQLite or DuckDB database")
    _one_line_usage_error(_cli("schema", "--db", str(ecommerce_duckdb_path), blocked=True), "install nl2sql[duckdb]")


def test_a_file_another_process_writes_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "busy.duckdb"
    with closing(duckdb.connect(str(path))) as writer:  # holds the file's write lock
        writer.execute("CREATE TABLE t (x INTEGER)")
        _one_line_usage_error(_cli("schema", "--db", str(path)), "cannot be opened as a DuckDB database")


def test_build_and_ask_through_the_cli(tmp_path: Path) -> None:
    out = tmp_path / "shop.duckdb"
    built = _cli("fixtures", "build", "ecommerce", "--today", TODAY.isoformat(), "--scale", "0.1",
                 "--out", f"duckdb:///{out}")
    assert built.returncode == 0 and out.is_file(), built.stderr
    asked = _cli("ask", "--db", str(out), "--today", TODAY.isoformat(), "--format", "json", "--",
                 "How many categories are there?", "Number of users per country")
    assert asked.returncode == 0, asked.stderr
    first, second = (json.loads(line) for line in asked.stdout.splitlines() if line.startswith("{"))
    assert first["rows"] == [[8]] and second["rowCount"] == 10


def test_eval_on_duckdb_replays_on_a_copy(tmp_path: Path) -> None:
    root = tmp_path / "bench"
    folder = root / "spider" / "database" / "zoo"
    folder.mkdir(parents=True)
    with closing(sqlite3.connect(folder / "zoo.sqlite")) as conn:
        conn.executescript("""
            CREATE TABLE keeper (keeper_id INTEGER PRIMARY KEY, name TEXT, started TEXT);
            CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, name TEXT, species TEXT, weight TEXT,
                                 keeper_id INTEGER REFERENCES keeper (keeper_id));
            INSERT INTO keeper VALUES (1, 'Ann', '2020-01-05'), (2, 'Ben', '2021-03-09');
            INSERT INTO animal VALUES (1, 'Leo', 'lion', '190.5', 1), (2, 'Zed', 'zebra', '300', 2),
                                      (3, 'Lia', 'lion', '150', 1);
        """)
    (root / "spider" / "dev.json").write_text(json.dumps(ZOO_QUESTIONS))
    out = tmp_path / "run.jsonl"
    cache = tmp_path / "cache"
    run = subprocess.run([sys.executable, "-m", "nl2sql", "eval", "spider", "--data", str(root), "--on", "duckdb",
                          "--out", str(out)], capture_output=True, text=True, cwd=REPO, timeout=300,
                         env={**os.environ, "NL2SQL_CACHE_DIR": str(cache)})
    assert run.returncode == 0, run.stderr
    assert "spider dev on duckdb" in run.stdout and "100.0% (4/4)" in run.stdout, run.stdout
    assert [p.suffix for p in (cache / "benchmark-copies" / "duckdb").iterdir()] == [".duckdb"]
