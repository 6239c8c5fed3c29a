"""A rate of an event: "the refund rate per cafe", "cancellation rate by salon".

An analyst's rate is the share of rows an event happened to. The event is the noun before "rate";
the rows are those of the one table that records it: a yes/no column named for it (``is_refunded``)
or a date the row may leave empty (``cancelled_at``). The noun meets the column through its verb ("cancellation"
-> cancel, from WordNet's derivations) or its stem. A column whose name holds the word before
"rate" ("hourly rate") is a column, not a rate; nor is a rate whose event no table records, or
more than one table does.
"""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.db.schema import Table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.flags import flag_of, said_words
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.linking import synonyms as wordnet
from nl2sql.linking.text import STOPWORDS, name_words, singular, stem

RATE_WORDS = frozenset({"rate", "rates"})
_DATE_WORDS = frozenset({"at", "on", "date", "time", "timestamp", "ts", "dt", "day", "when"})


@dataclass(frozen=True)
class Rate:
    """The rows an event happens to (``table``), the condition that it did, and the words that said so."""
    table: str
    condition: Filter
    words: frozenset[int]


def rate_in(a: Analysis, tables: tuple[Table, ...]) -> Rate | None:
    """The event rate the line asks for, if its event is recorded by exactly one table."""
    for i in range(1, len(a.tokens)):
        noun = a.tokens[i - 1]
        if a.word(i) not in RATE_WORDS or noun.text in STOPWORDS or not noun.text.isalpha():
            continue
        link = a.link_at(i)
        if link is not None and link.first < i:
            continue  # "hourly rate": a column's own name
        roots = _roots(noun.text)
        found = [(t, f) for t in tables if t.stored and (f := _condition(t, roots)) is not None]
        if len(found) == 1:
            table, condition = found[0]
            return Rate(table.name, condition, frozenset({i - 1, i}))
    return None


def _roots(noun: str) -> frozenset[str]:
    """The stems a noun's event goes by: its own, and those of the verbs it derives from."""
    forms = {noun, singular(noun)}
    if wordnet.available():
        forms |= set(wordnet.related(singular(noun)))
    stems = {stem(f) for f in forms if " " not in f}
    return frozenset(stems | {s + s[-1] for s in stems if s})  # "cancel" meets the stem of "cancelled"


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
        words = [stem(w) for w in name_words(col.name) if w not in _DATE_WORDS]
        if col.nullable and len(words) == 1 and words[0] in roots:
            return Filter(ColumnRef(table.name, col.name), "not_null")
    return None
