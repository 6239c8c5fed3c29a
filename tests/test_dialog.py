"""Intent detection and the immutable conversation state."""

from __future__ import annotations

import pytest

from nl2sql.dialog import MAX_TURNS, NEW_QUERY, REFINEMENT, ConversationState, DialogManager, Turn
from nl2sql.dialog.intent import IntentDecision, Readings, ReadingView

WITH_QUERY = ConversationState().commit(Turn(1, "Show me all orders", NEW_QUERY, query="SELECT * FROM orders"))


def test_without_a_query_everything_is_new() -> None:
    decision = DialogManager().detect_intent("only delivered ones", False)
    assert decision.intent == NEW_QUERY and decision.confidence == "high"


@pytest.mark.parametrize("text", [
    "only delivered ones", "from last month", "newest first", "sort them by name", "what about France?",
    "top 3", "how many?", "just the names", "more expensive than 100", "exclude cancelled",
    "for products in Books", "and sort by price",
])
def test_follow_ups_refine(text: str) -> None:
    decision = DialogManager().detect_intent(text, WITH_QUERY.has_query)
    assert decision.intent == REFINEMENT
    assert decision.confidence in ("high", "medium")


@pytest.mark.parametrize("text", [
    "How many categories are there?", "Show me all users", "List products in Sports sorted by name",
    "Which country has the largest number of users?", "Number of reviews per category",
    "Top 5 categories by quantity sold",
])
def test_standalone_questions_are_new(text: str) -> None:
    assert DialogManager().detect_intent(text, WITH_QUERY.has_query).intent == NEW_QUERY


def test_unclear_lines_refine_with_low_confidence_and_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    decision = DialogManager().detect_intent("Consumer users in Australia", WITH_QUERY.has_query)
    assert (decision.intent, decision.confidence) == (REFINEMENT, "low")
    assert "unclear" in caplog.text


def test_commit_returns_a_new_state_and_keeps_the_old_one() -> None:
    before = WITH_QUERY
    after = before.commit(Turn(2, "only paid", REFINEMENT, query="SELECT 2"))
    assert len(before.turns) == 1 and before.current.query == "SELECT * FROM orders"
    assert len(after.turns) == 2 and after.current.query == "SELECT 2"
    assert after.session_id == before.session_id


def test_failed_turn_is_recorded_but_the_current_query_stays() -> None:
    after = WITH_QUERY.commit(Turn(2, "gibberish", REFINEMENT, error="not understood"))
    assert after.turns[-1].error == "not understood" and not after.turns[-1].ok
    assert after.current is WITH_QUERY.current
    assert after.turn_count == 2


def test_history_is_pruned_to_the_last_ten_turns() -> None:
    state = ConversationState()
    for n in range(1, 26):
        state = state.commit(Turn(n, f"q{n}", NEW_QUERY, query=f"SELECT {n}"))
    assert len(state.turns) == MAX_TURNS
    assert [t.number for t in state.turns] == list(range(16, 26))
    assert state.next_turn_number == 26


def test_clear_keeps_only_the_session_id() -> None:
    cleared = WITH_QUERY.cleared()
    assert cleared.session_id == WITH_QUERY.session_id
    assert cleared.turns == () and cleared.current is None and cleared.next_turn_number == 1


def test_new_keeps_history_but_drops_the_current_query() -> None:
    fresh = WITH_QUERY.without_query()
    assert fresh.turns == WITH_QUERY.turns and fresh.current is None
    assert DialogManager().detect_intent("only delivered ones", fresh.has_query).intent == NEW_QUERY


def test_the_manager_names_the_readings_it_needs_and_decides_on_values() -> None:
    """No call back into a workflow: the manager asks for readings by name and decides on them."""
    manager = DialogManager()
    clear = manager.detect_intent("only delivered ones", True)
    assert clear.intent == REFINEMENT and manager.wanted(clear, True, Readings()) == REFINEMENT
    whole = Readings().with_(REFINEMENT, ReadingView(1.0))
    assert manager.wanted(clear, True, whole) is None  # a clear cue read word for word: no second reading
    assert manager.decide(clear, True, whole).intent == REFINEMENT
    weak = IntentDecision(REFINEMENT, "low", "short line")
    half = Readings().with_(REFINEMENT, ReadingView(0.4))
    assert manager.wanted(weak, True, half) == NEW_QUERY
    both = half.with_(NEW_QUERY, ReadingView(1.0, fresh=True))
    assert manager.wanted(weak, True, both) is None
    assert manager.decide(weak, True, both).intent == NEW_QUERY  # the reading that accounts for the line wins
    failed = Readings().with_(NEW_QUERY, None)
    unsure = IntentDecision(NEW_QUERY, "low", "no cue")
    assert manager.wanted(unsure, True, failed, both=False) == REFINEMENT  # a model: the other way only now
    partial = failed.with_(REFINEMENT, ReadingView(0.8))
    assert manager.decide(unsure, True, partial, both=False) == unsure  # never run as a partial edit
    edited = failed.with_(REFINEMENT, ReadingView(1.0))
    decided = manager.decide(unsure, True, edited, both=False)
    assert (decided.intent, decided.confidence) == (REFINEMENT, "low")
    assert manager.wanted(unsure, False, Readings()) is None and manager.decide(unsure, False, Readings()) == unsure
