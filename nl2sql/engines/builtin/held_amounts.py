"""An amount a row has some of, or none of: "tenants with some credit", "parts with no stock left".

A word of quantity said right before a number column the rows keep compares it with nothing at all:
"some" or "any" keeps the rows with more than none, "no" or "zero" the rows with none. A table's
name after "no" is no column ("customers with no orders" is an anti-join, read elsewhere).
"""

from __future__ import annotations

from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step
from nl2sql.engines.builtin.spec import Filter
from nl2sql.linking.lexicon import COLUMN, METRIC, TABLE, Link

_SOME = frozenset({"some", "any"})
_NONE = frozenset({"no", "zero"})


def verb_of_held(ctx: ReadContext, link: Link) -> bool:
    """A money verb whose object is an amount of a column said after "some", "any" or "no" ("earned
    some credits"): the column is the amount, not money taken (no metric is read for the verb)."""
    a, nxt = ctx.a, link.last + 1
    after = a.link_at(nxt + 1) if a.word(nxt) in ("some", "any", "no") else None
    return link.first == link.last and after is not None and bool(after.of_kind(COLUMN)) \
        and not after.of_kind(METRIC) and not after.of_kind(TABLE)


def held_amounts(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[list[Filter]]:
    """Conditions of some or none of a number column of the rows."""
    a, c = ctx.a, Claims(d)
    out: list[Filter] = []
    for link in a.links:
        word = a.word(link.first - 1)
        if word not in _SOME | _NONE or c.taken(link.first) or (link.first - 1) in c.used or link.of_kind(TABLE):
            continue
        ref = ctx.numeric(link, entity, in_play, values_only=True)
        if ref is None or ref.table != entity or a.word(link.last + 1) in ("of", "than"):
            continue  # "any of the", "no more than": not an amount held
        verb = a.link_at(link.first - 2)  # "who've earned some credits": the verb of holding them, no money
        held = {link.first - 2} if verb is not None and all(cand.kind == METRIC for cand in verb.candidates) else set()
        words = frozenset({*range(link.first - 1, link.last + 1), *held})
        c.claim(link, "value", *words)
        out.append(Filter(ref, "<=" if word in _NONE else ">", (0,), words=words))
    return c.done(out)
