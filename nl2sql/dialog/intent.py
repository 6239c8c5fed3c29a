"""Is a line a new question or a follow-up to the current query?

Two sources decide it. The wording gives a prior in microseconds, with no model and no database:
a follow-up starts like one ("only ...", "what about ...", "sort by ...", "top 3"), refers back
("them", "those"), or is too short to stand alone. Then the engine reads the line both ways, as
a new question and as an edit of the current query, and the reading that accounts for more of
the line wins; the prior only breaks ties. A line whose edit accounts for little of it is never
run on the previous table. When the prior is clear and its reading uses every word, the other
reading is not made at all.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from nl2sql.dialog.state import NEW_QUERY, REFINEMENT

log = logging.getLogger(__name__)

HIGH, MEDIUM, LOW = "high", "medium", "low"

_REFINE_START = re.compile(
    r"^(only|just|and|but|also|plus|except|excluding|exclude|without|instead|now|then|same|"
    r"what about|how about|and what about|what if|sort|sorted|order|ordered|rank|group|grouped|split|put|"
    r"break (it |that |this |them )?down|"
    r"filter|limit|remove|drop the|add|include|newest|oldest|latest|earliest|most recent|"
    r"alphabetically|descending|ascending|reverse|"
    r"from|in|for|with|where|whose|since|before|after|between|during|within|by|per|"
    r"more|less|fewer|over|under|above|below|at least|at most|cheaper|pricier|larger|smaller|higher|lower|"
    r"not|no|top \d+$|top \d+ by|first \d+|bottom \d+|last \d+|limit \d+|"
    r"(which|that) (were|are|is|was|have|has|had)|"
    r"how many (are|were|is|was|of them|of those|of these) (on|in|at|from|for|per|by|with)\b|"
    r"show only|show just|show me only|list only|keep only|make it|change|switch|use)\b"
)
_BACK_REFERENCE = re.compile(
    r"\b(them|those|these|they|that one|the same|ones|it|its|their|this list|the result|his|her|he|she|him)\b"
)
_NEW_START = re.compile(
    r"^(show|list|give|get|find|display|what|which|who|whose|when|where|how many|how much|count|"
    r"number of|total|average|avg|sum|maximum|minimum|max|min|top \d+ \w+|\d+ \w+|tell|fetch|select|"
    r"are there|is there|do we|did|does)\b"
)
# "what's the total?", "show the count", "average?": an aggregate of the current result
_AGGREGATE_OF_CURRENT = re.compile(
    r"^(what's |what is |whats |show( me)? |give( me)? |and )?(the )?(total|sum|count|number|average|avg|mean|"
    r"maximum|max|minimum|min)\b(?!.*\b(per|by|each|every)\b)"
)
_COUNT_ONLY = re.compile(r"^(how many|count|number)( of)?( (them|those|these|are there|is that|rows|results))?\W*$")


@dataclass(frozen=True)
class IntentDecision:
    """The dialog manager's call on a line (new query or refinement) with how sure it is and why."""
    intent: str  # new_query | refinement
    confidence: str  # high | medium | low
    reason: str

    @property
    def clear(self) -> bool:
        """A cue worth trusting over an engine that cannot read the line that way."""
        return self.confidence == HIGH or self.reason == BACK_REFERENCE


# How much a wording cue is worth against the share of the line a reading accounts for.
PRIOR_WEIGHT = {HIGH: 0.15, MEDIUM: 0.08, LOW: 0.0}
# At equal shares, what a new reading about other data (none of the current query's tables) is
# worth: more than a weak cue, less than a clear one, nothing against a line that refers back.
FRESH_WEIGHT = 0.1
# An edit of the current query that uses less of the line than this does not run on it.
MIN_EDIT_ACCOUNTED = 0.5
BACK_REFERENCE = "refers back to the result"


@dataclass(frozen=True)
class ReadingView:
    """What routing needs to know of one engine reading of the line."""

    accounted: float  # share of the line's content words the reading used
    # Whether it reads none of the current query's tables and names one of its own (the line is
    # about other data); worked out only when two readings are compared (it costs a parse).
    fresh: bool = False


@dataclass(frozen=True)
class Readings:
    """The engine's readings of one line, as one value: each intent read so far, with its view, or
    None when the engine could not read the line that way."""

    made: tuple[tuple[str, ReadingView | None], ...] = ()

    def has(self, intent: str) -> bool:
        return any(i == intent for i, _ in self.made)

    def get(self, intent: str) -> ReadingView | None:
        return next((view for i, view in self.made if i == intent), None)

    def with_(self, intent: str, view: ReadingView | None) -> Readings:
        return Readings((*((i, v) for i, v in self.made if i != intent), (intent, view)))


def _other(intent: str) -> str:
    return NEW_QUERY if intent == REFINEMENT else REFINEMENT


class DialogManager:
    """Decides each line's intent from its wording and the engine's readings, given as values: it
    names the reading it still needs (``wanted``), and decides (``decide``) on what was read. It
    never reads anything itself, so the same decision holds for any engine and in any test."""

    def wanted(self, cue: IntentDecision, has_query: bool, readings: Readings, *, both: bool = True) -> str | None:
        """The reading the decision still needs, or None when it can be made.

        The cued reading first; the other one unless the cued reading is clear and uses every word,
        or is a clear follow-up the engine cannot apply. ``both=False`` (an engine whose readings
        are model calls) reads the other way only when an unclear cue's reading fails."""
        if not has_query:
            return None
        if not readings.has(cue.intent):
            return cue.intent
        first = readings.get(cue.intent)
        if first is not None and (not both or (cue.confidence == HIGH and first.accounted >= 1.0)):
            return None
        if first is None and cue.intent == REFINEMENT and cue.clear:
            return None
        return None if readings.has(_other(cue.intent)) else _other(cue.intent)

    def decide(self, cue: IntentDecision, has_query: bool, readings: Readings, *, both: bool = True) -> IntentDecision:
        """The intent of the line: the wording's prior ``cue``, settled by the engine's readings."""
        if not has_query or not readings.has(cue.intent):
            return cue
        first, other = readings.get(cue.intent), _other(cue.intent)
        if first is not None and (not both or (cue.confidence == HIGH and first.accounted >= 1.0)):
            return cue
        if first is None and cue.intent == REFINEMENT and cue.clear:
            return cue  # a clear follow-up the engine cannot apply is reported, not answered out of context
        second = readings.get(other)
        if first is None and (cue.clear or not both) and (second is None or second.accounted < 1.0):
            return cue  # a clear question the engine cannot read is reported, not run as a partial edit
        if not both:
            return IntentDecision(other, LOW, "the cued reading failed") if second is not None else cue
        return self._better(cue, {cue.intent: first, other: second})

    @staticmethod
    def _better(cue: IntentDecision, readings: dict[str, ReadingView | None]) -> IntentDecision:
        """The reading that accounts for more of the line; the cue weighs in, and breaks ties."""
        edit = readings[REFINEMENT]
        if edit is not None and edit.accounted < MIN_EDIT_ACCOUNTED:
            readings[REFINEMENT] = None  # too little of the line is an edit: never run it on the old query
        if readings[NEW_QUERY] is None and readings[REFINEMENT] is None:
            return IntentDecision(NEW_QUERY, LOW, "neither reading accounts for the line")

        def score(intent: str) -> float:
            view = readings[intent]
            if view is None:
                return -1.0
            prior = PRIOR_WEIGHT[cue.confidence] if intent == cue.intent else 0.0
            fresh = FRESH_WEIGHT if cue.reason != BACK_REFERENCE and view.fresh else 0.0
            return view.accounted + prior + fresh

        other = NEW_QUERY if cue.intent == REFINEMENT else REFINEMENT
        if score(other) <= score(cue.intent):
            return cue
        view = readings[other]
        share = view.accounted if view is not None else 0.0
        return IntentDecision(other, MEDIUM if share >= 1.0 else LOW,
                              f"reads better as {'an edit' if other == REFINEMENT else 'a new question'}")

    def detect_intent(self, text: str, has_query: bool) -> IntentDecision:
        """The wording's prior: no model, no database, microseconds."""
        if not has_query:
            return IntentDecision(NEW_QUERY, HIGH, "no current query")
        lowered = " ".join(text.lower().replace("?", " ").replace(",", " ").split())
        if _COUNT_ONLY.match(lowered):
            return IntentDecision(REFINEMENT, HIGH, "count of the current result")
        if _AGGREGATE_OF_CURRENT.match(lowered) and len(lowered.split()) <= 4:
            return IntentDecision(REFINEMENT, HIGH, "an aggregate of the current result")
        if _REFINE_START.match(lowered):
            head, _, rest = text.lower().partition(",")
            if rest and _NEW_START.match(rest.strip()) and len(rest.split()) >= 3:
                return IntentDecision(REFINEMENT, LOW, "a follow-up opening, then a question of its own")
            return IntentDecision(REFINEMENT, HIGH, "starts like a follow-up")
        if _BACK_REFERENCE.search(lowered):
            return IntentDecision(REFINEMENT, MEDIUM, BACK_REFERENCE)
        words = lowered.split()
        if _NEW_START.match(lowered) and len(words) >= 3:
            return IntentDecision(NEW_QUERY, MEDIUM if len(words) < 5 else HIGH, "starts like a question")
        if len(words) <= 3:
            return IntentDecision(REFINEMENT, MEDIUM, "too short to stand alone")
        log.warning("intent of %r is unclear; treating it as a refinement", text)
        return IntentDecision(REFINEMENT, LOW, "unclear; refining the current query")
