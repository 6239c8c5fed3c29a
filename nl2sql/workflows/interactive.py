"""The one entry point of every front end: ``InteractiveWorkflow.process_turn(text)``.

It decides the intent, routes to generation or refinement, and swaps in the new conversation
state only when the turn is complete. Whatever fails becomes an error result; the session goes on.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database
from nl2sql.db.describe import describe_schema
from nl2sql.dialog import NEW_QUERY, REFINEMENT, ConversationState, DialogManager, Turn
from nl2sql.dialog.intent import LOW, IntentDecision
from nl2sql.engines import Engine, RefinementContext
from nl2sql.errors import EngineError, Nl2SqlError, UsageError
from nl2sql.workflows.generation import SqlGenerationWorkflow
from nl2sql.workflows.refinement import SqlRefinementWorkflow
from nl2sql.workflows.results import ErrorInfo, Outcome, TurnResult

log = logging.getLogger(__name__)
RESULT_SAMPLE_ROWS = 5


# An answer reached through an unclear routing decision is itself uncertain.
UNCLEAR_INTENT_CAP = 0.5


@dataclass(frozen=True)
class _Routed:
    intent: str
    outcome: Outcome
    question: str
    intent_confidence: str


class InteractiveWorkflow:
    def __init__(self, database: Database, engine: Engine, *, max_rows: int | None = DEFAULT_MAX_ROWS,
                 timeout: float = DEFAULT_TIMEOUT_S, state: ConversationState | None = None) -> None:
        self.database = database
        self.engine = engine
        self.dialog = DialogManager()
        self.generation = SqlGenerationWorkflow(engine, max_rows=max_rows, timeout=timeout)
        self.refinement = SqlRefinementWorkflow(engine, max_rows=max_rows, timeout=timeout)
        self.state = state or ConversationState()
        self.max_rows = max_rows
        self.timeout = timeout

    @property
    def next_is_refinement(self) -> bool:
        return self.state.has_query

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
        if name == "/schema":
            try:
                return self._command_result(name, describe_schema(self.database.schema, arg or None))
            except Nl2SqlError as err:
                return self._command_result(name, None, ErrorInfo(str(err), err.can_retry))
        if name == "/sql":
            if not arg:
                return self._command_result(name, None, ErrorInfo("Usage: /sql SELECT ...", False))
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
                          conversation_context=self.state.context(), error=error, command=name, message=message)

    # -- turns -----------------------------------------------------------------------------------

    def _route(self, text: str, state: ConversationState, decision: IntentDecision) -> _Routed:
        current = state.current
        if decision.intent == REFINEMENT and current is not None:
            context = RefinementContext(
                original_question=current.question or current.text,
                current_query=current.query or "",
                feedback=text,
                previous_results=current.result.sample(RESULT_SAMPLE_ROWS) if current.result else None,
                current_spec=current.spec,
            )
            try:
                outcome = self.refinement.refine(context, self.database)
                return _Routed(REFINEMENT, outcome, context.original_question, decision.confidence)
            except EngineError:
                if decision.confidence != LOW:
                    raise
                log.info("refinement of %r failed; reading it as a new question", text)
        confidence = decision.confidence if decision.intent == NEW_QUERY else LOW
        return _Routed(NEW_QUERY, self.generation.execute(text, self.database), text, confidence)

    def process_turn(self, text: str) -> TurnResult:
        """Run one line of the conversation and return its enriched result."""
        text = text.strip()
        if text.startswith("/"):
            return self._command(text)
        state = self.state
        number = state.next_turn_number
        if not text:
            return TurnResult(state.turn_count, state.session_id, None,
                              conversation_context=state.context(), error=ErrorInfo("Nothing to ask.", False))
        decision = self.dialog.detect_intent(text, state)
        try:
            routed = self._route(text, state, decision)
        except Nl2SqlError as err:
            return self._failed(state, number, text, decision, str(err), err.can_retry)
        except Exception as err:  # the session must survive any bug below this line
            log.exception("turn %d failed", number)
            detail = f" ({type(err).__name__}: {err})" if os.environ.get("NL2SQL_DEBUG") else ""
            return self._failed(state, number, text, decision, f"Internal error while answering{detail}.", True)
        out = routed.outcome
        confidence = min(out.confidence, UNCLEAR_INTENT_CAP) if routed.intent_confidence == LOW else out.confidence
        turn = Turn(number, text, routed.intent, question=routed.question, query=out.sql,
                    explanation=out.explanation, confidence=confidence, spec=out.spec, result=out.result,
                    refinement_summary=out.refinement_summary)
        new_state = state.commit(turn)
        self.state = new_state  # the swap: only a complete turn changes the conversation
        refined = routed.intent == REFINEMENT and state.current is not None
        return TurnResult(number, new_state.session_id, routed.intent, query=out.sql, result=out.result,
                          explanation=out.explanation, answer=out.answer, confidence=confidence,
                          intent_confidence=routed.intent_confidence,
                          refinement_summary=out.refinement_summary if refined else None,
                          refines_turn=state.current.number if refined and state.current else None,
                          conversation_context=new_state.context())

    def _failed(self, state: ConversationState, number: int, text: str, decision: IntentDecision, message: str,
                can_retry: bool) -> TurnResult:
        intent, intent_confidence = decision.intent, decision.confidence
        new_state = state.commit(Turn(number, text, intent, error=message))
        self.state = new_state
        return TurnResult(number, new_state.session_id, intent, conversation_context=new_state.context(),
                          error=ErrorInfo(message, can_retry), intent_confidence=intent_confidence)
