"""Rows that have related rows: "riders who have a bike", "boats that went through a repair".

A table whose rows refer to the main one (or a table linking the two), named after "have",
"with", "any", "some", "through", "ever" or a verb in -ed, and read as nothing else, asks for the
main rows that have such rows: EXISTS (op "exists", the mirror of "no <rows>"). Not when the
question already filters those rows (the filter's EXISTS says they exist), nor after a negation
(that is "no <rows>"), nor after a possessive ("with their <rows>" asks to see them).
"""

from __future__ import annotations

from nl2sql.engines.builtin.filters import absence_table, fans_out
from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.linking.lexicon import Link
from nl2sql.linking.text import POSSESSIVES

_HAVING = frozenset({"have", "has", "had", "having", "with", "any", "some", "through", "ever"})


def _having_words(ctx: ReadContext, link: Link) -> list[int] | None:
    """The words that say "has such rows" in the few words before ``link``: the cue words to use
    (a verb in -ed says it too but stays the user's word); None when nothing says so, or a negation does."""
    a = ctx.a
    if any(i in a.negations for i in range(max(0, link.first - 6), link.first)):
        return None
    before = range(max(0, link.first - 4), link.first)
    if not any(a.word(i) in _HAVING or (a.word(i).endswith("ed") and a.link_at(i) is None) for i in before):
        return None
    if a.word(link.first - 1) in POSSESSIVES:
        return None  # "books with their authors" asks to see the authors, not which books have some
    return [i for i in before if a.word(i) in _HAVING]


def exists_filters(ctx: ReadContext, d: Decided, entity: str, filters: tuple[Filter, ...],
                   used: frozenset[int], listed: bool = False) -> Step[list[Filter]]:
    """EXISTS filters for the related tables the question names and no other part of it reads.

    ``listed``: the answer lists rows one by one, where a person may also mean one line per
    related row (each student beside each pet); that reading is a doubt, not a certainty."""
    c, out = Claims(d), list[Filter]()
    pk = ctx.table(entity).primary_key
    filtered = {f.column.table for f in filters} | {f.other.table for f in filters if f.other is not None}
    for link in ctx.a.links:
        other = ctx.table_of(link) if ctx.names_table(link) else None
        if pk is None or other is None or other == entity or c.taken(link.first) or link.first in used \
                or not fans_out(ctx, other, entity):
            continue
        having = _having_words(ctx, link)
        if having is None:
            continue
        found = absence_table(ctx, other, entity)
        if found is None or found[0] in filtered or other in filtered:
            continue
        words = frozenset(range(link.first, link.last + 1))
        out.append(Filter(ColumnRef(entity, pk.name), "exists", (), other=ColumnRef(*found), words=words))
        filtered.add(found[0])
        c.claim(link, "exists", *having)
        if listed:
            c.doubts.append(f"each {entity} once, not once per {other}")
    return c.done(out)
