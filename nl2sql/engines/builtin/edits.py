"""A follow-up's analysis applied to the current spec: add, replace or drop its parts.

A stored value adds a filter, "what about <value>?" replaces the filter on the same column, a
sort phrase replaces the ordering, "top N" sets the limit, "how many?" wraps into a count, "just
the <column>" changes the projection. Each change is said in the refinement summary.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import Schema
from nl2sql.dialog.questions import Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.builder import Reading, SpecReader, entity_keys
from nl2sql.engines.builtin.render import condition_sql
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, OrderKey, QuerySpec
from nl2sql.errors import EngineError

_FAMILY = {">": "gt", ">=": "gt", "<": "lt", "<=": "lt", "between": "gt", "=": "eq", "!=": "eq", "in": "eq",
           "not_in": "eq", "range": "range", "not_exists": "anti"}


def _tables_of(spec: QuerySpec) -> set[str]:
    tables = {spec.entity}
    tables.update(f.column.table for f in spec.filters)
    tables.update(g.column.table for g in spec.group_by)
    tables.update(a.column.table for a in spec.aggregates if a.column is not None)
    return tables


def _merge_filter(filters: list[Filter], new: Filter, spec: QuerySpec, schema: Schema, changes: list[str],
                  extend: bool = False) -> None:
    """Add ``new``, replacing a filter of the same kind on the same column ("what about <value>?"),
    or widening it when the follow-up adds ("and India": country IN ('Brazil', 'India'))."""
    with_new = spec.with_(filters=(*spec.filters, new))
    for i, old in enumerate(filters):
        if old.column == new.column and _FAMILY.get(old.op) == _FAMILY.get(new.op):
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


_REMOVE_WORDS = {"remove", "drop", "clear", "without", "ignore", "forget", "undo", "delete", "no", "lose", "reset"}
_FILTER_WORDS = {"filter", "filters", "condition", "conditions", "restriction", "restrictions", "criteria"}
_ANY_WORDS = {"all", "any", "every"}


def _removals(spec: QuerySpec, a: Analysis, schema: Schema, changes: list[str]) -> QuerySpec:
    """ "remove the <column> filter", "all statuses", "no limit", "clear filters", "unsorted"."""
    words = [t.text for t in a.tokens]
    removing = any(w in _REMOVE_WORDS for w in words)
    if not removing and not any(w in _ANY_WORDS for w in words):
        return spec
    new = spec
    targets: list[int] = []  # indices of links whose filters go
    for link in a.links:
        before = a.word(link.first - 1) if a.word(link.first - 1) not in ("the", "a") else a.word(link.first - 2)
        if removing or before in _ANY_WORDS:
            targets.append(link.first)
            a.explained.update(range(link.first, link.last + 1))
    dropped: list[Filter] = []
    everything = removing and any(w in _FILTER_WORDS for w in words) and not targets and "date" not in words
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
    if dropped:
        new = new.with_(filters=tuple(f for f in spec.filters if f not in dropped))
        changes.extend(f"removed filter: {condition_sql(spec, f, schema)}" for f in dropped)
        a.explained.update(i for i, w in enumerate(words) if w in _REMOVE_WORDS | _FILTER_WORDS | _ANY_WORDS)
    if removing and spec.limit is not None and any(w in ("limit", "top", "cap") for w in words):
        new = new.with_(limit=None)
        changes.append("removed the limit")
        a.explained.update(i for i, w in enumerate(words) if w in ("limit", "top", "cap"))
    if removing and spec.order_by and any(w in ("sort", "sorting", "order", "ordering") for w in words):
        new = new.with_(order_by=())
        changes.append("removed the ordering")
        a.explained.update(i for i, w in enumerate(words) if w in ("sort", "sorting", "order", "ordering"))
    return new


def _switched_aggregates(spec: QuerySpec, a: Analysis, reader: SpecReader, entity: str,
                         in_play: set[str]) -> list[Aggregate] | None:
    """ "<aggregate> instead", "what about the <aggregate>?": the same column, another function."""
    if not a.aggregates or not spec.aggregates:
        return None
    if any(reader.numeric(a.next_link(i, max_gap=2), entity, in_play) for _f, i in a.aggregates):
        return None
    func = a.aggregates[0][0]
    switched = []
    for agg in spec.aggregates:
        column = agg.column if agg.column is not None and agg.column.column else None
        if column is None and agg.metric is None:
            table = reader.table(entity)
            measure = table.measure_column
            column = ColumnRef(entity, measure.name) if measure else None
        if column is not None:
            switched.append(Aggregate(func, column))
    for _f, i in a.aggregates:
        a.explained.add(i)
    return switched or None


def _extra_columns(spec: QuerySpec, a: Analysis, reader: SpecReader, entity: str,
                   in_play: set[str]) -> list[ColumnRef]:
    """ "also show <column>", "include <column>": columns added to what is listed."""
    words = [t.text for t in a.tokens]
    if not any(w in ("also", "include", "including", "add", "plus", "and") for w in words[:2]):
        return []
    out = []
    for link in a.links:
        ref = reader.column_of(link, entity, in_play)
        if ref is None and link.of_kind("table"):
            table = reader.table(reader.table_of(link) or entity)
            label = table.label_column
            ref = ColumnRef(table.name, label.name) if label else None
        if ref is not None and ref not in spec.projections:
            out.append(ref)
            reader.role[link.first] = "project"
    return out


def _asks_instead(a: Analysis) -> bool:
    words = [t.text for t in a.tokens[:3]]
    return words[:2] in (["how", "about"], ["what", "about"]) or words[:3] in (["and", "how", "about"],
                                                                              ["and", "what", "about"])


def apply_edits(spec: QuerySpec, a: Analysis, schema: Schema, domain: DomainConfig = EMPTY,
                slots: Slots | None = None) -> Reading:
    reader = SpecReader(a, schema, domain, slots)
    entity = spec.entity
    # tables of the query, and tables the follow-up names
    in_play = _tables_of(spec) | {c.table for link in a.links for c in link.of_kind("table")}
    changes: list[str] = []
    new = _removals(spec, a, schema, changes)
    if new is not spec:
        return Reading(new, reader.confidence(), reader.doubts, changes)

    extra = _extra_columns(spec, a, reader, entity, in_play) if not spec.is_aggregate else []
    if extra:
        table = reader.table(entity)
        if not spec.projections and all(r.table == entity for r in extra) and table.label_column is not None:
            # "and their <column>" on a full listing: the rows' names beside what was asked for
            shown: tuple[ColumnRef, ...] = (ColumnRef(entity, table.label_column.name),)
        else:
            shown = spec.projections or (ColumnRef(entity, "*"),)
        extra = [r for r in extra if r not in shown]
        new = new.with_(projections=(*shown, *extra))
        changes.append("added columns: " + ", ".join(str(r) for r in extra))

    group_links = reader.group_links(measured=bool(spec.aggregates))
    skip = set(group_links)
    added = reader.value_filters(entity, in_play, skip)
    added += reader.comparison_filters(entity, in_play, having_fallback=bool(spec.aggregates and spec.group_by))
    added += reader.date_filters(entity, in_play)
    filters = list(new.filters)
    if _asks_instead(a) and added and all(f.op in ("=", "in") for f in added):
        # "how about <value>?": the new value stands where the old one stood
        columns = {f.column for f in added}
        for old in [f for f in filters if f.op in ("=", "in") and f.column not in columns]:
            filters.remove(old)
            changes.append(f"removed filter: {condition_sql(spec, old, schema)}")
    extend = a.word(0) in ("and", "also", "plus", "or") and a.word(1) not in ("how", "what")
    for f in added:
        _merge_filter(filters, f, new, schema, changes, extend)
    new = new.with_(filters=tuple(filters))
    if (reader.aggregate_havings and new.aggregates) or reader.count_havings:
        redone = {i for i, _op, _v in reader.aggregate_havings}
        kept = [h for h in new.having if h[0] not in redone]
        group, aggregates, having = reader.havings(entity, list(new.group_by), list(new.aggregates), kept)
        aggregates = [replace(ag, shown=True) for ag in aggregates]  # a follow-up shows what it filters on
        added_having = having[len(kept):]
        new = new.with_(group_by=tuple(group), aggregates=tuple(aggregates), having=tuple(having), projections=())
        changes.append("kept groups where " + ", ".join(
            f"{new.aggregates[i].alias} {op} {v:g}" for i, op, v in added_having))

    keys = reader.group_keys(entity, in_play, group_links)
    if keys:
        # "per <column> instead" replaces the grouping; "and per <column>" adds to it
        replacing = any(t.text in ("instead", "now") for t in a.tokens)
        kept_keys = () if replacing else new.group_by
        new = new.with_(group_by=tuple(dict.fromkeys([*kept_keys, *keys])), projections=(), limit=None)
        if not new.aggregates:
            new = new.with_(aggregates=(Aggregate("count"),))
        changes.append("grouped by " + ", ".join(k.alias for k in keys))

    switched = _switched_aggregates(spec, a, reader, entity, in_play)
    aggregates = switched or (reader.metrics() + reader.aggregates(entity, in_play))
    if aggregates:
        new = new.with_(aggregates=tuple(aggregates), projections=())
        changes.append("now showing " + ", ".join(ag.alias for ag in aggregates))

    if a.count and not keys and not switched and not aggregates:
        target = reader.count_target(entity, in_play) if a.distinct else None
        count = Aggregate("count", target, distinct=target is not None)
        new = new.with_(aggregates=(count,), group_by=(), projections=(), order_by=(), limit=None, distinct=False)
        changes.append("turned into a count")

    counted = new.aggregates and not new.group_by and all(ag.func == "count" for ag in new.aggregates)
    if not new.is_aggregate or (counted and not a.count):
        # "what are their <column>?", "show me the <column> and <column>": the columns asked for now
        projections = reader.requested_columns(entity, in_play) or reader.projections(entity, in_play)
        if projections:
            new = new.with_(projections=tuple(projections))
            if counted:  # a count, then a request for columns: list the rows instead of counting
                new = new.with_(aggregates=(), order_by=(), limit=None)
            changes.append("showing only " + ", ".join(p.column for p in projections))

    order = reader.sorts(entity, in_play, list(new.aggregates))
    ranking = reader.ranking(entity, in_play) if a.superlatives and not order else None
    if ranking is not None:
        kind, ref, descending = ranking
        if kind == "order":
            order = [OrderKey(column=ref, descending=descending)]
        elif kind == "count_other" and not new.group_by:
            other = schema.table(ref.table)
            pk = other.primary_key if other else None
            new = new.with_(group_by=entity_keys(schema.table(entity)),  # type: ignore[arg-type]
                            aggregates=(Aggregate("count", ColumnRef(ref.table, pk.name) if pk else None),))
            order = [OrderKey(aggregate=0, descending=descending)]
    if a.limit is not None:
        if not order and not new.order_by and a.limit_from_top is not None:
            if new.aggregates:
                order = [OrderKey(aggregate=0, descending=a.limit_from_top)]
            else:
                measure = schema.table(entity).measure_column  # type: ignore[union-attr]
                if measure is not None:
                    order = [OrderKey(column=ColumnRef(entity, measure.name), descending=a.limit_from_top)]
        new = new.with_(limit=a.limit)
        changes.append(f"limit {a.limit}")
    if not order and new.order_by and any(t.text in ("reverse", "reversed", "flip", "opposite") for t in a.tokens):
        order = [replace(o, descending=not o.descending) for o in new.order_by]
        a.explained.update(i for i, t in enumerate(a.tokens) if t.text in ("reverse", "reversed", "flip", "opposite"))
    if order:
        new = new.with_(order_by=tuple(order))
        changes.append("sorted by " + ", ".join(
            (o.column.column if o.column else new.aggregates[o.aggregate or 0].alias)
            + (" DESC" if o.descending else "") for o in order))

    confidence = reader.confidence()
    if (new == spec and not changes) or (a.unexplained and confidence < 0.75):
        # A follow-up only half understood (an off-topic line) must not quietly edit the query.
        words = ", ".join(repr(w) for w in a.unexplained[:4]) or repr(a.text)
        raise EngineError(f"I could not tell how {words} changes the current query.")
    return Reading(new, confidence, reader.doubts, changes, reader.ambiguities)
