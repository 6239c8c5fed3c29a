"""Conversation state: immutable values, swapped whole when a turn completes.

A turn that fails half-way therefore leaves nothing behind: the caller keeps the old state
unless it commits the new one, and a failed turn is committed only as a record with its error.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace

from nl2sql.db import QueryResult

MAX_TURNS = 10
IDLE, AWAITING_CONFIRMATION, AWAITING_CLARIFICATION = "idle", "awaiting_confirmation", "awaiting_clarification"
NEW_QUERY, REFINEMENT = "new_query", "refinement"


@dataclass(frozen=True)
class Turn:
    number: int
    text: str
    intent: str | None
    question: str | None = None  # the question that started the query this turn works on
    query: str | None = None
    explanation: str | None = None
    confidence: float | None = None
    spec: object | None = None
    result: QueryResult | None = None
    refinement_summary: str | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.query is not None


@dataclass(frozen=True)
class Pending:
    """A turn waiting for the user: answers to a clarification, or a yes to run its reading."""

    number: int
    text: str
    intent: str
    question: str  # the question that started the query this turn works on
    rounds: int  # clarification rounds asked so far
    slots: tuple[tuple[str, str], ...] = ()  # answers collected during this turn
    request: object | None = None  # the ClarificationRequest being answered
    draft: object | None = None  # the engine's best reading so far (run on skip, yes, or after 2 rounds)
    context: object | None = None  # the RefinementContext, for a refinement
    log: tuple[dict, ...] = ()  # each round's request and answers, for the result


@dataclass(frozen=True)
class ConversationState:
    session_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    turns: tuple[Turn, ...] = ()
    turn_count: int = 0
    current: Turn | None = None  # the turn whose query the next refinement edits
    mode: str = IDLE  # idle exactly when nothing is pending
    pending: Pending | None = None
    # What clarifications this conversation already settled (slot -> value): never asked twice.
    answered: tuple[tuple[str, str], ...] = ()

    @property
    def next_turn_number(self) -> int:
        return self.turn_count + 1

    @property
    def has_query(self) -> bool:
        return self.current is not None

    def commit(self, turn: Turn, answered: tuple[tuple[str, str], ...] = ()) -> ConversationState:
        """The state after ``turn``: history pruned to the last turns, current query moved on success."""
        turns = (*self.turns, turn)[-MAX_TURNS:]
        current = turn if turn.ok else self.current
        settled = tuple(dict([*self.answered, *answered]).items())
        return replace(self, turns=turns, turn_count=turn.number, current=current, mode=IDLE, pending=None,
                       answered=settled)

    def waiting(self, mode: str, pending: Pending) -> ConversationState:
        """The same conversation, with one turn waiting for the user."""
        return replace(self, mode=mode, pending=pending)

    def idle(self) -> ConversationState:
        """The conversation as it was before the waiting turn: nothing of that turn is kept."""
        return replace(self, mode=IDLE, pending=None)

    def without_query(self) -> ConversationState:
        """After ``/new``: history stays, the next question starts a fresh query."""
        return replace(self, current=None, mode=IDLE, pending=None)

    def cleared(self) -> ConversationState:
        """After ``/clear``: nothing left but the session id."""
        return ConversationState(session_id=self.session_id)

    def context(self, recent: int = 3) -> dict[str, object]:
        """What the conversation is about, for clients and for the JSON output."""
        cur = self.current
        return {
            "currentQuestion": cur.question if cur else None,
            "currentQuery": cur.query if cur else None,
            "historyLength": len(self.turns),
            "recentTurns": [
                {"turnNumber": t.number, "text": t.text, "intent": t.intent, "ok": t.ok}
                for t in self.turns[-recent:]
            ],
        }
