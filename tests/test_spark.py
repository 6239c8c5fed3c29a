"""Spark beside SQLite: the session's own file and substitution guards, folders of Parquet, CSV and
Delta files, the loader, and the CLI's one-line errors. The contract every engine keeps (the guard,
the plan check past it, row caps, time limit and cancel, check, schema and rows as SQLite gives
them) is in tests/test_database_contract.py.

Everything runs in the test session's one local Spark (started once, by the ``ecommerce_spark``
fixture); the command-line tests that need Spark run in-process through click's runner so that no
second JVM starts. The few that start a process fail before Spark would start.
"""

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
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.db import open_database
from nl2sql.db.spark import SparkDatabase
from nl2sql.db.spark.files import KEYS_FILE
from nl2sql.errors import DatabaseError, UsageError
from tests.conftest import TODAY
from tests.helpers import ZOO_QUESTIONS

REPO = Path(__file__).resolve().parents[1]


def test_session_reads_no_path_and_substitutes_nothing_past_both_checks(ecommerce_spark,
                                                                       ecommerce_spark_path: Path) -> None:
    """A direct-path query is a query to Spark's parser: the session itself (runSQLOnFiles off) must
    refuse it; ``${env:...}`` stays text (spark.sql()'s substitution is never reached)."""
    users = (ecommerce_spark_path / "users").resolve()
    with pytest.raises(DatabaseError, match="cannot be found"):
        ecommerce_spark._run(f"SELECT COUNT(*) FROM parquet.`{users}`", None, 5.0)
    assert ecommerce_spark._run("SELECT '${env:HOME}'", None, 5.0).rows == (("${env:HOME}",),)


def test_an_interrupt_before_the_job_group_exists_still_cancels(ecommerce_spark,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while Spark still plans the statement (no job group yet) is not lost: the statement is
    cancelled when its group starts, not left to run to its time limit."""
    enter = ecommerce_spark._enter_group

    def interrupted_while_planning(group: str) -> None:
        enter(group)
        ecommerce_spark.interrupt()  # the statement's group is entered but not yet the one in flight

    monkeypatch.setattr(ecommerce_spark, "_enter_group", interrupted_while_planning)
    slow = "SELECT COUNT(*) FROM range(100000000) AS a CROSS JOIN range(100000000) AS b"
    with pytest.raises(DatabaseError, match="cancelled"):
        ecommerce_spark.execute(slow, timeout=20)
    monkeypatch.undo()
    assert ecommerce_spark.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)


def _parquet(folder: Path, sql: str) -> Path:
    folder.mkdir(parents=True)
    with closing(duckdb.connect()) as conn:
        conn.sql(sql).write_parquet(str(folder / "part-0.parquet"))
    return folder


def test_folders_of_csv_delta_and_declared_keys(spark_ready, tmp_path: Path) -> None:
    root = tmp_path / "shop"
    _parquet(root / "shops", "SELECT * FROM (VALUES (1, 'North'), (2, 'South')) AS t(id, name)")
    (root / "sales").mkdir()
    (root / "sales" / "a.csv").write_text("id,shop_id,amount,sold_on\n1,1,9.5,2025-01-02\n2,2,3,2025-02-03\n")
    delta = root / "stock"
    _parquet(delta / "v0", "SELECT 1 AS id, 5 AS qty")
    _parquet(delta / "v1", "SELECT 1 AS id, 7 AS qty")
    (delta / "_delta_log").mkdir()
    (delta / "_delta_log" / "00000000000000000000.json").write_text(json.dumps({"add": {"path": "v0/part-0.parquet"}}))
    (delta / "_delta_log" / "00000000000000000001.json").write_text("\n".join(
        [json.dumps({"remove": {"path": "v0/part-0.parquet"}}), json.dumps({"add": {"path": "v1/part-0.parquet"}})]))
    (root / "notes").mkdir()  # no data files: not a table
    (root / KEYS_FILE).write_text(json.dumps({"tables": {"shops": {"primary_key": ["id"]},
                                                         "sales": {"foreign_keys": [[["shop_id"], "shops", ["id"]]]}}}))
    with closing(open_database(f"spark:///{root}")) as db:
        assert isinstance(db, SparkDatabase)
        assert [t.name for t in db.schema.tables] == ["sales", "shops", "stock"]
        sales = db.schema.table("sales")
        assert [(c.name, c.kind) for c in sales.columns] == [
            ("id", "integer"), ("shop_id", "integer"), ("amount", "real"), ("sold_on", "date")]
        assert [(fk.column, fk.ref_table, fk.ref_column) for fk in sales.foreign_keys] == [("shop_id", "shops", "id")]
        assert db.schema.table("shops").column("id").primary_key
        assert db.execute("SELECT qty FROM stock").rows == ((7,),)  # the removed file is not read
        assert db.execute("SELECT s.name, SUM(amount) FROM sales JOIN shops AS s ON s.id = sales.shop_id "
                          "GROUP BY s.name ORDER BY 1").rows == (("North", 9.5), ("South", 3.0))
    assert sorted(p.name for p in root.iterdir()) == [KEYS_FILE, "notes", "sales", "shops", "stock"]  # nothing added


def test_unreadable_folders_are_one_line(spark_ready, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="No folder of tables"):
        open_database(f"spark:///{tmp_path / 'missing'}")
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="holds no tables"):
        open_database(f"spark:///{tmp_path / 'empty'}")
    (tmp_path / "bad" / "t").mkdir(parents=True)
    (tmp_path / "bad" / "t" / "x.parquet").write_bytes(b"not parquet at all")
    with pytest.raises(UsageError, match="cannot be read by Spark"):
        open_database(f"spark:///{tmp_path / 'bad'}")
    with pytest.raises(UsageError, match="names no folder"):
        open_database("spark:///")


def _run_cli(*args: str, block: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """nl2sql in a fresh process; ``block`` names a module to make look uninstalled."""
    blocked = f"sys.modules['{block}'] = None; " if block else ""
    code = f"import sys; {blocked}from nl2sql.cli import main; sys.argv = ['nl2sql', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO,
                          timeout=120, env=env)


def _one_line(run: subprocess.CompletedProcess, expected: str) -> None:
    assert run.returncode == 2, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and expected in run.stderr, run.stderr


def test_cli_errors_are_one_line_exit_2(ecommerce_spark_path: Path, tmp_path: Path) -> None:
    target = f"spark:///{ecommerce_spark_path}"
    _one_line(_run_cli("schema", "--db", f"spark:///{tmp_path / 'missing'}"), "No folder of tables")
    _one_line(_run_cli("schema", "--db", target, block="pyspark"), "install nl2sql[spark]")
    no_java = {**os.environ, "JAVA_HOME": str(tmp_path), "PATH": str(tmp_path)}
    _one_line(_run_cli("schema", "--db", target, env=no_java), "Spark needs Java")


def test_build_ask_and_eval_through_the_cli(spark_ready, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """fixtures build --out spark:///, ask, and eval --on spark, in this process's Spark session."""
    out = tmp_path / "shop"
    runner = CliRunner()
    built = runner.invoke(cli, ["fixtures", "build", "ecommerce", "--today", TODAY.isoformat(), "--scale", "0.1",
                                "--out", f"spark:///{out}"])
    assert built.exit_code == 0 and (out / KEYS_FILE).is_file(), built.output
    asked = runner.invoke(cli, ["ask", "--db", f"spark:///{out}", "--today", TODAY.isoformat(), "--format", "json",
                                "--", "How many categories are there?", "Number of users per country"])
    assert asked.exit_code == 0, asked.output
    first, second = (json.loads(line) for line in asked.output.splitlines() if line.startswith("{"))
    assert first["rows"] == [[8]] and second["rowCount"] == 10
    again = ["fixtures", "build", "ecommerce", "--scale", "0.05", "--out", f"spark:///{out}"]
    assert "already exists; pass --force" in runner.invoke(cli, again).output
    rebuilt = runner.invoke(cli, [*again, "--force"])
    assert rebuilt.exit_code == 0, rebuilt.output  # a folder nl2sql made is replaced when asked
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "data.txt").write_text("keep")
    refused = runner.invoke(cli, ["fixtures", "build", "ecommerce", "--force", "--out",
                                  f"spark:///{tmp_path / 'mine'}"])  # not even when asked
    assert refused.exit_code == 2 and "not made by nl2sql" in refused.output
    assert (tmp_path / "mine" / "data.txt").read_text() == "keep"
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
    monkeypatch.setenv("NL2SQL_CACHE_DIR", str(tmp_path / "cache"))
    run = runner.invoke(cli, ["eval", "spider", "--data", str(root), "--on", "spark", "--out", str(tmp_path / "r")])
    assert run.exit_code == 0, run.output
    assert "spider dev on spark" in run.output and "100.0% (4/4)" in run.output, run.output
    assert [p.suffix for p in (tmp_path / "cache" / "benchmark-copies" / "spark").iterdir()] == [".spark"]


def test_sqlite_meanings_render_for_spark(ecommerce_db, ecommerce_spark) -> None:
    """Week buckets, integer division, NULL on a division by zero, doubles for reals and case-blind
    matching: the rows SQLite gives (as sets: no tie-breaker is added to a sort)."""
    import sqlglot

    from nl2sql.engines.builtin.engine import BuiltinEngine
    from nl2sql.engines.builtin.portable import adapt

    engine = BuiltinEngine(today=TODAY)
    for question in ("Number of orders per week", "products whose name contains 'wireless'",
                     "orders from last month"):
        lite, spark = engine.draft(question, ecommerce_db).sql, engine.draft(question, ecommerce_spark).sql
        rows = ecommerce_spark.execute(spark, max_rows=None).rows
        assert sorted(rows, key=repr) == sorted(ecommerce_db.execute(lite, max_rows=None).rows, key=repr), spark
    assert "WEEKDAY" in engine.draft("Number of orders per week", ecommerce_spark).sql
    assert "ILIKE" in engine.draft("products whose name contains 'wireless'", ecommerce_spark).sql
    sql = "SELECT 7 / 2, id / 0, CAST(id AS REAL) / 2, name FROM categories WHERE id = 3"
    tree = adapt(sqlglot.parse_one(sql, read="sqlite"), ecommerce_spark.schema, "spark")
    assert ecommerce_spark.execute(tree.sql("spark")).rows == ecommerce_db.execute(sql).rows \
        == ((3, None, 1.5, "Clothing"),)


def test_help_does_not_import_pyspark() -> None:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "nl2sql", "--help"], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    assert run.returncode == 0 and "Usage" in run.stdout
    assert "pyspark" not in run.stderr and "py4j" not in run.stderr


def test_scratch_of_ended_processes_is_swept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that left through os._exit never ran its exit handler: the next start removes its scratch."""
    import tempfile

    from nl2sql.db.spark.session import _sweep

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone, mine = tmp_path / f"nl2sql-spark-{ended.stdout.strip()}-a", tmp_path / f"nl2sql-spark-{os.getpid()}-b"
    for folder in (gone, mine):
        (folder / "local").mkdir(parents=True)
    _sweep()
    assert not gone.exists() and mine.exists()
