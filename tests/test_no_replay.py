"""Resuming a saved session restores it and replays nothing: the slash commands among its saved lines
(a saved file is text anyone may have edited or sent) never run, so no file is written or replaced."""

from __future__ import annotations

import json
import os
from pathlib import Path

from nl2sql.paths import data_dir
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import rows_of


def _planted(shop: InteractiveWorkflow, name: str, target: Path) -> tuple[Path, str]:
    """A real conversation saved as ``name``, its file then given command lines between its questions,
    as a hand-edited or shared file may hold them. Returns the file and the current turn's SQL."""
    assert shop.process_turn("list all orders").ok
    current = shop.process_turn("from last month")
    assert current.ok and current.query
    assert shop.process_turn(f"/save {name}").ok
    path = data_dir() / "sessions" / f"{name}.json"
    data = json.loads(path.read_text())
    first, last = data["turns"]
    lines = ["/sql SELECT 'planted' AS x", f"/export {target} --force", f"/save {name} --force",
             f"/export-session {target.with_suffix('.md')} --force", "/clear"]
    extra = [{**first, "number": 0, "text": line, "intent": None, "query": None, "explanation": None,
              "error": None, "refinementSummary": None, "confidence": None} for line in lines]
    turns = [first, *extra, last]
    for number, turn in enumerate(turns, start=1):
        turn["number"] = number
    data.update(turns=turns, current=len(turns), turnCount=len(turns))
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path, current.query


def test_resume_runs_none_of_the_saved_commands(ecommerce_db, shop_engine, tmp_path: Path) -> None:
    shop = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")
    target = tmp_path / "mine.csv"
    session, sql = _planted(shop, "planted", target)
    target.write_bytes(b"the user's own file\n")
    os.utime(target, (1_000_000_000, 1_000_000_000))
    saved_bytes, saved_stat = session.read_bytes(), session.stat()
    again = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")
    resumed = again.process_turn("/resume planted")
    assert resumed.ok, resumed.error
    assert target.read_bytes() == b"the user's own file\n" and target.stat().st_mtime == 1_000_000_000
    assert not target.with_suffix(".md").exists()
    assert session.read_bytes() == saved_bytes and session.stat().st_mtime_ns == saved_stat.st_mtime_ns
    assert sorted(p.name for p in session.parent.iterdir()) == ["planted.json"]
    state = again.state  # the state as saved: every line kept, the current query run again
    assert [t.text for t in state.turns] == [t["text"] for t in json.loads(saved_bytes)["turns"]]
    assert state.current is not None and state.current.number == 7 and state.current.query == sql
    assert resumed.query == sql and list(resumed.result.rows) == rows_of(ecommerce_db, sql)[:50]
    assert again.raw_shown is None  # no /sql ran here either
    follow = again.process_turn("only cancelled ones")  # the conversation goes on from the saved query
    assert follow.ok and follow.intent == "refinement" and "cancelled" in follow.query
    assert {row[follow.result.columns.index("status")] for row in follow.result.rows} <= {"cancelled"}


def test_chat_resume_through_the_cli_writes_nothing(ecommerce_db, ecommerce_path: Path, shop_engine,
                                                    tmp_path: Path) -> None:
    from tests.test_sessions import _cli

    shop = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")
    target = tmp_path / "mine.csv"
    session, _sql = _planted(shop, "cli", target)
    target.write_bytes(b"keep me\n")
    saved_bytes = session.read_bytes()
    run = _cli("chat", "--db", str(ecommerce_path), "--resume", "cli", stdin="/exit\n")
    assert run.returncode == 0, run.stderr
    assert "Resumed 'cli'" in run.stdout and "Traceback" not in run.stderr
    assert target.read_bytes() == b"keep me\n" and session.read_bytes() == saved_bytes
    assert not target.with_suffix(".md").exists()


def test_a_conversation_with_an_edit_by_hand_resumes_at_the_edited_sql(ecommerce_db, shop_engine) -> None:
    """An /edit turn is saved as a line starting with /edit: resuming does not run it again, it takes the
    SQL the turn saved, and the next follow-up refines that statement."""
    shop = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")
    assert shop.process_turn("list all orders").ok
    edited = "SELECT id, status, total_amount FROM orders WHERE total_amount > 100"
    assert shop.process_turn(f"/edit {edited}").ok
    assert shop.process_turn("/save edited").ok
    saved = (data_dir() / "sessions" / "edited.json").read_bytes()
    again = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=50, clarify="auto")
    resumed = again.process_turn("/resume edited")
    assert resumed.ok and resumed.query == edited and again.state.current.text == f"/edit {edited}"
    assert list(resumed.result.rows) == rows_of(ecommerce_db, edited)[:50]
    assert (data_dir() / "sessions" / "edited.json").read_bytes() == saved
    follow = again.process_turn("only cancelled ones")
    assert follow.ok and follow.intent == "refinement"
    assert {row[follow.result.columns.index("status")] for row in follow.result.rows} == {"cancelled"}
    assert all(row[follow.result.columns.index("total_amount")] > 100 for row in follow.result.rows)
