"""The contract every engine fills, and the values that cross it.

Workflows call ``draft`` for a new question and ``refine`` for a follow-up; engines never run
SQL themselves, they return it with how sure they are, how much of the line they used and
what they were unsure about. What an engine keeps for its own later refinements (the built-in
engine's query spec, the model engine's SQL and question) is the type parameter ``S``, so the
workflow carries it without knowing it and the engine gets back exactly what it made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from nl2sql.db import Database, QueryResult
from nl2sql.dialog.questions import NO_SLOTS, Question, SlotKey, Slots

S = TypeVar("S")


@dataclass(frozen=True)
class Ambiguity:
    """Something the engine could not settle alone, with the question that would settle it, when it has one."""
    level: str  # one of nl2sql.dialog.ambiguity.LEVELS, most general first
    message: str
    question: Question | None = None  # what to ask to settle it; its slot is what the answer fills


@dataclass(frozen=True)
class Usage:
    """Tokens and cost of model calls (zero for an engine that calls none)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None  # USD from litellm's local cost map; None when the model is not in it
    calls: int = 0  # model calls made

    def __add__(self, other: Usage) -> Usage:
        cost = None if self.cost is None and other.cost is None else (self.cost or 0.0) + (other.cost or 0.0)
        return Usage(self.prompt_tokens + other.prompt_tokens, self.completion_tokens + other.completion_tokens,
                     cost, self.calls + other.calls)

    def to_json(self) -> dict[str, Any]:
        return {"promptTokens": self.prompt_tokens, "completionTokens": self.completion_tokens, "cost": self.cost,
                "calls": self.calls}


@dataclass(frozen=True)
class Draft(Generic[S]):
    """An engine's reading of a line before it runs: the SQL, why, how sure, and what was left unread."""
    sql: str
    explanation: str
    confidence: float  # 0..1
    spec: S | None = None  # what a later refinement of this query gets back
    ambiguities: tuple[Ambiguity, ...] = ()
    refinement_summary: str | None = None
    usage: Usage | None = None  # tokens and cost of the model calls behind this draft, if any
    # Share of the line's content words the reading used (1.0: all), and the words it left out:
    # the dialog manager routes a line to the reading that accounts for more of it.
    accounted: float = 1.0
    unused: tuple[str, ...] = ()
    # The facts the confidence was computed from (name, value), for the eval and for refitting.
    signals: tuple[tuple[str, float], ...] = ()
    # The ids of the cue-table entries the reading used (built-in engine), for `nl2sql eval --cues`.
    cues: tuple[str, ...] = ()
    # An engine that reads the whole conversation says itself whether the line edits the current
    # query (refinement) or starts afresh (new_query); None leaves it to the dialog manager.
    intent: str | None = None
    # Which engine wrote it, where one engine stands for several (``--engine auto``); None: the engine's own.
    engine: str | None = None

    @property
    def read_whole(self) -> bool:
        """Every content word of the line was used: what lets a reading skip a question it would ask."""
        return self.accounted >= 1.0 and not self.unused


@dataclass(frozen=True)
class PastTurn:
    """A turn of the conversation as an engine that reads context needs it: the line and what came of it.

    Failed turns are here too, with their error: the next line often repeats or fixes them."""

    text: str
    sql: str | None = None
    error: str | None = None


History = tuple[PastTurn, ...]


@dataclass(frozen=True)
class RefinementContext(Generic[S]):
    """What a refinement needs to know about the conversation so far."""

    original_question: str
    current_query: str
    feedback: str
    previous_results: QueryResult | None = None
    current_spec: S | None = None
    # What the conversation has already settled, so nothing is asked twice.
    slots: tuple[tuple[SlotKey, str], ...] = ()
    # How sure the engine was of the query being refined: a follow-up is right only if that was.
    current_confidence: float | None = None
    history: History = ()  # the conversation's earlier turns, oldest first


@dataclass(frozen=True)
class Capabilities:
    """What an engine does beyond drafting; the front ends offer only what is true here."""

    learns: bool = False  # keeps question -> SQL examples (/remember)
    natural_answers: bool = False  # can word one-value answers itself (/answer natural)
    calls_model: bool = False  # has calls to cancel, a client to warm up, and usage to report
    # reports the words of a line its reading left unused (``Draft.unused``), so "read completely" means
    # something; a model's reading says nothing of the kind
    accounts_words: bool = True


class Engine(Protocol[S]):
    name: str
    capabilities: Capabilities

    def draft(self, question: str, database: Database, slots: Slots = NO_SLOTS, history: History = ()) -> Draft[S]:
        """A query for a new question; ``slots`` are answers to clarifying questions asked before,
        ``history`` the conversation's earlier turns (a new question may still lean on them)."""
        ...

    def refine(self, context: RefinementContext[S], database: Database) -> Draft[S]:
        """The current query, edited by the feedback."""
        ...

    def answer(self, draft: Draft[S], result: QueryResult) -> str | None:
        """A sentence for a one-value or one-row result ("There are 1,000 users."), else None."""
        ...

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        """A question and the SQL that answered it ran well (or the user said /remember)."""
        ...

    def set_answer_style(self, style: str) -> None:
        """template or natural; only meaningful with ``capabilities.natural_answers``."""
        ...

    def interrupt(self) -> None:
        """Ctrl-C: stop a call in flight (a no-op for an engine that makes none)."""
        ...

    def warm_up(self) -> None:
        """Load what the first call needs while the user types (a no-op when nothing is slow)."""
        ...

    def session_usage(self) -> Usage | None:
        """Tokens and cost of the session so far; None for an engine that calls no model."""
        ...
