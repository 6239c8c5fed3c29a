"""Rows still awaited: "orders we're still waiting on", "outstanding deliveries", "not yet received".

A row that records when it was completed (a purchase order's received date, a delivery's arrival)
is still awaited while that date is empty. The words say so whatever the date is called, as long
as the rows in the question have exactly one such date.
"""

from __future__ import annotations

from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.linking.lexicon import COLUMN, VALUE
from nl2sql.linking.text import name_words, stem, value_words
from nl2sql.profile import CALLED_OFF, STILL_TO_COME, called_off, void_flag

# Phrases that say a row is still awaited.
_AWAITED = (("still", "waiting", "on"), ("still", "waiting", "for"), ("still", "waiting"), ("waiting", "on"),
            ("waiting", "for"), ("still", "outstanding"), ("outstanding",), ("on", "the", "way"),
            ("yet", "to", "arrive"), ("yet", "to", "be", "received"), ("yet", "to", "be", "delivered"),
            ("not", "yet", "received"), ("not", "yet", "delivered"), ("not", "yet", "arrived"),
            ("awaiting", "delivery"), ("still", "due"))
# How the name words of the date a row is completed on begin (their stems: "received", "RecvdDt").
_DONE_PREFIXES = ("receiv", "recv", "recd", "rcvd", "deliver", "arriv", "complet", "fulfil", "paid", "settl")


# What rows still awaited wait for, said after the phrase: "waiting on money", "still due a payment".
_AWAITED_OBJECTS = frozenset({"money", "payment", "payments", "cash", "funds", "delivery", "it", "them"})
_DETERMINERS = frozenset({"a", "the", "any", "their", "its"})


def awaited_object(a: Analysis, first: int) -> bool:
    """Whether the word at ``first`` is what rows still awaited wait for ("bills still waiting on
    money"): part of that phrase, no measure of its own."""
    if a.word(first) not in _AWAITED_OBJECTS:
        return False
    k = first - (a.word(first - 1) in _DETERMINERS)
    return any(tuple(a.word(j) for j in range(k - len(p), k)) == p for p in _AWAITED)


def pending_rows(ctx: ReadContext, c: Claims, entity: str, taken: frozenset[int]) -> list[Filter]:
    """``completed IS NULL`` for the phrases that say the rows (of the main table) are still awaited."""
    a = ctx.a
    for i in range(len(a.tokens)):
        phrase = next((p for p in _AWAITED if tuple(a.word(k) for k in range(i, i + len(p))) == p), None)
        if phrase is None:
            continue
        words = frozenset(range(i, i + len(phrase)))
        if words & taken or any(c.taken(k) or _names(a, k) for k in words):
            continue  # "an outstanding balance" names a column
        done = [ColumnRef(entity, col.name) for col in ctx.table(entity).date_columns
                if col.nullable and any(stem(w).startswith(_DONE_PREFIXES) for w in name_words(col.name))]
        if len(done) != 1:
            return _open_states(ctx, c, entity, words)
        after = i + len(phrase) + (a.word(i + len(phrase)) in _DETERMINERS)
        words = words | ({*range(i + len(phrase), after + 1)} if awaited_object(a, after) else set())
        c.used.update(words)
        return [Filter(done[0], "null", words=frozenset(words)), *not_called_off(ctx, entity, frozenset(words))]
    return []


def _names(a: Analysis, k: int) -> bool:
    """Whether the word names a column by itself, not only by a word derived from it ("delivery" is
    a DeliveredDt only as the noun of its verb)."""
    link = a.link_at(k)
    return link is not None and any(cand.score >= 0.9 for cand in link.candidates)


def not_called_off(ctx: ReadContext, entity: str, words: frozenset[int], happened: bool = False) -> list[Filter]:
    """A row called off (a bill voided) awaits nothing, nor will it happen: left out of the rows
    still awaited, and of rows still to come; with ``happened``, so is a row still to come (an
    enquiry, a booking) of the rows a line says were done. Not when the line names one of the
    states itself ("unpaid cancelled invoices")."""
    state = called_off(ctx.table(entity), taken=happened)
    if state is None:
        flag = void_flag(ctx.table(entity))  # "is_void" kept as 0/1: the rows where it says yes
        kept = [Filter(ColumnRef(entity, flag[0].name), "unsettled", (flag[1],), words=words)] if flag else []
    else:
        col, states = state
        kept = [Filter(ColumnRef(entity, col.name), "unsettled", states, words=words)]
    return _unless_said(ctx, kept)


# States of a row booked and not turned up for.
_NOT_ATTENDED = frozenset({"no show", "noshow", "did not attend", "dna", "missed"})
# Words of the one state that says a row's work was done: 'Completed', 'Delivered', 'Done'.
_DONE_STATE_WORDS = frozenset({"completed", "complete", "done", "delivered", "fulfilled", "finished", "attended"})


def done_rows(ctx: ReadContext, entity: str, words: frozenset[int]) -> list[Filter]:
    """ "how many hires did we do": of rows kept in states with one that says they were called off,
    those in the one state that says the work was done (not also a no-show, nor those still to
    come); nothing when no one such state is kept, or the line names a state itself."""
    state = called_off(ctx.table(entity))
    done = [v for v in state[0].values if _DONE_STATE_WORDS & set(name_words(v))] if state is not None else []
    if state is None or len(done) != 1:
        return []
    # a state the work may move on to after it is done ('Invoiced', 'Paid') would be left out: not read so
    before = CALLED_OFF | STILL_TO_COME | _NOT_ATTENDED
    if any(v != done[0] and v.strip().lower().replace("-", " ") not in before for v in state[0].values):
        return []
    return _unless_said(ctx, [Filter(ColumnRef(entity, state[0].name), "=", (done[0],), words=words)])


def _unless_said(ctx: ReadContext, kept: list[Filter]) -> list[Filter]:
    """The conditions on states, but on none the line names itself ("cancelled gigs next year")."""
    said = {(cand.table, cand.column) for link in ctx.a.links for cand in link.candidates
            if cand.kind in (VALUE, COLUMN)}
    return [f for f in kept if (f.column.table, f.column.column) not in said]


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


# Words of a stored state that says a row is settled for good: done with, or called off.
_FINAL_WORDS = frozenset({"closed", "resolved", "done", "completed", "complete", "finished", "fulfilled", "delivered",
                          "paid", "settled", "archived", "cancelled", "canceled", "void", "voided", "refunded",
                          "rejected", "declined", "failed", "expired", "withdrawn", "won", "lost"})


# Words of a state that settles what was due ('Paid', 'Returned', 'Void'), or says it never fell due ('Draft').
_SETTLING_STATE_WORDS = frozenset({"paid", "settled", "void", "voided", "cancelled", "canceled", "returned",
                                   "received", "collected", "closed", "completed", "complete", "done", "resolved",
                                   "fulfilled", "delivered", "refunded", "written", "credited", "redeemed", "lost",
                                   "draft"})


def unsettled_states(ctx: ReadContext, entity: str) -> Filter | None:
    """The rows not in a state that settles them for good ('Paid', 'Void', 'Done'), on the one column
    of the rows' states that keeps such states (a status column before any other): what says a row
    is still open where no date or yes/no does. None when no one column does."""
    def final(value: str) -> bool:  # 'Part Paid' is still open; a 'Payment Failed' is still owed
        words = set(name_words(value))
        return bool(_SETTLING_STATE_WORDS & words) and not _OPEN_STATE_WORDS & words

    found = [(col, [v for v in col.values if final(v)]) for col in ctx.table(entity).columns if col.values]
    found = [(col, values) for col, values in found if values]
    states = [(col, values) for col, values in found if {"status", "state", "stage"} & set(name_words(col.name))]
    found = states or found
    if len(found) != 1:
        return None
    col, values = found[0]
    return Filter(ColumnRef(entity, col.name), "not_in" if len(values) > 1 else "!=", tuple(values))


# Words of a stored state a row is in while it is worked on: open, though not 'Open'.
_IN_PROGRESS = frozenset({"progress", "hold", "waiting", "awaiting", "pending", "assigned", "new", "reopened",
                          "escalated", "review", "triage", "acknowledged", "working", "investigating", "blocked",
                          "started", "queued"})


def final_states(ctx: ReadContext, ref: ColumnRef, value: str) -> tuple[str, ...]:
    """ "the open jobs": where the state 'Open' is one of several states a row is still open in
    ('In Progress', 'On Hold'), the states that settle a row ('Closed', 'Resolved', 'Cancelled'),
    which an open row is in none of; empty when 'Open' is the one state that is not final."""
    table = ctx.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    if col is None or value_words(value) != ("open",):
        return ()
    states = [v for v in col.values if isinstance(v, str)]
    final = tuple(v for v in states if _FINAL_WORDS & set(value_words(v)))
    still = [v for v in states if v != value and v not in final]
    # a state neither final nor surely in progress ('Draft', 'Dormant', 'Filled'): which side it is on, unsure
    sure = all(_IN_PROGRESS & set(value_words(v)) for v in still)
    return final if final and still and sure else ()
