"""Rows still awaited: "orders we're still waiting on", "outstanding deliveries", "not yet received".

A row that records when it was completed (a purchase order's received date, a delivery's arrival)
is still awaited while that date is empty. The words say so whatever the date is called, as long
as the rows in the question have exactly one such date.
"""

from __future__ import annotations

from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.linking.text import name_words, stem

# Phrases that say a row is still awaited.
_AWAITED = (("still", "waiting", "on"), ("still", "waiting", "for"), ("still", "waiting"), ("waiting", "on"),
            ("waiting", "for"), ("still", "outstanding"), ("outstanding",), ("on", "the", "way"),
            ("yet", "to", "arrive"), ("yet", "to", "be", "received"), ("yet", "to", "be", "delivered"),
            ("not", "yet", "received"), ("not", "yet", "delivered"), ("not", "yet", "arrived"),
            ("awaiting", "delivery"), ("still", "due"))
# How the name words of the date a row is completed on begin (their stems: "received", "RecvdDt").
_DONE_PREFIXES = ("receiv", "recv", "recd", "rcvd", "deliver", "arriv", "complet", "fulfil")


def pending_rows(ctx: ReadContext, c: Claims, entity: str, taken: frozenset[int]) -> list[Filter]:
    """``completed IS NULL`` for the phrases that say the rows (of the main table) are still awaited."""
    a = ctx.a
    for i in range(len(a.tokens)):
        phrase = next((p for p in _AWAITED if tuple(a.word(k) for k in range(i, i + len(p))) == p), None)
        if phrase is None:
            continue
        words = frozenset(range(i, i + len(phrase)))
        if words & taken or any(c.taken(k) or a.link_at(k) is not None for k in words):
            continue  # "an outstanding balance" names a column
        done = [ColumnRef(entity, col.name) for col in ctx.table(entity).date_columns
                if col.nullable and any(stem(w).startswith(_DONE_PREFIXES) for w in name_words(col.name))]
        if len(done) != 1:
            return _open_states(ctx, c, entity, words)
        c.used.update(words)
        return [Filter(done[0], "null", words=words)]
    return []


# Words of a stored state that says a row is still open: 'unpaid', 'part_paid', 'pending', 'awaiting'.
_OPEN_STATE_WORDS = frozenset({"unpaid", "part", "partial", "partly", "pending", "open", "outstanding", "awaiting",
                               "overdue", "due", "unsettled", "owing"})


def _open_states(ctx: ReadContext, c: Claims, entity: str, words: frozenset[int]) -> list[Filter]:
    """The states of the rows' one column of states that say a row is still open (an invoice
    'unpaid' or 'part_paid'), where no date says when it was completed."""
    found = [(col.name, [v for v in col.values if _OPEN_STATE_WORDS & set(name_words(v))])
             for col in ctx.table(entity).columns if col.values]
    found = [(name, values) for name, values in found if values]
    if len(found) != 1:
        return []
    c.used.update(words)
    name, values = found[0]
    return [Filter(ColumnRef(entity, name), "in" if len(values) > 1 else "=", tuple(values), words=words)]
