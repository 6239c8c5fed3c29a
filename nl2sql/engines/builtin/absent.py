"""Rows with no related row of a kind: "riders who do not own a tandem", "shops that do not
stock any lamp made by X".

A negation may deny a value ("a bike that is not a tandem": some bike of another kind) or deny that
any related row has it ("does not own a tandem": no bike is a tandem). Over a table that repeats the
main rows the two differ, and the second is said with an auxiliary ("do not", "did not"), a
contracted or absolute negation ("doesn't", "never", "no"), "any", or a verb in -ing right after
"not" ("not playing"). Such a filter becomes op "none": no related row meets it (NOT EXISTS). The
negation may stand a few words before the value, past the verb and the table word ("do not stock
any lamp made by X"), as long as no other condition's words come between.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.engines.builtin.filters import fans_out
from nl2sql.engines.builtin.reader import ReadContext
from nl2sql.engines.builtin.spec import Filter

_ABSOLUTE = frozenset({"never", "no", "nobody", "without", "don't", "doesn't", "didn't", "haven't", "hasn't", "nor"})
_AUXILIARIES = frozenset({"do", "does", "did", "have", "has", "had"})
_REACH = 8  # words from a negation to the value it denies ("do not stock any lamp made by <value>")


def _existence(ctx: ReadContext, n: int, first: int) -> bool:
    """Whether the negation at ``n`` denies that a related row exists, not a value of one."""
    a = ctx.a
    return a.word(n) in _ABSOLUTE or a.word(n - 1) in _AUXILIARIES or a.word(n + 1).endswith("ing") \
        or any(a.word(i) == "any" for i in range(n + 1, first))


def _first(ctx: ReadContext, f: Filter) -> int:
    """Where the words of the condition itself start (a negation it took comes before)."""
    return min((i for i in f.words if i not in ctx.a.negations), default=min(f.words))


def _negation(ctx: ReadContext, f: Filter, filters: tuple[Filter, ...], used: frozenset[int]) -> int | None:
    """The negation that denies ``f``: one its value already took, else a free one a few words
    before it with no other condition between."""
    a = ctx.a
    first = _first(ctx, f)
    taken = [n for n in f.words if n in a.negations]
    if taken:
        return taken[0] if f.op in ("!=", "not_in") else None
    if f.op not in ("=", "in"):
        return None
    others = {i for other in filters if other is not f for i in other.words}
    free = [n for n in a.negations if n not in used and 0 < first - n <= _REACH
            and not any(n < i < first for i in others)]
    return max(free) if free else None


def absent_filters(ctx: ReadContext, filters: tuple[Filter, ...], entity: str,
                   used: frozenset[int]) -> tuple[tuple[Filter, ...], frozenset[int]]:
    """The filters with each denied value of related rows read as "none", and the negations used."""
    out, words = [], set[int]()
    for f in filters:
        n = _negation(ctx, f, filters, used) if f.words and f.op in ("=", "in", "!=", "not_in") else None
        if n is not None and f.column.table != entity and fans_out(ctx, f.column.table, entity) \
                and _existence(ctx, n, _first(ctx, f)):
            out.append(replace(f, op="none", words=f.words | {n}))
            words.add(n)
        else:
            out.append(f)
    return tuple(out), frozenset(words)
