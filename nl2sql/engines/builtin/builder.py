"""A new question's analysis -> a query spec.

Decides the main table, what each linked word does (filter, group, aggregate, sort, project),
and how sure it is. Nothing here names a table of any particular database: everything comes
from the schema, the stored values and generic English cue words. The steps live beside this
module (filters, measures, shown); this one runs them in order over an immutable ``Parts``,
keeping the words each step used only while its result stays in the query.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import sqlglot
from sqlglot import exp

from nl2sql.db.schema import Schema
from nl2sql.dialog.questions import SlotKey, Slots
from nl2sql.domain import EMPTY, DomainConfig, Metric
from nl2sql.engines.base import Ambiguity
from nl2sql.engines.builtin import (
    absent,
    deeds,
    doubts,
    either,
    events,
    every,
    filters,
    group_averages,
    measures,
    periods,
    pieces,
    related,
    render,
    shared,
    shown,
)
from nl2sql.engines.builtin.analysis import COMPARE_WORDS, DIRECTIONS, NO_FUZZY, Analysis
from nl2sql.engines.builtin.expressed import accounted
from nl2sql.engines.builtin.held_amounts import held_amounts
from nl2sql.engines.builtin.measures import Ranking
from nl2sql.engines.builtin.member_bridges import member_bridges, members_of
from nl2sql.engines.builtin.names import snake
from nl2sql.engines.builtin.rates import rate_in
from nl2sql.engines.builtin.reader import (
    Claims,
    Decided,
    Having,
    ReadContext,
    Reading,
    agg_table,
    entity_keys,
)
from nl2sql.engines.builtin.resolve import (
    kind_value,
    named_date_links,
    people_behind,
    person_behind,
    pick_entity,
    ranks_people,
    says_who,
    subject_value,
    table_evidence,
)
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, OrderKey, QuerySpec
from nl2sql.engines.builtin.used import confidence, query_words, spec_refs
from nl2sql.engines.builtin.weekdays import weekday_filters
from nl2sql.errors import EngineError
from nl2sql.identifiers import column
from nl2sql.linking.lexicon import COLUMN, METRIC, SYNONYM, TABLE, VALUE, Link
from nl2sql.linking.text import name_words, singular, spoken
from nl2sql.profile import profile_of, roles, sales_kept

__all__ = ["Reading", "build_spec", "entity_keys"]


@dataclass(frozen=True)
class Parts:
    """The query as the steps build it, and the words behind each part (by step name).

    A step that replaces a part drops the words of the steps that made it, so that the words
    a reading reports as used are those of the query it finally built.
    """

    entity: str
    in_play: frozenset[str]
    group: tuple[GroupKey, ...] = ()
    aggregates: tuple[Aggregate, ...] = ()
    filters: tuple[Filter, ...] = ()
    alternatives: tuple[tuple[Filter, ...], ...] = ()
    having: tuple[Having, ...] = ()
    order: tuple[OrderKey, ...] = ()
    limit: int | None = None
    projections: tuple[ColumnRef, ...] = ()
    distinct: bool = False
    ranking: Ranking | None = None
    count_rows: bool = False
    words: Mapping[str, frozenset[int]] = field(default_factory=lambda: MappingProxyType({}))

    def using(self, step: str, used: frozenset[int] | set[int], **changes: object) -> Parts:
        """These changes, with the words of ``step`` added to what the query uses."""
        words = dict(self.words)
        words[step] = words.get(step, frozenset()) | frozenset(used)
        return self._evolve(words=MappingProxyType(words), **changes)

    def _evolve(self, **changes: object) -> Parts:
        """``dataclasses.replace`` without re-running ``__init__``: the builder makes many of these."""
        new = object.__new__(Parts)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def dropping(self, *steps: str) -> Parts:
        """The query without the words of ``steps``: what they made was replaced."""
        return replace(self, words=MappingProxyType({k: v for k, v in self.words.items() if k not in steps}))

    @property
    def used(self) -> frozenset[int]:
        return frozenset().union(*self.words.values())


@dataclass(frozen=True)
class Focus:
    """The main table and what the question's links already took before the steps run."""

    entity: str
    forced: bool
    group_links: Mapping[int, Link]
    anti: Mapping[int, str]
    named_dates: frozenset[int]
    # The question to ask when the line named no table and the entity is the first one offered.
    vague: Ambiguity | None = None

    @property
    def skip(self) -> set[int]:
        return set(self.group_links) | set(self.anti) | set(self.named_dates)


def build_spec(a: Analysis, schema: Schema, domain: DomainConfig = EMPTY, slots: Slots | None = None) -> Reading:
    """Read a new question into a spec, or raise EngineError saying what was not understood."""
    if a.write_verb:
        raise EngineError(f"nl2sql only reads data, so it will not {a.write_verb} anything; "
                          "ask a question about the data instead.")
    ctx = ReadContext(a, schema, domain, MappingProxyType(dict(slots or {})))
    focus = choose_entity(ctx)
    if isinstance(focus, Reading):
        return focus
    d, ctx = _entity_questions(ctx, focus)
    in_play = {focus.entity} | {cand.table for link in a.links if link.first not in focus.skip
                                for cand in [*link.of_kind(TABLE), *link.of_kind(COLUMN)] if cand.score >= 1.0}
    in_play |= set(focus.anti.values())  # "with no <rows> in 2014": the year may be theirs
    parts = Parts(focus.entity, frozenset(in_play))
    parts, d, ctx = read_measures(ctx, d, parts, focus)
    parts, d = read_filters(ctx, d, parts, focus)
    parts, d = read_ranking(ctx, d, parts)
    parts, d = read_counts(ctx, d, parts)
    parts = _ranked_by_measure(ctx, _per_period(ctx, _per_compared_value(ctx, parts)))
    parts, d = read_projections(ctx, d, parts)
    parts, d = read_order(ctx, d, parts)
    parts, d = read_related(ctx, d, parts)
    return _finish(ctx, d, parts, focus)


# Verbs that put rows in order by something: "rank <rows> by <measure>".
_RANK_VERBS = frozenset({"rank", "sort", "order"})


def _ranked_by_measure(ctx: ReadContext, parts: Parts) -> Parts:
    """ "rank categories by number of orders", "sort countries by revenue": the measure once per row
    or value named between the verb and "by", which the sort then orders (a single total ranks nothing)."""
    a = ctx.a
    if not parts.aggregates or parts.group:
        return parts
    lead = 1 if a.word(0) == "please" else 0  # the verb opens the request: "the average order total" has none
    verb = lead if a.word(lead) in _RANK_VERBS and lead + 1 < len(a.tokens) else None
    rows = a.next_link(verb, max_gap=2) if verb is not None else None
    if verb is None or rows is None or a.word(rows.last + 1) != "by":
        return parts
    if (link := a.link_at(verb)) is not None and parts.entity in {c.table for c in link.of_kind(TABLE)
                                                                  if c.match != SYNONYM}:
        return parts  # "order" read as the orders the rows are: the rows are not what the verb sorts
    counted = {agg_table(ag) for ag in parts.aggregates} - {None, parts.entity}
    if ctx.names_table(rows) and ctx.table_of(rows) == parts.entity:
        group = entity_keys(ctx.table(parts.entity))
    elif (ref := ctx.column_of(rows, parts.entity, set(parts.in_play))) is not None and ref.table not in counted:
        group = (GroupKey(ref),)  # (a column of the rows counted through another table would miss the rows it lacks)
    else:
        return parts
    said = [(i, DIRECTIONS[t.text]) for i, t in enumerate(a.tokens) if i > rows.last and t.text in DIRECTIONS]
    descending = said[-1][1] if said else a.word(verb) == "rank"  # a ranking runs from the top
    order = parts.order or (OrderKey(aggregate=0, descending=descending),)
    return parts.using("rank", {verb, *range(rows.first, rows.last + 2), *(i for i, _ in said)},
                       group=group, order=order)


def _per_compared_value(ctx: ReadContext, parts: Parts) -> Parts:
    """ "compare the average fare for Vigo and Porto", "revenue in France versus Germany": the
    aggregate once per value of the one condition that lists several, grouped by its column."""
    compare = {i for i, t in enumerate(ctx.a.tokens) if t.text in COMPARE_WORDS}
    listed = [f for f in parts.filters if f.op == "in" and len(f.values) > 1]
    more = either.more_of_either(ctx.a)
    if parts.group or len(listed) != 1:
        return parts
    if more is not None:  # "did Vigo or Cadiz get more voyages": the value with the most, and its count
        at, descending = more
        rows = ctx.a.next_link(at, max_gap=1)
        counted = ctx.table_of(rows) if rows is not None and ctx.names_table(rows) else None
        count = Aggregate("count", ctx.row_key(counted) if counted not in (None, parts.entity) else None)
        used = {at, *(range(rows.first, rows.last + 1) if rows is not None and counted else ())}
        return parts.using("compare", used, group=(GroupKey(listed[0].column),),
                           aggregates=parts.aggregates or (count,), limit=1,
                           order=(OrderKey(aggregate=0, descending=descending),))
    if not compare or (not parts.aggregates and parts.projections):
        return parts
    # "card vs cash payments": rows compared, nothing measured, are counted (as periods compared are)
    aggregates = parts.aggregates or (Aggregate("count", None),)
    return parts.using("compare", compare, group=(GroupKey(listed[0].column),), aggregates=aggregates)


# Words that set listed periods apart: "in each of June, July and August", "in 2024 and 2025 respectively".
_APART = frozenset({"each", "respectively", "separately", "individually"})


def _per_period(ctx: ReadContext, parts: Parts) -> Parts:
    """Whole periods of one date column said together ("revenue in 2024 and in 2025", "compare
    bookings in March with April"): alternatives, and a measure once per period (see ``periods``)."""
    found = periods.whole_periods(parts.filters)
    if found is None or found.apart(ctx.a.negations):
        return parts
    joined = found.joined(parts.alternatives)
    if joined is None:
        return parts  # a period "or" another condition
    compare = {i for i, t in enumerate(ctx.a.tokens) if t.text in COMPARE_WORDS}
    more = either.more_of_either(ctx.a)
    side_by_side = bool(compare) or more is not None
    # "in 2024 or 2025" is one total over both, as said; so is a stretch of three or more months or
    # quarters in a row ("in June, July and August"), which names one span of time, unless the line
    # sets them apart ("in each of", "respectively"); years said one by one are compared
    # "compare rentals in May with June": rows compared are counted, as "more" counts them
    counted = more is not None or (bool(compare) and not parts.projections)
    per_period = (bool(parts.aggregates) or counted) and parts.limit is None \
        and (not parts.group or side_by_side) and (side_by_side or not (joined or _one_stretch(ctx, found)))
    kept, either_groups = found.as_alternatives(parts.filters, parts.alternatives)
    if not per_period:
        return parts.using("periods", compare, filters=kept, alternatives=either_groups)
    group = parts.group if found.group() in parts.group else (*parts.group, found.group())
    said = compare | ({more[0]} if more else set())
    measure = None if parts.aggregates else _amount_after(ctx, parts, said)
    return parts.using("periods", said | (measure[1] if measure else set()), filters=kept,
                       alternatives=either_groups, group=group,
                       aggregates=parts.aggregates or (measure[0] if measure else Aggregate("count"),))


def _one_stretch(ctx: ReadContext, found: periods.Periods) -> bool:
    return found.contiguous and len(found.filters) > 2 and found.unit != "year" \
        and not _APART & {t.text for t in ctx.a.tokens}


def _amount_after(ctx: ReadContext, parts: Parts, cues: set[int]) -> tuple[Aggregate, set[int]] | None:
    """ "compare hours logged in March with April", "did we log more hours in 2024 or 2025": the amount
    the cue is said of, summed (a quantity, money taken, a span of time), with the words naming it."""
    for at in sorted(cues):
        link = ctx.a.next_link(at, max_gap=1)
        ref = ctx.column_of(link, parts.entity, set(parts.in_play)) if link is not None else None
        table = ctx.table(ref.table) if ref is not None else None
        col = table.column(ref.column) if table is not None and ref is not None else None
        if link is not None and ref is not None and table is not None and col is not None \
                and (roles.is_additive(table, col) or roles.is_duration(table, col)):
            return Aggregate("sum", ref), set(range(link.first, link.last + 1))
    return None


def choose_entity(ctx: ReadContext) -> Focus | Reading:
    """The main table; a question that names nothing is asked about, or refused."""
    a, schema = ctx.a, ctx.schema
    group_links = measures.group_links(ctx)
    anti = filters.anti_join_links(ctx)
    # A date column named beside a date phrase still says which table
    entity = pick_entity(a, schema, set(group_links) | set(anti))
    if entity is None and group_links:
        entity = pick_entity(a, schema, set(anti))
    forced = ctx.slots.get(doubts.ENTITY)
    forced_table = schema.table(forced) if forced else None
    if forced_table is not None:
        entity = forced_table.name
    elif (chosen := measures.chosen_metric_table(ctx, entity)) is not None:
        entity = chosen  # the answer chose a metric of another table: its rows are the subject
    elif (rate := rate_in(a, schema)) is not None:
        entity = rate.table  # "the refund rate per cafe": a share of the rows the event happens to
    elif entity is not None and ranks_people(a) and (person := _person_asked(a, schema, entity)) is not None:
        entity = person  # "who spent the most": the customer whose orders add up most
    elif entity is not None and (members := members_of(a, schema, entity)) is not None:
        entity = members  # "who works on <a project>": the people linked to it
    named = any(link.of_kind(TABLE) or link.of_kind(COLUMN) or link.of_kind(METRIC) for link in a.links) \
        or subject_value(a) is not None or _ranked_kind(a)  # "how many baristas ...", "the best-selling songbook"
    vague = None
    if entity is None or (not named and a.unread() and not forced):
        asked = _asked_entity(ctx)
        if isinstance(asked, Reading):
            return asked
        entity, vague = asked
    return Focus(entity, bool(forced), MappingProxyType(group_links), MappingProxyType(anti),
                 frozenset(named_date_links(a, schema)), vague)


def _asked_entity(ctx: ReadContext) -> Reading | tuple[str, Ambiguity]:
    """A line that names no data: refused, or asked which rows it is about; one that ranks periods
    ("the busiest month last year") is read for the first table offered while it asks."""
    a = ctx.a
    vague = doubts.general(a, ctx.schema, ctx.domain.entities, ctx.slots)
    if vague is None or vague.question is None:
        words = ", ".join(repr(w) for w in a.unread()[:4]) or repr(a.text)
        raise EngineError(f"I could not match {words} to any table or column of this database.")
    if not (a.buckets and a.superlatives):
        spec = QuerySpec(entity=vague.question.values[0])
        return Reading(spec, 0.3, ("nothing in the question names data",), ambiguities=(vague,))
    return vague.question.values[0], vague


def _ranked_kind(a: Analysis) -> bool:
    """Whether a kind of rows said as a noun is what a superlative ranks ("our best-selling
    songbook", "the most popular novel"): the rows are named, by their kind."""
    ends = {max(a.span(s.index)) for s in a.superlatives}
    return any(kind_value(a, link) and (link.first - 1 in ends or link.first - 2 in ends) for link in a.links)


def _person_asked(a: Analysis, schema: Schema, entity: str) -> str | None:
    """ "who spent the most": the person behind the rows chosen; when those are no events of a
    person ("who in the Leeds branch booked the most repairs" chose the branch), the person behind
    the events the line names."""
    named = frozenset(c.table for link in a.links for c in link.candidates
                      if c.score >= 1.0 and c.kind in (TABLE, COLUMN, VALUE))
    table = schema.table(entity)
    if table is None or table.person_name is not None:
        return None
    others = sorted(named - {entity}) if table.default_date_column is None else []
    found = {p for t in [entity, *others] if (p := person_behind(schema, t, named)) is not None}
    return found.pop() if len(found) == 1 else None


def _people_unsaid(a: Analysis, schema: Schema, entity: str) -> list[str]:
    """The kinds of people "who ... the most" may ask for when the rows chosen are no person's nor
    their events (an office) and the events the line names belong to several kinds."""
    table = schema.table(entity)
    if not ranks_people(a) or table is None or table.person_name is not None or table.default_date_column:
        return []
    named = {c.table for link in a.links for c in link.of_kind(TABLE) if c.score >= 1.0} - {entity}
    return sorted({p for t in named for p in people_behind(schema, t)})


def _entity_questions(ctx: ReadContext, focus: Focus) -> tuple[Decided, ReadContext]:
    """Whether the main table is a guess worth asking about, and the domain's question for it."""
    c = Claims(Decided())
    c.ask(focus.vague)
    if not focus.forced:
        c.ask(doubts.partial(ctx.a, ctx.schema, focus.entity, focus.skip, ctx.slots)
              or doubts.people(ctx.a, focus.entity, ctx.slots, table_evidence(ctx.a, ctx.schema, focus.skip))
              or doubts.whom(_people_unsaid(ctx.a, ctx.schema, focus.entity), ctx.slots))
    asked = ctx.domain.table_questions.get(focus.entity)
    if asked is not None:
        _, ctx = measures.configured(ctx, c, asked, SlotKey("table_question", focus.entity), focus.entity)
    return c.done(None).decided, ctx


def read_measures(ctx: ReadContext, d: Decided, parts: Parts,
                  focus: Focus) -> tuple[Parts, Decided, ReadContext]:
    """Grouping, named metrics and aggregates; a metric's question may set the date to use."""
    entity, in_play = parts.entity, set(parts.in_play)
    group = measures.group_keys(ctx, d, entity, in_play, dict(focus.group_links))
    metrics, ctx = measures.metrics(ctx, group.decided)
    aggs = measures.aggregates(ctx, metrics.decided, entity, in_play, offset=len(metrics.value),
                               grouped=bool(group.value))
    parts = parts.using("group", group.used, group=tuple(group.value))
    parts = parts.using("metrics", metrics.used).using(
        "aggregates", aggs.used, aggregates=(*metrics.value, *aggs.value))
    return parts, aggs.decided, ctx


def read_filters(ctx: ReadContext, d: Decided, parts: Parts, focus: Focus) -> tuple[Parts, Decided]:
    """Stored values, comparisons and dates as filters; conditions on aggregates; anti-joins."""
    entity, in_play = parts.entity, set(parts.in_play)
    values = filters.value_filters(ctx, d, entity, in_play, focus.skip)
    compared = filters.comparison_filters(ctx, values.decided, entity, in_play)
    dated = filters.date_filters(ctx, compared.decided, entity, in_play, focus.named_dates)
    days = weekday_filters(ctx, dated.decided, entity, in_play)
    held = pieces.contains_filters(ctx, days.decided, entity, in_play)
    some = held_amounts(ctx, held.decided, entity, in_play)
    d = some.decided
    group, aggregates, having = filters.havings(ctx, d, entity, list(parts.group), list(parts.aggregates), [])
    aggregates, having = filters.settle_conditions(aggregates, having)
    anti = filters.anti_join_filters(ctx, d, entity, dict(focus.anti))
    parts = parts.using("values", values.used).using("compare", compared.used).using("dates", dated.used)
    parts = parts.using("weekdays", days.used).using("contains", held.used).using("some", some.used).using(
        "anti", anti.used, group=tuple(group), aggregates=tuple(aggregates), having=tuple(having),
        filters=(*values.value, *compared.value, *dated.value, *days.value, *held.value, *some.value, *anti.value))
    happened = events.event_filters(ctx, anti.decided, entity, frozenset().union(*parts.words.values()),
                                    frozenset(t for ag in parts.aggregates if (t := agg_table(ag)) is not None))
    parts = parts.using("events", happened.used, filters=(*parts.filters, *happened.value))
    empty = events.missing_values(ctx, happened.decided, entity, frozenset().union(*parts.words.values()))
    parts = parts.using("missing", empty.used, filters=(*parts.filters, *empty.value))
    # "tenants on a <scheme> right now": the tables a condition reaches are on the way too
    reached = in_play | {f.column.table for f in parts.filters}
    running = events.current_rows(ctx, empty.decided, entity, reached, frozenset().union(*parts.words.values()))
    parts = parts.using("current", running.used, filters=(*parts.filters, *running.value))

    groups, joined = either.alternatives(ctx.a, parts.filters)
    kept, together = every.every_value(ctx, parts.filters, entity)
    kept, denied = absent.absent_filters(ctx, kept, entity, parts.used)
    parts = parts.using("every", together, filters=kept, alternatives=tuple(
        tuple(kept[parts.filters.index(f)] for f in group) for group in groups))
    return parts.using("either", joined).using("absent", denied), running.decided


def read_ranking(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """What a superlative ranks by, applied to the grouping, aggregates, order and limit."""
    step = measures.ranking(ctx, d, parts.entity, set(parts.in_play))
    parts = parts.using("limit", ctx.a.limit_span if ctx.a.limit else frozenset(), limit=ctx.a.limit)
    if step.value is None:
        return parts, step.decided
    parts = parts.using("ranking", step.used, ranking=step.value)
    return _apply_ranking(ctx, parts, step.value), step.decided


def _apply_grouped_ranking(ctx: ReadContext, parts: Parts, ranking: Ranking) -> Parts | None:
    """The rankings that group: each row (or each value of a column) with its measure, ranked."""
    entity, ref, descending = parts.entity, ranking.ref, ranking.descending
    etable = ctx.table(entity)
    by_aggregate = (OrderKey(aggregate=0, descending=descending),)
    if ranking.kind in ("count_other", "count_bucket", "referred"):
        return _counted_ranking(ctx, parts, ranking)
    if ranking.kind == "metric":  # "which <row> has the highest <metric>": each row's metric, ranked
        # (or the money the rows keep, said with a metric's word: "the highest fuel spend")
        index = next((i for i, ag in enumerate(parts.aggregates) if ag.metric is not None), 0)
        if not parts.aggregates:
            return None
        by = (GroupKey(ref),) if ref.column else entity_keys(etable)  # or each value of a column it opens with
        return replace(parts, group=parts.group or by, limit=parts.limit or 1,
                       order=(OrderKey(aggregate=index, descending=descending),))
    if ranking.kind == "aggregate_of" and ranking.aggregate is not None:  # "the highest average <column>"
        asked = measures.asked_within(ctx, entity, set(parts.in_play)) if not parts.group else None
        one = measures.singular_head(ctx, entity)
        if asked is not None:  # "students from which country have the best average grade": per country
            link, cand = asked
            one = ctx.a.tokens[link.last].text == ctx.a.tokens[link.last].norm  # "which country": the one
            parts = parts.using("group", set(range(link.first - 2, link.last + 1)),
                                group=(GroupKey(ColumnRef(cand.table, cand.column or "")),))
        return replace(parts, group=parts.group or entity_keys(etable), limit=parts.limit or (1 if one else None),
                       order=(OrderKey(aggregate=ranking.aggregate, descending=descending),))
    if ranking.kind in ("count_group", "total_group"):  # "which <column> has the most <rows>", "the highest total"
        return replace(_ranked_measure(parts, ranking), group=parts.group or (GroupKey(ref),), order=by_aggregate,
                       limit=parts.limit or 1)
    if ranking.kind == "by_child":  # an open superlative, ranked the way the answer (or the default) says
        return replace(parts.dropping("aggregates", "metrics"), aggregates=(measures.rank_aggregate(ctx, ref.column),),
                       group=parts.group or entity_keys(etable), order=by_aggregate,
                       limit=parts.limit or (1 if measures.singular_head(ctx, entity) else 10))
    return None


def _counted_ranking(ctx: ReadContext, parts: Parts, ranking: Ranking) -> Parts | None:
    """Rankings by how many rows: "<rows> with the most <child rows>", "which month had the most <rows>",
    "who referred the most <rows>"."""
    by_aggregate = (OrderKey(aggregate=0, descending=ranking.descending),)
    if ranking.kind == "count_other":
        keys = parts.group or entity_keys(ctx.table(parts.entity))
        return replace(parts.dropping("aggregates", "metrics"), group=keys,
                       aggregates=(Aggregate("count", ctx.row_key(ranking.ref.table), shown=False),),
                       order=by_aggregate, limit=parts.limit or 1)
    if ranking.kind == "referred":  # grouped by the key into its own table: how many point to each row
        return replace(parts.dropping("aggregates", "metrics"), group=(GroupKey(ranking.ref),),
                       aggregates=(Aggregate("count"),), order=by_aggregate, limit=parts.limit or 1)
    if not parts.group:
        return None
    # a period of a date alone says little ("Tuesday"): its count is shown beside it; a column of its
    # own (a year number) is the answer, its count only ranking, as for "which <group> has the most"
    dated = all(key.bucket is not None for key in parts.group)
    return replace(parts, aggregates=parts.aggregates or (Aggregate("count", shown=dated),), order=by_aggregate,
                   limit=parts.limit or 1)


def _ranked_measure(parts: Parts, ranking: Ranking) -> Parts:
    """What each group is ranked by: the total of the ranking's column, else the aggregate the
    question computes, else how many rows."""
    if ranking.measure is not None:
        return replace(parts.dropping("aggregates", "metrics"), aggregates=(Aggregate("sum", ranking.measure),))
    if ranking.counted is not None:  # "customers from which country placed the most orders": the orders
        return replace(parts, aggregates=parts.aggregates or (Aggregate("count", ranking.counted, shown=False),))
    return replace(parts, aggregates=parts.aggregates or (Aggregate("count", shown=False),))


def _apply_ranking(ctx: ReadContext, parts: Parts, ranking: Ranking) -> Parts:
    grouped = _apply_grouped_ranking(ctx, parts, ranking)
    if grouped is not None:
        return grouped
    entity, ref, descending = parts.entity, ranking.ref, ranking.descending
    etable = ctx.table(entity)
    by_aggregate = (OrderKey(aggregate=0, descending=descending),)
    if ranking.kind == "aggregate":  # "<superlative> <column>" of the whole table: one value
        return replace(parts.dropping("aggregates", "metrics"),
                       aggregates=(Aggregate("max" if descending else "min", ref),))
    limit = parts.limit if parts.limit is not None or not measures.singular_head(ctx, entity) else 1
    if ref.table != entity and measures.is_child(ctx, ref.table, entity):
        # a child table's column: many values per row, so rank by their extreme, total or average
        func = measures.child_rank_func(ctx, ref, descending)
        return replace(parts.dropping("aggregates", "metrics"), group=parts.group or entity_keys(etable),
                       aggregates=(Aggregate(func, ref, shown=False),), order=by_aggregate, limit=limit)
    if parts.group and not parts.aggregates and ref.table == entity and parts.limit is None:
        extreme = _extreme_per_group(ctx, parts, ref, descending)
        if extreme is not None:
            return extreme
    # "N <superlative> <rows>": sort by the column
    return replace(parts, order=(OrderKey(column=ref, descending=descending),), limit=limit)


def _extreme_per_group(ctx: ReadContext, parts: Parts, ref: ColumnRef, descending: bool) -> Parts | None:
    """ "the most expensive product in each category": in each group, the rows whose column is the
    group's highest (or lowest), shown with the group and the rows' labels. Groups are the rows'
    own column (each city) or the rows of a table their key points to (each category); a group
    said any other way is left to the plain ranking."""
    entity = ctx.table(parts.entity)
    keys = [g.column for g in parts.group]
    if any(g.bucket is not None for g in parts.group):
        return None
    if all(k.table == entity.name for k in keys):
        partition = keys[0].column
    else:
        tables = {k.table for k in keys}
        fks = [fk for fk in entity.foreign_keys if fk.ref_table in tables]
        if len(tables) != 1 or len(fks) != 1:
            return None
        partition = fks[0].column
    own = tuple(f for f in parts.filters if f.column.table == entity.name and f.other is None and f.against is None
                and f.op in ("=", "in", "like", ">", ">=", "<", "<=", "!=", "null", "not_null", "open", "unsettled"))
    extreme = Filter(ref, "=", own, against="max" if descending else "min", other=ColumnRef(entity.name, partition))
    label = entity.label_column
    named = [k for k in keys if not _key_beside_label(ctx, k, keys)]  # each group by its name, not its id
    shown = [*named, *((ColumnRef(entity.name, label.name),) if label is not None and label.name != ref.column else ()),
             ref]
    return replace(parts, group=(), projections=tuple(dict.fromkeys(shown)), filters=(*parts.filters, extreme),
                   order=tuple(OrderKey(column=k) for k in named))


def _key_beside_label(ctx: ReadContext, ref: ColumnRef, keys: list[ColumnRef]) -> bool:
    """Whether ``ref`` is its table's primary key and another of ``keys`` names the same rows."""
    pk = ctx.table(ref.table).primary_key
    return pk is not None and pk.name == ref.column and any(k.table == ref.table and k != ref for k in keys)


def read_counts(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """ "how many", "by number of <rows>", "distinct <column>": counts and distinct listings."""
    a = ctx.a
    averaged = _average_count(ctx, parts) or _average_count_per_period(ctx, parts) or _average_sale(ctx, parts) \
        or _average_of_groups(ctx, parts)
    if averaged is not None:
        return averaged, d
    if a.count and _number_ends_column(ctx):  # "<column> number of <row>": a column, not a count
        return parts.using("count", a.count_span), d
    share = _event_rate(ctx, parts) or _share(ctx, parts)
    if share is not None:
        return share, d
    ranked = _ranked_by_count(ctx, d, parts)
    if ranked is not None:
        return ranked
    if a.count and parts.aggregates and not any(ag.shown for ag in parts.aggregates):
        shown_count = _count_asked_again(ctx, parts) or _count_of_groups(ctx, parts) or _count_of_ranked(ctx, parts)
        if shown_count is not None:
            return shown_count, d
    if a.count and not parts.aggregates:
        return _count_rows(ctx, d, parts)
    if a.distinct and not parts.aggregates:
        listed = shown.projections(ctx, d, parts.entity, set(parts.in_play), any_column=True)
        used = listed.used | a.distinct_at if listed.value else frozenset()
        return parts.using("distinct", used, projections=tuple(listed.value),
                           distinct=bool(listed.value)), listed.decided
    return parts, d


def _average_count(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "the average number of <rows> per <group>", "on average, how many <rows> does a <group>
    have": how many rows a group has, on average over the groups that have any (rows over distinct
    groups), one number. The group is a column of the rows or the table their key refers to;
    "number of <x>" that names a number column is that column's average, read elsewhere."""
    entity = parts.entity
    said = _counted_per_group(ctx)
    if said is None or parts.having or parts.ranking is not None:
        return None
    phrase, link, per = said
    ref = _group_column(ctx, entity, per)
    if ref is None or not ctx.names_table(link) or ctx.table_of(link) != entity:
        return None
    col = column(ref.column)
    expression = group_averages.per_group(exp.Count(this=col), col.copy())
    group_name = spoken((ctx.table_of(per) if ctx.names_table(per) else None) or ref.column)
    metric = Metric(name=f"average_{snake(entity)}_count", table=entity,
                    expression=expression.sql(dialect=ctx.schema.dialect),
                    description=f"the number of {spoken(entity)} rows per {group_name}, on average")
    used = {*phrase, *range(link.first, link.last + 1), *range(per.first, per.last + 1)}
    return parts.dropping("group", "aggregates", "metrics").using(
        "count", used, aggregates=(Aggregate("metric", metric=metric),), group=(), projections=())


def _average_count_per_period(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "the average number of <rows> per month", "average daily <rows>", "<rows> per week, on
    average": the count of rows a period has, averaged over the periods that have any, one number:
    the rows over the distinct periods of their date."""
    a, keys, entity = ctx.a, parts.group, parts.entity
    at = next((i for func, i in a.aggregates if func == "avg"), None)
    rows = next((lk for lk in a.links if ctx.names_table(lk) and ctx.table_of(lk) == entity), None)
    if at is None or rows is None or len(keys) != 1 or keys[0].bucket is None or keys[0].column.table != entity \
            or parts.having or parts.ranking is not None:
        return None
    if a.word(at + 1) == "number" and a.word(at + 2) == "of" and rows.first in (at + 3, at + 4):
        words = {at, at + 1, at + 2}  # "average number of (the) <rows>"
    elif any(i == at + 1 for _unit, i in a.buckets) and rows.first == at + 2:
        words = {at}  # "average daily <rows>"
    elif a.count and a.count_span:
        words = {*a.span(at), *a.count_span}  # "how many <rows> ... on average"
    else:
        return None
    bucket = keys[0].bucket
    expression = group_averages.per_group(exp.Count(this=exp.Star()),
                                          render.bucket_sql(column(keys[0].column.column), bucket))
    metric = Metric(name=f"average_{snake(entity)}_per_{bucket}", table=entity,
                    expression=expression.sql(dialect=ctx.schema.dialect),
                    description=f"the number of {spoken(entity)} per {bucket}, on average over the {bucket}s "
                                "that have any")
    return parts.dropping("aggregates", "metrics").using(
        "count", words, aggregates=(Aggregate("metric", metric=metric),), group=(), projections=())


def _average_sale(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "the average invoice total", "average order value": the money of a sale's lines, per sale,
    on average, where the sale keeps no total of its own."""
    a, entity = ctx.a, parts.entity
    profile = profile_of(ctx.schema)
    line = next((ln for ln in profile.lines if ln.parent == entity), None)
    at = next((i for func, i in a.aggregates if func == "avg"), None)
    # "by <group>" alone counts each group's rows; "the average order value by store" asks the average instead
    counted = all(ag.func == "count" and ag.column is None for ag in parts.aggregates) and not a.count
    if line is None or at is None or (parts.aggregates and not (parts.group and counted)) or parts.having:
        return None
    fk = next((k for k in ctx.table(line.table).foreign_keys if k.ref_table == entity), None)
    sale = next((link for link in a.links if ctx.names_table(link) and ctx.table_of(link) == entity), None)
    if fk is None or sale is None or any(roles.is_sold_money(ctx.table(entity), col)
                                         for col in ctx.table(entity).columns):
        return None  # a sale with a total of its own: its average is that column's, read elsewhere
    money = sqlglot.parse_one(line.money_sql(ctx.schema.dialect), read=ctx.schema.dialect)
    expression = group_averages.per_group(money, column(fk.column))
    where, left_out = sales_kept(profile, line)
    metric = Metric(name=f"average_{snake(singular(entity))}_value", table=line.table,
                    expression=expression.sql(dialect=ctx.schema.dialect),
                    description=f"the {line.said} of the {spoken(line.table)} per {singular(spoken(entity))}, "
                                f"on average{left_out}", where=where)
    size = {i for i in range(sale.last + 1, sale.last + 3) if a.word(i) in measures.SALE_SIZE_WORDS}
    used = {at, *range(sale.first, sale.last + 1), *size}
    return parts.using("count", used, aggregates=(Aggregate("metric", metric=metric),), projections=())


def _average_of_groups(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "the mean outlay per tenant": an amount that adds up, read per group, with an average word
    no reader took: the groups' totals averaged, one number (``group_averages.py``)."""
    at = next((i for func, i in ctx.a.aggregates if func == "avg" and i not in parts.used), None)
    if at is None or len(parts.aggregates) != 1 or not parts.group or parts.having or parts.ranking is not None \
            or parts.order or parts.limit is not None:
        return None
    found = group_averages.averaged_over_groups(parts.aggregates[0], parts.group, ctx.schema)
    if found is None:
        return None
    agg, grouped_on = found
    metric_table = agg.metric.table if agg.metric is not None else parts.entity
    entity = parts.entity if grouped_on in (parts.entity, metric_table) else grouped_on
    return parts.using("average", set(ctx.a.span(at)), entity=entity, aggregates=(agg,), group=(), projections=())


def _counted_per_group(ctx: ReadContext) -> tuple[set[int], Link, Link] | None:
    """The words of an average count, the rows it counts and the group it counts them in: "average
    number of <rows> per <group>", or an average word beside "how many <rows> ... a <group>"."""
    a = ctx.a
    at = next((i for func, i in a.aggregates if func == "avg" and a.word(i + 1) == "number"
               and a.word(i + 2) == "of"), None)
    if at is not None:
        link = a.next_link(at + 2, max_gap=2)
        after = [g for g in a.group_words if link is not None and g > link.last]
        per = a.next_link(after[0], max_gap=2) if after else None
        return ({at, at + 1, at + 2, after[0]}, link, per) if link is not None and per is not None else None
    averaged = [i for func, i in a.aggregates if func == "avg"]
    if not averaged or not a.count or not a.count_span:
        return None
    link = a.next_link(max(a.count_span), max_gap=2)
    one = next((i for i in range(link.last + 1, len(a.tokens)) if a.word(i) in ("a", "an", "each", "per", "every")),
               None) if link is not None else None
    per = a.next_link(one, max_gap=1) if one is not None else None
    if link is None or per is None or one is None:
        return None
    return {*averaged, *a.count_span, one}, link, per


def _group_column(ctx: ReadContext, entity: str, per: Link) -> ColumnRef | None:
    """The column of ``entity``'s rows that says which group a row is in: its key into the table
    ``per`` names, or its own column ``per`` names."""
    if ctx.names_table(per):
        target = ctx.table_of(per)
        fk = next((k for k in ctx.table(entity).foreign_keys if k.ref_table == target), None)
        return ColumnRef(entity, fk.column) if fk is not None else None
    cand = next((k for k in per.of_kind(COLUMN) if k.table == entity and k.score >= 1.0), None)
    return ColumnRef(entity, cand.column or "") if cand is not None else None


def _share(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "what percentage of <rows> <condition>", "what share of <a total> came from <rows>": the
    filters (but a date range) say which part, the rows or the total the whole."""
    a = ctx.a
    if not a.share or parts.group or not any(f.op != "range" for f in parts.filters):
        return None
    if not parts.aggregates:
        return parts.using("share", a.share, aggregates=(Aggregate("share"),))
    if len(parts.aggregates) == 1 and _adds_up(ctx, parts.aggregates[0]):
        return parts.using("share", a.share, aggregates=(replace(parts.aggregates[0], func="share"),))
    return None


def _event_rate(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "the cancellation rate per salon": the share of the rows the event happened to, per group."""
    rate = rate_in(ctx.a, ctx.schema)
    if rate is None or rate.table != parts.entity or parts.aggregates:
        return None
    return parts.using("share", rate.words, filters=(*parts.filters, rate.condition),
                       aggregates=(Aggregate("share"),))


def _adds_up(ctx: ReadContext, agg: Aggregate) -> bool:
    """Whether an aggregate is a total that its parts add up to: a plain sum, or a metric of sums."""
    if agg.func == "sum":
        return agg.column is not None and not agg.distinct
    if agg.func != "metric" or agg.metric is None:
        return False
    tree = sqlglot.parse_one(agg.metric.expression, read=ctx.schema.dialect)
    found = list(tree.find_all(exp.AggFunc))
    return bool(found) and all(isinstance(f, exp.Sum) for f in found)


def _ranked_by_count(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided] | None:
    """ "top N <rows> by number of <child rows>": a count that ranks the main rows, one per row,
    replaces whatever aggregate was read before."""
    a, entity = ctx.a, parts.entity
    ranked = measures.ranked_by_count(ctx, d, entity) if a.count and a.limit_from_top is not None else None
    if ranked is None or ranked.value is None:
        return None
    count = Aggregate("count", ctx.row_key(ranked.value))
    return parts.dropping("aggregates", "metrics").using(
        "count", ranked.used, aggregates=(count,), group=parts.group or entity_keys(ctx.table(entity)),
        order=(OrderKey(aggregate=0, descending=bool(a.limit_from_top)),)), ranked.decided


def _count_rows(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """A count with no aggregate read yet: of distinct values when the line says so, else of the
    rows (of another table when it names one). The words naming what is counted are the count's
    only for a distinct count or an ungrouped one; beside a grouping they are the grouping's."""
    a, entity = ctx.a, parts.entity
    weighed = _weighed(ctx, entity)
    if weighed is not None:  # "how many kilos of potatoes": the quantity the rows hold, added up
        ref, unit = weighed
        return parts.using("count", a.count_span | {unit}, aggregates=(Aggregate("sum", ref),)), d
    target = measures.count_target(ctx, d, entity, set(parts.in_play))
    counted = target.value
    if counted is not None and a.distinct:
        count = Aggregate("count", counted, distinct=True)
    else:
        count = _counted_table(ctx, entity) or Aggregate("count")
    used = a.count_span | (target.used if counted is not None and (a.distinct or not parts.group) else set())
    c = Claims(target.decided)
    if not count.distinct and (quantity := _held_quantity(ctx, count.table or entity)) is not None:
        c.doubts.append(f"each row of {count.table or entity} holds a {quantity}")  # 2 tickets on one row
    return parts.using("count", used, aggregates=(count,)), c.done(None).decided


# Units a quantity is weighed or measured in, said after "how many" ("how many kilos of ...").
_MEASURE_UNITS = frozenset({"kilo", "kilos", "kg", "kgs", "kilogram", "kilograms", "gram", "grams", "tonne", "tonnes",
                            "ton", "tons", "litre", "litres", "liter", "liters", "lb", "lbs", "ounces", "oz"})


def _weighed(ctx: ReadContext, entity: str) -> tuple[ColumnRef, int] | None:
    """(the quantity, the unit word) of "how many <unit> of <rows>", when the counted rows keep one
    quantity and the unit names nothing of the schema."""
    a = ctx.a
    at = max(a.count_span) + 1 if a.count_span else -1
    if at < 0 or a.word(at) not in _MEASURE_UNITS or a.link_at(at) is not None:
        return None
    found = [col for t, col in profile_of(ctx.schema).quantities if t == entity]
    return (ColumnRef(entity, found[0]), at) if len(found) == 1 else None


def _held_quantity(ctx: ReadContext, table: str) -> str | None:
    """The quantity column of rows that each stand for several things (a ticket row for 2 seats):
    "how many tickets" may count the rows or add up the quantity."""
    found = [col for t, col in profile_of(ctx.schema).quantities
             if t == table and set(name_words(col)) & {"qty", "quantity"}]
    return found[0] if len(found) == 1 else None


def _number_ends_column(ctx: ReadContext) -> bool:
    """Whether the "number" of "number of" ends the name of a column named just before it
    ("<phone> number of", "<staff> number of"): a column whose name says number."""
    a = ctx.a
    if a.word(a.count_index) != "number":
        return False
    before = a.link_at(a.count_index - 1) or a.link_at(a.count_index - 2)  # "<mobile> phone number"
    return before is not None and any({"number", "num", "no"} & set(name_words(cand.column or ""))
                                      for cand in before.of_kind(COLUMN))


def _counted_table(ctx: ReadContext, entity: str) -> Aggregate | None:
    """ "the number of <other rows>" beside the main table's columns: count the other table's rows
    reached from each main row, not the main rows themselves."""
    a = ctx.a
    link = a.next_link(max(a.count_span), max_gap=2) if a.count_span else None
    other = ctx.table_of(link) if ctx.names_table(link) else None
    if link is None or other is None or other == entity or ctx.schema.join_path(entity, other) is None:
        return None
    head = a.link_at(link.last + 1)
    if head is not None and head.first == link.last + 1 and ctx.names_table(head) and ctx.table_of(head) == entity \
            and a.tokens[head.last].text != a.tokens[head.last].norm:  # a plural noun, not a verb ("like")
        return None  # "how many customer bikes": the bikes, of a kind the first name says
    return Aggregate("count", ctx.row_key(other))


def _count_asked_again(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "<rows> with more than N <child rows>, and how many <child rows>": the count that filters
    the groups is also the count asked for, so it is shown."""
    a = ctx.a
    end = max(a.count_span) if a.count_span else a.count_index
    link = a.next_link(end, max_gap=2)
    # "Show how many each has": the count of the rows the condition counts, said of each group
    each = link is None and a.word(end + 1) in _EACH_ONE and bool(a.count_span)
    if link is None and not each:
        return None
    tables = {cand.table for cand in link.candidates} if link is not None else None
    conditions = {i for i, _op, _value in parts.having}
    for i, ag in enumerate(parts.aggregates):
        counted = ag.column.table if ag.column is not None else parts.entity  # COUNT(*): the rows' own
        if i in conditions and ag.func == "count" and (tables is None or counted in tables):
            aggregates = tuple(replace(other, shown=True) if j == i else other
                               for j, other in enumerate(parts.aggregates))
            used = a.count_span | (set(range(link.first, link.last + 1)) if link is not None else {end + 1})
            return parts.using("count", used, aggregates=aggregates)
    return None


# Words after "how many" that say the count is of each group's rows: "show how many each has".
_EACH_ONE = frozenset({"each", "every", "they", "it", "he", "she"})


def _count_of_ranked(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "the <column> with the most <rows>, and how many <rows> it holds": the count that ranks is
    asked for too, by a count phrase of its own, so it is shown."""
    a, ranking = ctx.a, parts.ranking
    if ranking is None or ranking.kind not in ("count_group", "count_other") or a.count_index < 0 \
            or a.count_index in parts.words.get("ranking", frozenset()) or parts.aggregates[0].func != "count":
        return None
    aggregates = (replace(parts.aggregates[0], shown=True), *parts.aggregates[1:])
    phrase = {i for i in a.count_span if i >= a.count_index}
    link = a.next_link(max(phrase), max_gap=2)
    counted = ranking.ref.table if ranking.kind == "count_other" else parts.entity
    if link is not None and ctx.table_of(link) == counted:
        phrase |= set(range(link.first, link.last + 1))  # "the number of <rows>" names the rows counted again
    return parts.using("count", phrase, aggregates=aggregates)


def _count_of_groups(ctx: ReadContext, parts: Parts) -> Parts | None:
    """ "how many <rows> have more than N <related rows>": the rows that pass the conditions on
    their related rows are counted, one number, not listed with their counts."""
    a, entity = ctx.a, parts.entity
    link = a.next_link(max(a.count_span), max_gap=2) if a.count_span else None
    if link is None or ctx.table_of(link) != entity or not ctx.names_table(link) or parts.projections \
            or parts.group != entity_keys(ctx.table(entity)) or not parts.having:
        return None
    conditions = {i for i, _op, _value in parts.having}
    if any(i not in conditions for i in range(len(parts.aggregates))):
        return None  # an aggregate asked for beside the condition: per row, not one number
    return parts.using("count", a.count_span, count_rows=True)


def read_projections(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """The columns to show, the grouping that ranking by an aggregate needs, counts for groups."""
    parts, d = _shown_columns(ctx, d, _rank_groups(ctx, parts))
    ranking = parts.ranking
    if parts.projections and ranking is not None and ranking.kind == "aggregate" and len(parts.aggregates) == 1:
        # columns asked for beside a superlative: the row with the extreme value, not the extreme
        parts = replace(parts, aggregates=(), order=(OrderKey(column=ranking.ref, descending=ranking.descending),),
                        limit=parts.limit or 1)
    parts = _group_shown_columns(ctx, _amount_of_ranked_row(ctx, parts))
    if parts.projections and not parts.aggregates and not parts.group \
            and any(s.concept == "count" for s in ctx.a.sorts):
        # columns sorted "by frequency": count each value and sort by the count
        parts = replace(parts, group=tuple(GroupKey(ref) for ref in parts.projections),
                        aggregates=(Aggregate("count", shown=False),))
    return _shown_aggregates(ctx, parts, ranking), d


def _rank_groups(ctx: ReadContext, parts: Parts) -> Parts:
    """Aggregates that rank or are grouped need their other half: a grouping by the main rows when
    they measure another table, an order when a top N ranks them, a count when only a grouping
    was read."""
    a, entity = ctx.a, parts.entity
    if parts.aggregates and not parts.group and (a.limit or parts.ranking) and not parts.order:
        # "top N <rows> by <aggregate> <child column>": rank the main table's rows by the aggregate
        if any(agg_table(ag) not in (None, entity) for ag in parts.aggregates):
            parts = replace(parts, group=entity_keys(ctx.table(entity)))
    if parts.aggregates and a.limit and a.limit_from_top is not None and not parts.order and parts.group:
        parts = replace(parts, order=(OrderKey(aggregate=0, descending=a.limit_from_top),))
    if parts.group and not parts.aggregates and not ctx.a.count and _each_row_alone(ctx, parts):
        return replace(parts, group=())  # "song titles by singers" of a singer table: whose, no groups
    if parts.group and not parts.aggregates:  # "<rows> per <group>": how many, or how much where rows are money
        parts = replace(parts, aggregates=(measures.money_rows(ctx, entity, parts.group) or Aggregate("count"),))
    return parts


def _each_row_alone(ctx: ReadContext, parts: Parts) -> bool:
    """Whether the grouping puts each of the main table's rows in a group of its own (by its key)."""
    pk = ctx.table(parts.entity).primary_key
    return pk is not None and any(g.column == ColumnRef(parts.entity, pk.name) for g in parts.group) \
        and all(g.column.table == parts.entity and g.bucket is None for g in parts.group)


def _shown_columns(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """The columns the line asks to see: those a plain listing shows when nothing else was read, and
    those a request names, unless an aggregate already shows them."""
    entity, in_play = parts.entity, set(parts.in_play)
    if not parts.aggregates and not parts.group and not parts.projections:
        listed = shown.projections(ctx, d, entity, in_play)
        parts, d = parts.using("projections", listed.used, projections=tuple(listed.value)), listed.decided
    if not parts.distinct:
        aggregated = {ag.column for ag in parts.aggregates}
        requested = shown.requested_columns(ctx, d, entity, in_play)
        refs = [] if _dating_only(parts, requested.value, requested.used) else \
            [ref for ref in requested.value if ref not in aggregated]
        parts = parts.using("requested", requested.used, projections=tuple(dict.fromkeys([*refs, *parts.projections])))
        d = requested.decided
    return parts, d


def _dating_only(parts: Parts, refs: list[ColumnRef], used: frozenset[int] | set[int]) -> bool:
    """Whether the columns to show are only the dates a period keeps the rows by, named by the words
    of that period's own verb ("users created after 2025"): the rows are asked for, not the dates."""
    dated = {f.column for f in parts.filters if f.op == "range"}
    return bool(refs) and set(refs) <= dated and used <= parts.words.get("dates", frozenset())


def _shown_aggregates(ctx: ReadContext, parts: Parts, ranking: Ranking | None) -> Parts:
    """With no column to show, the aggregates are the answer and are shown; not when the line asks
    which group, where the count only ranks, nor for a count that only filters named groups."""
    # "which <group> ...", "the most common <column>": the group is the answer, its count only ranks
    # ... of one group; "which 5 <groups>" is a short list, where each one's count is the answer too
    asks_identity = (ctx.a.word(0) in ("which", "what") or (ranking is not None and ranking.kind == "count_group")) \
        and bool(parts.group) and (parts.limit or 1) == 1
    if parts.projections or asks_identity or parts.count_rows:
        return parts
    # a count made only to filter groups the question named ("<values> with fewer than N <rows>")
    # stays a condition; beside a table's keys alone it is the one informative column
    named = parts.group and parts.group != entity_keys(ctx.table(parts.entity))
    conditions = {i for i, _op, _value in parts.having} if named else set()
    return replace(parts, aggregates=tuple(ag if i in conditions and not ag.shown else replace(ag, shown=True)
                                           for i, ag in enumerate(parts.aggregates)))


def _amount_of_ranked_row(ctx: ReadContext, parts: Parts) -> Parts:
    """ "how much does the <superlative> <row> cost": the amount of the one row the superlative
    picks, its column shown, not a total over every row."""
    asked = [index for func, index in ctx.a.aggregates if ctx.a.word(index) == "how"]
    ranking = parts.ranking
    if not asked or len(parts.aggregates) != 1 or parts.group or ranking is None or ranking.kind != "order" \
            or parts.limit is None or parts.aggregates[0].func != "sum" or parts.aggregates[0].column is None:
        return parts
    column = parts.aggregates[0].column
    return replace(parts, aggregates=(), projections=tuple(dict.fromkeys([*parts.projections, column])))


def _group_shown_columns(ctx: ReadContext, parts: Parts) -> Parts:
    """Columns shown beside an aggregate, with no grouping yet: the aggregate is one per shown row
    ("<columns> and the number of <rows> for each"). Aggregates over the shown columns' own table
    group by those columns; aggregates over the rows of another table group by the shown table's
    rows ("<names> and the total <column> of their <child rows>")."""
    if not parts.projections or parts.group or parts.distinct or not any(ag.shown for ag in parts.aggregates):
        return parts
    if parts.order and parts.limit is not None:
        return parts  # the one row with the extreme value
    shown_tables = {ref.table for ref in parts.projections}
    # a count of rows counts the main table's: per shown row of another table, by that row's keys,
    # when what is shown names those rows (their names); a city or a specialty shown is one group each
    measured = {agg_table(ag) or (parts.entity if ag.func == "count" else None) for ag in parts.aggregates} - {None}
    if measured <= shown_tables or not all(_names_row(ctx, ref) for ref in parts.projections):
        return replace(parts, group=tuple(GroupKey(ref) for ref in parts.projections))
    return replace(parts, group=entity_keys(ctx.table(parts.projections[0].table)))


def _names_row(ctx: ReadContext, ref: ColumnRef) -> bool:
    """Whether a column is what names its table's rows: the label, a person's names, the key."""
    table = ctx.table(ref.table)
    names = {c.name for c in (table.label_column, table.primary_key, *(table.person_name or ())) if c is not None}
    return ref.column in names


def read_order(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """The order asked for; "top N <rows>" with nothing to rank by ranks by the table's measure or asks."""
    a, entity = ctx.a, parts.entity
    step = shown.sorts(ctx, d, entity, set(parts.in_play), list(parts.aggregates), parts.projections)
    if step.value:
        parts = parts.using("order", step.used, order=tuple(step.value))
        parts = _ranked_by_children(ctx, parts)
    d = step.decided
    if parts.limit is None or a.limit_from_top is None or parts.order or parts.aggregates:
        return parts, d
    etable = ctx.table(entity)
    measure = etable.measure_column
    if measure is not None:
        c = Claims(d)
        c.doubts.append(f"ranked by {measure.name}")
        order = (OrderKey(column=ColumnRef(entity, measure.name), descending=a.limit_from_top),)
        return replace(parts, order=order), c.done(None).decided
    c = Claims(d)  # "top N <rows>" with no measure: by what?
    chosen, unsure = doubts.open_ranking(ctx.schema, entity, ctx.slots)
    c.ask(unsure)
    if chosen:
        parts = replace(parts, aggregates=(measures.rank_aggregate(ctx, chosen),), group=entity_keys(etable),
                        order=(OrderKey(aggregate=0, descending=a.limit_from_top),))
    return parts, c.done(None).decided


def _ranked_by_children(ctx: ReadContext, parts: Parts) -> Parts:
    """ "top 3 customers by amount spent": rows ranked by a column of their child rows rank by each
    row's total of an amount (money, a quantity) or average of a level (a rating, a price per
    unit), one line per row, not one per child row."""
    key = parts.order[0]
    ref = key.column
    if ctx.a.limit_from_top is None or parts.aggregates or parts.group or len(parts.order) != 1 or ref is None \
            or not measures.is_child(ctx, ref.table, parts.entity):
        return parts
    table = ctx.table(ref.table)
    col = table.column(ref.column)
    if col is None or not col.is_numeric:
        return parts
    measure = Aggregate("sum" if roles.is_additive(table, col) else "avg", ref)
    return replace(parts, aggregates=(measure,), group=entity_keys(ctx.table(parts.entity)),
                   order=(OrderKey(aggregate=0, descending=key.descending),))


def read_related(ctx: ReadContext, d: Decided, parts: Parts) -> tuple[Parts, Decided]:
    """ "<rows> that have <related rows>": after every other step, so that a table word a ranking,
    a count or a list already read is not read again as rows that must exist."""
    listed = bool(parts.projections) and not parts.aggregates and not parts.distinct
    had = related.exists_filters(ctx, d, parts.entity, parts.filters, parts.used, listed)
    filters, acts = parts.filters, list[Filter]()
    for found in had.value:  # "members who have checked in today": the period dates the check-ins
        moved = _dated_by_the_act(ctx, filters, found)
        acts += [found] if moved == filters else []  # (the rows dated in the period exist)
        filters = moved
    return parts.using("exists", had.used, filters=(*filters, *acts)), had.decided


def _dated_by_the_act(ctx: ReadContext, filters: tuple[Filter, ...], act: Filter) -> tuple[Filter, ...]:
    """The filters with a period read on the main rows' own date, which no word named, said after the
    rows the line asks them to have ("who have checked in during May", not "who joined in October who
    have ordered"), moved to the date of those rows, when they keep one."""
    rows = ctx.schema.table(act.other.table) if act.other is not None else None
    dated = rows.default_date_column if rows is not None else None
    if rows is None or dated is None:
        return filters
    named = {(c.table, c.column) for link in ctx.a.links for c in link.of_kind(COLUMN)}
    said_at = min(act.words, default=len(ctx.a.tokens))
    return tuple(replace(f, column=ColumnRef(rows.name, dated.name))
                 if f.op == "range" and f.column.table == act.column.table and min(f.words, default=-1) > said_at
                 and (f.column.table, f.column.column) not in named else f for f in filters)


def _via(ctx: ReadContext, d: Decided, focus: Focus,
         entity: str) -> tuple[list[Link], list[tuple[int, str]], tuple[str, ...]]:
    """The tables the joins should pass through: those the question names as a verb ("ordered"),
    with the links that name them, and those its participles' acts leave (``_acts``)."""
    via_links = [link for link in ctx.a.links if not d.taken(link.first) and link.first not in focus.skip
                 and not link.of_kind(VALUE) and any(t.table != entity for t in link.of_kind(TABLE))]
    # a view goes in the joins only when the question names it whole: a word that is a piece of its
    # name ("invoices" of big_invoices) names the stored table it is made from
    via = [t.table for link in via_links for t in link.of_kind(TABLE)
           if t.table != entity and (t.score >= 1.0 or ctx.table(t.table).stored)]
    acts = _acts(ctx, d, focus, entity)  # "employees assigned to <a project>": through the assignments
    return via_links, acts, tuple(dict.fromkeys([*via, *(table for _i, table in acts if table != entity)]))


def _acts(ctx: ReadContext, d: Decided, focus: Focus, entity: str) -> list[tuple[int, str]]:
    """Participles no step used that name the rows their act leaves ("assigned": the assignments),
    and not denied: tables the joins should pass through, as a table word would say; the main
    table for an act its own rows record ("tickets sold")."""
    a, out = ctx.a, list[tuple[int, str]]()
    if a.lexicon is None:
        return out
    for i, token in enumerate(a.tokens):
        said = events.participle(token.text)
        acted = said is not None and not said[1]  # "unpaid" says what did not happen: no rows left
        denied = any(j in a.negations for j in range(i - 3, i))  # "never sold": the absent rows' reading
        if not acted or denied or i in a.cues or i in focus.skip or d.taken(i):
            continue
        deed = deeds.deed_tables(a.lexicon, token.text)[:1]
        if deed and _act_of_named(ctx, i, entity):
            out.append((i, entity))  # the main rows' own act: said, and no other table to pass through
        else:
            out += [(i, table) for table in deed if table != entity]
    return out


def _act_of_named(ctx: ReadContext, i: int, entity: str) -> bool:
    """Whether the participle at ``i`` follows the main rows' own name ("tickets sold", "tickets
    that we have sold") and those rows are acts themselves (they refer to others, and nothing
    refers to them): the act left those rows. Products sold are another matter: their sales."""
    a, table = ctx.a, ctx.table(entity)
    before = a.prev_link(i, max_gap=3)
    leaf = bool(table.foreign_keys) and not any(fk.ref_table == entity for _t, fk in ctx.schema.neighbours(entity))
    return leaf and before is not None and any(t.table == entity and t.score >= 0.6 for t in before.of_kind(TABLE))


def _crossed(ctx: ReadContext, spec: QuerySpec) -> set[str]:
    """The tables the query's joins pass through, by the paths its verb tables would choose."""
    tables = {r.table for r in spec_refs(spec)} | {a.metric.table for a in spec.aggregates if a.metric}
    return {hop for t in tables - {spec.entity}
            for hop, _fk in ctx.schema.join_path_via(spec.entity, t, spec.via) or []}


def _names_key(ctx: ReadContext, group: tuple[GroupKey, ...]) -> bool:
    """Whether a word of the question names the primary key of a grouped table ("names and ids"):
    then the key is shown beside the label, else the label alone names each group."""
    keys = {(k.column.table, k.column.column) for k in group
            if (pk := ctx.table(k.column.table).primary_key) is not None and pk.name == k.column.column}
    a = ctx.a
    return any((cand.table, cand.column) in keys for link in a.links for cand in link.of_kind(COLUMN)
               if cand.score >= 1.0 or a.word(link.last + 1) in ("id", "ids"))  # "<program> id"


def _repeats_parent_values(ctx: ReadContext, spec: QuerySpec) -> bool:
    """Whether the query lists only columns of tables its rows point to, rows the question does
    not name ("which regions speak Dutch", read over a country's languages): each region would
    come once per row that points to it, a repetition the join makes and nobody asked for, so the
    list is of distinct values. Not when the rows are named ("the nationality of each player":
    one per player, though "who" asks for people whatever rows it names), ordered or cut (the row
    with the lowest price is one row), nor when a shown column is a key or unique (each row is then
    one thing)."""
    if not spec.projections or spec.aggregates or spec.group_by or spec.distinct or spec.count_rows \
            or spec.order_by or spec.limit is not None:
        return False
    if not says_who(ctx.a) and any(c.table == spec.entity for link in ctx.a.links for c in link.of_kind(TABLE)):
        return False  # "who made a donation over £500": people, each once, whatever rows were named
    for ref in spec.projections:
        table = ctx.table(ref.table)
        col = table.column(ref.column) if ref.column else None
        if ref.table == spec.entity or col is None or col.primary_key or col.unique:
            return False
        path = ctx.schema.join_path_via(spec.entity, ref.table, spec.via)
        here = spec.entity
        for hop, fk in path or []:
            if fk.table != here or fk.ref_table != hop:
                return False  # a step from a row to the rows that point to it
            here = hop
        if not path:
            return False
    return True


def _asks_which_values(ctx: ReadContext, spec: QuerySpec) -> bool:
    """ "in which cities do we have customers": the places a column takes, asked by a plural right after
    a preposition and its question word, each once ("which cities do the captains come from" lists
    one per captain, as benchmarks write it)."""
    a = ctx.a
    if a.word(0) not in ("in", "from", "at") or a.word(1) not in ("which", "what") or len(spec.projections) != 1 \
            or spec.aggregates or spec.group_by or spec.order_by or spec.limit is not None or spec.distinct:
        return False
    link, ref, word = a.link_at(2), spec.projections[0], a.word(2)  # the plural right after "in which"
    col = ctx.table(ref.table).column(ref.column)
    named = link is not None and link.first == 2 and any(
        c.kind == COLUMN and (c.table, c.column) == (ref.table, ref.column) for c in link.candidates)
    return named and word != singular(word) and col is not None and not (col.primary_key or col.unique)


def _rows_by_key(ctx: ReadContext, parts: Parts) -> tuple[GroupKey, ...]:
    """Groups by what names the rows of another table ("each walker's name", their hikes counted) are
    groups by those rows: by their key too when two of them may share the name."""
    out: list[GroupKey] = []
    for key in parts.group:
        table = ctx.table(key.column.table)
        label, pk = table.label_column, table.primary_key
        if key.column.table != parts.entity and key.bucket is None and label is not None and pk is not None \
                and key.column.column == label.name and not (label.unique or label.primary_key) \
                and all(g.column != ColumnRef(table.name, pk.name) for g in parts.group):
            out.append(GroupKey(ColumnRef(table.name, pk.name)))
        out.append(key)
    return tuple(out)


def _not_periods(parts: Parts) -> tuple[ColumnRef, ...]:
    """The columns shown, less a moment grouped by its period: the period shows it, not each moment."""
    periods = {g.column for g in parts.group if g.bucket}
    return tuple(p for p in parts.projections if p not in periods)


def _not_measured(parts: Parts, keys: tuple[GroupKey, ...]) -> tuple[GroupKey, ...]:
    """The group keys but a column the query also adds up or averages: "total discounts" read a
    column twice, and a total of each of its own values is no answer."""
    measured = {ag.column for ag in parts.aggregates if ag.func in ("sum", "avg") and ag.column is not None}
    return tuple(k for k in keys if k.bucket is not None or k.column not in measured)


def _finish(ctx: ReadContext, d: Decided, parts: Parts, focus: Focus) -> Reading:
    """The spec, the words it used, the questions worth asking, and how sure the reading is."""
    a, entity = ctx.a, parts.entity
    via_links, acts, via = _via(ctx, d, focus, entity)
    spec = QuerySpec(
        entity=entity, projections=_not_periods(parts), distinct=parts.distinct, aggregates=parts.aggregates, via=via,
        group_by=_not_measured(parts, _rows_by_key(ctx, parts)), filters=parts.filters, having=parts.having,
        order_by=parts.order, limit=parts.limit, count_rows=parts.count_rows, keys_shown=_names_key(ctx, parts.group),
        alternatives=parts.alternatives,
    )
    if _repeats_parent_values(ctx, spec) or _asks_which_values(ctx, spec):
        spec = spec.with_(distinct=True)
    # A table named as a verb ("ordered") is used only when a join passes through it; else its
    # words are unused, so that a condition the query cannot express lowers the confidence.
    bridges = member_bridges(a, spec, ctx.schema)
    spec = spec.with_(via=(*spec.via, *bridges))
    crossed = _crossed(ctx, spec)
    spec = spec.with_(via=tuple(t for t in (*via, *bridges) if t in crossed))
    acted = {i for i, t in acts if t in crossed or t == entity}
    parts = parts.using("via", {i for link in via_links if any(t.table in crossed for t in link.of_kind(TABLE))
                                for i in range(link.first, link.last + 1)} | acted)
    used = accounted(a, spec, ctx.schema, parts.used | a.frame | query_words(a, spec, ctx.schema))
    if shared.shared_reading(a, spec, ctx.schema):  # "before N and after M": what both groups have
        spec = spec.with_(shared=True)
        used |= {i for i, t in enumerate(a.tokens) if t.text in shared.SHARED_WORDS}
    asks = (*d.ambiguities, *doubts.undefined_words(a, NO_FUZZY, ctx.slots, used))
    said = (*d.doubts, *(("'who' answered with rows that are no one",) if _nobody_shown(ctx, spec) else ()),
            *(("the rows listed may be asked for their money",) if _money_listed(ctx, spec) else ()))
    return Reading(spec, confidence(a, used, said), said, ambiguities=asks, used=used)


# Names of rows that are also the money they took: "glaze sales this year" may ask how much.
_MONEY_ROWS = frozenset({"sale", "takings", "revenue", "income", "turnover", "earning"})
# Words that ask for the rows themselves.
_LISTING = frozenset({"list", "show", "which", "what", "display", "give", "find", "get", "any", "all", "each"})


def _money_listed(ctx: ReadContext, spec: QuerySpec) -> bool:
    """Whether a line that only names rows of a money word ("cash sales last month"), no verb that
    lists them, is read as the rows: it may as well ask for the money they took."""
    if spec.aggregates or spec.group_by or spec.count_rows or spec.projections or spec.order_by:
        return False
    named = {singular(w) for w in name_words(spec.entity)}
    return bool(named & _MONEY_ROWS) and not _LISTING & {t.text for t in ctx.a.tokens}


def _nobody_shown(ctx: ReadContext, spec: QuerySpec) -> bool:
    """Whether a line that asks who ("who can do repairs") lists rows of what happened (jobs, each
    with a date) and nothing of anyone: the reading answers another question, which it says."""
    table = ctx.schema.table(spec.entity)
    if not says_who(ctx.a) or table is None or table.default_date_column is None or table.person_name is not None \
            or spec.aggregates or spec.group_by or spec.count_rows:
        return False
    shown = {ref.table for ref in spec.projections}
    return shown <= {spec.entity} and any(fk.ref_table != spec.entity for fk in table.foreign_keys)
