"""Two columns of one row compared with each other: "voyages that docked after the scheduled
date", "bins below their refill mark", "parcels delivered late"; and a column of a row compared
with the same column of the row its table's own key points to: "guards paid more than their boss".

A comparator with no number after it, followed by a column, compares that column with another
column of the same row: the one named before the comparator ("whose fill is below the refill
mark"), else the one the table measures most like it (a stock or quantity beside a threshold),
which is a guess the reading says as a doubt. "late" and "early" compare the date a row's event
happened with the date it was expected, each found by the words of the date columns' names
(due, required, expected, ... against shipped, delivered, completed, ...); "later than planned"
says which expected date, and a date kept beside its "actual" twin (end_date, actual_end_date) is
the one planned.
"""

from __future__ import annotations

from nl2sql.db.schema import DATE, Column, Table
from nl2sql.engines.builtin.analysis import COMPARATORS
from nl2sql.engines.builtin.cues import words as cue_words
from nl2sql.engines.builtin.full_rows import full_rows
from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.engines.builtin.yes_no import flag_of, said_words
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.lexicon import COLUMN, Link
from nl2sql.linking.text import name_words, stem
from nl2sql.profile import SelfReference, profile_of
from nl2sql.profile.roles import is_duration, is_price, money_unit

_ORDERING = (">", "<", ">=", "<=")
# Words that multiply the column compared with: "more than double their buy price".
_FACTORS = {"double": 2, "twice": 2, "triple": 3, "thrice": 3, "half": 0.5}
# Words between a comparator and the column it compares with: "below their reorder mark".
_DETERMINERS = frozenset({"the", "its", "their", "his", "her", "a", "an", "own", "that", "this", "each"})
_COPULAS = frozenset({"is", "are", "was", "were", "be", "been", "being", "currently", "still", "now", "that", "which",
                      "who", "whose", "fall", "falls", "fell", "dropped", "drop", "drops", "went", "go", "goes",
                      "have", "has", "had", "gone", "fallen", "run", "running", "low", "short", ","})
# Nouns for the row a table's own key points to (its manager), whatever the key is called (reports_to).
UPPER_WORDS = frozenset(cue_words("upper"))
# Verbs of what a row is paid: "earn more than their manager" compares the table's money column.
_PAID = frozenset({"earn", "earns", "earned", "paid", "make", "makes"})
# Name words of a date that says when something was expected, and of dates that say when it
# happened: its end first (delivered, returned), then its start on the way (shipped, sent), which
# is when it happened only where no end is kept.
EXPECTED_WORDS = frozenset({"due", "required", "require", "expected", "expect", "promised", "promise", "deadline",
                            "scheduled", "schedule", "planned", "plan", "target", "estimated", "eta", "requested",
                            "committed", "agreed", "needed", "need"})
DONE_WORDS = frozenset({"delivered", "deliver", "delivery", "completed", "complete", "completion", "actual", "arrived",
                        "arrival", "returned", "return", "finished", "finish", "closed", "close", "done", "submitted",
                        "submit", "resolved", "resolve", "received", "receive", "paid", "ended", "end", "fulfilled"})
SENT_WORDS = frozenset({"shipped", "ship", "sent", "dispatched", "dispatch", "handed", "posted", "mailed"})
# "late": the event after the date expected; "early": before it. ("overdue" is not here: it also
# means not done yet, past the date, which no comparison of the two dates says.)
_TIMING = {"late": ">", "delayed": ">", "early": "<"}
_PRONOUNS = frozenset({"they", "it", "we", "he", "she"})
_BE = frozenset({"were", "was", "are", "is", "had", "have"})
# Words before a verb: its subject, or "still" ("that we still sell").
_VERB_SUBJECTS = frozenset({"we", "they", "you", "i", "still"})
_CAME = frozenset({"turned", "turn", "turns", "showed", "show", "shows"})
# Name words of a column that is an amount held (compared with a threshold when none is named).
_HELD_WORDS = frozenset({"stock", "quantity", "qty", "units", "inventory", "hand", "available", "balance", "level",
                         "count", "remaining", "left", "current", "actual", "onhand", "held", "supply"})


def _comparable(col: Column | None, table: Table) -> str | None:
    """"date" or "number" for a column two rows' values can be ordered by, None for a key or a flag."""
    if col is None or col.primary_key or col.name in table.fk_columns or flag_of(table, col) is not None:
        return None
    if col.kind == DATE:
        return "date"
    return "number" if col.is_numeric and name_words(col.name)[-1:] != ("id",) else None


def _column(ctx: ReadContext, link: Link | None, tables: set[str],
            no_price: bool = False) -> tuple[ColumnRef, str] | None:
    """The orderable column a link names on one of ``tables``, its best reading, and its kind; with
    ``no_price``, what a price is compared with ("selling below cost"), never the price itself."""
    if link is None:
        return None
    cands = sorted((c for c in link.of_kind(COLUMN) if c.table in tables), key=lambda c: -c.score)
    best = max((c.score for c in link.candidates), default=0.0)
    for cand in cands:
        table = ctx.table(cand.table)
        col = table.column(cand.column or "")
        if no_price and col is not None and is_price(table, col):
            continue
        kind = _comparable(col, table)
        if kind is not None and cand.score >= min(best, 0.6):
            return ColumnRef(cand.table, cand.column or ""), kind
    return None


def _past_determiners(ctx: ReadContext, j: int) -> int:
    """Where the column compared with starts: past "the", "their", "its own", ... at ``j``."""
    while ctx.a.word(j) in _DETERMINERS:
        j += 1
    return j


def compared_to_column(ctx: ReadContext, link: Link, entity: str, in_play: set[str]) -> bool:
    """Whether a word opens "<column> <comparator> [their] <column>" ("shipped after their required
    date"): it names its column there, not a stored value it also matches (a status "Shipped")."""
    found = _comparator_at(ctx, link.last + 1)
    if found is None:
        return False
    right = _column(ctx, ctx.a.link_at(_past_determiners(ctx, found[0])), {entity, *in_play})
    left = _column(ctx, link, {right[0].table}) if right is not None else None
    return right is not None and left is not None and left[1] == right[1] and left[0] != right[0]


def column_comparisons(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> list[Filter]:
    """Conditions comparing two columns of a row, and the lateness of events against their due dates."""
    out = []
    a = ctx.a
    numbered = {i for comp in a.comparisons for i in range(comp.first, comp.last + 1)}
    for i in range(len(a.tokens)):
        if i in numbered or i in a.cues or a.link_at(i) is not None:
            continue
        found = _than_the_upper(ctx, c, i, entity) or _compared_pair(ctx, c, i, entity, in_play) \
            or _split_pair(ctx, c, i, entity, in_play) or _timing(ctx, c, i, entity, in_play) \
            or _overrun(ctx, c, i, entity)
        if found is not None:
            out.append(found)
    return out + full_rows(ctx, c, entity)


def _than_the_upper(ctx: ReadContext, c: Claims, i: int, entity: str) -> Filter | None:
    """ "<rows> who earn more than their manager", "a higher hourly rate than their boss", "hired
    before their own manager": a column of each row against the same column of the row the table's
    own key points to (``against="upper"``; ``other`` is that key). The upper row is said by a word
    of the cue table or by the key's own name ("than their skipper")."""
    a = ctx.a
    named, op = None, _SPLIT.get(a.word(i))
    link = a.link_at(i + 1)
    if op is not None and link is not None and link.first == i + 1 and a.word(link.last + 1) == "than":
        named, end = link, link.last + 2  # "a higher hourly rate than ..."
    elif (found := _comparator_at(ctx, i)) is not None:
        end, op = found
    else:
        return None  # most words open no comparison: the profile is not looked at for them
    ref = next((r for r in profile_of(ctx.schema).self_references if r.table == entity), None)
    if ref is None:
        return None
    j = _past_determiners(ctx, end)
    upper = a.link_at(j)
    keyed = upper is not None and upper.first == j and any(
        cand.kind == COLUMN and (cand.table, cand.column) == (ref.table, ref.column) for cand in upper.candidates)
    if not keyed and a.word(j) not in UPPER_WORDS:
        return None
    compared = _compared_with_upper(ctx, c, i, named, ref)
    if compared is None:
        return None
    column, words = compared
    if keyed and upper is not None:
        c.claim(upper, "compare")
        words |= set(range(upper.first, upper.last + 1))
    words |= set(range(i, j + 1))
    c.used.update(words)
    said = f"{a.word(i)} than" if named is not None else " ".join(a.word(k) for k in range(i, end))
    return Filter(column, op, (), label=f"{said} their {a.word(j)}'s", other=ColumnRef(ref.table, ref.column),
                  against="upper", words=frozenset(words))


def paid_against_upper(ctx: ReadContext, i: int) -> bool:
    """Whether the word at ``i`` is a verb of pay compared with an upper row's ("earn more than their
    manager"): the rows' own pay, not money the business takes (which "earn" may also name)."""
    a = ctx.a
    if a.word(i) not in _PAID:
        return False
    than = next((k for k in range(i + 1, i + 4) if a.word(k) == "than"), None)
    if than is None:
        return False
    j = _past_determiners(ctx, than + 1)
    keys = {(r.table, r.column) for r in profile_of(ctx.schema).self_references}
    upper = a.link_at(j)
    return bool(keys) and (a.word(j) in UPPER_WORDS or upper is not None and any(
        (cand.table, cand.column) in keys for cand in upper.of_kind(COLUMN)))


def _compared_with_upper(ctx: ReadContext, c: Claims, i: int, named: Link | None,
                         ref: SelfReference) -> tuple[ColumnRef, set[int]] | None:
    """The column compared with the upper row's: named inside the comparator, else right before it
    ("whose salary is higher than"), else the money a verb of pay says ("earn more than")."""
    a = ctx.a
    before = a.prev_link(i, max_gap=3)
    for link in (named, None if before is None or c.taken(before.first) else before):
        found = _column(ctx, link, {ref.table})
        if found is not None and link is not None:
            c.claim(link, "compare")
            return found[0], set(range(link.first, link.last + 1))
    verb = next((k for k in range(i - 1, max(-1, i - 3), -1) if a.word(k) in _PAID), None)
    money = [col for table, col in profile_of(ctx.schema).money if table == ref.table]
    if verb is None or len(money) != 1:
        return None
    return ColumnRef(ref.table, money[0]), {verb}


def _comparator_at(ctx: ReadContext, i: int) -> tuple[int, str] | None:
    """(index after the phrase, op) of an ordering comparator starting at word i with no number."""
    words = [t.text for t in ctx.a.tokens]
    for phrase, op, _concept in COMPARATORS:
        if op in _ORDERING and tuple(words[i:i + len(phrase)]) == phrase:
            return i + len(phrase), op
    return None


def _compared_pair(ctx: ReadContext, c: Claims, i: int, entity: str, in_play: set[str]) -> Filter | None:
    """ "<column> <comparator> [the|its] <column>", or "<rows> <comparator> their <column>"."""
    a = ctx.a
    found = _comparator_at(ctx, i)
    if found is None:
        return None
    end, op = found
    j = end
    factor = _FACTORS.get(a.word(j))
    j = _past_determiners(ctx, j + (factor is not None))
    right_link = a.link_at(j)
    if right_link is None or right_link.first != j or c.taken(j):
        return None
    selling = a.word(i - 1) in SELLING  # "items selling below cost": the items' own cost, never their price
    right = _column(ctx, right_link, {entity} if selling else {entity, *in_play, *_extensions(ctx, entity)},
                    no_price=selling)
    if right is None:
        return None
    (ref, kind), words = right, {*range(i, j), *range(right_link.first, right_link.last + 1)}
    said = " ".join(a.word(k) for k in range(i, end))
    left_link = a.prev_link(i, max_gap=3)
    if left_link is not None and a.word(left_link.first - 1) in _VERB_SUBJECTS:
        left_link = None  # "products that we still sell are below their reorder level": a verb, no column
    left = _column(ctx, left_link, {ref.table}) if left_link is not None and not c.taken(left_link.first) else None
    if left is not None and left[0] != ref and left[1] == kind and left_link is not None:
        c.claim(left_link, "compare")
        c.claim(right_link, "compare", *words)
        scale = factor or _money_scale(ctx, left[0], ref)
        return Filter(left[0], op, (scale,) if scale else (), label=said, other=ref, words=frozenset(words))
    if factor is not None:
        return None
    guess = _unnamed_side(ctx, i, ref, kind, any(a.word(k) in ("its", "their") for k in range(end, j)))
    if guess is None:
        return None
    column, sure = guess
    if not sure:
        c.doubts.append(f"compared {column.column.replace('_', ' ')} with {ref.column.replace('_', ' ')}")
    c.claim(right_link, "compare", *words)
    c.used.update(_verb_before(ctx, i))
    scale = _money_scale(ctx, column, ref)  # a price in pence against a cost in pounds: the same money
    return Filter(column, op, (scale,) if scale else (), label=said, other=ref, words=frozenset(words))


def _unnamed_side(ctx: ReadContext, i: int, ref: ColumnRef, kind: str,
                  possessive: bool) -> tuple[ColumnRef, bool] | None:
    """The column compared with ``ref`` when none is named before the comparator: the date an event
    happened against a date it was expected ("<rows> that arrived after the due date"), or the
    amount a row holds against its threshold ("<rows> below their refill mark")."""
    table, verb = ctx.table(ref.table), _verb_before(ctx, i)
    if kind == "date" and _expected(ref.column) and _of_the_rows(ctx, i - len(verb), ref.table):
        happened = _happened(table, ref.column)
        # a verb that is not the date's own ("arrived" beside a shipped date) leaves it a guess
        said = all(stem(ctx.a.word(k)) in _stems(happened[0].column) for k in verb) if happened else False
        return (happened[0], happened[1] and said) if happened else None
    if kind == "number" and possessive and _of_the_rows(ctx, i, ref.table):
        return _held_column(ctx, ref, kind)
    if kind == "number" and ctx.a.word(i - 1) in SELLING:  # "selling below cost": the price
        prices = [col for col in table.columns if is_price(table, col) and col.name != ref.column]
        return (ColumnRef(table.name, prices[0].name), True) if len(prices) == 1 else None
    return None


# Verbs of what a thing is sold for: said of an amount, they name its price.
SELLING = frozenset({"sell", "sells", "selling", "sold", "retail", "retails", "retailing"})


def _money_scale(ctx: ReadContext, left: ColumnRef, right: ColumnRef) -> float | None:
    """How many of ``left``'s money units make one of ``right``'s (100 for pence against pounds);
    None where they keep money alike, or either keeps none."""
    units = [money_unit(t, col) if (t := ctx.table(ref.table)) is not None and (col := t.column(ref.column))
             is not None else None for ref in (left, right)]
    if units[0] is None or units[1] is None or units[0].factor == units[1].factor:
        return None
    return units[1].factor / units[0].factor


def _verb_before(ctx: ReadContext, i: int) -> tuple[int, ...]:
    """A word linked to nothing right before the comparator: the verb of the event ("arrived after")."""
    a = ctx.a
    k = i - 1
    said = a.link_at(k)  # "selling below cost" where "selling" is a far synonym of some column: the verb
    return (k,) if k >= 0 and (said is None or a.word(k) in SELLING and not said.strong) and k not in a.cues \
        and a.word(k) not in _COPULAS and a.word(k).isalpha() and len(a.word(k)) > 3 else ()


def _expected(column: str) -> bool:
    return bool(set(_stems(column)) & EXPECTED_WORDS)


def _happened(table: Table, due: str) -> tuple[ColumnRef, bool] | None:
    """The date a row's event happened, by its name, and whether it is the one such date of its kind."""
    dates = [col for col in table.date_columns if col.name != due and not _expected(col.name)]
    for words in (DONE_WORDS, SENT_WORDS):
        happened = [col for col in dates if set(_stems(col.name)) & words]
        if happened:
            return ColumnRef(table.name, happened[0].name), len(happened) == 1
    return None


_SPLIT = {"more": ">", "greater": ">", "higher": ">", "larger": ">", "bigger": ">", "fewer": "<", "less": "<",
          "lower": "<", "smaller": "<"}


def _split_pair(ctx: ReadContext, c: Claims, i: int, entity: str, in_play: set[str]) -> Filter | None:
    """ "more <column> than [the] <column>": the first column named inside the comparator."""
    a = ctx.a
    op, left_link = _SPLIT.get(a.word(i)), a.link_at(i + 1)
    if op is None or left_link is None or left_link.first != i + 1 or a.word(left_link.last + 1) != "than":
        return None
    j = _past_determiners(ctx, left_link.last + 2)
    right_link = a.link_at(j)
    if right_link is None or right_link.first != j or c.taken(j) or c.taken(left_link.first):
        return None
    right = _column(ctx, right_link, {entity, *in_play})
    left = _column(ctx, left_link, {right[0].table}) if right is not None else None
    if right is None or left is None or left[0] == right[0] or left[1] != right[1]:
        return None
    c.claim(left_link, "compare", i, left_link.last + 1)
    c.claim(right_link, "compare", *range(left_link.last + 1, j))
    words = {i, *range(left_link.first, right_link.last + 1)}
    return Filter(left[0], op, (), label=f"{a.word(i)} than", other=right[0], words=frozenset(words))


def _of_the_rows(ctx: ReadContext, i: int, table: str) -> bool:
    """Whether the comparator speaks of the rows themselves: right after their table word, or after
    "that are" following it ("bins that are below their refill mark")."""
    a = ctx.a
    k = i - 1
    while k >= 0 and a.word(k) in _COPULAS and a.link_at(k) is None:
        k -= 1
    # past a clause about the rows: "products that we still sell are below their reorder level"
    clause = next((m for m in range(k - 1, max(-1, k - 4), -1) if a.word(m) in ("that", "which")), None)
    if clause is not None and any(a.word(m) in _VERB_SUBJECTS for m in range(clause + 1, k)):
        k = clause - 1
    link = a.link_at(k)
    named = ctx.table_of(link) if link is not None and ctx.names_table(link) else None
    # a row's own table, or the one its columns extend (a book's stock row, keyed by the book)
    return named is not None and (named == table or table in _extensions(ctx, named))


def _extensions(ctx: ReadContext, entity: str) -> list[str]:
    """Tables that hold one row per row of ``entity``: their key is a key to it (a book's stock)."""
    return [t.name for t in ctx.schema.tables if t.stored and t.primary_key is not None and t.name != entity
            and any(f.column == t.primary_key.name and f.ref_table == entity for f in t.foreign_keys)]


def _held_column(ctx: ReadContext, ref: ColumnRef, kind: str) -> tuple[ColumnRef, bool] | None:
    """The column of ``ref``'s table a threshold is most likely compared with: an amount held (a
    stock, a quantity), else the name nearest ``ref``'s; sure only when it is the one candidate."""
    table = ctx.table(ref.table)
    others = [col for col in table.columns if col.name != ref.column and _comparable(col, table) == kind]
    if not others:
        return None
    said = set(said_words(ref.column))

    def rank(col: Column) -> tuple[int, int]:
        words = set(said_words(col.name))
        return len(words & _HELD_WORDS - said), len(words & said)

    ranked = sorted(others, key=rank, reverse=True)
    # sure when it is the one candidate, or the one amount held among columns that are none
    sure = len(ranked) == 1 or (rank(ranked[0])[0] > 0 and rank(ranked[1])[0] == 0)
    return ColumnRef(table.name, ranked[0].name), sure


def _timing(ctx: ReadContext, c: Claims, i: int, entity: str, in_play: set[str]) -> Filter | None:
    """ "<rows> shipped late", "arrived later than planned": the event's date after the date it was
    due (both by their names; the due date the one its expectation word names, when it names one)."""
    a = ctx.a
    on_time = a.word(i) == "time" and a.word(i - 1) == "on"  # "delivered on time": not after the date due
    said = i + 2 + 2 * (a.word(i + 2) in _PRONOUNS and a.word(i + 3) in _BE)  # "later than they were due"
    expectation = _expectation(a.word(i), a.word(i + 1), a.word(said))
    op = "<=" if on_time else expectation[0] if expectation else _TIMING.get(a.word(i))
    if op is None or (a.word(i + 1) == "than" and expectation is None):
        return None
    event_link = a.prev_link(i, max_gap=2)
    named = _column(ctx, event_link, {entity, *in_play}) if event_link is not None else None
    event = named[0] if named is not None and named[1] == "date" and not _expected(named[0].column) else None
    table = ctx.table(event.table if event is not None else entity)
    pair = _event_and_due(table, event, expectation[1] if expectation else None, a.word(i - 1))
    if pair is None:
        return None
    actual, due, sure = pair
    if not sure:
        c.doubts.append(f"read {a.word(i)!r} as {actual.column.replace('_', ' ')} against {due.replace('_', ' ')}")
    words = {i, i - 1} if on_time else set(range(i, said + 1)) if expectation else {i}
    if a.word(i - 1) in DONE_WORDS | SENT_WORDS:
        words.add(i - 1)  # "arrived late": the verb of the event compared
    elif a.word(i - 1) == "up" and a.word(i - 2) in _CAME:
        words.update({i - 2, i - 1})  # "turned up late": it arrived
    c.used.update(words)
    if event is not None and event_link is not None:
        c.claim(event_link, "compare")
        words.update(range(event_link.first, event_link.last + 1))
    label = {">": "after", "<": "before"}.get(op, "no later than")
    return Filter(actual, op, (), label=label, other=ColumnRef(table.name, due), words=frozenset(words))


# "overran", "ran over (the slot)", "took longer than planned": more time taken than given.
_OVERRAN = frozenset({"overran", "overrun", "overruns", "overrunning"})
_RAN = frozenset({"went", "go", "goes", "going", "ran", "run", "runs", "running"})
# Words of the span a row was given, said after "ran over": "the slot allowed", "their planned time".
_GIVEN_WORDS = frozenset({"booked", "planned", "scheduled", "allotted", "allowed", "allocated", "estimated",
                          "expected", "time", "slot", "length", "duration"})


def _overrun(ctx: ReadContext, c: Claims, i: int, entity: str) -> Filter | None:
    """ "<rows> that overran", "ran over the slot allowed", "took longer than planned": the span a
    row took above the one it was given, two durations of the row (one named actual, one planned)."""
    a = ctx.a
    if a.word(i) in _OVERRAN:
        words = {i}
    elif a.word(i) == "over" and a.word(i - 1) in _RAN:
        words = {i - 1, i}
    elif a.word(i) == "longer" and a.word(i + 1) == "than" and a.word(i + 2) in _GIVEN_WORDS:
        words = {i, i + 1, i + 2}
    else:
        return None
    pair = _spans_beside(ctx.table(entity))
    if pair is None:
        return None
    j = _past_determiners(ctx, max(words) + 1)
    while a.word(j) in _GIVEN_WORDS:  # "their booked time": the span given, said
        link = a.link_at(j)
        if link is not None:
            c.claim(link, "compare")
        words.update({*range(max(words) + 1, j + 1), *(range(link.first, link.last + 1) if link else ())})
        j = link.last + 1 if link is not None else j + 1
    c.used.update(words)
    planned, actual = pair
    return Filter(ColumnRef(entity, actual), ">", (), label="more than", other=ColumnRef(entity, planned),
                  words=frozenset(words))


def _spans_beside(table: Table) -> tuple[str, str] | None:
    """(the span planned, the span taken) of two durations of a row: ``duration_mins`` beside
    ``actual_mins``, ``planned_min`` beside ``actual_min``."""
    spans = [col for col in table.columns if col.linked and is_duration(table, col)]
    taken = [col for col in spans if DONE_WORDS & set(name_words(col.name))]
    given = [col for col in spans if col not in taken]
    return (given[0].name, taken[0].name) if len(taken) == 1 and len(given) == 1 else None


def _event_and_due(table: Table, event: ColumnRef | None, said: str | None,
                   verb: str) -> tuple[ColumnRef, str, bool] | None:
    """(the date the event happened, the date it was due, whether both are the only ones of their kind):
    the due date the expectation word names when several are due. Dates kept in pairs (arrival_time
    beside actual_arrival_time) are compared within the pair the verb or the column named says."""
    due = [col for col in table.date_columns if _expected(col.name)]
    pairs = _plans_beside_actuals(table) if not due else []
    if pairs:
        named = [p for p in pairs if event is not None and event.column in (p[0].name, p[1].name)]
        chosen = named or [p for p in pairs if _said_of(p[0].name, verb)] or pairs
        plan, actual = chosen[0]
        return ColumnRef(table.name, actual.name), plan.name, len(chosen) == 1
    due = [col for col in due if said and stem(said) in _stems(col.name)] or due
    happened = (event, True) if event is not None else _happened(table, due[0].name) if due else None
    if not due or happened is None:
        return None
    return happened[0], due[0].name, happened[1] and len(due) == 1


def _plans_beside_actuals(table: Table) -> list[tuple[Column, Column]]:
    """(``end_date``, ``actual_end_date``) pairs: the date without "actual" is the one planned."""
    dates = {name_words(col.name): col for col in table.date_columns}
    return [(plan, col) for words, col in dates.items()
            if "actual" in words and (plan := dates.get(tuple(w for w in words if w != "actual"))) is not None]


# Which end of a stretch of time a verb says happened, by the words of the dates' names.
_ENDING = frozenset({"finished", "finish", "ended", "end", "completed", "complete", "closed", "done", "arrived",
                     "arrive", "landed", "delivered", "returned"})
_ENDING_NAMES = frozenset({"end", "finish", "completion", "complete", "close", "arrival", "arrive", "delivery",
                           "return", "due"})
_BEGINNING = frozenset({"started", "start", "began", "begun", "begin", "departed", "depart", "left", "opened",
                        "launched", "kicked"})
_BEGINNING_NAMES = frozenset({"start", "begin", "departure", "depart", "open", "launch", "pickup"})


def _said_of(plan: str, verb: str) -> bool:
    """Whether the verb says the event the planned date is for ("finished": end_date)."""
    names = set(_stems(plan))
    return bool(stem(verb) in names or (verb in _ENDING and names & _ENDING_NAMES)
                or (verb in _BEGINNING and names & _BEGINNING_NAMES))


# "later than planned", "earlier than expected": the comparison and the expectation it is against.
_THAN = {"later": ">", "earlier": "<", "sooner": "<"}


def _expectation(word: str, than: str, expected: str) -> tuple[str, str] | None:
    """(op, the expectation word) of "<later|earlier> than <planned|expected|due|...>"."""
    op = _THAN.get(word)
    return (op, expected) if op is not None and than == "than" and stem(expected) in EXPECTED_WORDS | {
        stem(w) for w in EXPECTED_WORDS} else None


def _stems(name: str) -> list[str]:
    """A column name's words, each also by its stem: "required_date" -> required, require, date."""
    words = expand(name_words(name))  # "recv_dt": received
    return [*words, *(stem(w) for w in words)]
