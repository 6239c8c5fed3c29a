"""The query spec: what the built-in engine understood, before it is SQL.

Refinements edit a spec and render it again, so every value here is immutable and edits use
``dataclasses.replace``; the previous turn's spec is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

from nl2sql.domain import Metric


@dataclass(frozen=True)
class ColumnRef:
    """A column of a table, as specs name columns before any SQL exists."""
    table: str
    column: str

    def __str__(self) -> str:
        return f"{self.table}.{self.column}"


@dataclass(frozen=True)
class Filter:
    """``column op values``; ops: = != in not_in > >= < <= between range not_exists like (contains the text)
    all (related rows with each of the values: "both a cat and a dog"), none (no related row with one of
    the values: "does not have a cat"), exists (some row of ``other`` refers to the row: "who have a pet"),
    open (empty, or the day in ``values`` or later: a row whose end has not come), weekday (the date
    falls on one of the days in ``values``, 0 for Sunday to 6 for Saturday), unsettled (empty, or none of
    the final states in ``values``: an open job is not done or cancelled)."""

    column: ColumnRef
    op: str
    values: tuple = ()
    label: str = ""  # a date range's wording ("in May 2026"), kept for explanations
    # For (not_)exists: the referencing table and its foreign-key column ("never reviewed", "have a pet").
    other: ColumnRef | None = None
    # "avg": the value is the column's own average over its table ("above the average age"), not ``values``
    against: str | None = None
    # the question's words this condition stands for; where they sit tells "X or Y" (``alternatives``)
    words: frozenset[int] = field(default=frozenset(), compare=False)


@dataclass(frozen=True)
class Aggregate:
    """One aggregate a spec computes: a function over a column, or a named metric. The name its
    column is shown under is ``names.base_name`` ("country_count", "total_population")."""
    func: str  # count | sum | avg | min | max | metric | share (percentage of the rows the filters keep)
    column: ColumnRef | None = None  # None: COUNT(*)
    distinct: bool = False
    metric: Metric | None = None  # a named metric of the domain config ("revenue")
    # False for an aggregate that only ranks or filters groups while the question asked for columns
    shown: bool = True
    # the days from this date to ``column``'s ("the average time between order and shipping")
    since: ColumnRef | None = None

    @property
    def table(self) -> str | None:
        """The table whose rows the aggregate reads: its metric's, else its column's; None for COUNT(*)."""
        if self.metric is not None:
            return self.metric.table
        return self.column.table if self.column is not None else None


@dataclass(frozen=True)
class GroupKey:
    """A column the spec groups by, optionally bucketed into periods (a date column by month)."""
    column: ColumnRef
    bucket: str | None = None  # day | week | month | year: group a date column by period

    @property
    def alias(self) -> str:
        return self.bucket or self.column.column


@dataclass(frozen=True)
class OrderKey:
    """Sort by a column, or by the aggregate at ``aggregate`` (an index into spec.aggregates)."""

    column: ColumnRef | None = None
    aggregate: int | None = None
    descending: bool = False


@dataclass(frozen=True)
class QuerySpec:
    """What the built-in engine understood, as data: the builder makes it, a refinement edits it (not SQL
    text), and ``render.to_sql`` writes it as SQL."""
    entity: str
    projections: tuple[ColumnRef, ...] = ()
    distinct: bool = False
    aggregates: tuple[Aggregate, ...] = ()
    group_by: tuple[GroupKey, ...] = ()
    filters: tuple[Filter, ...] = ()
    having: tuple[tuple[int, str, float], ...] = ()  # (aggregate index, op, value)
    order_by: tuple[OrderKey, ...] = ()
    limit: int | None = None
    # An order for the rows the limit kept ("top 3 ..." then "sort by name"): the same rows, reordered
    reorder: tuple[OrderKey, ...] = ()
    # "how many <rows> have more than N <related rows>": the number of rows the query keeps, not the rows
    count_rows: bool = False
    via: tuple[str, ...] = ()  # tables the question named as a verb ("ordered"): joins go through them
    # "born before N and after M": the shown values found under each of two disjoint comparisons (INTERSECT)
    shared: bool = False
    # groups of filters joined by "or" ("after N or before M"): a row meets any one of each group
    alternatives: tuple[tuple[Filter, ...], ...] = ()
    # False: a row's key grouped beside its label is not shown (no word asked for the key)
    keys_shown: bool = True
    today: date | None = field(default=None, compare=False)
    # The statement this spec reads as one table, when the engine did not write it (``derived.py``):
    # the entity is then that statement's derived table, not a table of the schema.
    source: str | None = None
    # A metric a count replaced ("revenue per month", then "count them"): its condition still chooses
    # the rows (no cancelled orders), or the count would count rows the metric never summed.
    rows_of: Metric | None = None
    # Keys among the projections shown by the label of the row they point to ("their manager"):
    # ``named_keys.py``.
    named_keys: tuple[ColumnRef, ...] = ()
    # Columns among the projections shown in another unit than they are kept in ("their length in
    # minutes" of milliseconds): (column, the unit word asked for); ``asked_units.py``.
    shown_units: tuple[tuple[ColumnRef, str], ...] = ()

    def with_(self, **changes: object) -> QuerySpec:
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def is_aggregate(self) -> bool:
        return bool(self.aggregates or self.group_by)
