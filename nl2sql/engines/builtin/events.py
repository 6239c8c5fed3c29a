"""Whether a row's event happened: "returned loans", "orders not yet shipped".

A participle that shares its stem with a date column the row may leave empty names the event
that column records: the row had it when the date is set, and had not when the word is negated
("not", "never", "yet to"). A date every row has (NOT NULL) adds no condition; used.py counts
such a word as used without a filter.
"""

from __future__ import annotations

from nl2sql.db.schema import MOMENT_WORDS, Table
from nl2sql.engines.builtin.analysis import NEGATION_REACH, Analysis, denial_words, denied_after, negation_before
from nl2sql.engines.builtin.cues import by_id as cue_by_id
from nl2sql.engines.builtin.cues import words as cue_words
from nl2sql.engines.builtin.pending import not_called_off, pending_rows, unsettled_states
from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step
from nl2sql.engines.builtin.spec import ColumnRef, Filter
from nl2sql.engines.builtin.yes_no import NOT_YET, flag_of, said_as_state, said_words
from nl2sql.linking.lexicon import COLUMN, PARTICLES, SYNONYM, TABLE, VALUE, Link
from nl2sql.linking.text import STOPWORDS, name_words, singular, stem

# Participles that do not end in "-ed": "paid", "sold", "sent" name an event as "shipped" does.
IRREGULAR_PARTICIPLES = frozenset({
    "written", "made", "done", "given", "taken", "held", "won", "sold", "built", "run", "led", "seen", "known",
    "shown", "drawn", "driven", "chosen", "spoken", "hit", "paid", "bought", "taught", "caught", "brought", "kept",
    "spent", "lost", "read", "sung", "begun", "sent", "lent", "left", "quit"})

def event_filters(ctx: ReadContext, d: Decided, entity: str, taken: frozenset[int],
                  measured: frozenset[str] = frozenset()) -> Step[list[Filter]]:
    """Set or empty dates for the participles no other step used; ``taken``: words already used. A
    participle right before the name of other rows the question asks about ("clients with unpaid
    invoices") is an event of those rows; one the main rows do not record may be of the rows an
    aggregate reads (``measured``: "how much do customers still owe" of their invoices)."""
    a, c, out = ctx.a, Claims(d), []
    words = [t.text for t in a.tokens]
    out += _overdue_filters(ctx, c, entity, taken)
    for i, token in enumerate(a.tokens):
        said = participle(token.text)
        if i in taken or i in c.used or said is None or (token.text in NOT_YET and not said_as_state(words, i)):
            continue
        word, unsaid = said
        link = a.link_at(i)
        particle = _particle(a, c, i, link)
        if particle == -1:
            continue  # a word of a longer name ("date first registered") names the column to show
        found = _event_of(ctx, i, word, particle, entity, measured)
        if found is None:
            continue
        table, column, by_particle = found
        if by_particle and particle is not None:
            c.used.add(particle)  # "logged in": the particle is the verb's (a login date)
        negation = negation_before(a, i, NEGATION_REACH, taken)
        denial = denial_words(a, negation, i) if negation is not None else denied_after(a, i, taken)
        denied = bool(denial) != unsaid  # "not unpaid" is paid
        out.append(Filter(ColumnRef(table, column), "null" if denied else "not_null"))
        if denied:  # "unpaid invoices": a voided one is not awaited
            out += [f for f in not_called_off(ctx, table, frozenset()) if f not in out]
        if link is not None:
            c.claim(link, "event")
        c.used.update({i, *denial})
    return c.done(out)



def event_column(table: Table, word: str) -> str | None:
    """The date column of ``table``, left empty until it happens, whose event a participle names
    ("shipped": shipped_at); None for a word that is no participle or names no such date."""
    said = participle(word)
    if said is None or said[1]:
        return None
    return next(iter(event_dates(table, said[0])), None)


def _particle(a: Analysis, c: Claims, i: int, link: Link | None) -> int | None:
    """Where the particle of the participle at ``i`` is ("logged in"), None when it has none, and -1
    when its words are taken or a longer name's."""
    phrasal = link is not None and (link.first, link.last) == (i, i + 1) and a.word(i + 1) in PARTICLES
    if link is not None and (c.taken(link.first) or (link.first != link.last and not phrasal)):
        return -1
    return i + 1 if phrasal or (a.word(i + 1) in PARTICLES and a.link_at(i + 1) is None) else None


def _event_of(ctx: ReadContext, i: int, word: str, particle: int | None, entity: str,
              measured: frozenset[str]) -> tuple[str, str, bool] | None:
    """(table, date column, whether the particle named it) of the event the participle at ``i`` says:
    of the rows named after it, else the main rows, else the rows an aggregate reads, else the one
    row each of those belongs to ("tickets that were refunded": their order's refund)."""
    named = _rows_named_after(ctx, i, entity)
    said = ctx.a.word(particle) if particle is not None else ""
    own = (named, *sorted(measured - {named}))
    parents = dict.fromkeys(fk.ref_table for t in own for fk in ctx.table(t).foreign_keys
                            if fk.ref_table not in own and ctx.schema.table(fk.ref_table) is not None)
    for table in (*own, *parents):
        if found := event_dates(ctx.table(table), word):
            return table, found[0], False
        if said and (found := event_dates(ctx.table(table), word, said)):
            return table, found[0], True
    return None


# Words before an event in a date's name that keep its latest time: a last login empty is none at all.
_LATEST = frozenset({"last", "latest"})


def event_dates(table: Table, word: str, particle: str = "") -> list[str]:
    """The dates of ``table`` that may be empty and whose name is the participle's event (said with
    its particle, when it has one: ``last_login_at`` for "logged in")."""
    said = {(stem(word),)} | ({(stem(word) + particle,), (stem(word + particle),)} if particle else set())
    return [column.name for column in table.date_columns if column.nullable
            and (event_words(column.name) in said or _after_latest(event_words(column.name)) in said)]


def _after_latest(words: tuple[str, ...]) -> tuple[str, ...]:
    """The event of a date named for its latest time (``last_login_at``: the login)."""
    return words[1:] if words[:1] and words[0] in {stem(w) for w in _LATEST} else words


def participle(word: str) -> tuple[str, bool] | None:
    """(the participle, whether it is negated by "un-") of a word that is one: "shipped", "paid",
    "unpaid" and "unfixed" (not paid, not fixed), "open" (not closed); None for any other word."""
    if word in NOT_YET:
        return NOT_YET[word], True
    rest = word[2:]
    if word.startswith("un") and (rest in IRREGULAR_PARTICIPLES or (rest.endswith("ed") and len(rest) >= 5)):
        return rest, True
    return (word, False) if word.endswith("ed") or word in IRREGULAR_PARTICIPLES else None


def _rows_named_after(ctx: ReadContext, i: int, entity: str) -> str:
    """The table whose name follows the word at ``i``, when it is other rows of the question that the
    main rows reach; else the main table."""
    after = ctx.a.link_at(i + 1)
    named = [cand.table for cand in after.of_kind(TABLE) if cand.score >= 1.0] if after is not None else []
    return named[0] if len(named) == 1 and named[0] != entity and ctx.schema.join_path(entity, named[0]) \
        else entity


# Name words of the date (or the yes/no) a row is settled by, surest first: what an overdue row lacks.
_SETTLED_WORDS = ("paid", "repaid", "settled", "returned", "completed", "complete", "done", "finished", "closed",
                  "resolved", "submitted", "delivered")


_OVERDUE = frozenset(w for w, cue in cue_words("event").items() if cue.id == "event.overdue")
_OVERDUE_PHRASES = tuple(sorted(cue_by_id()["event.overdue"].phrases, key=len, reverse=True))


def _overdue_said(a: Analysis, taken: frozenset[int]) -> range | None:
    """Where "overdue" or a phrase of it ("past their due date") is said, longest phrase first."""
    for i in range(len(a.tokens)):
        for phrase in _OVERDUE_PHRASES:
            span = range(i, i + len(phrase))
            if tuple(a.word(k) for k in span) == phrase and not set(span) & taken:
                return span
    return None


def overdue_word(ctx: ReadContext, i: int, entity: str) -> bool:
    """Whether the word at ``i`` is "overdue" said of rows that keep a due date."""
    return ctx.a.word(i) in _OVERDUE and bool(_overdue(ctx, entity))


def _overdue_filters(ctx: ReadContext, c: Claims, entity: str, taken: frozenset[int]) -> list[Filter]:
    """The conditions of "overdue", its word claimed, when the rows keep a due date."""
    said = _overdue_said(ctx.a, taken)
    late = _overdue(ctx, _rows_named_after(ctx, said[-1], entity)) if said is not None else []  # "overdue invoices"
    if late and said is not None:
        c.used.update(said)
        for k in said:
            if (link := ctx.a.link_at(k)) is not None:
                c.claim(link, "event")
    return late


def _overdue(ctx: ReadContext, entity: str) -> list[Filter]:
    """ "overdue invoices", "loans overdue": due before today and not settled yet (its settling date
    empty), on a table with one due date; nothing when it has none or the day is unknown."""
    table, today = ctx.table(entity), ctx.a.today
    dues = [col for col in table.date_columns if "due" in name_words(col.name)]
    if len(dues) != 1 or today is None:
        return []
    late = Filter(ColumnRef(entity, dues[0].name), "<", (today.isoformat(),), label="overdue")
    for word in _SETTLED_WORDS:
        for col in table.columns:
            if word not in said_words(col.name):
                continue
            if col in table.date_columns and col.nullable:
                return [late, Filter(ColumnRef(entity, col.name), "null"), *not_called_off(ctx, entity, frozenset())]
            if (flag := flag_of(table, col)) is not None:
                return [late, Filter(flag.ref, "=", (flag.no,))]
    still_open = unsettled_states(ctx, entity)  # no date nor yes/no says it was settled: its state does
    return [late, still_open] if still_open is not None else [late]


def event_words(column: str) -> tuple[str, ...]:
    """The stems a date column's name has beyond date words: one for an event column (shipped_at),
    more when the name says something else too (date_first_registered)."""
    return tuple(stem(part) for part in name_words(column) if part not in MOMENT_WORDS)


# Words that deny a value outright: "with no email", "without a composer", "lacking a phone".
_MISSING = frozenset({"no", "without", "lacking", "missing"})
_ARTICLES = frozenset({"a", "an", "any", "the"})
# Words before what a row still waits for: "awaiting a decision", "pending sign-off".
_AWAITING = frozenset({"awaiting", "pending"})


_HAVING = frozenset({"with", "have", "has", "having", "given", "provided", "supplied", "entered", "filled",
                     "recorded", "listed", "specified", "get", "gets", "earn", "earns", "receive", "receives"})
# Verbs of having that, said plainly with "a", keep the rows whose column is set ("employees who earn a
# commission"); "with a" is left out, as it leads to a value as often ("with a price over 50").
_HAS_ONE = frozenset({"have", "has", "get", "gets", "earn", "earns", "receive", "receives"})
# Words between having and what is had: "haven't given us their birth year".
_BETWEEN = frozenset({"us", "their", "its", "his", "her", "in", "out", *_ARTICLES})


# "can't we email", "cannot phone": a way to reach a row that is not there, named by its verb.
_CANNOT = frozenset({"can't", "cant", "cannot", "couldn't", "couldnt"})
_PRONOUNS = frozenset({"we", "you", "i", "they", "one"})


def _having_after(ctx: ReadContext, n: int) -> int | None:
    """Where the thing denied starts after a negation at ``n`` and a word of having a little later
    ("not ... with a", "don't have any", "haven't given us their"), if the line says so."""
    a = ctx.a
    own = a.word(n).startswith(("haven", "hasn", "hadn"))  # the negation is the having
    for i in range(n + (0 if own else 1), min(n + 4, len(a.tokens))):
        if a.word(i) in _HAVING or (i == n and own):
            j = i + 1
            while a.word(j) in _HAVING | _BETWEEN and j < i + 4:
                j += 1
            return j
    return None


def _denied_before(a: Analysis, n: int) -> bool:
    return any(i in a.negations for i in range(max(0, n - 3), n))


def _compared_after(a: Analysis, j: int) -> bool:
    """Whether a comparison or a number follows the thing had ("have a salary over 5000"): a value, not its presence."""
    link = a.link_at(j)
    end = link.last if link is not None else j
    return any(c.first <= end + 3 and c.last > end for c in a.comparisons) or \
        any(t.is_number for t in a.tokens[end + 1:end + 4])


def missing_values(ctx: ReadContext, d: Decided, entity: str, taken: frozenset[int]) -> Step[list[Filter]]:
    """ "tracks with no composer", "customers without a company": a column of the rows that may be
    empty, named right after a word that denies it, is empty (NULL) on the rows wanted. A table
    word there is an anti-join's (filters.py), and a stored value a condition of its own."""
    a, c, out = ctx.a, Claims(d), []
    table = ctx.table(entity)
    for n in range(len(a.tokens)):
        if n in taken:
            continue
        said = _lacked(ctx, n) or _held(a, n)
        if said is None:
            continue
        j, op = said
        link = a.link_at(j)
        if link is None or link.first != j or j in taken or c.taken(link.first) or not _column_word(link, entity):
            continue
        column = next((table.column(k.column or "") for k in link.of_kind(COLUMN) if k.table == entity), None)
        if column is None or not column.nullable or column.primary_key:
            continue
        out.append(Filter(ColumnRef(entity, column.name), op, words=frozenset(range(n, link.last + 1))))
        c.claim(link, "event", *range(n, j))
    return c.done(out)


def _lacked(ctx: ReadContext, n: int) -> tuple[int, str] | None:
    """(where the column word is, "null") for a word at ``n`` that denies it: "no", "without",
    "not associated with a", "do not have a", "can't we email", "awaiting a"."""
    a, word = ctx.a, ctx.a.word(n)
    if word in _MISSING:
        return n + 1 + (a.word(n + 1) in _ARTICLES), "null"
    if word in _AWAITING or (word == "waiting" and a.word(n + 1) in ("on", "for")):
        at = n + 1 + (word == "waiting")  # "still waiting on a decision": the decision not yet recorded
        return at + (a.word(at) in _ARTICLES), "null"
    if n in a.negations and (k := _having_after(ctx, n)) is not None:
        return k, "null"  # "not associated with a company", "do not have a phone": the same denial
    if n in a.negations and word in _CANNOT:
        return n + 1 + (a.word(n + 1) in _PRONOUNS), "null"  # "which clients can't we email": no email to use
    return None


def _held(a: Analysis, n: int) -> tuple[int, str] | None:
    """(where the column word is, "not_null") for a verb at ``n`` that has one: "who earn a
    commission", "who work for a company"."""
    if n in a.frame or _denied_before(a, n):
        return None
    if a.word(n) in _HAS_ONE and a.word(n + 1) in ("a", "an") and not _compared_after(a, n + 2):
        return n + 2, "not_null"
    if a.word(n + 1) in ("for", "with", "at") and a.word(n + 2) in ("a", "an") \
            and a.word(n - 1) in ("who", "that", "which") and _names_little(a.link_at(n)) \
            and not _compared_after(a, n + 3):
        return n + 3, "not_null"
    return None


def _column_word(link: Link, entity: str) -> bool:
    """Whether a word after a denial may name a column of the rows: not a table's (an anti-join), nor
    a stored value of the rows' own table (a condition of its own, "no cash"); a value of another
    table's is no reason to leave the rows' own column ("no insurance" beside a payment method)."""
    return not link.of_kind(TABLE) and not any(cand.table == entity for cand in link.of_kind(VALUE))


# Words that ask for the rows still running: "current subscriptions", "customers currently on a plan".
_CURRENT = frozenset({"current", "currently", "ongoing"})
# Phrases that ask for the rows as they are today: "who's on the team at the moment".
_NOW = (("at", "the", "moment"), ("right", "now"), ("at", "present"), ("as", "of", "today"), ("on", "the", "books"),
        ("on", "our", "books"))
# Adjectives of rows still running, said right before their name: "live subscriptions".
_RUNNING = frozenset({"live", "active"})
# Name words of the day a thing put up or brought in was taken away for good: a climbing route
# stripped, a product withdrawn, a van scrapped.
_TAKEN_DOWN = frozenset({"stripped", "removed", "retired", "withdrawn", "discontinued", "decommissioned",
                         "dismantled", "scrapped", "disposed", "archived", "delisted"})


def _ends_the_row(name: str) -> bool:
    """Whether a date named for taking something away is the row's own end (``stripped_dt``,
    ``date_removed``), not of a thing of the row (``stitches_removed_on``)."""
    words = set(name_words(name)) - MOMENT_WORDS
    return not words & _TAKEN_DOWN or words <= _TAKEN_DOWN


# Name words of the date a row stops being current.
_END_WORDS = frozenset({"end", "ended", "ends", "ending", "expiry", "expires", "expired", "expiration", "until",
                        "cancelled", "canceled", "cancellation", "terminated", "termination", "stop", "stopped",
                        "left", "leave", "leaving", "departed", "resigned", "quit", "exit", "exited", "closed",
                        "finish", "finished", "finishes"}) | _TAKEN_DOWN


def current_rows(ctx: ReadContext, d: Decided, entity: str, in_play: set[str],
                 taken: frozenset[int]) -> Step[list[Filter]]:
    """ "current subscriptions", "customers currently on the Growth plan": the rows whose end date
    is still empty, on the one table of the question's way that has such a date."""
    c = Claims(d)
    awaited = pending_rows(ctx, c, entity, taken)  # "orders we're still waiting on"
    if awaited:
        return c.done(awaited)
    running, ended = _current_words(ctx, c, taken, entity), _ended_words(ctx, c, taken, entity)
    if bool(running) == bool(ended):
        return c.done([])
    on_way = _tables_on_way(ctx, entity, in_play)
    if any("current" in name_words(col.name) for t in on_way for col in t.columns):
        return c.done([])  # "students who currently live ...": the word names a current_address column
    ends, planned = _end_dates(on_way, bool(running))
    if len(ends) != 1:
        return c.done([])
    c.used.update(running or ended)
    words = frozenset(running or ended)
    if running and ctx.a.today is not None and not set(name_words(ends[0].column)) & _FINAL_WORDS:
        # a planned end (EndDt, expires_on) may lie ahead: the row runs until that day comes, and
        # from its planned start on (a campaign not yet begun is not live)
        return c.done([*_running_until(ctx, ends[0], words), *_not_paused(ctx, ends[0].table, running)])
    if planned and ctx.a.today is not None:  # not cancelled, and a planned end (a gift's fixed term) not yet come
        return c.done([Filter(ends[0], "null", words=words), *_running_until(ctx, planned[0], words)])
    paused = _not_paused(ctx, ends[0].table, running) if running else []
    return c.done([Filter(ends[0], "null" if running else "not_null", words=words), *paused])


def _end_dates(on_way: list[Table], running: bool) -> tuple[list[ColumnRef], list[ColumnRef]]:
    """The dates that end a row (of several, the one that ends it for good: a cancellation beside a
    pause's "until"), and beside it, for rows still running, the one planned end of the same row."""
    ends = [ColumnRef(t.name, col.name) for t in on_way for col in t.date_columns
            if col.nullable and set(name_words(col.name)) & _END_WORDS and _ends_the_row(col.name)]
    if any(not set(name_words(ref.column)) & _TAKEN_DOWN for ref in ends):  # finished, before stripped
        ends = [ref for ref in ends if not set(name_words(ref.column)) & _TAKEN_DOWN]
    if len(ends) <= 1:
        return ends, []
    final = [ref for ref in ends if set(name_words(ref.column)) & _FINAL_WORDS]
    if not final:  # a fixed term's end (EndDate) beside a pause's "until": the term ends the row
        return [ref for ref in ends if set(name_words(ref.column)) & _PLANNED_ENDS], []
    # a fixed term's end (EndDate), not a pause's "until": a paused row still runs
    planned = [ref for ref in ends if ref not in final and ref.table in {f.table for f in final}
               and set(name_words(ref.column)) & _PLANNED_ENDS]
    return final, planned if len(planned) == 1 and running else []


# Name words of a yes/no that says a running row is paused for now: an active one is not.
_PAUSED = frozenset({"paused", "suspended", "frozen", "hold"})


def _not_paused(ctx: ReadContext, table_name: str, running: list[int]) -> list[Filter]:
    """ "the active memberships": running, and not paused, where a yes/no of the row says it is
    (``isPaused``); "current" ones are current while paused too."""
    if not any(ctx.a.word(i) in _RUNNING for i in running):
        return []
    table = ctx.table(table_name)
    flags = [flag for col in table.columns if set(name_words(col.name)) & _PAUSED
             and (flag := flag_of(table, col)) is not None]
    return [Filter(flags[0].ref, "=", (flags[0].no,), words=frozenset(running))] if len(flags) == 1 else []


def _running_until(ctx: ReadContext, end: ColumnRef, words: frozenset[int]) -> list[Filter]:
    """A planned end not yet come (empty, or from today on), and a planned start already come."""
    table = ctx.table(end.table)
    starts = [col.name for col in table.date_columns if set(name_words(col.name)) & _START_WORDS]
    begun = [Filter(ColumnRef(table.name, starts[0]), "<=", (ctx.a.today,), words=words)] if len(starts) == 1 else []
    return [*begun, Filter(end, "open", (ctx.a.today,), words=words)]


# Of those, the ones no row comes back from.
_FINAL_WORDS = frozenset({"cancelled", "canceled", "cancellation", "terminated", "termination", "left", "leave",
                          "leaving", "departed", "resigned", "quit", "closed", "ended"}) | _TAKEN_DOWN
# Name words of a date a row is planned to end on.
_PLANNED_ENDS = frozenset({"end", "ends", "ending", "expiry", "expires", "expiration"})
# Name words of the date a row's run begins.
_START_WORDS = frozenset({"start", "starts", "started", "begin", "begins", "began", "launch", "launched", "opens",
                          "opened", "commenced"})
# Words that ask for the rows that have ended: "former members", "ex-staff".
_FORMER = frozenset({"former", "ex"})


def _ended_words(ctx: ReadContext, c: Claims, taken: frozenset[int], entity: str) -> list[int]:
    """The words that ask for rows that stopped: "former", and "no longer" before a word naming
    little ("no longer work here", "no longer with us")."""
    a = ctx.a
    said = [i for i, t in enumerate(a.tokens) if t.text in _FORMER and i not in taken and not c.taken(i)
            and a.link_at(i) is None]
    for i in range(len(a.tokens) - 2):
        if (a.word(i), a.word(i + 1)) == ("no", "longer") and not {i, i + 1, i + 2} & taken \
                and (going := _going_on(ctx, i + 2, entity)):
            said += [i, i + 1, *going]
    return said


# What a row still going on is said to be: "still with us", "no longer here".
_STAYING = (("with", "us"), ("here",), ("around",), ("on", "board"), ("up",), ("open",), ("running",),
            ("going",), ("live",), ("in", "use"), ("in", "service"))


def _going_on(ctx: ReadContext, i: int, entity: str) -> list[int]:
    """The words from ``i`` that say the rows go on: a verb naming little ("work"), the rows' own
    verb ("volunteering" of volunteers), or "with us", "here"; empty when none does."""
    a = ctx.a
    words = tuple(a.word(j) for j in range(i, i + 2))
    for staying in _STAYING:
        if words[:len(staying)] == staying:
            return list(range(i, i + len(staying)))
    return [i] if (_own_verb(ctx, i, entity) or _names_little(a.link_at(i))) and a.word(i) not in STOPWORDS else []


def _own_verb(ctx: ReadContext, i: int, entity: str) -> bool:
    """Whether the word at ``i`` is the main rows' name said as a verb ("volunteering", of volunteers;
    "subscribed", of subscribers)."""
    link, token = ctx.a.link_at(i), ctx.a.tokens[i]
    if not token.text.endswith(("ing", "ed")):
        return False
    if link is None:  # the verb's root begins the rows' own name: a subscriber subscribes
        root, names = stem(token.text), name_words(entity)
        return len(root) >= 5 and len(names) == 1 and singular(names[0]).startswith(root)
    return link.first == link.last and {t.table for t in link.of_kind(TABLE)} == {entity}


def _current_words(ctx: ReadContext, c: Claims, taken: frozenset[int], entity: str) -> list[int]:
    """The words that ask for rows still running: "current", and "still" before a word naming
    nothing ("still employed", "still working for us")."""
    a = ctx.a
    said = [i for i, t in enumerate(a.tokens) if i not in taken and not c.taken(i)
            and ((a.link_at(i) is None and t.text in _CURRENT)  # "the current salary": a column's own word
                 or (t.text in _RUNNING and (_running_rows(ctx, i) or _said_of_rows(ctx, i))))]
    for i in range(len(a.tokens)):  # "at the moment", "right now": what the rows are today
        span = next((range(i, i + len(p)) for p in _NOW if tuple(a.word(k) for k in range(i, i + len(p))) == p), None)
        if span is not None and not set(span) & taken:
            said += span
    for i in range(len(a.tokens) - 1):
        if a.word(i) == "still" and i not in taken and (going := _going_on(ctx, i + 1, entity)) \
                and not (set(going) & taken and not _own_verb(ctx, i + 1, entity)):
            said += [i, *going]
    return said


def _said_of_rows(ctx: ReadContext, i: int) -> bool:
    """ "which memberships are active": the adjective after "be" said of a table's rows."""
    return ctx.a.word(i - 1) in ("is", "are") and _running_rows(ctx, i, ctx.a.link_at(i - 2))


def _running_rows(ctx: ReadContext, i: int, rows: Link | None = None) -> bool:
    """ "live subscriptions", "an active club subscription": the adjective right before a table's
    name (or said of it, ``rows``), naming nothing of that table's own (an is_active flag of another
    table is not theirs)."""
    after, own = rows or ctx.a.link_at(i + 1), ctx.a.link_at(i)
    if after is None or not after.of_kind(TABLE) or not ctx.names_table(after):
        return False
    table = ctx.table_of(after)
    return own is None or (own.first == own.last == i and all(
        cand.kind == COLUMN and cand.table != table for cand in own.candidates))


def _names_little(link: Link | None) -> bool:
    """Whether a word names nothing, or only a far synonym of a name ("work" for a quantity):
    after "still" it is a verb of the rows going on ("still work here")."""
    return link is None or (not link.strong and all(c.kind in (COLUMN, TABLE) and c.match == SYNONYM
                                                     and c.score < 0.7 for c in link.candidates))


def _tables_on_way(ctx: ReadContext, entity: str, in_play: set[str]) -> list[Table]:
    """The stored tables a question reads: its own, those in play and those joined to reach them."""
    tables = {entity, *in_play}
    for name in list(tables):
        tables |= {hop for hop, _fk in ctx.schema.join_path(entity, name) or []}
    return [t for t in ctx.schema.tables if t.name in tables and t.stored]
