"""A new question's analysis -> a query spec.

Decides the main table, what each linked word does (filter, group, aggregate, sort, project),
and how sure it is. Nothing here names a table of any particular database: everything comes
from the schema, the stored values and generic English cue words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from nl2sql.db.schema import DATE, Schema, Table
from nl2sql.domain import EMPTY, ClarifyingQuestion, DomainConfig
from nl2sql.engines.base import Ambiguity
from nl2sql.engines.builtin import doubts
from nl2sql.engines.builtin.analysis import AGGREGATE_WORDS, NO_FUZZY, STOPWORDS, Analysis
from nl2sql.engines.builtin.lexicon import COLUMN, METRIC, TABLE, VALUE, Link
from nl2sql.engines.builtin.resolve import (
    best_candidate,
    date_column_for,
    find_concept,
    named_date_links,
    pick_entity,
)
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, OrderKey, QuerySpec
from nl2sql.engines.builtin.text import number_value
from nl2sql.errors import EngineError

Having = tuple[int, str, float]  # (aggregate index, operator, value)
_REQUEST_WORDS = {"what", "which", "show", "list", "give", "return", "find", "get", "display", "tell", "name", "when",
                  "who", "select", "print", "report", "provide", "identify", "retrieve"}


@dataclass
class Reading:
    """What the builder (or an edit) made of the question, with the doubts it had on the way."""

    spec: QuerySpec
    confidence: float
    doubts: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)  # for refinements: what changed
    ambiguities: list[Ambiguity] = field(default_factory=list)  # what to ask; the spec is the best reading


def _agg_table(agg: Aggregate) -> str | None:
    if agg.metric is not None:
        return agg.metric.table
    return agg.column.table if agg.column is not None and agg.column.column else None


def _entity_keys(table: Table) -> tuple[GroupKey, ...]:
    """Group by a table: its label when that names rows uniquely, else key and label."""
    label = table.label_column
    pk = table.primary_key
    if label is not None and (label.unique or label.primary_key):
        return (GroupKey(ColumnRef(table.name, label.name)),)
    keys = []
    if pk is not None:
        keys.append(GroupKey(ColumnRef(table.name, pk.name)))
    if label is not None and (pk is None or label.name != pk.name):
        keys.append(GroupKey(ColumnRef(table.name, label.name)))
    return tuple(keys)


class SpecReader:
    """Reads one analysis against the schema; ``edits`` reuses its parts on follow-ups."""

    def __init__(self, a: Analysis, schema: Schema, domain: DomainConfig = EMPTY,
                 slots: Mapping[str, str] | None = None) -> None:
        self.a = a
        self.schema = schema
        self.domain = domain
        self.slots: Mapping[str, str] = slots or {}
        self.ambiguities: list[Ambiguity] = []
        self.date_override: ColumnRef | None = None  # set by an answer ("Date revenue by? Payment date")
        self.aggregate_links: dict[int, int] = {}  # link.first -> index of the aggregate it named
        self.aggregate_havings: list[tuple[int, str, float]] = []
        self.count_havings: list[tuple[str, str, float, ColumnRef | None]] = []
        self.doubts: list[str] = []
        self.role: dict[int, str] = {}  # link.first -> what the link was used for

    # -- helpers ---------------------------------------------------------------------------------

    def table(self, name: str) -> Table:
        table = self.schema.table(name)
        assert table is not None
        return table

    def column_of(self, link: Link | None, entity: str, in_play: set[str]) -> ColumnRef | None:
        if link is None:
            return None
        cand = best_candidate(link, COLUMN, entity, self.schema, in_play)
        return ColumnRef(cand.table, cand.column or "") if cand else None

    def table_of(self, link: Link | None) -> str | None:
        if link is None:
            return None
        tables = link.of_kind(TABLE)
        return max(tables, key=lambda c: c.score).table if tables else None

    # -- the reading -----------------------------------------------------------------------------

    def build(self) -> Reading:
        a, schema = self.a, self.schema
        if a.write_verb:
            raise EngineError(f"nl2sql only reads data, so it will not {a.write_verb} anything; "
                              "ask a question about the data instead.")
        group_links = self.group_links()
        anti = self.anti_join_links()
        date_named = named_date_links(a, schema)
        skip = set(group_links) | set(anti) | date_named
        # A date column named beside a date phrase still says which table: "orders created today"
        entity = pick_entity(a, schema, set(group_links) | set(anti))
        if entity is None and group_links:
            entity = pick_entity(a, schema, set(anti))
        forced = self.slots.get("entity")
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
            self._configured(asked, f"entity:{entity}", entity)
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
            if kind == "count_other":  # "users with the most orders"
                if not group:
                    group = list(_entity_keys(etable))
                other_table = self.table(ref.table)
                target = other_table.primary_key
                aggregates = [Aggregate("count", ColumnRef(other_table.name, target.name) if target else None,
                                        shown=False)]
                order = [OrderKey(aggregate=0, descending=descending)]
                limit = limit or 1
            elif kind == "count_group":  # "which country has the most users"
                group = group or [GroupKey(ref)]
                aggregates = aggregates or [Aggregate("count", shown=False)]
                order = [OrderKey(aggregate=0, descending=descending)]
                limit = limit or 1
            elif kind == "by_child":  # "best users", ranked the way the answer (or the default) says
                aggregates = [self._rank_aggregate(ref.column)]
                group = group or list(_entity_keys(etable))
                order = [OrderKey(aggregate=0, descending=descending)]
                limit = limit or (1 if self._singular_head(entity) else 10)
            elif kind == "aggregate":  # "smallest order amount"
                aggregates = [Aggregate("max" if descending else "min", ref)]
            elif ref.table != entity and self._is_child(ref.table, entity):
                # "lowest rated products": many ratings per product, so rank by their average
                group = group or list(_entity_keys(etable))
                aggregates = [Aggregate("avg", ref, shown=False)]
                order = [OrderKey(aggregate=0, descending=descending)]
                if limit is None and self._singular_head(entity):
                    limit = 1
            else:  # "10 cheapest products", "most expensive product"
                order = [OrderKey(column=ref, descending=descending)]
                if limit is None and self._singular_head(entity):
                    limit = 1

        counted_other = self._ranked_by_count(entity) if a.count and a.limit_from_top is not None else None
        if counted_other is not None:  # "top 3 categories by number of products"
            other_pk = self.table(counted_other).primary_key
            aggregates = [Aggregate("count", ColumnRef(counted_other, other_pk.name) if other_pk else None)]
            group = group or list(_entity_keys(etable))
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
            # "top 5 categories by total quantity": rank the main table's rows by the aggregate
            if any(_agg_table(ag) not in (None, entity) for ag in aggregates):
                group = list(_entity_keys(etable))
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
            # "the money rank of the player with the greatest earnings": a row, not the maximum
            aggregates = []
            order = [OrderKey(column=ranking[1], descending=ranking[2])]
            limit = limit or 1
        if projections and not aggregates and not group and any(s.concept == "count" for s in a.sorts):
            # "record formats of orchestras, sorted by their frequency": count each value
            group = [GroupKey(ref) for ref in projections]
            aggregates = [Aggregate("count", shown=False)]
        asks_identity = a.word(0) in ("which", "what") and bool(group)
        if not projections and not asks_identity:  # nothing else to show: the aggregates are the answer
            aggregates = [replace(ag, shown=True) for ag in aggregates]
        order = self.sorts(entity, in_play, aggregates) or order
        if limit is not None and a.limit_from_top is not None and not order and not aggregates:
            measure = etable.measure_column
            if measure is not None:
                order = [OrderKey(column=ColumnRef(entity, measure.name), descending=a.limit_from_top)]
                self.doubts.append(f"ranked by {measure.name}")
            else:  # "top 5 customers": by what?
                chosen, unsure = doubts.open_ranking(schema, entity, self.slots)
                if unsure is not None:
                    self.ambiguities.append(unsure)
                if chosen:
                    aggregates = [self._rank_aggregate(chosen)]
                    group = list(_entity_keys(etable))
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

    # -- parts -----------------------------------------------------------------------------------

    def havings(self, entity: str, group: list[GroupKey], aggregates: list[Aggregate],
                having: list[Having]) -> tuple[list[GroupKey], list[Aggregate], list[Having]]:
        """Conditions on aggregates, read by ``comparison_filters``, added to a grouping."""
        group, aggregates, having = list(group), list(aggregates), list(having)
        having += self.aggregate_havings  # "where the average price is above 400"
        for other, op, value, head in self.count_havings:  # "users with more than 5 orders"
            if other != entity:
                other_pk = self.table(other).primary_key
                aggregates.append(Aggregate("count", ColumnRef(other, other_pk.name) if other_pk else None,
                                            shown=False))
            elif head is not None:  # "countries with at least 100 users"
                group = group or [GroupKey(head)]
                aggregates.append(Aggregate("count", shown=False))
            else:
                continue
            having.append((len(aggregates) - 1, op, value))
        if having and not group:
            group = list(_entity_keys(self.table(entity)))
        return group, aggregates, having

    def group_links(self, measured: bool = False) -> dict[int, Link]:
        """Links after per/by/each that say what to group on; ``measured``: the query already aggregates."""
        a = self.a
        out: dict[int, Link] = {}
        has_measure = measured or a.count or bool(a.aggregates) or bool(a.superlatives)
        for g in a.group_words:
            word = a.word(g)
            link = a.next_link(g, max_gap=2)
            if link is None or not (link.of_kind(COLUMN) or link.of_kind(TABLE)):
                continue
            if link.of_kind(VALUE) and link.strong:
                continue
            if word == "by" and not has_measure and not a.buckets and (link.of_kind(VALUE) or not link.of_kind(COLUMN)):
                continue  # "paid by card" is no grouping; "payments by status" is
            if a.word(g + 1) == "all":
                continue  # "the average earnings across all players" is one number, not a grouping
            if word in ("each", "every") and not has_measure and not a.buckets:
                continue  # "the age of every teacher" lists; "the number of orders of each user" groups
            out[link.first] = link
        return out

    def anti_join_links(self) -> dict[int, str]:
        """Tables after a negation that point at the main table: "products never reviewed"."""
        a = self.a
        out: dict[int, str] = {}
        for n in sorted(a.negations):
            if a.word(n) not in ("never", "no", "without", "not", "haven't", "hasn't", "didn't"):
                continue
            for j in range(n + 1, min(len(a.tokens), n + 5)):
                link = a.link_at(j)
                if link is None:
                    continue
                tables = link.of_kind(TABLE)
                if tables:
                    out[link.first] = tables[0].table
                    break
                if not link.of_kind(COLUMN):
                    break  # a value: "not in Germany" is a filter, not an anti-join
        # Only keep it when the negated table refers to another table named in the question.
        keep = {}
        for first, other in out.items():
            refs = {fk.ref_table for fk in self.table(other).foreign_keys}
            named = {c.table for link in a.links if link.first != first for c in link.of_kind(TABLE)}
            if refs & named:
                keep[first] = other
        return keep

    def value_filters(self, entity: str, in_play: set[str], skip: set[int]) -> list[Filter]:
        a = self.a
        by_column: dict[ColumnRef, list[tuple[str, bool]]] = {}
        for link in a.links:
            if link.first in skip or link.first in self.role:
                continue
            values = link.of_kind(VALUE)
            if not values:
                continue
            tables = link.of_kind(TABLE)
            if tables and not link.strong:
                continue  # a table name that is also a stored value: the table reading wins
            if link.of_kind(COLUMN) and not link.strong and self._comparison_near(link):
                continue
            if not link.strong and a.word(link.last + 1) in ("by", "with", "using", "via") and \
                    a.next_link(link.last + 1, max_gap=1) is not None:
                continue  # "paid by card", "shipped with DHL": a verb before its means, not a status
            cand = best_candidate(link, VALUE, entity, self.schema, in_play)
            if cand is None:
                continue
            after_preposition = a.word(link.first - 1) in ("by", "with", "via", "using", "in", "from", "for", "on")
            if cand.table != entity and cand.table not in in_play and not link.strong \
                    and not (after_preposition and not a.tokens[link.last].text.endswith("ed")):
                self.doubts.append(f"ignored {a.tokens[link.first].text!r}")
                continue
            # "not in Germany", "exclude cancelled", "not include the name 'Jessie Alloway'"
            if link.fuzzy:
                typed = " ".join(t.text for t in a.tokens[link.first:link.last + 1])
                keep, unsure = doubts.fuzzy_value(typed, cand.value or "", self.slots)
                if unsure is not None:
                    self.ambiguities.append(unsure)
                if not keep:
                    continue
            negated = any(n in a.negations for n in range(max(0, link.first - 4), link.first))
            ref = ColumnRef(cand.table, cand.column or "")
            by_column.setdefault(ref, []).append((cand.value or "", negated))
            self.role[link.first] = "value"
        filters = []
        for ref, vals in by_column.items():
            negated = any(n for _, n in vals)
            names = tuple(dict.fromkeys(v for v, _ in vals))
            if len(names) == 1:
                filters.append(Filter(ref, "!=" if negated else "=", names))
            else:
                filters.append(Filter(ref, "not_in" if negated else "in", names))
        return filters

    def _comparison_near(self, link: Link) -> bool:
        return any(c.first == link.last + 1 or c.first == link.last + 2 for c in self.a.comparisons)

    def comparison_filters(self, entity: str, in_play: set[str], having_fallback: bool = False) -> list[Filter]:
        """Comparisons on columns; comparisons on aggregates or counts are kept for HAVING."""
        a, out = self.a, []
        for comp in a.comparisons:
            ref = None
            if comp.concept:
                ref = find_concept(self.schema, entity, comp.concept, in_play)
            if ref is None and comp.inner is not None:
                inner = a.link_at(comp.inner)
                ref = self.numeric(inner, entity, in_play)
                if ref is not None and inner is not None:
                    self.role[inner.first] = "compare"
            if ref is None:
                link = a.prev_link(comp.first, max_gap=4)
                if link is not None and link.first in self.aggregate_links and comp.op != "between":
                    self.aggregate_havings.append((self.aggregate_links[link.first], comp.op, comp.values[0]))
                    continue
                after = a.next_link(comp.after - 1, max_gap=2)
                counted = self.table_of(after) if after is not None and not after.of_kind(COLUMN) else None
                if counted is not None and comp.op != "between" and self.numeric(link, entity, in_play) is None:
                    head = self.column_of(link, entity, in_play) if link is not None else None
                    self.count_havings.append((counted, comp.op, comp.values[0], head))
                    self.role[after.first] = "having"  # type: ignore[union-attr]
                    if link is not None and head is not None:
                        self.role[link.first] = "group"
                    continue
                ref = self.numeric(link, entity, in_play)
                if ref is None:
                    after = a.next_link(comp.after - 1, max_gap=2)
                    ref = self.numeric(after, entity, in_play)
                    link = after
                if link is not None and ref is not None:
                    self.role[link.first] = "compare"
            if ref is None and having_fallback and comp.op != "between":
                self.aggregate_havings.append((0, comp.op, comp.values[0]))  # "only those above 400"
                continue
            if ref is None:
                measure = self.table(entity).measure_column
                if measure is None:
                    self.doubts.append("a number with nothing to compare it to")
                    continue
                ref = ColumnRef(entity, measure.name)
                self.doubts.append(f"compared {measure.name}")
            out.append(Filter(ref, comp.op, comp.values))
        # "rating 5", "with rating of 4", "with 5 stars", "zero stock": a numeric column beside a bare number
        for link in a.links:
            if link.first in self.role:
                continue
            if a.word(link.first - 2) == "out" and a.word(link.first - 1) == "of":  # "out of stock"
                ref = self.numeric(link, entity, in_play)
                if ref is not None:
                    out.append(Filter(ref, "<=", (0,)))
                    self.role[link.first] = "compare"
                    a.explained.update((link.first - 2, link.first - 1))
                    continue
            j = link.last + 1
            if a.word(j) in ("of", "is", "=", "equal"):
                j += 1
            if not (j < len(a.tokens) and j not in a.used and a.tokens[j].is_number):
                j = link.first - 1
            if 0 <= j < len(a.tokens) and j not in a.used and a.tokens[j].is_number:
                ref = self.numeric(link, entity, in_play)
                if ref is not None:
                    values = [number_value(a.tokens[j].text)]
                    a.explained.add(j)
                    while a.word(j + 1) in ("or", "and", ",") and j + 2 < len(a.tokens) \
                            and a.tokens[j + 2].is_number and (j + 2) not in a.used:  # "grade 9 or 10"
                        j += 2
                        values.append(number_value(a.tokens[j].text))
                        a.explained.add(j)
                    out.append(Filter(ref, "=" if len(values) == 1 else "in", tuple(values)))
                    self.role[link.first] = "compare"
        return out

    def numeric(self, link: Link | None, entity: str, in_play: set[str]) -> ColumnRef | None:
        if link is None:
            return None
        cands = [c for c in link.of_kind(COLUMN)
                 if (col := self.table(c.table).column(c.column or "")) is not None and col.is_numeric]
        if not cands:
            return None
        best = best_candidate(Link(link.first, link.last, tuple(cands)), COLUMN, entity, self.schema, in_play)
        return ColumnRef(best.table, best.column or "") if best else None

    def _year_column(self, entity: str, in_play: set[str]) -> ColumnRef | None:
        """A number column that holds years ("IndepYear", "year"): named in the question, else the main table's."""
        for link in self.a.links:
            for cand in link.of_kind(COLUMN):
                col = self.table(cand.table).column(cand.column or "")
                if col is not None and col.is_numeric and "year" in col.name.lower() and cand.table in in_play:
                    self.role.setdefault(link.first, "compare")
                    return ColumnRef(cand.table, col.name)
        for name in [entity, *sorted(in_play - {entity})]:
            for col in self.table(name).columns:
                if col.is_numeric and "year" in col.name.lower():
                    return ColumnRef(name, col.name)
        return None

    def date_filters(self, entity: str, in_play: set[str]) -> list[Filter]:
        out: list[Filter] = []
        year_values: list[int] = []
        year_ref: ColumnRef | None = None
        for match in self.a.dates:
            rng = match.range
            whole_years = all(d is None or (d.month, d.day) == (1, 1) for d in (rng.start, rng.end))
            year_ref = self._year_column(entity, in_play) if whole_years else None
            ref = None if year_ref is not None and self._names_year(match) else \
                (self.date_override or date_column_for(self.a, self.schema, entity, in_play, self.domain))
            if ref is None and year_ref is not None:
                # "independent after 1950", "born in 1948 or 1949": years kept as numbers
                start, end = (rng.start.year if rng.start else None), (rng.end.year if rng.end else None)
                if start is not None and end == start + 1:
                    year_values.append(start)
                elif start is not None:
                    out.append(Filter(year_ref, ">=", (start,)))
                if end is not None and end != (start or 0) + 1:
                    out.append(Filter(year_ref, "<", (end,)))
                continue
            if ref is None:
                self.doubts.append(f"no date column for {rng.label!r}")
                continue
            out.append(Filter(ref, "range", (rng.start, rng.end), label=rng.label))
        if year_values and year_ref is not None:
            out.append(Filter(year_ref, "=", (year_values[0],)) if len(year_values) == 1
                       else Filter(year_ref, "in", tuple(year_values)))
        return out

    def _names_year(self, match: object) -> bool:
        """Whether the question named a year column, or the schema has no real date to filter."""
        named = any(c for link in self.a.links for c in link.of_kind(COLUMN)
                    if "year" in (c.column or "").lower())
        has_dates = any(t.date_columns for t in self.schema.tables)
        return named or not has_dates

    def group_keys(self, entity: str, in_play: set[str], group_links: dict[int, Link]) -> list[GroupKey]:
        keys: list[GroupKey] = []
        for first, link in group_links.items():
            if doubts.is_date_link(link, self.schema) and link.first not in self.role:
                chosen, unsure = doubts.date_choice(link, self.table(entity), self.slots)
                if unsure is not None:
                    self.ambiguities.append(unsure)
                if chosen:
                    table_name, _, column_name = chosen.partition(".")
                    keys.append(GroupKey(ColumnRef(table_name, column_name), "day"))
                    self.role[first] = "group"
                    continue
            cand = best_candidate(link, COLUMN, entity, self.schema, in_play)
            tables = link.of_kind(TABLE)
            if tables and (cand is None or cand.score < 1.0):
                keys.extend(_entity_keys(self.table(max(tables, key=lambda c: c.score).table)))
            elif cand is not None:
                col = self.table(cand.table).column(cand.column or "")
                # a timestamp is grouped by day: one group per second says nothing
                bucket = "day" if col is not None and col.kind == DATE else None
                keys.append(GroupKey(ColumnRef(cand.table, cand.column or ""), bucket))
            self.role[first] = "group"
        for bucket, _index in self.a.buckets:
            ref = self.date_override or date_column_for(self.a, self.schema, entity, in_play, self.domain)
            if ref is not None:
                keys.append(GroupKey(ref, bucket))
        return keys

    def _names_column(self, link: Link, word: str) -> bool:
        """Whether ``link`` followed by ``word`` is a column's name ("order" + "total")."""
        phrase = " ".join(t.norm for t in self.a.tokens[link.first:link.last + 1]) + " " + word
        return self.a.lexicon is not None and any(c.kind == COLUMN and c.score >= 1.0
                                                  for c in self.a.lexicon.lookup(phrase))

    def _ranked_by_count(self, entity: str) -> str | None:
        """ "by number of products": the table whose rows are counted to rank, when it is not the main one."""
        a = self.a
        if a.count_index <= 0 or a.word(a.count_index - 1) != "by":
            return None
        link = a.next_link(a.count_index + 1, max_gap=2)
        table = self.table_of(link) if link is not None else None
        if table is None or table == entity:
            return None
        self.role[link.first] = "rank"  # type: ignore[union-attr]
        return table

    def _rank_aggregate(self, chosen: str) -> Aggregate:
        """ "sum:orders.total_amount" or "count:orders" (a rank option) as the aggregate it means."""
        how, _, target = chosen.partition(":")
        child, _, column_name = target.partition(".")
        if how in ("sum", "avg"):
            return Aggregate(how, ColumnRef(child, column_name))
        child_pk = self.table(child).primary_key
        return Aggregate("count", ColumnRef(child, child_pk.name) if child_pk else None)

    def _configured(self, question: ClarifyingQuestion, slot: str, about: str) -> str | None:
        """Ask a domain-config question; an answer naming a date column becomes the date to use.
        Returns the value chosen (the answer, or the default)."""
        unsure = doubts.configured(question, slot, about, self.slots)
        if unsure is not None:
            self.ambiguities.append(unsure)
        chosen = self.slots.get(slot) or (question.values[question.default - 1]
                                          if question.values and question.default else None)
        table_name, _, column_name = (chosen or "").partition(".")
        table = self.schema.table(table_name) if column_name else None
        column = table.column(column_name) if table is not None else None
        if table is not None and column is not None and column.kind == DATE:
            self.date_override = ColumnRef(table.name, column.name)
        return chosen

    def metrics(self) -> list[Aggregate]:
        """Named metrics of the domain config: "revenue", "average order value"."""
        out: list[Aggregate] = []
        for link in self.a.links:
            for cand in link.of_kind(METRIC):
                if cand.metric is not None and link.first not in self.role:
                    metric = cand.metric
                    if metric.question is not None:
                        chosen = self._configured(metric.question, f"metric:{metric.name}", metric.name)
                        # a choice may name another metric: "sales" as order count, revenue or units sold
                        metric = self.domain.metrics.get(chosen or "", metric)
                    self.aggregate_links[link.first] = len(out)
                    out.append(Aggregate("metric", metric=metric))
                    self.role[link.first] = "metric"
                    break
        return out

    def aggregates(self, entity: str, in_play: set[str], offset: int = 0) -> list[Aggregate]:
        """Aggregates the question asks for; ``offset``: how many aggregates come before these."""
        a = self.a
        out: list[Aggregate] = []
        for func, index in a.aggregates:
            link = a.next_link(index, max_gap=2)
            before = a.link_at(index - 1)
            if link is None and before is not None and self._names_column(before, a.word(index)):
                a.explained.add(index)  # "average order total": "order total" names a column, it adds nothing
                continue
            if link is None:  # "the average, minimum and maximum age": the column after the list
                j = index + 1
                while j < len(a.tokens) and (a.word(j) in AGGREGATE_WORDS or a.word(j) in ("and", "or", "the")):
                    j += 1
                link = a.link_at(j)
            if link is not None and self.role.get(link.first) == "metric":
                continue  # "total revenue": the metric already says how to add up
            if a.word(index) == "how":  # "how much did they spend": the amount is said anywhere
                link = next((lk for lk in a.links if lk.first not in self.role
                             and self.numeric(lk, entity, in_play) is not None), None)
            ref = None
            if link is not None and link.first not in self.role:
                # "average order amount": skip a table word to reach its column
                if link.of_kind(TABLE) and not link.of_kind(COLUMN):
                    nxt = a.next_link(link.last, max_gap=1)
                    ref = self.numeric(nxt, self.table_of(link) or entity, in_play)
                    if ref is not None and nxt is not None:
                        self.role[nxt.first] = "aggregate"
                else:
                    ref = self.numeric(link, entity, in_play)
                    if ref is not None:
                        if func == "sum" and a.word(index) == "total" and ref.table == entity and \
                                any(c.first in (link.last + 1, link.last + 2) for c in a.comparisons):
                            continue  # "orders with total amount over 100": a column, not a sum
                        self.role[link.first] = "aggregate"
                        self.aggregate_links[link.first] = offset + len(out)
            if ref is None:
                if func == "sum" and a.count:
                    continue  # "total number of orders"
                measure = self.table(entity).measure_column
                if measure is None:
                    continue
                ref = ColumnRef(entity, measure.name)
                self.doubts.append(f"{func} of {measure.name}")
            out.append(Aggregate(func, ref))
        return out

    def ranking(self, entity: str, in_play: set[str]) -> tuple[str, ColumnRef, bool] | None:
        a = self.a
        if not a.superlatives:
            return None
        sup = a.superlatives[0]
        if sup.concept not in (None, "count"):
            ref = find_concept(self.schema, entity, sup.concept, in_play)
            if ref is None and sup.concept == "age":  # no age column: the oldest is the earliest
                ref = find_concept(self.schema, entity, "date", in_play)
                if ref is not None:
                    return ("order", ref, not sup.descending)
            if ref is not None:
                return ("order", ref, sup.descending)
            if sup.concept in ("price", "date"):
                return None
        start = sup.index
        if a.word(start + 1) in ("number", "count", "amount") and a.word(start + 2) == "of":
            start += 2  # "the most number of templates": rank by how many
        link = a.next_link(start, max_gap=2)
        table_word = link is not None and any(c.score >= 1.0 for c in link.of_kind(TABLE)) and \
            not any(c.score >= 1.0 for c in link.of_kind(COLUMN))
        if link is not None and table_word:
            other = self.table_of(link) or entity
            head = self._head_column(entity, in_play)
            if head is not None:  # "which country has the most users"
                self.role[link.first] = "rank"
                return ("count_group", head.column, sup.descending)
            if other != entity:  # "users with the most orders"
                self.role[link.first] = "rank"
                return ("count_other", ColumnRef(other, ""), sup.descending)
            # "smallest order amount": the table word names whose column follows
            link = a.next_link(link.last, max_gap=1)
        ref = self.numeric(link, entity, in_play) if link is not None else None
        if ref is not None and link is not None:
            self.role[link.first] = "rank"
            if not a.limit and not self._plural_head(entity) and not a.group_words \
                    and not self._asks_for_row(entity) and not self._is_child(ref.table, entity):
                return ("aggregate", ref, sup.descending)
            return ("order", ref, sup.descending)
        if sup.concept == "count":
            return None
        if a.word(sup.index) in doubts.OPEN_RANKINGS:  # "our best users": by what?
            chosen, unsure = doubts.open_ranking(self.schema, entity, self.slots)
            if unsure is not None:
                self.ambiguities.append(unsure)
            if chosen:
                return ("by_child", ColumnRef(entity, chosen), sup.descending)
        measure = self.table(entity).measure_column
        if measure is None:
            return None
        return ("order", ColumnRef(entity, measure.name), sup.descending)

    def _head_column(self, entity: str, in_play: set[str]) -> GroupKey | None:
        """ "which country ...": a column named right after which/what, grouped on."""
        a = self.a
        if a.word(0) not in ("which", "what") or not a.links or a.links[0].first != 1:
            return None
        link = a.links[0]
        cand = best_candidate(link, COLUMN, entity, self.schema, in_play)
        if cand is None or link.of_kind(TABLE):
            return None
        self.role[link.first] = "group"
        return GroupKey(ColumnRef(cand.table, cand.column or ""))

    def _is_child(self, table: str, entity: str) -> bool:
        """Whether rows of ``table`` point at rows of ``entity`` (many of them per entity row)."""
        path = self.schema.join_path(entity, table) or []
        return bool(path) and all(fk.ref_table != hop for hop, fk in path)

    def _asks_for_row(self, entity: str) -> bool:
        """ "which product has the highest price?": a row is wanted, not the price."""
        first = self.a.links[0] if self.a.links else None
        return (first is not None and any(c.table == entity for c in first.of_kind(TABLE))
                and self.a.word(first.first - 1) in ("which", "what", "the"))

    def _plural_head(self, entity: str) -> bool:
        for link in self.a.links:
            if any(c.table == entity for c in link.of_kind(TABLE)):
                tok = self.a.tokens[link.last]
                return tok.text != tok.norm
        return False

    def _singular_head(self, entity: str) -> bool:
        for link in self.a.links:
            if any(c.table == entity for c in link.of_kind(TABLE)):
                tok = self.a.tokens[link.last]
                return tok.text == tok.norm
        return False

    def count_target(self, entity: str, in_play: set[str]) -> ColumnRef | None:
        a = self.a
        link = a.next_link(a.count_index + 1, max_gap=3) if a.count_index >= 0 else None
        if link is None:
            return None
        if a.distinct:
            # "distinct payment methods": the column, even when a table word comes first
            for candidate_link in (link, a.next_link(link.last, max_gap=1)):
                ref = self.column_of(candidate_link, entity, in_play)
                if ref is not None and candidate_link is not None:
                    self.role[candidate_link.first] = "count"
                    return ref
        return None

    def requested_columns(self, entity: str, in_play: set[str]) -> list[ColumnRef]:
        """Columns a request names before its subject: "Show name, country and age of all singers",
        "What is the id of the pet ...". Words that already did something else are not columns."""
        a = self.a
        if a.word(0) not in _REQUEST_WORDS:
            return []
        end = next((lk.first for lk in a.links if lk.of_kind(TABLE)), len(a.tokens))
        found: list[tuple[int, ColumnRef]] = []
        for link in a.links:
            if link.first >= end or link.first in self.role or not link.of_kind(COLUMN):
                continue
            nxt = a.next_link(link.last, max_gap=2)
            named = {(c.table, c.column) for c in link.of_kind(COLUMN)}
            if nxt is not None and self.role.get(nxt.first) == "value" and \
                    named & {(c.table, c.column) for c in nxt.of_kind(VALUE)}:
                continue  # 'Airline "JetBlue Airways"', "code 'AKO'": the column names a filter
            ref = self.column_of(link, entity, in_play)
            if ref is not None and (ref.table == entity or ref.table in in_play):
                found.append((link.first, ref))
                self.role[link.first] = "project"
        if a.word(0) == "when" and not found:  # "when was the last transcript released?"
            date_ref = date_column_for(a, self.schema, entity, in_play, self.domain)
            if date_ref is not None:
                found.append((0, date_ref))
        pk = self.table(entity).primary_key
        for i in range(1, end):
            if a.word(i) in ("id", "ids") and a.link_at(i) is None and pk is not None:
                found.append((i, ColumnRef(entity, pk.name)))
                a.explained.add(i)
        return [ref for _, ref in sorted(found, key=lambda item: item[0])]

    def projections(self, entity: str, in_play: set[str], any_column: bool = False) -> list[ColumnRef]:
        """Columns the question asks to see: "just the names", "emails of users", "distinct cities"."""
        a, out = self.a, []
        for link in a.links:
            if link.first in self.role or not link.of_kind(COLUMN):
                continue
            if link.of_kind(TABLE) and not any_column:
                continue
            before = a.word(link.first - 1)
            before2 = a.word(link.first - 2)
            after = a.word(link.last + 1)
            asked = (
                any_column or before in ("just", "only") or before2 in ("just", "only")
                or (after in ("of", "for") and (nxt := a.next_link(link.last + 1, max_gap=1)) is not None
                    and bool(nxt.of_kind(TABLE)))
                or (link.first <= 2 and a.word(0) in ("show", "list", "get", "give", "display", "what")
                    and after in ("and", ",", "of", "for"))
                or (before in ("and", ",") and any(r == "project" for r in self.role.values()))
            )
            if not asked:
                continue
            ref = self.column_of(link, entity, in_play)
            if ref is not None and ref.table == entity:
                out.append(ref)
                self.role[link.first] = "project"
        return out

    def sorts(self, entity: str, in_play: set[str], aggregates: list[Aggregate]) -> list[OrderKey]:
        a, out = self.a, []
        for sort in a.sorts:
            descending = bool(sort.descending)
            if sort.concept == "rank" and aggregates:
                out.append(OrderKey(aggregate=0, descending=descending))
                continue
            if sort.concept == "count" or (sort.concept is None and sort.index < 0 and aggregates):
                if aggregates:
                    out.append(OrderKey(aggregate=0, descending=descending))
                continue
            if sort.concept not in (None, "count", "rank"):
                ref = find_concept(self.schema, entity, sort.concept, in_play)
                if ref is not None:
                    out.append(OrderKey(column=ref, descending=descending))
                continue
            link = a.link_at(sort.index) if sort.index >= 0 else None
            if link is not None and not link.of_kind(COLUMN) and sort.concept is None and \
                    any(c.table != entity for c in link.of_kind(TABLE)):
                continue  # "products ordered by users in France": a verb, not a sort
            ref = self.column_of(link, entity, in_play)
            if ref is None and link is not None and link.of_kind(TABLE):
                table = self.table(self.table_of(link) or entity)
                if table.label_column is not None:
                    ref = ColumnRef(table.name, table.label_column.name)
            if ref is None and link is None:
                measure = self.table(entity).measure_column
                ref = ColumnRef(entity, measure.name) if measure else None
            if ref is not None:
                if link is not None:
                    self.role[link.first] = "sort"
                col = self.table(ref.table).column(ref.column)
                if sort.descending is None and col is not None and col.kind == DATE:
                    descending = False
                out.append(OrderKey(column=ref, descending=descending))
        return out

    def confidence(self) -> float:
        a = self.a
        content = [i for i, t in enumerate(a.tokens) if t.text not in STOPWORDS and not t.is_number]
        if not content:
            return 0.9 - 0.15 * sum(1 for link in a.links if link.fuzzy)
        explained = sum(1 for i in content if i in a.explained)
        score = 0.35 + 0.65 * explained / len(content)
        score -= 0.05 * len(self.doubts)
        # A typo read as a stored value is a guess: "Germny" -> "Germany" is worth confirming.
        score -= 0.15 * sum(1 for link in a.links if link.fuzzy and link.first in self.role)
        return max(0.05, min(1.0, score))


def build_spec(a: Analysis, schema: Schema, domain: DomainConfig = EMPTY,
               slots: Mapping[str, str] | None = None) -> Reading:
    """Read a new question into a spec, or raise EngineError saying what was not understood."""
    return SpecReader(a, schema, domain, slots).build()
