"""Days of the week said as a condition: "performances on Fridays", "the Sunday ones", "and Sundays?".

A day's name keeps the rows whose date falls on it, on the date the rows are dated by (the one a
period would use). A column that stores day names ('Friday' as a delivery day) is a value of its
own, read with the values: the day's name is then no condition on a date.
"""

from __future__ import annotations

from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step
from nl2sql.engines.builtin.resolve import date_column_for
from nl2sql.engines.builtin.spec import Filter
from nl2sql.linking.lexicon import DAYS_OF_WEEK, TABLE, VALUE, Link
from nl2sql.linking.text import singular

# SQLite's numbering (strftime '%w'), which every engine's rendering of a weekday is made to follow.
WEEKDAYS = {day: number for number, day in enumerate(DAYS_OF_WEEK)}
_LEADS = frozenset({"on", "every", "each"})


def _kept_day(ctx: ReadContext, link: Link, entity: str) -> bool:
    """Whether the day said is a value the rows keep: a day column of the main rows, of rows the line
    names ("on the rota on a Monday"), or of other rows when the main rows keep no date of their own."""
    main = ctx.schema.table(entity)
    named = {c.table for other in ctx.a.links for c in other.of_kind(TABLE) if c.score >= 1.0}
    return any(v.table == entity or v.table in named or main is None or not main.date_columns
               for v in link.of_kind(VALUE))


def day_of_other_rows(ctx: ReadContext, link: Link, entity: str) -> bool:
    """A day's name that other rows keep by name (a store's closing day) said of rows with a date of
    their own: the day their date falls on, read here, not that value."""
    said = " ".join(t.text for t in ctx.a.tokens[link.first:link.last + 1])
    return singular(said) in WEEKDAYS and bool(link.of_kind(VALUE)) and not _kept_day(ctx, link, entity)


def weekday_filters(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[list[Filter]]:
    """One condition for the days named: the rows' date on one of them."""
    a, c = ctx.a, Claims(d)
    days: list[int] = []
    words: set[int] = set()
    for i, token in enumerate(a.tokens):
        day = WEEKDAYS.get(singular(token.text))
        link = a.link_at(i)
        if day is None or c.taken(i) or (link is not None and _kept_day(ctx, link, entity)) \
                or any(m.first <= i <= m.last for m in a.dates):  # "last Monday": one day, a date's
            continue
        days.append(day)
        words.update({i, *((i - 1,) if a.word(i - 1) in _LEADS else ())})
    if not days:
        return c.done([])
    ref = ctx.date_override or date_column_for(a, ctx.schema, entity, in_play, ctx.domain)
    if ref is None:
        c.doubts.append("no date to read a day of the week on")
        return c.done([])
    c.used.update(words)
    return c.done([Filter(ref, "weekday", tuple(dict.fromkeys(days)), words=frozenset(words))])
