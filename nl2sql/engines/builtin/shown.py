"""What the answer shows: the columns a question asks for, and the order it wants.

Each public function is one reading step over a ``ReadContext`` and the ``Decided`` before it.
"""

from __future__ import annotations

from nl2sql.db.schema import DATE, TEXT, Column, Table
from nl2sql.engines.builtin.analysis import Analysis, SortCue, counted_at
from nl2sql.engines.builtin.named_keys import their_key
from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step, is_child
from nl2sql.engines.builtin.resolve import (
    date_column_for,
    find_concept,
    owned_table,
    person_behind,
    ranks_people,
    says_who,
    subject_flag,
)
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, OrderKey
from nl2sql.engines.builtin.yes_no import flag_of
from nl2sql.linking.lexicon import COLUMN, METRIC, TABLE, VALUE, Link, is_workforce
from nl2sql.linking.text import FUNCTION_WORDS, POSSESSIVES, function_positions, name_words, singular, stem

_REQUEST_WORDS = {"what", "which", "show", "list", "give", "return", "find", "get", "display", "tell", "name", "when",
                  "who", "select", "print", "report", "provide", "identify", "retrieve"}


def _parent_of(ctx: ReadContext, entity: str, table: str) -> bool:
    """Whether ``table`` holds one row per row of ``entity`` (a name kept in the table its rows refer to)."""
    here, path = entity, ctx.schema.join_path(entity, table) or []
    for nxt, fk in path:
        if not (fk.table == here and fk.ref_table == nxt):
            return False
        here = nxt
    return bool(path)


# "in which cities ...", "from which countries ...": the question word after its preposition.
_LEAD_PREPOSITIONS = frozenset({"in", "from", "at", "on", "for", "to", "with", "by"})
# What may follow the last word of an item in a list of columns to show: the line's end, the next item.
_LIST_ENDS = frozenset({"", "and", ",", "too", "also", "as", "please"})


def _names_filter(c: Claims, link: Link, nxt: Link | None) -> bool:
    """A column name right before its value names the filter, not a column to show."""
    named = {(cand.table, cand.column) for cand in link.of_kind(COLUMN)}
    return nxt is not None and c.role(nxt.first) == "value" and \
        bool(named & {(cand.table, cand.column) for cand in nxt.of_kind(VALUE)})


def _request_windows(ctx: ReadContext) -> list[tuple[int, int]]:
    """Where a line names the columns it wants: before its subject when it opens with a request or
    with the columns themselves, and after a second request that starts a new sentence ("Which
    <row> ...? List the <column> and <column>."), told by the capital of its verb."""
    a = ctx.a
    windows = []
    lead = a.link_at(1 if a.word(0) == "the" else 0)
    # a line may open with the columns themselves ("<column> of <rows> ...")
    opens_with_column = lead is not None and bool(lead.of_kind(COLUMN)) and not lead.of_kind(TABLE) \
        and a.word(lead.last + 1) in ("of", "and", ",")
    start = 1 if a.word(0) == "please" or (a.word(0) in _LEAD_PREPOSITIONS and a.word(1) in ("which", "what")) else 0
    if a.word(start) in _REQUEST_WORDS or opens_with_column:
        windows.append((0, next((lk.first for lk in a.links if _names_subject(ctx, lk)), len(a.tokens))))
    again = next((i for i in range(1, len(a.tokens)) if _starts_request(ctx, i)), None)
    if again is not None:
        windows.append((again + 1, len(a.tokens)))
    return windows


def _names_subject(ctx: ReadContext, link: Link) -> bool:
    """Whether the link names the rows the question is about: their table ("the users"), or a
    yes/no column of theirs said as a noun ("the contractors"). Columns to show come before it."""
    if link.of_kind(TABLE):
        table = ctx.table_of(link)
        return not _owns_next(ctx, link) and not _name_word(ctx, link) \
            and not (table is not None and owned_table(ctx.a, ctx.schema, link, table))
    return subject_flag(ctx.a, ctx.schema, link) is not None


def _owns_next(ctx: ReadContext, link: Link) -> bool:
    """A table word right before one of its columns, or before "name(s)" ("the airline names"):
    the words name a column of the table, the subject comes later."""
    a = ctx.a
    nxt = a.link_at(link.last + 1)
    if nxt is None or not ctx.names_table(link) \
            or any(a.word(k).endswith(("ed", "ing")) for k in (nxt.first, nxt.last)):
        return False  # a verb after the table ("<rows> named X", "<rows> signed up in") is no column of it
    owner = ctx.table_of(link)
    own = {(cand.table, cand.column) for cand in nxt.of_kind(COLUMN) if cand.table == owner and cand.score >= 1.0}
    after = a.next_link(nxt.last, max_gap=2)
    if after is not None and own & {(cand.table, cand.column) for cand in after.of_kind(VALUE)}:
        return False  # "<rows> <column> <value>": the column names a filter
    return a.word(nxt.last) in ("name", "names") or bool(own)


def _starts_request(ctx: ReadContext, i: int) -> bool:
    """A capitalised request verb inside the line ("... ? Give the <column>"), named by no table."""
    a = ctx.a
    link = a.link_at(i)
    return a.word(i) in _REQUEST_WORDS and a.tokens[i].capitalised and \
        (link is None or all(cand.score < 1.0 for cand in link.candidates))


def requested_columns(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[list[ColumnRef]]:
    """Columns a request names ("show <column>, <column> of <rows>", "what is the <column> of the
    <row> ...", "... ? List the <column>."). Words that already did something else are not columns."""
    a, c = ctx.a, Claims(d)
    windows = _request_windows(ctx)
    found = _linked_requests(ctx, c, windows, entity, in_play)
    opening = windows[0][1] if windows and windows[0][0] == 0 else None  # where the line's subject starts
    referred = [lk for lk in a.links if (t := ctx.table_of(lk)) is not None and owned_table(a, ctx.schema, lk, t)]
    if opening is not None and (found or referred
                                or any(c.role(lk.first) == "project" for lk in a.links if lk.first < opening)):
        found += _list_continued(ctx, c, entity, opening)
    found = _beside_referred(ctx, entity, found, referred)
    if a.word(0) == "when" or says_who(a):
        found = _answering_who_or_when(ctx, entity, in_play, found)
    found += _unlinked_requests(ctx, c, windows, entity)
    found += _counterparty(ctx, c, entity)
    return c.done([ref for _, ref in sorted(found, key=lambda item: item[0])])


# "... and who are they with?": the party the rows are with, by name.
_WHO_WITH = frozenset({"with", "from", "for", "to"})


def _counterparty(ctx: ReadContext, c: Claims, entity: str) -> list[tuple[int, ColumnRef]]:
    """ "which orders are we waiting on, and who are they with": the one table the rows point to that
    names a party (not the staff who keyed them), shown by its label; a doubt when several could be."""
    a = ctx.a
    at = next((i for i in range(1, len(a.tokens) - 3) if a.word(i) in ("who", "whom") and a.word(i + 1) in
               ("are", "is", "was", "were") and a.word(i + 2) in ("they", "it", "these", "those")
               and a.word(i + 3) in _WHO_WITH), None)
    if at is None:
        return []
    parties = [fk.ref_table for fk in ctx.table(entity).foreign_keys
               if fk.ref_table != entity and not is_workforce(ctx.table(fk.ref_table))
               and _label(ctx, fk.ref_table) is not None]
    if len(set(parties)) != 1:
        c.doubts.append("who the rows are with")
        return []
    label, pk = _label(ctx, parties[0]), ctx.table(entity).primary_key
    assert label is not None
    c.used.update(range(at, at + 4))
    own = _label(ctx, entity) or (ColumnRef(entity, pk.name) if pk is not None else None)
    return [(-1, own), (at, label)] if own is not None else [(at, label)]  # which row, and who it is with


def _answering_who_or_when(ctx: ReadContext, entity: str, in_play: set[str],
                           found: list[tuple[int, ColumnRef]]) -> list[tuple[int, ColumnRef]]:
    """What "who" and "when" show beside the columns named: the person by name ("who was hired
    first", "who is the youngest"), before a date or number named ("who was hired last": them, then
    when); not for "who supervises the most", a count whose answer is the rows a key points to."""
    a = ctx.a
    if found and (a.word(0) == "when" or any(_is_text(ctx, ref) for _, ref in found)):
        return found
    counted = not found and any(a.word(s.index) in ("most", "fewest", "least") for s in a.superlatives)
    label = _label(ctx, entity) if a.word(0) != "when" and not counted else None
    named = _asked_by_question_word(ctx, entity, in_play) or ([(0, label)] if label is not None else [])
    return [*named, *found]


def _is_text(ctx: ReadContext, ref: ColumnRef) -> bool:
    table = ctx.schema.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    return col is not None and col.kind == TEXT


def _beside_referred(ctx: ReadContext, entity: str, found: list[tuple[int, ColumnRef]],
                     referred: list[Link]) -> list[tuple[int, ColumnRef]]:
    """ "the category of each product": which product (its name, else its key), and its category."""
    pk = ctx.table(entity).primary_key
    own = _label(ctx, entity) or (ColumnRef(entity, pk.name) if pk is not None else None)
    if found and own is not None and all(ref.table != entity and any(i == lk.first for lk in referred)
                                         for i, ref in found):
        return [(-1, own), *found]
    return found


def _asked_by_question_word(ctx: ReadContext, entity: str, in_play: set[str]) -> list[tuple[int, ColumnRef]]:
    """With no column named, what "who" and "when" ask for: the person of the rows ("who made the
    smallest payment": the payer), the date they are dated by."""
    if ctx.a.word(0) == "when":
        date_ref = date_column_for(ctx.a, ctx.schema, entity, in_play, ctx.domain)
        return [(0, date_ref)] if date_ref is not None else []
    person = person_behind(ctx.schema, entity) or (entity if ctx.table(entity).person_name else None)
    if person is None:
        return []
    named = ctx.table(person).person_name
    if named is not None:
        return [(0, ColumnRef(person, col.name)) for col in named]
    label = _label(ctx, person)
    return [(0, label)] if label is not None else []


def _linked_requests(ctx: ReadContext, c: Claims, windows: list[tuple[int, int]], entity: str,
                     in_play: set[str]) -> list[tuple[int, ColumnRef]]:
    """The columns linked words name inside the request's windows, each word once; a sort's target
    orders the answer and is not shown for being named."""
    sort_targets = {s.index for s in ctx.a.sorts if s.index >= 0}
    counted = _counted_at(ctx)
    found: list[tuple[int, ColumnRef]] = []
    for link in ctx.a.links:
        if not any(start <= link.first < end for start, end in windows) or c.taken(link.first) \
                or link.first in sort_targets or (link.first == counted and not ctx.names_table(link)):
            continue
        if link.first == 1 and ranks_people(ctx.a) and stem(ctx.a.word(1)) != ctx.a.word(1):
            continue  # "who placed the most orders": the verb of the person ranked, no column to show
        ref = _requested_by(ctx, c, link, entity, in_play)
        if ref is not None:
            found.append((link.first, ref))
    return found


def _counted_at(ctx: ReadContext) -> int | None:
    """Where the thing a count phrase counts is named ("what is the number of <x>"): a column
    named there is what is counted, not a column asked for beside the count."""
    a = ctx.a
    if not a.count or not a.count_span or a.group_words:  # "the number of <x> per <y>": <x> may be grouped
        return None
    return counted_at([t.text for t in a.tokens], a.count_span)


def _requested_by(ctx: ReadContext, c: Claims, link: Link, entity: str, in_play: set[str]) -> ColumnRef | None:
    """The column one linked word of a request shows, claimed for the projection; None when the word
    names a filter, or a column the main table cannot reach."""
    if ctx.names_table(link) and not _name_word(ctx, link):  # "the <table>'s <column>", "the <table> name"
        return _owned_column(ctx, c, link) or _referred_label(ctx, c, link, entity, in_play)
    if not link.of_kind(COLUMN) or _names_filter(c, link, ctx.a.next_link(link.last, max_gap=2)) \
            or _flag_before_rows(ctx, link):
        return None
    if _ends_column_name(ctx, link):  # "the government form name": the name is the form itself
        c.claim(link, "project")
        return None
    pk = ctx.table(entity).primary_key
    bare_id = link.first == link.last and ctx.a.word(link.first) in ("id", "ids") and pk is not None
    ref = ColumnRef(entity, pk.name) if bare_id and pk is not None else \
        _compound(ctx, c, link, entity, in_play) or _bare_name(ctx, link, entity) \
        or ctx.column_of(link, entity, in_play)
    if ref is not None and (ref.table == entity or ref.table in in_play or _parent_of(ctx, entity, ref.table)):
        c.claim(link, "project")
        return ref
    return None


def _flag_before_rows(ctx: ReadContext, link: Link) -> bool:
    """ "everyone who's got an active club subscription": a yes/no column's word right before a
    table's name says which of those rows, not a column to show."""
    nxt = ctx.a.link_at(link.last + 1)
    return nxt is not None and ctx.names_table(nxt) and all(
        (table := ctx.table(cand.table)) is not None and (col := table.column(cand.column or "")) is not None
        and flag_of(table, col) is not None for cand in link.of_kind(COLUMN))


def _unlinked_requests(ctx: ReadContext, c: Claims, windows: list[tuple[int, int]],
                       entity: str) -> list[tuple[int, ColumnRef]]:
    """ "id(s)" and "name(s)" that linked to no column still ask for something: the main table's
    key, and the column that names its rows."""
    a, found = ctx.a, list[tuple[int, ColumnRef]]()
    pk, label = ctx.table(entity).primary_key, _label(ctx, entity)
    for i in (i for start, end in windows for i in range(max(start, 1), end)):
        if a.word(i) in ("id", "ids") and a.link_at(i) is None and pk is not None:
            found.append((i, ColumnRef(entity, pk.name)))
            c.used.add(i)
        elif a.word(i) in ("name", "names") and a.link_at(i) is None and label is not None:
            found.append((i, label))  # "names" where no column says name: the column that names a row
            c.used.add(i)
    return found


def _ends_column_name(ctx: ReadContext, link: Link) -> bool:
    """ "name" right after the words of a text column ("<government form> name", "<city> name"):
    the column is the name; no column called name is meant."""
    a = ctx.a
    before = a.link_at(link.first - 1)
    if link.first != link.last or a.word(link.first) not in ("name", "names") or before is None \
            or before.of_kind(TABLE):
        return False
    return any((col := ctx.table(cand.table).column(cand.column or "")) is not None and col.kind == TEXT
               and not ctx.is_key(cand.table, col.name) for cand in before.of_kind(COLUMN) if cand.score >= 1.0)


def _label(ctx: ReadContext, entity: str) -> ColumnRef | None:
    table = ctx.table(entity)
    column = naming_column(table) or table.label_column
    return ColumnRef(entity, column.name) if column is not None and not column.primary_key else None


def _name_word(ctx: ReadContext, link: Link) -> bool:
    """ "name(s)" that matches a table only by part of its name (car_names): the word, not the table."""
    return link.first == link.last and ctx.a.word(link.first) in ("name", "names") \
        and all(cand.score < 1.0 for cand in link.of_kind(TABLE))


def _bare_name(ctx: ReadContext, link: Link, entity: str) -> ColumnRef | None:
    """ "name(s)" alone: the column that names the rows "of" the table named after it, else,
    where no column of the main table has the word, the main table's (``airline`` of airlines),
    not another table's name column."""
    a = ctx.a
    if link.first != link.last or a.word(link.first) not in ("name", "names"):
        return None
    owner = a.next_link(link.last + 1, max_gap=2) if a.word(link.last + 1) == "of" else None
    named = ctx.table_of(owner) if owner is not None and ctx.names_table(owner) else None
    if named is not None and ctx.schema.join_path(entity, named) is not None:
        return _label(ctx, named)  # "the name of each <row>": that row's own name
    if any(cand.table == entity for cand in link.of_kind(COLUMN)):
        return None
    return _label(ctx, entity)


def _compound(ctx: ReadContext, c: Claims, link: Link, entity: str, in_play: set[str]) -> ColumnRef | None:
    """ "<column words> of the <owner word>" ("the title and year of the album"): the column
    named by the owner's words and the column's together (album_title, album_year), when
    one exists; the owner word is used by it, not shown on its own."""
    a = ctx.a
    j = link.last + 1
    while j < len(a.tokens) and (a.word(j) in ("and", ",", "the") or (a.link_at(j) is not None
                                                                      and a.link_at(j) != link)):
        j = a.link_at(j).last + 1 if a.link_at(j) is not None else j + 1  # type: ignore[union-attr]
    owner = a.next_link(j, max_gap=3) if a.word(j) in ("of", "for") else None
    if owner is None or a.lexicon is None or c.taken(owner.first):
        return None
    words = [t.norm for t in a.tokens[link.first:link.last + 1]]
    owned = [t.norm for t in a.tokens[owner.first:owner.last + 1]]
    for phrase in (" ".join([*owned, *words]), " ".join([*words, *owned])):
        cands = [cand for cand in a.lexicon.lookup(phrase) if cand.kind == COLUMN and cand.score >= 1.0
                 and (cand.table == entity or cand.table in in_play)]
        if cands:
            c.claim(owner, "project")
            return ColumnRef(cands[0].table, cands[0].column or "")
    return None


def naming_column(table: Table) -> Column | None:
    """The one column that names a row, by the schema alone: a text column called like its table
    (``airline`` of airlines, ``country_name`` of countries) or just ``name`` or ``title``; None
    when no column, or more than one, fits."""
    noun = name_words(table.name)  # empty for a table named "-": only name and title fit then
    named = (("name",), ("title",), noun, (*noun, "name"), (noun[-1], "name")) if noun else (("name",), ("title",))
    fits = [col for col in table.columns
            if col.kind == TEXT and not col.primary_key and col.name not in table.fk_columns
            and name_words(col.name) in named]
    return fits[0] if len(fits) == 1 else None


def own_name(table: Table) -> tuple[str, ...]:
    """The columns a row is known by when it has a name (a person's two, a ``name``, a ``title``);
    none for rows known by a number, a code or a description."""
    if table.person_name is not None:
        return tuple(col.name for col in table.person_name)
    col = table.label_column
    if col is None or col.primary_key:
        return ()
    words = name_words(col.name)
    own = {singular(w) for w in name_words(table.name)}
    # a ``pet_nm`` of pets, a ``cust_nm`` of customers is a row's name; a ``recipient_name`` names no order
    if naming_column(table) is col or words[-1:] in (("name",), ("nm",), ("title",)) \
            and all(any(t.startswith(singular(w)) for t in own) for w in words[:-1]):
        return (col.name,)
    return ()


def _list_continued(ctx: ReadContext, c: Claims, entity: str, after: int) -> list[tuple[int, ColumnRef]]:
    """The request's list going on past its first subject: "<column> of <rows> and <column> of
    <other rows>", "<columns> of <rows> and the <other rows> they ...": each item is a column of the
    table it names, a table alone by its column named like it."""
    a, out = ctx.a, list[tuple[int, ColumnRef]]()
    for link in a.links:
        j = link.first - 1 - (a.word(link.first - 1) in ("the", "their", "its"))
        if link.first <= after or c.taken(link.first) or a.word(j) not in ("and", ","):
            continue
        owner_link = a.next_link(link.last, max_gap=2) if a.word(link.last + 1) == "of" else None
        if ctx.names_table(link):
            table = ctx.table(ctx.table_of(link) or entity)
            own = [col for col in [naming_column(table)] if col is not None]
        elif link.of_kind(COLUMN) and ctx.names_table(owner_link):
            table = ctx.table(ctx.table_of(owner_link) or entity)
            own = [col for cand in link.of_kind(COLUMN) if cand.table == table.name
                   and (col := table.column(cand.column or "")) is not None]
        else:
            continue
        if own and table.name != entity and ctx.schema.join_path(entity, table.name) is not None:
            out.append((link.first, ColumnRef(table.name, own[0].name)))
            c.claim(link, "project")
    return out


def _owned_column(ctx: ReadContext, c: Claims, link: Link) -> ColumnRef | None:
    """A table word followed by a column word: that table's column ("the <table>'s <column>"), or
    its naming column when the word is only "name"; a table word alone names no column."""
    a, owner = ctx.a, ctx.table_of(link)
    nxt = a.next_link(link.last, max_gap=1)
    if owner is None or nxt is None or not nxt.of_kind(COLUMN) or c.taken(nxt.first):
        return None
    own = [cand for cand in nxt.of_kind(COLUMN) if cand.table == owner]
    if own:
        ref = ColumnRef(owner, max(own, key=lambda cand: cand.score).column or "")
    elif a.word(nxt.last) in ("name", "names"):
        table = ctx.table(owner)
        column = naming_column(table) or table.label_column
        if column is None:
            return None
        ref = ColumnRef(owner, column.name)
    else:
        return None
    c.claim(link, "project")
    c.claim(nxt, "project")
    return ref


def _referred_label(ctx: ReadContext, c: Claims, link: Link, entity: str, in_play: set[str]) -> ColumnRef | None:
    """ "product names and their category": a table named among the columns asked for, which the
    rows refer to, is shown by the column that names its rows."""
    table = ctx.table_of(link)
    if table is None or table == entity or not owned_table(ctx.a, ctx.schema, link, table) \
            or not any(_parent_of(ctx, row, table) for row in {entity, *in_play} - {table}):
        return None
    label = _label(ctx, table)
    if label is not None:
        c.claim(link, "project")
    return label


def _asked_to_show(ctx: ReadContext, c: Claims, link: Link, any_column: bool) -> bool:
    a = ctx.a
    before, before2, after = a.word(link.first - 1), a.word(link.first - 2), a.word(link.last + 1)
    return (
        any_column or before in ("just", "only") or before2 in ("just", "only")
        or (after in ("of", "for") and (nxt := a.next_link(link.last + 1, max_gap=1)) is not None
            and bool(nxt.of_kind(TABLE)))
        or (link.first <= 2 and a.word(0) in ("show", "list", "get", "give", "display", "what")
            and after in ("and", ",", "of", "for"))
        or (_joined(a, link.first) and any(r == "project" for r in c.roles.values()))
    )


def _joined(a: Analysis, first: int) -> bool:
    """Whether the words before a link join it to what came before: "and", a comma, or a phrase
    that means "and" ("along with its <column>", "as well as the <column>")."""
    j = first - 1
    while a.word(j) in ("its", "their", "his", "her", "the"):
        j -= 1
    return a.word(j) in ("and", ",") or (a.word(j) in ("with", "as") and j in function_positions(a.tokens))


def projections(ctx: ReadContext, d: Decided, entity: str, in_play: set[str],
                any_column: bool = False) -> Step[list[ColumnRef]]:
    """Columns the question asks to see: "just the <column>", "<column> of <rows>", "distinct <column>"."""
    c, out = Claims(d), list[ColumnRef]()
    theirs = False
    for link in ctx.a.links:
        if c.taken(link.first) or not link.of_kind(COLUMN):
            continue
        after_rows = _theirs_after_rows(ctx, link, entity)
        pointed = their_key(ctx.a, ctx.schema, link, entity) if after_rows else None
        if pointed is not None:  # "and their plan": the plan each row points to, by its name
            out.append(pointed)
            c.claim(link, "project")
            theirs = True
            continue
        if link.of_kind(TABLE) and (not any_column or ctx.names_table(link)):
            continue  # a table word is the rows, not their id
        if not (after_rows or _asked_to_show(ctx, c, link, any_column)):
            continue
        ref = _compound(ctx, c, link, entity, in_play) or ctx.column_of(link, entity, in_play)
        if ref is not None and ref.table == entity:
            out.extend(_whole_name(ctx, link, ref))
            c.claim(link, "project")
            theirs = theirs or after_rows
    person = ctx.table(entity).person_name
    labels = [ColumnRef(entity, col.name) for col in person] if person is not None \
        else [label] if (label := _label(ctx, entity)) is not None else []
    if theirs:
        out[:0] = [ref for ref in labels if ref not in out]  # which row each value is of: its name, first
    return c.done(out)


def _theirs_after_rows(ctx: ReadContext, link: Link, entity: str) -> bool:
    """ "list the <rows> and their <column>", "<rows> with their <column>", "<rows> from <a place> with
    their <column>": the rows' own column, said after them (and the values saying which), is shown
    beside them."""
    a = ctx.a
    j = link.first - 1
    while a.word(j) in FUNCTION_WORDS:  # "their corresponding <column>"
        j -= 1
    # "<rows> with the <column>", nothing after it but the end or the next item: the rows' own
    # column too ("with the amount above 100" is a condition, "with the highest amount" a ranking)
    # (only where the rows have a name to show beside it: a status alone says which row it is of to no one)
    after_with = a.word(j - 1) == "with" or a.word(j - 1) in ("and", ",") and any(
        a.word(k) == "with" and a.word(k + 1) == "the" for k in range(j - 1))
    # "with the name of their manager" is "with their manager": the row it points to, by its name
    lead = j - 1 if (name := _name_of_theirs(a, j)) is None else name - 2
    listed = a.word(j) == "the" and a.word(link.last + 1) in _LIST_ENDS and after_with \
        and (ctx.table(entity).person_name is not None or _label(ctx, entity) is not None)
    related = _whom_they(ctx, link, entity, j)
    if related is not None:
        lead = related
    elif not listed and a.word(j) not in POSSESSIVES:
        return False
    if not listed and a.word(lead) not in ("and", "with", ",", "alongside", "beside"):
        return False
    own = False  # a column of the rows said as the rows ("the admins": an is_admin flag), or a value ("bartenders")
    for rows in sorted((k for k in a.links if k.last < lead), key=lambda k: -k.first):
        if ctx.names_table(rows):
            return ctx.table_of(rows) == entity
        own = own or any(cand.table == entity for cand in (*rows.of_kind(COLUMN), *rows.of_kind(VALUE)))
        if not rows.of_kind(VALUE) and not own:
            return False  # the rows, then which of them ("the admins at <a company>"), then their column
    return own


# "<rows> with the person they report to": the row the rows' key points to, said as a clause.
_WHOM = frozenset({"who", "whom", "that"})
_PERSON = frozenset({"person", "one", "people", "ones"})


def _whom_they(ctx: ReadContext, link: Link, entity: str, j: int) -> int | None:
    """Where the list word stands before "who they <key>", "the person they <key>", "the name of
    the person they <key>": a key of the rows to a row of people, said by what the rows do to it
    ("report to", "work under"), asks for that row beside each of them, as "their <key>" does."""
    a = ctx.a
    if a.word(j) not in ("they", "he", "she") or not any(
            cand.table == entity and cand.column in ctx.table(entity).fk_columns for cand in link.of_kind(COLUMN)):
        return None
    k = j - 1
    if a.word(k) in _WHOM:
        k -= 1
    elif a.word(k) in _PERSON and a.word(k - 1) == "the":
        k -= 2
        if a.word(k) == "of" and a.word(k - 1) in ("name", "names") and a.word(k - 2) == "the":
            k -= 3
    return k if k < j - 1 else None


def _name_of_theirs(a: Analysis, j: int) -> int | None:
    """Where "name" stands in "the name of their <column>" (the possessive at ``j``), else None."""
    if a.word(j) in POSSESSIVES and a.word(j - 1) == "of" and a.word(j - 2) in ("name", "names") \
            and a.word(j - 3) == "the":
        return j - 2
    return None


def _whole_name(ctx: ReadContext, link: Link, ref: ColumnRef) -> list[ColumnRef]:
    """ "the names" of people kept as a first and a last name: both, not the first one found."""
    person = ctx.table(ref.table).person_name
    if link.first != link.last or ctx.a.word(link.last) not in ("name", "names") or person is None \
            or ref.column not in {col.name for col in person}:
        return [ref]
    return [ColumnRef(ref.table, col.name) for col in person]


def _sort_column(ctx: ReadContext, link: Link | None, entity: str, in_play: set[str],
                 shown: tuple[ColumnRef, ...]) -> ColumnRef | None:
    """The column a sort names (or the table's label), else what is shown, else the table's measure."""
    ref = ctx.column_of(link, entity, in_play)
    if ref is None and link is not None and link.of_kind(TABLE):
        table = ctx.table(ctx.table_of(link) or entity)
        if table.label_column is not None:
            ref = ColumnRef(table.name, table.label_column.name)
    if ref is None and link is None and shown and shown[0].column != "*":
        ref = shown[0]
    if ref is None and link is None:
        measure = ctx.table(entity).measure_column
        ref = ColumnRef(entity, measure.name) if measure else None
    return ref


def _is_number(ctx: ReadContext, ref: ColumnRef) -> bool:
    col = ctx.table(ref.table).column(ref.column)
    return col is not None and col.is_numeric and not ctx.is_key(ref.table, ref.column)


def sorts(ctx: ReadContext, d: Decided, entity: str, in_play: set[str], aggregates: list[Aggregate],
          shown: tuple[ColumnRef, ...] = ()) -> Step[list[OrderKey]]:
    """The orderings asked for; a bare "in descending order" sorts what is shown."""
    c, out = Claims(d), list[OrderKey]()
    for sort in ctx.a.sorts:
        key = _order_key(ctx, c, sort, entity, in_play, aggregates, shown)
        if key is not None:
            # "sort by price, most expensive first": one key, in the direction said last
            out = [k for k in out if (k.column, k.aggregate) != (key.column, key.aggregate)]
            out.append(key)
            c.used.update(sort.span)
    return c.done(out)


def _order_key(ctx: ReadContext, c: Claims, sort: SortCue, entity: str, in_play: set[str],
               aggregates: list[Aggregate], shown: tuple[ColumnRef, ...]) -> OrderKey | None:
    """What one sort cue orders by, by what it names: the aggregate, a level, a concept, or a column;
    None when the query has nothing it could order."""
    descending = bool(sort.descending)
    if sort.concept == "rank" and aggregates:
        return OrderKey(aggregate=0, descending=descending)
    if (measured := _measured_key(ctx, c, sort, aggregates)) is not None:
        return measured
    if sort.concept == "level" and not aggregates:  # "from high to low": the numbers shown, else the measure
        ref = next((r for r in shown if _is_number(ctx, r)), None) or _sort_column(ctx, None, entity, in_play, ())
        return OrderKey(column=ref, descending=descending) if ref is not None else None
    if sort.concept == "count" and not aggregates and sort.index >= 0 and ctx.a.word(sort.index) == "total":
        return _column_order_key(ctx, c, sort, entity, in_play, shown)  # "sort by total": a total column's rows
    if sort.concept in ("count", "level") or (sort.concept is None and sort.index < 0 and aggregates):
        return OrderKey(aggregate=0, descending=descending) if aggregates else None
    if sort.concept not in (None, "count", "rank"):
        ref = find_concept(ctx.schema, entity, sort.concept, in_play)
        return OrderKey(column=ref, descending=descending) if ref is not None else None
    return _column_order_key(ctx, c, sort, entity, in_play, shown)


def _measured_key(ctx: ReadContext, c: Claims, sort: SortCue, aggregates: list[Aggregate]) -> OrderKey | None:
    """ "sort by revenue" over revenue per staff member: the measure the query already computes."""
    link = ctx.a.link_at(sort.index) if sort.index >= 0 else None
    if link is None:
        return None
    names = {cand.metric.name for cand in link.of_kind(METRIC) if cand.metric is not None}
    k = next((i for i, ag in enumerate(aggregates) if ag.metric is not None and ag.metric.name in names), None)
    if k is None:
        return None
    c.claim(link, "sort")
    return OrderKey(aggregate=k, descending=sort.descending is not False)


def _column_order_key(ctx: ReadContext, c: Claims, sort: SortCue, entity: str, in_play: set[str],
                      shown: tuple[ColumnRef, ...]) -> OrderKey | None:
    """Order by the column the sort names (or what is shown); dates with no direction said run
    from the earliest."""
    link = ctx.a.link_at(sort.index) if sort.index >= 0 else None
    if link is not None and not link.of_kind(COLUMN) and sort.concept is None and \
            any(t.table != entity for t in link.of_kind(TABLE)):
        return None  # "<verb>ed by <other table>": a verb, not a sort
    ref = _sort_column(ctx, link, entity, in_play, shown)
    if ref is None:
        return None
    col = ctx.table(ref.table).column(ref.column)
    if sort.concept == "rank" and col is not None and col.kind == TEXT and ref.table != entity \
            and is_child(ctx, ref.table, entity):
        return None  # "top members by <a name their visits keep>": many names each rank nothing
    if link is not None:
        c.claim(link, "sort")
    descending = bool(sort.descending)
    if sort.descending is None and col is not None and col.kind == DATE:
        descending = False
    return OrderKey(column=ref, descending=descending)
