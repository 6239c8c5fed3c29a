"""Names and numbers people really type or keep: tables called ``order``, dates that do not exist,
numbers too large for any engine. Each gets an answer or a one-line message, never a crash."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.db.guard import ensure_read_only
from nl2sql.errors import DatabaseError, EngineError, UsageError
from nl2sql.workflows import InteractiveWorkflow

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def keywords_db(tmp_path: Path):
    """Tables and columns named by SQL keywords, the way real schemas name them."""
    path = tmp_path / "shop.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript("""
            CREATE TABLE "order" (id INTEGER PRIMARY KEY, "group" TEXT, amount REAL);
            CREATE TABLE "select" (id INTEGER PRIMARY KEY, "where" TEXT, order_id INTEGER REFERENCES "order"(id));
            INSERT INTO "order" VALUES (1, 'retail', 2.5), (2, 'retail', 3.0), (3, 'trade', 7.0);
            INSERT INTO "select" VALUES (1, 'north', 1), (2, 'south', 3);
        """)
        conn.commit()
    with closing(open_database(str(path))) as db:
        yield db


@pytest.mark.parametrize(("question", "rows"), [
    ("how many orders are there?", [(3,)]),
    ("total amount per group", [("retail", 5.5), ("trade", 7.0)]),
    ("orders with amount over 2.7", [(2, "retail", 3.0), (3, "trade", 7.0)]),
])
def test_keyword_names_are_quoted(keywords_db, engine, question: str, rows: list[tuple]) -> None:
    sql = engine.draft(question, keywords_db).sql
    assert sorted(keywords_db.execute(sql, max_rows=None).rows) == rows, sql


@pytest.mark.parametrize("text", ["2026-02-30", "2025-02-29", "2026-13-01"])
def test_a_date_that_does_not_exist_is_named(ecommerce_db, engine, text: str) -> None:
    with pytest.raises(EngineError, match=f"{text} is not a date"):
        engine.draft(f"orders from {text}", ecommerce_db)


def test_a_date_typo_is_one_line_through_the_cli(ecommerce_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(ecommerce_path), "--",
                          "orders from 2026-02-30"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.strip() == "Error: 2026-02-30 is not a date (day is out of range for month).", run.stderr


def test_numbers_beyond_any_engine_still_answer(ecommerce_db, engine) -> None:
    session = InteractiveWorkflow(ecommerce_db, engine, max_rows=None, clarify="auto")
    top = session.process_turn("top " + "1" + "0" * 100 + " products")
    assert top.error is None and top.result is not None and top.result.row_count == 200, top.error
    span = session.process_turn("how many orders in the last " + "9" * 30 + " days?")
    assert span.error is None and span.result is not None and span.result.rows == ((10000,),), span.error
    years = session.process_turn("how many orders in the last 5000 years?")
    assert years.error is None and years.result is not None and years.result.rows == ((10000,),), years.error



def test_a_view_that_never_ends_leaves_its_count_unknown(tmp_path: Path, engine) -> None:
    path = tmp_path / "views.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO items VALUES (1, 'bolt'), (2, 'nut');
            CREATE VIEW forever AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;
        """)
    with closing(open_database(str(path))) as db:
        view, items = db.schema.table("forever"), db.schema.table("items")
        assert view is not None and view.row_count is None and not view.stored
        assert items is not None and items.row_count == 2 and items.stored
        assert db.execute(engine.draft("how many items are there?", db).sql).rows == ((2,),)


def test_a_locked_file_is_named_as_locked(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as writer:
        writer.execute("CREATE TABLE t (x INTEGER)")
        writer.execute("BEGIN EXCLUSIVE")
        with pytest.raises(UsageError, match="is locked by another program"):
            open_database(str(path))
        writer.execute("ROLLBACK")


def test_control_characters_stored_in_values_never_reach_the_terminal(tmp_path: Path) -> None:
    """A stored screen-clear or carriage return is shown as \\xNN in tables; JSON escapes it itself."""
    path = tmp_path / "notes.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes VALUES (1, ?)", ("\x1b[2J\x1b[Hgone\rover\x07",))
        conn.commit()
    for fmt in ("table", "markdown", "json"):
        run = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(path), "--format", fmt, "--",
                              "/sql SELECT body FROM notes"], capture_output=True, text=True, cwd=REPO, timeout=120)
        assert run.returncode == 0, run.stderr
        assert not any(c in run.stdout for c in "\x1b\r\x07"), (fmt, run.stdout)
        assert ("\\x1b[2J" if fmt != "json" else "\\u001b[2J") in run.stdout, (fmt, run.stdout)


def _pty_run(args: list[str]) -> bytes:
    """What ``nl2sql`` writes to stdout when stdout is a terminal."""
    master, slave = os.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "nl2sql", *args], stdout=slave, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, cwd=REPO, timeout=120)
        assert proc.returncode == 0, proc.stderr
        os.close(slave)
        shown = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # everything read: the other end is closed
                break
            if not chunk:
                break
            shown += chunk
        return shown
    finally:
        os.close(master)


def test_csv_and_json_keep_stored_control_characters_for_programs_and_write_them_out_on_a_terminal(
        tmp_path: Path) -> None:
    """Data is data: a file or a pipe gets the value byte for byte (click used to strip what looked like a
    colour code from it); a terminal gets no control character that could drive it (C1 included)."""
    path = tmp_path / "notes.db"
    value = "a\x1b[2Jb\x9bc\x1b]0;title\x07d"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes VALUES (1, ?)", (value,))
        conn.commit()
    for fmt in ("csv", "json"):
        args = ["ask", "--db", str(path), "--format", fmt, "--", "/sql SELECT body FROM notes"]
        piped = subprocess.run([sys.executable, "-m", "nl2sql", *args], capture_output=True, cwd=REPO, timeout=120)
        assert piped.returncode == 0, piped.stderr
        out = piped.stdout.decode()
        if fmt == "csv":
            assert list(csv.reader(io.StringIO(out))) == [["body"], [value]]
        else:
            assert json.loads(out)["rows"] == [[value]]
        shown = _pty_run(args).decode(errors="replace")
        assert not [c for c in shown if (ord(c) < 32 and c not in "\r\n") or 0x7F <= ord(c) <= 0x9F]
        if fmt == "json":
            assert json.loads(shown)["rows"] == [[value]]  # still valid JSON, the same value


def test_huge_and_deep_input_gets_one_line_in_bounded_time(ecommerce_db, engine) -> None:
    session = InteractiveWorkflow(ecommerce_db, engine, max_rows=10, clarify="auto", timeout=5)
    long = session.process_turn("a " * 50_000)  # reading it whole grows with its square: refused first
    assert long.error is not None and "99,999 characters long" in long.error.message
    deep = session.process_turn("/sql SELECT " + "(" * 3000 + "1" + ")" * 3000)
    assert deep.error is not None and "nested too deeply" in deep.error.message
    blob = session.process_turn("/sql SELECT length(randomblob(1e9))")  # one step the time limit cannot stop
    assert blob.error is not None and "too big" in blob.error.message
    after = session.process_turn("how many categories are there?")
    assert after.result is not None and after.result.rows == ((8,),)  # the session goes on


def test_ctrl_c_in_ask_stops_the_query_and_the_run_at_once(ecommerce_path: Path) -> None:
    import signal
    import time

    slow = "/sql SELECT COUNT(*) FROM order_items a, order_items b"
    # A suite started in the background by a shell inherits SIGINT ignored, as nohup would have it: the run
    # gets Ctrl-C as a terminal would deliver it.
    run = subprocess.Popen([sys.executable, "-m", "nl2sql", "ask", "--db", str(ecommerce_path), "--timeout", "60",
                            "--", slow, "how many users are there?"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, cwd=REPO, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(3)  # start-up, then the query is running
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=50)  # well before the 60 s time limit would stop it
    assert run.returncode != 0 and "Traceback" not in err and "longer than" not in out + err, (out, err)
    assert "users" not in out  # the run stopped: the next line was not asked


def test_a_wal_database_is_read_without_creating_files_beside_it(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = wal")
        conn.execute("CREATE TABLE t (x INTEGER)")
        conn.execute("INSERT INTO t VALUES (1)")
        conn.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wal.db"]  # the writer's last close tidied up
    with closing(open_database(str(path))) as db:
        assert db.execute("SELECT x FROM t").rows == ((1,),)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wal.db"]


def test_a_wal_database_being_written_is_read_as_its_writer_commits(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    with closing(sqlite3.connect(path)) as writer:
        writer.execute("PRAGMA journal_mode = wal")
        writer.execute("CREATE TABLE t (x INTEGER)")
        writer.commit()
        with closing(open_database(str(path))) as db:
            writer.execute("INSERT INTO t VALUES (7)")
            writer.commit()
            assert db.execute("SELECT x FROM t").rows == ((7,),)


def test_a_cancel_before_the_schema_is_read_does_not_empty_it(ecommerce_path: Path) -> None:
    with closing(open_database(str(ecommerce_path))) as db:
        db.interrupt()  # Ctrl-C of an earlier statement
        status = db.schema.table("orders").column("status")  # type: ignore[union-attr]
        assert status is not None and "pending" in status.values


@pytest.mark.parametrize("sql", ["SELECT 1 /* not closed", "SELECT 'not closed", "\n[\n"])
@pytest.mark.parametrize("dialect", ["sqlite", "duckdb", "postgres", "mysql", "spark"])
def test_text_the_tokenizer_cannot_read_is_one_line(sql: str, dialect: str) -> None:
    """Found by fuzz/fuzz_inputs.py guard: sqlglot's tokenizer error escaped the guard."""
    with pytest.raises(DatabaseError, match="does not parse"):
        ensure_read_only(sql, dialect)
