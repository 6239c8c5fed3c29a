"""What a turn returns to every front end, and its JSON form (camelCase keys, as the spec names them).

Plain values below the workflows: output (``formatting``, ``export``) and saved sessions take them
without importing the orchestration that builds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import QueryResult
from nl2sql.dialog.questions import ClarificationRequest
from nl2sql.dialog.state import IDLE, Round

if TYPE_CHECKING:
    from nl2sql.dialog.state import ConversationState

S = TypeVar("S")


@dataclass(frozen=True)
class ErrorInfo:
    """Why a turn failed, in words for the user; ``can_retry`` is False where asking again cannot help
    (a refused write, bad input)."""
    message: str
    can_retry: bool
    kind: str = "error"  # invalid_sql: a model's SQL refused after its repair rounds; internal: a bug


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """A query an engine wrote and what running it returned: what the next refinement edits."""

    sql: str
    explanation: str
    confidence: float
    spec: S | None
    result: QueryResult
    refinement_summary: str | None = None
    answer: str | None = None


def confidence_label(score: float | None) -> str | None:
    if score is None:
        return None
    return "high" if score > CONFIRM_BELOW else "medium" if score > 0.5 else "low"


@dataclass(frozen=True)
class TurnResult:
    """Everything one turn shows or returns (the enriched result of ``ask --format json``); built once, never
    changed."""
    turn_number: int
    session_id: str
    intent: str | None
    query: str | None = None
    result: QueryResult | None = None
    explanation: str | None = None
    answer: str | None = None  # the result read out as a sentence, for one value or one short row
    confidence: float | None = None
    intent_confidence: str | None = None  # how sure the dialog manager was of new_query vs refinement
    refinement_summary: str | None = None
    refines_turn: int | None = None  # the turn whose query a refinement edited
    conversation_context: dict[str, Any] = field(default_factory=dict)
    request: ClarificationRequest | None = None  # open questions (or the confirmation) the next line answers
    rounds: tuple[Round, ...] = ()  # the clarification rounds this turn went through
    cancelled: ClarificationRequest | None = None  # the request the user cancelled
    error: ErrorInfo | None = None
    command: str | None = None  # "/new", "/clear", ... for command turns
    message: str | None = None  # what a command has to say ("Started a new query.")
    mode: str = IDLE  # the session's mode after this result: idle, awaiting_clarification, awaiting_confirmation
    usage: dict[str, Any] | None = None  # model tokens and cost of this turn and of the session (LLM engine)
    edit_sql: str | None = None  # SQL handed back for editing (answer "e" to a confirmation)

    unused: tuple[str, ...] = ()  # content words of the line the reading did not use
    signals: tuple[tuple[str, float], ...] = ()  # what the confidence was computed from (for the eval)
    cues: tuple[str, ...] = ()  # the cue-table entries the reading used (for `nl2sql eval --cues`)
    hint: str | None = None  # why an empty result may be empty: a filter value the column does not hold
    engine: str | None = None  # which engine wrote the SQL (builtin or llm); None for typed SQL and commands

    @classmethod
    def of(cls, state: ConversationState[Any, Any], number: int | None = None, intent: str | None = None,
           **shown: Any) -> TurnResult:
        """The one way a result is built: what a turn (``number``, read as ``intent``) or a command shows,
        standing on the state it leaves, from which its session, context and mode are taken. A command
        carries the state's turn count, and no intent."""
        return cls(state.turn_count if number is None else number, state.session_id, intent,
                   conversation_context=state.context(), mode=state.mode.name, **shown)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def clarification(self) -> dict[str, Any] | None:
        """The request and its answers in the design's JSON shape (what ``ask --format json`` prints)."""
        if self.request is not None:
            return self.request.to_json()
        if self.cancelled is not None:
            return {**self.cancelled.to_json(), "cancelled": True, "message": "cancelled by the user"}
        if not self.rounds:
            return None
        entries = [_round_json(r) for r in self.rounds]
        return {**entries[-1], "rounds": entries} if len(entries) > 1 else entries[0]

    def to_json(self) -> dict[str, Any]:
        res = self.result
        return {
            "turnNumber": self.turn_number,
            "sessionId": self.session_id,
            "intent": self.intent,
            "intentConfidence": self.intent_confidence,
            "command": self.command,
            "query": self.query,
            "columns": list(res.columns) if res else None,
            "rows": [list(r) for r in res.rows] if res else None,
            "rowCount": res.row_count if res else None,
            "totalRows": res.total_rows if res else None,
            "truncated": res.truncated if res else False,
            "explanation": self.explanation,
            "answer": self.answer,
            "confidence": confidence_label(self.confidence),
            "confidenceScore": self.confidence,
            "refinementSummary": self.refinement_summary,
            "refinesTurn": self.refines_turn,
            "conversationContext": self.conversation_context,
            "clarification": self.clarification,
            "message": self.message,
            "mode": self.mode,
            "editSql": self.edit_sql,
            "usage": self.usage,
            "unusedWords": list(self.unused),
            "hint": self.hint,
            "engine": self.engine,
            "error": {"message": self.error.message, "canRetry": self.error.can_retry} if self.error else None,
        }


def _round_json(r: Round) -> dict[str, Any]:
    return {**r.request.to_json(), "answers": {str(n): a.to_json() for n, a in r.answers},
            "answeredBy": r.answered_by}
