"""Rows that are full: "events that sold out", "classes that are fully booked", "at capacity".

A row that keeps both how many places it has (a capacity) and how many were taken (tickets sold,
seats booked) is full when the one reaches the other; the words say that comparison, whatever the
two columns are called, as long as the row has exactly one of each.
"""

from __future__ import annotations

from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.linking.lexicon import COLUMN
from nl2sql.linking.text import name_words, singular

# Phrases that say a row's places are all taken.
_FULL = (("sold", "out"), ("fully", "booked"), ("booked", "up"), ("at", "capacity"), ("full",), ("sell", "out"),
         ("sells", "out"))
_BE = frozenset({"is", "are", "was", "were", "be", "been", "got", "already"})
# Name words of a row's number of places, and of how many of them were taken.
_CAPACITY = frozenset({"capacity", "places", "seats", "spaces", "slots", "max", "maximum", "limit"})
_TAKEN = frozenset({"sold", "booked", "taken", "attendees", "attendance", "registered", "enrolled", "filled",
                    "used", "bookings", "tickets", "reserved"})


def full_rows(ctx: ReadContext, c: Claims, entity: str) -> list[Filter]:
    """``taken >= capacity`` on the rows, for each phrase that says they are full."""
    a = ctx.a
    pair = _places(ctx, entity)
    if pair is None:
        return []
    taken, capacity = pair
    for i in range(len(a.tokens)):
        phrase = next((p for p in _FULL if tuple(a.word(k) for k in range(i, i + len(p))) == p), None)
        if phrase is None or any(c.taken(k) for k in range(i, i + len(phrase))):
            continue
        if phrase == ("full",) and (a.word(i - 1) not in _BE or a.link_at(i + 1) is not None):
            continue  # "full name", "the full list": a modifier, not the rows being full
        words = frozenset(range(i, i + len(phrase)))
        for k in words:  # "sold" may name the sold column: it is read as this condition's
            if (link := a.link_at(k)) is not None and any(cand.kind == COLUMN for cand in link.candidates):
                c.claim(link, "compare")
        c.used.update(words)
        return [Filter(taken, ">=", (), label=" ".join(phrase), other=capacity, words=words)]
    return []


def _places(ctx: ReadContext, entity: str) -> tuple[ColumnRef, ColumnRef] | None:
    """(places taken, capacity): the one numeric column of each kind on the rows, else None."""
    table = ctx.table(entity)
    numeric = [col for col in table.columns if col.is_numeric and not col.primary_key
               and col.name not in table.fk_columns]
    caps = [col for col in numeric if {singular(w) for w in name_words(col.name)} & _CAPACITY
            | (set(name_words(col.name)) & _CAPACITY)]
    taken = [col for col in numeric if set(name_words(col.name)) & _TAKEN and col not in caps]
    if len(caps) != 1 or len(taken) != 1:
        return None
    return ColumnRef(entity, taken[0].name), ColumnRef(entity, caps[0].name)
