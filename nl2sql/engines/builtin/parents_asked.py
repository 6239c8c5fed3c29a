"""Which rows the listed ones belong to: "which depots are they at?", "what plans are they on?".

A follow-up that asks "which <table> are they <in, on, for, with ...>" of a listing names a table
the listed rows point to by a key of their own (a parcel's depot, a member's plan). Rows known by a
name of their own are listed again with the name of the row each points to beside theirs; rows
known by no name (parcels, bookings) are read as the rows they point to, each once. A count of rows
("how many are in today?", then "which kennels are they in?") is listed that way too.

The pronoun phrases ("are they", "were they", ...) are the cue table's ``edit.belongs``.
"""

from __future__ import annotations

from nl2sql.engines.builtin.cues import family
from nl2sql.engines.builtin.named_keys import labels, role_key
from nl2sql.engines.builtin.reader import ReadContext
from nl2sql.engines.builtin.shown import own_name
from nl2sql.engines.builtin.spec import ColumnRef, QuerySpec
from nl2sql.linking.lexicon import COLUMN, VALUE, Link

_ASKING = frozenset({"which", "what"})
_MAX_TAIL = 3  # words after the pronoun: a preposition, a verb ("sitting with", "booked into")


def _phrases() -> tuple[tuple[str, ...], ...]:
    return tuple(p for cue in family("edit") if cue.effect.get("belongs") for p in cue.phrases)


def _pronoun_at(ctx: ReadContext, at: int) -> int:
    """How many words the cue's pronoun phrase takes at ``at`` (0: none)."""
    said = tuple(ctx.a.word(k) for k in range(at, at + 3))
    return max((len(p) for p in _phrases() if said[:len(p)] == p), default=0)


def _parent_named(ctx: ReadContext, link: Link, entity: str) -> str | None:
    """The table the word names, or the one other table whose columns it names ("plans" of
    ``plan_types``' columns), when the listed rows point to it."""
    if ctx.names_table(link):
        return ctx.table_of(link)
    others = {c.table for c in link.of_kind(COLUMN)} - {entity}
    return others.pop() if len(others) == 1 else None


def _asked_about(ctx: ReadContext) -> tuple[int, Link] | None:
    """Where the question starts and the link of the table it asks about, when the line reads
    "which <table> are they <a few words that name nothing>"."""
    a = ctx.a
    start = 1 if a.word(0) == "and" else 0
    link = next((lk for lk in a.links if lk.first == start + 1), None)
    if a.word(start) not in _ASKING or link is None or link.of_kind(VALUE) or a.negations:
        return None  # "which kennels are they not in": not the rows they point to
    pronoun = _pronoun_at(ctx, link.last + 1)
    tail = range(link.last + 1 + pronoun, len(a.tokens))
    # "sitting with": a verb in the tail may be near some column's name; nothing it names is asked for
    if not pronoun or len(tail) > _MAX_TAIL or a.dates or a.comparisons or any(
            (lk.first in tail or lk.last in tail) and (lk.of_kind(VALUE) or max(c.score for c in lk.candidates) >= 1)
            for lk in a.links):
        return None
    return start, link


def _listed(spec: QuerySpec) -> bool:
    """Whether the spec lists rows, or counts them, of a table of the schema."""
    counted = all(ag.func == "count" and ag.column is None for ag in spec.aggregates)
    return spec.source is None and not spec.group_by and counted


def parents_asked(ctx: ReadContext, spec: QuerySpec) -> tuple[QuerySpec, frozenset[int], tuple[str, ...], str] | None:
    """The spec listing the rows ``spec`` keeps with the rows they point to (or those rows alone),
    the words read, the doubts, and the change said; None when the line is not such a question."""
    asked, entity = _asked_about(ctx), spec.entity
    parent = _parent_named(ctx, asked[1], entity) if asked is not None else None
    if asked is None or parent is None or parent == entity or not _listed(spec):
        return None
    keys = [fk for fk in ctx.table(entity).foreign_keys if fk.ref_table == parent]
    target = ctx.table(parent)
    named = labels(target) if target.label_column is not None and not target.label_column.primary_key else ()
    if len(keys) != 1 or not named:
        return None
    theirs = tuple(ColumnRef(parent, col) for col in named)
    own = own_name(ctx.table(entity))
    listing = spec.with_(aggregates=(), count_rows=False, having=(), named_keys=(), shown_units=())
    used = frozenset(range(asked[0], len(ctx.a.tokens)))
    if own:  # each row by its name, and the row its key points to by that row's (a LEFT JOIN: none lost)
        key = ColumnRef(entity, keys[0].column)
        named_by = role_key(ctx.schema, key, any_key=True) is not None
        shown = (key,) if named_by else theirs
        new = listing.with_(projections=(*(ColumnRef(entity, col) for col in own), *shown), distinct=False,
                            named_keys=(key,) if named_by else ())
        return new, used, (), f"showing the {parent} each row belongs to"
    if spec.limit is not None:
        return None  # the parents of "the 5 latest" rows, each once, are no query a limit can keep
    new = listing.with_(projections=theirs, distinct=True, order_by=(), reorder=())
    # each once, or beside each row it is of: rows with no name of their own leave it open
    return new, used, (f"the {parent} of the rows, each once",), f"showing the {parent} the rows belong to"
