"""What every reading step shares: the context it reads, the decisions before it, what it returns.

The built-in engine reads a question in steps (filters, measures, what to show); each step is a
function of an immutable ``ReadContext`` and the ``Decided`` of the steps before it, returning a
``Step``: its result, the token indices it used, and the decisions after it. ``builder`` and
``edits`` run the steps in an order they write out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, TypeVar

from nl2sql.db.schema import DATE, Column, Schema, Table, labels_rows
from nl2sql.dialog.questions import SlotKey
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.base import Ambiguity
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.resolve import best_candidate
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey, QuerySpec
from nl2sql.linking.lexicon import COLUMN, TABLE, Link
from nl2sql.linking.text import name_words

Having = tuple[int, str, float]  # (aggregate index, operator, value)
CountHaving = tuple[str, str, float, ColumnRef | None]  # (counted table, operator, value, grouped column)
TotalHaving = tuple[ColumnRef, str, float]  # (column of other rows totalled per row, operator, value)
T = TypeVar("T")


@dataclass(frozen=True)
class Reading:
    """What the builder (or an edit) made of the question, with the doubts it had on the way."""

    spec: QuerySpec
    confidence: float
    doubts: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()  # for refinements: what changed
    ambiguities: tuple[Ambiguity, ...] = ()  # what to ask; the spec is the best reading
    used: frozenset[int] = frozenset()  # token indices the built query uses


def agg_table(agg: Aggregate) -> str | None:
    if agg.metric is not None:
        return agg.metric.table
    return agg.column.table if agg.column is not None and agg.column.column else None


def is_child(ctx: ReadContext, table: str, entity: str) -> bool:
    """Whether rows of ``table`` point at rows of ``entity`` (many of them per entity row)."""
    path = ctx.schema.join_path(entity, table) or []
    return bool(path) and all(fk.ref_table != hop for hop, fk in path)


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
        person = table.person_name
        if person is not None and person[0].name == label.name:  # first and last name together
            keys.append(GroupKey(ColumnRef(table.name, person[1].name)))
            if table.company_name is not None:  # and the company some of them are
                keys.append(GroupKey(ColumnRef(table.name, table.company_name.name)))
        elif (beside := _beside_repeated_label(table, label)) is not None:
            keys.append(GroupKey(ColumnRef(table.name, beside.name)))
    return tuple(keys)


def _beside_repeated_label(table: Table, label: Column) -> Column | None:
    """A label several rows share ('Maths' at four levels): the table's first column of fewer values
    than the label, no free text (its level), shown beside it, so that each row of an answer says
    which one it is."""
    if not label.values or label.nullable or table.row_count is None or len(label.values) >= table.row_count:
        return None  # (the values kept leave NULL out: a nullable label may repeat no name)
    return next((col for col in table.columns if 1 < len(col.values) < len(label.values) and not col.primary_key
                 and col.name not in table.fk_columns and col.kind != DATE
                 and not set(name_words(col.name)) & _FREE_TEXT_WORDS), None)


# Words of a column of free text: its few values are no level of the rows.
_FREE_TEXT_WORDS = frozenset({"description", "desc", "descr", "note", "comment", "detail", "text", "summary", "other"})


@dataclass(frozen=True)
class ReadContext:
    """What every reading step reads: the analysis, the schema, the config and the answers so far."""

    a: Analysis
    schema: Schema
    domain: DomainConfig = EMPTY
    slots: Mapping[SlotKey, str] = field(default_factory=lambda: MappingProxyType({}))
    date_override: ColumnRef | None = None  # set by an answer that names a date column
    # a follow-up to a query that counts its rows per group: "with more than N <those rows>" is that count
    counted_groups: bool = False

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

    def row_key(self, table: str) -> ColumnRef:
        """A column that is set on every row of a table, to count its rows through joins: its
        primary key, else its first foreign key (what the join follows), else its first column."""
        t = self.table(table)
        key = t.primary_key
        name = key.name if key is not None else (t.foreign_keys[0].column if t.foreign_keys else t.columns[0].name)
        return ColumnRef(t.name, name)

    def is_key(self, table: str, column: str) -> bool:
        """Whether a column identifies rows (a primary or foreign key, or named as an id): its
        numbers are labels, so a number in the question is never compared with them."""
        t = self.table(table)
        col = t.column(column)
        if col is None:
            return False
        name = col.name
        return col.primary_key or name in t.fk_columns or name.lower() == "id" or \
            name.lower().endswith("_id") or name.endswith(("Id", "ID"))

    def names_table(self, link: Link | None) -> bool:
        """Whether a link names a table rather than one of its columns: every column it could also
        mean is a key (the table's own name inside its id), the table's label (a column named like
        its table), or fits the words less well."""
        if link is None or not link.of_kind(TABLE):
            return False
        best = max(c.score for c in link.of_kind(TABLE))
        tables = {c.table for c in link.of_kind(TABLE)}
        # a view's copy of a column ("customer" of a booking view) is no rival to a stored table's name
        stored = any(self.table(c.table).stored for c in link.of_kind(TABLE) if c.score == best)
        return all(c.score < best or self.is_key(c.table, c.column or "")
                   or (c.table in tables and self._labels(c.table, c.column or ""))
                   or (stored and not self.table(c.table).stored) for c in link.of_kind(COLUMN))

    def _labels(self, table: str, column: str) -> bool:
        label = self.table(table).label_column
        return name_words(column) == name_words(table) or (label is not None and label.name.lower() == column.lower())

    def numeric(self, link: Link | None, entity: str, in_play: set[str], *,
                values_only: bool = False) -> ColumnRef | None:
        """The numeric column a link names; ``values_only``: not a key the link reaches only
        through a table's name ("<rows> with more than N" compares no id with N)."""
        if link is None:
            return None
        table_score = max((c.score for c in link.of_kind(TABLE)), default=0.0)
        cands = [c for c in link.of_kind(COLUMN)
                 if (col := self.table(c.table).column(c.column or "")) is not None and col.is_numeric
                 and not (values_only and c.score < max(table_score, 1.0)
                          and (self.is_key(c.table, col.name) or labels_rows(col.name)))]
        if not cands:
            return None
        best = best_candidate(Link(link.first, link.last, tuple(cands)), COLUMN, entity, self.schema, in_play)
        return ColumnRef(best.table, best.column or "") if best else None


@dataclass(frozen=True)
class Decided:
    """What earlier steps decided: the role each claimed link took, and what they noted on the way.

    A link claimed by one step is not read again by a later one; the order of the steps is the
    builder's, written out in one place, not an accident of which method ran first.
    """

    roles: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))  # link.first -> role
    aggregate_links: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))  # -> aggregate
    aggregate_havings: tuple[Having, ...] = ()
    count_havings: tuple[CountHaving, ...] = ()
    doubts: tuple[str, ...] = ()
    ambiguities: tuple[Ambiguity, ...] = ()
    total_havings: tuple[TotalHaving, ...] = ()

    def role(self, first: int) -> str | None:
        return self.roles.get(first)

    def taken(self, first: int) -> bool:
        return first in self.roles


@dataclass(frozen=True)
class Step(Generic[T]):
    """A step's result, the token indices it used to get it, and the decisions after it."""

    value: T
    used: frozenset[int]
    decided: Decided


class Claims:
    """One step's scratch paper over the decisions before it; ``done`` freezes it into a Step.

    Local to the step that made it: nothing outside the step sees it change.
    """

    def __init__(self, decided: Decided) -> None:
        self.before = decided
        self.roles = dict(decided.roles)
        self.aggregate_links = dict(decided.aggregate_links)
        self.aggregate_havings = list(decided.aggregate_havings)
        self.count_havings = list(decided.count_havings)
        self.total_havings = list(decided.total_havings)
        self.doubts = list(decided.doubts)
        self.ambiguities = list(decided.ambiguities)
        self.used: set[int] = set()

    def taken(self, first: int) -> bool:
        return first in self.roles

    def role(self, first: int) -> str | None:
        return self.roles.get(first)

    def claim(self, link: Link, role: str, *extra: int) -> None:
        """The link (and ``extra`` words) did ``role`` in this step's result."""
        self.roles[link.first] = role
        self.used.update(range(link.first, link.last + 1))
        self.used.update(extra)

    def ask(self, ambiguity: Ambiguity | None) -> None:
        if ambiguity is not None:
            self.ambiguities.append(ambiguity)

    def _unchanged(self) -> bool:
        b = self.before
        return (not self.used and len(self.roles) == len(b.roles) and len(self.doubts) == len(b.doubts)
                and len(self.ambiguities) == len(b.ambiguities) and len(self.aggregate_links) == len(b.aggregate_links)
                and len(self.aggregate_havings) == len(b.aggregate_havings)
                and len(self.count_havings) == len(b.count_havings)
                and len(self.total_havings) == len(b.total_havings))

    def done(self, value: T) -> Step[T]:
        if self._unchanged():  # most steps find nothing: the decisions before them stand as they were
            return Step(value, frozenset(), self.before)
        decided = Decided(MappingProxyType(dict(self.roles)), MappingProxyType(dict(self.aggregate_links)),
                          tuple(self.aggregate_havings), tuple(self.count_havings), tuple(self.doubts),
                          tuple(self.ambiguities), tuple(self.total_havings))
        return Step(value, frozenset(self.used), decided)
