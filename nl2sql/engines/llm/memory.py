"""A local memory of question -> SQL pairs that worked, offered to the model as examples.

Pairs are saved when the user says ``/remember`` and whenever a model-written query runs; the
closest ones to a new question (rapidfuzz over the words) become few-shot examples. The memory is
a SQLite file in the user's data directory, one row per pair and database.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from nl2sql.engines.llm.prompts import Example
from nl2sql.errors import UsageError
from nl2sql.paths import data_dir, private_data_dir

MIN_SIMILARITY = 55.0
# Pairs kept per database; the oldest go first.
MAX_PER_DATABASE = 500
log = logging.getLogger(__name__)


class Memory:
    def __init__(self, path: Path | None = None, *, read_only: bool = False) -> None:
        self.path = path or data_dir() / "memory.sqlite"
        self.read_only = read_only  # examples are offered, nothing is written (a reproducible eval run)
        self._conn: sqlite3.Connection | None = None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None and self.read_only:
            try:
                conn = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
                conn.execute("SELECT database, question, sql, confirmed FROM examples LIMIT 1").fetchall()
            except sqlite3.Error:
                raise UsageError(f"{self.path} is not an nl2sql example memory.") from None
            self._conn = conn
        if self._conn is None:
            if self.path.parent == data_dir():
                private_data_dir()
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.touch(mode=0o600)  # questions and SQL with their values: the owner's alone
            self.path.chmod(0o600)
            self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=1.0)
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS examples (database TEXT, question TEXT, sql TEXT, confirmed INTEGER, "
                "PRIMARY KEY (database, question))"
            )
        return self._conn

    def remember(self, database: str, question: str, sql: str, *, confirmed: bool = False) -> None:
        """Keep a pair, and only the newest MAX_PER_DATABASE of a database. Memory is a help, not a
        duty: a locked or unwritable file skips the write, it does not fail the turn."""
        if self.read_only:
            return
        try:
            conn = self._db()
            conn.execute(
                "INSERT INTO examples VALUES (?, ?, ?, ?) ON CONFLICT (database, question) DO UPDATE "
                "SET sql = excluded.sql, confirmed = max(confirmed, excluded.confirmed)",
                (database, question.strip(), sql, int(confirmed)),
            )
            conn.execute("DELETE FROM examples WHERE database = ? AND rowid NOT IN (SELECT rowid FROM examples "
                         "WHERE database = ? ORDER BY rowid DESC LIMIT ?)", (database, database, MAX_PER_DATABASE))
            conn.commit()
        except (sqlite3.Error, OSError) as err:
            log.warning("example memory not written (%s)", err)

    def similar(self, database: str, question: str, k: int = 3) -> list[Example]:
        from rapidfuzz import fuzz, process

        try:
            rows = self._db().execute("SELECT question, sql, confirmed FROM examples WHERE database = ?",
                                      (database,)).fetchall()
        except (sqlite3.Error, OSError) as err:
            if self.read_only:
                raise
            log.warning("example memory not read (%s)", err)
            return []
        if not rows:
            return []
        scored = process.extract(question, [r[0] for r in rows], scorer=fuzz.token_set_ratio, limit=k * 2)
        picked = sorted(((score + 10 * rows[i][2], i) for _, score, i in scored if score >= MIN_SIMILARITY),
                        reverse=True)[:k]
        return [Example(rows[i][0], rows[i][1]) for _, i in picked]

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
