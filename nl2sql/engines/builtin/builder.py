"""A new question's analysis -> a query spec.

Decides the main table, what each linked word does (filter, group, aggregate, sort, project),
and how sure it is. Nothing here names a table of any particular database: everything comes
from the schema, the stored values and generic English cue words. The parts live beside this
module (filters, measures, shown); this one puts them together.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import Schema
from nl2sql.dialog.questions import SlotKey, Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.builtin import doubts
from nl2sql.engines.builtin.analysis import NO_FUZZY, STOPWORDS, Analysis
from nl2sql.engines.builtin.filters import FilterReader
from nl2sql.engines.builtin.measures import MeasureReader
from nl2sql.engines.builtin.reader import Reading, agg_table, entity_keys
from nl2sql.engines.builtin.resolve import named_date_links, pick_entity
from nl2sql.engines.builtin.shown import ShownReader
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, OrderKey, QuerySpec
from nl2sql.errors import EngineError
from nl2sql.linking.lexicon import COLUMN, METRIC, TABLE, VALUE

__all__ = ["Reading", "SpecReader", "build_spec", "entity_keys"]


class SpecReader(FilterReader, MeasureReader, ShownReader):
    """Reads one analysis against the schema; ``edits`` reuses its parts on follow-ups."""

    def build(self) -> Reading:
        a, schema = self.a, self.schema
        if a.write_verb:
            raise EngineError(f"nl2sql only reads data, so it will not {a.write_verb} anything; "
                              "ask a question about the data instead.")
        group_links = self.group_links()
        anti = self.anti_join_links()
        date_named = named_date_links(a, schema)
        skip = set(group_links) | set(anti) | date_named
        # A date column named beside a date phrase still says which table
        entity = pick_entity(a, schema, set(group_links) | set(anti))
        if entity is None and group_links:
            entity = pick_entity(a, schema, set(anti))
        forced = self.slots.get(doubts.ENTITY)
        if forced and schema.table(forced) is not None:
            entity = schema.table(forced).name  # type: ignore[union-attr]
        named = any(link.of_kind(TABLE) or link.of_kind(COLUMN) or link.of_kind(METRIC) for link in a.links)
        if entity is None or (not named and a.unexplained and not forced):
            vague = doubts.general(a, schema, self.domain.entities, self.slots)
            if vague is None or vague.question is None:
                words = ", ".join(repr(w) for w in a.unexplained[:4]) or repr(a.text)
                raise EngineError(f"I could not match {words} to any table or column of this database.")
            self.ambiguities.append(vague)
            spec = QuerySpec(entity=vague.question.values[0])
            return Reading(spec, 0.3, ["nothing in the question names data"], ambiguities=self.ambiguities)
        if not forced:
            unsure = doubts.partial(a, schema, entity, skip, self.slots)
            if unsure is not None:
                self.ambiguities.append(unsure)
        asked = self.domain.table_questions.get(entity)
        if asked is not None:
            self._configured(asked, SlotKey("table_question", entity), entity)
        in_play = {entity} | {c.table for link in a.links if link.first not in skip
                              for c in [*link.of_kind(TABLE), *link.of_kind(COLUMN)] if c.score >= 1.0}
        etable = self.table(entity)

        group = self.group_keys(entity, in_play, group_links)
        aggregates = self.metrics()
        aggregates += self.aggregates(entity, in_play, offset=len(aggregates))
        filters = self.value_filters(entity, in_play, skip)
        filters += self.comparison_filters(entity, in_play)
        filters += self.date_filters(entity, in_play)
        group, aggregates, having = self.havings(entity, group, aggregates, [])
        for link_first, other in anti.items():
            pk = etable.primary_key
            fk = next((f for f in self.table(other).foreign_keys if f.ref_table == entity), None)
            if pk is not None and fk is not None:
                filters.append(Filter(ColumnRef(entity, pk.name), "not_exists", (), other=ColumnRef(other, fk.column)))
                self.role[link_first] = "anti"

        order: list[OrderKey] = []
        limit = a.limit
        projections: tuple[ColumnRef, ...] = ()
        distinct = False

        ranking = self.ranking(entity, in_play)
        if ranking is not None:
            kind, ref, descending = ranking
            if kind == "count_other":  # "<rows> with the most <child rows>"
                if not group:
                    group = list(entity_keys(etable))
                other_table = self.table(ref.table)
                target = other_table.primary_key
                aggregates = [Aggregate("count", ColumnRef(other_table.name, target.name) if target else None,
                                        shown=False)]
                order = [OrderKey(aggregate=0, descending=descending)]
                limit = limit or 1
            elif kind == "count_group":  # "which <column> has the most <rows>"
                group = group or [GroupKey(ref)]
                aggregates = aggregates or [Aggregate("count", shown=False)]
                order = [OrderKey(aggregate=0, descending=descending)]
                limit = limit or 1
            elif kind == "by_child":  # an open superlative, ranked the way the answer (or the default) says
                aggregates = [self._rank_aggregate(ref.column)]
                group = group or list(entity_keys(etable))
                order = [OrderKey(aggregate=0, descending=descending)]
                limit = limit or (1 if self._singular_head(entity) else 10)
            elif kind == "aggregate":  # "<superlative> <column>" of the whole table: one value
                aggregates = [Aggregate("max" if descending else "min", ref)]
            elif ref.table != entity and self._is_child(ref.table, entity):
                # a child table's column: many values per row, so rank by their average
                group = group or list(entity_keys(etable))
                aggregates = [Aggregate("avg", ref, shown=False)]
                order = [OrderKey(aggregate=0, descending=descending)]
                if limit is None and self._singular_head(entity):
                    limit = 1
            else:  # "N <superlative> <rows>": sort by the column
                order = [OrderKey(column=ref, descending=descending)]
                if limit is None and self._singular_head(entity):
                    limit = 1

        counted_other = self._ranked_by_count(entity) if a.count and a.limit_from_top is not None else None
        if counted_other is not None:  # "top N <rows> by number of <child rows>"
            other_pk = self.table(counted_other).primary_key
            aggregates = [Aggregate("count", ColumnRef(counted_other, other_pk.name) if other_pk else None)]
            group = group or list(entity_keys(etable))
            order = [OrderKey(aggregate=0, descending=bool(a.limit_from_top))]
        elif a.count and not aggregates:
            counted = self.count_target(entity, in_play)
            if counted is not None and (a.distinct or not group):
                aggregates = [Aggregate("count", counted, distinct=True)] if a.distinct else [Aggregate("count")]
            else:
                aggregates = [Aggregate("count")]
        elif a.distinct and not aggregates:
            projections = tuple(self.projections(entity, in_play, any_column=True))
            distinct = bool(projections)
        if aggregates and not group and (a.limit or ranking) and not order:
            # "top N <rows> by <aggregate> <child column>": rank the main table's rows by the aggregate
            if any(agg_table(ag) not in (None, entity) for ag in aggregates):
                group = list(entity_keys(etable))
        if aggregates and a.limit and a.limit_from_top is not None and not order and group:
            order = [OrderKey(aggregate=0, descending=a.limit_from_top)]
        if group and not aggregates:
            aggregates = [Aggregate("count")]
        if not aggregates and not group and not projections:
            projections = tuple(self.projections(entity, in_play))
        if not distinct:
            aggregated = {ag.column for ag in aggregates}
            requested = [ref for ref in self.requested_columns(entity, in_play) if ref not in aggregated]
            projections = tuple(dict.fromkeys([*requested, *projections]))
        if projections and ranking is not None and ranking[0] == "aggregate" and len(aggregates) == 1:
            # columns asked for beside a superlative: the row with the extreme value, not the extreme
            aggregates = []
            order = [OrderKey(column=ranking[1], descending=ranking[2])]
            limit = limit or 1
        if projections and not aggregates and not group and any(s.concept == "count" for s in a.sorts):
            # columns sorted "by frequency": count each value and sort by the count
            group = [GroupKey(ref) for ref in projections]
            aggregates = [Aggregate("count", shown=False)]
        asks_identity = a.word(0) in ("which", "what") and bool(group)
        if not projections and not asks_identity:  # nothing else to show: the aggregates are the answer
            aggregates = [replace(ag, shown=True) for ag in aggregates]
        order = self.sorts(entity, in_play, aggregates, projections) or order
        if limit is not None and a.limit_from_top is not None and not order and not aggregates:
            measure = etable.measure_column
            if measure is not None:
                order = [OrderKey(column=ColumnRef(entity, measure.name), descending=a.limit_from_top)]
                self.doubts.append(f"ranked by {measure.name}")
            else:  # "top N <rows>" with no measure: by what?
                chosen, unsure = doubts.open_ranking(schema, entity, self.slots)
                if unsure is not None:
                    self.ambiguities.append(unsure)
                if chosen:
                    aggregates = [self._rank_aggregate(chosen)]
                    group = list(entity_keys(etable))
                    order = [OrderKey(aggregate=0, descending=a.limit_from_top)]

        via = tuple(dict.fromkeys(
            t.table for link in a.links if link.first not in self.role and link.first not in skip
            for t in link.of_kind(TABLE) if t.table != entity and not link.of_kind(VALUE)
        ))
        spec = QuerySpec(
            entity=entity, projections=projections, distinct=distinct, aggregates=tuple(aggregates), via=via,
            group_by=tuple(group), filters=tuple(filters), having=tuple(having), order_by=tuple(order), limit=limit,
        )
        self.ambiguities.extend(doubts.undefined_words(a, NO_FUZZY, self.slots))
        return Reading(spec, self.confidence(), self.doubts, ambiguities=self.ambiguities)

    def confidence(self) -> float:
        a = self.a
        content = [i for i, t in enumerate(a.tokens) if t.text not in STOPWORDS and not t.is_number]
        if not content:
            return 0.9 - 0.15 * sum(1 for link in a.links if link.fuzzy)
        explained = sum(1 for i in content if i in a.explained)
        score = 0.35 + 0.65 * explained / len(content)
        score -= 0.05 * len(self.doubts)
        # A typo read as a stored value is a guess, worth confirming.
        score -= 0.15 * sum(1 for link in a.links if link.fuzzy and link.first in self.role)
        return max(0.05, min(1.0, score))


def build_spec(a: Analysis, schema: Schema, domain: DomainConfig = EMPTY,
               slots: Slots | None = None) -> Reading:
    """Read a new question into a spec, or raise EngineError saying what was not understood."""
    return SpecReader(a, schema, domain, slots).build()
