"""The files /export writes and the text ``ask`` prints agree: one naming of repeated columns, one
JSON shape of a value, one Markdown table. Read back with the json and pyarrow readers."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.formatting import unique_names
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
    from nl2sql.formatting import render_result

    result = wf.process_turn(f"/sql {REPEATED}").result
    assert json.loads(render_result(result, "json").rpartition("\n(")[0]) == [{"a": 1, "a_2": 2, "a_2_2": 3}]
