"""The time between two events of a row ("the average time between order and shipping"): days
from one date column to another of the same table.

An event is named by a date column's own words ("shipping" -> shipped_at, by stem) or by the
table's name, which stands for the row's creation (an order is made when it is created).
"""

from __future__ import annotations

from nl2sql.db.schema import MOMENT_WORDS
from nl2sql.engines.builtin.event_waits import same_root
from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.spec import ColumnRef
from nl2sql.linking.lexicon import TABLE, irregular_bases
from nl2sql.linking.text import name_words, singular, stem

INTERVAL_WORDS = frozenset({"time", "days", "delay", "duration", "gap", "wait", "interval"})
_STARTS = frozenset({"between", "from"})
_ENDS = frozenset({"and", "to", "until", "till"})
_ARTICLES = frozenset({"the", "a", "an", "its", "their"})
_AUXILIARIES = frozenset({"being", "been", "getting", "was", "were", "is", "it", "gets", "got"})
_UNITS = frozenset({"days", "hours", "minutes", "weeks"})


def interval_after(ctx: ReadContext, c: Claims, index: int, entity: str) -> tuple[ColumnRef, ColumnRef] | None:
    """(since, until): the two dates an interval phrase after the aggregate word at ``index`` names,
    its words claimed; None when there is no such phrase or either end names no date of ``entity``."""
    a = ctx.a
    j = index + 1
    while a.word(j) in _ARTICLES or a.word(j) in ("number", "of", "how", "many"):
        j += 1  # "the average number of days between ...", "on average how many days from ..."
    if a.word(j) not in INTERVAL_WORDS:
        return None
    start = j + 1 + (2 if a.word(j + 1) == "in" and a.word(j + 2) in _UNITS else 0)  # "time in days between"
    if a.word(start) not in _STARTS:
        return None
    k = next((i for i in range(start + 2, start + 7) if a.word(i) in _ENDS), None)
    if k is None:
        return None
    first, second = _first_word(ctx, start + 1, k), _first_word(ctx, k + 1, k + 4)
    if first is None or second is None:
        return None
    since, until = _event(ctx, first, entity), _event(ctx, second, entity)
    if since is not None and until is None:  # "from order to delivery": the delivery is a row of its own
        until = _later_row_event(ctx, second, entity)
    if since is None or until is None or since == until:
        return None
    for i in (first, second):
        link = a.link_at(i)
        if link is not None and not c.taken(link.first):
            c.claim(link, "aggregate")
    c.used.update(range(index + 1, second + 1))
    return since, until


_TAKING = frozenset({"take", "takes", "took", "taken"})
_OBJECTS = frozenset({"us", "them", "you", "we", "to"})


def time_taken(ctx: ReadContext, c: Claims, entity: str) -> tuple[ColumnRef, ColumnRef] | None:
    """(since, until): "how many days does it take (us) to ship an order": from the row's creation to
    the date of the event the verb after "take ... to" names, of the main rows or of the rows the verb
    acts on ("do customers take to pay an invoice"); its words claimed."""
    a = ctx.a
    t = next((i for i, tok in enumerate(a.tokens) if tok.text in _TAKING), None)
    if t is None or not any(a.word(i) in INTERVAL_WORDS | {"long"} for i in range(max(0, t - 5), t)):
        return None
    verb = next((i for i in range(t + 1, t + 4) if a.word(i) not in _OBJECTS), None)
    if verb is None or "to" not in {a.word(i) for i in range(t + 1, verb)}:
        return None
    ends = [(until, created) for table in (entity, *_object_of(ctx, verb))
            if (until := _event(ctx, verb, table)) is not None
            and (created := ctx.table(table).default_date_column) is not None and until.column != created.name]
    if not ends:
        return None
    until, created = ends[0]
    link = a.link_at(verb)
    if link is not None and not c.taken(link.first):
        c.claim(link, "aggregate")
    c.used.update(i for i in range(max(0, t - 5), verb) if a.word(i) in INTERVAL_WORDS | _TAKING | _OBJECTS
                  | {"long", "does", "did", "do", "it", "how", "many"})
    c.used.add(verb)
    return ColumnRef(until.table, created.name), until


def _object_of(ctx: ReadContext, verb: int) -> list[str]:
    """The table the rows the verb acts on are kept in ("to pay an invoice": the invoices), when the
    main rows are who acts (the customers) and keep no date of the act."""
    after = ctx.a.next_link(verb, max_gap=2)
    return [cand.table for cand in after.of_kind(TABLE) if cand.score >= 1.0][:1] if after is not None else []


def _first_word(ctx: ReadContext, start: int, stop: int) -> int | None:
    """The first word naming an event: past articles and the auxiliaries of a passive ("being shipped")."""
    return next((i for i in range(start, min(stop, len(ctx.a.tokens)))
                 if ctx.a.word(i) not in _ARTICLES and ctx.a.word(i) not in _AUXILIARIES), None)


def _later_row_event(ctx: ReadContext, index: int, entity: str) -> ColumnRef | None:
    """The date of an event kept in rows of their own that refer to the row (an order's delivery, a
    claim's payout), when the word names their table: each such row's date, from the row's."""
    link = ctx.a.link_at(index)
    named = {cand.table for cand in link.of_kind(TABLE) if cand.score >= 1.0} if link is not None else set()
    children = [t for t in ctx.schema.tables if t.name in named and t.stored
                and any(fk.ref_table == entity for fk in t.foreign_keys) and t.name != entity]
    return _event(ctx, index, children[0].name) if len(children) == 1 else None


def _event(ctx: ReadContext, index: int, entity: str) -> ColumnRef | None:
    """The date column a word names as an event of the row: a date column sharing its stem, or the
    row's own creation date when the word names the table."""
    table = ctx.table(entity)
    word = stem(ctx.a.word(index))
    for column in table.date_columns:
        if any(word in (stem(part), *irregular_bases(part)) for part in name_words(column.name)):
            return ColumnRef(entity, column.name)
    said = ctx.a.word(index)
    for column in table.date_columns:  # "from enquiry to confirmation": a noun of the moment's verb
        if said.isalpha() and len(said) > 3 and any(same_root(said, part) for part in name_words(column.name)
                                                    if part not in MOMENT_WORDS):
            return ColumnRef(entity, column.name)
    for column in table.date_columns:  # shortened: "delivery" of deliv_dt
        if said.isalpha() and any(len(part) >= 4 and said.startswith(part) for part in name_words(column.name)
                                  if part not in MOMENT_WORDS):
            return ColumnRef(entity, column.name)
    link = ctx.a.link_at(index)
    names_table = link is not None and any(cand.table == entity for cand in link.of_kind(TABLE))
    if names_table or word == stem(singular(entity.lower())):
        created = table.default_date_column
        return ColumnRef(entity, created.name) if created is not None else None
    return None
