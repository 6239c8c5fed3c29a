"""Clarification requests and their answers, in the shape of the design's JSON schema.

A request holds typed questions (single choice, multiple choice, free text; required or not;
with a default). Answers arrive as a line of text ("2", "card, yesterday", "cancel"), as a
JSON object keyed by 1-based question number, or as ``--answer N=V`` pairs; whatever the form,
they are checked here, so an invalid answer is a clear message and not a half-applied state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

SINGLE, MULTIPLE, FREE = "single_choice", "multiple_choice", "free_text"
CANCEL_WORDS = {"cancel", "abort", "quit", "stop", "nevermind", "never mind"}
SKIP_WORDS = {"skip", "whatever", "any", "default", "defaults", "you choose", "dunno", "don't know"}


@dataclass(frozen=True, order=True)
class SlotKey:
    """What one answer settles, scoped to what it is about ("rank" of users, "define" of 'active').

    Typed and scoped so that an answer about one table or word never settles a question about
    another, and so that nothing parses meaning out of a string key.
    """

    kind: str  # entity | rank | date_column | define | table_question | metric_question | value_match | model
    scope: str = ""  # the table, word, metric or question text the answer is about


Slots = Mapping[SlotKey, str]
NO_SLOTS: Slots = MappingProxyType({})


class AnswerError(ValueError):
    """An answer that does not fit its question; the message says what would."""


@dataclass(frozen=True)
class Question:
    """One typed question to the user; its ``slot`` and ``values`` let the engine that asked read the answer."""
    text: str
    question_type: str = SINGLE
    choices: tuple[str, ...] = ()
    required: bool = True
    default_choice: int | None = None  # 1-based
    # What the answer fills, for the engine that asked: a slot, and one value per choice.
    slot: SlotKey | None = None
    values: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text, "question_type": self.question_type, "required": self.required}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.default_choice is not None:
            data["default_choice"] = self.default_choice
        return data

    def value_of(self, index: int) -> str:
        """The engine's value for choice ``index`` (1-based)."""
        return self.values[index - 1] if len(self.values) >= index else self.choices[index - 1]


@dataclass(frozen=True)
class Answer:
    """What the user replied to one question, in the question's own terms (choice numbers, text or a skip)."""
    type: str
    selected: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()
    value: str | None = None  # free text
    skipped: bool = False

    def to_json(self) -> dict[str, Any]:
        if self.skipped:
            return {"skipped": True}
        if self.type == SINGLE:
            return {"selected": self.selected[0], "text": self.texts[0], "type": SINGLE}
        if self.type == MULTIPLE:
            return {"selected": list(self.selected), "texts": list(self.texts), "type": MULTIPLE}
        return {"value": self.value, "type": FREE}


@dataclass(frozen=True)
class ClarificationRequest:
    """The questions one round asks together, at one level (general, partial, specific or confirmation)."""
    context: str
    level: str
    questions: tuple[Question, ...]

    def to_json(self) -> dict[str, Any]:
        return {"context": self.context, "level": self.level, "questions": [q.to_json() for q in self.questions]}

    def defaults(self) -> dict[int, Answer]:
        """The engine's best reading: every question answered by its default (or skipped)."""
        return {n: default_answer(q) for n, q in enumerate(self.questions, start=1)}


@dataclass(frozen=True)
class Reply:
    """What a line typed in answer to a request means."""

    answers: dict[int, Answer] = field(default_factory=dict)
    cancelled: bool = False
    skipped: bool = False
    instead: str | None = None  # a new line typed instead of an answer: the waiting turn is dropped


def default_answer(question: Question) -> Answer:
    if question.question_type in (SINGLE, MULTIPLE) and question.default_choice is not None:
        i = question.default_choice
        return Answer(question.question_type, (i,), (question.choices[i - 1],))
    return Answer(question.question_type, skipped=True)


def answer_one(question: Question, raw: str) -> Answer:
    """Read one answer: a choice number, a choice's text, several for multiple choice, or free text."""
    text = raw.strip()
    if not text:
        if question.required and question.default_choice is None:
            raise AnswerError(f"'{question.text}' needs an answer.")
        return default_answer(question)
    if question.question_type == FREE:
        return Answer(FREE, value=text)
    parts = [p.strip() for p in re.split(r"[,/]| and ", text)] if question.question_type == MULTIPLE else [text]
    picked: list[int] = []
    for part in parts:
        index = _choice_index(question, part)
        if index is None:
            options = ", ".join(f"{n}. {c}" for n, c in enumerate(question.choices, start=1))
            raise AnswerError(f"'{part}' is not one of the choices ({options}).")
        if index not in picked:
            picked.append(index)
    return Answer(question.question_type, tuple(picked), tuple(question.choices[i - 1] for i in picked))


def _choice_index(question: Question, part: str) -> int | None:
    if part.isdigit() and 1 <= int(part) <= len(question.choices):
        return int(part)
    lowered = part.lower()
    for n, choice in enumerate(question.choices, start=1):
        if choice.lower() == lowered:
            return n
    starts = [n for n, choice in enumerate(question.choices, start=1) if choice.lower().startswith(lowered)]
    return starts[0] if len(starts) == 1 else None


def parse_reply(request: ClarificationRequest, line: str) -> Reply:
    """A whole reply: "cancel", "skip", a JSON object, or answers in question order ("card, yesterday")."""
    text = line.strip()
    if text.lower() in CANCEL_WORDS:
        return Reply(cancelled=True)
    if text.lower() in SKIP_WORDS:
        return Reply(skipped=True)
    if text.startswith("{"):
        return Reply(_from_json(request, text))
    questions = request.questions
    if len(questions) == 1:
        return Reply({1: answer_one(questions[0], text)})
    pieces = [p.strip() for p in re.split(r"[;,]", text)]
    if len(pieces) > len(questions):
        raise AnswerError(f"{len(pieces)} answers for {len(questions)} questions; separate them with commas.")
    pieces += [""] * (len(questions) - len(pieces))
    return Reply({n: answer_one(q, p) for n, (q, p) in enumerate(zip(questions, pieces, strict=True), start=1)})


def _from_json(request: ClarificationRequest, text: str) -> dict[int, Answer]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise AnswerError(f"The answers are not valid JSON ({err.msg}).") from None
    if not isinstance(data, dict):
        raise AnswerError("Answers in JSON are an object keyed by question number.")
    answers = {}
    for key, value in data.items():
        if not str(key).isdigit() or not 1 <= int(key) <= len(request.questions):
            raise AnswerError(f"There is no question {key}.")
        question = request.questions[int(key) - 1]
        if isinstance(value, dict):
            if value.get("skipped"):
                answers[int(key)] = Answer(question.question_type, skipped=True)
                continue
            value = value.get("selected", value.get("value", ""))
        if isinstance(value, list):
            value = ",".join(str(v) for v in value)
        answers[int(key)] = answer_one(question, str(value))
    return answers


def parse_pairs(request: ClarificationRequest, pairs: list[str]) -> Reply:
    """``--answer 1=2 --answer 2=card``: answers keyed by question number on the command line."""
    answers = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip().isdigit() or not 1 <= int(key) <= len(request.questions):
            raise AnswerError(f"--answer {pair!r} is not N=VALUE for a question 1..{len(request.questions)}.")
        answers[int(key)] = answer_one(request.questions[int(key) - 1], value)
    return Reply(answers)


def complete(request: ClarificationRequest, answers: dict[int, Answer]) -> dict[int, Answer]:
    """Every question answered: what was not answered takes its default; required ones must be."""
    out = dict(answers)
    for n, question in enumerate(request.questions, start=1):
        if n not in out:
            answer = default_answer(question)
            if answer.skipped and question.required:
                raise AnswerError(f"Question {n} ('{question.text}') needs an answer.")
            out[n] = answer
    return out
