"""Spark Connect (sc://) on a throwaway local server: the fixture's Parquet tables as catalog tables,
read through the guard and the server's own parser (a statement runs only as a subquery), with the
time limit and cancel interrupting the operation on the server."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import DatabaseError, QueryTimeout
from tests.conftest import TODAY

REPO = Path(__file__).resolve().parents[1]
# Ten billion pairs to filter: long past a one-second limit, yet bounded (half a minute on two cores).
BOUNDED_SLOW = "SELECT COUNT(*) FROM range(100000) AS a CROSS JOIN range(100000) AS b WHERE a.id + b.id = 7"
# Past the guard, the server's parser must refuse each of these as the subquery of a query.
COMMANDS = [
    "INSERT INTO categories VALUES (99, 'x')", "DROP TABLE categories", "CREATE TABLE t AS SELECT 1",
    "CACHE TABLE categories", "SET spark.sql.ansi.enabled=true", "TRUNCATE TABLE categories",
    "ALTER TABLE categories RENAME TO gone",
]


@pytest.mark.parametrize("sql", COMMANDS)
def test_server_parser_refuses_commands_past_the_guard(ecommerce_connect, sql: str) -> None:
    with pytest.raises(DatabaseError):
        ecommerce_connect._run(sql, None, 10.0)
    assert ecommerce_connect.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)


def test_schema_rows_and_questions_match_sqlite(ecommerce_db, ecommerce_connect) -> None:
    lite, there = ecommerce_db.schema, ecommerce_connect.schema
    assert [(t.name, t.row_count) for t in there.tables] == [(t.name, t.row_count) for t in lite.tables]
    assert {(fk.column, fk.ref_table) for fk in there.table("orders").foreign_keys} == {("user_id", "users")}
    engine = BuiltinEngine(today=TODAY)
    for question in ("Number of orders per month", "How many orders were cancelled?",
                     "top 3 products by revenue"):
        a, b = engine.draft(question, ecommerce_db), engine.draft(question, ecommerce_connect)
        assert sorted(ecommerce_connect.execute(b.sql, max_rows=None).rows, key=repr) == \
            sorted(ecommerce_db.execute(a.sql, max_rows=None).rows, key=repr), b.sql


def test_time_limit_and_cancel_interrupt_the_server(ecommerce_connect) -> None:
    """A cancel sent while the statement's tasks run (the client's progress reports say when) frees the
    server's cores: the next statement runs within the default limit. A limit or cancel that lands
    while the server still plans the statement can leave its job running until it finishes
    (docs/databases.md): the session goes on, and its next statement may wait for those cores, so the
    slow query is half a minute of work, and the statement after the time limit is given a minute."""
    running = threading.Event()

    def progress(stages, inflight_tasks, operation_id, done, **_) -> None:
        if inflight_tasks and not done:
            running.set()

    spark = ecommerce_connect._spark
    spark.registerProgressHandler(progress)
    try:
        cancel = threading.Thread(target=lambda: running.wait(120) and ecommerce_connect.interrupt())
        cancel.start()
        with pytest.raises(QueryTimeout, match="cancelled"):
            ecommerce_connect.execute(BOUNDED_SLOW, timeout=120)
        cancel.join()
    finally:
        spark.removeProgressHandler(progress)
    assert ecommerce_connect.execute("SELECT 1 AS one").rows == ((1,),)
    with pytest.raises(QueryTimeout, match="longer than"):
        ecommerce_connect.execute(BOUNDED_SLOW, timeout=1.0)
    assert ecommerce_connect.execute("SELECT 1 AS one", timeout=60).rows == ((1,),)


def test_unreachable_server_is_one_line_exit_2(spark_ready) -> None:
    code = "import sys; from nl2sql.cli import main; sys.argv = ['nl2sql', *sys.argv[1:]]; main()"
    run = subprocess.run([sys.executable, "-c", code, "schema", "--db", "sc://127.0.0.1:1"], capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "Cannot connect to sc://127.0.0.1:1" in run.stderr, run.stderr
