"""/edit and SQL the engine did not write: an edited statement becomes the current query, and the
built-in engine refines it as a derived table. Every refinement is checked against the fixture
file read independently through sqlite3; the editor is a real script run by click.edit."""

from __future__ import annotations

import csv
import io
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from nl2sql.config import ModelChoice
from nl2sql.engines import make_engine
from nl2sql.repl import ChatApp
from nl2sql.repl.editor import edit_in_editor
from nl2sql.repl.spinner import Spinner
from nl2sql.workflows import InteractiveWorkflow
from nl2sql.workflows.adoption import ADOPTED_EXPLANATION
from nl2sql.workflows.editing import NOTHING_CHANGED
from tests.conftest import TODAY
from tests.llm_server import ScriptedServer


@pytest.fixture
def fixture_rows(ecommerce_path: Path) -> Iterator[sqlite3.Connection]:
    """The fixture file opened by sqlite3 itself: the reference every answer is checked against."""
    conn = sqlite3.connect(f"file:{ecommerce_path}?mode=ro", uri=True)
    yield conn
    conn.close()


@pytest.fixture
def workflow(workflow: InteractiveWorkflow) -> InteractiveWorkflow:
    """The shared workflow with the editor the REPL gives it (a script's workflow has none)."""
    workflow.editor = edit_in_editor
    return workflow


def _rows(conn: sqlite3.Connection, sql: str, *args: object) -> list[tuple]:
    return conn.execute(sql, args).fetchall()


def _editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    """$EDITOR as a Python script: ``body`` gets ``text`` (the file's content) and sets ``text``; what it
    was given is kept in seen.sql."""
    script = tmp_path / "editor.py"
    seen = tmp_path / "seen.sql"
    script.write_text("import sys, pathlib\n"
                      "path = pathlib.Path(sys.argv[1])\n"
                      "text = path.read_text()\n"
                      f"pathlib.Path({str(seen)!r}).write_text(text)\n"
                      f"{body}\n"
                      "path.write_text(text)\n")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    return seen


def _replacing(old: str, new: str) -> str:
    return f"text = text.replace({old!r}, {new!r})"


# -- adoption: the edited statement is the current query ----------------------------------------------


def test_edit_runs_the_edited_sql_as_the_current_query(workflow: InteractiveWorkflow, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       fixture_rows: sqlite3.Connection) -> None:
    seen = _editor(tmp_path, monkeypatch, _replacing("FROM orders", "FROM orders WHERE status = 'cancelled'"))
    first = workflow.process_turn("Show all orders")
    result = workflow.process_turn("/edit")
    assert seen.read_text().strip() == first.query
    edited = "SELECT * FROM orders WHERE status = 'cancelled'"
    assert result.ok and result.query == edited and result.explanation == ADOPTED_EXPLANATION
    assert result.intent == "refinement" and result.refines_turn == 1 and result.turn_number == 2
    assert list(result.result.rows) == _rows(fixture_rows, "SELECT * FROM orders WHERE status = ?", "cancelled")
    current = workflow.state.current
    assert current is not None and current.query == edited and current.number == 2
    assert current.outcome.spec is None and current.outcome.confidence == 1.0
    assert "/edit" in workflow.process_turn("/history").message


def test_edit_with_the_statement_adopts_it_without_an_editor(workflow: InteractiveWorkflow,
                                                             fixture_rows: sqlite3.Connection) -> None:
    result = workflow.process_turn("/edit SELECT name, country FROM users WHERE segment = 'business'")
    assert result.ok and result.intent == "new_query" and result.refines_turn is None
    assert list(result.result.rows) == _rows(fixture_rows, "SELECT name, country FROM users WHERE segment = ?",
                                             "business")
    assert workflow.state.current.query == "SELECT name, country FROM users WHERE segment = 'business'"


@pytest.mark.parametrize("statement", ["DELETE FROM orders", "SELEC * FRM orders", "SELECT * FROM no_such_table"])
def test_a_refused_or_broken_statement_leaves_the_current_query(workflow: InteractiveWorkflow, statement: str,
                                                               fixture_rows: sqlite3.Connection) -> None:
    workflow.process_turn("Show all users")
    before = workflow.state.current
    result = workflow.process_turn(f"/edit {statement}")
    assert not result.ok and result.error is not None
    assert workflow.state.current is before  # the same turn, its outcome untouched
    failed = workflow.state.turns[-1]
    assert failed.error and failed.text == f"/edit {statement}" and not failed.ok
    assert _rows(fixture_rows, "SELECT COUNT(*) FROM orders") == [(10000,)]
    assert workflow.process_turn("top 3").query.startswith("SELECT * FROM users")  # refines what stood before


@pytest.mark.parametrize("body", ["pass", "text = ''", "text = text + '\\n\\n'"])
def test_nothing_changed_is_not_run(workflow: InteractiveWorkflow, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    _editor(tmp_path, monkeypatch, body)
    workflow.process_turn("Show all orders")
    before = workflow.state
    result = workflow.process_turn("/edit")
    assert result.ok and result.message == NOTHING_CHANGED and result.query is None
    assert workflow.state is before


def test_an_editor_that_is_not_saved_runs_nothing(workflow: InteractiveWorkflow, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", "true")  # exits at once without writing the file
    workflow.process_turn("Show all orders")
    assert workflow.process_turn("/edit").message == NOTHING_CHANGED


def test_a_failing_editor_is_one_error_line(workflow: InteractiveWorkflow, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", "false")
    workflow.process_turn("Show all orders")
    before = workflow.state
    result = workflow.process_turn("/edit")
    assert result.error is not None and result.error.message.startswith("Could not open the editor")
    assert workflow.state is before


def test_edit_with_no_query_yet_opens_an_empty_file_and_runs_what_is_written(
        workflow: InteractiveWorkflow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _editor(tmp_path, monkeypatch, "text = 'SELECT COUNT(*) AS n FROM users'")
    result = workflow.process_turn("/edit")
    assert seen.read_text() == "" and result.ok and list(result.result.rows) == [(1000,)]
    assert workflow.state.current.query == "SELECT COUNT(*) AS n FROM users"
    _editor(tmp_path, monkeypatch, "")  # closed without writing anything: nothing runs
    workflow.process_turn("/new")
    assert workflow.process_turn("/edit").message == NOTHING_CHANGED


def test_visual_is_preferred_to_editor(workflow: InteractiveWorkflow, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _editor(tmp_path, monkeypatch, _replacing("SELECT *", "SELECT id"))
    monkeypatch.setenv("VISUAL", "false")  # a failing $VISUAL shows that it, not $EDITOR, was run
    workflow.process_turn("Show all orders")
    assert workflow.process_turn("/edit").error is not None


def test_edit_while_a_confirmation_waits_edits_the_sql_awaiting_it(ecommerce_db, engine, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    wf = InteractiveWorkflow(ecommerce_db, engine, max_rows=None, confirm_below=1.0)
    wf.editor = edit_in_editor
    seen = _editor(tmp_path, monkeypatch, _replacing("SELECT *", "SELECT id, status"))
    waiting = wf.process_turn("Show all orders")
    assert waiting.mode == "awaiting_confirmation" and waiting.query == "SELECT * FROM orders"
    result = wf.process_turn("/edit")
    assert seen.read_text().strip() == "SELECT * FROM orders"
    assert result.ok and result.turn_number == 1 and result.intent == "new_query"
    state = wf.state
    assert state.mode.name == "idle" and state.current.query == "SELECT id, status FROM orders"
    assert [t.number for t in state.turns] == [1] and state.current.question == "Show all orders"


# -- the built-in engine refines adopted SQL -----------------------------------------------------------


def _adopt_then(workflow: InteractiveWorkflow, sql: str, *follow_ups: str):
    adopted = workflow.process_turn(f"/edit {sql}")
    assert adopted.ok, adopted.error
    result = adopted
    for line in follow_ups:
        result = workflow.process_turn(line)
        assert result.ok, (line, result.error)
        assert result.intent == "refinement", line
    return result


def test_top_three_keeps_the_rows_of_the_edited_sql(workflow: InteractiveWorkflow,
                                                    fixture_rows: sqlite3.Connection) -> None:
    result = _adopt_then(workflow, "SELECT id, status, total_amount FROM orders WHERE status = 'cancelled'", "top 3")
    assert workflow.state.current.query == result.query and "LIMIT 3" in result.query
    top = _rows(fixture_rows, "SELECT id, status, total_amount FROM orders WHERE status = 'cancelled' "
                              "ORDER BY total_amount DESC LIMIT 3")
    assert list(result.result.rows) == top
    assert result.confidence is not None and result.confidence < 1.0


def test_sort_by_a_column_of_the_edited_sql(workflow: InteractiveWorkflow, fixture_rows: sqlite3.Connection) -> None:
    result = _adopt_then(workflow, "SELECT name, city FROM users WHERE country = 'France'", "sort by name")
    rows = list(result.result.rows)
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    assert sorted(rows) == sorted(_rows(fixture_rows, "SELECT name, city FROM users WHERE country = 'France'"))


@pytest.mark.parametrize("follow_up", ["only France", "only users from France"])
def test_a_stored_value_filters_the_edited_sql(workflow: InteractiveWorkflow, fixture_rows: sqlite3.Connection,
                                               follow_up: str) -> None:
    result = _adopt_then(workflow, "SELECT name, country, segment FROM users WHERE segment = 'business'", follow_up)
    rows = list(result.result.rows)
    assert rows and all(r[1] == "France" and r[2] == "business" for r in rows)
    assert len(rows) == _rows(fixture_rows, "SELECT COUNT(*) FROM users WHERE segment = 'business' "
                                            "AND country = 'France'")[0][0]


@pytest.mark.parametrize("follow_up", ["where status is cancelled", "just the cancelled ones"])
def test_a_value_condition_on_the_edited_sql(workflow: InteractiveWorkflow, fixture_rows: sqlite3.Connection,
                                             follow_up: str) -> None:
    result = _adopt_then(workflow, "SELECT id, status, total_amount FROM orders WHERE total_amount > 500", follow_up)
    rows = list(result.result.rows)
    assert rows and all(r[1] == "cancelled" and r[2] > 500 for r in rows)
    assert sorted(rows) == sorted(_rows(fixture_rows, "SELECT id, status, total_amount FROM orders "
                                                      "WHERE total_amount > 500 AND status = 'cancelled'"))


def test_a_date_filter_on_the_edited_sql(workflow: InteractiveWorkflow, fixture_rows: sqlite3.Connection) -> None:
    assert TODAY.isoformat() == "2026-06-15"  # "last month" is May 2026
    result = _adopt_then(workflow, "SELECT id, created_at, total_amount FROM orders WHERE total_amount > 500",
                         "only from last month")
    rows = list(result.result.rows)
    assert rows and all(r[1].startswith("2026-05") and r[2] > 500 for r in rows)
    assert sorted(rows) == sorted(_rows(fixture_rows, "SELECT id, created_at, total_amount FROM orders WHERE "
                                                      "total_amount > 500 AND created_at LIKE '2026-05%'"))


def test_count_them_counts_the_rows_of_the_edited_sql(workflow: InteractiveWorkflow,
                                                      fixture_rows: sqlite3.Connection) -> None:
    sql = "SELECT o.id, u.country FROM orders o JOIN users u ON u.id = o.user_id WHERE u.country = 'Japan'"
    result = _adopt_then(workflow, sql, "count them")
    assert list(result.result.rows) == _rows(fixture_rows, f"SELECT COUNT(*) FROM ({sql})")


def test_descending_flips_the_edited_sql_own_order(workflow: InteractiveWorkflow,
                                                   fixture_rows: sqlite3.Connection) -> None:
    sql = "SELECT name, created_at FROM users WHERE country = 'Brazil' ORDER BY created_at LIMIT 5"
    result = _adopt_then(workflow, sql, "descending")
    assert list(result.result.rows) == _rows(fixture_rows, "SELECT name, created_at FROM users WHERE country = "
                                                           "'Brazil' ORDER BY created_at DESC LIMIT 5")


def test_descending_alone_sets_the_direction_of_the_current_order(workflow: InteractiveWorkflow,
                                                                  fixture_rows: sqlite3.Connection) -> None:
    """The same words on a query the engine wrote: the order's keys stay, its direction changes."""
    workflow.process_turn("Show users from Brazil sorted by created at")
    down = workflow.process_turn("descending")
    assert down.ok and list(down.result.rows) == _rows(fixture_rows, "SELECT * FROM users WHERE country = "
                                                                     "'Brazil' ORDER BY created_at DESC")
    up = workflow.process_turn("ascending")
    assert up.ok and list(up.result.rows) == _rows(fixture_rows, "SELECT * FROM users WHERE country = 'Brazil' "
                                                                 "ORDER BY created_at ASC")


def test_an_unnamed_aggregate_of_the_edited_sql_can_be_filtered(workflow: InteractiveWorkflow,
                                                               fixture_rows: sqlite3.Connection) -> None:
    sql = "SELECT u.country, COUNT(*) FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.country"
    result = _adopt_then(workflow, sql, "only France")
    assert list(result.result.rows) == _rows(fixture_rows, f"SELECT * FROM ({sql}) WHERE country = 'France'")
    again = workflow.process_turn("what about Germany?")
    assert again.ok and list(again.result.rows) == _rows(fixture_rows, f"SELECT * FROM ({sql}) "
                                                                       "WHERE country = 'Germany'")


@pytest.mark.parametrize(("sql", "follow_up", "reference"), [
    ("SELECT name FROM users UNION SELECT name FROM products", "sort by name",
     "SELECT * FROM (SELECT name FROM users UNION SELECT name FROM products) ORDER BY name"),
    ("SELECT * FROM (SELECT status, COUNT(*) AS n FROM orders GROUP BY status) t WHERE n > 100", "only cancelled",
     "SELECT status, COUNT(*) FROM orders WHERE status = 'cancelled' GROUP BY status"),
    ("WITH big AS (SELECT * FROM orders WHERE total_amount > 1000) SELECT b.status, b.created_at FROM big b",
     "only from last month", "SELECT status, created_at FROM orders WHERE total_amount > 1000 "
                             "AND created_at >= '2026-05-01' AND created_at < '2026-06-01'"),
])
def test_unions_subqueries_and_ctes_are_refined_too(workflow: InteractiveWorkflow, fixture_rows: sqlite3.Connection,
                                                    sql: str, follow_up: str, reference: str) -> None:
    """Values and dates are found through the subquery or CTE a column passes through."""
    result = _adopt_then(workflow, sql, follow_up)
    rows = list(result.result.rows)
    expected = _rows(fixture_rows, reference)
    assert rows == expected if "ORDER BY" in reference else sorted(rows) == sorted(expected)


def test_refinements_of_edited_sql_go_on_from_each_other(workflow: InteractiveWorkflow,
                                                        fixture_rows: sqlite3.Connection) -> None:
    """The refined query keeps reading the edited SQL as its table, however many follow-ups come."""
    sql = "SELECT id, status, total_amount FROM orders WHERE total_amount > 100"
    result = _adopt_then(workflow, sql, "top 3", "sort by status", "only cancelled")
    kept = _rows(fixture_rows, f"SELECT * FROM ({sql}) WHERE status = 'cancelled' ORDER BY total_amount DESC LIMIT 3")
    assert list(result.result.rows) == sorted(kept, key=lambda r: r[1])
    spec = workflow.state.current.outcome.spec
    assert spec is not None and spec.source is not None and "total_amount > 100" in spec.source


def test_a_follow_up_that_does_not_fit_the_edited_sql_fails_clearly(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("/edit SELECT country, COUNT(*) AS n FROM users GROUP BY country")
    before = workflow.state.current
    result = workflow.process_turn("only products in the Books category with reviews")
    assert not result.ok or result.intent == "new_query"  # never a silent edit of the edited SQL
    if result.ok:
        assert "FROM users" not in result.query
    else:
        assert workflow.state.current is before


def test_a_conversation_resumed_with_sql_only_is_refined_too(workflow: InteractiveWorkflow,
                                                            fixture_rows: sqlite3.Connection) -> None:
    """A restored turn has SQL and no spec, like an adopted one: the engine reads the SQL."""
    from dataclasses import replace

    workflow.process_turn("Show orders that were cancelled")
    current = workflow.state.current
    restored = replace(current, outcome=replace(current.outcome, spec=None))
    workflow.swap(replace(workflow.state, current=restored, turns=(*workflow.state.turns[:-1], restored)))
    result = workflow.process_turn("top 3")
    assert result.ok and result.intent == "refinement"
    gold = _rows(fixture_rows, "SELECT * FROM orders WHERE status = 'cancelled' ORDER BY total_amount DESC LIMIT 3")
    assert [tuple(row[:len(gold[0])]) for row in result.result.rows] == gold  # the orders, and whose they are


# -- the REPL: /edit, and the confirmation's "e" --------------------------------------------------------


def _chat(workflow: InteractiveWorkflow, typed: str) -> tuple[str, ChatApp]:
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        pipe.close()
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        app = ChatApp(workflow, session=session, output=PlainTextOutput(buffer))
        app.run()
    return buffer.getvalue().replace("\r\n", "\n"), app


def test_repl_confirmation_edit_adopts_the_edited_line(ecommerce_db, shop_engine,
                                                       fixture_rows: sqlite3.Connection) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=None, confirm_below=1.0)
    # "e" puts the SQL in the next prompt; the typed text is appended to it before Enter
    out, app = _chat(wf, "Show all orders\ne\n WHERE status = 'cancelled'\n/history\n/exit\n")
    state = app.workflow.state
    assert state.current is not None and state.current.query == "SELECT * FROM orders WHERE status = 'cancelled'"
    assert state.current.text.startswith("/edit ") and state.current.outcome.spec is None
    assert ADOPTED_EXPLANATION in out
    cancelled = _rows(fixture_rows, "SELECT COUNT(*) FROM orders WHERE status = 'cancelled'")[0][0]
    assert f"({cancelled:,} rows, " in out  # the row line, then the time it took


def test_repl_edit_command_runs_the_editor(ecommerce_db, shop_engine, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _editor(tmp_path, monkeypatch, _replacing("SELECT *", "SELECT id, status"))
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=5, clarify="auto")
    out, app = _chat(wf, "Show all orders\n/edit\ntop 3\n/exit\n")
    turns = app.workflow.state.turns
    assert [t.text for t in turns] == ["Show all orders", "/edit", "top 3"] and all(t.ok for t in turns)
    assert turns[1].query == "SELECT id, status FROM orders"
    assert "refinement of turn 2" in out and "(SELECT id, status FROM orders) AS orders" in turns[2].query


def test_the_spinner_is_not_drawn_over_the_editor(ecommerce_db, shop_engine, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor owns the terminal while it runs: a spinner frame every 0.1 s would land on its screen."""
    _editor(tmp_path, monkeypatch, "import time; time.sleep(0.6)")
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=5, clarify="auto")
    _, app = _chat(wf, "Show all orders\n/exit\n")
    drawn = io.StringIO()
    app.spinner = Spinner(drawn)
    app.spinner.start()
    app._edit("SELECT * FROM orders")
    assert drawn.getvalue() == ""  # stopped before the spinner's first frame (0.15 s), not after 0.6 s
    app.spinner.stop()


def test_a_script_has_no_editor_and_says_to_give_the_sql(ecommerce_path: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from nl2sql.cli import cli

    seen = _editor(tmp_path, monkeypatch, "")
    run = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "Show all orders", "/edit"], input="")
    assert run.exit_code == 1 and "No editor outside the REPL; give the SQL instead: /edit SELECT" in run.output
    assert not seen.exists()  # the editor never ran


# -- the model engine refines adopted SQL from its SQL -------------------------------------------------


def test_model_engine_refines_the_edited_sql(ecommerce_db, server: ScriptedServer) -> None:
    engine = make_engine("llm", today=TODAY, model=ModelChoice("openai/test-model", server.url, None, 5.0))
    wf = InteractiveWorkflow(ecommerce_db, engine, max_rows=None, confirm_below=0.0)
    assert wf.process_turn("/edit SELECT * FROM payments WHERE method = 'paypal'").ok
    server.reply_sql("SELECT * FROM payments WHERE method = 'paypal' AND status = 'failed'")
    result = wf.process_turn("only the failed ones")
    assert result.ok and result.intent == "refinement"
    assert "SELECT * FROM payments WHERE method = 'paypal'" in server.prompt_text()
    assert wf.state.current.query == "SELECT * FROM payments WHERE method = 'paypal' AND status = 'failed'"


# -- ask: /edit SQL... for scripts ---------------------------------------------------------------------


def test_ask_edit_with_the_statement_then_refine(ecommerce_path: Path, fixture_rows: sqlite3.Connection) -> None:
    import json

    from click.testing import CliRunner

    from nl2sql.cli import cli

    sql = "SELECT id, status, total_amount FROM orders WHERE total_amount > 1000"
    args = ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(), "--format", "json",
            "--clarify", "auto", "--", f"/edit {sql}", "top 3"]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    adopted, refined = [json.loads(line) for line in out.output.splitlines() if line.startswith("{")]
    assert adopted["query"] == sql and adopted["intent"] == "new_query" and adopted["error"] is None
    assert refined["intent"] == "refinement" and refined["refinesTurn"] == 1
    top = _rows(fixture_rows, f"SELECT * FROM ({sql}) ORDER BY total_amount DESC LIMIT 3")
    assert [tuple(r) for r in refined["rows"]] == top


# -- another dialect: DuckDB names unnamed columns its own way and leaves ties in its own order -----


def test_duckdb_edited_sql_with_unnamed_columns_and_a_positional_order(ecommerce_duckdb, engine,
                                                                       fixture_rows: sqlite3.Connection) -> None:
    wf = InteractiveWorkflow(ecommerce_duckdb, engine, max_rows=None, clarify="auto")
    sql = ("SELECT u.country, COUNT(*), SUM(o.total_amount) FROM users u JOIN orders o ON o.user_id = u.id "
           "GROUP BY u.country ORDER BY 2 DESC")
    top = _adopt_then(wf, sql, "top 3")
    reference = _rows(fixture_rows, "SELECT u.country, COUNT(*) FROM users u JOIN orders o ON o.user_id = u.id "
                                    "GROUP BY u.country ORDER BY 2 DESC LIMIT 3")
    assert [tuple(r[:2]) for r in top.result.rows] == reference
    listed = _adopt_then(wf, "SELECT id, created_at, total_amount FROM orders WHERE total_amount > 500",
                         "only from last month", "descending")  # no order of its own: no row ids to lean on
    expected = _rows(fixture_rows, "SELECT id, created_at, total_amount FROM orders WHERE total_amount > 500 "
                                   "AND created_at >= '2026-05-01' AND created_at < '2026-06-01' "
                                   "ORDER BY total_amount DESC")
    rows = list(listed.result.rows)
    assert [r[2] for r in rows] == [r[2] for r in expected] and sorted(rows) == sorted(expected)  # ties in any order


def test_chart_and_export_use_the_sql_result_on_screen_until_the_conversation_moves_on(
        workflow: InteractiveWorkflow, tmp_path: Path, fixture_rows: sqlite3.Connection) -> None:
    """/sql rows on screen are what /export writes and /chart draws (as in pgcli); the follow-up still
    refines the question's query, and once a new turn is answered its rows are the ones exported."""
    assert workflow.process_turn("/chart").error is not None  # nothing shown yet
    question = workflow.process_turn("Show all orders")
    sql = "SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY status"
    assert workflow.process_turn(f"/sql {sql}").ok
    assert workflow.process_turn(f"/export {tmp_path / 'raw.csv'}").ok
    with (tmp_path / "raw.csv").open() as written:
        assert [tuple(r) for r in list(csv.reader(written))[1:]] == [(s, str(n)) for s, n in _rows(fixture_rows, sql)]
    assert "cancelled" in workflow.process_turn("/chart").message
    assert workflow.process_turn("/history").ok  # a command that shows no rows leaves the /sql rows on screen
    assert "cancelled" in workflow.process_turn("/chart").message
    workflow.process_turn("/clear")  # the screen's rows belong to a conversation that is gone
    assert workflow.process_turn(f"/export {tmp_path / 'gone.csv'}").error is not None
    assert not (tmp_path / "gone.csv").exists()
    question = workflow.process_turn("Show all orders")
    assert workflow.process_turn(f"/sql {sql}").ok and workflow.process_turn("How many users are there?").ok
    workflow.process_turn("/undo")  # back to the orders: their rows are on screen, not the /sql ones
    assert workflow.process_turn(f"/export {tmp_path / 'undone.csv'}").ok
    with (tmp_path / "undone.csv").open() as written:
        assert next(csv.reader(written)) != ["status", "n"]
    top = workflow.process_turn("top 3")
    assert top.intent == "refinement" and top.query.startswith(question.query)
    assert workflow.process_turn(f"/export {tmp_path / 'top.csv'}").ok
    with (tmp_path / "top.csv").open() as written:
        assert len(list(csv.reader(written))) == 1 + 3


def test_an_edited_new_question_is_a_new_query_not_a_refinement_of_the_last(ecommerce_db, engine) -> None:
    """A new question waiting for its yes, edited by hand: it stands for that new question, so it refines
    nothing (it was labelled a refinement of whatever query came before it)."""
    wf = InteractiveWorkflow(ecommerce_db, engine, max_rows=None, confirm_below=1.0)
    assert wf.process_turn("Show all orders").request is not None
    assert wf.process_turn("y").ok
    waiting = wf.process_turn("How many users are there?")
    assert waiting.request is not None and waiting.intent == "new_query"
    edited = wf.process_turn("/edit SELECT name, country FROM users WHERE country = 'France'")
    assert edited.ok and edited.intent == "new_query" and edited.refines_turn is None
    assert wf.state.current.question == "How many users are there?"
    refining = wf.process_turn("sort by name")  # the adopted query is the current one: follow-ups refine it
    while refining.request is not None:  # the engine confirms a change to SQL it did not write
        refining = wf.process_turn("y")
    assert refining.intent == "refinement" and refining.refines_turn == edited.turn_number
