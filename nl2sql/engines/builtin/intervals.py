"""The time between two events of a row ("the average time between order and shipping"): days
from one date column to another of the same table.

An event is named by a date column's own words ("shipping" -> shipped_at, by stem) or by the
table's name, which stands for the row's creation (an order is made when it is created).
"""

from __future__ import annotations

from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.spec import ColumnRef
from nl2sql.linking.lexicon import TABLE
from nl2sql.linking.text import name_words, singular, stem

INTERVAL_WORDS = frozenset({"time", "days", "delay", "duration", "gap", "wait", "interval"})
_STARTS = frozenset({"between", "from"})
_ENDS = frozenset({"and", "to", "until", "till"})
_ARTICLES = frozenset({"the", "a", "an"})


def interval_after(ctx: ReadContext, c: Claims, index: int, entity: str) -> tuple[ColumnRef, ColumnRef] | None:
    """(since, until): the two dates an interval phrase after the aggregate word at ``index`` names,
    its words claimed; None when there is no such phrase or either end names no date of ``entity``."""
    a = ctx.a
    j = index + 1
    while a.word(j) in _ARTICLES:
        j += 1
    if a.word(j) not in INTERVAL_WORDS or a.word(j + 1) not in _STARTS:
        return None
    k = next((i for i in range(j + 3, j + 6) if a.word(i) in _ENDS), None)
    if k is None:
        return None
    first, second = _first_word(ctx, j + 2, k), _first_word(ctx, k + 1, k + 4)
    if first is None or second is None:
        return None
    since, until = _event(ctx, first, entity), _event(ctx, second, entity)
    if since is None or until is None or since == until:
        return None
    for i in (first, second):
        link = a.link_at(i)
        if link is not None and not c.taken(link.first):
            c.claim(link, "aggregate")
    c.used.update(range(index + 1, second + 1))
    return since, until


def _first_word(ctx: ReadContext, start: int, stop: int) -> int | None:
    return next((i for i in range(start, min(stop, len(ctx.a.tokens))) if ctx.a.word(i) not in _ARTICLES), None)


def _event(ctx: ReadContext, index: int, entity: str) -> ColumnRef | None:
    """The date column a word names as an event of the row: a date column sharing its stem, or the
    row's own creation date when the word names the table."""
    table = ctx.table(entity)
    word = stem(ctx.a.word(index))
    for column in table.date_columns:
        if any(stem(part) == word for part in name_words(column.name)):
            return ColumnRef(entity, column.name)
    link = ctx.a.link_at(index)
    names_table = link is not None and any(cand.table == entity for cand in link.of_kind(TABLE))
    if names_table or word == stem(singular(entity.lower())):
        created = table.default_date_column
        return ColumnRef(entity, created.name) if created is not None else None
    return None
