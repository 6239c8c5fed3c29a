"""The reading step for text a column contains: which column each contains cue is about.

The analysis found the cue and its piece of text (``contains.py``); the sentence says which column
holds it. A column named after the piece ("'w' in their description") is that column, unless it
is only the generic "name" of a column named before the cue ("an album having 'Rain' in its name": the
album's name column). Otherwise the column named just before the cue holds it ("city containing",
"whose name has"); a generic "name" right after "whose" is the name of what comes before it ("the
region whose name contains": the region column). A cue with no text column to hold it builds nothing,
so its words stay unused and the reading says it is partial.
"""

from __future__ import annotations

from nl2sql.db.schema import TEXT
from nl2sql.engines.builtin.contains import Contains
from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step
from nl2sql.engines.builtin.resolve import best_candidate
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.linking.lexicon import COLUMN, Link
from nl2sql.linking.text import name_words, singular

_GENERIC = frozenset({"name", "title"})
_OWNERS = frozenset({"whose", "its", "their", "his", "her"})


def contains_filters(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[list[Filter]]:
    """A LIKE condition per contains cue whose column the sentence names."""
    c, out = Claims(d), []
    for cue in ctx.a.contains:
        found = _column(ctx, c, cue, entity, in_play)
        if found is None:
            continue
        ref, link = found
        out.append(Filter(ref, "like", (cue.value, cue.anchor) if cue.anchor else (cue.value,)))
        c.claim(link, "contains", *cue.span)
    return c.done(out)


def _text_ref(ctx: ReadContext, link: Link | None, entity: str, in_play: set[str]) -> ColumnRef | None:
    """The text column a link names, if it names one."""
    if link is None:
        return None
    texts = tuple(cand for cand in link.of_kind(COLUMN)
                  if (col := ctx.table(cand.table).column(cand.column or "")) is not None and col.kind == TEXT)
    best = best_candidate(Link(link.first, link.last, texts), COLUMN, entity, ctx.schema, in_play) if texts else None
    return ColumnRef(best.table, best.column or "") if best is not None else None


def _generic(ctx: ReadContext, link: Link) -> str | None:
    """The generic word ("name", "title") a one-word link is, if it is one."""
    word = singular(ctx.a.word(link.first))
    return word if link.first == link.last and word in _GENERIC else None


def _column(ctx: ReadContext, c: Claims, cue: Contains, entity: str,
            in_play: set[str]) -> tuple[ColumnRef, Link] | None:
    """The column that holds the piece, and the link that names it."""
    a = ctx.a
    before = a.prev_link(cue.first, max_gap=3)
    if before is not None and c.taken(before.first):
        before = None
    after = a.link_at(cue.column_after) if cue.column_after is not None else None
    if after is not None and not c.taken(after.first):
        own = _text_ref(ctx, after, entity, in_play)
        word = _generic(ctx, after)
        held = _text_ref(ctx, before, entity, in_play)
        if word is not None and held is not None and before is not None and word in name_words(held.column):
            return held, before
        if own is not None:
            return own, after
    if before is None:
        return None
    if _generic(ctx, before) is not None and a.word(before.first - 1) in _OWNERS:
        owner = a.prev_link(before.first - 1, max_gap=1)
        held = _text_ref(ctx, owner, entity, in_play) if owner is not None and not c.taken(owner.first) else None
        if held is not None and owner is not None:
            return held, owner
    ref = _text_ref(ctx, before, entity, in_play) or _rows_text(ctx, before)
    return (ref, before) if ref is not None else None


def _rows_text(ctx: ReadContext, link: Link) -> ColumnRef | None:
    """ "the <rows> that contain 'x'": the piece is in the one text of the rows the line names
    elsewhere (the notes it asks for); with none named, which text is meant is not said."""
    table = ctx.table_of(link) if ctx.names_table(link) else None
    if table is None:
        return None
    named = {cand.column for other in ctx.a.links if other is not link for cand in other.of_kind(COLUMN)
             if cand.table == table and (col := ctx.table(table).column(cand.column or "")) is not None
             and col.kind == TEXT}
    return ColumnRef(table, named.pop() or "") if len(named) == 1 else None
