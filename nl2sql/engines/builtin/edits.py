"""A follow-up's analysis applied to the current spec: add, replace or drop its parts.

A stored value adds a filter, "what about <value>?" replaces the filter on the same column, a
sort phrase replaces the ordering, "top N" sets the limit, "how many?" wraps into a count, "just
the <column>" changes the projection. Each change is said in the refinement summary.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from types import MappingProxyType

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db.schema import Schema
from nl2sql.dialog.questions import Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.builtin import events, measures, shown
from nl2sql.engines.builtin import filters as filter_steps
from nl2sql.engines.builtin.analysis import COMPARATORS, DIRECTIONS, REVERSE_WORDS, Analysis, denies_keeping
from nl2sql.engines.builtin.cues import family as cue_family
from nl2sql.engines.builtin.dates import MONTHS, month_range
from nl2sql.engines.builtin.expressed import accounted
from nl2sql.engines.builtin.held_amounts import held_amounts
from nl2sql.engines.builtin.named_keys import keys_said, role_key, their_key
from nl2sql.engines.builtin.names import base_name
from nl2sql.engines.builtin.parents_asked import parents_asked
from nl2sql.engines.builtin.reader import Decided, ReadContext, Reading, Step, entity_keys
from nl2sql.engines.builtin.render import condition_sql
from nl2sql.engines.builtin.resolve import named_date_links, table_date
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, OrderKey, QuerySpec
from nl2sql.engines.builtin.used import confidence, query_words
from nl2sql.engines.builtin.weekdays import weekday_filters
from nl2sql.errors import EngineError
from nl2sql.linking.lexicon import VALUE, Link


def _edit_words(effect: str) -> frozenset[str]:
    return frozenset(phrase[0] for cue in cue_family("edit") if cue.effect.get(effect) for phrase in cue.phrases
                     if len(phrase) == 1)


_FAMILY = {">": "gt", ">=": "gt", "<": "lt", "<=": "lt", "between": "gt", "=": "eq", "!=": "eq", "in": "eq",
           "not_in": "eq", "range": "range", "not_exists": "anti", "exists": "anti", "like": "like",
           "weekday": "weekday", "unsettled": "eq"}


@dataclass(frozen=True)
class Edit:
    """A follow-up's edits so far: the spec, what changed, the words used, the decisions made."""

    spec: QuerySpec
    changes: tuple[str, ...] = ()
    used: frozenset[int] = frozenset()
    decided: Decided = Decided()

    def changed(self, spec: QuerySpec, changes: list[str], used: set[int] | frozenset[int]) -> Edit:
        return replace(self, spec=spec, changes=(*self.changes, *changes), used=self.used | frozenset(used))

    def deciding(self, decided: Decided) -> Edit:
        return replace(self, decided=decided)


def _tables_of(spec: QuerySpec) -> set[str]:
    tables = {spec.entity}
    tables.update(f.column.table for f in spec.filters)
    tables.update(g.column.table for g in spec.group_by)
    tables.update(a.column.table for a in spec.aggregates if a.column is not None)
    return tables


def _merge_filter(filters: list[Filter], new: Filter, spec: QuerySpec, schema: Schema, changes: list[str],
                  extend: bool = False) -> None:
    """Add ``new``, replacing a filter of the same kind on the same column ("what about <value>?"),
    or widening it when the follow-up adds ("and <value>": the column IN the old and the new value)."""
    with_new = spec.with_(filters=(*spec.filters, new))
    for i, old in enumerate(filters):
        if old.column == new.column and (_FAMILY.get(old.op) == _FAMILY.get(new.op) or _contradicts(old, new)):
            if old == new:
                changes.append(f"unchanged: already {condition_sql(spec, old, schema)}")
                return
            if extend and old.op in ("=", "in") and new.op in ("=", "in"):
                new = Filter(old.column, "in", tuple(dict.fromkeys((*old.values, *new.values))))
                with_new = spec.with_(filters=(*spec.filters, new))
            filters[i] = new
            changes.append(f"removed filter: {condition_sql(spec, old, schema)}")
            changes.append(f"added filter: {condition_sql(with_new, new, schema)}")
            return
    filters.append(new)
    changes.append(f"added filter: {condition_sql(with_new, new, schema)}")


def _contradicts(old: Filter, new: Filter) -> bool:
    """A bound no row can meet together with the old one ("over 100", then "under 50"): said instead
    of it, as "what about under 50?" would be; one that narrows it ("under 500") is kept beside it."""
    if len(old.values) != 1 or len(new.values) != 1 or not all(
            isinstance(v, (int, float)) for v in (*old.values, *new.values)):
        return False
    low, high = (old, new) if _FAMILY.get(old.op) == "gt" else (new, old)
    if _FAMILY.get(low.op) != "gt" or _FAMILY.get(high.op) != "lt":
        return False
    return low.values[0] > high.values[0] or (low.values[0] == high.values[0] and (low.op, high.op) != (">=", "<="))


# The edit cues of the cue table (cues.toml): what a follow-up does with what it names.
_EDIT_CUES = cue_family("edit")
_REMOVE_WORDS = _edit_words("removes")
_REPLACE_WORDS = _edit_words("replaces")
# Words that ask for something beside what is shown ("also", "too", "as well"), not instead of it.
_ADD_PHRASES = tuple(phrase for cue in _EDIT_CUES if cue.effect.get("adds") for phrase in cue.phrases)
_SWAP_PHRASES = tuple(phrase for cue in _EDIT_CUES if cue.effect.get("swaps") for phrase in cue.phrases)
_FILTER_WORDS = {"filter", "filters", "condition", "conditions", "restriction", "restrictions", "criteria"}
_ANY_WORDS = {"all", "any", "every"}


def _only_counting(a: Analysis, spec: QuerySpec) -> frozenset[int]:
    """ "only count the gift-aided donations" after a total: the words say which rows the total
    keeps, not to count them (a count's follow-up keeps its rows as it is)."""
    opening = a.word(0) == "only" and a.word(1) in ("count", "counting") and a.count_index == 1
    totals = bool(spec.aggregates) and any(ag.func != "count" for ag in spec.aggregates)
    return frozenset({0, 1}) if opening and totals else frozenset()


def _words_in(a: Analysis, vocabulary: Collection[str]) -> set[int]:
    return {i for i, t in enumerate(a.tokens) if t.text in vocabulary}


def _removal_targets(a: Analysis, removing: bool) -> list[int]:
    """Links whose filters go: every link of a removal, or a link after "all"/"any"."""
    targets = []
    for link in a.links:
        before = a.word(link.first - 1) if a.word(link.first - 1) not in ("the", "a") else a.word(link.first - 2)
        if removing or before in _ANY_WORDS:
            targets.append(link.first)
    return targets


def _removed_filters(spec: QuerySpec, a: Analysis, removing: bool, targets: list[int]) -> list[Filter]:
    words = [t.text for t in a.tokens]
    everything = removing and any(w in _FILTER_WORDS for w in words) and not targets and "date" not in words
    dropped = []
    for f in spec.filters:
        hit = everything or (removing and f.op == "range" and any(w in ("date", "time", "period") for w in words))
        for first in targets:
            target = a.link_at(first)
            assert target is not None
            for cand in target.candidates:
                same_column = cand.kind in ("column", "value") and cand.table == f.column.table \
                    and cand.column == f.column.column
                named_table = cand.kind == "table" and cand.table == f.column.table and f.column.table != spec.entity
                if same_column or named_table or (cand.kind == "table" and f.other and f.other.table == cand.table):
                    hit = True
        if hit:
            dropped.append(f)
    return dropped


def _removals(spec: QuerySpec, a: Analysis, schema: Schema) -> Edit:
    """ "remove the <column> filter", "all statuses", "no limit", "clear filters", "unsorted"."""
    words = [t.text for t in a.tokens]
    removing = any(w in _REMOVE_WORDS for w in words)
    edit = Edit(spec)
    if not removing and not any(w in _ANY_WORDS for w in words):
        return edit
    targets = _removal_targets(a, removing)
    target_words = {i for first in targets if (link := a.link_at(first)) for i in range(link.first, link.last + 1)}
    dropped = _removed_filters(spec, a, removing, targets)
    if dropped:
        edit = edit.changed(spec.with_(filters=tuple(f for f in spec.filters if f not in dropped)),
                            [f"removed filter: {condition_sql(spec, f, schema)}" for f in dropped],
                            target_words | _words_in(a, _REMOVE_WORDS | _FILTER_WORDS | _ANY_WORDS))
    if removing and spec.limit is not None and any(w in ("limit", "top", "cap") for w in words):
        edit = edit.changed(edit.spec.with_(limit=None), ["removed the limit"],
                            target_words | _words_in(a, ("limit", "top", "cap", *_REMOVE_WORDS)))
    if removing and spec.order_by and any(w in ("sort", "sorting", "order", "ordering") for w in words):
        edit = edit.changed(edit.spec.with_(order_by=()), ["removed the ordering"],
                            target_words | _words_in(a, ("sort", "sorting", "order", "ordering", *_REMOVE_WORDS)))
    return edit


def _switched_aggregates(ctx: ReadContext, spec: QuerySpec, entity: str,
                         in_play: set[str]) -> Step[list[Aggregate]] | None:
    """ "<aggregate> instead", "what about the <aggregate>?": the same column, another function."""
    a = ctx.a
    if not a.aggregates or not spec.aggregates:
        return None
    if any(ctx.numeric(a.next_link(i, max_gap=2), entity, in_play) for _f, i in a.aggregates):
        return None
    func = a.aggregates[0][0]
    switched = []
    for agg in spec.aggregates:
        column = agg.column if agg.column is not None and agg.column.column else None
        if column is None and agg.metric is None:
            measure = ctx.table(entity).measure_column
            column = ColumnRef(entity, measure.name) if measure else None
        if column is not None:
            switched.append(Aggregate(func, column))
    if not switched:
        return None
    return Step(switched, frozenset(i for _f, i in a.aggregates), Decided())


def _extra_columns(ctx: ReadContext, d: Decided, spec: QuerySpec, entity: str,
                   in_play: set[str]) -> Step[list[ColumnRef]]:
    """ "also show <column>", "include <column>": columns added to what is listed."""
    a = ctx.a
    words = [t.text for t in a.tokens]
    added = _added_words(a)
    last = len(words) - 1
    # "and <column>", "also <column>", "<column> too", "their <column> as well"
    if "and" not in words[:2] and not added & {0, 1} and last not in added:
        return Step([], frozenset(), d)
    out: list[ColumnRef] = []
    roles, used = dict(d.roles), set[int]()
    for link in a.links:
        if ctx.names_table(link) and ctx.table_of(link) == entity:
            continue  # "also include parcels to Hull": the rows listed, more of them, not a column
        pointed = their_key(a, ctx.schema, link, entity)
        if pointed is not None:  # "add their team": the team each row points to, by its name
            if pointed not in spec.named_keys and pointed not in out:
                out.append(pointed)
            roles[link.first] = "project"
            used.update(range(link.first, link.last + 1))
            continue
        ref = ctx.column_of(link, entity, in_play)
        if ref is None and link.of_kind("table"):
            table = ctx.table(ctx.table_of(link) or entity)
            label = table.label_column
            ref = ColumnRef(table.name, label.name) if label else None
        if ref is not None and ref not in spec.projections:
            out.append(ref)
            roles[link.first] = "project"
            used.update(range(link.first, link.last + 1))
    return Step(out, frozenset(used | added if out else used), replace(d, roles=MappingProxyType(roles)))


def _asks_instead(a: Analysis) -> bool:
    """ "what about <value>?", "and how about <value>?": the line opens by asking for another value."""
    words = tuple(t.text for t in a.tokens[:4])
    return any(words[:len(phrase)] == phrase for phrase in _SWAP_PHRASES)


def apply_edits(spec: QuerySpec, a: Analysis, schema: Schema, domain: DomainConfig = EMPTY,
                slots: Slots | None = None) -> Reading:
    """A follow-up applied to the current spec, step by step; what changed goes in the summary."""
    counted_groups = bool(spec.group_by) and any(ag.func == "count" and ag.column is None for ag in spec.aggregates)
    ctx = ReadContext(a, schema, domain, MappingProxyType(dict(slots or {})),
                      date_override=_kept_period(spec, a, schema, domain),
                      counted_groups=counted_groups)
    # tables of the query, and tables the follow-up names
    in_play = _tables_of(spec) | {c.table for link in a.links for c in link.of_kind("table")}
    removed = _removals(spec, a, schema)
    if removed.spec is not spec:
        return Reading(removed.spec, confidence(a, removed.used, ()), (), removed.changes, used=removed.used)
    asked = parents_asked(ctx, spec)
    if asked is not None:  # "which <table> are they in?": the rows the listed ones point to
        new, used, doubts, change = asked
        return Reading(new, confidence(a, used, doubts), doubts, (change,), used=used)
    # a follow-up to "how many <rows> ..." that counts nothing itself is about those rows again
    base = spec.with_(count_rows=False) if spec.count_rows and not a.count else spec
    # "only those hired after 2020": the date's own column word is the condition's, not a column to show
    dating = frozenset(first for first in named_date_links(a, schema) if _before_a_date(a, first))
    edit = Edit(base, decided=Decided(roles=MappingProxyType(dict.fromkeys(dating, "date"))))
    edit = _edit_columns(ctx, edit, in_play)
    group_links = measures.group_links(ctx, measured=bool(spec.aggregates))
    edit = _edit_filters(ctx, edit, in_play, set(group_links), dating)
    edit = _edit_havings(ctx, edit)
    edit, keys = _edit_grouping(ctx, edit, in_play, group_links)
    edit, switched, aggregates = _edit_aggregates(ctx, edit, in_play)
    including = _only_counting(a, spec)
    edit = _edit_count(ctx, edit, in_play,
                       counting=a.count and not keys and not switched and not aggregates and not including)
    edit = _edit_projections(ctx, edit, in_play)
    edit = _edit_order(ctx, edit, in_play)
    used = accounted(a, edit.spec, ctx.schema,
                     edit.used | a.frame | query_words(a, edit.spec, ctx.schema) | including)
    sure = confidence(a, used, edit.decided.doubts)
    unread = a.unread(used)
    if (edit.spec == spec and not edit.changes) or (unread and sure < CONFIRM_BELOW):
        # A follow-up only half understood (an off-topic line) must not quietly edit the query.
        words = ", ".join(repr(w) for w in unread[:4]) or repr(a.text)
        raise EngineError(f"I could not tell how {words} changes the current query.")
    return Reading(edit.spec, sure, edit.decided.doubts, edit.changes, edit.decided.ambiguities, used=used)


def _edit_columns(ctx: ReadContext, edit: Edit, in_play: set[str]) -> Edit:
    spec, entity = edit.spec, edit.spec.entity
    if spec.aggregates and not spec.group_by:
        return edit
    step = _extra_columns(ctx, edit.decided, spec, entity, in_play)
    if spec.group_by:
        return _grouped_columns(ctx, edit, step)
    edit = edit.deciding(step.decided)
    if not step.value:  # "add their bench" where each row's bench is shown by name already
        return edit.changed(spec, ["unchanged: already shown"], step.used) if step.used else edit
    table = ctx.table(entity)
    if not spec.projections and all(r.table == entity for r in step.value) and table.label_column is not None:
        # "and their <column>" on a full listing: the rows' names beside what was asked for (a person's two)
        named = table.person_name or (table.label_column,)
        listed: tuple[ColumnRef, ...] = tuple(ColumnRef(entity, col.name) for col in named)
    else:
        listed = spec.projections or (ColumnRef(entity, "*"),)
    extra = [r for r in step.value if r not in listed]
    said = keys_said(ctx.a)  # "add their team": a key shown by its row's name; "their team id": the key
    keyed = tuple(r for r in extra if r.column in table.fk_columns and (r.table, r.column) not in said
                  and role_key(ctx.schema, r, any_key=True) is not None)
    return edit.changed(spec.with_(projections=(*listed, *extra), named_keys=(*spec.named_keys, *keyed)),
                        ["added columns: " + ", ".join(str(r) for r in extra)], step.used)


def _grouped_columns(ctx: ReadContext, edit: Edit, step: Step[list[ColumnRef]]) -> Edit:
    """ "their email too" on groups of rows ("top customers by spend"): a column of a table whose
    key is grouped has one value per group, so it is grouped and shown beside the rest; a column
    with many values per group is no addition this edit can make."""
    spec = edit.spec
    grouped = {(g.column.table, g.column.column) for g in spec.group_by}
    keyed = _decided_by(ctx, {t for t, c in grouped if (pk := ctx.table(t).primary_key) is not None and pk.name == c})
    if not step.value or any(r.table not in keyed for r in step.value):
        return edit
    extra = [r for r in step.value if (r.table, r.column) not in grouped]
    keys = (*spec.group_by, *(GroupKey(r) for r in extra))
    # "their ids too": a key the rows were grouped by only to keep them apart is now shown
    shown = spec.keys_shown or any((r.table, r.column) in grouped for r in step.value)
    listed = (*spec.projections, *(r for r in step.value if r not in spec.projections)) if spec.projections else ()
    return edit.deciding(step.decided).changed(spec.with_(group_by=keys, keys_shown=shown, projections=listed), [
        "added columns: " + ", ".join(str(r) for r in step.value)], step.used)


def _decided_by(ctx: ReadContext, keyed: set[str]) -> set[str]:
    """The tables whose one row each grouped row decides: the grouped tables, and those their keys
    point to, and so on ("the category of each" product grouped by its key)."""
    decided, todo = set(keyed), list(keyed)
    while todo:
        for fk in ctx.table(todo.pop()).foreign_keys:
            if fk.ref_table not in decided and ctx.schema.table(fk.ref_table) is not None:
                decided.add(fk.ref_table)
                todo.append(fk.ref_table)
    return decided


def _kept_period(spec: QuerySpec, a: Analysis, schema: Schema, domain: DomainConfig) -> ColumnRef | None:
    """The date column of the one period the query keeps, which a follow-up's own period replaces
    ("what about 2024?" after revenue per store in 2025 moves the sales' dates, not the stores'),
    else the date of the rows the query measures, which a first period dates ("only from last
    month" after top products by revenue: the orders', not the products'); not when the line names
    a date column of its own ("only those hired after 2020")."""
    periods = {f.column for f in spec.filters if f.op == "range"}
    if len(periods) > 1 or not a.dates or any(link.of_kind("column") and _before_a_date(a, link.first)
                                              for link in a.links):
        return None
    if any(link.of_kind("table") for link in a.links):  # "those who purchased in 2025": other rows' dates
        return None
    if periods:
        return next(iter(periods))
    measured = {ag.table for ag in spec.aggregates if ag.table is not None} - {spec.entity}
    return table_date(schema, measured.pop(), domain) if len(measured) == 1 else None


def _before_a_date(a: Analysis, first: int) -> bool:
    link = a.link_at(first)
    return link is not None and any(1 <= m.first - link.last <= 2 for m in a.dates)


def _ahead_as_before(a: Analysis, spec: QuerySpec, added: list[Filter]) -> list[Filter]:
    """ "what about January?" after "due in December": a month said bare in a follow-up to a period
    still to come is the coming one too, not the last one before today."""
    today = a.today
    ahead = today is not None and any(f.op == "range" and f.values and f.values[0] is not None
                                      and f.values[0] > today for f in spec.filters)
    out = []
    for f in added:
        said = [a.word(i) for i in sorted(f.words)]
        if ahead and today is not None and f.op == "range" and len(f.values) == 2 and f.values[0] is not None \
                and f.values[1] is not None and f.values[1] <= today and any(w in MONTHS for w in said) \
                and not any(w.isdigit() for w in said):
            coming = month_range(f.values[0].year + 1, f.values[0].month)
            f = replace(f, values=(coming.start, coming.end), label=coming.label)
        out.append(f)
    return out


def _edit_filters(ctx: ReadContext, edit: Edit, in_play: set[str], skip: set[int],
                  dating: frozenset[int] = frozenset()) -> Edit:
    """New filters, merged with the current ones; "how about <value>?" replaces the old value."""
    a, spec, entity = ctx.a, edit.spec, edit.spec.entity
    values = filter_steps.value_filters(ctx, edit.decided, entity, in_play, skip)
    compared = filter_steps.comparison_filters(ctx, values.decided, entity, in_play,
                                               having_fallback=bool(spec.aggregates and spec.group_by))
    dated = filter_steps.date_filters(ctx, compared.decided, entity, in_play, dating)
    days = weekday_filters(ctx, dated.decided, entity, in_play)
    some = held_amounts(ctx, days.decided, entity, in_play)  # "only the ones with some points"
    dated = Step([*dated.value, *days.value, *some.value], dated.used | days.used | some.used, some.decided)
    # "which ones have no <rows>": rows of the current table that no such row refers to, when the
    # line names no other table before its negation (one that does asks about those rows instead)
    first_negation = min(a.negations, default=len(a.tokens))
    anti = {} if any(ctx.names_table(link) and ctx.table_of(link) != entity for link in a.links
                     if link.first < first_negation) \
        else filter_steps.anti_join_links(ctx, entity)
    denied = filter_steps.anti_join_filters(ctx, dated.decided, entity, anti)
    # the same event, empty-value and still-running readings a new question gets ("only the unpaid ones")
    taken = frozenset(values.used | compared.used | dated.used | denied.used)
    happened = events.event_filters(ctx, denied.decided, entity, taken)
    empty = events.missing_values(ctx, happened.decided, entity, taken | happened.used)
    running = events.current_rows(ctx, empty.decided, entity, in_play, taken | happened.used | empty.used)
    added = [*values.value, *compared.value, *_ahead_as_before(a, spec, dated.value), *denied.value,
             *happened.value, *empty.value, *running.value]
    current, changes = list(spec.filters), []
    if _asks_instead(a) and added and all(f.op in ("=", "in") for f in added):
        for old in _values_instead(current, added):
            current.remove(old)
            changes.append(f"removed filter: {condition_sql(spec, old, ctx.schema)}")
    also = _added_words(a) & {0, len(a.tokens) - 1}  # "also <value>", "<value> too", "<value> as well"
    # "and for <value>?" asks about another value, like "and what about"; "and <value>", "and for <value> too" add one
    extend = (a.word(0) in ("and", "or") or bool(also)) and a.word(1) not in ("how", "what") \
        and not (a.word(1) == "for" and not also)
    for f in added:
        _merge_filter(current, f, spec, ctx.schema, changes, extend)
    # a comparison kept for HAVING used its words too
    used = taken | happened.used | empty.used | running.used
    if extend and added:
        used |= _added_words(a)
    if not added and (turned := _turned_comparison(ctx, current)) is not None:
        at, old, new = turned
        current[current.index(old)] = new
        changes += [f"removed filter: {condition_sql(spec, old, ctx.schema)}",
                    f"added filter: {condition_sql(spec, new, ctx.schema)}"]
        used = used | {at}
    edit = edit.changed(spec.with_(filters=tuple(current)), changes, used)
    return edit.deciding(running.decided)


def _values_instead(current: list[Filter], added: list[Filter]) -> list[Filter]:
    """ "how about <value>?": the old values the new one stands in for; a yes/no or a number the rows
    were kept by ("not neutered", "rating 5") is no value of that kind, and stays."""
    columns = {f.column for f in added}
    return [f for f in current if f.op in ("=", "in") and f.column not in columns
            and all(isinstance(v, str) for v in f.values)]


_ONE_WORD_COMPARATORS = {phrase[0]: op for phrase, op, _concept in COMPARATORS
                         if len(phrase) == 1 and phrase[0].isalpha()}
_TURNED = {">": (">", ">="), "<": ("<", "<="), ">=": (">", ">="), "<=": ("<", "<=")}


def _turned_comparison(ctx: ReadContext, current: list[Filter]) -> tuple[int, Filter, Filter] | None:
    """ "how about after?", "what about more?": a comparator word alone turns the one comparison of
    the query the other way, at the same value (before 2010 -> after 2010)."""
    a = ctx.a
    if not _asks_instead(a) or a.links:
        return None
    said = [(i, _ONE_WORD_COMPARATORS[t.text]) for i, t in enumerate(a.tokens) if t.text in _ONE_WORD_COMPARATORS]
    compared = [f for f in current if f.op in _TURNED]
    if len(said) != 1 or len(compared) != 1 or said[0][1] not in _TURNED:
        return None
    at, op = said[0]
    old = compared[0]
    if old.op in _TURNED[op]:
        return None  # already that way
    return at, old, replace(old, op=op, words=frozenset({at}))


def _edit_havings(ctx: ReadContext, edit: Edit) -> Edit:
    """Conditions on aggregates that the comparisons turned into: kept groups."""
    d, new = edit.decided, edit.spec
    if not ((d.aggregate_havings and new.aggregates) or d.count_havings):
        return edit
    redone = {i for i, _op, _v in d.aggregate_havings}
    kept = [h for h in new.having if h[0] not in redone]
    group, aggregates, having = filter_steps.havings(ctx, d, new.entity, list(new.group_by), list(new.aggregates),
                                                     kept)
    aggregates, having = filter_steps.settle_conditions(aggregates, having)  # the count it has is the one kept
    aggregates = [replace(ag, shown=True) for ag in aggregates]  # a follow-up shows what it filters on
    new = new.with_(group_by=tuple(group), aggregates=tuple(aggregates), having=tuple(having), projections=())
    return edit.changed(new, ["kept groups where " + ", ".join(
        f"{base_name(new.aggregates[i], new.entity)} {op} {v:g}" for i, op, v in having[len(kept):])], edit.used)


def _edit_grouping(ctx: ReadContext, edit: Edit, in_play: set[str],
                   group_links: dict[int, Link]) -> tuple[Edit, list[GroupKey]]:
    """ "per <column> instead" replaces the grouping; "and per <column>" adds to it."""
    new = edit.spec
    step = measures.group_keys(ctx, edit.decided, new.entity, in_play, group_links)
    edit = edit.deciding(step.decided)
    if not step.value:
        return edit, []
    replacing = _words_in(ctx.a, _REPLACE_WORDS)
    kept_keys = () if replacing else new.group_by
    new = new.with_(group_by=tuple(dict.fromkeys([*kept_keys, *step.value])), projections=(), limit=None)
    if not new.aggregates:
        new = new.with_(aggregates=(Aggregate("count"),))
    added = _added_words(ctx.a) if kept_keys else frozenset()  # "by <column> too": beside the groups kept
    return edit.changed(new, ["grouped by " + ", ".join(k.alias for k in step.value)],
                        step.used | replacing | added), step.value


def _edit_aggregates(ctx: ReadContext, edit: Edit,
                     in_play: set[str]) -> tuple[Edit, list[Aggregate] | None, list[Aggregate]]:
    """Another function on the same column, or the aggregates the follow-up names."""
    entity = edit.spec.entity
    switched = _switched_aggregates(ctx, edit.spec, entity, in_play)
    if switched is not None:
        step = replace(switched, decided=edit.decided)
    else:
        metrics, _ = measures.metrics(ctx, edit.decided)
        named = measures.aggregates(ctx, metrics.decided, entity, in_play)
        step = Step([*metrics.value, *named.value], metrics.used | named.used, named.decided)
    edit = edit.deciding(step.decided)
    if not step.value:
        return edit, None, []
    added = _added_words(ctx.a)
    if added and switched is None and edit.spec.is_aggregate:
        return _with_aggregates(edit, list(step.value), step.used | added), None, step.value
    edit = edit.changed(_replaced_aggregates(edit.spec, list(step.value)),
                        ["now showing " + ", ".join(base_name(ag, entity) for ag in step.value)], step.used)
    return edit, switched.value if switched is not None else None, step.value


def _replaced_aggregates(spec: QuerySpec, new: list[Aggregate]) -> QuerySpec:
    """Other aggregates shown instead of the current ones; those that conditions on groups test stay, hidden."""
    kept = {i for i, _op, _v in spec.having}
    aggregates = [*new, *(replace(spec.aggregates[i], shown=False) for i in sorted(kept))]
    moved = {old: len(new) + k for k, old in enumerate(sorted(kept))}
    order = tuple(o for o in spec.order_by if o.aggregate is None or o.aggregate < len(new))
    return spec.with_(aggregates=tuple(aggregates), projections=(), order_by=order,
                      having=tuple((moved[i], op, v) for i, op, v in spec.having))


def _added_words(a: Analysis) -> frozenset[int]:
    """The words asking to add to the answer ("also", "as well")."""
    words = [t.text for t in a.tokens]
    return frozenset(i + k for phrase in _ADD_PHRASES for i in range(len(words))
                     if tuple(words[i:i + len(phrase)]) == phrase and not denies_keeping(a, i)
                     for k in range(len(phrase)))  # "not including the X ones" leaves rows out


def _with_aggregates(edit: Edit, new: list[Aggregate], used: frozenset[int] | set[int]) -> Edit:
    """The current query with more aggregates beside its own: the same groups, rows and order."""
    spec = edit.spec
    fresh = [ag for ag in new if ag not in spec.aggregates]
    shown = tuple(ag if ag.shown or spec.projections else replace(ag, shown=True) for ag in spec.aggregates)
    grown = spec.with_(aggregates=(*shown, *(replace(ag, shown=True) for ag in fresh)))
    return edit.changed(grown, ["also showing " + ", ".join(base_name(ag, spec.entity) for ag in fresh)], used)


def _edit_count(ctx: ReadContext, edit: Edit, in_play: set[str], counting: bool) -> Edit:
    """ "how many?": the current rows counted."""
    if not counting:
        return edit
    a = ctx.a
    if edit.spec.having and not _added_words(a):  # the rows a count condition keeps, counted: one number
        new = edit.spec.with_(count_rows=True, order_by=(), limit=None, reorder=())
        return edit.changed(new, ["counted the rows kept"], a.count_span)
    added = _added_words(a)
    if added and edit.spec.is_aggregate:  # "the number of <rows> too": a count beside the aggregates
        return _with_aggregates(edit, [_counted(ctx, edit.spec)], a.count_span | added | _counted_words(ctx))
    step = measures.count_target(ctx, edit.decided, edit.spec.entity, in_play) if a.distinct else None
    target = step.value if step is not None else None
    count = Aggregate("count", target, distinct=target is not None)
    scoped = next((ag.metric for ag in edit.spec.aggregates if ag.metric is not None and ag.metric.where), None)
    new = edit.spec.with_(aggregates=(count,), group_by=(), projections=(), order_by=(), limit=None, distinct=False,
                          rows_of=scoped or edit.spec.rows_of)
    edit = edit.changed(new, ["turned into a count"], a.count_span | (step.used if step is not None else set()))
    return edit.deciding(step.decided) if step is not None else edit


def _counted_words(ctx: ReadContext) -> set[int]:
    link = ctx.a.next_link(max(ctx.a.count_span), max_gap=2)
    return set(range(link.first, link.last + 1)) if link is not None and ctx.table_of(link) else set()


def _counted(ctx: ReadContext, spec: QuerySpec) -> Aggregate:
    """What "the number of <rows>" counts: the rows of the table named, else the main table's rows."""
    link = ctx.a.next_link(max(ctx.a.count_span), max_gap=2)
    table = ctx.table_of(link)
    if table is None or table == spec.entity:
        return Aggregate("count")
    pk = ctx.table(table).primary_key
    return Aggregate("count", ColumnRef(table, pk.name), distinct=True) if pk else Aggregate("count")


def _edit_projections(ctx: ReadContext, edit: Edit, in_play: set[str]) -> Edit:
    """ "what are their <column>?", "show me the <column> and <column>": the columns asked for now."""
    new, a = edit.spec, ctx.a
    counted = new.aggregates and not new.group_by and all(ag.func == "count" for ag in new.aggregates)
    kept = _rows_kept_by_count(ctx, new)
    if new.is_aggregate and not (counted and not a.count) and not kept:
        return edit
    step = shown.requested_columns(ctx, edit.decided, new.entity, in_play)
    if not step.value:
        step = _asked_instead_columns(ctx, step.decided, new.entity, in_play)
    if not step.value:
        step = shown.projections(ctx, step.decided, new.entity, in_play)
    edit = edit.deciding(step.decided)
    if not step.value:
        return edit
    if kept and any(r.table != new.entity for r in step.value):
        return edit
    new = new.with_(projections=tuple(step.value))
    if kept:  # one value per grouped row: the columns join the key the rows are grouped by
        grouped = {g.column for g in new.group_by}
        new = new.with_(group_by=(*new.group_by, *(GroupKey(r) for r in step.value if r not in grouped)))
    if counted:  # a count, then a request for columns: list the rows instead of counting
        new = new.with_(aggregates=(), order_by=(), limit=None)
    return edit.changed(new, ["showing only " + ", ".join(p.column for p in step.value)], step.used)


def _rows_kept_by_count(ctx: ReadContext, spec: QuerySpec) -> bool:
    """ "<rows> with at least 2 <child rows>": rows grouped by their own key only to count their
    children, showing no aggregate: a listing of those rows, whose columns a follow-up may ask for."""
    pk = ctx.table(spec.entity).primary_key
    return bool(spec.group_by and spec.having) and pk is not None \
        and ColumnRef(spec.entity, pk.name) in {g.column for g in spec.group_by} \
        and not any(ag.shown for ag in spec.aggregates)


def _asked_instead_columns(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[list[ColumnRef]]:
    """ "how about its <column>?", "what about their <column> and <column>?": with no value, no
    comparison and no date, the columns asked about are shown in place of the ones before."""
    a = ctx.a
    links = [link for link in a.links if not d.taken(link.first)]
    if not _asks_instead(a) or not links or a.comparisons or a.dates \
            or any(link.of_kind(VALUE) or ctx.names_table(link) for link in a.links):
        return Step([], frozenset(), d)
    refs = [ctx.column_of(link, entity, in_play) for link in links]
    if any(ref is None for ref in refs):
        return Step([], frozenset(), d)
    roles = {**d.roles, **{link.first: "project" for link in links}}
    used = frozenset(i for link in links for i in range(link.first, link.last + 1))
    return Step([ref for ref in refs if ref is not None], used, replace(d, roles=MappingProxyType(roles)))


def _ranking_order(ctx: ReadContext, edit: Edit, in_play: set[str]) -> tuple[Edit, list[OrderKey]]:
    """A superlative in a follow-up: sort by the column it names, or count the rows it names."""
    new, entity = edit.spec, edit.spec.entity
    counted = _by_its_count(ctx, edit)
    if counted is not None:
        return counted
    step = measures.ranking(ctx, edit.decided, entity, in_play)
    edit = edit.deciding(step.decided)
    ranking = step.value
    if ranking is None:
        return edit, []
    if ranking.kind == "order":
        return edit.changed(new, [], step.used), [OrderKey(column=ranking.ref, descending=ranking.descending)]
    if ranking.kind == "count_other" and not new.group_by:
        pk = ctx.table(ranking.ref.table).primary_key
        new = new.with_(group_by=entity_keys(ctx.table(entity)),
                        aggregates=(Aggregate("count", ColumnRef(ranking.ref.table, pk.name) if pk else None),))
        return edit.changed(new, [], step.used), [OrderKey(aggregate=0, descending=ranking.descending)]
    return edit, []


_SORTING = frozenset({"sort", "sorted", "order", "ordered", "rank", "ranked", "first", "top"})
_COUNTED = frozenset({"frequency", "count"})


def _by_its_count(ctx: ReadContext, edit: Edit) -> tuple[Edit, list[OrderKey]] | None:
    """ "which of those is the busiest?", "sort most popular first" on rows counted per group: the
    groups by their count; "which one had the most?" with nothing after it, by the count or by the
    one sum or average measured per group; the one at the top unless the line only sorts."""
    a, spec = ctx.a, edit.spec
    k = next((i for i, ag in enumerate(spec.aggregates) if ag.func == "count"), None)
    if k is None and len(spec.aggregates) == 1:
        k = 0  # "which one had the highest?" over one sum per group
    if k is None or not spec.group_by:
        return None
    sort = next((s for s in a.sorts if s.index < 0 and s.concept in _COUNTED), None)  # "sort busiest first"
    if sort is not None and spec.aggregates[k].func == "count":
        return edit.changed(spec, [], sort.span), [OrderKey(aggregate=k, descending=sort.descending is not False)]
    # "which country had the most?": a superlative with nothing after it ranks by what was measured
    said = next((s for s in a.superlatives if s.concept in _COUNTED and spec.aggregates[k].func == "count"
                 or s.concept is None and max(a.span(s.index)) == len(a.tokens) - 1), None)
    if said is None:
        return None
    sorting = any(t.text in _SORTING for t in a.tokens)
    new = spec if sorting or a.limit is not None else spec.with_(limit=1)
    order = [OrderKey(aggregate=k, descending=said.descending)]
    return edit.changed(new, [] if new is spec else ["only the first row"], a.span(said.index)), order


def _edit_order(ctx: ReadContext, edit: Edit, in_play: set[str]) -> Edit:
    """A new sort, ranking or limit replaces the current one; "reverse" flips it."""
    a, entity = ctx.a, edit.spec.entity
    step = shown.sorts(ctx, edit.decided, entity, in_play, list(edit.spec.aggregates))
    edit = edit.deciding(step.decided).changed(edit.spec, [], step.used if step.value else set())
    order = list(step.value)
    if (a.superlatives or a.sorts) and not order:
        edit, order = _ranking_order(ctx, edit, in_play)
    if a.limit is not None:
        edit, order = _edit_limit(ctx, edit, order)
    flips = _words_in(a, tuple(REVERSE_WORDS))
    flips |= {j for f in flips for j in (f + 1, f + 2) if a.word(j) in _ORDER_WORDS}  # "flip the order"
    if not order and edit.spec.order_by and flips:
        order = [replace(o, descending=not o.descending) for o in edit.spec.order_by]
        edit = edit.changed(edit.spec, [], flips)
    if not order and not step.value and edit.spec.order_by:
        order, edit = _redirected(a, edit)
    if not order:
        return edit
    if step.value and edit.spec.limit is not None and edit.spec.order_by and a.limit is None:
        # "sort by <column>" after "top N ...": the same N rows, in the new order
        new = edit.spec.with_(reorder=tuple(order))
        return edit.changed(new, [f"the same {new.limit} rows sorted by " + _said_order(new, order)], set())
    order = [_onto_aggregate(edit.spec, key) for key in order]
    new = edit.spec.with_(order_by=tuple(order), reorder=())
    return edit.changed(new, ["sorted by " + _said_order(new, order)], set())


def _onto_aggregate(spec: QuerySpec, key: OrderKey) -> OrderKey:
    """On grouped rows a column has one value per group only as its aggregate: "sort by cost" over
    costs summed per mechanic sorts by the sums."""
    if key.column is None or not spec.group_by or any(g.column == key.column for g in spec.group_by):
        return key
    k = next((i for i, ag in enumerate(spec.aggregates) if ag.column == key.column), None)
    return replace(key, column=None, aggregate=k) if k is not None else key


def _edit_limit(ctx: ReadContext, edit: Edit, order: list[OrderKey]) -> tuple[Edit, list[OrderKey]]:
    """A new limit replaces the current one; "top N" over a query with no order ranks by its first
    aggregate, else by the table's measure, so that the N rows are the top ones."""
    a, new, entity = ctx.a, edit.spec, edit.spec.entity
    if not order and not new.order_by and a.limit_from_top is not None:
        measure = ctx.table(entity).measure_column
        if new.aggregates:
            order = [OrderKey(aggregate=0, descending=a.limit_from_top)]
        elif measure is not None:
            order = [OrderKey(column=ColumnRef(entity, measure.name), descending=a.limit_from_top)]
    return edit.changed(new.with_(limit=a.limit), [f"limit {a.limit}"], a.limit_span), order


_ORDER_WORDS = ("order", "ordering", "sort", "sorting", "direction")


def _said_order(spec: QuerySpec, order: list[OrderKey]) -> str:
    """The sort keys as the change list tells them to the user: a column by its name, an aggregate by its alias."""
    return ", ".join((o.column.column if o.column else base_name(spec.aggregates[o.aggregate or 0], spec.entity))
                     + (" DESC" if o.descending else "") for o in order)


def _redirected(a: Analysis, edit: Edit) -> tuple[list[OrderKey], Edit]:
    """A bare "descending" / "ascending": the current order, in that direction (the keys stay)."""
    said = sorted(_words_in(a, tuple(DIRECTIONS)))
    if not said:
        return [], edit
    descending = DIRECTIONS[a.word(said[0])]
    order = [replace(o, descending=descending) for o in edit.spec.order_by]
    return order, edit.changed(edit.spec, [], set(said))
