"""A rate of an event: "the refund rate per cafe", "cancellation rate by salon".

An analyst's rate is the share of rows an event happened to. The event is the noun before "rate";
the rows are those of the one table that records it: a yes/no column named for it
(``is_refunded``) or a date the row may leave empty (``cancelled_at``). The noun meets the column
through its verb ("cancellation" -> cancel, from WordNet's derivations) or its stem. It is no rate
when the two words name a column ("hourly rate"), when the rows or a table next to them keep a
column called rate ("the shipping rate" of carriers), or when no table, or more than one, records
the event.
"""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.db.schema import Schema, Table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.cues import words as cue_words
from nl2sql.engines.builtin.events import event_words
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.engines.builtin.yes_no import flag_of, said_words
from nl2sql.linking import synonyms as wordnet
from nl2sql.linking.lexicon import COLUMN
from nl2sql.linking.text import STOPWORDS, name_words, singular, stem

RATE_WORDS = frozenset(cue_words("rate"))


@dataclass(frozen=True)
class Rate:
    """The rows an event happens to (``table``), the condition that it did, and the words that said so."""
    table: str
    condition: Filter
    words: frozenset[int]


_LAST: list[tuple[Analysis, Rate | None]] = []  # the last line's rate: three steps ask for it


def rate_in(a: Analysis, schema: Schema) -> Rate | None:
    """The event rate the line asks for, if its event is recorded by exactly one table."""
    if _LAST and _LAST[0][0] is a:
        return _LAST[0][1]
    found = _rate(a, schema)
    _LAST[:] = [(a, found)]
    return found


def _rate(a: Analysis, schema: Schema) -> Rate | None:
    for i in range(1, len(a.tokens)):
        noun = a.tokens[i - 1]
        link = a.link_at(i)
        if a.word(i) not in RATE_WORDS or noun.text in STOPWORDS or not noun.text.isalpha() \
                or (link is not None and link.first < i):
            continue  # "hourly rate": a column's own name
        roots = _roots(noun.text)
        found = [(t, f) for t in schema.tables if t.stored and (f := _condition(t, roots)) is not None]
        if len(found) != 1:
            continue
        table, condition = found[0]
        near = {table.name, *(other for other, _fk in schema.neighbours(table.name))}
        if link is not None and any(c.score >= 1.0 and c.table in near for c in link.of_kind(COLUMN)):
            continue  # "the shipping rate" where the carriers the parcels ship with keep a rate: that column
        return Rate(table.name, condition, frozenset({i - 1, i}))
    return None


def _roots(noun: str) -> frozenset[str]:
    """The stems a noun's event goes by: its own, and those of the verbs it derives from."""
    forms = {noun, singular(noun)}
    if wordnet.available():
        forms |= set(wordnet.related(singular(noun)))
    stems = {stem(f) for f in forms if " " not in f}
    # "cancel" meets the stem of "cancelled" ("cancell"), "damage" that of "damaged" ("damag")
    return frozenset(stems | {s + s[-1] for s in stems if s} | {s[:-1] for s in stems if s.endswith("e")})


def _condition(table: Table, roots: frozenset[str]) -> Filter | None:
    """That the event happened to a row of ``table``: its flag set, or its date filled in. A table
    named for the event (``refunds``) records one on every row: it is no share of its own rows."""
    if {stem(w) for w in name_words(table.name)} & roots:
        return None
    for col in table.columns:
        flag = flag_of(table, col)
        if flag is not None and {stem(w) for w in said_words(col.name)} & roots:
            return Filter(flag.ref, "=", (flag.yes,))
    for col in table.date_columns:
        words = event_words(col.name)
        if col.nullable and len(words) == 1 and words[0] in roots:
            return Filter(ColumnRef(table.name, col.name), "not_null")
    return None
