"""Conversation state: immutable values, swapped whole when a turn completes.

The session is in exactly one mode, and the mode is a type: ``Idle``, ``AwaitingClarification``
(the next line answers questions) or ``AwaitingConfirmation`` (the next line says whether to run
a reading). A turn builds the next state; nothing here is ever changed in place, so a turn that
fails half-way leaves nothing behind.

The dialog knows no database and no engine: what a completed turn keeps for later turns (the
query's spec and result) and what a waiting turn holds (the engine's reading) are type
parameters, filled by the workflows.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from nl2sql.dialog.questions import Answer, ClarificationRequest, SlotKey

MAX_TURNS = 10
IDLE, AWAITING_CONFIRMATION, AWAITING_CLARIFICATION = "idle", "awaiting_confirmation", "awaiting_clarification"
NEW_QUERY, REFINEMENT = "new_query", "refinement"

P = TypeVar("P")  # what a completed turn keeps for the next one (the workflows' Outcome)
D = TypeVar("D")  # the reading a waiting turn holds (the workflows' Draft)

SlotPairs = tuple[tuple[SlotKey, str], ...]


@dataclass(frozen=True)
class Turn(Generic[P]):
    """One line of the conversation and what came of it; ``outcome`` is what the next refinement edits."""
    number: int
    text: str
    intent: str | None
    question: str | None = None  # the question that started the query this turn works on
    query: str | None = None
    explanation: str | None = None
    confidence: float | None = None
    refinement_summary: str | None = None
    error: str | None = None
    outcome: P | None = None  # the query's spec and result, for the next refinement
    # Ran on a guess nobody signed off: questions answered by their defaults or skipped, a reading
    # still unsure after the last round. A follow-up of such a query is confirmed as its score says.
    guessed: bool = False
    engine: str | None = None  # which engine wrote the SQL (builtin or llm); None for typed SQL

    @property
    def ok(self) -> bool:
        return self.error is None and self.query is not None


@dataclass(frozen=True)
class Round:
    """One clarification round of a turn: what was asked and how it was answered."""

    request: ClarificationRequest
    answers: tuple[tuple[int, Answer], ...]  # 1-based question number -> answer
    answered_by: str  # user | defaults


@dataclass(frozen=True)
class Pending(Generic[D]):
    """A turn waiting for the user: answers to a clarification, or a yes to run its reading."""

    number: int
    text: str
    intent: str
    question: str  # the question that started the query this turn works on
    rounds: int = 0  # clarification rounds asked so far
    slots: SlotPairs = ()  # answers collected during this turn
    reading: D | None = None  # the engine's best reading so far (run on skip, yes, or after the last round)
    log: tuple[Round, ...] = ()
    route_confidence: str = "high"  # how sure the routing of new question vs refinement was
    # What the user taught before for this line (its answers in words): they are in ``slots``, and the
    # turn runs as it did once they were given, without a confirmation its score alone would ask; and
    # the SQL they ran then, which, read again the same, the user has seen run already.
    taught: tuple[str, ...] = ()
    taught_sql: str | None = None


@dataclass(frozen=True)
class Idle:
    """The mode between turns: the next line is a question, not an answer."""
    name = IDLE


@dataclass(frozen=True)
class AwaitingClarification(Generic[D]):
    """A question put on hold until the user answers the request (or skips or cancels)."""
    pending: Pending[D]
    request: ClarificationRequest
    name = AWAITING_CLARIFICATION


@dataclass(frozen=True)
class AwaitingConfirmation(Generic[D]):
    """A query held back until the user says yes: its confidence was at or below the threshold, or its
    reading left words of the line unused."""
    pending: Pending[D]
    request: ClarificationRequest  # the one question: run it, don't, or edit the SQL
    name = AWAITING_CONFIRMATION


Mode = Idle | AwaitingClarification[D] | AwaitingConfirmation[D]
IDLE_MODE = Idle()


@dataclass(frozen=True)
class ConversationState(Generic[P, D]):
    """The whole conversation as one value: each turn builds the next state and commits it whole, or
    (a fault mid-turn) leaves the old one standing."""
    session_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    turns: tuple[Turn[P], ...] = ()
    turn_count: int = 0
    current: Turn[P] | None = None  # the turn whose query the next refinement edits
    mode: Mode[D] = IDLE_MODE
    # What clarifications this conversation already settled: never asked twice.
    answered: SlotPairs = ()
    pruned: int = 0  # turns dropped from the front of the history
    since: int = 0  # the last turn before /new: what an engine sees of the conversation starts after it

    @property
    def next_turn_number(self) -> int:
        return self.turn_count + 1

    @property
    def has_query(self) -> bool:
        return self.current is not None

    def commit(self, turn: Turn[P], answered: SlotPairs = ()) -> ConversationState[P, D]:
        """The state after ``turn``: history pruned to the last turns, current query moved on success."""
        turns = (*self.turns, turn)
        dropped = max(0, len(turns) - MAX_TURNS)
        current = turn if turn.ok else self.current
        settled = tuple(dict([*self.answered, *answered]).items())
        return replace(self, turns=turns[dropped:], turn_count=turn.number, current=current, mode=IDLE_MODE,
                       answered=settled, pruned=self.pruned + dropped)

    def waiting(self, mode: AwaitingClarification[D] | AwaitingConfirmation[D]) -> ConversationState[P, D]:
        """The same conversation, with one turn waiting for the user."""
        return replace(self, mode=mode)

    def idle(self) -> ConversationState[P, D]:
        """The conversation as it was before the waiting turn: nothing of that turn is kept."""
        return replace(self, mode=IDLE_MODE)

    def without_query(self) -> ConversationState[P, D]:
        """After ``/new``: a clean slate for the next question (no current query, no settled answers);
        the history stays for ``/history``, but what engines see of it starts after this point."""
        return replace(self, current=None, mode=IDLE_MODE, answered=(), since=self.turn_count)

    def undone(self) -> ConversationState[P, D] | None:
        """After ``/undo``: the previous successful turn still in history is current again, so the next
        follow-up refines it; the history keeps every turn (``/history`` still shows what was undone).
        None when there is no earlier query to go back to."""
        cur = self.current
        if cur is None:
            return None
        earlier = [t for t in self.turns if t.ok and t.number < cur.number]
        if not earlier:
            return None
        return replace(self, current=earlier[-1], mode=IDLE_MODE)

    def with_current(self, turn: Turn[P]) -> ConversationState[P, D]:
        """The same conversation with ``turn`` (one of its turns, its outcome rebuilt) as the current one:
        a resumed session re-runs its current query, because an engine's spec is not saved."""
        turns = tuple(turn if t.number == turn.number else t for t in self.turns)
        return replace(self, turns=turns, current=turn, mode=IDLE_MODE)

    def cleared(self) -> ConversationState[P, D]:
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
