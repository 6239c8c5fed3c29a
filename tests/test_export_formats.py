"""The files /export writes and the text ``ask`` prints agree: one naming of repeated columns, one
JSON shape of a value, one Markdown table. Read back with the json and pyarrow readers."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.db import QueryResult
from nl2sql.export import export_result
from nl2sql.formatting import render_result, result_markdown, turn_json, unique_names
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY

REPEATED = "SELECT 1 AS a, 2 AS a, 3 AS a_2"  # the second a's suffix is taken by the third column


@pytest.fixture
def wf(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")


def test_unique_names_never_reuses_a_name_a_column_already_has() -> None:
    assert unique_names(["a", "a", "a_2"]) == ["a", "a_2", "a_2_2"]
    assert unique_names(["a_2", "a", "a"]) == ["a_2", "a", "a_3"]
    assert unique_names(["n", "n", "n"]) == ["n", "n_2", "n_3"]


def test_export_keeps_every_value_of_repeated_column_names(wf, tmp_path: Path) -> None:
    assert wf.process_turn(f"/edit {REPEATED}").ok
    for name in ("r.json", "r.parquet"):
        done = wf.process_turn(f"/export {tmp_path / name}")
        assert done.ok, done.error
    assert json.loads((tmp_path / "r.json").read_text()) == [{"a": 1, "a_2": 2, "a_2_2": 3}]
    table = pq.read_table(tmp_path / "r.parquet")  # pyarrow refuses to read duplicate fields back
    assert table.column_names == ["a", "a_2", "a_2_2"] and table.to_pylist() == [{"a": 1, "a_2": 2, "a_2_2": 3}]


def test_ask_json_keeps_every_value_of_repeated_column_names(ecommerce_path: Path) -> None:
    run = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(),
                                   "--format", "json", f"/sql {REPEATED}"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    assert data["columns"] == ["a", "a", "a_2"] and data["rows"] == [[1, 2, 3]]


def test_format_json_in_the_repl_names_repeated_columns_as_export_does(wf) -> None:
    result = wf.process_turn(f"/sql {REPEATED}").result
    assert json.loads(render_result(result, "json").rpartition("\n(")[0]) == [{"a": 1, "a_2": 2, "a_2_2": 3}]


# -- one JSON value, one Markdown table -------------------------------------------------------------

AWKWARD = QueryResult(("note", "n", "price", "day", "at", "blob"),
                      (("a|b\\c\nd\x85e", 3, Decimal("1.50"), date(2026, 1, 2), datetime(2026, 1, 2, 10, 30),
                        b"\x00\xff"),
                       (None, 12, Decimal("2"), None, None, None)), 2, False)
AWKWARD_RECORDS = [{"note": "a|b\\c\nd\x85e", "n": 3, "price": 1.5, "day": "2026-01-02", "at": "2026-01-02T10:30:00",
                    "blob": "00ff"},
                   {"note": None, "n": 12, "price": 2.0, "day": None, "at": None, "blob": None}]


def test_repl_json_and_exported_json_hold_the_same_valid_values(tmp_path: Path) -> None:
    """A number stays a number (a Decimal too), a date is ISO 8601, and a control character is a JSON
    escape, not the terminal's \\x85 (which no JSON reader accepts)."""
    shown = render_result(AWKWARD, "json").rpartition("\n(")[0]
    assert "\x85" not in shown and json.loads(shown) == AWKWARD_RECORDS
    written = export_result(AWKWARD, tmp_path / "a.json").read_text(encoding="utf-8")
    assert json.loads(written) == AWKWARD_RECORDS and written.endswith("]\n")


def test_ask_json_rows_hold_the_same_values_as_exported_json() -> None:
    """``ask --format json`` prints turn_json: its rows are the exported JSON's values, column by column."""
    from nl2sql.results import TurnResult

    text = turn_json(TurnResult(1, "session", "new_query", query="SELECT", result=AWKWARD))
    assert "\x85" not in text
    assert json.loads(text)["rows"] == [list(record.values()) for record in AWKWARD_RECORDS]


def _grid(markdown: str) -> list[str]:
    return markdown.partition("\n\n")[0].splitlines()


def test_exported_markdown_and_repl_markdown_are_one_table(tmp_path: Path) -> None:
    """Pipes and backslashes escaped, a line break as <br>, numbers right-aligned in both."""
    result = QueryResult(("note", "n"), (("a|b\\c\nd", 3), (None, 12)), 2, False)
    written = export_result(result, tmp_path / "a.md").read_text(encoding="utf-8")
    assert _grid(written) == _grid(result_markdown(result))
    assert _grid(written) == ["| note         |   n |", "|--------------|----:|", "| a\\|b\\\\c<br>d |   3 |",
                              "| NULL         |  12 |"]
    assert written.endswith("\n\n*(2 rows)*\n")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def test_exported_markdown_keeps_values_exact_where_the_screen_rounds(tmp_path: Path) -> None:
    grid = _grid(export_result(AWKWARD, tmp_path / "a.md").read_text(encoding="utf-8"))
    assert _cells(grid[2]) == ["a\\|b\\\\c<br>d\\\\x85e", "3", "1.50", "2026-01-02", "2026-01-02 10:30:00", "00ff"]
    assert _cells(grid[3]) == ["NULL", "12", "2", "NULL", "NULL", "NULL"]
    assert _cells(_grid(result_markdown(AWKWARD))[3])[2] == "2.00"  # the screen rounds, a file keeps the value
