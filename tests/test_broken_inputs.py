"""Inputs that used to end in a traceback or an "internal error": dates past 9999-12-31, damaged
SQLite files, names that are not UTF-8 or hold odd characters, config and database files that
cannot be read, a full disk under the fixture cache, DuckDB values Python cannot hold, and names
holding terminal escapes. Each is run as a user runs it (the CLI in a process of its own) and
gets an answer, or one line on stderr and a non-zero exit; nothing is written where it should not be."""

from __future__ import annotations

import hashlib
import io
import json
import os
import pty
import select
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import date
from pathlib import Path

import pytest

from nl2sql.engines.builtin.dates import find_dates
from nl2sql.errors import EngineError
from nl2sql.linking.text import tokenize
from tests.conftest import TODAY

REPO = Path(__file__).resolve().parents[1]


def _cli(*args: str, env: dict[str, str] | None = None, stdin: str | None = None,
         prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, "-m", "nl2sql", *args], capture_output=True, text=True,
                          input=stdin, cwd=REPO, timeout=120, env={**os.environ, **(env or {})},
                          errors="replace")


def _one_line_error(run: subprocess.CompletedProcess[str], *, code: int | None = None) -> str:
    """The run failed with one line on stderr, no traceback; that line."""
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert "internal error" not in run.stderr.lower(), run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), run.stderr
    if code is not None:
        assert run.returncode == code, run.stderr
    return lines[0]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- dates past 9999-12-31 ----------------------------------------------------------------------

PHRASES = ["after 9999-12-31", "on 9999-12-31", "before 0001-01-01", "since 9999-12-31", "today", "yesterday",
           "this week", "this month", "this quarter", "this year", "last week", "last month", "last quarter",
           "last year", "in the last 3 months", "in december", "after december", "next week", "next month",
           "next quarter", "next year", "tomorrow", "in the next 3 months", "upcoming", "the next 5 orders",
           "between 9999-12-30 and 9999-12-31", "after the year 2026", "after 12/31/10000", "in the year 99999"]


@pytest.mark.parametrize("today", [date.max, date.min, date(9999, 12, 25), date(1, 1, 5)])
def test_every_date_phrase_at_the_calendars_ends_is_read_or_named(today: date) -> None:
    for phrase in PHRASES:
        try:
            matches = find_dates(tokenize(f"orders {phrase}"), today)
        except EngineError as err:
            assert "\n" not in str(err)
            continue
        for match in matches:  # a range that is read stays inside the calendar, open where it ends
            for bound in (match.range.start, match.range.end):
                assert bound is None or date.min <= bound <= date.max


def test_a_day_after_the_last_one_is_one_line_and_the_last_day_answers(ecommerce_path: Path) -> None:
    after = _cli("ask", "--db", str(ecommerce_path), "--format", "csv", "--", "orders after 9999-12-31")
    assert "9999-12-31" in _one_line_error(after, code=1)
    on = _cli("ask", "--db", str(ecommerce_path), "--format", "csv", "--confirm-below", "0", "--",
              "how many orders on 9999-12-31")
    assert on.returncode == 0 and on.stdout.split() == ["order_count", "0"], on.stderr
    end = _cli("ask", "--db", str(ecommerce_path), "--today", "9999-12-31", "--format", "csv", "--confirm-below", "0",
               "--", "how many orders this year")
    assert end.returncode == 0 and end.stdout.split() == ["order_count", "0"], end.stderr


def test_the_repl_names_the_date_and_goes_on(ecommerce_path: Path) -> None:
    run = _cli("chat", "--db", str(ecommerce_path), "--today", TODAY.isoformat(), "--format", "csv",
               stdin="orders after 9999-12-31\nhow many users are there?\n")
    assert "Traceback" not in run.stderr and "nternal error" not in run.stderr, run.stderr
    assert [line for line in run.stderr.splitlines() if line.startswith("Error: ")] == \
        [line for line in run.stderr.splitlines() if line.strip()], run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "9999-12-31" in run.stderr
    assert run.stdout.split()[:2] == ["user_count", "1000"], run.stdout


# -- damaged SQLite files -----------------------------------------------------------------------

def _several_pages(path: Path) -> Path:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL)")
        conn.executemany("INSERT INTO items VALUES (?, ?, ?)", ((n, f"item {n}" * 5, n / 3) for n in range(3000)))
        conn.commit()
    return path


@pytest.mark.parametrize("damage", ["pages", "truncated"])
def test_a_damaged_sqlite_file_is_one_line_and_left_as_it_was(tmp_path: Path, damage: str) -> None:
    path = _several_pages(tmp_path / "shop.db")
    data = bytearray(path.read_bytes())
    if damage == "pages":  # the header and the schema (page 1) intact, the table's pages garbage
        data[4096:] = bytes((b * 7 + 13) & 0xFF for b in data[4096:])
    else:
        data = data[:len(data) // 3]
    path.write_bytes(bytes(data))
    before = _digest(path)
    for args in (("ask", "--db", str(path), "how many items are there?"), ("schema", "--db", str(path))):
        line = _one_line_error(_cli(*args))
        assert "malformed" in line and "shop.db" in line
    assert _digest(path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["shop.db"]


def test_a_view_whose_table_was_dropped_leaves_the_rest_usable(tmp_path: Path) -> None:
    path = tmp_path / "views.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO items VALUES (1, 'a'), (2, 'b');
            CREATE TABLE gone (id INTEGER);
            CREATE VIEW stale AS SELECT * FROM gone;
            DROP TABLE gone;
        """)
    run = _cli("ask", "--db", str(path), "--format", "csv", "how many items are there?")
    assert run.returncode == 0 and run.stdout.split() == ["item_count", "2"], run.stderr


# -- names that are not UTF-8, names with spaces and signs --------------------------------------

def _patched(path: Path, script: str, replacements: dict[bytes, bytes]) -> Path:
    """A SQLite file made by ``script``, then with byte strings of its file replaced: names no SQL
    text can hold (SQLite stores whatever bytes it is given)."""
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(script)
    data = path.read_bytes()
    for old, new in replacements.items():
        assert len(old) == len(new) and old in data
        data = data.replace(old, new)
    path.write_bytes(data)
    return path


def test_names_that_are_not_utf8_are_left_out_and_said_once(tmp_path: Path) -> None:
    path = _patched(tmp_path / "mixed.db", """
        CREATE TABLE good (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO good VALUES (1, 'a'), (2, 'b');
        CREATE TABLE "badXXtbl" (id INTEGER, v TEXT);
        CREATE TABLE people (id INTEGER PRIMARY KEY, "nameQQ" TEXT, city TEXT);
        INSERT INTO people VALUES (1, 'x', 'Oslo'), (2, 'y', 'Rome'), (3, 'z', 'Oslo');
    """, {b"badXXtbl": b"bad\xff\xfetbl", b"nameQQ": b"name\xc3("})
    run = _cli("ask", "--db", str(path), "--format", "csv", "how many good are there?")
    assert run.returncode == 0 and run.stdout.split() == ["good_count", "2"], run.stderr
    assert run.stderr.strip().splitlines() == [line for line in run.stderr.strip().splitlines()
                                               if line.startswith("Warning: ") and "bad\\xff\\xfetbl" in line]
    cities = _cli("ask", "--db", str(path), "--format", "csv", "--confirm-below", "0", "people per city")
    assert cities.returncode == 0, cities.stderr
    assert sorted(cities.stdout.split()[1:]) == ["Oslo,2", "Rome,1"]
    listing = _cli("schema", "--db", str(path))
    assert listing.returncode == 0 and "good" in listing.stdout and "id, city" in listing.stdout, listing.stderr
    star = _cli("ask", "--db", str(path), "--", "/sql SELECT * FROM people")
    assert star.returncode == 1 and "Traceback" not in star.stderr, star.stderr
    warning, error = star.stderr.strip().splitlines()  # the opening warning, then the statement's one line
    assert warning.startswith("Warning: ") and error.startswith("Error: ") and "not UTF-8" in error


ODD_NAMES = ["order items", "   ", "-", "we!rd-na.me", 'a"b', "über straße", "select from"]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_table_named_with_spaces_and_signs_is_asked_about(tmp_path: Path, name: str) -> None:
    path = tmp_path / "odd.db"
    quoted = '"' + name.replace('"', '""') + '"'
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f'CREATE TABLE {quoted} (id INTEGER PRIMARY KEY, "unit price" REAL, "kind of" TEXT)')
        conn.executemany(f"INSERT INTO {quoted} VALUES (?, ?, ?)",
                         [(1, 2.5, "pen"), (2, 10.0, "book"), (3, 4.0, "pen")])
        conn.commit()
        totals = dict(conn.execute(f'SELECT "kind of", SUM("unit price") FROM {quoted} GROUP BY 1').fetchall())
    run = _cli("ask", "--db", str(path), "--format", "json", "--confirm-below", "0", "total unit price per kind of")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    answered = json.loads(run.stdout)
    assert {row[0]: row[1] for row in answered["rows"]} == totals, answered["query"]
    listed = _cli("schema", "--db", str(path), name)
    assert listed.returncode == 0 and "unit price" in listed.stdout, listed.stderr


# -- files nl2sql may not read ------------------------------------------------------------------

_NO_OVERRIDE = ("setpriv", "--inh-caps=-dac_override,-dac_read_search",
                "--bounding-set=-dac_override,-dac_read_search")


def _unprivileged() -> tuple[str, ...]:
    """A prefix under which permission bits bind: as root, the run loses the capabilities that
    override them (it keeps its user, so the interpreter stays reachable); as anyone else, nothing."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permission bits cannot be made to bind")
    return _NO_OVERRIDE


@contextmanager
def _mode(path: Path, mode: int) -> Iterator[None]:
    old = path.stat().st_mode & 0o777
    path.chmod(mode)
    try:
        yield
    finally:
        path.chmod(old)


def _config_file(text: bytes | str) -> Path:
    path = Path(os.environ["NL2SQL_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


@pytest.mark.parametrize(("content", "said"), [
    (b'format = "csv\xff\xfe"\n', "not UTF-8"),
    ("a = " + "[" * 5000 + "]" * 5000 + "\n", "too deeply"),
    ("a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n", "too deeply"),
])
def test_a_config_file_that_cannot_be_read_is_named_in_one_line(ecommerce_path: Path, content: bytes | str,
                                                                 said: str) -> None:
    path = _config_file(content)
    line = _one_line_error(_cli("ask", "--db", str(ecommerce_path), "how many users are there?"), code=2)
    assert said in line and str(path) in line


@pytest.mark.parametrize("locked", ["file", "folder"])
def test_a_config_file_without_permission_is_named_in_one_line(ecommerce_path: Path, locked: str) -> None:
    prefix = _unprivileged()
    path = _config_file('format = "csv"\n')
    with _mode(path if locked == "file" else path.parent, 0o000):
        run = _cli("ask", "--db", str(ecommerce_path), "how many users are there?", prefix=prefix)
    line = _one_line_error(run, code=2)
    assert "Permission denied" in line and str(path) in line


def test_a_database_without_read_permission_is_named_in_one_line(ecommerce_path: Path, tmp_path: Path) -> None:
    prefix = _unprivileged()
    path = tmp_path / "shop.db"
    shutil.copy(ecommerce_path, path)
    with _mode(path, 0o000):
        for args in (("ask", "--db", str(path), "how many users are there?"), ("schema", "--db", str(path))):
            line = _one_line_error(_cli(*args, prefix=prefix))
            assert "Permission denied" in line and "shop.db" in line


def test_a_full_disk_while_the_fixture_builds_is_one_line_and_leaves_nothing(tmp_path: Path) -> None:
    """As root a 64 KB tmpfs is the cache folder (a fixture needs megabytes); a user cannot mount one."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    cache = tmp_path / "cache-fs"
    cache.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(cache)], check=True)
    try:
        run = _cli("ask", "--db", "ecommerce", "how many users are there?", env={"NL2SQL_CACHE_DIR": str(cache)})
        assert "full" in _one_line_error(run)
        assert list(cache.iterdir()) == []
    finally:
        subprocess.run(["umount", str(cache)], check=True)


# -- eval on a named database ---------------------------------------------------------------------

def test_eval_runs_on_a_named_database_and_a_malformed_question_is_one_line(ecommerce_path: Path,
                                                                              tmp_path: Path) -> None:
    _config_file(f'[databases]\nshop = "sqlite:///{ecommerce_path}"\ngone = "sqlite:///{tmp_path / "gone.db"}"\n')
    questions = tmp_path / "questions.jsonl"
    items = [{"id": "q1", "kind": "single", "turns": ["How many users are there?"],
              "gold": ["SELECT COUNT(*) FROM users"]},
             {"id": "q2", "kind": "single", "turns": ["How many products are there?"],
              "gold": ["SELECT COUNT(*) FROM products"]}]
    questions.write_text("".join(json.dumps(item) + "\n" for item in items))
    run = _cli("eval", "questions", str(questions), "--db", "shop")
    assert run.returncode == 0, run.stderr
    assert "(2/2)" in run.stdout
    for jobs in ("1", "2"):  # said before the progress bar, not from inside the run or its workers
        line = _one_line_error(_cli("eval", "questions", str(questions), "--db", "gone", "--jobs", jobs), code=2)
        assert "gone.db" in line
    questions.write_text(json.dumps({**items[0], "turns": [42]}) + "\n")
    line = _one_line_error(_cli("eval", "questions", str(questions), "--db", "shop"), code=2)
    assert "questions.jsonl:1" in line


# -- DuckDB values Python cannot hold ---------------------------------------------------------------

@pytest.fixture(scope="module")
def odd_values(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple]]:
    """A DuckDB file of values Python's types cannot hold, with DuckDB's own text for each."""
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path_factory.mktemp("duckdb") / "odd.duckdb"
    with closing(duckdb.connect(str(path))) as conn:
        conn.execute("""CREATE TABLE spans AS SELECT * FROM (VALUES
            (1, 'far', INTERVAL 100000000 YEAR, 170141183460469231731687303715884105727::HUGEINT,
             18446744073709551615::UBIGINT, DATE '10000-01-01', [INTERVAL 100000000 YEAR]),
            (2, 'near', INTERVAL 1 MONTH + INTERVAL 1 MICROSECOND, (-170141183460469231731687303715884105728)::HUGEINT,
             0::UBIGINT, DATE '2020-01-01', [INTERVAL 1 DAY])
        ) t(id, name, span, h, u, d, l)""")
        shown = conn.execute("SELECT id, name, span::VARCHAR, h, u, d::VARCHAR, l::VARCHAR FROM spans ORDER BY id")
        return path, shown.fetchall()


def test_duckdb_schema_with_values_python_cannot_hold(odd_values: tuple[Path, list[tuple]]) -> None:
    path, _rows = odd_values
    run = _cli("schema", "--db", str(path), "spans")
    assert run.returncode == 0, run.stderr
    assert "INTERVAL" in run.stdout and "HUGEINT" in run.stdout and "UBIGINT" in run.stdout


@pytest.mark.parametrize("fmt", ["table", "csv", "json", "markdown", "vertical"])
def test_duckdb_values_python_cannot_hold_in_every_format(odd_values: tuple[Path, list[tuple]], fmt: str) -> None:
    path, rows = odd_values
    run = _cli("ask", "--db", str(path), "--format", fmt, "--", "/sql SELECT * FROM spans ORDER BY id")
    assert run.returncode == 0 and run.stderr == "", run.stderr
    if fmt == "json":
        assert [tuple(row) for row in json.loads(run.stdout)["rows"]] == rows
    elif fmt == "csv":
        import csv

        assert [tuple(row) for row in csv.reader(io.StringIO(run.stdout))][1:] == [tuple(map(str, r)) for r in rows]
    else:
        for row in rows:
            assert str(row[2]) in run.stdout and str(row[6]) in run.stdout  # intervals as DuckDB writes them


def test_duckdb_integers_past_int64_export_to_parquet_exactly(odd_values: tuple[Path, list[tuple]],
                                                               tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    path, rows = odd_values
    out = tmp_path / "spans.parquet"
    run = _cli("chat", "--db", str(path), stdin=f"/sql SELECT h, u, span FROM spans ORDER BY id\n/export {out}\n")
    assert run.returncode == 0 and "Error" not in run.stdout + run.stderr, run.stdout + run.stderr
    table = pq.read_table(out).to_pylist()
    assert [(int(r["h"]), r["u"], r["span"]) for r in table] == [(row[3], row[4], row[2]) for row in rows]


# -- names holding terminal escapes ---------------------------------------------------------------

ESCAPED_TABLE, ESCAPED_COLUMN = "t\x1b[31mred", "c\x07ol\x1b]0;title\x07"
RAW = (b"\x1b", b"\x07")


@pytest.fixture
def escapes_db(tmp_path: Path) -> Path:
    path = tmp_path / "esc.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f'CREATE TABLE "{ESCAPED_TABLE}" (id INTEGER PRIMARY KEY, "{ESCAPED_COLUMN}" TEXT, amount REAL)')
        conn.execute(f"INSERT INTO \"{ESCAPED_TABLE}\" VALUES (1, 'a', 2.0), (2, 'b', 3.0)")
        conn.execute('CREATE TABLE plain (id INTEGER PRIMARY KEY, "x\x1b[2Jy" INTEGER)')
        conn.commit()
    return path


def _on_a_terminal(*args: str, stdin: str | None = None) -> bytes:
    """The CLI's stdout and stderr as a terminal receives them (click strips some escapes from a pipe, not
    from a terminal); colour off, so that every ESC byte would be one a name brought."""
    master, replica = pty.openpty()
    env = {**os.environ, "NO_COLOR": "1", "NL2SQL_PAGER": "off"}
    process = subprocess.Popen([sys.executable, "-m", "nl2sql", *args], cwd=REPO, env=env, stdout=replica,
                               stderr=replica, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
    os.close(replica)
    if stdin is not None:
        assert process.stdin is not None
        process.stdin.write(stdin.encode())
        process.stdin.close()
    out = b""
    while select.select([master], [], [], 60)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        out += chunk
    process.wait(timeout=60)
    os.close(master)
    return out


def test_names_holding_escapes_never_reach_the_terminal_raw(escapes_db: Path) -> None:
    db = str(escapes_db)
    runs = [
        _on_a_terminal("schema", "--db", db),
        _on_a_terminal("schema", "--db", db, ESCAPED_TABLE),
        _on_a_terminal("schema", "--db", db, "nothing"),  # the error lists every table
        _on_a_terminal("ask", "--db", db, "--", "/sql SELECT nothing FROM plain"),
        _on_a_terminal("chat", "--db", db, stdin=f"/schema\namount per col\ny\n/sql SELECT * FROM \"{ESCAPED_TABLE}\"\n"
                                                  "/schema nothing\n/history\n"),
    ]
    for out in runs:
        assert not any(raw in out for raw in RAW), out
    everything = b"".join(runs)
    assert b"t\\x1b[31mred" in everything and b"c\\x07ol\\x1b]0;title\\x07" in everything


def test_the_full_screen_repl_shows_escaped_names(escapes_db: Path) -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from prompt_toolkit.output.plain_text import PlainTextOutput

    from nl2sql.db import open_database
    from nl2sql.engines.builtin.engine import BuiltinEngine
    from nl2sql.repl import ChatApp
    from nl2sql.workflows import InteractiveWorkflow

    buffer = io.StringIO()
    with closing(open_database(str(escapes_db))) as db, create_pipe_input() as pipe:
        pipe.send_text("/schema\namount per col\ny\nhow many plain\n/exit\n")
        pipe.close()
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        ChatApp(InteractiveWorkflow(db, BuiltinEngine(today=TODAY)), session=session,
                output=PlainTextOutput(buffer)).run()
    out = buffer.getvalue()
    assert "\x1b" not in out and "\x07" not in out, out
    assert 'FROM "t\\x1b[31mred"' in out
