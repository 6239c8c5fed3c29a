"""Filters: stored values, comparisons, dates and years, anti-joins, and conditions on aggregates."""

from __future__ import annotations

from nl2sql.engines.builtin import doubts
from nl2sql.engines.builtin.reader import Having, ReaderBase, entity_keys
from nl2sql.engines.builtin.resolve import best_candidate, date_column_for, find_concept
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey
from nl2sql.linking.lexicon import COLUMN, TABLE, VALUE, Link
from nl2sql.linking.text import number_value


class FilterReader(ReaderBase):
    def anti_join_links(self) -> dict[int, str]:
        """Tables after a negation that point at the main table: rows that no child row refers to."""
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
                    break  # a stored value after the negation is a filter, not an anti-join
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
                continue  # "<verb> by/with <value>": a verb before its means, not a status
            cand = best_candidate(link, VALUE, entity, self.schema, in_play)
            if cand is None:
                continue
            after_preposition = a.word(link.first - 1) in ("by", "with", "via", "using", "in", "from", "for", "on")
            if cand.table != entity and cand.table not in in_play and not link.strong \
                    and not (after_preposition and not a.tokens[link.last].text.endswith("ed")):
                self.doubts.append(f"ignored {a.tokens[link.first].text!r}")
                continue
            if link.fuzzy:
                typed = " ".join(t.text for t in a.tokens[link.first:link.last + 1])
                keep, unsure = doubts.fuzzy_value(typed, cand.value or "", self.slots)
                if unsure is not None:
                    self.ambiguities.append(unsure)
                if not keep:
                    continue
            # a negation up to four words before the value excludes it
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
                self.aggregate_havings.append((0, comp.op, comp.values[0]))  # a follow-up: on the aggregate
                continue
            if ref is None:
                measure = self.table(entity).measure_column
                if measure is None:
                    self.doubts.append("a number with nothing to compare it to")
                    continue
                ref = ColumnRef(entity, measure.name)
                self.doubts.append(f"compared {measure.name}")
            out.append(Filter(ref, comp.op, comp.values))
        # a numeric column beside a bare number: "<column> N", "<column> of N", "N <column>"
        for link in a.links:
            if link.first in self.role:
                continue
            if a.word(link.first - 2) == "out" and a.word(link.first - 1) == "of":  # "out of <column>": none left
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
                            and a.tokens[j + 2].is_number and (j + 2) not in a.used:  # "<column> N or M"
                        j += 2
                        values.append(number_value(a.tokens[j].text))
                        a.explained.add(j)
                    out.append(Filter(ref, "=" if len(values) == 1 else "in", tuple(values)))
                    self.role[link.first] = "compare"
        return out

    def _year_column(self, entity: str, in_play: set[str]) -> ColumnRef | None:
        """A number column whose name says year: named in the question, else the main table's."""
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
                # no date column but a year column: "after YYYY", "in YYYY or YYYY" compare numbers
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

    def havings(self, entity: str, group: list[GroupKey], aggregates: list[Aggregate],
                having: list[Having]) -> tuple[list[GroupKey], list[Aggregate], list[Having]]:
        """Conditions on aggregates, read by ``comparison_filters``, added to a grouping."""
        group, aggregates, having = list(group), list(aggregates), list(having)
        having += self.aggregate_havings  # "where the <aggregate> <column> is above N"
        for other, op, value, head in self.count_havings:  # "<rows> with more than N <child rows>"
            if other != entity:
                other_pk = self.table(other).primary_key
                aggregates.append(Aggregate("count", ColumnRef(other, other_pk.name) if other_pk else None,
                                            shown=False))
            elif head is not None:  # "<column values> with at least N <rows>": group on the column
                group = group or [GroupKey(head)]
                aggregates.append(Aggregate("count", shown=False))
            else:
                continue
            having.append((len(aggregates) - 1, op, value))
        if having and not group:
            group = list(entity_keys(self.table(entity)))
        return group, aggregates, having
