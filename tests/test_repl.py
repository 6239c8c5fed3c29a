"""The REPL driven through a real PromptSession on pipe input, as a user would type."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from nl2sql.repl import ChatApp
from nl2sql.workflows import InteractiveWorkflow
from nl2sql.workflows.commands import help_text


def _chat(workflow: InteractiveWorkflow, typed: str) -> tuple[str, ChatApp]:
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        pipe.close()  # the end of the typed lines is the end of input (Ctrl-D), never a wait
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        app = ChatApp(workflow, session=session, output=PlainTextOutput(buffer))
        app.run()
    return buffer.getvalue().replace("\r\n", "\n"), app


@pytest.fixture
def capped(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    """What ``nl2sql chat --db ecommerce`` opens: the fixture with its domain config."""
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50)


def test_transcript_of_the_foundation_issue(capped: InteractiveWorkflow) -> None:
    typed = ("Show me all users\nOnly from last month\nsort them by name\n/new\n"
             "How many orders were cancelled?\n/clear\n/exit\n")
    out, app = _chat(capped, typed)
    assert "SELECT * FROM users" in out
    assert "showing 50 of 1,000 rows" in out
    assert "refinement of turn 1: added filter" in out
    assert "created_at >= '2026-05-01' AND created_at < '2026-06-01'" in out
    assert "refinement of turn 2: sorted by name" in out
    assert "status = 'cancelled'" in out
    assert "Conversation cleared." in out
    assert app.workflow.state.turns == () and app.workflow.state.next_turn_number == 1


def test_ctrl_c_drops_the_line_and_ctrl_d_quits(capped: InteractiveWorkflow) -> None:
    out, app = _chat(capped, "List all orders\x03How many users are there?\n\x04")
    assert "Bye." in out
    assert [t.text for t in app.workflow.state.turns] == ["How many users are there?"]


def test_clear_keeps_the_session_id(capped: InteractiveWorkflow) -> None:
    session_id = capped.state.session_id
    _out, app = _chat(capped, "List all orders\n/clear\nList all users\n/exit\n")
    state = app.workflow.state
    assert state.session_id == session_id
    assert [t.number for t in state.turns] == [1]


def test_slash_commands(capped: InteractiveWorkflow) -> None:
    out, _ = _chat(capped, "/help\n/schema\n/schema orders\n/sql SELECT COUNT(*) AS n FROM users\n"
                           "/sql DROP TABLE users\n/frobnicate\nList all orders\n/history\n/quit\n")
    assert help_text() in out
    assert "order_items" in out and "total_amount" in out
    assert "1,000" in out
    assert "refusing a DROP statement" in out
    assert "unknown command /frobnicate" in out.lower()
    assert "  1  new_query   List all orders  [SELECT * FROM orders]" in out


def test_errors_keep_the_session_going(capped: InteractiveWorkflow) -> None:
    out, app = _chat(capped, "fly me to the moon\nHow many users are there?\n/exit\n")
    assert "Error: I could not match" in out
    assert app.workflow.state.current is not None and app.workflow.state.current.ok


def test_toolbar_says_whether_the_next_line_refines(capped: InteractiveWorkflow) -> None:
    _out, app = _chat(capped, "/exit\n")
    assert "| new query |" in "".join(text for _, text in app.toolbar())  # 80 columns: the values, no labels
    capped.process_turn("List all orders")
    bar = "".join(text for _, text in app.toolbar())
    assert "| refines turn 1 |" in bar and "turn 2" in bar and "| builtin |" in bar


def test_a_partial_reading_shows_its_sql_and_what_it_left_out_before_it_runs(ecommerce_db, shop_engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=5)
    out, app = _chat(wf, "users older than 30\nn\nusers older than 30\ny\n/exit\n")
    asked = out.index("I did not use: 'older', '30' - run it? [Y/n/e]")
    assert out.rindex("SELECT * FROM users", 0, asked) < asked  # the SQL comes before the question
    assert "Not run." in out
    assert [t.text for t in app.workflow.state.turns] == ["users older than 30"]  # only the yes ran
