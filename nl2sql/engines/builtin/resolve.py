"""Turn links into schema things: the main table, and one column or value per link.

Shared by new questions and follow-ups: both need to know which column "amount" or "Books"
means given the tables already in play.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from nl2sql.db.schema import DATE, Column, Schema, Table, names_its_table
from nl2sql.domain import EMPTY, DomainConfig, Metric
from nl2sql.engines.builtin.analysis import NEGATION_REACH, Analysis, denied_after, negation_before
from nl2sql.engines.builtin.deeds import deed_tables
from nl2sql.engines.builtin.spec import ColumnRef
from nl2sql.engines.builtin.yes_no import NOT_YET, flag_noun, flag_of, said_as_state
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.lexicon import (
    COLUMN,
    DOMAIN,
    EXACT,
    KIND_FACTOR,
    METRIC,
    PIECE_SCORE,
    STEM,
    SYNONYM,
    TABLE,
    VALUE,
    Candidate,
    Link,
    best_tables,
)
from nl2sql.linking.text import name_words, singular, spoken, value_words
from nl2sql.profile import charge_sql, kept_test, profile_of, roles
from nl2sql.profile.inferred import REVENUE
from nl2sql.profile.roles import LENGTH, TIME, WEIGHT, unit_of

# Column-name words a concept word ("expensive", "newest") refers to, in order of preference.
CONCEPT_COLUMNS = {
    "price": ("price", "cost", "amount", "total", "fee", "salary", "value", "revenue", "rate", "charge"),
    "length": ("length", "pages", "duration", "runtime", "minutes", "distance", "size", "height"),
    "age": ("age",),
    "weight": ("weight", "mass", "tonnage", "tons", "kg"),
    "height": ("height",),
    "stock": ("stock", "inventory", "remaining", "available", "on_hand", "in_stock", "qty", "quantity"),
}
# The dimensions a concept measures, for a column whose name gives only its unit (``milliseconds``).
CONCEPT_UNITS = {"length": (TIME, LENGTH), "height": (LENGTH,), "weight": (WEIGHT,)}
# Words a column must carry whole: "age" is no part of "pages" or "average".
WHOLE_WORD_CONCEPTS = frozenset({"age", "rate"})  # nor is a "rate" part of "generated"


def table_evidence(a: Analysis, schema: Schema, skip: set[int]) -> dict[str, float]:
    """How strongly the question points at each table: named tables most, then their columns."""
    scores: dict[str, float] = defaultdict(float)
    first_table = True
    for link in a.links:
        if link.first in skip or _ranked_act(a, link):
            continue
        # a view named only in part ("rating" of a restaurant ratings view) is no subject: its rows
        # are a selection of a table's, read when the question names the view
        tables = [t for t in link.of_kind(TABLE) if t.score >= 1.0 or is_stored(schema, t.table)]
        if tables and not (link.strong and link.of_kind(VALUE)):
            best = max(tables, key=lambda c: c.score)
            best = replace(best, table=bridged_head(schema, best.table))
            if owned_table(a, schema, link, best.table):  # "their category": what the rows refer to
                scores[best.table] += 0.5 * best.score
                continue
            # the first table named is the subject; but a word matching part of a table's name
            # that opens "<word> of <rows>" ("the name of the country": car_names) is not
            lead = first_table and not (best.score < 1.0 and (_column_of_next(a, link) or _modifies_next(a, link)))
            # a word for several tables alike ("people" of customers and staff): each, for the rest to decide
            tied = {bridged_head(schema, t.table) for t in tables if t.score == best.score and t.match == best.match}
            for table in tied if best.score < 1.0 else {best.table}:
                scores[table] += (3.0 * _subject_weight(best) if lead else 1.5 * best.score)
            first_table = first_table and not lead
            continue
        subject = _subject_not_named(a, schema, link) if first_table else None
        if subject is not None:
            scores[subject[0]] += subject[1]
            first_table = False
            continue
        for table, weight in _column_evidence(schema, link).items():
            scores[table] += weight
    return scores


def _subject_not_named(a: Analysis, schema: Schema, link: Link) -> tuple[str, float] | None:
    """The rows a first word names without naming their table, and how strongly: "list the
    baristas" (staff whose role is Barista; "books over $50": the products filed under Books),
    "which contractors" (users whose is_contractor is yes), "our best-selling titles" (the books,
    by what names them)."""
    if link is subject_value(a):
        best = max(link.of_kind(VALUE), key=lambda c: c.score)
        return filed_under(schema, best), 3.0 * best.score
    flagged = subject_flag(a, schema, link)
    if flagged is not None:
        return flagged, 3.0
    labelled = _subject_label(a, schema, link)
    return (labelled, 3.0) if labelled is not None else None


def _ranked_act(a: Analysis, link: Link) -> bool:
    """ "best-selling", "most borrowed": the act the rows are ranked by, reached only through its
    root, says what they did, not which rows they are."""
    word = a.word(link.first)
    return link.first == link.last and word.endswith(("ing", "ed")) and \
        a.word(link.first - 1) in ("best", "worst", "most", "least", "top") and \
        all(c.match in (STEM, SYNONYM) for c in link.candidates)


def _subject_label(a: Analysis, schema: Schema, link: Link) -> str | None:
    """The one table a plural word names by its label column ("titles": the books' Title), not a
    word every table's label shares ("names")."""
    token = a.tokens[link.first]
    if link.first != link.last or token.text == token.norm or token.norm in ("name", "id", "code", "description"):
        return None
    tables = {c.table for c in link.of_kind(COLUMN) if c.score >= 1.0 and (t := schema.table(c.table)) is not None
              and t.label_column is not None and t.label_column.name == c.column and t.stored}
    return tables.pop() if len(tables) == 1 else None


def filed_under(schema: Schema, value: Candidate) -> str:
    """The table whose rows a kind names: the value's own table, or, when the value is the name of a
    row of a lookup (a category's name) that one other table files its rows under, that table."""
    table = schema.table(value.table)
    label = table.label_column if table is not None else None
    # a lookup labelled by its code ('GUT') names its rows by their description too ('Gutter clear')
    described = label is not None and label.primary_key and bool(_NAMING_WORDS & set(name_words(value.column or "")))
    if table is None or label is None or (label.name != value.column and not described):
        return value.table
    bridges = profile_of(schema).bridges  # rows a bridge links are no rows filed under the kind
    filing = sorted({fk.table for _other, fk in schema.neighbours(table.name)
                     if fk.ref_table == table.name and fk.table != table.name and fk.table not in bridges},
                    key=lambda name: -_rows(schema, name))
    # of several, the business's main rows: more than twice as many as any other's (jobs, not quotes)
    if len(filing) == 1 or (len(filing) > 1 and _rows(schema, filing[0]) > 2 * _rows(schema, filing[1])):
        return filing[0]
    return value.table


_NAMING_WORDS = frozenset({"desc", "description", "name", "title", "label"})


def _rows(schema: Schema, name: str) -> int:
    table = schema.table(name)
    return (table.row_count or 0) if table is not None else 0


def bridged_head(schema: Schema, name: str) -> str:
    """The table a bridge's name ends with, when the bridge links to it: "film category" said of a
    film_category bridge asks about categories (a film's), as "category" alone would; else ``name``."""
    if name not in profile_of(schema).bridges:
        return name
    table = schema.table(name)
    words = name_words(name)
    heads = [fk.ref_table for fk in table.foreign_keys if name_words(fk.ref_table)[-1:] == words[-1:]] \
        if table is not None and len(words) > 1 else []
    return heads[0] if len(heads) == 1 else name


# Words before a table's name that make it what rows said before refer to: "product names and their category".
_BACK_REFERENCES = frozenset({"their", "its", "his", "her"})


def owned_table(a: Analysis, schema: Schema, link: Link, table: str) -> bool:
    """Whether a table's name stands for what each row of another table refers to, not for the rows
    asked about: "<product columns> and their category", "the category of each product" (one
    category per product, kept in a table the products point to)."""
    if a.word(link.first - 1) in _BACK_REFERENCES:
        owners = [c.table for other in a.links if other.last < link.first
                  for c in [*other.of_kind(TABLE), *other.of_kind(COLUMN)] if c.score >= 1.0]
    elif a.word(link.last + 1) == "of" and a.word(link.last + 2) in ("each", "every", "all", "the", "their", "its"):
        owner = a.next_link(link.last + 1, max_gap=2)
        owners = [c.table for c in owner.of_kind(TABLE)] if owner is not None else []
    else:
        return False
    return any(owner != table and _one_key_to(schema, owner, table) for owner in owners)


def _one_key_to(schema: Schema, owner: str, table: str) -> bool:
    """Whether the owner's rows point at one row each of the table, by its key, and by the one foreign
    key between the two tables (a department's manager beside an employee's department says neither)."""
    keys = [fk for t in (owner, table) if (found := schema.table(t)) is not None for fk in found.foreign_keys
            if {fk.table, fk.ref_table} == {owner, table}]
    ref = schema.table(table)
    column = ref.column(keys[0].ref_column) if ref is not None and len(keys) == 1 else None
    return column is not None and keys[0].table == owner and (column.primary_key or column.unique)


_EVERYONE = frozenset({"everyone", "everybody", "anyone", "anybody"})


def says_who(a: Analysis) -> bool:
    """Whether the line asks who: "who ...", or a request for "everyone who ..." near its start."""
    return a.word(0) in ("who", "whom") or any(a.word(i) in _EVERYONE and a.word(i + 1) in ("who", "that")
                                                for i in range(4))


def ranks_people(a: Analysis) -> bool:
    """ "who spent the most", "who placed the fewest orders", "who gave the largest total": a person
    asked for by how much or how many of their rows add up; not "who made the biggest payment",
    which is one row's extreme."""
    return a.word(0) in ("who", "whom") and any(
        a.word(s.index) in ("most", "least", "fewest") and s.concept in (None, "count")
        and a.word(s.index + 1) not in ("recent", "recently") or a.word(s.index + 1) in _TOTAL_WORDS
        for s in a.superlatives)


def person_behind(schema: Schema, entity: str, named: frozenset[str] = frozenset()) -> str | None:
    """ "who spent the most": the one table of people the rows belong to, when they are dated events
    and no people themselves (an order's customer), so that "who" is answered by a person, not by
    the order; a row that stands for a person (a player and its person) answers it itself. Of a
    buyer and a seller, the one whose own rows point to a table the line names ("who in the
    Leeds branch"): the words said which."""
    table = schema.table(entity)
    if table is None or _people(table) or table.default_date_column is None:
        return None
    people = people_behind(schema, entity)
    # two keys to one table of people (a buyer and a seller) stay two: whose, the words must say
    near = [p for p in people if any(fk.ref_table in named and fk.ref_table != entity
                                     for fk in schema.table(p).foreign_keys)]  # type: ignore[union-attr]
    return people[0] if len(people) == 1 else near[0] if len(near) == 1 else None


def people_behind(schema: Schema, entity: str) -> list[str]:
    """The tables of people ``entity``'s rows point to, once per key (a buyer and a seller in one
    table of people are two)."""
    table = schema.table(entity)
    return [fk.ref_table for fk in table.foreign_keys if (ref := schema.table(fk.ref_table)) is not None
            and ref.name != entity and _people(ref)] if table is not None else []


# Name words of columns only people have.
_PERSONAL = frozenset({"email", "phone", "birth", "dob", "birthday", "surname"})


def _people(table: Table) -> bool:
    return table.person_name is not None or any(set(name_words(c.name)) & _PERSONAL for c in table.columns)


def _column_evidence(schema: Schema, link: Link) -> dict[str, float]:
    """How strongly a link that names no subject points at each table, by its best candidate there."""
    per_table: dict[str, float] = {}
    stored = {c.column for c in link.candidates if is_stored(schema, c.table)}
    computed = {(c.table, c.column) for c in link.of_kind(COLUMN) if _computed(schema, c)}
    kept = any(c.kind == COLUMN and (c.table, c.column) not in computed for c in link.candidates)
    for cand in link.candidates:
        if cand.column in stored and not is_stored(schema, cand.table):
            continue  # a view's copy of a stored column: the stored table's rows are the evidence
        if kept and (cand.table, cand.column) in computed:
            continue  # "hours": the hours a table keeps, not a span computed from another's two moments
        weight = cand.score * (1.0 if cand.kind in (COLUMN, METRIC) else 0.9 if link.strong else 0.5)
        per_table[cand.table] = max(per_table.get(cand.table, 0.0), weight)
    return per_table


def _computed(schema: Schema, cand: Candidate) -> bool:
    table = schema.table(cand.table)
    col = table.column(cand.column or "") if table is not None else None
    return col is not None and col.computed


# Words before a noun that make it the head of its phrase: "which hygienist", "each stylist".
_HEAD_BEFORE = frozenset({"which", "what", "each", "every", "per"})


def is_stored(schema: Schema, name: str) -> bool:
    table = schema.table(name)
    return table is not None and table.stored


def subject_value(a: Analysis) -> Link | None:
    """The stored value said as a noun that opens the question as its subject ("how many
    baristas", "list the surgeons", "which hygienist ..."): the rows of its table that hold it, as a
    table word would. A name typed as one ("'United Airlines' flights", "Jones orders") qualifies
    the rows after it."""
    if not a.links:
        return None
    link = a.links[0]
    token = a.tokens[link.last]
    plural = token.text != token.norm
    return link if (plural or a.word(link.first - 1) in _HEAD_BEFORE) and kind_value(a, link) else None


def subject_flag(a: Analysis, schema: Schema, link: Link) -> str | None:
    """The table whose rows a plural noun names through a yes/no column of theirs ("contractors" of
    ``users.is_contractor``) before any table word: that table, the question's subject."""
    token = a.tokens[link.last]
    if link.first != link.last or token.text == token.norm or link.of_kind(TABLE) \
            or any(other.of_kind(TABLE) for other in a.links if other.last < link.first):
        return None
    for cand in link.of_kind(COLUMN):
        table = schema.table(cand.table)
        column = table.column(cand.column or "") if table is not None else None
        if table is not None and column is not None and flag_noun(column.name) == (token.norm,) \
                and flag_of(table, column) is not None:
            return cand.table
    return None


def kind_value(a: Analysis, link: Link) -> bool:
    """Whether the link is a stored value said as a common noun for a kind of rows ("stylists",
    "each hygienist", "which senior flight engineer"): up to three lowercase words, only a value of
    one table, and no modifier of a table word after it ("cancelled orders" qualifies the orders)."""
    values = link.of_kind(VALUE)
    words = a.tokens[link.first:link.last + 1]
    if not (len(words) <= 3 and all(t.original.islower() and not t.quoted for t in words)
            and values and not link.fuzzy and len({c.table for c in values}) == 1
            and not any(c.kind in (TABLE, COLUMN, METRIC) for c in link.candidates)):
        return False
    after = a.link_at(link.last + 1)  # a word that only may name a table ("owned", "work") qualifies nothing
    return after is None or not any(c.score >= 1.0 for c in (*after.of_kind(TABLE), *after.of_kind(COLUMN)))


def kind_values(schema: Schema, a: Analysis, link: Link, cand: Candidate) -> tuple[str, ...]:
    """Every stored value of the column that a kind of rows names by its head word: "stylists" are
    the Senior Stylists and the Junior Stylists as well as the Stylists. Only for a kind said as a
    noun (``kind_value``) in the plural or after "each"/"which"; "a republic" is that value alone."""
    table = schema.table(cand.table)
    column = table.column(cand.column or "") if table is not None else None
    token = a.tokens[link.last]
    kind = token.text != token.norm or a.word(link.first - 1) in _HEAD_BEFORE
    if column is None or not kind or not kind_value(a, link):
        return (cand.value or "",)
    said = tuple(t.norm for t in a.tokens[link.first:link.last + 1])
    found = [v for v in column.values if value_words(v)[-len(said):] == said
             and not _NOT_A_KIND & set(value_words(v)[:-len(said)])]
    return tuple(dict.fromkeys([cand.value or "", *found]))


# Words before a kind that make a value no kind of it: a non-smoker, an ex-member, a former tenant.
_NOT_A_KIND = frozenset({"non", "ex", "not", "no", "former", "anti", "never", "un"})


def _subject_weight(table: Candidate) -> float:
    """How surely the first table word names the subject: by its link's score, except that a whole
    name said another way ("nations" for a country table) names its rows as surely as a piece of
    a name does; the words after it should not outvote it for being reworded."""
    return max(table.score, 0.9) if table.match in (STEM, SYNONYM) and table.score >= KIND_FACTOR else table.score


def _modifies_next(a: Analysis, link: Link) -> bool:
    """Whether a piece of a table's name stands right before another table's whole name ("menu
    category" where a menu view ends in "menu"): a word of that table, not a table of its own."""
    after = a.link_at(link.last + 1)
    own = {c.table for c in link.of_kind(TABLE)}
    return after is not None and any(c.score >= 1.0 and c.table not in own for c in after.of_kind(TABLE))


def _column_of_next(a: Analysis, link: Link) -> bool:
    """Whether ``link`` opens "<word> of <rows>" where the words soon after "of" name another table
    outright: the word is something of those rows ("the name of the country"), not a table."""
    if a.word(link.last + 1) != "of":
        return False
    own = {c.table for c in link.of_kind(TABLE)}
    for i in range(link.last + 2, min(len(a.tokens), link.last + 6)):
        nxt = a.link_at(i)
        if nxt is not None and any(c.score >= 1.0 and c.table not in own for c in nxt.of_kind(TABLE)):
            return True
    return False


def pick_entity(a: Analysis, schema: Schema, skip: set[int]) -> str | None:
    scores = table_evidence(a, schema, skip)
    if not scores:
        return None
    order = [t.name for t in schema.tables]
    top = max(scores.values())
    tied = [t for t in scores if scores[t] == top]
    if len(tied) > 1:  # "total quantity of potatoes": the quantity of the rows nearest the potatoes
        named = {c.table for link in a.links if link.first not in skip for c in link.of_kind(VALUE)} - set(tied)
        return min(tied, key=lambda t: (sum(len(schema.join_path(t, n) or ()) for n in named),
                                        order.index(t) if t in order else 0))
    return max(scores, key=lambda t: (scores[t], -order.index(t) if t in order else 0))


def reachable(schema: Schema, entity: str, table: str) -> bool:
    return schema.join_path(entity, table) is not None


def best_candidate(link: Link, kind: str, entity: str, schema: Schema, in_play: set[str]) -> Candidate | None:
    """The candidate of ``kind`` on the main table, else on a table already in play, else the best.
    A piece of a longer name ("units" of a unit_price) comes after what a config or the profile
    calls the word (the quantity the lines call units), wherever that is."""
    cands = [c for c in link.of_kind(kind) if reachable(schema, entity, c.table)]
    if len(cands) < 2:
        return cands[0] if cands else None
    said = any(c.match == DOMAIN and c.score >= 1.0 for c in cands)
    subject = {singular(w) for t in {entity, *in_play} for w in name_words(t)}

    def rank(c: Candidate) -> tuple[bool, float, bool, bool, bool, float, int]:
        place = 2.0 if c.table == entity else 1.0 if c.table in in_play else 0.0
        path = schema.join_path(entity, c.table) or []
        hops = len(path)
        # of two as far, the one reached through the rows' own keys, not through who served or fired them
        roles = sum(1 for _, fk in path if not names_its_table(fk))
        # of two pieces equally good, the one whose name says it is of the rows asked about (a
        # courier's rating per courier, not the food's)
        own = bool((subject - {singular(w) for w in name_words(c.table)}) & set(name_words(c.column or "")))
        stored = (table := schema.table(c.table)) is not None and table.stored  # a view's copy after the table's
        # a measure kept (hours_worked) before one the engine computes from two moments of a row
        kept = table is not None and (col := table.column(c.column or "")) is not None and not col.computed
        return (not (said and c.match == EXACT and c.score <= PIECE_SCORE), place + c.score, kept, own, stored, -hops,
                -roles)

    return max(cands, key=rank)


def concept_column(table: Table, concept: str | None) -> Column | None:
    if concept == "date":
        return table.default_date_column or _year_column(table)
    if concept == "name":
        return table.label_column
    words = CONCEPT_COLUMNS.get(concept or "")
    if not words:
        return None
    for word in words:
        for col in table.columns:
            if col.is_numeric and col.linked and (word in name_words(col.name) if word in WHOLE_WORD_CONCEPTS else
                                   word in col.name.lower()):
                return col
    # "the longest track" of a table that keeps its length as milliseconds: the one measure in a
    # unit of the concept's dimensions
    dimensions = CONCEPT_UNITS.get(concept or "", ())
    measured = [col for col in table.columns
                if col.linked and (unit := unit_of(table, col)) is not None and unit.dimension in dimensions]
    return measured[0] if len(measured) == 1 else None


def _year_column(table: Table) -> Column | None:
    """A table with no date column may keep its dates as years (founded_year, birth_year): the newest
    and the earliest of its rows are those of the highest and lowest year."""
    return next((col for col in table.columns if col.is_numeric and "year" in name_words(col.name)), None)


def find_concept(schema: Schema, entity: str, concept: str | None, in_play: set[str]) -> ColumnRef | None:
    """A column for a concept word, on the main table first, then on the tables in play."""
    table = schema.table(entity)
    for name in [entity, *sorted(in_play - {entity})]:
        t = schema.table(name)
        col = concept_column(t, concept) if t else None
        if col is not None and t is not None:
            return ColumnRef(t.name, col.name)
    if concept == "price":
        # Anything priced reachable in one hop: a price-like column of a neighbouring table
        for hop, _fk in (schema.neighbours(entity) if table else []):
            t = schema.table(hop)
            col = concept_column(t, concept) if t else None
            if col is not None and t is not None:
                return ColumnRef(t.name, col.name)
    return None


def date_column_for(a: Analysis, schema: Schema, entity: str, in_play: set[str],
                    domain: DomainConfig = EMPTY, at: int | None = None) -> ColumnRef | None:
    """The date a phrase like "last month" (said at word ``at``, when known) applies to: one the
    question names, else the rows named or acted on right before it, else the main table's.
    A table's name that is also a piece of a date's name ("orders", order_date) names the table."""
    if at is not None and (owned := _period_of_named(a, schema, entity, in_play, domain, at)) is not None:
        return owned
    measured = _measured_tables(a, schema, domain, entity)
    in_play = in_play | measured  # "completed the most jobs in 2025": the jobs' completion
    for link in a.links:
        if any(c.kind == TABLE and c.score >= 1.0 for c in link.candidates) or _state_word(a, link):
            continue
        for cand in link.of_kind(COLUMN):
            table = schema.table(cand.table)
            col = table.column(cand.column or "") if table else None
            if col is not None and col.kind == DATE and (cand.table == entity or cand.table in in_play) \
                    and not _booked_for(a, link, table, col):
                return ColumnRef(cand.table, col.name)
    if (named := _dated_where_named(a, schema, entity, in_play, domain, at)) is not None:
        return named
    if (event := _measured_event(a, schema, entity, domain, measured)) is not None:
        return event
    undated = not any(table_date(schema, m, domain) is not None for m in measured)
    if undated and (acted := _acted_date(a, schema, entity, domain)) is not None:
        return acted  # the rows measured keep no date: the act's rows date the line
    if (own := _own_date(schema, entity, domain)) is not None:
        return own
    if (parent := _dated_by_parent(schema, entity, domain)) is not None:
        return parent  # a sale's line by its sale's date, before another table the words may mean
    for name in sorted(in_play - {entity}):
        if (own := _own_date(schema, name, domain)) is not None:
            return own
    return None


# Verbs of doing the rows' work, and the name words of the date a row was done on.
_DOING = frozenset({"do", "done", "complete", "completed", "finish", "finished"})
DONE_DATE_WORDS = frozenset({"done", "completed", "complete", "finished"})


def _done_date(a: Analysis, schema: Schema, entity: str) -> ColumnRef | None:
    """ "how many gutter clears did we do in October" of visits kept with a scheduled and a done
    date: the day each was done, the one date named for it."""
    table = schema.table(entity)
    # "do" after its subject is the deed ("did we do"); before it, an auxiliary ("do we have")
    # "still to be done", "need doing": work not done yet, dated by when it is due
    doing = any(t.text in _DOING and (t.text != "do" or a.word(i - 1) in ("we", "they", "you"))
                and a.word(i - 1) not in ("be", "to") for i, t in enumerate(a.tokens))
    if table is None or not doing:
        return None
    done = [col for col in table.date_columns if DONE_DATE_WORDS & set(name_words(col.name))]
    return ColumnRef(entity, done[0].name) if len(done) == 1 and len(table.date_columns) > 1 else None


def _acted_date(a: Analysis, schema: Schema, entity: str, domain: DomainConfig) -> ColumnRef | None:
    """ "which clerk sold the most records in May", "the best-selling albums of 2025": a
    verb of an act other rows record (the sales) dates the line by those rows, not by the main rows'
    own date (when the member started, the year a book came out); one such table only."""
    if a.lexicon is None:
        return None
    found: list[ColumnRef] = []
    for i, token in enumerate(a.tokens):
        ranked_act = token.text.endswith("ing") and a.word(i - 1) in ("best", "worst", "top", "most", "fastest")
        if not token.text.endswith("ed") and token.text not in _IRREGULAR_PAST and not ranked_act:
            continue  # "sold", "ordered", "best-selling": an act, not a state
        link = a.link_at(i)
        if link is not None and any(c.kind == TABLE and c.score >= 1.0 for c in link.candidates):
            continue  # "ordered" that names the orders: the rows themselves, read before
        for name in deed_tables(a.lexicon, token.text):
            table = schema.table(name)
            dated = table_date(schema, name, domain) if table is not None and table.stored and name != entity \
                and schema.join_path(entity, name) else None
            if dated is not None and dated not in found:
                found.append(dated)
    return found[0] if len(found) == 1 else None


# Past forms of verbs of a business's acts that do not end in -ed.
_IRREGULAR_PAST = frozenset({"sold", "bought", "paid", "sent", "made", "took", "taught", "won", "lost", "wrote",
                             "spent", "gave", "brought", "held", "ran", "drove", "flew", "rode", "saw", "met"})


def _own_date(schema: Schema, name: str, domain: DomainConfig) -> ColumnRef | None:
    """A table's own date: the config's, else its main date column."""
    table = schema.table(name)
    if name in domain.date_columns:
        return ColumnRef(name, domain.date_columns[name])
    if table is not None and table.default_date_column is not None:
        return ColumnRef(table.name, table.default_date_column.name)
    return None


def table_date(schema: Schema, name: str, domain: DomainConfig) -> ColumnRef | None:
    """A table's own date, else its parent event's."""
    return _own_date(schema, name, domain) or _dated_by_parent(schema, name, domain)


_ANY = frozenset({"anything", "any", "something"})
# Words that put a period beside a verb or a clause ("paid in 2025"), not before a name as its modifier.
_PERIOD_PREPOSITIONS = frozenset({"in", "during", "since", "before", "after", "from", "until", "till", "on", "by",
                                  "for", "over", "within", "between", "at", "through"})


def _period_of_named(a: Analysis, schema: Schema, entity: str, in_play: set[str], domain: DomainConfig,
                     at: int) -> ColumnRef | None:
    """ "last year's invoices were paid late", "this month's orders": a period said before a table's
    name, as its modifier, dates that table's rows by their own date, whatever date the rest names.
    Of several names in a row, the last is the one the period modifies."""
    match = next((d for d in a.dates if d.first == at), None)
    if match is None or a.word(match.first) in _PERIOD_PREPOSITIONS:
        return None
    link = a.link_at(match.last + 1)
    if link is None or link.first != match.last + 1:
        return None
    while (head := a.link_at(link.last + 1)) is not None and head.first == link.last + 1:
        link = head  # "this year's beer sales": the period modifies the head of the names, the sales
    if link.of_kind(METRIC):
        return None  # the rows the metric measures are dated as measured rows
    named = [c.table for c in link.of_kind(TABLE) if c.score >= 1.0
             and (c.table == entity or c.table in in_play or schema.join_path(entity, c.table))]
    return table_date(schema, named[0], domain) if named else None  # "each upcoming fair": the groups


def _dated_where_named(a: Analysis, schema: Schema, entity: str, in_play: set[str], domain: DomainConfig,
                       at: int | None) -> ColumnRef | None:
    """A period said right after a table's name ("only orders from this year" said of the customers
    ranked by their orders), or after a verb whose act those rows record ("did not buy anything
    last month"), dates that table's rows, not the main rows' own."""
    for start in sorted({at} if at is not None else {d.first for d in a.dates}):
        before = start - 1
        while a.word(before) == "the" and a.word(before - 1) in _PERIOD_PREPOSITIONS:
            before -= 2  # "in the past month": the words before the period's own
        if a.word(before) in ("us", "me") and a.word(before - 1) in ("from", "with", "for", "through", "at"):
            before -= 2  # "haven't bought anything from us this year": the business, no row of its own
        before -= a.word(before) in _ANY
        link = a.link_at(before)
        # "authors with events in 2025": a table named right before the period, in play, or reached
        # from rows that have no date of their own (not "booked at each location in 2025")
        undated = table_date(schema, entity, domain) is None and a.word(before - 1) not in ("each", "per", "every")
        named = [c.table for c in link.of_kind(TABLE) if c.score >= 1.0 and (
            c.table in in_play or (undated and c.table != entity and schema.join_path(entity, c.table)))] \
            if link else []
        if not named and not (link and link.of_kind(METRIC)):  # "we spent": a measure's own words
            named = _acted_before(a, schema, entity, before)
        for name in named[:1]:
            if name != entity:
                return table_date(schema, name, domain)
    return None


def _acted_before(a: Analysis, schema: Schema, entity: str, before: int) -> list[str]:
    """The tables whose rows record the act of the verb at ``before``, reached from the main rows
    (the main rows' own act dates them)."""
    if a.lexicon is None:
        return []
    return [t for t in deed_tables(a.lexicon, a.word(before)) if (table := schema.table(t)) is not None
            and table.stored and (t == entity or schema.join_path(entity, t))]


def _booked_for(a: Analysis, link: Link, table: Table | None, col: Column) -> bool:
    """ "appointments booked for next month": a period after "for" is when the rows are for (their
    table's own date), not when the verb's record was made (``booked_at``)."""
    at = link.last + 1 + (a.word(link.last + 1) in ("in", "up"))  # "booked in for Friday"
    return a.word(at) == "for" and any(d.first in (at, at + 1) for d in a.dates) \
        and a.word(link.last).endswith("ed") and table is not None \
        and table.default_date_column is not None and table.default_date_column != col


def _measured_event(a: Analysis, schema: Schema, entity: str, domain: DomainConfig,
                    measured: set[str]) -> ColumnRef | None:
    """ "employees with the most orders in 2023", "who spent the most in 2024": the rows a count or a
    metric measures are events with a date of their own (or their sale's), and a date phrase
    is about them, not about the main rows' own dates (a birth date). One such table only
    (``measured``: the tables the question's counts and metrics measure). Work said done is
    dated by the day it was done."""
    if (done := _done_date(a, schema, entity)) is not None:
        return done
    found = []
    for name in sorted(measured - {entity}):
        table = schema.table(name)
        if table is not None and table.stored and (dated := table_date(schema, name, domain)) is not None:
            found.append(dated)
    return found[0] if len(found) == 1 else None


_TOTAL_WORDS = frozenset({"total", "sum", "combined"})


def said_reading(a: Analysis, domain: DomainConfig, metric: Metric, at: int | None = None) -> Metric | None:
    """ "revenue from extras" where revenue is read either from the bookings' totals or from their
    extras: the one reading whose rows a word of the line names, or a stored value of theirs. The
    money received is no reading of it: "customer revenue" is what customers bought, whatever they
    paid in."""
    taken = metric.name == REVENUE or metric.question is not None
    readings = [m for value in metric.question.values if (m := domain.metrics.get(value)) is not None] \
        if metric.question is not None else [metric]
    # "extras" of booking_extras, or a value of theirs ("towels"): the rows the reading sums
    named = {max(tables, key=lambda c: c.score).table for link in a.links if (tables := link.of_kind(TABLE))}
    named |= {cand.table for link in a.links if not link.of_kind(TABLE) for cand in link.of_kind(VALUE)}
    # "revenue by part" where a reading sums the lines that keep the part: a column of its own rows
    columns = {cand.table for link in a.links if not link.of_kind(TABLE) for cand in link.of_kind(COLUMN)
               if cand.score >= 1.0}
    fits = [m for m in readings if m.table in named | columns or _kept_for(a, m.table, named)]
    if not fits and taken and at is not None:  # "bar takings": the rows named just before a money word
        fits = [m for t in sorted(_named_before(a, metric)) if (m := _own_takings(a, metric, t)) is not None]
    return fits[0] if len(fits) == 1 and (len(readings) > 1 or fits[0] is not metric) else None


def _named_before(a: Analysis, metric: Metric) -> set[str]:
    """The tables named right before any word of ``metric`` in the line."""
    return {max(before.of_kind(TABLE), key=lambda c: c.score).table for link in a.links
            if any(c.metric is not None and c.metric.name == metric.name for c in link.of_kind(METRIC))
            and (before := a.link_at(link.first - 1)) is not None and before.of_kind(TABLE)}


def _own_takings(a: Analysis, metric: Metric, table_name: str) -> Metric | None:
    """The sum of a table's one amount of money taken, read as ``metric`` where the words name it."""
    schema, table = _schema_table(a, table_name)
    money = [c for c in table.columns if roles.is_money_taken(table, c)] if table is not None else []
    if schema is None or table is None or len(money) != 1 or not table.date_columns or _people(table):
        return None
    kept = kept_test(table, taken=True)  # none of the rows called off or still to come
    return replace(metric, table=table.name, expression=charge_sql(schema.dialect, money[0].name),
                   where=kept[0].sql(dialect=schema.dialect) if kept is not None else None, question=None,
                   description=f"the sum of {spoken(money[0].name)} of the {spoken(table.name)}")


def _schema_table(a: Analysis, table_name: str) -> tuple[Schema | None, Table | None]:
    """The schema the line was read against, and one of its tables."""
    schema = a.lexicon.schema if a.lexicon is not None else None
    return schema, schema.table(table_name) if schema is not None else None


def _kept_for(a: Analysis, table_name: str, named: set[str]) -> bool:
    """Whether ``table_name`` keeps rows of a named table under its name ("mbr_pmts" of members)."""
    _schema, table = _schema_table(a, table_name)
    words = set(expand(name_words(table_name)))
    return table is not None and any(fk.ref_table in named and expand([singular(name_words(fk.ref_table)[-1])])[0]
                                     in words for fk in table.foreign_keys)


def money_of_another(a: Analysis, link: Link) -> bool:
    """ "how much money was collected": the bare word "money" beside another metric's words is that
    metric's money, no measure of its own."""
    if link.first != link.last or a.word(link.first) != "money" or not link.of_kind(METRIC):
        return False
    return any(other.of_kind(METRIC) for other in a.links if other is not link)


def own_money_before(a: Analysis, schema: Schema, link: Link) -> ColumnRef | None:
    """ "fuel spend", "van costs": a money word right after the name of rows that keep one amount of
    money, which the rows the metric measures do not refer to (as sales do to their customer:
    "customer spend" is what they bought) and, where they can reach them, a cost rather than money
    taken ("hire income" is a reading of the money taken): what those rows cost."""
    metrics = [cand.metric for cand in link.of_kind(METRIC) if cand.metric is not None]
    before = a.link_at(link.first - 1)
    named = [cand.table for cand in before.of_kind(TABLE)] if before is not None else []  # "fuel" of fuel_fills
    table = schema.table(named[0]) if len(set(named)) == 1 and link.last == link.first else None
    money = roles.money_kept(table) if table is not None else None
    if not metrics or table is None or money is None \
            or any(r.table == table.name for r in profile_of(schema).revenues):  # "hire income": a reading of it
        return None
    taken = roles.is_money_taken(table, money)
    if any(m.table == table.name or schema.points_to(m.table, table.name)
           or (taken and schema.join_path(table.name, m.table)) for m in metrics):
        return None
    return ColumnRef(table.name, money.name)


def _measured_tables(a: Analysis, schema: Schema, domain: DomainConfig = EMPTY, entity: str = "") -> set[str]:
    """The tables whose rows a count, a metric (the reading the words name, of several) or a ranked
    total measures (of ``entity``'s rows, when known)."""
    measured = {(said_reading(a, domain, c.metric, link.first) or c.metric).table for link in a.links
                if not money_of_another(a, link) and own_money_before(a, schema, link) is None
                for c in link.of_kind(METRIC) if c.metric is not None}
    # the rows counted: "the number of <rows>", "the most <rows>"
    ends = [max(a.count_span)] if a.count_span else []
    ends += [s.index for s in a.superlatives if a.word(s.index) in ("most", "fewest", "least")]
    # "the highest total <column>": the rows whose column the total adds up
    totals = [s.index + 1 for s in a.superlatives if a.word(s.index + 1) in _TOTAL_WORDS]
    for end in [*ends, *totals]:
        measured |= _rows_measured_after(a, schema, end, end in totals, entity)
    for func, at in a.aggregates:  # "how much has Kerry made in tips": the rows whose tips are added up
        measured |= _summed_after(a, schema, at) if func in ("sum", "avg") else set()
    for end in ends:  # "the van that did the most miles": the rows that keep the miles
        measured |= _summed_after(a, schema, end, reach=2)
    if any(a.word(at) == "what" for _func, at in a.aggregates):  # "what did we bill": the money taken
        measured |= {m.table for m in domain.metrics.values() if m.name == REVENUE}
    return measured | _verb_measured(a)


def _summed_after(a: Analysis, schema: Schema, at: int, reach: int = 8) -> set[str]:
    """The table of the first measure named after a sum or an average said at ``at`` (within
    ``reach`` words), past the names of who or what it is of: a numeric column, not a key, all of
    one table."""
    for link in a.links:
        if link.first <= at or link.of_kind(VALUE):
            continue
        if link.first > at + reach:
            return set()
        if link.of_kind(TABLE) or not (columns := link.of_kind(COLUMN)):
            return set()
        stored = [c for c in columns if (t := schema.table(c.table)) is not None and t.stored]  # a view repeats them
        tables = {c.table for c in stored if (t := schema.table(c.table)) is not None
                  and (col := t.column(c.column or "")) is not None and col.is_numeric
                  and not col.primary_key and col.name not in t.fk_columns}
        return tables if len(tables) == 1 and len(stored) == 1 else set()
    return set()


def _rows_measured_after(a: Analysis, schema: Schema, end: int, total: bool, entity: str = "") -> set[str]:
    """The tables of the rows named after a count or a superlative (at ``end``), or of the column
    a "total" (``total``) adds up."""
    after = a.next_link(end, max_gap=2)
    if after is not None and after.of_kind(VALUE) and not after.of_kind(TABLE):
        kind = after  # "the most completed appointments": a value before them
        after = a.next_link(after.last, max_gap=0)
        if after is None:  # "the most dentals": the rows of that kind
            return {c.table for c in kind.of_kind(VALUE) if c.score >= 1.0}
    if after is None:
        return set()
    measured = _rows_named(schema, after, entity)
    # "the most units", "the most kilometres": the rows whose column it totals (the lines' quantity,
    # a distance by its unit), named by the profile's words for it
    named = [c for c in after.of_kind(COLUMN) if c.match == DOMAIN or (total and c.score >= 1.0)
             or (not total and c.match == SYNONYM and c.score >= 0.7)]
    kept = [c for c in named if (t := schema.table(c.table)) is not None
            and (col := t.column(c.column or "")) is not None and not col.computed]
    return measured | {c.table for c in kept or named}  # hours worked kept before a span computed


def _rows_named(schema: Schema, link: Link, entity: str) -> set[str]:
    """The tables a word names surely, or by their key; else, of the names it fits alike, those whose
    rows refer to ``entity``'s ("customers by number of orders": the orders that name a customer)."""
    named = {c.table for c in link.of_kind(TABLE) if c.score >= 1.0} | _keyed_rows(schema, link)
    if named or not entity:
        return named
    return {t for t in best_tables(link.candidates) if schema.points_to(t, entity)}


def _keyed_rows(schema: Schema, link: Link) -> set[str]:
    """ "the most jobs" said by the rows' key (JobID of RepairJobs): the tables of those rows."""
    return {c.table for c in link.of_kind(COLUMN) if c.score >= 0.9 and (t := schema.table(c.table)) is not None
            and t.primary_key is not None and t.primary_key.name == c.column}


def _verb_measured(a: Analysis) -> set[str]:
    """ "who spent the most in 2024", "which customer paid the most": the rows of the column or the
    table said as the verb before a superlative that names nothing after it."""
    measured: set[str] = set()
    for sup in a.superlatives:
        before = a.prev_link(sup.index, max_gap=2)
        if a.word(sup.index) in ("most", "least") and a.next_link(sup.index, max_gap=2) is None and before is not None:
            measured |= {c.table for c in before.of_kind(COLUMN) if c.match == DOMAIN or c.score >= 1.0}
            measured |= {c.table for c in before.of_kind(TABLE)}
    return measured


def _dated_by_parent(schema: Schema, entity: str, domain: DomainConfig) -> ColumnRef | None:
    """A row with no date of its own (a sale's line) is dated by the one row it belongs to: the
    table it refers to that is itself an event (it refers to something and has a date), or the sale
    the profile finds its lines make up, which may refer to nothing (an order with no customer kept)."""
    dates = parent_dates(schema, entity, domain)
    return dates[0] if dates else None


def parent_dates(schema: Schema, entity: str, domain: DomainConfig) -> list[ColumnRef]:
    """The dates of the events a row with no date of its own belongs to, the first the one it is
    dated by; a ticket has two (its order's and its performance's), which a period leaves open."""
    table = schema.table(entity)
    if table is None or table.date_columns:
        return []
    sales = {lines.parent for lines in profile_of(schema).lines if lines.table == entity}
    out = []
    for fk in table.foreign_keys:
        parent = schema.table(fk.ref_table)
        if parent is None or parent.name == entity or not (parent.foreign_keys or parent.name in sales):
            continue
        if parent.name in domain.date_columns:
            out.append(ColumnRef(parent.name, domain.date_columns[parent.name]))
        elif parent.default_date_column is not None:
            out.append(ColumnRef(parent.name, parent.default_date_column.name))
    return out


def named_date_links(a: Analysis, schema: Schema) -> set[int]:
    """Links that named the date column of a date phrase ("created", "shipped"): used up by it."""
    out: set[int] = set()
    if not a.dates:
        return out
    for link in a.links:
        if _state_word(a, link):
            continue
        for cand in link.of_kind(COLUMN):
            table = schema.table(cand.table)
            col = table.column(cand.column or "") if table else None
            if col is not None and col.kind == DATE:
                out.add(link.first)
    return out


def _state_word(a: Analysis, link: Link) -> bool:
    """ "open tickets": a state of the rows (not closed), not the name of their opening date; so is
    a deed denied ("leave out anything refunded"): a period said beside it dates the rows kept."""
    if link.first != link.last:
        return False
    word = a.word(link.first)
    if word in NOT_YET:
        return said_as_state([t.text for t in a.tokens], link.first)
    return word.endswith("ed") and (negation_before(a, link.first, NEGATION_REACH) is not None
                                    or bool(denied_after(a, link.first)))
