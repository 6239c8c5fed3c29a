"""A table that refers to itself: "who reports to <a named employee>", "<someone>'s manager",
"employees with no direct reports".

The profile knows the key that points back into its own table (``reports_to``, ``manager_id``,
``parent_id``). A question that names that key and a row by its values asks about the rows on
the other end of the key, not about the named row's own key: the rows that point to the named
one ("reports to X", "managed by X", "whose manager is X"), or the row it points to ("X's
manager", "the manager of X", "who does X report to").
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import TEXT, Schema
from nl2sql.engines.builtin.analysis import Analysis, Comparison
from nl2sql.engines.builtin.implied import ROLE_COLUMN_WORDS
from nl2sql.engines.builtin.named_keys import keys_said
from nl2sql.engines.builtin.spec import ColumnRef, Filter, QuerySpec
from nl2sql.linking.lexicon import COLUMN, TABLE, Link, is_workforce
from nl2sql.linking.text import POSSESSIVES, name_words
from nl2sql.profile import SelfReference, names_of, profile_of

# Conditions that pick the named row by its own values.
_NAMING_OPS = frozenset({"=", "in", "like"})


def _key_link(a: Analysis, ref: SelfReference) -> Link | None:
    return next((lk for lk in a.links if any(c.kind == COLUMN and c.table == ref.table and c.column == ref.column
                                             for c in lk.candidates)), None)


def _points_up(a: Analysis, link: Link, named: list[Filter]) -> bool:
    """Whether the question asks for the row the named one points to (its manager)."""
    before = all(max(f.words) < link.first for f in named)
    if before and a.tokens[link.first - 1].possessive:
        return True  # "<X>'s lead": the key's word after a possessive is a noun, whatever else it can be
    if before and (_done_by_the_upper(a.word(link.first)) or _verb_after_do(a, link, named)):
        return False  # "who does <X> supervise", "who does <X> mentor": the rows <X> is that to
    # "who referred <X>": the key's verb with the named row as its object, not "referred by <X>"
    acted = a.word(link.last).endswith("ed") and a.word(link.last + 1) not in ("by", "to")
    # "who mentors <X>": the key's word as the verb of "who", the named row its object
    done_to = a.word(link.first - 1) == "who" and link.first == link.last \
        and min(min(f.words) for f in named) == link.last + 1
    return before or acted or done_to or a.word(link.last + 1) == "of"


def _each_beside_its_own(a: Analysis, link: Link, named: list[Filter]) -> bool:
    """Whether the rows the values pick are each asked for with the row their key points to, not
    that row alone: the key said as theirs ("bartenders with their manager"), or the rows said one
    by one ("who does each of the brewers report to")."""
    start = min(min(f.words) for f in named)
    return a.word(link.first - 1) in POSSESSIVES or any(a.word(k) in ("each", "every")
                                                         for k in range(start - 3, start))


def _verb_after_do(a: Analysis, link: Link, named: list[Filter]) -> bool:
    """ "who does <X> mentor": after "does <named row>" the key's word is a verb whose object is
    asked for, whatever else it can be ("mentor" is a noun too). Not "who does <X> report to",
    where the row asked for is on the far side of a preposition."""
    start = min(min(f.words) for f in named)
    return a.word(start - 1) in ("does", "do", "did") and link.first == link.last \
        and a.word(link.last + 1) not in ("to", "for", "under", "with")


def _done_by_the_upper(word: str) -> bool:
    """Whether the key's word is a verb the upper row does to the others ("supervise", "manages",
    "leads"), not one the lower row does ("report to") nor a noun ("manager", "boss")."""
    from nl2sql.linking import synonyms as wordnet

    if word.startswith("report") or word.endswith(("er", "or", "ers", "ors", "ed")) or not wordnet.available():
        return False
    return wordnet.mostly_verb(word)


def with_self_reference(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` asking across the self-reference its words name, when they name one and a row."""
    ref = next((r for r in profile_of(schema).self_references if r.table == spec.entity), None)
    if ref is None:
        return spec
    if spec.group_by:
        return _per_referenced_row(spec, ref, schema)
    lower = _lower_rows(spec, a, ref)
    if lower is not None:
        return lower
    team = _team_of(spec, a, ref, schema)
    if team is not None:
        return team
    link = _key_link(a, ref)
    if link is None:
        return spec
    key_words = set(range(link.first, link.last + 1))
    named = _naming_filters(spec, ref, key_words)
    if not named:
        return spec
    if _each_beside_its_own(a, link, named):  # "bartenders with their manager": each row and its manager
        key = ColumnRef(ref.table, ref.column)
        listed = spec.projections or tuple(ColumnRef(ref.table, c) for c in names_of(schema, ref.table))
        return replace(spec, projections=tuple(dict.fromkeys((*listed, key))))
    up = _points_up(a, link, named)
    inner = tuple(named)
    if up:  # the row the named one points to: its key is the named row's reference
        test = Filter(ColumnRef(ref.table, ref.ref_column), "in_rows", inner, other=ColumnRef(ref.table, ref.column),
                      words=frozenset(range(link.first, link.last + 1)).union(*(f.words for f in named)))
    else:  # the rows that point to the named one
        test = Filter(ColumnRef(ref.table, ref.column), "in_rows", inner, other=ColumnRef(ref.table, ref.ref_column),
                      words=frozenset(range(link.first, link.last + 1)).union(*(f.words for f in named)))
    kept = tuple(f for f in spec.filters if f not in named and not (f.words and f.words <= key_words))
    key = ColumnRef(ref.table, ref.column)
    shown = tuple(p for p in spec.projections if p != key)
    if not shown and spec.projections:
        shown = tuple(ColumnRef(ref.table, c) for c in names_of(schema, ref.table))
    return replace(spec, filters=(*kept, test), projections=_with_role(shown, schema, ref.table))


# Nouns for the rows that point to a row, said as someone's: "Terry's team", "Ana's direct reports".
_TEAM_WORDS = frozenset({"team", "reports", "subordinates", "underlings", "juniors"})


def _team_of(spec: QuerySpec, a: Analysis, ref: SelfReference, schema: Schema) -> QuerySpec | None:
    """ "who's on Terry's team", "list Ana's direct reports": the rows whose key points to the row
    named just before the possessive."""
    for k, token in enumerate(a.tokens):
        j = k - 1 - (a.word(k - 1) == "direct")
        if token.text not in _TEAM_WORDS or j < 0 or not a.tokens[j].possessive \
                or any(lk.first <= k < lk.last or lk.first == k + 1 for lk in a.links):
            continue  # "Kyle's team leader": the team word names the leader, not the team
        named = [f for f in _naming_filters(spec, ref, set()) if j in f.words]
        if not named:
            continue
        test = Filter(ColumnRef(ref.table, ref.column), "in_rows", tuple(named),
                      other=ColumnRef(ref.table, ref.ref_column),
                      words=frozenset(range(j + 1, k + 1)).union(*(f.words for f in named)))
        kept = tuple(f for f in spec.filters if f not in named)
        return replace(spec, filters=(*kept, test), projections=_with_role(spec.projections, schema, ref.table))
    return None


# Name words of the column that says what a person does: a job title, a role, a grade.
_POST_WORDS = ROLE_COLUMN_WORDS | {"grade", "rank", "designation"}


def _with_role(shown: tuple[ColumnRef, ...], schema: Schema, table_name: str) -> tuple[ColumnRef, ...]:
    """The people named across an org chart by their names, and what each of them does beside: "who
    does Tia report to" is a person in a post ("Sam Holt, venue manager")."""
    table = schema.table(table_name)
    names = {ColumnRef(table_name, c) for c in names_of(schema, table_name)}
    if table is None or (table.person_name is None and not is_workforce(table)) or not shown or set(shown) != names:
        return shown
    roles = [c for c in table.columns if c.kind == TEXT and c.name not in table.fk_columns
             and set(name_words(c.name)) <= _POST_WORDS and ColumnRef(table_name, c.name) not in names]
    return (*shown, ColumnRef(table_name, roles[0].name)) if len(roles) == 1 else shown


# The rows that point to a row, said as a noun ("employees with no direct reports"), and what a verb
# of the key takes as its object when it asks whether there are any ("who manage anyone").
_LOWER_WORDS = frozenset({"reports", "subordinates", "underlings", "juniors", "subcategories", "children"})
_ANYONE = frozenset({"anyone", "anybody", "someone", "somebody", "people", "others", "nobody", "staff"})


def _lower_rows(spec: QuerySpec, a: Analysis, ref: SelfReference) -> QuerySpec | None:
    """Whether rows have rows that point to them: "employees with no direct reports", "who don't
    manage anyone", "categories with subcategories", "managers with more than 3 direct reports"."""
    if spec.entity != ref.table:
        return None
    for k in range(len(a.tokens)):
        said = _lower_phrase(a, k, ref)
        if said is None:
            continue
        span, counted = said
        negations = {n for n in a.negations if k - 4 <= n < k}
        denied = bool(negations) != (a.word(max(span)) == "nobody")
        key, other = ColumnRef(ref.table, ref.ref_column), ColumnRef(ref.table, ref.column)
        if counted is not None:  # "more than 3 direct reports": the rows that that many rows point to
            test = Filter(key, "counted_in", (counted.op, counted.values[0]), other=other,
                          words=frozenset(span | set(range(counted.first, counted.last + 1))))
        else:
            test = Filter(key, "not_in_rows" if denied else "in_rows", (Filter(other, "not_null"),), other=other,
                          words=frozenset(span | negations))
        kept = tuple(f for f in spec.filters if not f.words & test.words)
        return replace(spec, filters=(*kept, test))
    return None


def _lower_phrase(a: Analysis, k: int, ref: SelfReference) -> tuple[set[int], Comparison | None] | None:
    """The words at ``k`` that say rows pointing to a row (a noun such as "reports", or the key's verb
    with its object: "manage anyone", "supervise more than 5 people"), and the number said of them."""
    link = a.link_at(k)
    single = link is not None and link.first == link.last == k and any(
        c.kind == COLUMN and c.table == ref.table and c.column == ref.column for c in link.candidates)
    after = next((c for c in a.comparisons if c.first == k + 1 and len(c.values) == 1), None) if single else None
    whom = after.last + 1 if after is not None else k + 1
    if single and (a.word(whom) in _ANYONE or _names_table(a, whom, ref.table)):
        return {k, whom}, after
    if a.word(k) not in _LOWER_WORDS or a.word(k + 1) in _VERB_AFTER or a.word(k - 1) in _SUBJECT_BEFORE:
        return None  # "who reports to <X>": the verb, not the rows
    span = {k, k - 1} if a.word(k - 1) == "direct" else {k}
    counted = [c for c in a.comparisons if k - 4 <= c.first < min(span) and len(c.values) == 1 and c.against is None]
    return span, (counted[0] if counted else None)


# Words after "reports" that make it a verb ("reports to"), and before it ("who reports").
_VERB_AFTER = frozenset({"to", "directly", "into", "under"})
_SUBJECT_BEFORE = frozenset({"who", "that", "which", "he", "she", "it", "also", "only"})


def _names_table(a: Analysis, i: int, table: str) -> bool:
    link = a.link_at(i)
    return link is not None and any(c.kind == TABLE and c.table == table and c.score >= 1.0 for c in link.candidates)


def bare_self_keys(spec: QuerySpec, a: Analysis, schema: Schema) -> tuple[str, ...]:
    """Doubts for a key to the rows' own table shown as it is ("who is the manager of each
    employee" answered with manager ids): the number says which row, not who; confirmed. Not when
    the question asks for the key ("the manager id of each employee")."""
    keys = {(r.table, r.column) for r in profile_of(schema).self_references}
    return tuple(f"{ref.column} is shown as a key, not as the row it points to" for ref in spec.projections
                 if (ref.table, ref.column) in keys - keys_said(a) and ref not in spec.named_keys)


def _naming_filters(spec: QuerySpec, ref: SelfReference, key_words: set[int]) -> list[Filter]:
    """The conditions that pick the named row by its own values; the key's own word may be a stored
    value too ("supervisor" as a role), which names no row."""
    return [f for f in spec.filters if f.column.table == ref.table and f.op in _NAMING_OPS and f.words
            and f.column.column != ref.column and isinstance(f.values[0], str) and not f.words <= key_words]


def _per_referenced_row(spec: QuerySpec, ref: SelfReference, schema: Schema) -> QuerySpec:
    """Rows grouped by the key to their own table ("how many people report to each manager"): a
    group per row pointed to, shown by that row's name (the manager's, not the name of some row
    of the group); the rows that point nowhere (the head of the chart) are no such group."""
    key = ColumnRef(ref.table, ref.column)
    if not any(g.column == key for g in spec.group_by) or any(f.column == key for f in spec.filters):
        return spec
    own = {ColumnRef(ref.table, c) for c in names_of(schema, ref.table)} | {key}
    grouped = {g.column for g in spec.group_by}
    if len(spec.group_by) == 1 and set(spec.projections) <= own and not own - {key} <= grouped:
        return replace(spec, filters=(*spec.filters, Filter(key, "not_null")),
                       projections=(key,) if spec.projections else (), named_keys=(key,))
    return replace(spec, filters=(*spec.filters, Filter(key, "not_null")))
