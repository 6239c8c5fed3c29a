"""/history and /export-session show each statement pretty-printed and capped to its first lines;
/history N shows turn N's statement whole."""

from __future__ import annotations

from pathlib import Path

from nl2sql.statements import SHOWN_LINES, capped, pretty
from nl2sql.workflows.interactive import InteractiveWorkflow

LONG = "Total amount of orders per user country, top 5"


def _asked(workflow: InteractiveWorkflow, question: str) -> str:
    result = workflow.process_turn(question)
    assert result.ok and result.query, result.error
    return result.query


def test_history_caps_a_long_statement_and_names_the_command_that_shows_it(workflow: InteractiveWorkflow) -> None:
    short = _asked(workflow, "List all orders")
    long = _asked(workflow, LONG)
    whole = pretty(long, "sqlite").splitlines()
    assert len(whole) > SHOWN_LINES, whole  # the question must make a statement longer than the cap
    listed = workflow.process_turn("/history").message or ""
    assert listed.startswith(f"  1  new_query   List all orders\n       {short}\n  2  new_query   {LONG}\n")
    shown = ["       " + line for line in whole[:SHOWN_LINES]]
    more = len(whole) - SHOWN_LINES
    assert listed.endswith("\n".join(shown) + f"\n       ({more} more line{'s' if more != 1 else ''}; "
                           "/history 2 shows all)"), listed
    one = workflow.process_turn("/history 2")
    assert one.ok and one.message == "\n".join([f"  2  new_query   {LONG}", *("       " + w for w in whole)])
    missing = workflow.process_turn("/history 7")
    assert missing.error is not None and missing.error.message == \
        "There is no turn 7 in this conversation; /history lists them."


def test_history_says_a_failed_turn_failed(workflow: InteractiveWorkflow) -> None:
    assert not workflow.process_turn("fly me to the moon").ok
    listed = workflow.process_turn("/history").message or ""
    assert listed.startswith("  1  new_query   fly me to the moon\n       (no SQL)\n       failed: I could not match")


def test_export_session_caps_the_statement_too(workflow: InteractiveWorkflow, tmp_path: Path) -> None:
    long = _asked(workflow, LONG)
    target = tmp_path / "notes.md"
    assert workflow.process_turn(f"/export-session {target}").ok
    text = target.read_text()
    lines, note = capped(long, "sqlite", 1)
    assert note is not None and "```sql\n" + "\n".join(lines) + f"\n```\n*{note}*\n" in text


def test_a_short_statement_stays_on_one_line_and_unreadable_sql_is_kept_as_written() -> None:
    assert capped("SELECT name FROM users", "sqlite", 1) == (["SELECT name FROM users"], None)
    assert pretty("SELECT FROM WHERE (", "sqlite") == "SELECT FROM WHERE ("
    assert pretty("select a, b from t where x = 1", "postgres") == "SELECT\n  a,\n  b\nFROM t\nWHERE\n  x = 1"
