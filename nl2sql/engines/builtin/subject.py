"""Whether the thing a question is about is in the database at all.

A question names its subject with a noun phrase; when the phrase's head word matches a column only
because it is a common word ("the share price of X" on a shop whose products have a price, "the
wind speed in X" where some table has a speed), the word before it says the phrase is about
something else. A subject whose modifier is no word of the schema's names, stands directly before
a column word, and is not itself a cue, a date or a comparison, in a line that names no table, is
not this database's: the question gets "I could not match" instead of a reading built from the head
word and a stored value elsewhere in the line.
"""

from __future__ import annotations

from functools import lru_cache

from nl2sql.db.schema import DATE, Schema
from nl2sql.engines.builtin.analysis import Analysis, denies_keeping
from nl2sql.engines.builtin.cues import words as cue_words
from nl2sql.engines.builtin.resolve import subject_value
from nl2sql.errors import EngineError
from nl2sql.linking.lexicon import COLUMN, METRIC, TABLE, VALUE, Link, phrase_key


def require_subject(a: Analysis, schema: Schema) -> None:
    """Raise the one-line "I could not match" for a line, new question or follow-up, whose subject is
    not in the database: nothing is built from its other words."""
    missing = missing_subject(a, schema)
    if missing is not None:
        raise EngineError(f"I could not match {missing!r} to any table or column of this database.")


def missing_subject(a: Analysis, schema: Schema) -> str | None:
    """The subject phrase that matches nothing here ("share price"), or None when the subject is here."""
    if any(link.of_kind(TABLE) or link.of_kind(METRIC) or _says_its_table(a, link) for link in a.links):
        return None
    if subject_value(a) is not None:
        return None  # "how many baristas ...": the rows holding that value
    named = [link for link in a.links if link.of_kind(COLUMN)]
    if not named:
        return None
    head = named[0]
    if any(c.kind == VALUE and c.score >= 1.0 for c in head.candidates):
        return None  # "new members": the head is a kind of rows the database keeps (a customer type)
    before = head.first - 1
    if before < 0 or before in a.read or before in a.function_words or a.tokens[before].is_number:
        return None
    if any(m.first <= before <= m.last for m in a.dates) or any(before in c.span for c in a.comparisons):
        return None
    if a.word(head.last + 1) == "than" or a.word(head.last + 2) == "than":
        return None  # "a larger <column> than ...": the word before is the comparison's
    if _no_modifier(a, schema, before, head):
        return None
    return " ".join(t.text for t in a.tokens[before:head.last + 1])


def _no_modifier(a: Analysis, schema: Schema, before: int, head: Link) -> bool:
    """Whether the word before the head names no other thing the head would be part of."""
    word = a.tokens[before].norm
    if word in _DETERMINERS or _in_names(word, _name_words(schema)):
        return True  # "his <column>", or a word of the schema's names ("birthday" beside birth_date)
    if denies_keeping(a, before):
        return True  # "don't include refunded ones": a verb of keeping rows, negated, not a modifier
    if a.tokens[before].text in _group_words():
        return True  # "compare hours ...", "more hours": a cue of the measure, not a modifier of it
    return word in _NEW_WORDS and _names_an_event(schema, head)  # "new sign-ups": rows a date says came in


@lru_cache(maxsize=1)
def _group_words() -> frozenset[str]:
    """The one-word cues that compare or rank what follows them ("compare", "versus", "more")."""
    return frozenset(w for w in cue_words("group") if " " not in w)


def _says_its_table(a: Analysis, link: Link) -> bool:
    """A column said with its table's noun first ("members joined" for members.joined_on): the table is
    named. A column whose own name starts with that noun (``people_id``) names no table so."""
    first = a.tokens[link.first].norm
    return link.last > link.first and any(first in phrase_key(c.table).split()
                                          and first not in phrase_key(c.column or "").split()
                                          for c in link.of_kind(COLUMN))


# Words before an event's name that say the rows are recent ones: "new sign-ups", "recent check-ins".
_NEW_WORDS = frozenset({"new", "recent", "latest", "fresh"})


def _names_an_event(schema: Schema, link: Link) -> bool:
    """Whether every column a link may name is a date: the word names an event of those rows."""
    cands = link.of_kind(COLUMN)
    return bool(cands) and all((t := schema.table(c.table)) is not None
                               and (col := t.column(c.column or "")) is not None and col.kind == DATE for c in cands)


# Words that point at or qualify rows rather than name a thing: "his best finish", "the other cities".
_DETERMINERS = frozenset({"his", "her", "its", "their", "my", "our", "your", "this", "that", "these", "those",
                          "other", "another", "same", "full", "whole", "entire", "both", "either", "such"})


def _in_names(word: str, names: frozenset[str]) -> bool:
    """``word`` is a schema word, or one of four letters or more grown from one ("birthday", "birth")."""
    return word in names or any(len(name) >= 4 and (word.startswith(name) or name.startswith(word))
                                for name in names if len(word) >= 4)


_WORDS: dict[int, tuple[Schema, frozenset[str]]] = {}


def _name_words(schema: Schema) -> frozenset[str]:
    """Every word of the schema's table and column names, singular; kept per schema object (hashing
    a schema would cost its size on every question)."""
    kept = _WORDS.get(id(schema))
    if kept is None or kept[0] is not schema:
        names = [t.name for t in schema.tables] + [c.name for t in schema.tables for c in t.columns]
        kept = schema, frozenset(word for name in names for word in phrase_key(name).split())
        if len(_WORDS) > 32:
            _WORDS.clear()
        _WORDS[id(schema)] = kept
    return kept[1]
