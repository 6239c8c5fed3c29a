"""Values a row's related rows must all have: "students with both a cat and a dog".

A row reaches many rows of a table that refers to it (a student, many pets). Two values of one
of that table's columns joined by "and" ("cartoons directed by A and B", "concerts in both 2014
and 2015") ask for rows that have related rows with each value, not for related rows holding
both (none does) nor for either value ("or"). Such a filter becomes op "all": the renderer
writes one EXISTS per value. A column of the row's own table keeps its plain reading, an IN
list: "users from France and Germany" lists the users of both countries.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.engines.builtin.filters import fans_out
from nl2sql.engines.builtin.reader import ReadContext
from nl2sql.engines.builtin.spec import Filter

_JOINING = frozenset({"and", "both"})


def _joined_by_and(ctx: ReadContext, f: Filter) -> frozenset[int] | None:
    """The words between the values of ``f`` when they are joined by "and" (never "or"), else None."""
    a = ctx.a
    first, last = min(f.words), max(f.words)
    between = [i for i in range(first, last + 1) if i not in f.words]
    words = {a.word(i) for i in between}
    if "and" not in words or "or" in words or "either" in words:
        return None
    before = [i for i in range(max(0, first - 3), first) if a.word(i) == "both"]
    return frozenset([*(i for i in between if a.word(i) in _JOINING), *before])


def every_value(ctx: ReadContext, filters: tuple[Filter, ...],
                entity: str) -> tuple[tuple[Filter, ...], frozenset[int]]:
    """The filters with each IN list over related rows joined by "and" read as "all", and the
    joining words they use."""
    out, used = [], set[int]()
    for f in filters:
        joined = _joined_by_and(ctx, f) if f.op == "in" and len(f.values) > 1 and f.words else None
        if joined is not None and f.column.table != entity and fans_out(ctx, f.column.table, entity):
            out.append(replace(f, op="all"))
            used |= joined
        else:
            out.append(f)
    return tuple(out), frozenset(used)
