"""InteractiveWorkflow: the interactive-refinement scenarios, end to end on the real fixture."""

from __future__ import annotations

import uuid

from nl2sql.dialog import AWAITING_CONFIRMATION
from nl2sql.dialog.questions import NO_SLOTS
from nl2sql.engines.base import Draft, RefinementContext
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import EngineError
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import rows_of


class RecordingEngine(BuiltinEngine):
    """The real built-in engine, with a record of what the workflow passed it."""

    def __init__(self, inner: BuiltinEngine, fail_next: bool = False) -> None:
        super().__init__(today=inner.today, domain=inner.domain)
        self.drafts: list[str] = []
        self.refinements: list[RefinementContext] = []
        self.fail_next = fail_next

    def draft(self, question, database, slots=NO_SLOTS, history=()) -> Draft:
        self.drafts.append(question)
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("engine crashed")
        return super().draft(question, database, slots, history)

    def refine(self, context, database) -> Draft:
        self.refinements.append(context)
        return super().refine(context, database)


def test_new_query_turn(workflow: InteractiveWorkflow, ecommerce_db) -> None:
    result = workflow.process_turn("Show users from Canada")
    assert result.ok and result.intent == "new_query" and result.turn_number == 1
    assert result.result.rows == tuple(rows_of(ecommerce_db, "SELECT * FROM users WHERE country = 'Canada'"))
    assert result.explanation and 0 <= result.confidence <= 1
    assert uuid.UUID(result.session_id)


def test_refinement_gets_the_right_context(ecommerce_db, shop_engine) -> None:
    spy = RecordingEngine(shop_engine)
    wf = InteractiveWorkflow(ecommerce_db, spy, max_rows=None)
    first = wf.process_turn("Show me all orders")
    second = wf.process_turn("only delivered ones")
    assert second.intent == "refinement" and second.refines_turn == 1
    (context,) = spy.refinements
    assert context.original_question == "Show me all orders"
    assert context.current_query == first.query
    assert context.feedback == "only delivered ones"
    assert context.previous_results is not None and context.previous_results.row_count <= 5
    assert second.refinement_summary and "delivered" in second.refinement_summary
    assert second.result.rows == tuple(rows_of(ecommerce_db, "SELECT * FROM orders WHERE status = 'delivered'"))


def test_routing_follows_the_intent(ecommerce_db, shop_engine) -> None:
    spy = RecordingEngine(shop_engine)
    wf = InteractiveWorkflow(ecommerce_db, spy)
    wf.process_turn("Show payments made with paypal")
    wf.process_turn("what about bkash?")
    wf.process_turn("How many categories are there?")
    assert spy.drafts == ["Show payments made with paypal", "How many categories are there?"]
    assert [c.feedback for c in spy.refinements] == ["what about bkash?"]


def test_enriched_result_fields(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("Number of users per country")
    result = workflow.process_turn("only business users")
    data = result.to_json()
    for key in ("query", "explanation", "confidence", "intent", "turnNumber", "sessionId",
                "conversationContext", "refinementSummary", "columns", "rows", "rowCount", "truncated",
                "confidenceScore", "clarification", "error"):
        assert key in data
    assert data["turnNumber"] == 2 and data["intent"] == "refinement"
    assert data["confidence"] in ("high", "medium", "low")
    context = data["conversationContext"]
    assert context["currentQuestion"] == "Number of users per country"
    assert context["currentQuery"] == result.query
    assert [t["turnNumber"] for t in context["recentTurns"]] == [1, 2]


def test_failed_turn_leaves_the_state_as_it_was(ecommerce_db, shop_engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine)
    good = wf.process_turn("Show me all orders")
    current = wf.state.current
    bad = wf.process_turn("What is the local time in Tokyo?")
    assert not bad.ok and bad.error.message and bad.turn_number == 2
    assert wf.state.current is current
    assert wf.state.turns[-1].error is not None
    follow = wf.process_turn("only delivered ones")  # right after a miss: shown first (test_ask_less.py)
    assert follow.mode == AWAITING_CONFIRMATION and follow.query is not None
    ran = wf.process_turn("y")
    assert ran.ok and ran.refines_turn == good.turn_number


def test_database_failure_is_an_error_result(ecommerce_db, engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, engine, timeout=0.2)
    wf.process_turn("Show me all orders")
    runaway = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n) SELECT COUNT(*) FROM n"
    result = wf.process_turn(f"/sql {runaway}")
    assert result.error is not None and result.error.can_retry
    assert wf.process_turn("only paid ones").ok


def test_engine_crash_keeps_the_session_usable(ecommerce_db, engine) -> None:
    spy = RecordingEngine(engine, fail_next=True)
    wf = InteractiveWorkflow(ecommerce_db, spy)
    crashed = wf.process_turn("Show me all orders")
    assert crashed.error is not None and "Internal error" in crashed.error.message
    assert wf.state.current is None
    assert wf.process_turn("Show me all orders").ok


def test_unparseable_question_says_what_it_did_not_understand(workflow: InteractiveWorkflow) -> None:
    result = workflow.process_turn("tell me about the weather in Paris")
    assert result.query is None and result.error is not None
    assert "weather" in result.error.message


def test_write_requests_are_refused(workflow: InteractiveWorkflow, ecommerce_db) -> None:
    result = workflow.process_turn("remove all reviews")
    assert result.query is None and "only reads" in result.error.message
    assert rows_of(ecommerce_db, "SELECT COUNT(*) FROM reviews") == [(3000,)]


def test_clear_keeps_the_session_id_and_restarts_numbering(workflow: InteractiveWorkflow) -> None:
    first = workflow.process_turn("Show me all orders")
    workflow.process_turn("only delivered ones")
    cleared = workflow.process_turn("/clear")
    assert cleared.intent is None and cleared.command == "/clear"
    nxt = workflow.process_turn("only delivered ones")
    assert nxt.session_id == first.session_id
    assert nxt.turn_number == 1 and nxt.intent == "new_query"


def test_new_forces_a_fresh_query(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("list the orders placed by users living in Japan")
    workflow.process_turn("/new")
    result = workflow.process_turn("How many categories are there?")
    assert result.intent == "new_query" and result.turn_number == 2
    assert result.result.rows == ((8,),)


def test_history_is_pruned_after_many_turns(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("Show me all orders")
    for i in range(12):
        workflow.process_turn("newest first" if i % 2 else "oldest first")
    assert len(workflow.state.turns) == 10
    assert workflow.state.turns[-1].number == 13


def test_raw_sql_and_schema_commands(workflow: InteractiveWorkflow) -> None:
    result = workflow.process_turn("/sql SELECT COUNT(*) FROM users")
    assert result.result.rows == ((1000,),) and result.command == "/sql"
    refused = workflow.process_turn("/sql DELETE FROM users")
    assert refused.error is not None and not refused.error.can_retry
    assert "orders" in workflow.process_turn("/schema").message
    assert "total_amount" in workflow.process_turn("/schema orders").message
    assert workflow.process_turn("/schema nope").error is not None
    assert workflow.process_turn("/bogus").error is not None
    assert workflow.state.turn_count == 0  # commands are not turns


def test_engine_errors_are_not_crashes(ecommerce_db) -> None:
    class Refusing(BuiltinEngine):
        name = "refusing"

        def draft(self, question, database, slots=NO_SLOTS, history=()):
            raise EngineError("no idea")

        def refine(self, context, database):
            raise EngineError("no idea")

    wf = InteractiveWorkflow(ecommerce_db, Refusing())
    result = wf.process_turn("anything")
    assert result.error.message == "no idea" and result.error.can_retry


def test_unclear_intent_refines_and_reports_low_confidence(ecommerce_db, shop_engine) -> None:
    workflow = InteractiveWorkflow(ecommerce_db, shop_engine, clarify="auto")
    workflow.process_turn("Show me all users")
    result = workflow.process_turn("Consumer users in Australia")
    assert result.intent == "refinement" and result.intent_confidence == "low"
    assert result.to_json()["confidence"] == "low"
    clear = workflow.process_turn("only business users")
    assert clear.intent_confidence == "high" and clear.to_json()["confidence"] == "high"


def test_unclear_line_that_is_no_edit_becomes_a_new_question(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("Show me all orders")
    result = workflow.process_turn("Which products have never been reviewed?")
    assert result.ok and result.intent == "new_query" and "reviews" in result.query
