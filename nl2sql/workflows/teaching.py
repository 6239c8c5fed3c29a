"""Teach once: answers the user gave, kept for the database and given again to the same question.

The turn step stays pure: it names what a turn taught (``lesson_from``, an effect) and takes a
lesson already recalled as an input. This module is the session's side of it, the ``Teacher``:
it recalls the lesson of a line, keeps a new one after the turn is swapped in, and turns any
trouble with the file into one line to show, never an exception in the turn. A session that
does not learn (``--no-learn``, ``learn = false``) still lists and forgets with ``/learned`` and
``/forget``, but neither keeps nor uses a lesson; an eval run has no teacher at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nl2sql.db import Database
from nl2sql.db.targets import redact
from nl2sql.dialog.questions import Answer
from nl2sql.dialog.state import Pending
from nl2sql.learned import Lesson, LessonStore, LessonStoreError, question_key

EDITED = "the SQL as you edited it"


@dataclass(frozen=True)
class HandedBack:
    """A new question whose reading was handed back for editing ("e" at a confirmation): the statement
    the user runs next stands for ``text``, unless it is ``sql`` unchanged."""

    text: str
    sql: str


def lesson_from(pending: Pending[Any], ran: str) -> Lesson | None:
    """What a turn that ran ``ran`` taught, if the user answered any of its questions (defaults teach nothing)."""
    parts = list(pending.taught)
    for entry in pending.log:
        if entry.answered_by != "user":
            continue
        for number, answer in entry.answers:
            question = entry.request.questions[number - 1]
            if question.slot is not None and not answer.skipped:
                parts.append(f"{_asked(question.text)}: {_words(answer)}")
    key = question_key(pending.text)
    if len(parts) == len(pending.taught) or not pending.slots or not key:
        return None
    return Lesson(key, pending.text.strip(), "; ".join(parts), pending.slots, ran=ran)


def edited_lesson(handed: HandedBack, sql: str) -> Lesson | None:
    """The lesson of a statement run in place of a handed-back reading; None when it was left as shown."""
    key = question_key(handed.text)
    if not key or " ".join(sql.split()).rstrip(";") == " ".join(handed.sql.split()).rstrip(";"):
        return None
    return Lesson(key, handed.text.strip(), EDITED, sql=sql.strip())


def _asked(text: str) -> str:
    """A question as a label: "What makes users 'active'? (for example: ...)" -> "What makes users 'active'"."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", text).rstrip(" ?:")


def _words(answer: Answer) -> str:
    return ", ".join(answer.texts) if answer.texts else str(answer.value or "")


class Teacher:
    """One session's lessons on one database; every method answers, none raises."""

    def __init__(self, store: LessonStore, *, enabled: bool = True) -> None:
        self.store = store
        self.enabled = enabled
        self._warnings: list[str] = []
        self._warned = False

    @classmethod
    def for_database(cls, database: Database, *, enabled: bool = True) -> Teacher:
        return cls(LessonStore(redact(database.identity)), enabled=enabled)

    def recall(self, text: str) -> Lesson | None:
        """The lesson taught for ``text`` on this database, if learning is on and there is one."""
        if not self.enabled:
            return None
        key = question_key(text)
        try:
            return self.store.find(key) if key else None
        except LessonStoreError as err:
            self._warn(str(err))
            return None

    def keep(self, lesson: Lesson) -> str | None:
        """Store ``lesson``; the line that announces it, or the warning that it was not kept."""
        if not self.enabled:
            return None
        try:
            self.store.add(lesson)
        except LessonStoreError as err:
            return self._warning(str(err))
        return f"Noted: '{lesson.key}' -> {lesson.summary}. /forget to undo."

    def warnings(self, *, keep: bool = False) -> str | None:
        """What went wrong with the file, one line each; ``keep``: to be told again at the next ask."""
        told = self._warnings
        if not keep:
            self._warnings = []
        return "\n".join(told) or None

    def _warn(self, message: str) -> None:
        line = self._warning(message)
        if line is not None:
            self._warnings.append(line)

    def _warning(self, message: str) -> str | None:
        """The warning line, the first time only: a session is told once that the file is not used."""
        if self._warned:
            return None
        self._warned = True
        return f"Warning: {message}"
