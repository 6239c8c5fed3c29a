"""AmbiguityHandler: what an engine was unsure about, turned into one clarification request.

Engines declare ambiguities (with the question that would settle each) while they read a turn;
the handler keeps the reading's observations, builds the request to ask, and turns answers back
into the slots the engine understands. The ambiguity levels are named here, and only here.
"""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.dialog.questions import FREE, MULTIPLE, Answer, ClarificationRequest, Question, SlotKey

GENERAL, PARTIAL, SPECIFIC, CONFIRMATION = "general", "partial", "specific", "confirmation"
LEVELS = (GENERAL, PARTIAL, SPECIFIC, CONFIRMATION)  # most general first


@dataclass(frozen=True)
class Observation:
    """One doubt the ambiguity analysis found, with the question it would ask, if any."""
    level: str
    message: str
    question: Question | None


class AmbiguityHandler:
    def __init__(self) -> None:
        self.observations: list[Observation] = []

    def declare(self, level: str, message: str, question: Question | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown ambiguity level {level!r}")
        self.observations.append(Observation(level, message, question))

    def ask(self) -> ClarificationRequest | None:
        """One request with every question declared this turn, at the most general level seen."""
        asked = [o for o in self.observations if o.question is not None]
        if not asked:
            return None
        level = min((o.level for o in asked), key=LEVELS.index)
        context = "; ".join(dict.fromkeys(o.message for o in asked))
        return ClarificationRequest(context, level, tuple(o.question for o in asked if o.question))

    @staticmethod
    def resolve(request: ClarificationRequest, answers: dict[int, Answer]) -> dict[SlotKey, str]:
        """Answers -> slots: each question's slot gets the value of the chosen choice, or the text."""
        slots: dict[SlotKey, str] = {}
        for n, question in enumerate(request.questions, start=1):
            answer = answers.get(n)
            if answer is None or answer.skipped or question.slot is None:
                continue
            if question.question_type == FREE:
                slots[question.slot] = answer.value or ""
            elif question.question_type == MULTIPLE:
                slots[question.slot] = "|".join(question.value_of(i) for i in answer.selected)
            else:
                slots[question.slot] = question.value_of(answer.selected[0])
        return slots
