"""/save, /sessions, /resume and chat --resume, /undo and /export-session on the ecommerce fixture: real
files in the test's own data directory, real permission bits, the real CLI in a subprocess."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql import fixtures
from nl2sql.db import open_database
from nl2sql.db.targets import redact
from nl2sql.dialog.state import ConversationState, Turn
from nl2sql.domain import load_domain
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.paths import data_dir
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.test_repl import _chat

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def shop(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")


def _fresh(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    """Another session on the same database, as a new ``nl2sql chat`` would open."""
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")


def _ask(wf: InteractiveWorkflow, question: str) -> str:
    result = wf.process_turn(question)
    assert result.ok and result.query, result.error
    return result.query


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nl2sql", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=300, input=stdin, env=os.environ.copy())


# -- /save -----------------------------------------------------------------------------------------


def test_save_writes_the_conversation_as_private_json(shop, ecommerce_db) -> None:
    first = _ask(shop, "Show me all users")
    second = _ask(shop, "sort them by name")
    assert not shop.process_turn("fly me to the moon").ok
    saved = shop.process_turn("/save shop-1")
    assert saved.ok and "Saved 3 turns as 'shop-1'" in (saved.message or "")
    path = data_dir() / "sessions" / "shop-1.json"
    assert _mode(path) == 0o600 and _mode(path.parent) == 0o700 and _mode(data_dir()) == 0o700
    data = json.loads(path.read_text())
    assert data["sessionId"] == shop.state.session_id and data["current"] == 2 and data["turnCount"] == 3
    assert data["database"] == ecommerce_db.display_name and data["identity"] == ecommerce_db.identity
    assert [t["text"] for t in data["turns"]] == ["Show me all users", "sort them by name", "fly me to the moon"]
    assert [t["query"] for t in data["turns"]] == [first, second, None]
    assert data["turns"][1]["intent"] == "refinement" and data["turns"][1]["refinementSummary"] == "sorted by name"
    assert "I could not match" in data["turns"][2]["error"]
    assert all("outcome" not in t and "rows" not in t for t in data["turns"])  # no result rows are kept
    assert [p.name for p in path.parent.iterdir()] == ["shop-1.json"]  # no temporary file left


def test_a_data_folder_that_cannot_be_made_is_one_line(shop, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("NL2SQL_DATA_DIR", str(blocker))
    _ask(shop, "How many users are there?")
    for typed in ("/save kept", "/sessions", "/resume kept"):
        result = shop.process_turn(typed)
        assert result.error is not None and "Cannot use the folder for saved sessions" in result.error.message
    assert shop.process_turn("How many orders are there?").ok  # the session goes on


@pytest.mark.parametrize(("typed", "says"), [
    ("/save", "Usage: /save NAME"),
    ("/save a b", "Usage: /save NAME"),
    ("/save ../escape", "letters, digits, - or _"),
    ("/save bad.name", "letters, digits, - or _"),
])
def test_save_refuses_bad_names(shop, typed: str, says: str) -> None:
    _ask(shop, "How many users are there?")
    result = shop.process_turn(typed)
    assert result.error is not None and says in result.error.message
    assert not (data_dir() / "sessions").exists() or list((data_dir() / "sessions").iterdir()) == []


def test_save_with_nothing_to_save_says_so(shop) -> None:
    result = shop.process_turn("/save empty")
    assert result.error is not None and "Nothing to save yet" in result.error.message


def test_after_clear_saving_under_the_same_name_needs_force(shop) -> None:
    """/clear keeps the session id but starts the conversation again: saving it over the old one would lose
    the old turns, so it is refused as another conversation's would be."""
    _ask(shop, "How many users are there?")
    assert shop.process_turn("/save s1").ok
    shop.process_turn("/clear")
    _ask(shop, "How many products are there?")
    refused = shop.process_turn("/save s1")
    assert refused.error is not None and "--force" in refused.error.message
    assert "users" in (data_dir() / "sessions" / "s1.json").read_text()
    assert shop.process_turn("/save s1 --force").ok
    assert "products" in (data_dir() / "sessions" / "s1.json").read_text()


def test_saving_again_updates_and_another_conversation_needs_force(shop, ecommerce_db, shop_engine) -> None:
    _ask(shop, "How many users are there?")
    assert shop.process_turn("/save mine").ok
    _ask(shop, "How many orders are there?")
    assert shop.process_turn("/save mine").ok  # the same conversation, saved again: kept up to date
    path = data_dir() / "sessions" / "mine.json"
    assert len(json.loads(path.read_text())["turns"]) == 2
    other = _fresh(ecommerce_db, shop_engine)
    _ask(other, "How many products are there?")
    refused = other.process_turn("/save mine")
    assert refused.error is not None and "Another conversation is saved as 'mine'" in refused.error.message
    assert len(json.loads(path.read_text())["turns"]) == 2
    assert other.process_turn("/save mine --force").ok
    assert json.loads(path.read_text())["sessionId"] == other.state.session_id
    assert _mode(path) == 0o600


# -- /sessions and /resume -------------------------------------------------------------------------


def test_resume_brings_back_history_current_sql_and_result(shop, ecommerce_db, shop_engine) -> None:
    _ask(shop, "How many orders per status?")
    current_sql = _ask(shop, "Show me all users")
    assert shop.process_turn("/save work").ok
    history = shop.process_turn("/history").message
    again = _fresh(ecommerce_db, shop_engine)
    resumed = again.process_turn("/resume work")
    assert resumed.ok and "Resumed 'work': 2 turns" in (resumed.message or "") and "Warning" not in resumed.message
    assert resumed.query == current_sql and resumed.result is not None
    assert list(resumed.result.rows) == rows_of(ecommerce_db, current_sql)[:50]
    state = again.state
    assert state.session_id == shop.state.session_id and state.turn_count == 2 and state.current.number == 2
    assert again.process_turn("/history").message == history
    new = again.process_turn("How many products are there?")
    assert new.ok and new.turn_number == 3 and again.state.current.number == 3
    assert list(new.result.rows) == rows_of(ecommerce_db, "SELECT COUNT(*) FROM products")


def test_a_follow_up_after_resume_refines_the_resumed_query(shop, ecommerce_db, shop_engine) -> None:
    """The resumed query is run again and its question read again; the next follow-up edits it."""
    current_sql = _ask(shop, "Show me all users")
    assert shop.process_turn("/save work").ok
    again = _fresh(ecommerce_db, shop_engine)
    assert again.process_turn("/resume work").ok
    top = again.process_turn("only from France")
    assert top.ok and top.intent == "refinement" and top.query != current_sql
    countries = {row[top.result.columns.index("country")] for row in top.result.rows}
    assert countries == {"France"}
    assert len(top.result.rows) == min(50, len([r for r in rows_of(ecommerce_db, current_sql)
                                                if r[list(top.result.columns).index("country")] == "France"]))


def test_a_resumed_query_is_refined_as_the_engine_read_it_when_its_questions_read_the_same(
        shop, ecommerce_db, shop_engine) -> None:
    """The engine reads the saved questions again: when that gives the saved SQL, a follow-up edits the
    engine's own reading, exactly as it would have before the save; when it does not (a clarification
    answered other than by default), the saved SQL is refined as a statement, as before."""
    _ask(shop, "list all orders")
    _ask(shop, "from last month")
    assert shop.process_turn("/save chain").ok
    before = shop.process_turn("only cancelled ones")
    again = _fresh(ecommerce_db, shop_engine)
    assert again.process_turn("/resume chain").ok
    after = again.process_turn("only cancelled ones")
    assert after.intent == "refinement" and after.query == before.query and "AS orders" not in after.query
    asked = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="ask")
    waiting = asked.process_turn("Who are our best customers?")
    assert waiting.request is not None
    from nl2sql.workflows.dialogue import PairsActor, settle

    answered = settle(asked, waiting, PairsActor(("1=2",)))  # by number of orders, not the default total
    assert answered.ok and "COUNT(" in answered.query
    assert asked.process_turn("/save asked").ok
    resumed = _fresh(ecommerce_db, shop_engine)
    assert resumed.process_turn("/resume asked").query == answered.query
    assert resumed.state.current.outcome.spec is None  # read again, the question gives the default: SQL kept


def test_sessions_lists_saved_ones_and_names_a_damaged_file(shop, ecommerce_db) -> None:
    assert "No saved sessions yet" in (shop.process_turn("/sessions").message or "")
    _ask(shop, "How many users are there?")
    assert shop.process_turn("/save alpha").ok
    (data_dir() / "sessions" / "broken.json").write_text('{"format": 1, "turns": [')
    listed = shop.process_turn("/sessions")
    assert listed.ok
    lines = (listed.message or "").splitlines()
    assert lines[0].split() == ["name", "database", "turns", "saved"]
    assert lines[1].split()[:3] == ["alpha", ecommerce_db.display_name, "1"] and lines[1].endswith("UTC")
    assert lines[2].startswith("broken: The saved session 'broken' is damaged (not JSON")
    failed = shop.process_turn("/resume broken")
    assert failed.error is not None and "damaged" in failed.error.message
    assert shop.state.current is not None and shop.state.turn_count == 1  # the session goes on as it was
    assert shop.process_turn("How many orders are there?").ok


@pytest.mark.parametrize("content", [
    "not json at all",
    "[" * 100_000,
    "\udcff not utf-8",
    '["a list"]',
    '{"format": 1}',
    '{"format": 99, "turns": []}',
    '{"format": 1, "name": "x", "sessionId": "s", "database": "d", "identity": "i", "savedAt": "t", '
    '"turnCount": 1, "current": 1, "pruned": 0, "since": 0, "turns": [{"number": "one", "text": "q"}]}',
    '{"format": 1, "name": "x", "sessionId": "s", "database": "d", "identity": "i", "savedAt": "t", '
    '"turnCount": 1, "current": 5, "pruned": 0, "since": 0, "turns": [{"number": 1, "text": "q", "query": "S"}]}',
])
def test_a_damaged_session_file_is_one_line_and_exit_2(ecommerce_path: Path, content: str) -> None:
    folder = data_dir() / "sessions"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_bytes(content.encode("utf-8", "surrogateescape"))  # \udcff: a 0xff byte
    run = _cli("chat", "--db", str(ecommerce_path), "--resume", "bad", stdin="/exit\n")
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert run.stderr.startswith("Error: The saved session 'bad' is damaged (") and "bad.json" in run.stderr


def test_resume_of_an_unknown_or_badly_named_session_exits_2(ecommerce_path: Path) -> None:
    unknown = _cli("chat", "--db", str(ecommerce_path), "--resume", "nope", stdin="/exit\n")
    assert unknown.returncode == 2 and "No saved session named 'nope'" in unknown.stderr
    escape = _cli("chat", "--db", str(ecommerce_path), "--resume", "../../etc/passwd", stdin="/exit\n")
    assert escape.returncode == 2 and "letters, digits, - or _" in escape.stderr


def test_chat_resume_through_the_cli(ecommerce_path: Path) -> None:
    base = ("chat", "--db", str(ecommerce_path), "--today", TODAY.isoformat(), "--clarify", "auto")
    first = _cli(*base, stdin="How many orders per status?\nShow me all users\n/save daily\n/exit\n")
    assert first.returncode == 0 and "Saved 2 turns as 'daily'" in first.stdout, first.stdout + first.stderr
    second = _cli(*base, "--resume", "daily", stdin="/history\nHow many products are there?\n/history\n/exit\n")
    out = second.stdout
    assert second.returncode == 0, out + second.stderr
    assert "Resumed 'daily': 2 turns" in out and "Current: turn 2, 'Show me all users'" in out
    assert "SELECT * FROM users" in out and "showing 50 of 1,000 rows" in out
    assert "  1  new_query   How many orders per status?" in out
    assert "  3  new_query   How many products are there?" in out


def test_resume_on_another_database_warns_and_starts_afresh(shop, tmp_path: Path) -> None:
    _ask(shop, "How many orders per status?")
    assert shop.process_turn("/save elsewhere").ok
    other_path = tmp_path / "zoo.db"
    with closing(sqlite3.connect(other_path)) as conn:
        conn.executescript("CREATE TABLE animals (id INTEGER PRIMARY KEY, name TEXT); "
                           "INSERT INTO animals VALUES (1, 'Leo');")
    other = open_database(str(other_path))
    try:
        wf = InteractiveWorkflow(other, BuiltinEngine(today=TODAY), max_rows=50, clarify="auto")
        resumed = wf.process_turn("/resume elsewhere")
        message = resumed.message or ""
        assert resumed.ok and "Warning: 'elsewhere' was saved on" in message and "zoo.db" in message
        assert "did not run again" in message and "the next question starts afresh" in message
        assert wf.state.current is None and [t.number for t in wf.state.turns] == [1]
        assert wf.process_turn("How many animals are there?").ok
    finally:
        other.close()


def test_answers_to_clarifications_are_kept_across_a_resume(ecommerce_db, shop_engine) -> None:
    asking = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="ask")
    assert asking.process_turn("Who are our best customers?").request is not None
    assert asking.process_turn("2").ok
    assert asking.process_turn("/save ranked").ok
    again = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="ask")
    assert again.process_turn("/resume ranked").ok
    assert again.state.answered == asking.state.answered != ()
    unsaved = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="ask")
    assert unsaved.process_turn("Who are our best customers?").request is not None  # without the save: asked
    repeat = again.process_turn("Who are our best customers?")
    assert repeat.request is None and repeat.ok and "COUNT(orders.id)" in repeat.query  # not asked twice


# -- /undo -----------------------------------------------------------------------------------------


def test_undo_returns_to_the_previous_query_and_result(shop, ecommerce_db) -> None:
    users = _ask(shop, "Show me all users")
    _ask(shop, "Only from last month")
    assert not shop.process_turn("fly me to the moon").ok  # a failed turn is never gone back to
    before = shop.state
    undone = shop.process_turn("/undo")
    assert undone.ok and "Back to turn 1" in (undone.message or "")
    assert undone.query == users and list(undone.result.rows) == rows_of(ecommerce_db, users)[:50]
    assert before.current.number == 2  # a new state: the one before is untouched
    assert shop.state.current.number == 1 and shop.state.turns == before.turns  # /history keeps every turn
    refined = shop.process_turn("sort them by name")
    assert refined.ok and refined.refines_turn == 1 and "created_at" not in refined.query
    assert refined.query == f"{users} ORDER BY name ASC"


def test_nothing_to_undo_is_said_plainly(shop) -> None:
    assert "Nothing to undo" in shop.process_turn("/undo").error.message
    _ask(shop, "How many users are there?")
    assert "Nothing to undo" in shop.process_turn("/undo").error.message
    assert shop.state.current.number == 1


def test_undo_after_resume_runs_the_earlier_query_again(shop, ecommerce_db, shop_engine) -> None:
    statuses = _ask(shop, "How many orders per status?")
    _ask(shop, "How many users are there?")
    assert shop.process_turn("/save two").ok
    again = _fresh(ecommerce_db, shop_engine)
    assert again.process_turn("/resume two").ok
    assert again.state.turns[0].outcome is None  # only the current turn's result is rebuilt on resume
    undone = again.process_turn("/undo")
    assert undone.ok and undone.query == statuses
    assert sorted(undone.result.rows) == sorted(rows_of(ecommerce_db, statuses))
    assert again.state.current.outcome is not None and again.state.turns[0].outcome is not None


def test_undone_is_a_new_state_over_the_successful_turns() -> None:
    turns = (Turn(1, "a", "new_query", query="SELECT 1", outcome="r1"), Turn(2, "b", "new_query", error="no"),
             Turn(3, "c", "refinement", query="SELECT 3", outcome="r3"))
    state: ConversationState = ConversationState(turns=turns, turn_count=3, current=turns[2])
    back = state.undone()
    assert back is not None and back.current is turns[0] and back.turns == turns and state.current is turns[2]
    assert back.undone() is None
    assert ConversationState().undone() is None


# -- /export-session -------------------------------------------------------------------------------


def test_export_session_writes_questions_sql_and_result_excerpts(shop, tmp_path: Path) -> None:
    users = _ask(shop, "Show me all users")
    _ask(shop, "sort them by name")
    assert not shop.process_turn("fly me to the moon").ok
    target = tmp_path / "notes.md"
    done = shop.process_turn(f"/export-session {target}")
    assert done.ok and f"Wrote 3 turns to {target}" in (done.message or "")
    text = target.read_text()
    assert text.startswith("# nl2sql session")
    assert "## Turn 1: Show me all users" in text and f"```sql\n{users}\n```" in text
    assert "## Turn 2: sort them by name" in text and "*refinement*: sorted by name" in text
    assert "## Turn 3: fly me to the moon" in text and "**Error:** I could not match" in text
    first_table = text.split("## Turn 1")[1].split("## Turn 2")[0]
    assert sum(1 for line in first_table.splitlines() if line.startswith("|")) == 12  # header, rule, 10 rows
    assert "*(showing 10 of 1,000 rows)*" in first_table
    refused = shop.process_turn(f"/export-session {target}")
    assert refused.error is not None and "already exists" in refused.error.message
    assert shop.process_turn(f"/export-session {target} --force").ok
    wrong = shop.process_turn(f"/export-session {tmp_path / 'notes.txt'}")
    assert wrong.error is not None and ".md" in wrong.error.message and not (tmp_path / "notes.txt").exists()


def test_export_session_after_resume_runs_the_older_queries_for_their_excerpts(shop, ecommerce_db, shop_engine,
                                                                                tmp_path: Path) -> None:
    _ask(shop, "How many orders per status?")
    _ask(shop, "How many users are there?")
    assert shop.process_turn("/save two").ok
    again = _fresh(ecommerce_db, shop_engine)
    assert again.process_turn("/resume two").ok
    assert again.process_turn(f"/export-session {tmp_path / 's.md'}").ok
    text = (tmp_path / "s.md").read_text()
    assert "| delivered" in text and "| cancelled" in text


# -- the REPL ---------------------------------------------------------------------------------------


def test_save_sessions_undo_and_resume_through_the_repl(shop, ecommerce_db, shop_engine) -> None:
    out, _app = _chat(shop, "How many orders per status?\nHow many users are there?\n/save repl\n/sessions\n"
                            "/undo\n/exit\n")
    assert "Saved 2 turns as 'repl'" in out and "repl" in out.split("Saved")[1]
    assert "Back to turn 1: 'How many orders per status?'" in out and "delivered" in out.split("Back to turn 1")[1]
    again = _fresh(ecommerce_db, shop_engine)
    out, app = _chat(again, "/resume repl\n/history\n/exit\n")
    assert "Resumed 'repl'" in out and "  2  new_query   How many users are there?" in out
    assert app.workflow.state.current.number == 2  # the save was before the /undo


def test_chat_resume_shows_the_resumed_result_after_the_banner_as_a_turn(shop, ecommerce_db, shop_engine) -> None:
    """``chat --resume``: the banner first, then the resumed query's result drawn as any turn's (timed, and
    paged when long), not printed before the REPL starts."""
    import io

    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from prompt_toolkit.output.plain_text import PlainTextOutput

    from nl2sql.repl import ChatApp
    from nl2sql.workflows.session_commands import resume_session

    _ask(shop, "How many orders per status?")
    assert shop.process_turn("/save opening").ok
    again = _fresh(ecommerce_db, shop_engine)
    opening = resume_session(again, "opening")
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("/exit\n")
        ChatApp(again, session=PromptSession(input=pipe, output=DummyOutput()), output=PlainTextOutput(buffer)).run(
            opening)
    out = buffer.getvalue()
    assert out.index("nl2sql ") < out.index("Resumed 'opening'") < out.index("delivered") < out.index("Bye.")
    assert " ms)" in out.split("Resumed 'opening'")[1]  # drawn as a turn's result: with its time


# -- secrets ---------------------------------------------------------------------------------------


def test_a_server_password_is_never_written_to_a_saved_session(ecommerce_pg, ecommerce_pg_url: str,
                                                                 tmp_path: Path) -> None:
    from tests.pg_server import SUPER_PASSWORD

    assert SUPER_PASSWORD in ecommerce_pg_url
    engine = BuiltinEngine(today=TODAY, domain=load_domain(fixtures.domain_file("ecommerce"), ecommerce_pg.schema))
    wf = InteractiveWorkflow(ecommerce_pg, engine, max_rows=50, clarify="auto")
    _ask(wf, "How many categories are there?")
    assert wf.process_turn("/save pg").ok
    assert wf.process_turn(f"/export-session {tmp_path / 'pg.md'}").ok
    saved = (data_dir() / "sessions" / "pg.json").read_text()
    assert SUPER_PASSWORD not in saved and SUPER_PASSWORD not in (tmp_path / "pg.md").read_text()
    assert json.loads(saved)["identity"] == redact(ecommerce_pg.identity)
    again = InteractiveWorkflow(ecommerce_pg, engine, max_rows=50, clarify="auto")
    resumed = again.process_turn("/resume pg")
    assert resumed.ok and "Warning" not in (resumed.message or "") and resumed.result.rows == ((8,),)
