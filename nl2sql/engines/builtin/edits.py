"""A follow-up's analysis applied to the current spec: add, replace or drop its parts.

"only delivered ones" adds a filter, "what about bkash?" replaces the filter on the same column,
"newest first" replaces the ordering, "top 3" sets the limit, "how many?" wraps into a count,
"just the names" changes the projection. Each change is said in the refinement summary.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.builder import Reading, SpecReader, _entity_keys
from nl2sql.engines.builtin.explain import describe_filter
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


def _merge_filter(filters: list[Filter], new: Filter, spec: QuerySpec, changes: list[str]) -> None:
    for i, old in enumerate(filters):
        if old.column == new.column and _FAMILY.get(old.op) == _FAMILY.get(new.op):
            if old == new:
                return
            filters[i] = new
            changes.append(f"replaced filter: {describe_filter(old, spec)} -> {describe_filter(new, spec)}")
            return
    filters.append(new)
    changes.append(f"added filter: {describe_filter(new, spec)}")


def apply_edits(spec: QuerySpec, a: Analysis, schema: Schema, domain: DomainConfig = EMPTY) -> Reading:
    reader = SpecReader(a, schema, domain)
    entity = spec.entity
    in_play = _tables_of(spec)
    changes: list[str] = []
    new = spec

    group_links = reader.group_links()
    skip = set(group_links)
    added = reader.value_filters(entity, in_play, skip)
    added += reader.comparison_filters(entity, in_play, having_fallback=bool(spec.aggregates and spec.group_by))
    added += reader.date_filters(entity, in_play)
    filters = list(new.filters)
    for f in added:
        _merge_filter(filters, f, new, changes)
    new = new.with_(filters=tuple(filters))
    if reader.aggregate_havings and new.aggregates:
        kept = [h for h in new.having if h[0] not in {i for i, _op, _v in reader.aggregate_havings}]
        new = new.with_(having=(*kept, *reader.aggregate_havings))
        changes.append("kept groups where " + ", ".join(
            f"{new.aggregates[i].alias} {op} {v:g}" for i, op, v in reader.aggregate_havings))

    keys = reader.group_keys(entity, in_play, group_links)
    if keys:
        new = new.with_(group_by=tuple(dict.fromkeys([*new.group_by, *keys])), projections=(), limit=None)
        if not new.aggregates:
            new = new.with_(aggregates=(Aggregate("count"),))
        changes.append("grouped by " + ", ".join(k.alias for k in keys))

    aggregates = reader.metrics() + reader.aggregates(entity, in_play)
    if aggregates:
        new = new.with_(aggregates=tuple(aggregates), projections=())
        changes.append("now showing " + ", ".join(ag.alias for ag in aggregates))

    if a.count and not keys and not aggregates:
        target = reader.count_target(entity, in_play) if a.distinct else None
        count = Aggregate("count", target, distinct=target is not None)
        new = new.with_(aggregates=(count,), group_by=(), projections=(), order_by=(), limit=None, distinct=False)
        changes.append("turned into a count")

    if not new.is_aggregate:
        projections = reader.projections(entity, in_play)
        if projections:
            new = new.with_(projections=tuple(projections))
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
            new = new.with_(group_by=_entity_keys(schema.table(entity)),  # type: ignore[arg-type]
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
        changes.append(f"limited to {a.limit} rows")
    if order:
        new = new.with_(order_by=tuple(order))
        changes.append("sorted by " + ", ".join(
            (o.column.column if o.column else new.aggregates[o.aggregate or 0].alias)
            + (" descending" if o.descending else "") for o in order))

    confidence = reader.confidence()
    if new == spec or (a.unexplained and confidence < 0.75):
        # Half-understood follow-ups ("what time is it in Tokyo?") must not quietly edit the query.
        words = ", ".join(repr(w) for w in a.unexplained[:4]) or repr(a.text)
        raise EngineError(f"I could not tell how {words} changes the current query.")
    return Reading(new, confidence, reader.doubts, changes)
