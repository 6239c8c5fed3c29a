"""What the user taught nl2sql about each database, kept between runs so nothing is asked twice.

A clarification the user answered (or a confirmation they corrected by editing the SQL) says
what a question means on one database; asked again later, in another run, it should get the same
reading without the same questions. Each lesson is the question's normalised words with the
answers it got (the slots the engine read them into), or the statement the user wrote for it.

The lessons live in one JSON file in the private data directory (0600), grouped by the
database's identity (a file's full path, a server's URL without its password), at most
``MAX_PER_DATABASE`` each, the oldest dropped first. A file that cannot be read is reported in
one line and ignored for the session, and never written over, so nothing the user taught is lost
to a damaged file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from nl2sql.dialog.questions import SlotKey
from nl2sql.errors import Nl2SqlError
from nl2sql.paths import data_dir, private_data_dir

FORMAT = 1  # the file's layout
MAX_PER_DATABASE = 200
FILE_NAME = "learned.json"
_WORDS = re.compile(r"[\w']+")


def question_key(text: str) -> str:
    """The words of a question as they are matched: case, punctuation and spacing do not count
    ("Who are our best customers?" and "who are our best customers" are one question)."""
    return " ".join(_WORDS.findall(text.lower().replace("\u2019", "'")))


@dataclass(frozen=True)
class Lesson:
    """One question's taught reading: the answers it got, or the SQL the user wrote for it."""

    key: str  # question_key of the question
    question: str  # as typed, for /learned
    summary: str  # what the answers chose, in words ("Rank users by: Number of orders")
    slots: tuple[tuple[SlotKey, str], ...] = ()
    sql: str | None = None  # a statement the user edited in place of the reading
    learned_at: str = ""  # ISO 8601, UTC
    ran: str | None = None  # the SQL the answers ran when taught: the same SQL again needs no confirmation

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "question": self.question, "summary": self.summary,
                "slots": [{"kind": k.kind, "scope": k.scope, "value": v} for k, v in self.slots],
                "sql": self.sql, "learnedAt": self.learned_at, "ran": self.ran}

    @staticmethod
    def from_json(data: Any) -> Lesson:
        if not isinstance(data, dict):
            raise ValueError("an entry is not an object")
        slots = data.get("slots")
        if not isinstance(slots, list) or not all(isinstance(slot, dict) for slot in slots):
            raise ValueError("an entry's answers are not a list of objects")
        pairs = tuple((SlotKey(_text(slot, "kind"), _text(slot, "scope")), _text(slot, "value")) for slot in slots)
        sql = _text(data, "sql", missing=True)
        if sql is None and not pairs:
            raise ValueError("an entry has neither answers nor SQL")
        return Lesson(_text(data, "key"), _text(data, "question"), _text(data, "summary"), pairs, sql,
                      _text(data, "learnedAt"), _text(data, "ran", missing=True))


def _text(data: dict[str, Any], name: str, *, missing: bool = False) -> Any:
    """``data[name]`` if it is text (or, with ``missing``, null or absent); anything else is a damaged file."""
    value = data.get(name)
    if isinstance(value, str) or (missing and value is None):
        return value
    raise ValueError(f"an entry's {name} is not text")


class LessonStoreError(Nl2SqlError):
    """The file of lessons could not be read or written; the message is the one-line warning."""


class LessonStore:
    """The lessons of one database, read from and written to the shared file."""

    def __init__(self, database: str, path: Path | None = None) -> None:
        self.database = database
        self.path = path or data_dir() / FILE_NAME
        self._damaged: str | None = None

    def _read(self) -> dict[str, list[Lesson]]:
        """Every database's lessons; a file that cannot be read raises, and is not read (or written) again."""
        if self._damaged is not None:
            raise LessonStoreError(self._damaged)
        try:
            if not self.path.is_file():
                return {}
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT \
                    or not isinstance(data.get("databases"), dict):
                raise ValueError("not a file of learned answers")
            return {str(db): [Lesson.from_json(e) for e in _entries(entries)]
                    for db, entries in data["databases"].items()}
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
            reason = getattr(err, "strerror", None) or str(err) or type(err).__name__
            self._damaged = f"{self.path} could not be read ({reason}); ignored it, and nothing is learned " \
                            "until it is fixed or removed."
            raise LessonStoreError(self._damaged) from None

    def lessons(self) -> list[Lesson]:
        """This database's lessons, oldest first."""
        return self._read().get(self.database, [])

    def find(self, key: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons() if lesson.key == key), None)

    def add(self, lesson: Lesson) -> None:
        """Keep ``lesson`` as the newest, replacing one for the same question; the oldest go past the cap."""
        every = self._read()
        stamped = replace(lesson, learned_at=lesson.learned_at or datetime.now(UTC).isoformat(timespec="seconds"))
        kept = [e for e in every.get(self.database, []) if e.key != lesson.key]
        every[self.database] = [*kept, stamped][-MAX_PER_DATABASE:]
        self._write(every)

    def forget(self, number: int | None = None) -> list[Lesson]:
        """Remove lesson ``number`` (1-based, as /learned lists them), or all of this database's; what went."""
        every = self._read()
        mine = every.get(self.database, [])
        if number is None:
            gone, kept = mine, []
        else:
            gone, kept = mine[number - 1:number], mine[:number - 1] + mine[number:]
        if gone:
            if kept:
                every[self.database] = kept
            else:
                every.pop(self.database, None)
            self._write(every)
        return gone

    def _write(self, every: dict[str, list[Lesson]]) -> None:
        from nl2sql.export import write_text  # only a run that learns something needs it

        data = {"format": FORMAT, "databases": {db: [e.to_json() for e in entries] for db, entries in every.items()}}
        try:
            if self.path.parent == data_dir():
                private_data_dir()
            write_text(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n", force=True, private=True)
        except (Nl2SqlError, OSError) as err:
            raise LessonStoreError(f"What was learned was not saved: {err}") from None


def _entries(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("a database's entries are not a list")
    return value
