"""The REPL driven through a real PromptSession on pipe input, as a user would type."""

from __future__ import annotations

import dataclasses
import io
import threading

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from nl2sql.repl import ChatApp
from nl2sql.workflows import InteractiveWorkflow
from nl2sql.workflows.commands import help_text
from tests.conftest import rows_of


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
    assert "  1  new_query   List all orders\n       SELECT * FROM orders\n" in out


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


@pytest.mark.parametrize("bracketed", [False, True], ids=["key-by-key", "bracketed-paste"])
def test_a_100_kb_sql_line_is_answered_whole(capped: InteractiveWorkflow, ecommerce_db, bracketed: bool) -> None:
    """Issue 29: a pasted 100 KB /sql line got no answer after 300 s. It reaches the database whole and is
    answered, whether the terminal marks the paste or sends it key by key (tmux send-keys, a pipe): keys
    that arrive together are inserted together, so the prompt's line changes once per read of the
    terminal, not once per character (each change re-reads the line: that was the square)."""
    ids = ",".join(str(i % 1000 + 1) for i in range(26_000))
    sql = f"SELECT id, name FROM users WHERE id IN ({ids}) ORDER BY id"
    line = f"/sql {sql}"
    assert len(line) > 100_000
    capped.prefs = dataclasses.replace(capped.prefs, color=True)  # the prompt colours SQL, as on a terminal
    typed = (f"\x1b[200~{line}\x1b[201~" if bracketed else line) + "\n/exit\n"
    buffer, changes = io.StringIO(), []
    with create_pipe_input() as pipe:
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        session.default_buffer.on_text_changed += lambda _buffer: changes.append(1)
        app = ChatApp(capped, session=session, output=PlainTextOutput(buffer))

        def feed() -> None:  # a pipe holds 64 KB: the rest goes in as the prompt reads
            pipe.send_text(typed)
            pipe.close()

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        app.run()
        feeder.join(60)
    out = buffer.getvalue()
    assert "Raw SQL, run as typed." in out and "Error" not in out and "Bye." in out
    shown = app.workflow.raw_shown
    assert shown is not None and shown[1] == sql  # not a character lost, added or moved
    assert list(shown[2].rows) == rows_of(ecommerce_db, sql)[:50]
    assert len(changes) < len(line) // 100  # about one change per 1 KB read; once per key was 100,000


def test_a_quick_redraw_after_a_slow_one_leaves_the_pending_redraw_a_number(capped: InteractiveWorkflow) -> None:
    """A slow redraw (a fresh process, a busy machine) spaces the next one: prompt-toolkit schedules it
    to wait ``min_redraw_interval`` less the time gone when it comes due. A quick redraw in between
    must leave a number there (None made that subtraction an error printed over the session)."""
    import asyncio
    import time

    session: PromptSession[str] = PromptSession(input=None, output=DummyOutput())
    app = ChatApp(capped, session=session, output=PlainTextOutput(io.StringIO()))
    app._before_redraw(None)
    time.sleep(0.02)
    app._after_redraw(None)  # slow: the next redraw is spaced
    assert session.app.min_redraw_interval > 0
    app._before_redraw(None)
    app._after_redraw(None)  # quick: nothing held back
    asyncio.run(asyncio.sleep(max(0.0, session.app.min_redraw_interval - 0.01)))  # what the pending redraw does
