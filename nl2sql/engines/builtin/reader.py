"""What every part of the reading shares: the analysis, the schema, the roles words took.

The built-in engine reads a question in parts (filters, measures, what to show); each part is a
class over this base, and ``builder.SpecReader`` puts them together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nl2sql.db.schema import Schema, Table
from nl2sql.dialog.questions import Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.base import Ambiguity
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.resolve import best_candidate
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey, QuerySpec
from nl2sql.linking.lexicon import COLUMN, TABLE, Link

Having = tuple[int, str, float]  # (aggregate index, operator, value)


@dataclass
class Reading:
    """What the builder (or an edit) made of the question, with the doubts it had on the way."""

    spec: QuerySpec
    confidence: float
    doubts: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)  # for refinements: what changed
    ambiguities: list[Ambiguity] = field(default_factory=list)  # what to ask; the spec is the best reading


def agg_table(agg: Aggregate) -> str | None:
    if agg.metric is not None:
        return agg.metric.table
    return agg.column.table if agg.column is not None and agg.column.column else None


def entity_keys(table: Table) -> tuple[GroupKey, ...]:
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


class ReaderBase:
    """Reads one analysis against the schema; ``edits`` reuses its parts on follow-ups."""

    def __init__(self, a: Analysis, schema: Schema, domain: DomainConfig = EMPTY,
                 slots: Slots | None = None) -> None:
        self.a = a
        self.schema = schema
        self.domain = domain
        self.slots: Slots = slots or {}
        self.ambiguities: list[Ambiguity] = []
        self.date_override: ColumnRef | None = None  # set by an answer that names a date column
        self.aggregate_links: dict[int, int] = {}  # link.first -> index of the aggregate it named
        self.aggregate_havings: list[tuple[int, str, float]] = []
        self.count_havings: list[tuple[str, str, float, ColumnRef | None]] = []
        self.doubts: list[str] = []
        self.role: dict[int, str] = {}  # link.first -> what the link was used for

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

    def numeric(self, link: Link | None, entity: str, in_play: set[str]) -> ColumnRef | None:
        if link is None:
            return None
        cands = [c for c in link.of_kind(COLUMN)
                 if (col := self.table(c.table).column(c.column or "")) is not None and col.is_numeric]
        if not cands:
            return None
        best = best_candidate(Link(link.first, link.last, tuple(cands)), COLUMN, entity, self.schema, in_play)
        return ColumnRef(best.table, best.column or "") if best else None
