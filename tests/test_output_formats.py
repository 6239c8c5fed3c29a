"""How results look: every /format on real fixture results, the \\G switch on a narrow real terminal,
the pager as a real subprocess on a real pseudo-terminal, numbers, NULL, timing, the no-rows hint,
and what ``nl2sql ask`` tells a script about a capped result."""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import pty
import re
import shlex
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput, Output
from prompt_toolkit.output.plain_text import PlainTextOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from nl2sql.cli import cli
from nl2sql.db import QueryResult
from nl2sql.formatting import render_result, result_markdown, result_vertical
from nl2sql.repl import ChatApp
from nl2sql.workflows import InteractiveWorkflow
from nl2sql.workflows.no_rows import no_rows_hint
from tests.conftest import TODAY, rows_of

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_ROW_LINE = re.compile(r"^\((?:no rows|\d[\d,]* rows?|showing [\d,]+ of [\d,]+ rows), [\d.,]+ ms\)$", re.MULTILINE)
_PAGER_SCRIPT = "import sys\nopen(sys.argv[1], 'w', encoding='utf-8').write(sys.stdin.read())\n"


class Terminal:
    """A real pseudo-terminal of a given size; what is written to it is read from the other end."""

    def __init__(self, rows: int, columns: int) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.file = os.fdopen(slave, "w", encoding="utf-8")
        self.output: Output = Vt100_Output.from_pty(self.file)
        self.received = bytearray()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the other end is closed
                return
            if not data:
                return
            self.received += data

    def close(self) -> str:
        """Everything the terminal received, as raw text (escape sequences kept)."""
        self.file.close()
        self.reader.join(timeout=30)
        os.close(self.master)
        return self.received.decode("utf-8", "replace").replace("\r\n", "\n")


def _plain(raw: str) -> str:
    return _ESCAPES.sub("", raw)


def _chat(workflow: InteractiveWorkflow, typed: str, output: Output | None = None) -> str:
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        pipe.close()
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        ChatApp(workflow, session=session, output=output or PlainTextOutput(buffer)).run()
    return buffer.getvalue().replace("\r\n", "\n")


def _on_terminal(workflow: InteractiveWorkflow, typed: str, rows: int, columns: int) -> str:
    terminal = Terminal(rows, columns)
    _chat(workflow, typed, terminal.output)
    return terminal.close()


def _block(out: str, after: str) -> str:
    """The lines of a result printed after ``after``, up to its row line."""
    start = out.index(after) + len(after) + 1
    return out[start:out.index("\n(", start)]


@pytest.fixture
def wf(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50)


@pytest.fixture
def pager_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$PAGER set to a real small program that copies what it is given to a file."""
    script = tmp_path / "pager.py"
    script.write_text(_PAGER_SCRIPT)
    target = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))} {shlex.quote(str(target))}")
    monkeypatch.delenv("NO_COLOR", raising=False)
    return target


SMALL = "SELECT id, name, country FROM users ORDER BY id LIMIT 5"


# -- every format ----------------------------------------------------------------------------------

def test_table_is_the_default_with_right_aligned_numbers(wf, ecommerce_db) -> None:
    out = _chat(wf, f"/sql {SMALL}\n")
    table = _block(out, "Raw SQL, run as typed.").splitlines()
    rows = rows_of(ecommerce_db, SMALL)
    assert table[0].startswith("+-") and len(table) == len(rows) + 4
    for line, (id_, name, country) in zip(table[3:-1], rows, strict=True):
        cells = [c for c in line.split("|")[1:-1]]
        assert cells[0].endswith(f"{id_} ") and cells[0].strip() == str(id_)  # right-aligned
        assert cells[1].strip() == name and cells[1].startswith(f" {name}")  # left-aligned
        assert cells[2].strip() == country


def test_vertical_records_name_every_column_right_aligned(wf, ecommerce_db) -> None:
    out = _chat(wf, f"/format vertical\n/sql {SMALL}\n")
    assert "Results are now shown as vertical." in out
    rows = rows_of(ecommerce_db, SMALL)
    for number, (id_, name, country) in enumerate(rows, start=1):
        block = out.split(f"*************************** {number}. row ***************************\n")[1]
        assert block.splitlines()[:3] == [f"     id: {id_}", f"   name: {name}", f"country: {country}"]


def test_csv_reads_back_as_the_rows(wf, ecommerce_db) -> None:
    out = _chat(wf, f"/format csv\n/sql {SMALL}\n")
    read = list(csv.reader(io.StringIO(_block(out, "Raw SQL, run as typed."))))
    assert read[0] == ["id", "name", "country"]
    assert read[1:] == [[str(v) for v in row] for row in rows_of(ecommerce_db, SMALL)]
    assert _ROW_LINE.search(out)


def test_json_reads_back_as_objects(wf, ecommerce_db) -> None:
    out = _chat(wf, f"/format json\n/sql {SMALL}\n")
    objects = json.loads(_block(out, "Raw SQL, run as typed."))
    assert objects == [dict(zip(("id", "name", "country"), row, strict=True)) for row in rows_of(ecommerce_db, SMALL)]


def test_json_keeps_both_values_of_a_repeated_column_name(wf) -> None:
    out = _chat(wf, "/format json\n/sql SELECT u.id, o.id FROM users u JOIN orders o ON o.user_id = u.id LIMIT 1\n")
    (record,) = json.loads(_block(out, "Raw SQL, run as typed."))
    assert set(record) == {"id", "id_2"}


def _check_markdown_table(lines: list[str], columns: int, rows: int) -> None:
    """A GitHub table: a header row, an alignment row of dashes, then one row per result row."""
    assert len(lines) == rows + 2
    assert re.fullmatch(rf"\|(\s*:?-+:?\s*\|){{{columns}}}", lines[1]), lines[1]
    for line in [lines[0], *lines[2:]]:
        assert line.startswith("|") and line.endswith("|")
        assert len(re.split(r"(?<!\\)\|", line)) - 2 == columns, line


def test_markdown_is_a_valid_table_then_a_separate_row_line(wf, ecommerce_db) -> None:
    out = _chat(wf, f"/format markdown\n/sql {SMALL}\n")
    text = out[out.index("Raw SQL, run as typed.\n") + 23:]
    table, _, rest = text.partition("\n\n")
    _check_markdown_table(table.splitlines(), 3, len(rows_of(ecommerce_db, SMALL)))
    assert _ROW_LINE.match(rest.splitlines()[0])
    assert table.splitlines()[1].startswith("|-") and table.splitlines()[1].split("|")[1].endswith(":")


def test_markdown_escapes_pipes_and_line_breaks_inside_cells() -> None:
    result = QueryResult(("a|b", "note"), (("x|y", "one\ntwo"), (None, "three")), 2, False)
    table, _, summary = result_markdown(result).partition("\n\n")
    _check_markdown_table(table.splitlines(), 2, 2)
    assert "x\\|y" in table and "one<br>two" in table and "NULL" in table
    assert summary == "(2 rows)"


def test_ask_markdown_has_blank_lines_between_blocks(ecommerce_path: Path) -> None:
    args = ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(), "--format", "markdown",
            "--max-rows", "3", "--", "Show me all products"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    blocks = result.stdout.strip().split("\n\n")
    table = next(b for b in blocks if b.startswith("|"))
    _check_markdown_table(table.splitlines(), 6, 3)
    assert blocks[blocks.index(table) + 1] == "(showing 3 of 200 rows)"
    assert blocks[0].startswith("```sql\n")


def test_format_without_a_known_name_says_so_and_the_session_goes_on(wf) -> None:
    out = _chat(wf, "/format xml\n/format\n/pager maybe\n/pager\n/sql SELECT 1 AS one\n")
    assert "Error: Usage: /format table|vertical|csv|json|markdown (not 'xml')." in out
    assert "Results are shown as table." in out
    assert "Error: Usage: /pager on|off (not 'maybe')." in out
    assert "The pager is on." in out and re.search(r"^\|\s+one \|$", out, re.MULTILINE)


# -- vertical when too wide ------------------------------------------------------------------------

WIDE = "SELECT * FROM users ORDER BY id LIMIT 3"


def test_a_table_too_wide_for_the_terminal_turns_vertical(wf, ecommerce_db) -> None:
    narrow = _plain(_on_terminal(wf, f"/sql {WIDE}\n", rows=200, columns=60))
    assert "*************************** 3. row ***************************" in narrow
    email = rows_of(ecommerce_db, WIDE)[0][2]
    assert f"     email: {email}" in narrow
    assert "+----" not in narrow


def test_a_table_that_fits_stays_a_table(wf) -> None:
    wide = _plain(_on_terminal(wf, f"/sql {WIDE}\n", rows=200, columns=250))
    assert "+----" in wide and "1. row" not in wide


def test_the_switch_is_measured_on_the_table_itself(ecommerce_db) -> None:
    result = ecommerce_db.execute(WIDE)
    table_width = len(render_result(result, "table").splitlines()[0])
    assert render_result(result, "table", width=table_width).startswith("+-")
    assert render_result(result, "table", width=table_width - 1) == result_vertical(result)


# -- the pager -------------------------------------------------------------------------------------

def test_a_long_result_on_a_terminal_goes_through_the_pager(wf, pager_file: Path) -> None:
    screen = _plain(_on_terminal(wf, "/sql SELECT id, country FROM users ORDER BY id\n", rows=10, columns=120))
    paged = pager_file.read_text(encoding="utf-8")
    assert "(showing 50 of 1,000 rows" in paged and paged.count("\n") > 50
    assert "showing 50 of 1,000" not in screen  # the rows went to the pager, not past it
    assert "SELECT id, country FROM users" in screen


def test_a_short_result_does_not_page(wf, pager_file: Path) -> None:
    screen = _plain(_on_terminal(wf, f"/sql {SMALL}\n", rows=40, columns=120))
    assert not pager_file.exists() and "(5 rows" in screen


def test_pager_off_prints_a_long_result_on_the_terminal(wf, pager_file: Path) -> None:
    screen = _plain(_on_terminal(wf, "/pager off\n/sql SELECT id, country FROM users ORDER BY id\n", rows=10,
                                 columns=120))
    assert "The pager is now off." in screen and "(showing 50 of 1,000 rows" in screen
    assert not pager_file.exists()


def test_output_that_is_not_a_terminal_never_pages(wf, pager_file: Path) -> None:
    out = _chat(wf, "/sql SELECT id, country FROM users ORDER BY id\n")
    assert "(showing 50 of 1,000 rows" in out and not pager_file.exists()


def test_a_pager_that_cannot_start_leaves_the_text_on_screen(wf, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGER", str(tmp_path / "no-such-pager"))
    screen = _plain(_on_terminal(wf, "/sql SELECT id, country FROM users ORDER BY id\n", rows=10, columns=120))
    assert "(showing 50 of 1,000 rows" in screen


# -- numbers, NULL, timing -------------------------------------------------------------------------

def test_numbers_have_thousands_separators(wf, ecommerce_db) -> None:
    sql = "SELECT COUNT(*) AS n, SUM(total_amount) AS total FROM orders"
    out = _chat(wf, f"/sql {sql}\n")
    ((count, total),) = rows_of(ecommerce_db, sql)
    assert count >= 1_000 and total >= 1_000
    assert f"{count:,}" in out and f"{total:,.2f}" in out
    assert f"| {count} " not in out


NULLS = "SELECT id, shipped_at FROM orders WHERE shipped_at IS NULL ORDER BY id LIMIT 3"


def test_null_is_shown_as_null_in_tables_empty_in_csv_null_in_json(wf, ecommerce_db) -> None:
    rows = rows_of(ecommerce_db, NULLS)
    assert len(rows) == 3 and all(r[1] is None for r in rows)
    out = _chat(wf, f"/sql {NULLS}\n/format csv\n/sql {NULLS}\n/format json\n/sql {NULLS}\n")
    table, csv_text, json_text = (b for b in out.split("Raw SQL, run as typed.\n")[1:])
    assert table.count("| NULL") == 3
    assert list(csv.reader(io.StringIO(csv_text.split("\n(")[0])))[1:] == [[str(r[0]), ""] for r in rows]
    assert json.loads(json_text.split("\n(")[0]) == [{"id": r[0], "shipped_at": None} for r in rows]


def test_null_is_muted_on_a_colour_terminal_and_plain_without_colour(wf, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    raw = _on_terminal(wf, f"/sql {NULLS}\n", rows=40, columns=120)
    assert re.search(r"\x1b\[[0-9;]*90m(?:\x1b\[[0-9;]*m)*NULL", raw), raw
    monkeypatch.setenv("NO_COLOR", "1")
    plain = _on_terminal(wf, f"/sql {NULLS}\n", rows=40, columns=120)
    assert "NULL" in plain and not re.search(r"\x1b\[[0-9;]*90m(?:\x1b\[[0-9;]*m)*NULL", plain)


def test_the_pager_gets_the_muted_null_too(wf, pager_file: Path) -> None:
    _on_terminal(wf, "/sql SELECT id, shipped_at FROM orders WHERE shipped_at IS NULL\n", rows=10, columns=120)
    assert "\x1b[90mNULL\x1b[39m" in pager_file.read_text(encoding="utf-8")


def test_every_result_says_how_many_rows_and_how_long(wf) -> None:
    out = _chat(wf, f"Show me all orders\n/sql {SMALL}\n/sql SELECT id FROM users WHERE id < 0\n")
    lines = _ROW_LINE.findall(out)
    assert len(_ROW_LINE.findall(out)) == 3, lines
    assert "(showing 50 of 10,000 rows, " in out and "(5 rows, " in out and "(no rows, " in out


def test_execute_times_the_statement_and_timing_is_not_part_of_the_value(ecommerce_db) -> None:
    first, second = ecommerce_db.execute(SMALL), ecommerce_db.execute(SMALL)
    assert first.elapsed_ms is not None and first.elapsed_ms > 0
    assert first == second and QueryResult(first.columns, first.rows, first.total_rows, first.truncated) == first


# -- no rows: a value the column does not hold -----------------------------------------------------

def test_a_typo_in_raw_sql_names_the_nearest_stored_values(wf) -> None:
    out = _chat(wf, "/sql SELECT * FROM users WHERE country = 'Frnace'\n")
    assert "No rows: 'Frnace' is not a value of users.country; nearest: 'France'" in out


def test_a_typo_in_a_question_gets_the_hint(wf) -> None:
    result = wf.process_turn("users whose country contains 'Frnace'")
    assert result.ok and result.result is not None and result.result.row_count == 0
    assert result.hint == "No rows: no value of users.country matches '%Frnace%'; nearest: 'France'"
    assert result.to_json()["hint"] == result.hint


def test_a_refinement_that_returns_nothing_gets_the_hint(wf) -> None:
    wf.process_turn("users whose country contains 'Frnace'")
    refined = wf.process_turn("sort them by name")
    assert refined.intent == "refinement" and refined.result is not None and refined.result.row_count == 0
    assert refined.hint is not None and "'France'" in refined.hint


def test_no_hint_when_every_value_is_there(wf, ecommerce_db) -> None:
    sql = "SELECT * FROM users WHERE country = 'France' AND city = 'Tokyo'"
    assert rows_of(ecommerce_db, sql) == []
    result = wf.process_turn(f"/sql {sql}")
    assert result.result is not None and result.result.row_count == 0 and result.hint is None
    assert wf.process_turn(f"/sql {SMALL}").hint is None  # rows came back: nothing to explain


def test_in_lists_aliases_and_joins_are_followed(ecommerce_db) -> None:
    sql = ("SELECT * FROM users AS u JOIN orders AS o ON o.user_id = u.id "
           "WHERE u.country IN ('Frnace', 'Canada') AND o.status = 'cancelld'")
    hint = no_rows_hint(ecommerce_db, sql, timeout=10)
    assert hint is not None
    assert hint.splitlines() == ["No rows: 'Frnace' is not a value of users.country; nearest: 'France'",
                                 "No rows: 'cancelld' is not a value of orders.status; nearest: 'cancelled'"]


def test_a_column_without_a_value_list_is_read_with_a_distinct_query(tmp_path: Path) -> None:
    import sqlite3
    from contextlib import closing

    from nl2sql.db import open_database
    from nl2sql.db.base import MAX_INDEXED_VALUES

    path = tmp_path / "crowd.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT)")
        names = [f"Member {n}" for n in range(MAX_INDEXED_VALUES + 10)] + ["Hiro Smith"]
        conn.executemany("INSERT INTO member (name) VALUES (?)", ((name,) for name in names))
        conn.commit()
    with closing(open_database(str(path))) as db:
        assert not db.schema.table("member").column("name").values  # too many names to list: the hint queries
        hint = no_rows_hint(db, "SELECT * FROM member WHERE name = 'Hiro Smtih'", timeout=10)
    assert hint is not None
    assert hint.startswith("No rows: 'Hiro Smtih' is not a value of member.name; nearest: 'Hiro Smith'")


def test_the_hint_works_on_duckdb_too(ecommerce_duckdb) -> None:
    hint = no_rows_hint(ecommerce_duckdb, "SELECT * FROM users WHERE city = 'Lodnon'", timeout=10)
    assert hint is not None and hint.startswith("No rows: 'Lodnon' is not a value of users.city; nearest: 'London'")


def test_unreadable_sql_gives_no_hint(ecommerce_db) -> None:
    assert no_rows_hint(ecommerce_db, "SELECT * FROM (((", timeout=10) is None


def test_an_unqualified_column_is_found_in_the_one_joined_table_that_has_it(ecommerce_db) -> None:
    joined = "SELECT * FROM users JOIN orders ON orders.user_id = users.id WHERE {} = 'cancelld'"
    assert no_rows_hint(ecommerce_db, joined.format("status"), timeout=10) == (
        "No rows: 'cancelld' is not a value of orders.status; nearest: 'cancelled'")
    both = "SELECT * FROM orders JOIN payments ON payments.order_id = orders.id WHERE status = 'cancelld'"
    assert no_rows_hint(ecommerce_db, both, timeout=10) is None  # orders and payments both have a status
    cte = "WITH users AS (SELECT city AS country FROM users) SELECT * FROM users WHERE country = 'Frnace'"
    assert no_rows_hint(ecommerce_db, cte, timeout=10) is None  # a CTE, even named like a table, is not one
    derived = "SELECT * FROM (SELECT city AS country FROM users) AS s WHERE country = 'Frnace'"
    assert no_rows_hint(ecommerce_db, derived, timeout=10) is None  # s.country is users.city: not ours to guess
    nested = ("SELECT * FROM users WHERE country = 'Frnace' "
              "AND id IN (SELECT user_id FROM orders WHERE status = 'cancelld')")
    assert no_rows_hint(ecommerce_db, nested, timeout=10) == (
        "No rows: 'Frnace' is not a value of users.country; nearest: 'France'\n"
        "No rows: 'cancelld' is not a value of orders.status; nearest: 'cancelled'")
    negated = "SELECT * FROM users WHERE NOT country = 'Frnace' AND country = 'France' AND city = 'Tokyo'"
    assert no_rows_hint(ecommerce_db, negated, timeout=10) is None


# -- nl2sql ask: a capped result says so in every format -------------------------------------------

def _ask_process(db: Path, fmt: str, *turns: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(db), "--today", TODAY.isoformat(),
                           "--format", fmt, "--max-rows", "5", "--", *turns],
                          capture_output=True, text=True, timeout=120, check=False)


def test_csv_says_on_stderr_that_it_is_capped(ecommerce_path: Path) -> None:
    done = _ask_process(ecommerce_path, "csv", "/sql SELECT id FROM users ORDER BY id")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "nl2sql: showing the first 5 of 1,000 rows; --max-rows 0 shows all"
    assert list(csv.reader(io.StringIO(done.stdout))) == [["id"], ["1"], ["2"], ["3"], ["4"], ["5"]]


def test_csv_all_rows_has_no_note_and_an_empty_result_gets_its_hint_on_stderr(ecommerce_path: Path) -> None:
    done = _ask_process(ecommerce_path, "csv", "/sql SELECT id FROM categories LIMIT 3",
                        "/sql SELECT id FROM users WHERE country = 'Frnace'")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "nl2sql: No rows: 'Frnace' is not a value of users.country; nearest: 'France'"


def test_every_ask_format_says_the_result_is_capped(ecommerce_path: Path) -> None:
    sql = "/sql SELECT id FROM users ORDER BY id"
    runner = CliRunner()
    base = ["ask", "--db", str(ecommerce_path), "--max-rows", "5", "--format"]
    table = runner.invoke(cli, [*base, "table", "--", sql])
    markdown = runner.invoke(cli, [*base, "markdown", "--", sql])
    data = json.loads(runner.invoke(cli, [*base, "json", "--", sql]).stdout)
    assert "(showing 5 of 1,000 rows)" in table.stdout
    assert "\n\n(showing 5 of 1,000 rows)" in markdown.stdout
    assert data["truncated"] and data["totalRows"] == 1000 and data["rowCount"] == 5


def test_ask_help_documents_max_rows_zero() -> None:
    result = CliRunner().invoke(cli, ["ask", "--help"])
    assert "--max-rows 0" in " ".join(result.stdout.split())


def test_ask_prints_vertical_records_when_asked(ecommerce_path: Path, ecommerce_db) -> None:
    result = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--format", "vertical", "--max-rows", "3",
                                      "--", f"/sql {SMALL}"])
    assert result.exit_code == 0, result.output
    rows = rows_of(ecommerce_db, SMALL)[:3]
    records = re.split(r"\*+ \d+\. row \*+\n", result.output)[1:]
    assert len(records) == len(rows)
    for record, row in zip(records, rows, strict=True):
        values = [line.split(": ", 1)[1] for line in record.splitlines() if ": " in line][:len(row)]
        assert values[0].replace(",", "") == str(row[0])


def test_csv_keeps_a_clarification_request_off_the_data(ecommerce_path) -> None:
    """A question that must ask first: nothing on stdout (no rows yet), the request on stderr, status 3."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(ecommerce_path), "--format", "csv",
                           "--no-learn", "who are our best customers"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3 and proc.stdout == ""
    assert "Rank users by?" in proc.stderr and "Traceback" not in proc.stderr
