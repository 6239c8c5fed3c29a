"""Filters: stored values, comparisons, dates and years, anti-joins, and conditions on aggregates.

Each function is one reading step: it reads the context and the decisions before it and returns
a ``Step`` with its filters and the words they used.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from nl2sql.db.schema import DATE, ForeignKey, Table, is_membership
from nl2sql.engines.builtin import doubts, events
from nl2sql.engines.builtin.analysis import TIMES_NOUNS, TIMES_WORDS, Analysis, Comparison, denies_keeping
from nl2sql.engines.builtin.dates import DateMatch, DateRange
from nl2sql.engines.builtin.deeds import deed_tables, event_tables
from nl2sql.engines.builtin.flags import flag_filters, negated_flag
from nl2sql.engines.builtin.money_said import duration_or_named, money_or_named, time_of_another
from nl2sql.engines.builtin.paired import SELLING, column_comparisons, compared_to_column
from nl2sql.engines.builtin.pending import done_rows, final_states, not_called_off
from nl2sql.engines.builtin.reader import Claims, Decided, Having, ReadContext, Step, entity_keys
from nl2sql.engines.builtin.relations import verb_compared, verb_names_column
from nl2sql.engines.builtin.resolve import (
    DONE_DATE_WORDS,
    best_candidate,
    concept_column,
    date_column_for,
    filed_under,
    find_concept,
    is_stored,
    kind_value,
    kind_values,
    parent_dates,
    reachable,
    subject_value,
)
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey
from nl2sql.engines.builtin.weekdays import day_of_other_rows
from nl2sql.engines.builtin.yes_no import flag_of
from nl2sql.linking import synonyms as wordnet
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.lexicon import COLUMN, EXACT, METRIC, TABLE, VALUE, Candidate, Link
from nl2sql.linking.text import STOPWORDS, Token, name_words, number_value, singular, stem
from nl2sql.profile import roles
from nl2sql.profile.ages import AGE
from nl2sql.profile.roles import TIME_UNITS, UNITS
from nl2sql.profile.spans import Span, spans

# Negations that can deny that any related row exists; the contracted auxiliaries are one token each.
_ANTI_NEGATIONS = ("never", "no", "nobody", "without", "not", "haven't", "hasn't", "hadn't", "didn't", "don't",
                   "doesn't", "won't", "isn't", "aren't", "wasn't", "weren't")
_DEED_REACH = 3  # words from a negation to the verb whose act it denies ("were never sold")


def anti_join_links(ctx: ReadContext, subject: str | None = None) -> dict[int, str]:
    """Tables after a negation whose rows (or the rows that link them) point at a table the
    question names: rows that no such row refers to ("stadiums without any concert", "shops that
    hire no employees" through the table of hirings). A table word after the negation that points at
    nothing named ("owners who do not own ...": the verb names the owners again) is passed over.
    With no table word, a verb right after the negation may name the rows of its act ("<rows>
    never sold": no sale refers to them). ``subject``: the table a follow-up's rows are of, named
    before the line ("which ones have no <rows>")."""
    a = ctx.a
    out: dict[int, str] = {}
    for n in sorted(a.negations):
        if a.word(n) not in _ANTI_NEGATIONS or denies_keeping(a, n + 1):
            continue  # "don't count voided tabs" leaves those rows out; it asks for no rows without them
        named = {c.table for link in a.links if not n < link.first < n + 7
                 for c in [*link.of_kind(TABLE), *link.of_kind(COLUMN)] if c.score >= 0.7 or c.match != EXACT}
        named |= {subject} if subject is not None else set()
        found = _denied_table(ctx, n, named)
        if found is None:
            found = _denied_deed(ctx, n, named)
        if found is not None:
            out[found[0]] = found[1]
    return out


def _denied_table(ctx: ReadContext, n: int, named: set[str]) -> tuple[int, str] | None:
    """The first table word after the negation at ``n`` whose rows refer to a table named elsewhere."""
    a = ctx.a
    for j in range(n + 1, min(len(a.tokens), n + 7)):
        link = a.link_at(j)
        if link is None or link.first != j:
            continue
        tables = link.of_kind(TABLE) or _act_dated(ctx, link, named)
        if not tables and not link.of_kind(COLUMN):
            return None  # a stored value after the negation is a filter, not an anti-join
        best = max(tables, key=lambda c: (c.score, ctx.table(c.table).stored), default=None)  # a view last
        if best is not None and any(absence_table(ctx, best.table, t) is not None or _own_key(ctx, t, best.table)
                                    or far_absence(ctx, best.table, t) is not None for t in named):
            return link.first, best.table
    return None


def _act_dated(ctx: ReadContext, link: Link, named: set[str]) -> list[Candidate]:
    """The tables whose date a verb of the past names ("never booked": the bookings' booked_on): the
    rows its act leaves behind, as a table word would name them, when they and rows the line names
    refer one to the other (not a date of those rows themselves: "not registered" of their first
    registration)."""
    said = ctx.a.word(link.first)
    if link.first != link.last or not said.endswith("ed"):
        return []
    return [Candidate(TABLE, c.table, score=c.score, match=c.match) for c in link.of_kind(COLUMN)
            if (col := ctx.table(c.table).column(c.column or "")) is not None and col.kind == DATE
            and ctx.table(c.table).stored and c.table not in named
            and any(any(fk.ref_table == t for fk in ctx.table(c.table).foreign_keys) or _own_key(ctx, t, c.table)
                    for t in named)]


def _own_key(ctx: ReadContext, entity: str, other: str) -> ForeignKey | None:
    """The key of ``entity``'s rows to one ``other`` row ("tickets with no agent": its agent key)."""
    table = ctx.schema.table(entity)
    return next((f for f in table.foreign_keys if f.ref_table == other != entity), None) if table else None


def _denied_deed(ctx: ReadContext, n: int, named: set[str]) -> tuple[int, str] | None:
    """A verb linked to nothing, just after the negation, whose act's rows refer to a named table;
    a verb that names no table ("have not bought anything") stands for the one table whose rows
    refer to the named rows, when there is one (a guess, said as a doubt when it is read)."""
    a = ctx.a
    if a.lexicon is None:
        return None
    for j in range(n + 1, min(len(a.tokens), n + 1 + _DEED_REACH)):
        link = a.link_at(j)
        if link is not None and _names_back(link, named):
            link = None  # "buyers who never bought": a verb reworded into the subject's own table is the verb
        if j in a.cues or (link is not None and (link.first != j or link.of_kind(TABLE) or link.of_kind(VALUE))):
            return None
        for table in [*deed_tables(a.lexicon, a.word(j)), *event_tables(ctx.schema, link, named)]:
            if any(absence_table(ctx, table, t) is not None for t in named):
                return j, table
        if link is None and _bare_verb(ctx, j):
            children = {t.name for t in ctx.schema.tables if t.name not in named and t.stored
                        and any(fk.ref_table in named for fk in t.foreign_keys)}
            return (j, children.pop()) if len(children) == 1 else None
    return None


def _names_back(link: Link, named: set[str]) -> bool:
    """A word that reaches only tables already named, and only by rewording ("bought" -> buy ->
    buyer): the verb of what those rows did, not another mention of them."""
    return bool(link.of_kind(TABLE)) and all(c.kind in (TABLE, COLUMN) and c.table in named and c.match != EXACT
                                              for c in link.candidates)


_ANYTHING = ("anything", "any", "ever", "anyone", "")


def _bare_verb(ctx: ReadContext, j: int) -> bool:
    """A verb with nothing after it but "anything" ("have not bought anything", "were never used")."""
    a, word = ctx.a, ctx.a.word(j)
    verb = stem(word) != singular(word) or bool(wordnet.available() and wordnet.base_forms(word))
    return verb and word not in STOPWORDS and a.word(j + 1) in _ANYTHING and a.link_at(j + 1) is None


def absence_table(ctx: ReadContext, other: str, entity: str) -> tuple[str, str] | None:
    """The table whose rows say an ``entity`` row has ``other`` rows, and its key to ``entity``:
    ``other`` itself when it points at ``entity``, else a table that points at both."""
    if other == entity:
        return None
    fk = next((f for f in ctx.table(other).foreign_keys if f.ref_table == entity), None)
    if fk is not None:
        return other, fk.column
    for table in ctx.schema.tables:
        if table.name in (other, entity) or not table.stored or not any(
                f.ref_table == other and not _for_something_else(table, f, entity) for f in table.foreign_keys):
            continue  # a view may leave rows out; an invoice for a stay or an appointment links no appointment
        fk = next((f for f in table.foreign_keys if f.ref_table == entity), None)
        if fk is not None:
            return table.name, fk.column
    return None


def far_absence(ctx: ReadContext, other: str, entity: str) -> tuple[str, str] | None:
    """ "properties with no reviews" where a review is of a booking of a room of a property: every hop
    down the path has many rows per row above it, so a row with no ``other`` rows at the end is one
    whose first hop has none that lead there. The first hop and its key to ``entity``."""
    path = ctx.schema.join_path(entity, other) or []
    here = entity
    for nxt, fk in path:
        if fk.table != nxt or fk.ref_table != here or not ctx.table(nxt).stored:
            return _down_chain(ctx, entity, other)
        here = nxt
    return (path[0][0], path[0][1].column) if len(path) > 1 else None


def _down_chain(ctx: ReadContext, entity: str, other: str, depth: int = 3) -> tuple[str, str] | None:
    """The first hop of a chain of stored tables each pointing at the one before, from ``entity`` down
    to ``other`` (an appointment's dog's owner), where the shortest join goes another way."""
    frontier: list[tuple[str, tuple[str, str] | None]] = [(entity, None)]
    seen = {entity}
    for _ in range(depth):
        nxt_frontier: list[tuple[str, tuple[str, str] | None]] = []
        for here, first in frontier:
            for table in ctx.schema.tables:
                fk = next((f for f in table.foreign_keys if f.ref_table == here and f.table == table.name), None)
                if fk is None or table.name in seen or not table.stored:
                    continue
                hop = first or (table.name, fk.column)
                if table.name == other:
                    return hop if first is not None else None
                seen.add(table.name)
                nxt_frontier.append((table.name, hop))
        frontier = nxt_frontier
    return None


def _for_something_else(table: Table, fk: ForeignKey, entity: str) -> bool:
    """Whether a row may point at ``fk``'s table or at another instead: the key may be empty and the
    row has a key to a third table (an invoice for a stay or for an appointment)."""
    col = table.column(fk.column)
    return (col is None or col.nullable) and any(f.ref_table not in (fk.ref_table, entity) for f in table.foreign_keys)


def anti_join_filters(ctx: ReadContext, d: Decided, entity: str, anti: dict[int, str]) -> Step[list[Filter]]:
    """NOT EXISTS filters for the anti-join links: the negation and the table word are used."""
    c, out = Claims(d), []
    for first, other in anti.items():
        pk = ctx.table(entity).primary_key
        found = absence_table(ctx, other, entity)
        far = far_absence(ctx, other, entity) if found is None else None
        found = found or far
        link = ctx.a.link_at(first)
        link = None if link is not None and _names_back(link, {entity}) else link  # a verb, not a table word
        negations = [n for n in ctx.a.negations if first - 7 < n < first]
        # "tickets with no agent": the rows' own key to one is empty; but "departments with no
        # employees" are pointed at by those rows, which is the anti-join
        # (a key back that only names one of them in a role, a department's manager_id, is no such
        # pointing: the membership is the key joins take first)
        own = _own_key(ctx, entity, other)
        back = [f for f in ctx.table(other).foreign_keys if f.ref_table == entity]
        points_back = bool(back) and not (own is not None and is_membership(ctx.schema, own)
                                          and not any(is_membership(ctx.schema, f) for f in back))
        own = own if not points_back else None
        if own is not None and link is not None:
            out.append(_empty_key(ctx, c, entity, own, link, negations))
        elif pk is not None and found is not None:
            verbs = _verbs_of(ctx, negations, first, {other, found[0]})
            # a verb naming the rows is one word, no link, and "anything" after it is what it denies
            last = link.last if link is not None else first
            last += ctx.a.word(last + 1) in _ANYTHING[:-1]
            words = frozenset((*range(first, last + 1), *negations, *verbs))
            out.append(Filter(ColumnRef(entity, pk.name), "not_exists", (), other=ColumnRef(*found), words=words))
            if far is not None and (key := ctx.table(other).primary_key) is not None:
                # the rows at the end of the path, inside the same NOT EXISTS (said after its negation)
                out.append(Filter(ColumnRef(other, key.name), "not_null", words=frozenset(range(first, last + 1))))
            if link is not None:
                c.claim(link, "anti", *negations, *verbs)
            else:
                c.used.update(words)
                if ctx.a.lexicon is not None and other not in deed_tables(ctx.a.lexicon, ctx.a.word(first)):
                    c.doubts.append(f"read {ctx.a.word(first)!r} as having {other.replace('_', ' ')}")
    return c.done(out)


def _empty_key(ctx: ReadContext, c: Claims, entity: str, own: ForeignKey, link: Link, negations: list[int]) -> Filter:
    """ "<rows> with no <table>", "<rows> not assigned to any <table>": the rows' own key to one is
    empty; the words between the negation and the table (the key's own verb) are the condition's."""
    between = [k for k in range(max(negations, default=link.first), link.first) if ctx.a.link_at(k) is None]
    c.claim(link, "anti", *negations, *between)
    return Filter(ColumnRef(entity, own.column), "null",
                  words=frozenset((*range(link.first, link.last + 1), *negations, *between)))


def _verbs_of(ctx: ReadContext, negations: list[int], first: int, tables: set[str]) -> list[int]:
    """The words between a negation and the rows it denies that name the act of those rows ("never
    borrowed any <book>" through the loans): part of the same condition."""
    a = ctx.a
    start = min(negations, default=first)
    if a.lexicon is None:
        return []
    return [k for k in range(start + 1, first) if a.link_at(k) is None and k not in a.cues
            and tables & set(deed_tables(a.lexicon, a.word(k)))]


def _strays(ctx: ReadContext, link: Link, cand: Candidate, entity: str, in_play: set[str]) -> bool:
    """Whether a value of a table the question does not reach otherwise strays from it; not the kind
    the rows are filed under ("books over $50": the products of the Books category)."""
    if cand.table == entity or cand.table in in_play:
        return False
    if link is subject_value(ctx.a) and filed_under(ctx.schema, cand) == entity:
        return False
    return _stray_value(ctx, link, {entity, cand.table})


def _skips_value(ctx: ReadContext, link: Link) -> bool:
    """Links whose stored value is better read as something else."""
    a = ctx.a
    if link.of_kind(TABLE) and not link.strong:
        return True  # a table name that is also a stored value: the table reading wins
    if link.of_kind(COLUMN) and not link.strong and _comparison_near(ctx, link):
        return True
    # "<verb> by/with <value>": a verb before its means, not a status ("mentors with ..." are rows)
    return not link.strong and a.word(link.last + 1) in ("by", "with", "using", "via") and \
        a.next_link(link.last + 1, max_gap=1) is not None and link is not subject_value(a)


def _not_a_value(ctx: ReadContext, c: Claims, link: Link, skip: set[int]) -> bool:
    return link.first in skip or c.taken(link.first) or not link.of_kind(VALUE) or _skips_value(ctx, link)


def _negated_by(a: Analysis, link: Link, grouped: bool) -> list[int]:
    """A negation up to four words before a value excludes it; a kind of rows grouped is no condition."""
    if grouped:
        return []
    return [n for n in range(max(0, link.first - 4), link.first) if n in a.negations] or _not_counting(a, link.first)


def _unassigned_role(ctx: ReadContext, link: Link, entity: str, negations: list[int]) -> ColumnRef | None:
    """ "customers without a sales rep", "who don't have a sales rep": a role the rows' own key names
    ("salesRepEmployeeNumber"), said as something the rows have, of the table that key points to
    (where the role is also a job title), asks whether the key is empty; "employees who are not
    managers" keeps its title condition."""
    a = ctx.a
    had = any(a.word(n) in ("without", "no") for n in negations) \
        or any(a.word(i) in ("have", "has", "had", "having") for i in range(max(0, link.first - 3), link.first))
    if not had:
        return None
    said = [t.norm for t in a.tokens[link.first:link.last + 1]]
    referred = {cand.table for cand in link.of_kind(VALUE)}
    for fk in ctx.table(entity).foreign_keys:
        words = [singular(w) for w in name_words(fk.column)]
        if fk.ref_table in referred and any(words[i:i + len(said)] == said for i in range(len(words))):
            return ColumnRef(entity, fk.column)
    return None


def _unhappened(ctx: ReadContext, link: Link, cand: Candidate) -> ColumnRef | None:
    """ "orders not shipped yet": a status said as a participle and denied, where the rows also keep
    the date of that event, left empty until it happens: the date is empty. A status can move on
    past the event ('shipped', then 'delivered'), so "not 'shipped'" would keep rows shipped long ago."""
    said = ctx.a.tokens[link.first].text if link.first == link.last else ""
    column = events.event_column(ctx.table(cand.table), said) if said else None
    return ColumnRef(cand.table, column) if column is not None else None


def _stray_value(ctx: ReadContext, link: Link, rows: set[str]) -> bool:
    """Whether a plain word that is a stored value of a table out of play is better left unread:
    not after a preposition that ties it to the rows ("from", "by", ...; a participle there is
    still a verb) or a word that keeps rows to it ("only books", "just the jazz"), not qualifying
    the rows, not a kind of rows that is counted."""
    a = ctx.a
    listed = a.link_at(link.first - 1 - (a.word(link.first - 1) in ("and", "or")))
    if listed is not None and {(c.table, c.column) for c in listed.of_kind(VALUE)} & \
            {(c.table, c.column) for c in link.of_kind(VALUE)}:
        return _stray_value(ctx, listed, rows)  # "for pottery and weaving": the list's first value says
    after_preposition = a.word(link.first - 1) in ("by", "with", "via", "using", "in", "from", "for", "on", "of")
    before = link.first - (2 if a.word(link.first - 1) == "the" else 1)
    if a.word(before) in ("only", "just"):
        return False
    return not link.strong and not _counted_kind(ctx, link) \
        and not (after_preposition and not a.tokens[link.last].text.endswith("ed")) \
        and not _qualifies_rows(ctx, link, rows)


def _counted_kind(ctx: ReadContext, link: Link) -> bool:
    """ "more than 3 absences", "the most no-shows": a kind of rows said right after a number or a
    superlative is counted, so it keeps to that kind even where no other word names its table."""
    a, before = ctx.a, link.first - 1
    said = before >= 0 and (a.tokens[before].is_number or any(before in a.span(s.index) for s in a.superlatives))
    return said and kind_value(a, link)


def _qualifies_rows(ctx: ReadContext, link: Link, rows: set[str]) -> bool:
    """Whether the value qualifies the rows: said right before them ("jazz tracks", "the jazz ones",
    "each sushi restaurant": the main rows or its own table's), or before the money they took ("cafe
    takings"), or after a copula ("tracks that are jazz")."""
    after = ctx.a.link_at(link.last + 1)
    if ctx.a.word(link.last + 1) in ("ones", "one") or ctx.a.word(link.first - 1) in ("is", "are", "was", "were"):
        return True  # "the jazz ones", "tracks that are jazz"
    money = bool(after.of_kind(METRIC)) and ctx.a.word(link.last) not in _PER_PERIOD if after is not None else False
    return after is not None and (any(c.table in rows for c in after.of_kind(TABLE)) or money)


# Words before a money word that say how often, not whose: "annual revenue" is revenue per year.
_PER_PERIOD = frozenset({"annual", "yearly", "monthly", "weekly", "daily", "quarterly", "nightly", "hourly"})


def _not_counting(a: Analysis, first: int) -> list[int]:
    """ "don't count the ones from <value>", "not including those in <value>": a negated word of
    keeping rows a few words before the value leaves its rows out, as a negation beside it does."""
    for k in range(first - 1, max(0, first - 6), -1):
        if denies_keeping(a, k):
            return [k - 1, k]
    return []


def _value_candidate(ctx: ReadContext, link: Link, entity: str, in_play: set[str]) -> Candidate | None:
    """The stored value a link names as a condition; "overdue loans" are due before today, whatever
    a fine's reason says, so another table's value does not take the word from the rows' due date."""
    cand = best_candidate(link, VALUE, entity, ctx.schema, in_play)
    cand = _named_with_neighbour(ctx, link, cand) or cand
    if cand is None or (cand.table != entity and events.overdue_word(ctx, link.first, entity)):
        return None
    if cand.table not in in_play and not is_stored(ctx.schema, cand.table) and (
            any(is_stored(ctx.schema, col.table) for col in link.of_kind(COLUMN))
            or negated_flag(ctx, link.first, entity, in_play) is not None):
        return None  # a view's text ("active" in its notes) after a table's own column of that name
    return cand


def _named_with_neighbour(ctx: ReadContext, link: Link, chosen: Candidate | None) -> Candidate | None:
    """ "Ada Lowe": a first name said beside a last name (or the other way round) is the one
    person's whose table keeps both, though other tables keep the first name too. None when the
    value chosen already pairs with its neighbour, or no one stored table pairs them."""
    a = ctx.a
    pairs: list[Candidate] = []
    for other in (a.link_at(link.last + 1), a.link_at(link.first - 1)):
        if other is None or other is link:
            continue
        for cand in link.of_kind(VALUE):
            table = ctx.schema.table(cand.table)
            names = {c.name for c in table.person_name} if table is not None and table.person_name else set()
            beside = {o.column for o in other.of_kind(VALUE) if o.table == cand.table}
            if table is not None and table.stored and cand.column in names and (beside & names) - {cand.column}:
                pairs.append(cand)
    tables = {c.table for c in pairs}
    if chosen is not None and chosen.table in tables or len(tables) != 1:
        return None
    return pairs[0]


_PLACE_PREPOSITIONS = frozenset({"in", "from", "near", "around", "at"})
_PERSON_NAME_WORDS = frozenset({"surname", "lastname", "firstname", "forename", "first", "last", "given", "family",
                                "middle"})


def _place_not_person(ctx: ReadContext, link: Link, cand: Candidate) -> Candidate:
    """ "subscribers in Upton", where Upton is a surname and an area: after "in" the value is where
    the rows are, not who they are; the same rows' other column keeps it."""
    if ctx.a.word(link.first - 1) not in _PLACE_PREPOSITIONS \
            or not set(name_words(cand.column or "")) & _PERSON_NAME_WORDS:
        return cand
    places = [v for v in link.of_kind(VALUE) if v.table == cand.table and v.score >= cand.score
              and not set(name_words(v.column or "")) & _PERSON_NAME_WORDS and "name" not in name_words(v.column or "")]
    return places[0] if len(places) == 1 else cand


def value_filters(ctx: ReadContext, d: Decided, entity: str, in_play: set[str], skip: set[int]) -> Step[list[Filter]]:
    a, c = ctx.a, Claims(d)
    by_column: dict[tuple[ColumnRef, bool], list[str]] = {}
    spans: dict[tuple[ColumnRef, bool], set[int]] = {}
    literal: set[tuple[ColumnRef, bool]] = set()
    empty: list[Filter] = []
    for link in a.links:
        grouped = c.role(link.first) in ("group", "kind") and bool(link.of_kind(VALUE)) and not link.of_kind(COLUMN)
        if not grouped and (_not_a_value(ctx, c, link, skip) or compared_to_column(ctx, link, entity, in_play)
                            or day_of_other_rows(ctx, link, entity)):
            continue
        cand = _value_candidate(ctx, link, entity, in_play)
        if cand is None:
            continue
        cand, before = _table_said_before(ctx, c, link, cand, entity)
        cand = _place_not_person(ctx, link, _named_near(ctx, link, cand))
        if not grouped and _strays(ctx, link, cand, entity, in_play):
            c.doubts.append(f"ignored {a.tokens[link.first].text!r}")
            continue
        if link.fuzzy:
            typed = " ".join(t.text for t in a.tokens[link.first:link.last + 1])
            keep, unsure = doubts.fuzzy_value(typed, cand.value or "", ctx.slots)
            c.ask(unsure)
            if not keep:
                continue
        negations = _negated_by(a, link, grouped)
        if negations and (role := _unassigned_role(ctx, link, entity, negations) or _unhappened(ctx, link, cand)):
            empty.append(Filter(role, "null", (), words=frozenset({*range(link.first, link.last + 1), *negations})))
            c.claim(link, "value", *negations)
            continue
        # values named with a negation and without one are two conditions ("a dog but not a cat")
        key = (ColumnRef(cand.table, cand.column or ""), bool(negations))
        by_column.setdefault(key, []).extend(kind_values(ctx.schema, a, link, cand))
        column_said = _column_said_after(ctx, c, link, cand)
        if column_said or a.tokens[link.first].quoted or a.word(link.first - 1) in name_words(cand.column or ""):
            literal.add(key)  # "status 'Open'", "status open": the stored value itself, as typed
        spans.setdefault(key, set()).update(range(link.first, link.last + 1), negations, before, column_said)
        if grouped:  # "per hygienist": grouped by those rows, and kept to them
            c.used.update(range(link.first, link.last + 1))
        else:
            c.claim(link, "value", *negations)
    return c.done([*empty, *(_listed(ctx, key, vals, frozenset(spans[key]), key in literal)
                             for key, vals in by_column.items())])


def _listed(ctx: ReadContext, key: tuple[ColumnRef, bool], vals: list[str], words: frozenset[int],
            literal: bool) -> Filter:
    """The condition of the values a column was said to hold (or, negated, not to hold)."""
    (ref, negated), names = key, tuple(dict.fromkeys(vals))
    final = final_states(ctx, ref, names[0]) if len(names) == 1 and not literal and not negated else ()
    if final:  # "the open jobs": in none of the states that settle a job
        return Filter(ref, "unsettled", final, words=words)
    if len(names) == 1:
        return Filter(ref, "!=" if negated else "=", names, words=words)
    return Filter(ref, "not_in" if negated else "in", names, words=words)


# Words that say which end of a journey or a transfer a value is at, and the column-name words of that end.
_TOWARD_WORDS = frozenset({"to", "into", "toward", "towards", "arriving", "arrive", "arrives", "arrived", "arrival",
                           "landing", "land", "lands", "landed", "destination", "reaching", "bound", "incoming"})
_AWAY_WORDS = frozenset({"from", "departing", "depart", "departs", "departed", "departure", "leaving", "leave",
                         "leaves", "left", "origin", "originating", "source", "outgoing"})
_TOWARD_NAMES = frozenset({"dest", "destination", "to", "arrival", "target", "end", "recipient", "receiver"})
_AWAY_NAMES = frozenset({"source", "src", "origin", "from", "departure", "start", "sender", "orig"})


def _affinity(word: str, column: str) -> bool:
    """Whether a question word names a column: a word of its name (or a name word its start), a
    WordNet synonym of one, or the same end of a journey ("into" and a destination column)."""
    names = set(expand(name_words(column))) | set(name_words(column))
    if word in _TOWARD_WORDS and names & _TOWARD_NAMES or word in _AWAY_WORDS and names & _AWAY_NAMES:
        return True
    if word in STOPWORDS or len(word) < 3:
        return False
    if word in names or singular(word) in names or any(len(n) >= 3 and word.startswith(n) for n in names):
        return True
    related = set(wordnet.synonyms(word)) | set(wordnet.related(word)) if wordnet.available() else set()
    return bool(related & names)


def _column_said_after(ctx: ReadContext, c: Claims, link: Link, cand: Candidate) -> set[int]:
    """The words of the value's own column named right after it ("the Andes region", "Paris city"),
    claimed: part of the condition, not a column to show."""
    after = ctx.a.link_at(link.last + 1)
    if after is None or c.taken(after.first) or after.of_kind(VALUE):
        return set()
    if not any(k.kind == COLUMN and k.table == cand.table and k.column == cand.column for k in after.candidates):
        return set()
    c.claim(after, "value")
    return set(range(after.first, after.last + 1))


def _table_said_before(ctx: ReadContext, c: Claims, link: Link, cand: Candidate,
                       entity: str) -> tuple[Candidate, set[int]]:
    """A value stored in several tables, right after one of their names ("the album Blue Sky" where
    a song may have that title too): the named table's value, and the name claimed as part of the
    condition, not a table to list."""
    before = ctx.a.link_at(link.first - 1)
    if before is None or c.taken(before.first) or before.of_kind(VALUE):
        return cand, set()
    named = {k.table for k in before.of_kind(TABLE) if k.score >= 1.0}
    mine = [k for k in link.of_kind(VALUE) if k.table in named and k.score >= cand.score
            and reachable(ctx.schema, entity, k.table)]
    if len({k.table for k in mine}) != 1 or len(named) != 1:
        return cand, set()
    table = ctx.table(cand.table)
    refers = any(fk.column == cand.column and fk.ref_table in named for fk in table.foreign_keys)
    c.claim(before, "value")  # a key into the named table holds its values already: the row's own column
    return (cand if cand in mine or refers else mine[0]), set(range(before.first, before.last + 1))


def _named_near(ctx: ReadContext, link: Link, cand: Candidate) -> Candidate:
    """A value stored in several columns of the same table (an airport code as both source and
    destination): the column a nearby word names wins, the nearest word first; else ``cand``."""
    rivals = [c for c in link.of_kind(VALUE) if c.table == cand.table and c.score == cand.score]
    if len({c.column for c in rivals}) < 2:
        return cand
    a = ctx.a
    for i in [*range(link.first - 1, max(-1, link.first - 5), -1), link.last + 1, link.last + 2]:
        other = a.link_at(i)
        if other is not None and other.of_kind(VALUE):
            continue  # another value's words say where that value is
        named = [c for c in rivals if _affinity(a.word(i), c.column or "")]
        if len(named) == 1:
            return named[0]
    return cand


def _comparison_near(ctx: ReadContext, link: Link) -> bool:
    return any(c.first == link.last + 1 or c.first == link.last + 2 for c in ctx.a.comparisons)


def _compared_column(ctx: ReadContext, c: Claims, comp: Comparison, entity: str,
                     in_play: set[str]) -> tuple[bool, ColumnRef | None]:
    """(held, column): the column a comparison is on; held when it became a condition on an aggregate
    or a count (kept for HAVING)."""
    a = ctx.a
    if comp.concept:
        ref = _concept_of_named(ctx, comp, entity) or find_concept(ctx.schema, entity, comp.concept, in_play)
        unit = a.next_link(comp.after - 1, max_gap=2)
        if ref is not None and unit is not None and not c.taken(unit.first) \
                and ctx.numeric(unit, entity, in_play, values_only=True) == ref:
            c.claim(unit, "compare")  # "longer than 2 minutes": the unit's word names the same column
        if ref is not None:
            return False, ref
    if (aged := _bare_age(ctx, comp, entity)) is not None:
        return False, aged
    if comp.inner is not None:
        inner = a.link_at(comp.inner)
        ref = ctx.numeric(inner, entity, in_play, values_only=True)
        if ref is not None and inner is not None:
            c.claim(inner, "compare")
            return False, ref
    link = a.prev_link(comp.first, max_gap=4)
    plural = comp.after < len(a.tokens) and a.tokens[comp.after].text != a.tokens[comp.after].norm
    # "the best average rating (at least 20 ratings)": the number counts the rows said after it
    counted = _counted_rows(ctx, comp, link, entity, in_play) if plural else None
    if counted is None and link is not None and link.first in c.aggregate_links and comp.op != "between":
        c.aggregate_havings.append((c.aggregate_links[link.first], comp.op, comp.values[0]))
        c.used.update(comp.span)
        return True, None
    done = _times_done(ctx, comp, entity)
    if done is not None:  # "customers who rented more than 20 times": a count of their rentals
        table, said = done
        c.count_havings.append((table, comp.op, comp.values[0], None))
        c.used.update({*comp.span, *said})
        return True, None
    counted = counted or _counted_rows(ctx, comp, link, entity, in_play)
    if counted is not None:
        _count_having(ctx, c, comp, counted, link, entity, in_play)
        return True, None
    return _amount_compared(ctx, c, comp, link, entity, in_play)


def _amount_compared(ctx: ReadContext, c: Claims, comp: Comparison, link: Link | None, entity: str,
                     in_play: set[str]) -> tuple[bool, ColumnRef | None]:
    """(held, column) of a comparison on an amount: money said as money whatever column the verb
    names ("donors who gave more than £100"), else the column named before or after the number.
    Said of other rows "in total" ("altogether"), it is a condition on each row's total of them."""
    if (kept := _amount_of_children(ctx, comp, entity)) is not None:  # "staff with more than 100 hours"
        c.total_havings.append((kept[1], comp.op, comp.values[0]))
        c.claim(kept[0], "compare")
        c.used.update(comp.span)
        return True, None
    ref = money_or_named(ctx, comp, ctx.numeric(link, entity, in_play, values_only=True), entity, in_play)
    ref = duration_or_named(ctx, comp, ref, entity, in_play)
    if ref is None:
        link = ctx.a.next_link(comp.after - 1, max_gap=2)
        link, ref = _counted_in(ctx, c, comp.after, entity, in_play) or (link, ctx.numeric(link, entity, in_play,
                                                                                            values_only=True))
    if ref is not None and (_time_said_of_no_duration(ctx, comp, ref) or time_of_another(ctx, comp)):
        return False, None  # "under 48 hours' warning" is no hourly rate, nor a class's length
    if link is not None and ref is not None:
        c.claim(link, "compare")
    totalled = _said_in_total(ctx.a, comp) if ref is not None and ref.table != entity else None
    if ref is not None and totalled is not None and len(comp.values) == 1:
        c.total_havings.append((ref, comp.op, comp.values[0]))
        c.used.update({*comp.span, *totalled})
        return True, None
    return False, ref


def sold_for(ctx: ReadContext, first: int, entity: str) -> tuple[ColumnRef, tuple[int, ...]] | None:
    """ "products that sell for under £10": a selling verb just before a comparison at ``first``
    names the rows' one price, and the words that named it."""
    at = first - 1 - (ctx.a.word(first - 1) in ("for", "at"))
    if ctx.a.word(at) not in SELLING or ctx.a.link_at(at) is not None or ctx.a.word(first) == "fewer":
        return None
    table = ctx.table(entity)
    prices = [col for col in table.columns if roles.is_price(table, col)]
    return (ColumnRef(entity, prices[0].name), tuple(range(at, first))) if len(prices) == 1 else None


def _time_said_of_no_duration(ctx: ReadContext, comp: Comparison, ref: ColumnRef) -> bool:
    """A number said in a unit of time compared with a column that keeps no span of time."""
    unit = ctx.a.word(comp.after)
    table = ctx.table(ref.table)
    col = table.column(ref.column)
    return singular(unit) in TIME_UNITS and col is not None and not roles.is_duration(table, col) \
        and col.kind != DATE


def _flag_beyond(ctx: ReadContext, ref: ColumnRef, comp: Comparison) -> bool:
    """Whether a yes/no column would be compared with a number it never holds (0 and 1 apart)."""
    table = ctx.table(ref.table)
    col = table.column(ref.column)
    return col is not None and flag_of(table, col) is not None and any(v not in (0, 1) for v in comp.values)


# Words that say a comparison is on the sum of many rows: "more than £200 altogether", "in total".
_TOTALLED = frozenset({"altogether", "combined", "overall"})


def _amount_of_children(ctx: ReadContext, comp: Comparison, entity: str) -> tuple[Link, ColumnRef] | None:
    """ "projects with more than 500 hours", "members with over 40 visits' worth of minutes": a number
    said of the amount that the rows pointing at the main rows keep (timesheets' hours), named by the
    word right after it and kept by no main row itself: a condition on each main row's total of it."""
    a, link = ctx.a, ctx.a.link_at(comp.after)
    if link is None or len(comp.values) != 1 or comp.op not in (">", ">=", "<", "<=") or link.of_kind(VALUE) \
            or a.word(comp.after) in _PIECE_WORDS:
        return None  # "10 units in stock": pieces of the main rows' own count
    before = a.link_at(comp.first - 1)
    if before is not None and before.of_kind(TABLE):
        return None  # "traders with takings over 20": each of the rows named is compared
    if any(c.table == entity and c.score >= 0.9 and not _computed_by_unit(ctx, c) for c in link.candidates):
        return None  # the main rows keep it themselves (a span of their own dates only when the word names no column)
    found = {ColumnRef(c.table, c.column or "") for c in link.of_kind(COLUMN) if c.score >= 1.0
             and _kept_by_children(ctx, c, entity)}
    return (link, found.pop()) if len(found) == 1 else None


def _computed_by_unit(ctx: ReadContext, cand: Candidate) -> bool:
    """Whether a candidate is a computed column reached by a unit's word ("hours" of a span), not by its name."""
    col = ctx.table(cand.table).column(cand.column or "") if cand.kind == COLUMN else None
    return col is not None and col.computed and cand.match != EXACT


def _kept_by_children(ctx: ReadContext, cand: Candidate, entity: str) -> bool:
    """Whether a column candidate is a stored amount that adds up, kept by rows pointing at ``entity``."""
    table = ctx.schema.table(cand.table)
    col = table.column(cand.column or "") if table is not None else None
    return table is not None and col is not None and table.stored and not col.computed \
        and any(fk.ref_table == entity for fk in table.foreign_keys) and roles.adds_up(table, col)


def _said_in_total(a: Analysis, comp: Comparison) -> tuple[int, ...] | None:
    """The words right after a comparison that say it is on a total ("altogether", "in total")."""
    for i in range(comp.last + 1, min(comp.last + 4, len(a.tokens))):
        if a.word(i) in _TOTALLED:
            return (i,)
        if (a.word(i), a.word(i + 1)) == ("in", "total"):
            return (i, i + 1)
    return None


# Words that count pieces of something and say nothing of which number: "10 units in stock".
_PIECE_WORDS = frozenset({"unit", "units", "piece", "pieces", "copy", "copies", "item", "items"})


def _counted_in(ctx: ReadContext, c: Claims, at: int, entity: str,
                in_play: set[str]) -> tuple[Link, ColumnRef] | None:
    """ "fewer than 10 units in stock": the pieces are counted by the column named after "in" or
    "of", not by another table's quantity the word "units" also names."""
    a = ctx.a
    piece = a.link_at(at)
    end = piece.last if piece is not None else at
    if a.word(at) not in _PIECE_WORDS or a.word(end + 1) not in ("in", "of", "on"):
        return None
    held = a.next_link(end + 1, max_gap=2)
    ref = ctx.numeric(held, entity, in_play, values_only=True) if held is not None else None
    if held is None or ref is None or ref.table != entity:
        return None
    c.used.update(range(at, end + 1))
    return held, ref


def _count_having(ctx: ReadContext, c: Claims, comp: Comparison, counted: tuple[str, Link], link: Link | None,
                  entity: str, in_play: set[str]) -> None:
    """The comparison as a condition on how many rows of the counted table each group has, grouped
    by the column named before it when the rows counted are the main ones."""
    table, after = counted
    if link is None and table == entity:  # "<values> shared by at least N <rows>": past a verb
        link = _column_shortly_before(ctx, comp.first, entity)
    head = ctx.column_of(link, entity, in_play) if link is not None else None
    if table == entity and head is None and not ctx.counted_groups:  # a count of the main rows, nothing grouped
        return
    bounds = ((">=", comp.values[0]), ("<=", comp.values[1])) if comp.op == "between" else \
        ((comp.op, comp.values[0]),)
    c.count_havings.extend((table, op, value, head) for op, value in bounds)
    c.claim(after, "having", *comp.span)
    if link is not None and head is not None:
        c.claim(link, "group")


def _concept_of_named(ctx: ReadContext, comp: Comparison, entity: str) -> ColumnRef | None:
    """ "<rows> who are older than N": the concept's column on the table named just before the
    comparator, when the main table reaches it ("bikes ridden by members older than 30": the
    members' age, not the bikes')."""
    a = ctx.a
    for i in range(comp.first - 1, max(-1, comp.first - 5), -1):
        link = a.link_at(i)
        if link is None:
            continue
        table = ctx.table_of(link) if ctx.names_table(link) else None
        if table is None or table == entity or ctx.schema.join_path(entity, table) is None:
            return None
        col = concept_column(ctx.table(table), comp.concept)
        return ColumnRef(table, col.name) if col is not None else None
    return None


def _column_shortly_before(ctx: ReadContext, index: int, entity: str) -> Link | None:
    """A link naming a column of ``entity`` at most five words before ``index``, past any words."""
    for i in range(index - 1, max(-1, index - 6), -1):
        link = ctx.a.link_at(i)
        if link is not None:
            return link if any(cand.table == entity for cand in link.of_kind(COLUMN)) \
                and not link.of_kind(TABLE) else None
    return None


def _bare_age(ctx: ReadContext, comp: Comparison, entity: str) -> ColumnRef | None:
    """ "members who are over 65", "patients over 80": a bare number said of rows whose age the
    profile computes (they keep when they were born) is their age, not another of their measures."""
    table = ctx.table(entity)
    age = table.column(AGE)
    before = ctx.a.link_at(comp.first - 1)
    said_of_rows = ctx.a.word(comp.first - 1) in ("are", "is", "were", "was", "aged") or (
        before is not None and any(c.table == entity for c in before.of_kind(TABLE)))
    if age is None or not age.computed or comp.concept or comp.inner is not None or not said_of_rows \
            or len(comp.values) != 1 or not 0 < comp.values[0] <= 120 or comp.op not in (">", ">=", "<", "<="):
        return None
    return ColumnRef(entity, age.name)


def _times_done(ctx: ReadContext, comp: Comparison, entity: str) -> tuple[str, set[int]] | None:
    """(table, words): "<verb> more than N times", where the verb's act leaves rows in a table that
    refers to the main rows ("rented" -> rentals, "hired" -> the hires dated by hired_on): those
    rows, counted per main row."""
    a = ctx.a
    times = {comp.after} if a.word(comp.after) in TIMES_NOUNS else set()
    if not (times or a.word(comp.last) in TIMES_WORDS) or comp.op == "between" or a.lexicon is None:
        return None
    for i in range(comp.first - 1, max(-1, comp.first - 4), -1):
        acts = deed_tables(a.lexicon, a.word(i)) or event_tables(ctx.schema, a.link_at(i), {entity})
        tables = [t for t in acts if t != entity and ctx.schema.join_path(entity, t) is not None]
        if tables:
            return tables[0], {i, *times}
    return None


def _kind_counted(ctx: ReadContext, after: Link, entity: str) -> tuple[str, Link] | Link:
    """ "more than 3 no-shows": the rows of that kind, counted (the value keeps them so); "more than
    3 completed visits": the link of the visits, the value a condition of theirs; else ``after``."""
    a = ctx.a
    if kind_value(a, after) and (kind := after.of_kind(VALUE)[0].table) != entity and fans_out(ctx, kind, entity):
        return kind, after
    rows = a.link_at(after.last + 1)
    if after.of_kind(VALUE) and not ctx.names_table(after) and rows is not None and ctx.names_table(rows):
        return rows
    return after


def _counted_rows(ctx: ReadContext, comp: Comparison, before: Link | None, entity: str,
                  in_play: set[str]) -> tuple[str, Link] | None:
    """(table, link): the rows a number counts, when a word after it names a related table, or a
    text column of a table whose rows belong to the main one ("<rows> with more than N <child rows>").

    A number is never compared with a key. A table named right after the number is what it
    counts even after a value column ("<column values> with N or more <rows>"); a column named
    there is counted only when no value column before the number takes the number for itself."""
    a = ctx.a
    after = a.next_link(comp.after - 1, max_gap=2)
    if after is None and a.link_at(comp.after) is None and comp.after not in a.cues:
        # one word of its own before the table word ("more than 3 <car> models"): still its rows
        after = a.link_at(comp.after + 1)
        if after is None or not ctx.names_table(after):
            return None
    if after is None:
        return None
    if isinstance(kind := _kind_counted(ctx, after, entity), tuple):
        return kind
    after = kind
    if ctx.names_table(after):
        table = ctx.table_of(after)  # rows no foreign key reaches cannot be counted per row
        return (table, after) if table is not None and ctx.schema.join_path(entity, table) is not None else None
    cand = best_candidate(after, COLUMN, entity, ctx.schema, in_play)
    column = ctx.table(cand.table).column(cand.column or "") if cand is not None else None
    if cand is None or column is None or cand.table == entity or not fans_out(ctx, cand.table, entity):
        return None
    # "at least 20 ratings": a number before the plural of a column of many related rows counts
    # them, whatever was named before it; a number after a column ("rated above 4") is its value,
    # and so is one before the column's own unit ("over 20 kilometers", "more than 3 bedrooms":
    # a column named in the plural, or a unit, holds how many of them), or before an amount or a
    # quantity ("over 1000 amounts" is what each holds: it adds up, it is no thing to count)
    if column.is_numeric and _counts_column_rows(a.tokens[after.last], column.name) \
            and not ctx.is_key(cand.table, column.name) and not roles.is_additive(ctx.table(cand.table), column):
        return cand.table, after
    compared = ctx.numeric(before, entity, in_play, values_only=True)
    if compared is not None and not ctx.is_key(compared.table, compared.column):
        return None
    return (cand.table, after) if not column.is_numeric else None


def _counts_column_rows(word: Token, column: str) -> bool:
    """Whether a plural said after a number counts rows that each have one value of the column
    ("ratings" of a rating column): the column names one such thing, and the word is no unit."""
    plain = column.lower().replace("_", "")
    return word.text != word.norm and word.norm in name_words(column) and word.text not in plain \
        and not any(word.text in units or word.norm in units for units in UNITS.values())


def fans_out(ctx: ReadContext, table: str, entity: str) -> bool:
    """Whether a row of ``entity`` reaches many rows of ``table``: the first step of the way goes to
    a table that refers to it (its children, or a table linking it to others)."""
    path = ctx.schema.join_path(entity, table) or []
    return bool(path) and path[0][1].ref_table == entity and path[0][1].table == path[0][0]


def comparison_filters(ctx: ReadContext, d: Decided, entity: str, in_play: set[str],
                       having_fallback: bool = False) -> Step[list[Filter]]:
    """Comparisons on columns; comparisons on aggregates or counts are kept for HAVING."""
    c, out = Claims(d), []
    for comp in ctx.a.comparisons:
        if comp.against is not None:
            out += _against_average(ctx, c, comp, entity, in_play)
            continue
        before = set(c.used)
        held, ref = _compared_column(ctx, c, comp, entity, in_play)
        if held:
            continue
        if ref is None and having_fallback and comp.op != "between":
            c.aggregate_havings.append((0, comp.op, comp.values[0]))  # a follow-up: on the aggregate
            c.used.update(comp.span)
            continue
        if ref is None and comp.concept is not None:
            continue  # "older than N" with no age column: the words stay unused, never some other number
        if ref is None and (verbed := verb_compared(ctx.a, comp.first - 1, ctx.table(entity))) is not None:
            ref = ColumnRef(entity, verbed)  # "agents earning over 9000": the salary the verb says
            c.used.add(comp.first - 1)
        if ref is None and (sold := sold_for(ctx, comp.first, entity)) is not None:
            ref, said = sold  # "products that sell for under £10": the price
            c.used.update(said)
        if ref is None and time_of_another(ctx, comp):
            continue  # "with less than 24 hours' notice": no length the rows keep, left unread
        if ref is None:
            measure = ctx.table(entity).measure_column
            if measure is None:
                c.doubts.append("a number with nothing to compare it to")
                continue
            ref = ColumnRef(entity, measure.name)
            # the one amount the rows keep is no guess; "have more than N" may count what they have
            if len(ctx.table(entity).measure_columns) > 1 or ctx.a.word(comp.first - 1) in ("have", "has", "had"):
                c.doubts.append(f"compared {measure.name}")
        if _flag_beyond(ctx, ref, comp):
            c.doubts.append(f"{ref.column} holds yes or no, not {comp.values[0]:g}")
            continue
        out.append(Filter(_verb_tie(ctx, comp, ref), comp.op, comp.values, words=comp.span | (c.used - before)))
        c.used.update(comp.span)
    out += _bare_numbers(ctx, c, entity, in_play)
    out += flag_filters(ctx, c, entity, in_play)
    out += column_comparisons(ctx, c, entity, in_play)
    return c.done(out)


def _verb_tie(ctx: ReadContext, comp: Comparison, ref: ColumnRef) -> ColumnRef:
    """Of columns a word after the number names alike ("kg" of capacity_kg and weight_kg), the one the
    verb before the comparison says ("weigh more than 2000 kg"); else the column read."""
    link = ctx.a.next_link(comp.after - 1, max_gap=2)
    cands = [c for c in link.of_kind(COLUMN) if c.table == ref.table] if link is not None else []
    top = max((c.score for c in cands), default=0.0)
    tied = [c.column or "" for c in cands if c.score == top]
    if len(tied) < 2 or ref.column not in tied:
        return ref
    said = [name for name in tied if verb_names_column(ctx.a, comp.first - 1, name)]
    return ColumnRef(ref.table, said[0]) if len(said) == 1 else ref


def _against_average(ctx: ReadContext, c: Claims, comp: Comparison, entity: str,
                     in_play: set[str]) -> list[Filter]:
    """ "<column> above the average [<column>]": the numeric column named by the comparator's
    concept, before it, or after "average" (taken too when it names the same column again)."""
    a = ctx.a
    before = a.prev_link(comp.first, max_gap=4)
    after = a.next_link(comp.after - 1, max_gap=2)
    ref = find_concept(ctx.schema, entity, comp.concept, in_play) if comp.concept else None
    named = [link for link in (before, after) if link is not None and not c.taken(link.first)]
    if ref is None:
        ref = next((r for link in named if (r := ctx.numeric(link, entity, in_play, values_only=True))), None)
    if ref is None:
        return []
    for link in named:
        if ctx.numeric(link, entity, in_play, values_only=True) == ref:
            c.claim(link, "compare")
    c.used.update(comp.span)
    return [Filter(ref, comp.op, (), against=comp.against)]


def _sole_amount(ctx: ReadContext, link: Link, *, counted: bool = False) -> ColumnRef | None:
    """The one numeric column, not a key, of the table a link names: what "out of <a stock table>"
    finds none of; ``counted``: only when it counts items (a quantity), as "in <a stock table>"
    says there are some. A table with two such columns says nothing about which one is meant."""
    for table in dict.fromkeys(c.table for c in link.of_kind(TABLE) if c.score >= 1.0):
        found = ctx.table(table)
        amounts = [col for col in found.columns if col.is_numeric and not ctx.is_key(table, col.name)]
        if len(amounts) == 1 and (not counted or roles.is_quantity(found, amounts[0])):
            return ColumnRef(table, amounts[0].name)
    return None


def _bare_numbers(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> list[Filter]:
    """A numeric column beside a bare number: "<column> N", "<column> of N", "N <column>"."""
    a, out = ctx.a, []
    for link in a.links:
        if c.taken(link.first):
            continue
        if a.word(link.first - 2) == "out" and a.word(link.first - 1) == "of":  # "out of <column>": none left
            ref = ctx.numeric(link, entity, in_play) or _sole_amount(ctx, link)
            if ref is not None:
                out.append(Filter(ref, "<=", (0,)))
                c.claim(link, "compare", link.first - 2, link.first - 1)
                continue
        held = _sole_amount(ctx, link, counted=True) if a.word(link.first - 1) == "in" else None
        if held is not None and held.table != entity:  # "in stock": some of the count its table keeps
            out.append(Filter(held, ">", (0,)))
            c.claim(link, "compare", link.first - 1)
            continue
        j = link.last + 1
        if a.word(j) in ("of", "is", "=", "equal"):
            j += 1
        either = [j] if a.word(j) == "either" else []  # "<column> is either N or M"
        j += len(either)
        if not (j < len(a.tokens) and j not in a.cues and a.tokens[j].is_number):
            j, either = link.first - 1, []
        if 0 <= j < len(a.tokens) and j not in a.cues and a.tokens[j].is_number:
            ref = ctx.numeric(link, entity, in_play)
            if ref is not None:
                values, numbers = [number_value(a.tokens[j].text)], [j]
                while a.word(j + 1) in ("or", "and", ",") and j + 2 < len(a.tokens) \
                        and a.tokens[j + 2].is_number and (j + 2) not in a.cues:  # "<column> N or M"
                    j += 2
                    values.append(number_value(a.tokens[j].text))
                    numbers.append(j)
                words = frozenset((*range(link.first, link.last + 1), *numbers))
                out.append(Filter(ref, "=" if len(values) == 1 else "in", tuple(values), words=words))
                c.claim(link, "compare", *numbers, *(either if len(values) > 1 else ()))
    return out


def _naming(a: Analysis, named_dates: frozenset[int], ref: ColumnRef) -> set[int]:
    """The words of the links beside a date phrase that named the date column the range is on: used,
    yet free for other steps ("those who purchased in 2025", kept by their own date, is not it)."""
    out: set[int] = set()
    for first in named_dates:
        link = a.link_at(first)
        if link is not None and any((cand.table, cand.column) == (ref.table, ref.column)
                                    for cand in link.of_kind(COLUMN)):
            out.update(range(link.first, link.last + 1))
    return out


def _year_column(ctx: ReadContext, c: Claims, entity: str, in_play: set[str], at: int = -1) -> ColumnRef | None:
    """A number column whose name says year: named in the question, by a word right before the
    date ("founded after 2008": year_of_founded), else the main table's."""
    named = _year_named_before(ctx, c, entity, at)
    if named is not None:
        return named
    for link in ctx.a.links:
        for cand in link.of_kind(COLUMN):
            col = ctx.table(cand.table).column(cand.column or "")
            if col is not None and col.is_numeric and "year" in col.name.lower() and cand.table in in_play:
                if not c.taken(link.first):
                    c.claim(link, "compare")
                return ColumnRef(cand.table, col.name)
    for name in [entity, *sorted(in_play - {entity})]:
        for col in ctx.table(name).columns:
            if col.is_numeric and "year" in col.name.lower():
                return ColumnRef(name, col.name)
    return None


def _year_named_before(ctx: ReadContext, c: Claims, entity: str, at: int) -> ColumnRef | None:
    """A year column of a table the main one reaches whose name has the word just before a date
    phrase at ``at`` ("orchestras founded after 2008": year_of_founded); the word is used by it."""
    a = ctx.a
    i = at - 1
    while i >= 0 and a.word(i) in STOPWORDS:
        i -= 1
    if i < 0 or i in a.cues:
        return None
    link = a.link_at(i)
    years = [ColumnRef(table.name, col.name) for table in ctx.schema.tables
             if table.name == entity or ctx.schema.join_path(entity, table.name) is not None
             for col in table.columns if col.is_numeric and "year" in name_words(col.name)
             and stem(a.word(i)) in {stem(w) for w in name_words(col.name) if w != "year"}]
    if link is not None:
        years = [ref for ref in years if any((cand.table, cand.column) == (ref.table, ref.column)
                                             for cand in link.of_kind(COLUMN))]
    if len(years) != 1 or (link is not None and c.taken(link.first)):
        return None
    if link is not None:
        c.claim(link, "compare")
    else:
        c.used.add(i)
    return years[0]


def date_filters(ctx: ReadContext, d: Decided, entity: str, in_play: set[str],
                 named_dates: frozenset[int] = frozenset()) -> Step[list[Filter]]:
    """Date phrases as ranges on a date column, or as years on a number column that holds years.

    ``named_dates``: links that named the date column beside the phrase; used when a range is.
    """
    a, c = ctx.a, Claims(d)
    out: list[Filter] = []
    year_values: list[int] = []
    year_words: set[int] = set()
    year_ref: ColumnRef | None = None
    for match in a.dates:
        rng = match.range
        whole_years = all(day is None or (day.month, day.day) == (1, 1) for day in (rng.start, rng.end))
        year_ref = _year_column(ctx, c, entity, in_play, match.first) if whole_years else None
        ref = None if year_ref is not None and _names_year(ctx) else \
            (ctx.date_override or _period_column(ctx, c, entity, in_play, match.first))
        if ref is None and year_ref is not None:
            # no date column but a year column: "after YYYY", "in YYYY or YYYY" compare numbers
            start, end = (rng.start.year if rng.start else None), (rng.end.year if rng.end else None)
            words = frozenset(range(match.first, match.last + 1))
            if start is not None and end == start + 1:
                year_values.append(start)
                year_words.update(words)
            elif start is not None:
                out.append(Filter(year_ref, ">=", (start,), words=words))
            if end is not None and end != (start or 0) + 1:
                out.append(Filter(year_ref, "<", (end,), words=words))
            c.used.update(range(match.first, match.last + 1))
            if a.word(match.first - 1) == "year":  # "in the year YYYY": the word names the column
                c.used.add(match.first - 1)
            continue
        if ref is None:
            c.doubts.append(f"no date column for {rng.label!r}")
            continue
        if _dated_two_ways(ctx, ref, {entity, *in_play}):
            c.doubts.append(f"{rng.label!r} read as the {ref.table}' {ref.column}")  # a ticket: its order's or show's
        out += _in_range(ctx, c, ref, match, out)
        c.used.update(_naming(a, named_dates, ref))
    if year_values and year_ref is not None:
        out.append(Filter(year_ref, "=" if len(year_values) == 1 else "in", tuple(year_values),
                          words=frozenset(year_words)))
    return c.done(out)


def _period_column(ctx: ReadContext, c: Claims, entity: str, in_play: set[str], at: int) -> ColumnRef | None:
    """The date a period said at ``at`` is on; where it would be the main rows' own and the line
    totals other rows that keep a date ("staff with more than 100 hours in October"), theirs."""
    ref = date_column_for(ctx.a, ctx.schema, entity, in_play, ctx.domain, at)
    totalled = {held.table for held, _op, _value in c.total_havings if held.table != entity}
    if ref is None or ref.table != entity or len(totalled) != 1:
        return ref
    table = ctx.table(totalled.pop())
    own = table.default_date_column
    return ColumnRef(table.name, own.name) if own is not None else ref


def _in_range(ctx: ReadContext, c: Claims, ref: ColumnRef, match: DateMatch, before: list[Filter]) -> list[Filter]:
    """The period on the date, with the rows it keeps: those that will happen in a period ahead, and
    those done of a line that says so (once a line, however many periods: ``before`` has the conditions
    already read); the words used are claimed."""
    rng, words = match.range, frozenset(range(match.first, match.last + 1))
    kept = _still_to_happen(ctx, ref, rng.start, words) or _were_done(ctx, ref, words)
    c.used.update(words)
    c.used.update(i for f in kept for i in f.words)
    period = _nights_stayed(ctx, ref, rng, words) or [Filter(ref, "range", (rng.start, rng.end), label=rng.label,
                                                             words=words)]
    return [*period, *(f for f in kept if f not in before and f not in period)]


# Words of a line about the nights rows are in for: "staying with us tonight", "in on Christmas Eve night".
# (Not "stay" nor "boarding": a table is often named so, "stays starting on 16 June" are arrivals.)
_NIGHT_WORDS = frozenset({"tonight", "night", "overnight", "staying", "sleeping"})
# Words of one end of a stay: "checking in tonight", "arriving on 1 December" are that day's arrivals.
_ENDS_SAID = frozenset({"arriving", "arrive", "arrives", "arrivals", "departing", "departures"})
_ENDS_PHRASES = frozenset({("check", "in"), ("checking", "in"), ("checks", "in"), ("check", "out"),
                           ("checking", "out"), ("checks", "out")})
# Of spans of other names (a start and an end date), only a stay said so is one for the night.
_STAYING = frozenset({"staying", "sleeping", "overnight"})


def _nights_stayed(ctx: ReadContext, ref: ColumnRef, rng: DateRange, words: frozenset[int]) -> list[Filter]:
    """ "pets staying with us tonight": one day said of rows kept from a day in to a day out
    (check_in .. check_out, whole days) are those in on that night, arrived by then and not yet
    gone, not those arriving that day."""
    if rng.start is None or rng.end is None or rng.end - rng.start != timedelta(days=1) or not _said_of_nights(ctx.a):
        return []
    span = _night_span(ctx, ref)
    if span is None:
        return []
    ref = ColumnRef(span.table, span.start)
    label = f"in on the night of {rng.start.isoformat()}" if rng.label != "tonight" else "in tonight"
    return [Filter(ref, "<", (rng.end.isoformat(),), label=label, words=words),
            Filter(ColumnRef(ref.table, span.end), ">", (rng.start.isoformat(),), label=label, words=words),
            *not_called_off(ctx, ref.table, words)]  # a stay called off has no one in


def _said_of_nights(a: Analysis) -> bool:
    said = {t.text for i, t in enumerate(a.tokens)  # "night shifts": a kind of shift, no night
            if (link := a.link_at(i)) is None or not link.of_kind(VALUE)}
    pairs = set(zip([t.text for t in a.tokens], [t.text for t in a.tokens[1:]], strict=False))
    return bool(_NIGHT_WORDS & said) and not _ENDS_SAID & {t.text for t in a.tokens} and not _ENDS_PHRASES & pairs


def _night_span(ctx: ReadContext, ref: ColumnRef) -> Span | None:
    """The rows' own stay from a day in to a day out; for rows dated otherwise (a pet by its birthday),
    the stays that refer to them, when one table keeps such stays and the line did not name the rows'
    own date ("complaints logged overnight")."""
    staying = bool(_STAYING & {t.text for t in ctx.a.tokens})  # "events on tonight" run until their end date
    kept = [s for s in spans(ctx.schema) if not _timed(ctx, s) and (staying or _checked_in(s))]
    own = [s for s in kept if s.table == ref.table and s.start == ref.column]
    if own:
        return own[0]
    named = any(c.table == ref.table and c.column == ref.column for link in ctx.a.links for c in link.of_kind(COLUMN))
    near = [s for s in kept if s.table != ref.table and ctx.schema.points_to(s.table, ref.table)]
    if len(near) != 1 or named or any(s.table == ref.table for s in spans(ctx.schema)):
        return None
    return near[0]


def _checked_in(span: Span) -> bool:
    """Whether a span is kept as a check-in and a check-out: a stay by its name."""
    return bool({"in", "checkin"} & set(name_words(span.start)))


def _timed(ctx: ReadContext, span: Span) -> bool:
    """Whether a span's ends are declared with a time of day (a shift's start and end): a night
    crosses two days of those, and a checkout at 11:00 is no night in."""
    table = ctx.table(span.table)
    cols = [table.column(span.start), table.column(span.end)] if table is not None else []
    return any(col is not None and "TIME" in col.type.upper() for col in cols)


def _still_to_happen(ctx: ReadContext, ref: ColumnRef, start: date | None, words: frozenset[int]) -> list[Filter]:
    """ "upcoming weddings", "bookings for next year": rows of a period still ahead will happen,
    which a row called off will not; unless the line names one of the states itself."""
    today = ctx.a.today
    if start is None or today is None or start < today:
        return []
    return not_called_off(ctx, ref.table, words)


# Verbs of doing the rows' business, said of what was done: "events we did in May", "jobs Sam has run";
# and the words of a line about what is still to come ("will we perform").
_DONE_VERBS = frozenset({"do", "done", "run", "ran", "hold", "held", "host", "hosted", "serve", "served", "cater",
                         "catered", "perform", "performed", "play", "played", "complete", "completed", "finish",
                         "finished"})
_AHEAD_WORDS = frozenset({"will", "shall", "going", "gonna", "upcoming", "'ll"})


def _were_done(ctx: ReadContext, ref: ColumnRef, words: frozenset[int]) -> list[Filter]:
    """ "how many events did we do in October": the rows done, not those called off nor those still
    to come (an enquiry); of "will we do", not those called off; unless the line names a state."""
    # "do" after its subject is the deed ("did we do"); before it, an auxiliary ("do we have")
    verbs = frozenset(i for i, t in enumerate(ctx.a.tokens)
                      if t.text in _DONE_VERBS and (t.text != "do" or ctx.a.word(i - 1) in ("we", "they", "you")))
    if not verbs:
        return []
    ahead = bool(_AHEAD_WORDS & {t.text for t in ctx.a.tokens})  # "will we perform": those to come count
    # a period on the day the work was completed says it was done, whatever state it moved on to since
    completed = bool(DONE_DATE_WORDS & set(name_words(ref.column)))
    done = [] if ahead or completed else done_rows(ctx, ref.table, words | verbs)
    return done or not_called_off(ctx, ref.table, words | verbs, happened=not ahead)


def _dated_two_ways(ctx: ReadContext, ref: ColumnRef, tables: set[str]) -> bool:
    """Whether the date a period is read on is one of two events the rows belong to (a ticket's
    order and its show), neither of which the words chose."""
    return ctx.date_override is None and any(
        ref in (dates := parent_dates(ctx.schema, t, ctx.domain)) and len(dates) > 1 for t in tables)


def _names_year(ctx: ReadContext) -> bool:
    """Whether the question named a year column, or the schema has no real date to filter."""
    named = any(c for link in ctx.a.links for c in link.of_kind(COLUMN) if "year" in (c.column or "").lower())
    has_dates = any(t.date_columns for t in ctx.schema.tables)
    return named or not has_dates


def havings(ctx: ReadContext, d: Decided, entity: str, group: list[GroupKey], aggregates: list[Aggregate],
            having: list[Having]) -> tuple[list[GroupKey], list[Aggregate], list[Having]]:
    """Conditions on aggregates, read by ``comparison_filters``, added to a grouping."""
    group, aggregates, having = list(group), list(aggregates), list(having)
    having += d.aggregate_havings  # "where the <aggregate> <column> is above N"
    for other, op, value, head in d.count_havings:  # "<rows> with more than N <child rows>"
        if other != entity:
            aggregates.append(Aggregate("count", ctx.row_key(other), shown=False))
        elif head is not None:  # "<column values> with at least N <rows>": group on the column
            group = group or [GroupKey(head)]
            aggregates.append(Aggregate("count", shown=False))
        elif group and ctx.counted_groups:  # a follow-up: the count the query already keeps per group
            aggregates.append(Aggregate("count", shown=False))
        else:
            continue
        having.append((len(aggregates) - 1, op, value))
    for ref, op, value in d.total_havings:  # "<rows> who gave more than £200 altogether"
        aggregates.append(Aggregate("sum", ref, shown=False))
        having.append((len(aggregates) - 1, op, value))
    if having and not group:
        group = list(entity_keys(ctx.table(entity)))
    return group, aggregates, having


def settle_conditions(aggregates: list[Aggregate], having: list[Having]) -> tuple[list[Aggregate], list[Having]]:
    """An aggregate named twice ("the average <column> for each <group> where the average <column>
    is below N", "... ? List the maximum <column>") is one aggregate, shown once; an aggregate named
    only in a condition on groups, beside others the question asked for, is not shown."""
    in_having = {i for i, _op, _value in having}
    canon = [next(j for j in range(i + 1) if _same_aggregate(aggregates[j], aggregates[i]))
             for i in range(len(aggregates))]
    keep = sorted(set(canon))
    position = {old: new for new, old in enumerate(keep)}
    asked = {canon[i] for i in range(len(aggregates)) if i not in in_having}
    hide = bool(asked) and any(aggregates[i].shown for i in range(len(aggregates)) if i not in in_having)
    out = []
    for first in keep:
        copies = [i for i, c in enumerate(canon) if c == first]
        if first in asked:
            shown = any(aggregates[i].shown for i in copies if i not in in_having)
        else:
            shown = aggregates[first].shown and not hide
        out.append(replace(aggregates[first], shown=shown))
    return out, [(position[canon[i]], op, value) for i, op, value in having]


def _same_aggregate(one: Aggregate, other: Aggregate) -> bool:
    return (one.func, one.column, one.distinct, one.metric) == (other.func, other.column, other.distinct, other.metric)
