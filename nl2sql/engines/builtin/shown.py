"""What the answer shows: the columns a question asks for, and the order it wants."""

from __future__ import annotations

from nl2sql.db.schema import DATE
from nl2sql.engines.builtin.reader import ReaderBase
from nl2sql.engines.builtin.resolve import date_column_for, find_concept
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, OrderKey
from nl2sql.linking.lexicon import COLUMN, TABLE, VALUE

_REQUEST_WORDS = {"what", "which", "show", "list", "give", "return", "find", "get", "display", "tell", "name", "when",
                  "who", "select", "print", "report", "provide", "identify", "retrieve"}


class ShownReader(ReaderBase):
    def _parent_of(self, entity: str, table: str) -> bool:
        """Whether ``table`` holds one row per row of ``entity`` (a name kept in the table its rows refer to)."""
        here, path = entity, self.schema.join_path(entity, table) or []
        for nxt, fk in path:
            if not (fk.table == here and fk.ref_table == nxt):
                return False
            here = nxt
        return bool(path)

    def requested_columns(self, entity: str, in_play: set[str]) -> list[ColumnRef]:
        """Columns a request names before its subject ("show <column>, <column> of <rows>", "what is the
        <column> of the <row> ..."). Words that already did something else are not columns."""
        a = self.a
        if a.word(0) not in _REQUEST_WORDS:
            return []
        end = next((lk.first for lk in a.links if lk.of_kind(TABLE)), len(a.tokens))
        found: list[tuple[int, ColumnRef]] = []
        sort_targets = {s.index for s in a.sorts if s.index >= 0}
        for link in a.links:
            if link.first >= end or link.first in self.role or not link.of_kind(COLUMN) or link.first in sort_targets:
                continue
            nxt = a.next_link(link.last, max_gap=2)
            named = {(c.table, c.column) for c in link.of_kind(COLUMN)}
            if nxt is not None and self.role.get(nxt.first) == "value" and \
                    named & {(c.table, c.column) for c in nxt.of_kind(VALUE)}:
                continue  # a column name right before its quoted value names a filter
            ref = self.column_of(link, entity, in_play)
            if ref is not None and (ref.table == entity or ref.table in in_play or self._parent_of(entity, ref.table)):
                found.append((link.first, ref))
                self.role[link.first] = "project"
        if a.word(0) == "when" and not found:  # "when ..." with no column named: the date is the answer
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
        """Columns the question asks to see: "just the <column>", "<column> of <rows>", "distinct <column>"."""
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

    def sorts(self, entity: str, in_play: set[str], aggregates: list[Aggregate],
              shown: tuple[ColumnRef, ...] = ()) -> list[OrderKey]:
        """The orderings asked for; a bare "in descending order" sorts what is shown."""
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
                continue  # "<verb>ed by <other table>": a verb, not a sort
            ref = self.column_of(link, entity, in_play)
            if ref is None and link is not None and link.of_kind(TABLE):
                table = self.table(self.table_of(link) or entity)
                if table.label_column is not None:
                    ref = ColumnRef(table.name, table.label_column.name)
            if ref is None and link is None and shown and shown[0].column != "*":
                ref = shown[0]
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
