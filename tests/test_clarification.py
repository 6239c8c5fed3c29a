"""Asking instead of guessing: ambiguity levels, typed questions, answers, confirmation, states."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from nl2sql.cli import cli
from nl2sql.dialog import AWAITING_CLARIFICATION, AWAITING_CONFIRMATION, IDLE, Idle
from nl2sql.dialog.ambiguity import AmbiguityHandler
from nl2sql.dialog.questions import (
    FREE,
    MULTIPLE,
    NO_SLOTS,
    AnswerError,
    ClarificationRequest,
    Question,
    SlotKey,
    complete,
    parse_pairs,
    parse_reply,
)
from nl2sql.engines.base import Ambiguity, Draft
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.repl import ChatApp
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY

RANK = Question("Rank customers by?", choices=("Total spent", "Number of orders"), default_choice=1,
                slot=SlotKey("rank"))
WHEN = Question("When?", FREE, required=False, slot=SlotKey("when"))
PICK = Question("Which methods?", MULTIPLE, choices=("card", "paypal", "bkash"), slot=SlotKey("methods"))
REQUEST = ClarificationRequest("test", "specific", (RANK, WHEN))


# -- questions and answers ----------------------------------------------------------------------

@pytest.mark.parametrize(("line", "picked"), [("2", 2), ("Number of orders", 2), ("number", 2), ("1", 1)])
def test_single_choice_by_number_text_or_prefix(line: str, picked: int) -> None:
    reply = parse_reply(ClarificationRequest("", "specific", (RANK,)), line)
    assert reply.answers[1].selected == (picked,)


def test_answers_in_order_on_one_line_and_defaults_for_the_rest() -> None:
    reply = parse_reply(REQUEST, "2, yesterday")
    assert reply.answers[1].texts == ("Number of orders",) and reply.answers[2].value == "yesterday"
    empty = parse_reply(REQUEST, "").answers  # an empty line takes every default
    assert empty[1].selected == (1,) and empty[1].texts == ("Total spent",) and empty[2].skipped


def test_complete_keeps_what_was_answered_and_defaults_the_rest() -> None:
    answered = parse_reply(ClarificationRequest("", "specific", (RANK,)), "2").answers
    answers = complete(REQUEST, answered)
    assert answers[1].selected == (2,) and answers[2].skipped
    assert complete(REQUEST, {})[1].selected == (1,)


def test_multiple_choice_json_and_pairs() -> None:
    request = ClarificationRequest("", "specific", (PICK,))
    assert parse_reply(request, "1,3").answers[1].selected == (1, 3)
    assert parse_reply(request, json.dumps({"1": {"selected": [2]}})).answers[1].texts == ("paypal",)
    assert parse_pairs(request, ["1=bkash"]).answers[1].selected == (3,)


@pytest.mark.parametrize("line", ["cancel", "Cancel", "abort"])
def test_cancel_words(line: str) -> None:
    assert parse_reply(REQUEST, line).cancelled


def test_skip_words() -> None:
    assert parse_reply(REQUEST, "skip").skipped


@pytest.mark.parametrize(("request_", "line"), [
    (ClarificationRequest("", "specific", (RANK,)), "7"),
    (ClarificationRequest("", "specific", (RANK,)), "bananas"),
    (REQUEST, "1, 2, 3"),
    (REQUEST, '{"9": "1"}'),
    (REQUEST, "{not json"),
])
def test_bad_answers_say_what_would_fit(request_: ClarificationRequest, line: str) -> None:
    with pytest.raises(AnswerError):
        parse_reply(request_, line)


def test_required_question_without_default_must_be_answered() -> None:
    needed = Question("Name?", FREE, required=True, slot=SlotKey("name"))
    with pytest.raises(AnswerError, match="needs an answer"):
        complete(ClarificationRequest("", "specific", (needed,)), {})


def test_handler_asks_every_question_at_the_most_general_level_and_resolves_the_answers() -> None:
    handler = AmbiguityHandler()
    handler.declare("confirmation", "typo", Question("Did you mean X?", choices=("Yes", "No"), slot=SlotKey("c")))
    handler.declare("partial", "which table", RANK)
    handler.declare("general", "a doubt with nothing to ask")
    request = handler.ask()
    assert request is not None and request.level == "partial" and len(request.questions) == 2
    assert request.context == "typo; which table"
    slots = handler.resolve(request, complete(request, parse_reply(request, "No, 2").answers))
    assert slots == {SlotKey("c"): "No", SlotKey("rank"): "Number of orders"}
    with pytest.raises(ValueError):
        handler.declare("vague", "nope")


# -- the engine declares --------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "level"), [
    ("Who are our best customers?", "specific"),
    ("top 5 customers", "specific"),
    ("orders by date", "specific"),
    ("show active users", "specific"),
    ("Revenue this year", "specific"),
    ("list the names", "partial"),
    ("show the dates", "partial"),
    ("show me some data", "general"),
    ("Users from Germny", "confirmation"),
    ("Users from Frnace", "confirmation"),  # two letters swapped
])
def test_ambiguity_levels(shop_engine: BuiltinEngine, ecommerce_db, question: str, level: str) -> None:
    draft = shop_engine.draft(question, ecommerce_db)
    assert draft.ambiguities and draft.ambiguities[0].level == level
    assert draft.ambiguities[0].question is not None
    assert draft.sql  # the best reading is always there to run


@pytest.mark.parametrize("question", [
    "How many orders are pending?", "Show users from Canada", "Number of users per country",
    "10 cheapest products", "Average rating of all reviews", "Which products have never been reviewed?",
])
def test_clear_questions_ask_nothing(shop_engine: BuiltinEngine, ecommerce_db, question: str) -> None:
    assert shop_engine.draft(question, ecommerce_db).ambiguities == ()


def test_a_metric_question_can_switch_the_metric(shop_engine: BuiltinEngine, ecommerce_db) -> None:
    draft = shop_engine.draft("sales last month", ecommerce_db)
    assert draft.ambiguities[0].question.choices == ("Order amount", "Number of orders", "Units sold")
    counted = shop_engine.draft("sales last month", ecommerce_db, {SlotKey("metric_question", "sales"): "order_count"})
    assert "COUNT(*) AS order_count" in counted.sql and "2026-05-01" in counted.sql


def test_rank_options_total_average_and_count(shop_engine: BuiltinEngine, ecommerce_db) -> None:
    draft = shop_engine.draft("best products", ecommerce_db)
    choices = draft.ambiguities[0].question.choices
    assert "Average rating of reviews" in choices and "Number of reviews" in choices
    assert not any("price" in c for c in choices)  # prices do not add up to a ranking
    rated = shop_engine.draft("best products", ecommerce_db, {SlotKey("rank", "products"): "avg:reviews.rating"})
    assert "AVG(reviews.rating)" in rated.sql


def test_answers_change_the_reading(shop_engine: BuiltinEngine, ecommerce_db) -> None:
    by_count = shop_engine.draft("Who are our best customers?", ecommerce_db,
                                 {SlotKey("rank", "users"): "count:orders"})
    assert "COUNT(orders.id)" in by_count.sql and not by_count.ambiguities
    by_payment = shop_engine.draft("Revenue this year", ecommerce_db,
                                   {SlotKey("metric_question", "revenue"): "payments.paid_at"})
    assert "paid_at" in by_payment.sql and not by_payment.ambiguities
    no_typo = shop_engine.draft("Users from Germny", ecommerce_db, {SlotKey("value_match", "germny"): "no"})
    assert "Germany" not in no_typo.sql


# -- the workflow's states ------------------------------------------------------------------------

@pytest.fixture
def asking(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=None, clarify="ask")


def _frozen(wf: InteractiveWorkflow) -> tuple:
    s = wf.state
    return (s.session_id, s.turns, s.turn_count, s.current, s.answered, s.mode)


def test_ask_answer_run(asking: InteractiveWorkflow) -> None:
    asked = asking.process_turn("Who are our best customers?")
    assert asked.mode == AWAITING_CLARIFICATION and asked.query is None and asked.turn_number == 1
    assert asked.clarification["level"] == "specific"
    assert asked.clarification["questions"][0]["question_type"] == "single_choice"
    assert asking.state.turns == () and asking.state.turn_count == 0
    done = asking.process_turn("2")
    assert done.mode == IDLE and done.ok and "COUNT(orders.id)" in done.query
    assert done.clarification["answers"]["1"]["selected"] == 2 and done.turn_number == 1
    assert asking.state.turn_count == 1 and dict(asking.state.answered)[SlotKey("rank", "users")] == "count:orders"
    again = asking.process_turn("top 3")  # a refinement does not ask again
    assert again.mode == IDLE and again.clarification is None and again.result.row_count == 3


def test_cancel_leaves_the_conversation_as_before(asking: InteractiveWorkflow) -> None:
    asking.process_turn("How many orders are pending?")
    before = _frozen(asking)
    asking.process_turn("Who are our best customers?")
    result = asking.process_turn("cancel")
    assert result.clarification["cancelled"] and result.query is None
    assert _frozen(asking) == before


def test_skip_runs_the_best_reading(asking: InteractiveWorkflow) -> None:
    asking.process_turn("Who are our best customers?")
    result = asking.process_turn("skip")
    assert result.ok and "SUM(orders.total_amount)" in result.query and asking.state.mode.name == IDLE


def test_a_bad_answer_keeps_the_question_open(asking: InteractiveWorkflow) -> None:
    asking.process_turn("Who are our best customers?")
    result = asking.process_turn("9")
    assert result.error is not None and result.mode == AWAITING_CLARIFICATION
    assert asking.process_turn("1").ok


class AlwaysUnsure(BuiltinEngine):
    """The real engine, but every reading declares one more question: rounds must stop at two."""

    def __init__(self, inner: BuiltinEngine) -> None:
        super().__init__(today=inner.today, domain=inner.domain)

    def draft(self, question, database, slots=NO_SLOTS, history=()) -> Draft:
        draft = super().draft(question, database, slots, history)
        n = len(slots)
        ask = Ambiguity("specific", "always", Question(f"Question {n}?", FREE, required=False,
                                                       slot=SlotKey("q", str(n))))
        return Draft(draft.sql, draft.explanation, draft.confidence, draft.spec, (ask,))


def test_at_most_two_rounds_then_the_best_reading(ecommerce_db, engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, AlwaysUnsure(engine), clarify="ask")
    assert wf.process_turn("How many users are there?").mode == AWAITING_CLARIFICATION
    assert wf.process_turn("first").mode == AWAITING_CLARIFICATION
    final = wf.process_turn("second")
    assert final.ok and final.mode == IDLE and "2 rounds" in final.message
    assert len(final.clarification["rounds"]) == 2


def test_low_confidence_asks_for_confirmation(asking: InteractiveWorkflow) -> None:
    asking.process_turn("Show me all users")
    before = _frozen(asking)
    asked = asking.process_turn("Consumer users in Australia")  # unclear: refine or start over?
    assert asked.mode == AWAITING_CONFIRMATION and "run it? [Y/n/e]" in asked.message
    assert asked.clarification["level"] == "confirmation"
    declined = asking.process_turn("n")
    assert declined.mode == IDLE and _frozen(asking) == before
    asking.process_turn("Consumer users in Australia")
    edit = asking.process_turn("e")
    assert edit.edit_sql and "Australia" in edit.edit_sql and asking.state.mode.name == IDLE
    asking.process_turn("Consumer users in Australia")
    ran = asking.process_turn("y")
    assert ran.ok and ran.mode == IDLE and asking.state.turn_count == before[2] + 1


def test_auto_takes_the_defaults_and_says_so(ecommerce_db, shop_engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, clarify="auto")
    result = wf.process_turn("Who are our best customers?")
    assert result.ok and result.clarification["answeredBy"] == "defaults"
    assert result.clarification["answers"]["1"]["selected"] == 1
    assert "clarification rate 100%" in wf.process_turn("/stats").message


# -- front ends -----------------------------------------------------------------------------------

def test_ask_never_returns_the_request_and_answer_continues(ecommerce_path: Path) -> None:
    runner = CliRunner()
    # --no-learn: each run is asked afresh (an answered question is otherwise not asked again: test_teach_once)
    base = ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(), "--format", "json", "--no-learn"]
    waiting = runner.invoke(cli, [*base, "--clarify", "never", "--", "Who are our best customers?"])
    assert waiting.exit_code == 3
    request = json.loads(waiting.output.splitlines()[0])
    assert request["mode"] == AWAITING_CLARIFICATION and request["clarification"]["questions"]
    answered = runner.invoke(cli, [*base, "--answer", "1=2", "--", "Who are our best customers?"])
    assert answered.exit_code == 0, answered.output
    result = json.loads(answered.output.splitlines()[0])
    assert "COUNT(orders.id)" in result["query"] and result["clarification"]["answers"]["1"]["selected"] == 2
    auto = runner.invoke(cli, [*base, "--clarify", "auto", "--", "Who are our best customers?"])
    assert auto.exit_code == 0 and json.loads(auto.output.splitlines()[0])["clarification"]
    bad = runner.invoke(cli, [*base, "--answer", "one=2", "--", "Who are our best customers?"])
    assert bad.exit_code == 2


def _chat(wf: InteractiveWorkflow, typed: str) -> str:
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        app = ChatApp(wf, session=PromptSession(input=pipe, output=DummyOutput()), output=PlainTextOutput(buffer))
        app.run()
    return buffer.getvalue().replace("\r\n", "\n")


def test_console_actor_typed_answer(asking: InteractiveWorkflow) -> None:
    out = _chat(asking, "Who are our best customers?\n2\n/exit\n")
    assert "? I need one detail before I run this (1 question)" in out
    assert "  1/1 [required] Rank users by?" in out and "1. Total amount of orders (default)" in out
    assert "COUNT(orders.id)" in out and asking.state.mode.name == IDLE and asking.state.turn_count == 1


def test_console_actor_default_cancel_and_skip(ecommerce_db, shop_engine) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, clarify="ask")
    out = _chat(wf, "Who are our best customers?\n\n/exit\n")  # empty line: the default
    assert "SUM(orders.total_amount)" in out and wf.state.turn_count == 1
    out = _chat(wf, "list the names\ncancel\n/exit\n")
    assert "Cancelled; nothing ran." in out and wf.state.turn_count == 1 and wf.state.mode.name == IDLE
    out = _chat(wf, "list the names\nskip\n/exit\n")
    assert "ran the best reading" in out and wf.state.turn_count == 2
    out = _chat(wf, "list the names\n7\n2\n/exit\n")  # a wrong number is refused, then answered
    assert "'7' is not one of the choices" in out and "FROM products" in out


def test_console_actor_confirmation(asking: InteractiveWorkflow) -> None:
    out = _chat(asking, "Show me all users\nConsumer users in Australia\nn\n/exit\n")
    assert "run it? [Y/n/e]" in out and "Not run." in out and asking.state.turn_count == 1


def test_a_stray_key_at_a_confirmation_is_asked_again_not_run_as_a_question(asking: InteractiveWorkflow) -> None:
    """"q" (meant for a pager) is no question: the confirmation asks again, and the next answer counts."""
    out = _chat(asking, "Show me all users\nConsumer users in Australia\nq\nn\n/exit\n")
    assert "run it? [Y/n/e]" in out and "y runs it, n does not, e edits the SQL" in out and "Not run." in out
    assert asking.state.turn_count == 1 and "could not match" not in out


# -- invariants under random dialogues ------------------------------------------------------------

LINES = ["Who are our best customers?", "list the names", "How many orders are pending?", "Users from Germny",
         "Consumer users in Australia", "show active users", "only business users", "1", "2", "", "cancel",
         "skip", "y", "n", "e", "/new", "/clear", "tell me something interesting"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=12))
def test_dialogue_invariants(ecommerce_db, shop_engine, lines: list[str]) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=5, clarify="ask")
    for line in lines:
        before = _frozen(wf)
        was_waiting = wf.state.mode.name != IDLE
        result = wf.process_turn(line)
        state = wf.state
        assert result.mode == state.mode.name  # the result reports the mode the session is in
        assert isinstance(state.mode, Idle) or state.mode.pending.rounds <= 2
        if line in ("/clear",):
            assert state.turn_count == 0 and state.session_id == before[0]
        elif not line.startswith("/"):
            assert state.turn_count in (before[2], before[2] + 1)  # numbers go up by one, if at all
            if state.turn_count == before[2] + 1 and result.turn_number:
                assert result.turn_number == state.turn_count
        if was_waiting and line == "cancel" and before[5].name == AWAITING_CLARIFICATION:
            assert _frozen(wf)[:5] == before[:5] and isinstance(state.mode, Idle)


def test_edit_hands_the_sql_back_and_a_question_typed_over_it_stays_a_question(asking: InteractiveWorkflow) -> None:
    out = _chat(asking, "Show me all users\nConsumer users in Australia\ne\n LIMIT 1\n/exit\n")
    # the handed-back SQL, edited, ran, and is the current query now (/edit's adoption)
    assert "Edited by hand; run as written." in out and "(1 row, " in out
    assert asking.state.current.query.endswith("LIMIT 1") and asking.state.current.text.startswith("/edit ")
    out = _chat(asking, "Consumer users in Australia\ne\n\x15How many orders are pending?\n/exit\n")
    assert "does not parse" not in out and "COUNT(*)" in out and "status = 'pending'" in out


def test_a_partial_reading_is_confirmed_even_after_its_questions(asking: InteractiveWorkflow) -> None:
    asked = asking.process_turn("Who are our best customers older than 30?")
    assert asked.mode == AWAITING_CLARIFICATION
    answered = asking.process_turn("1")
    assert answered.mode == AWAITING_CONFIRMATION and answered.query and {"older", "30"} <= set(answered.unused)
    assert asking.state.turns == ()


def test_only_a_yes_to_run_the_shown_sql_makes_it_the_certain_base_of_follow_ups(asking: InteractiveWorkflow) -> None:
    """A follow-up is right only if the query it edits is; a query the user saw and ran counts as right."""
    typo = asking.process_turn("users from Germny")
    assert typo.mode == AWAITING_CLARIFICATION and typo.clarification["level"] == "confirmation"
    ran = asking.process_turn("1")  # the typo's question answered: no one has looked at the SQL
    assert ran.mode == IDLE and ran.ok
    assert asking.state.current.outcome.confidence == ran.confidence < 1.0
    asking.process_turn("/new")
    shown = asking.process_turn("users older than 30")
    assert shown.mode == AWAITING_CONFIRMATION and shown.confidence < 1.0
    asking.process_turn("y")
    assert asking.state.current.outcome.confidence == 1.0
