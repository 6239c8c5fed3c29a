"""The one entry point of every front end: ``InteractiveWorkflow.process_turn(text)``.

It decides the intent, routes to generation or refinement, asks when the engine is unsure, and
swaps in the new conversation state only when the turn is complete. The session is always in
exactly one mode: ``idle``, ``awaiting_clarification`` (the next line answers questions) or
``awaiting_confirmation`` (the next line says whether to run a low-confidence reading). Whatever
fails becomes an error result; the session goes on.
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from dataclasses import replace
from typing import Any

from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database
from nl2sql.db.describe import describe_schema
from nl2sql.dialog import (
    AWAITING_CLARIFICATION,
    AWAITING_CONFIRMATION,
    NEW_QUERY,
    REFINEMENT,
    ConversationState,
    DialogManager,
    Pending,
    Turn,
)
from nl2sql.dialog.ambiguity import AmbiguityHandler
from nl2sql.dialog.intent import LOW, IntentDecision
from nl2sql.dialog.questions import SINGLE, AnswerError, ClarificationRequest, Question, complete, parse_reply
from nl2sql.engines import Draft, Engine, RefinementContext
from nl2sql.errors import EngineError, Nl2SqlError, UsageError
from nl2sql.workflows.generation import SqlGenerationWorkflow
from nl2sql.workflows.refinement import SqlRefinementWorkflow
from nl2sql.workflows.results import ErrorInfo, TurnResult

log = logging.getLogger(__name__)
RESULT_SAMPLE_ROWS = 5
# An answer reached through an unclear routing decision is itself uncertain.
UNCLEAR_INTENT_CAP = 0.5
MAX_ROUNDS = 2
CLARIFY_MODES = ("ask", "auto", "never")
_YES, _NO, _EDIT = {"", "y", "yes", "run", "ok", "okay", "sure", "go"}, {"n", "no", "nope"}, {"e", "edit"}


def _confirmation_reply(text: str) -> str:
    """y / n / e, typed or as a JSON answer to the confirmation question (1 run, 2 don't, 3 edit)."""
    lowered = text.strip().lower()
    if not lowered.startswith("{"):
        return lowered
    try:
        data = json.loads(lowered)
    except ValueError:
        return lowered
    value = data.get("1") if isinstance(data, dict) else None
    if isinstance(value, dict):
        value = value.get("selected", value.get("text"))
    choices = {"1": "y", "2": "n", "3": "e", "run it": "y", "don't run it": "n", "edit the sql": "e"}
    return choices.get(str(value).strip(), lowered)


class InteractiveWorkflow:
    def __init__(self, database: Database, engine: Engine, *, max_rows: int | None = DEFAULT_MAX_ROWS,
                 timeout: float = DEFAULT_TIMEOUT_S, state: ConversationState | None = None,
                 clarify: str = "ask", confirm_below: float = 0.75) -> None:
        if clarify not in CLARIFY_MODES:
            raise UsageError(f"--clarify must be one of {', '.join(CLARIFY_MODES)}.")
        self.database = database
        self.engine = engine
        self.dialog = DialogManager()
        self.ambiguity = AmbiguityHandler()
        self.generation = SqlGenerationWorkflow(engine, max_rows=max_rows, timeout=timeout)
        self.refinement = SqlRefinementWorkflow(engine, max_rows=max_rows, timeout=timeout)
        self.state = state or ConversationState()
        self.max_rows = max_rows
        self.timeout = timeout
        self.clarify = clarify
        self.confirm_below = confirm_below
        self.stats: Counter[str] = Counter()

    # -- commands --------------------------------------------------------------------------------

    def _command(self, text: str) -> TurnResult:
        name, _, arg = text.partition(" ")
        name, arg = name.lower(), arg.strip()
        state = self.state
        if name == "/new":
            self.state = state.without_query()
            return self._command_result(name, "Started a new query; the next question stands on its own.")
        if name == "/clear":
            self.state = state.cleared()
            return self._command_result(name, "Conversation cleared.")
        if name == "/stats":
            return self._command_result(name, self.stats_text())
        if name == "/answer":
            if arg not in ("natural", "template") or not self.engine.capabilities.natural_answers:
                return self._command_result(name, None, ErrorInfo(
                    "Usage: /answer natural|template (with a model configured).", False))
            self.engine.set_answer_style(arg)
            return self._command_result(name, f"Answers are now {arg}.")
        if name == "/remember":
            current = state.current
            if current is None or not current.query:
                return self._command_result(name, None, ErrorInfo("No query to remember yet.", False))
            self.engine.learn(current.question or current.text, current.query, confirmed=True)
            return self._command_result(name, f"Remembered: {current.question or current.text!r} -> {current.query}")
        if name == "/schema":
            try:
                return self._command_result(name, describe_schema(self.database.schema, arg or None))
            except Nl2SqlError as err:
                return self._command_result(name, None, ErrorInfo(str(err), err.can_retry))
        if name == "/sql":
            if not arg:
                return self._command_result(name, None, ErrorInfo("Usage: /sql SELECT ...", False))
            self.state = self.state.idle()  # raw SQL replaces whatever was waiting
            try:
                result = self.database.execute(arg, max_rows=self.max_rows, timeout=self.timeout)
            except Nl2SqlError as err:
                return self._command_result(name, None, ErrorInfo(str(err), err.can_retry), query=arg)
            return TurnResult(self.state.turn_count, self.state.session_id, None, query=arg, result=result,
                              explanation="Raw SQL, run as typed.", conversation_context=self.state.context(),
                              command=name)
        unknown = UsageError(f"Unknown command {name}; /help lists the commands.")
        return self._command_result(name, None, ErrorInfo(str(unknown), unknown.can_retry))

    def _command_result(self, name: str, message: str | None, error: ErrorInfo | None = None,
                        query: str | None = None) -> TurnResult:
        return TurnResult(self.state.turn_count, self.state.session_id, None, query=query,
                          conversation_context=self.state.context(), error=error, command=name, message=message,
                          mode=self.state.mode)

    def stats_text(self) -> str:
        s, turns = self.stats, max(1, self.stats["turns"])
        asked = s["clarified_turns"]
        return (f"turns {s['turns']}; clarification rate {asked / turns:.0%} ({asked}); "
                f"confirmation rate {s['confirmations'] / turns:.0%} ({s['confirmations']}); "
                f"rejection rate {s['rejections'] / turns:.0%} ({s['rejections']}); "
                f"average rounds per turn {s['rounds'] / turns:.2f}")

    # -- turns -----------------------------------------------------------------------------------

    def process_turn(self, text: str) -> TurnResult:
        """Run one line of the conversation and return its enriched result."""
        text = text.strip()
        if text.startswith("/"):
            return self._command(text)
        state = self.state
        if state.pending is not None and state.mode == AWAITING_CLARIFICATION:
            return self._guarded(state, lambda: self._answer(state, text))
        if state.pending is not None and state.mode == AWAITING_CONFIRMATION:
            reply = _confirmation_reply(text)
            if reply in _YES | _NO | _EDIT:
                return self._guarded(state, lambda: self._confirm(state, reply))
            state = self.state = state.idle()  # a new line instead of y/n: that line is the next turn
        if not text:
            return TurnResult(state.turn_count, state.session_id, None, conversation_context=state.context(),
                              error=ErrorInfo("Nothing to ask.", False), mode=state.mode)
        decision = self.dialog.detect_intent(text, state)
        pending = Pending(state.next_turn_number, text, decision.intent, text, rounds=0)
        return self._guarded(state, lambda: self._start(state, pending, decision), decision)

    def _guarded(self, state: ConversationState, step: Any, decision: IntentDecision | None = None) -> TurnResult:
        """Run a step; any failure is recorded as a failed turn and the conversation stays usable."""
        pending = state.pending
        number = pending.number if pending else state.next_turn_number
        text = pending.text if pending else ""
        intent = pending.intent if pending else (decision.intent if decision else NEW_QUERY)
        try:
            return step()
        except Nl2SqlError as err:
            return self._failed(state, number, text, intent, decision, str(err), err.can_retry)
        except Exception as err:  # the session must survive any bug below this line
            log.exception("turn %d failed", number)
            detail = f" ({type(err).__name__}: {err})" if os.environ.get("NL2SQL_DEBUG") else ""
            return self._failed(state, number, text, intent, decision, f"Internal error while answering{detail}.",
                                True)
        finally:
            self.ambiguity.end_turn()

    def _start(self, state: ConversationState, pending: Pending, decision: IntentDecision) -> TurnResult:
        current = state.current
        slots = dict(state.answered)
        if decision.intent == REFINEMENT and current is not None:
            context = RefinementContext(
                original_question=current.question or current.text,
                current_query=current.query or "",
                feedback=pending.text,
                previous_results=current.result.sample(RESULT_SAMPLE_ROWS) if current.result else None,
                current_spec=current.spec,
                slots=tuple(slots.items()),
            )
            try:
                draft = self.refinement.draft(context, self.database)
                pending = replace(pending, intent=REFINEMENT, question=context.original_question, context=context)
                return self._settle(state, pending, draft, decision.confidence)
            except EngineError:
                if decision.confidence != LOW:
                    raise
                log.info("refinement of %r failed; reading it as a new question", pending.text)
        draft = self.generation.draft(pending.text, self.database, slots)
        pending = replace(pending, intent=NEW_QUERY)
        confidence = decision.confidence if decision.intent == NEW_QUERY else LOW
        return self._settle(state, pending, draft, confidence)

    def _redraft(self, state: ConversationState, pending: Pending) -> Draft:
        slots = {**dict(state.answered), **dict(pending.slots)}
        if isinstance(pending.context, RefinementContext):
            return self.refinement.draft(replace(pending.context, slots=tuple(slots.items())), self.database)
        return self.generation.draft(pending.text, self.database, slots)

    def _request(self, draft: Draft) -> ClarificationRequest | None:
        for ambiguity in draft.ambiguities:
            self.ambiguity.declare(ambiguity.level, ambiguity.message, ambiguity.question)
        return self.ambiguity.ask()

    def _settle(self, state: ConversationState, pending: Pending, draft: Draft, intent_confidence: str) -> TurnResult:
        """Ask, confirm or run: what a fresh reading of the turn leads to."""
        request = self._request(draft)
        pending = replace(pending, draft=draft)
        if request is not None and pending.rounds < MAX_ROUNDS:
            if pending.rounds == 0:
                self.stats["clarified_turns"] += 1
            self.stats["rounds"] += 1
            if self.clarify == "auto":
                answers = request.defaults()
                slots = self.ambiguity.resolve(request, answers)
                entry = {**request.to_json(), "answers": {str(k): v.to_json() for k, v in answers.items()},
                         "answeredBy": "defaults"}
                pending = replace(pending, slots=(*pending.slots, *slots.items()), log=(*pending.log, entry))
                if not draft.sql:  # nothing to run yet (a model asked first): read again with the defaults
                    draft = self._redraft(state, pending)
                    if not draft.sql:
                        raise EngineError("The question stays ambiguous; answer its questions to go on.")
                return self._run(state, pending, draft, intent_confidence)
            waiting = replace(pending, request=request, rounds=pending.rounds + 1)
            self.state = state.waiting(AWAITING_CLARIFICATION, waiting)
            return self._asking(waiting, request.to_json())
        note = None
        overall = min(draft.confidence, UNCLEAR_INTENT_CAP) if intent_confidence == LOW else draft.confidence
        if request is not None:
            note = f"Still unsure after {MAX_ROUNDS} rounds of questions; running the best reading."
        elif overall <= self.confirm_below and pending.rounds == 0:
            self.stats["confirmations"] += 1
            confirmation = self._confirmation(draft)
            if self.clarify == "auto":
                entry = {**confirmation.to_json(), "answers": {"1": {"selected": 1, "text": "Run it", "type": SINGLE}},
                         "answeredBy": "defaults"}
                pending = replace(pending, log=(*pending.log, entry))
                return self._run(state, pending, draft, intent_confidence)
            waiting = replace(pending, request=confirmation)
            self.state = state.waiting(AWAITING_CONFIRMATION, waiting)
            return self._asking(waiting, confirmation.to_json(),
                                f"I understood: {draft.explanation.rstrip('.')} - run it? [Y/n/e]")
        return self._run(state, pending, draft, intent_confidence, note)

    def _confirmation(self, draft: Draft) -> ClarificationRequest:
        question = Question("Run this reading?", SINGLE, ("Run it", "Don't run it", "Edit the SQL"),
                            default_choice=1)
        return ClarificationRequest(f"I understood: {draft.explanation}", "confirmation", (question,))

    def _asking(self, pending: Pending, request: dict, message: str | None = None) -> TurnResult:
        return TurnResult(pending.number, self.state.session_id, pending.intent,
                          conversation_context=self.state.context(), clarification=request, message=message,
                          mode=self.state.mode, explanation=getattr(pending.draft, "explanation", None))

    def _answer(self, state: ConversationState, text: str) -> TurnResult:
        pending = state.pending
        assert pending is not None and isinstance(pending.request, ClarificationRequest)
        request = pending.request
        try:
            reply = parse_reply(request, text)
            answers = complete(request, reply.answers) if not (reply.cancelled or reply.skipped) else {}
        except AnswerError as err:  # the question stays open; nothing else changes
            return TurnResult(pending.number, state.session_id, pending.intent,
                              conversation_context=state.context(), clarification=request.to_json(),
                              error=ErrorInfo(str(err), True), mode=state.mode)
        if reply.cancelled:
            self.stats["rejections"] += 1
            self.state = state.idle()
            return TurnResult(pending.number, state.session_id, pending.intent,
                              conversation_context=self.state.context(), message="Cancelled; nothing ran.",
                              clarification={**request.to_json(), "cancelled": True,
                                             "message": "cancelled by the user"},
                              mode=self.state.mode)
        if reply.skipped and not getattr(pending.draft, "sql", ""):
            return TurnResult(pending.number, state.session_id, pending.intent, conversation_context=state.context(),
                              clarification=request.to_json(), mode=state.mode,
                              error=ErrorInfo("There is no reading to run yet; answer or cancel.", True))
        if reply.skipped:
            skipped = {str(n): {"skipped": True} for n in range(1, len(request.questions) + 1)}
            entry = {**request.to_json(), "answers": skipped, "answeredBy": "user"}
            done = replace(pending, log=(*pending.log, entry))
            return self._run(state.idle(), done, pending.draft, "high",  # type: ignore[arg-type]
                             "Skipped the questions; ran the best reading.")
        slots = self.ambiguity.resolve(request, answers)
        given = {str(k): v.to_json() for k, v in answers.items()}
        entry = {**request.to_json(), "answers": given, "answeredBy": "user"}
        answered = replace(pending, slots=(*pending.slots, *slots.items()), log=(*pending.log, entry), request=None)
        base = state.idle()
        draft = self._redraft(base, answered)
        return self._settle(base, answered, draft, "high")

    def _confirm(self, state: ConversationState, reply: str) -> TurnResult:
        pending = state.pending
        assert pending is not None and isinstance(pending.draft, Draft)
        if reply in _NO or reply in _EDIT:
            self.stats["rejections"] += reply in _NO
            self.state = state.idle()
            edit = pending.draft.sql if reply in _EDIT else None
            return TurnResult(pending.number, state.session_id, pending.intent,
                              conversation_context=self.state.context(), mode=self.state.mode, edit_sql=edit,
                              message="Edit the SQL and run it." if edit else "Not run.")
        entry = {**self._confirmation(pending.draft).to_json(),
                 "answers": {"1": {"selected": 1, "text": "Run it", "type": SINGLE}}, "answeredBy": "user"}
        return self._run(state.idle(), replace(pending, log=(*pending.log, entry)), pending.draft, "high")

    def _run(self, state: ConversationState, pending: Pending, draft: Draft, intent_confidence: str,
             note: str | None = None) -> TurnResult:
        """Execute the reading and commit the turn: the only place a turn completes."""
        runner = self.refinement if pending.intent == REFINEMENT else self.generation
        out = runner.run(draft, self.database)
        confidence = min(out.confidence, UNCLEAR_INTENT_CAP) if intent_confidence == LOW else out.confidence
        turn = Turn(pending.number, pending.text, pending.intent, question=pending.question, query=out.sql,
                    explanation=out.explanation, confidence=confidence, spec=out.spec, result=out.result,
                    refinement_summary=out.refinement_summary)
        new_state = state.idle().commit(turn, pending.slots)
        self.state = new_state  # the swap: only a complete turn changes the conversation
        self.stats["turns"] += 1
        self.engine.learn(pending.question if pending.intent == NEW_QUERY else pending.text, out.sql)
        refined = pending.intent == REFINEMENT and state.current is not None
        clarification = None
        if pending.log:
            clarification = {**pending.log[-1], "rounds": [dict(e) for e in pending.log]} if len(pending.log) > 1 \
                else dict(pending.log[0])
        return TurnResult(pending.number, new_state.session_id, pending.intent, query=out.sql, result=out.result,
                          explanation=out.explanation, answer=out.answer, confidence=confidence,
                          intent_confidence=intent_confidence,
                          refinement_summary=out.refinement_summary if refined else None,
                          refines_turn=state.current.number if refined and state.current else None,
                          conversation_context=new_state.context(), clarification=clarification, message=note,
                          mode=new_state.mode, usage=self._usage(draft))

    def _usage(self, draft: Draft) -> dict[str, Any] | None:
        """Tokens and cost of this turn's model calls and of the session so far (LLM engine only)."""
        turn, session = draft.usage, self.engine.session_usage()
        if turn is None and session is None:
            return None
        turn_json: dict[str, Any] = turn.to_json() if turn is not None else {}
        return {**turn_json, "session": session.to_json() if session is not None else None}

    def interrupt(self) -> None:
        """Ctrl-C: stop the query or the model call in flight."""
        self.database.interrupt()
        self.engine.interrupt()

    def _failed(self, state: ConversationState, number: int, text: str, intent: str,
                decision: IntentDecision | None, message: str, can_retry: bool) -> TurnResult:
        new_state = state.idle().commit(Turn(number, text, intent, error=message))
        self.state = new_state
        self.stats["turns"] += 1
        return TurnResult(number, new_state.session_id, intent, conversation_context=new_state.context(),
                          error=ErrorInfo(message, can_retry),
                          intent_confidence=decision.confidence if decision else None, mode=new_state.mode)
