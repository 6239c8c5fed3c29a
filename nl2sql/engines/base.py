"""The contract every engine fills, and the values that cross it.

Workflows call ``draft`` for a new question and ``refine`` for a follow-up; engines never run
SQL themselves, they return it with how sure they are and what they were unsure about.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from nl2sql.db import Database, QueryResult
from nl2sql.dialog.questions import Question

GENERAL, PARTIAL, SPECIFIC, CONFIRMATION = "general", "partial", "specific", "confirmation"


@dataclass(frozen=True)
class Ambiguity:
    level: str  # general | partial | specific | confirmation
    message: str
    question: Question | None = None  # what to ask to settle it; its slot is what the answer fills


@dataclass(frozen=True)
class Draft:
    sql: str
    explanation: str
    confidence: float  # 0..1
    # Engine-private state a later refinement can edit (the built-in engine keeps its query spec).
    spec: object | None = None
    ambiguities: tuple[Ambiguity, ...] = ()
    refinement_summary: str | None = None
    usage: object | None = None  # tokens and cost of the model calls behind this draft, if any


@dataclass(frozen=True)
class RefinementContext:
    """What a refinement needs to know about the conversation so far."""

    original_question: str
    current_query: str
    feedback: str
    previous_results: QueryResult | None = None
    current_spec: object | None = None
    # What the conversation has already settled (slot -> value), so nothing is asked twice.
    slots: tuple[tuple[str, str], ...] = ()


class Engine(Protocol):
    name: str

    def draft(self, question: str, database: Database, slots: Mapping[str, str] | None = None) -> Draft:
        """A query for a new question; ``slots`` are answers to clarifying questions asked before."""
        ...

    def refine(self, context: RefinementContext, database: Database) -> Draft:
        """The current query, edited by the feedback."""
        ...

    def answer(self, draft: Draft, result: QueryResult) -> str | None:
        """A sentence for a one-value or one-row result ("There are 1,000 users."), else None."""
        ...

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        """A question and the SQL that answered it, ran well (or the user said /remember)."""
        ...
