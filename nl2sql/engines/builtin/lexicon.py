"""Schema and value linking: which tables, columns and stored values a phrase can mean.

Built once per database from its schema (names, and the distinct values of low-cardinality text
columns) and kept in memory; a lookup is a dictionary hit per n-gram. Each phrase keeps every
candidate with a score, so the parser can weigh them against the rest of the question.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from nl2sql.db.schema import TEXT, Schema
from nl2sql.engines.builtin.text import Token, name_words, stem, value_words

TABLE, COLUMN, VALUE = "table", "column", "value"
MAX_NGRAM = 4
# Words that are part of column names but mean nothing alone ("created_at" -> "at").
_WEAK_NAME_WORDS = {"at", "id", "of", "on", "is", "the", "a", "no", "num", "by", "to", "in", "for"}


@dataclass(frozen=True)
class Candidate:
    kind: str  # table | column | value
    table: str
    column: str | None = None
    value: str | None = None
    score: float = 1.0  # 1.0 exact name; lower for partial names


@dataclass(frozen=True)
class Link:
    first: int
    last: int
    candidates: tuple[Candidate, ...]
    strong: bool = False  # capitalised or quoted in the question: surely a value, not a verb

    @property
    def kinds(self) -> set[str]:
        return {c.kind for c in self.candidates}

    def of_kind(self, kind: str) -> list[Candidate]:
        return [c for c in self.candidates if c.kind == kind]


class Lexicon:
    def __init__(self, schema: Schema) -> None:
        self.schema = schema
        self._phrases: dict[str, list[Candidate]] = defaultdict(list)
        for table in schema.tables:
            words = name_words(table.name)
            self._add(" ".join(words), Candidate(TABLE, table.name))
            if len(words) > 1:
                # "order_items" is also an "item"; its first word names another table more often.
                self._add(words[-1], Candidate(TABLE, table.name, score=0.6))
            for col in table.columns:
                self._add_column(table.name, col.name, col.name in table.fk_columns)
                if col.kind == TEXT:
                    for value in col.values:
                        key = " ".join(value_words(value))
                        if key and len(key) > 1:
                            self._add(key, Candidate(VALUE, table.name, col.name, value))

    def _add(self, key: str, cand: Candidate) -> None:
        bucket = self._phrases[key]
        if cand not in bucket:
            bucket.append(cand)

    def _add_column(self, table: str, column: str, is_fk: bool) -> None:
        words = name_words(column)
        if is_fk:
            return  # "category_id" is reached through the table it references
        self._add(" ".join(words), Candidate(COLUMN, table, column))
        strong_words = [w for w in words if w not in _WEAK_NAME_WORDS]
        if len(strong_words) != len(words) and strong_words:
            self._add(" ".join(strong_words), Candidate(COLUMN, table, column, score=0.9))
        if len(strong_words) > 1:
            for w in strong_words:
                self._add(w, Candidate(COLUMN, table, column, score=0.6))

    def lookup(self, key: str) -> list[Candidate]:
        return self._phrases.get(key, [])

    def link(self, tokens: list[Token], used: set[int]) -> list[Link]:
        """Link every n-gram not yet used by another reading, longest first."""
        links: list[Link] = []
        taken = set(used)
        for size in range(MAX_NGRAM, 0, -1):
            for i in range(len(tokens) - size + 1):
                span = range(i, i + size)
                if any(j in taken for j in span):
                    continue
                key = " ".join(tokens[j].norm for j in span)
                cands = self.lookup(key)
                if not cands and size == 1:
                    cands = self.lookup(stem(tokens[i].text))
                    cands = [c for c in cands if c.kind != VALUE]
                if not cands:
                    continue
                strong = any(tokens[j].capitalised and j > 0 for j in span) or tokens[i].quoted
                links.append(Link(i, i + size - 1, tuple(cands), strong))
                taken.update(span)
        links.sort(key=lambda link: link.first)
        return links
