"""/chart and /export on the ecommerce fixture: real charts drawn by plotext and matplotlib, real files
read back with the csv, json and pyarrow readers, real refusals to overwrite."""

from __future__ import annotations

import csv
import json
import os
import stat
import subprocess
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from nl2sql.charts import BAR, LINE, chart_data, chart_text
from nl2sql.db import QueryResult
from nl2sql.errors import UsageError
from nl2sql.export import export_result, markdown_table, result_json
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import rows_of
from tests.test_repl import _chat

REPO = Path(__file__).resolve().parents[1]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def shop(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    """What ``nl2sql chat --db ecommerce`` opens: results capped at 50 rows on screen."""
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")


def _ask(wf: InteractiveWorkflow, question: str) -> str:
    result = wf.process_turn(question)
    assert result.ok and result.query, result.error
    return result.query


def _canvas(text: str) -> tuple[list[str], str]:
    """The chart's rows between its frame lines, and the line of x labels under it."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    bottom = next(i for i, line in enumerate(lines) if "└" in line)
    return lines[top + 1:bottom], lines[bottom + 1]


# -- /chart ------------------------------------------------------------------------------------------


def test_a_grouped_count_is_a_bar_chart_whose_tallest_bar_is_the_largest_group(shop, ecommerce_db) -> None:
    sql = _ask(shop, "How many orders per status?")
    counts = dict(rows_of(ecommerce_db, sql))
    chart = shop.process_turn("/chart")
    assert chart.ok and chart.command == "/chart"
    text = chart.message or ""
    assert "order_count by status" in text and "\x1b" not in text  # plain text: the REPL prints no colour codes
    rows, labels = _canvas(text)
    for status in counts:
        assert status in labels
    tallest, smallest = max(counts, key=counts.__getitem__), min(counts, key=counts.__getitem__)
    top_row = next(row for row in rows if "█" in row)
    assert top_row[labels.index(tallest) + len(tallest) // 2] == "█"
    assert top_row[labels.index(smallest) + len(smallest) // 2] != "█"
    ticks = [int(line.split("┤")[0].strip().replace(",", "")) for line in text.splitlines() if "┤" in line]
    assert max(ticks) <= max(counts.values()) < 2 * max(ticks)  # the y axis reaches the largest count


def test_a_monthly_series_is_a_line_chart_in_time_order(shop, ecommerce_db) -> None:
    sql = _ask(shop, "number of orders by month")
    months = [m for m, _ in rows_of(ecommerce_db, sql)]
    data = chart_data(shop.state.current.outcome.result)
    assert data.kind == LINE and list(data.labels) == sorted(months)
    text = shop.process_turn("/chart").message or ""
    rows, labels = _canvas(text)
    assert "█" not in text and any("•" in row for row in rows)
    shown = [m for m in sorted(months) if m in labels]
    assert len(shown) >= 3 and [labels.index(m) for m in shown] == sorted(labels.index(m) for m in shown)
    assert shop.process_turn("/chart bar").message.count("█") > 0  # the kind can be asked for


def test_a_chart_of_a_capped_result_draws_every_row(ecommerce_db, shop_engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=5, clarify="auto")
    sql = _ask(wf, "number of orders by month")
    last_month = max(m for m, _ in rows_of(ecommerce_db, sql))
    assert wf.state.current.outcome.result.truncated
    _rows, labels = _canvas(wf.process_turn("/chart").message or "")
    assert last_month in labels  # past the five rows shown on screen


def test_counts_per_month_and_status_are_one_line_per_status(shop) -> None:
    _ask(shop, "number of orders by month")
    _ask(shop, "orders per month by status")
    data = chart_data(shop.state.current.outcome.result)
    assert data.kind == LINE and {name for name, _ in data.series} >= {"cancelled", "delivered"}
    text = shop.process_turn("/chart").message or ""
    assert "one line per status" in text and "delivered" in text


def test_several_numeric_columns_are_several_series() -> None:
    result = QueryResult(("status", "orders", "revenue"), (("paid", 3, Decimal("10.5")), ("shipped", 5, 20.25)),
                         2, False)
    data = chart_data(result)
    assert data.kind == BAR and data.labels == ("paid", "shipped")
    assert data.series == (("orders", (3.0, 5.0)), ("revenue", (10.5, 20.25)))
    text = chart_text(data, width=60, height=14)
    assert "orders" in text and "revenue" in text  # the legend names both


def test_the_value_axis_reads_as_the_tables_write_numbers() -> None:
    """Round ticks with thousands separators (7156.0 was plotext's own label), bars counted from zero."""
    result = QueryResult(("status", "total"), (("paid", 7156.0), ("shipped", 1200.5)), 2, False)
    axis = [line.split("┤")[0].strip() for line in chart_text(chart_data(result), 60, 16).splitlines() if "┤" in line]
    assert axis and set(axis) <= {"0", "1,000", "2,000", "3,000", "4,000", "5,000", "6,000", "7,000"}
    assert "0" in axis and "6,000" in axis


def test_dates_and_years_make_lines() -> None:
    by_day = QueryResult(("day", "n"), ((date(2026, 1, 3), 2), (date(2026, 1, 1), 5)), 2, False)
    assert chart_data(by_day).kind == LINE and chart_data(by_day).labels == ("2026-01-01", "2026-01-03")
    by_year = QueryResult(("year", "revenue"), ((2025, 10.0), (2024, 7.0)), 2, False)
    assert chart_data(by_year).kind == LINE and chart_data(by_year).labels == ("2024", "2025")


@pytest.mark.parametrize(("columns", "rows", "says"), [
    (("name", "email"), (("Ann", "a@x"),), "columns are: name, email"),
    (("count",), ((3,),), "columns are: count"),
    (("status", "count"), (), "no rows"),
])
def test_a_result_with_no_chart_shape_is_refused_in_one_line(columns, rows, says) -> None:
    with pytest.raises(UsageError) as caught:
        chart_data(QueryResult(columns, rows, len(rows), False))
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_chart_without_a_result_or_with_a_bad_kind_explains(shop) -> None:
    first = shop.process_turn("/chart")
    assert first.error is not None and "ask a question, or run /sql" in first.error.message
    _ask(shop, "How many orders per status?")
    pie = shop.process_turn("/chart pie")
    assert pie.error is not None and "bar or a line" in pie.error.message
    _ask(shop, "Show me all users")
    assert shop.process_turn("/chart").ok  # the first text column labels the numeric ones


# -- /export ---------------------------------------------------------------------------------------


def test_export_csv_json_markdown_and_parquet_hold_every_row(shop, ecommerce_db, tmp_path: Path) -> None:
    sql = _ask(shop, "Show me all users")
    expected = rows_of(ecommerce_db, sql)
    assert shop.state.current.outcome.result.truncated and len(expected) == 1000  # the screen showed 50
    for name in ("users.csv", "users.json", "users.md", "users.parquet"):
        done = shop.process_turn(f"/export {tmp_path / name}")
        assert done.ok and "1,000 rows" in (done.message or ""), done.error
    columns = shop.state.current.outcome.result.columns
    with (tmp_path / "users.csv").open(newline="") as handle:
        read = list(csv.reader(handle))
    assert tuple(read[0]) == columns and len(read) == 1001
    assert read[1] == ["" if v is None else str(v) for v in expected[0]]
    records = json.loads((tmp_path / "users.json").read_text())
    assert len(records) == 1000 and records[0] == dict(zip(columns, expected[0], strict=True))
    markdown = (tmp_path / "users.md").read_text()
    assert markdown.split("|")[1].strip() == columns[0] and markdown.count("\n|") == 1001
    assert "*(1,000 rows)*" in markdown
    table = pq.read_table(tmp_path / "users.parquet")
    assert tuple(table.column_names) == columns and table.num_rows == 1000
    assert tuple(table.slice(0, 1).to_pylist()[0].values()) == tuple(expected[0])


def test_export_refuses_to_overwrite_unless_forced_and_leaves_nothing_behind(shop, tmp_path: Path) -> None:
    _ask(shop, "How many orders per status?")
    target = tmp_path / "status.csv"
    target.write_text("keep me\n")
    refused = shop.process_turn(f"/export {target}")
    assert refused.error is not None
    assert "already exists" in refused.error.message and "--force" in refused.error.message
    assert target.read_text() == "keep me\n"
    forced = shop.process_turn(f"/export {target} --force")
    assert forced.ok and target.read_text().startswith("status,order_count\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["status.csv"]  # no temporary file left
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()  # an ordinary file, as the umask makes them
    target.chmod(0o600)
    assert shop.process_turn(f"/export {target} --force").ok
    assert stat.S_IMODE(target.stat().st_mode) == 0o600  # replacing a private file keeps it private


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_export_png_and_svg_are_real_images(shop, tmp_path: Path) -> None:
    _ask(shop, "number of orders by month")
    assert shop.process_turn(f"/export {tmp_path / 'orders.png'}").ok
    assert shop.process_turn(f"/export {tmp_path / 'orders.svg'}").ok
    png = (tmp_path / "orders.png").read_bytes()
    assert png.startswith(PNG_MAGIC) and len(png) > 5_000
    svg = (tmp_path / "orders.svg").read_text()
    assert "<svg" in svg and "2024-06" in svg  # the first month labels the x axis


@pytest.mark.parametrize(("typed", "says"), [
    ("/export", "Usage: /export PATH"),
    ("/export {dir}/x.xlsx", "Cannot tell the format of 'x.xlsx'"),
    ("/export {dir}/missing/x.csv", "There is no folder"),
    ("/export {dir}/folder.csv", "is a folder"),
    ("/export '{dir}/unclosed.csv", "No closing quotation"),
])
def test_bad_export_paths_are_one_clear_line(shop, tmp_path: Path, typed: str, says: str) -> None:
    _ask(shop, "How many orders per status?")
    (tmp_path / "folder.csv").mkdir()
    result = shop.process_turn(typed.format(dir=tmp_path))
    assert result.error is not None and says in result.error.message and "\n" not in result.error.message


def test_an_image_of_a_result_with_no_chart_shape_writes_nothing(ecommerce_db, shop_engine, tmp_path: Path) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")
    _ask(wf, "How many users are there?")
    refused = wf.process_turn(f"/export {tmp_path / 'n.png'}")
    assert refused.error is not None and "label column" in refused.error.message
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("blocked", "name", "extra"), [
    ("matplotlib", "c.png", "nl2sql[charts]"),
    ("pyarrow", "c.parquet", "nl2sql[parquet]"),
])
def test_a_missing_extra_is_named_in_one_line(ecommerce_path: Path, tmp_path: Path, blocked: str, name: str,
                                              extra: str) -> None:
    code = (f"import sys; sys.modules[{blocked!r}] = None\n"
            "from nl2sql.workflows import SessionOptions, open_session\n"
            f"wf = open_session({str(ecommerce_path)!r}, SessionOptions(clarify='auto'))\n"
            "wf.process_turn('How many orders per status?')\n"
            f"print(wf.process_turn('/export ' + {str(tmp_path / name)!r}).error.message)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert run.returncode == 0, run.stderr
    assert extra in run.stdout and run.stdout.count("\n") == 1
    assert not (tmp_path / name).exists()


def test_values_that_would_break_a_file_are_written_safely() -> None:
    result = QueryResult(("note", "note", "blob", "day", "price"),
                         (("a|b\nc", "x", b"\x00\xff", date(2026, 1, 2), Decimal("1.50")),), 1, False)
    markdown = markdown_table(result)
    assert "a\\|b<br>c" in markdown and markdown.count("\n") == 5  # a line break in a cell is <br>, as on screen
    records = json.loads(result_json(result))
    assert records == [{"note": "a|b\nc", "note_2": "x", "blob": "00ff", "day": "2026-01-02", "price": 1.5}]


def test_export_of_the_same_result_as_text_matches_the_database(ecommerce_db, tmp_path: Path) -> None:
    result = ecommerce_db.execute("SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY status",
                                  max_rows=None)
    path = export_result(result, tmp_path / "s.json")
    assert [tuple(r.values()) for r in json.loads(path.read_text())] == list(result.rows)


# -- the REPL and start-up --------------------------------------------------------------------------


def test_chart_and_export_through_the_repl(shop, tmp_path: Path) -> None:
    target = tmp_path / "status.csv"
    out, _app = _chat(shop, f"How many orders per status?\n/chart\n/export {target}\n/export {target}\n/exit\n")
    assert "order_count by status" in out and "█" in out
    assert f"Wrote 6 rows to {target} (csv)." in out
    assert "Error: " in out and "already exists" in out and "Bye." in out
    assert target.read_text().splitlines()[0] == "status,order_count"


def test_start_up_imports_no_plotting_or_parquet_library() -> None:
    code = ("import sys; import nl2sql.cli; from nl2sql.workflows import commands; "
            "print(','.join(m for m in ('plotext', 'matplotlib', 'pyarrow', 'nl2sql.charts', 'nl2sql.export', "
            "'nl2sql.sessions') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "", run.stdout + run.stderr


def test_ask_exports_and_charts_as_turns_of_one_conversation(ecommerce_path: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from nl2sql.cli import cli
    from tests.conftest import TODAY

    target = tmp_path / "status.parquet"
    run = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(),
                                   "How many orders per status?", "/chart", f"/export {target}"])
    assert run.exit_code == 0, run.output
    assert "order_count by status" in run.output and f"Wrote 6 rows to {target} (parquet)." in run.output
    assert pq.read_table(target).column_names == ["status", "order_count"]


def test_the_first_text_column_labels_and_keys_are_not_drawn() -> None:
    listing = QueryResult(("id", "name", "created_at", "total"),
                          ((1, "Ann", "2026-01-05 10:00:00", 30.0), (2, "Ben", "2026-02-01 09:00:00", 12.5)), 2, False)
    data = chart_data(listing)
    assert data.kind == BAR and data.label == "name" and [name for name, _ in data.series] == ["total"]
    only_keys = QueryResult(("name", "user_id"), (("Ann", 7),), 1, False)
    assert [name for name, _ in chart_data(only_keys).series] == ["user_id"]  # nothing else to draw


# -- text from the database drawn as it is ----------------------------------------------------------


def test_dollar_signs_in_database_text_are_drawn_literally(tmp_path: Path) -> None:
    """matplotlib reads $...$ as maths: a price label must not turn into a formula, in any text the
    data names (tick labels, title, axis label, legend)."""
    import matplotlib

    result = QueryResult(("$card$", "$5 and $10", "a$^$b"), (("$5 and $10", 1, 2), ("_plain", 3, 4)), 2, False)
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text kept as <text>, so it can be read back
        export_result(result, tmp_path / "c.svg")
    svg = (tmp_path / "c.svg").read_text()
    for text in ("$5 and $10", "_plain", "$card$", "a$^$b", "$5 and $10, a$^$b by $card$"):
        assert f">{text}</text>" in svg, text


def test_text_matplotlib_cannot_parse_as_maths_exports_without_an_internal_error(tmp_path: Path) -> None:
    from nl2sql.workflows import SessionOptions, open_session
    from tests.helpers import built_sqlite

    db = built_sqlite(tmp_path, "cards", "CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT);"
                      "INSERT INTO cards (name) VALUES ('a$^$b'), ('$5 card'), ('$10 card'), ('$5 card');")
    wf = open_session(str(db), SessionOptions(clarify="auto"))
    _ask(wf, "How many cards per name?")
    done = wf.process_turn(f"/export {tmp_path / 'c.png'}")
    assert done.ok, done.error
    assert (tmp_path / "c.png").read_bytes().startswith(PNG_MAGIC)  # not "Internal error in /export"


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # numpy's overflow, on the way to the error
def test_a_chart_matplotlib_cannot_draw_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    """A height near the float limit overflows matplotlib's tick arithmetic: a user error, not a crash."""
    result = QueryResult(("name", "n"), (("huge", 1.7e308), ("small", 1.0)), 2, False)
    with pytest.raises(UsageError) as caught:
        export_result(result, tmp_path / "c.png")
    assert "Cannot draw this chart" in str(caught.value) and "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == []
