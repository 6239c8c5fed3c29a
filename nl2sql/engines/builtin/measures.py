"""Measures: grouping, aggregates, metrics, rankings ("the most", "best", "top 5 by")."""

from __future__ import annotations

from nl2sql.db.schema import DATE
from nl2sql.dialog.questions import SlotKey
from nl2sql.domain import ClarifyingQuestion
from nl2sql.engines.builtin import doubts
from nl2sql.engines.builtin.analysis import AGGREGATE_WORDS
from nl2sql.engines.builtin.reader import ReaderBase, entity_keys
from nl2sql.engines.builtin.resolve import best_candidate, date_column_for, find_concept
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey
from nl2sql.linking.lexicon import COLUMN, METRIC, TABLE, VALUE, Link


class MeasureReader(ReaderBase):
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
                continue  # "<verb> by <value>" is no grouping; "<rows> by <column>" is
            if a.word(g + 1) == "all":
                continue  # "<aggregate> across all <rows>" is one number, not a grouping
            if word in ("each", "every") and not has_measure and not a.buckets:
                continue  # without a measure "every"/"each" lists rows; with one it groups
            out[link.first] = link
        return out

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
                keys.extend(entity_keys(self.table(max(tables, key=lambda c: c.score).table)))
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
        """ "by number of <rows>": the table whose rows are counted to rank, when it is not the main one."""
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

    def _configured(self, question: ClarifyingQuestion, slot: SlotKey, about: str) -> str | None:
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
                        chosen = self._configured(metric.question, SlotKey("metric_question", metric.name), metric.name)
                        # a choice may name another metric, which is used instead
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
                a.explained.add(index)  # it completes a column name ("<table> total")
                continue
            if link is None:  # a list of aggregate words: the column after the list
                j = index + 1
                while j < len(a.tokens) and (a.word(j) in AGGREGATE_WORDS or a.word(j) in ("and", "or", "the")):
                    j += 1
                link = a.link_at(j)
            if link is not None and self.role.get(link.first) == "metric":
                continue  # an aggregate word before a metric: the metric already says how to add up
            if a.word(index) == "how":  # "how much": the amount may be named anywhere in the line
                link = next((lk for lk in a.links if lk.first not in self.role
                             and self.numeric(lk, entity, in_play) is not None), None)
            ref = None
            if link is not None and link.first not in self.role:
                # "<aggregate> <table> <column>": skip the table word to reach its column
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
                            continue  # "total <column>" before a comparison names a column, not a sum
                        self.role[link.first] = "aggregate"
                        self.aggregate_links[link.first] = offset + len(out)
            if ref is None:
                if func == "sum" and a.count:
                    continue  # "total number of": a count, not a sum
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
            start += 2  # "the most number of <rows>": rank by how many
        link = a.next_link(start, max_gap=2)
        table_word = link is not None and any(c.score >= 1.0 for c in link.of_kind(TABLE)) and \
            not any(c.score >= 1.0 for c in link.of_kind(COLUMN))
        if link is not None and table_word:
            other = self.table_of(link) or entity
            head = self._head_column(entity, in_play)
            if head is not None:  # "which <column> has the most <rows>": group on the column
                self.role[link.first] = "rank"
                return ("count_group", head.column, sup.descending)
            if other != entity:  # "<rows> with the most <child rows>": count the children
                self.role[link.first] = "rank"
                return ("count_other", ColumnRef(other, ""), sup.descending)
            # "<superlative> <table> <column>": the table word names whose column follows
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
        if a.word(sup.index) in doubts.OPEN_RANKINGS:  # an open superlative ("best"): by what?
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
        """ "which <column> ...": a column named right after which/what, grouped on."""
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
        """ "which <row> has the highest <column>": a row is wanted, not the value."""
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
            # "distinct <table> <column>": the column, even when a table word comes first
            for candidate_link in (link, a.next_link(link.last, max_gap=1)):
                ref = self.column_of(candidate_link, entity, in_play)
                if ref is not None and candidate_link is not None:
                    self.role[candidate_link.first] = "count"
                    return ref
        return None
