"""Two or more whole periods of one date column in one question.

"sales in 2024 and in 2025", "compare bookings in March with April": no row is dated in both, so
ANDed the conditions keep nothing, and a person never means that. The periods are alternatives:
a listing keeps the rows of any of them; a measure is given once per period, grouped by the
periods' unit, which is how an analyst compares them. Joined by "or" ("in 2024 or 2025") the
periods stay one total, unless a compare word or "more"/"fewer" asks for them side by side.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date

from nl2sql.engines.builtin.spec import ColumnRef, Filter, GroupKey

Alternatives = tuple[tuple[Filter, ...], ...]
# The units a period may be, with its length in months; the bucket a group by it uses has the same name.
_MONTHS = {"year": 12, "quarter": 3, "month": 1}


@dataclass(frozen=True)
class Periods:
    """Whole periods of one unit on one date column, in date order, none overlapping."""

    column: ColumnRef
    unit: str
    filters: tuple[Filter, ...]

    @property
    def contiguous(self) -> bool:
        return all(a.values[1] == b.values[0] for a, b in zip(self.filters, self.filters[1:], strict=False))

    def span(self) -> Filter:
        """One range over every period, for contiguous periods: the condition a person writes."""
        first, last = self.filters[0], self.filters[-1]
        names = [f.label.removeprefix("in ") for f in self.filters]
        label = "in " + (names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}")
        return Filter(self.column, "range", (first.values[0], last.values[1]), label=label,
                      words=frozenset().union(*(f.words for f in self.filters)))

    def group(self) -> GroupKey:
        return GroupKey(self.column, bucket=self.unit)

    def apart(self, negations: Collection[int]) -> bool:
        """Whether a negation sits between the periods ("bought in 2025 but not in 2026"): each then
        dates its own rows, and they are no alternatives."""
        words = frozenset().union(*(f.words for f in self.filters))
        return bool(words) and any(min(words) < i < max(words) for i in negations)

    def joined(self, alternatives: Alternatives) -> bool | None:
        """Whether "or" joins some of the periods; ``None`` when it joins one to another condition."""
        mine = set(self.filters)
        if any(set(g) & mine and not set(g) <= mine for g in alternatives):
            return None
        return any(set(g) <= mine for g in alternatives)

    def as_alternatives(self, filters: tuple[Filter, ...],
                        alternatives: Alternatives) -> tuple[tuple[Filter, ...], Alternatives]:
        """The filters and groups of alternatives with the periods as one condition: one range when
        they are contiguous, else one group of alternatives."""
        kept = tuple(f for f in filters if f not in self.filters)
        groups = tuple(g for g in alternatives if not set(g) <= set(self.filters))
        if self.contiguous:
            return (*kept, self.span()), groups
        return (*kept, *self.filters), (*groups, self.filters)


def _shifted(day: date, months: int) -> date | None:
    at = day.year * 12 + day.month - 1 + months
    return date(at // 12, at % 12 + 1, 1) if at // 12 <= date.max.year else None


def _unit(f: Filter) -> str | None:
    """The unit of a range that is exactly one calendar year, quarter or month."""
    if f.op != "range" or len(f.values) != 2:
        return None
    start, end = f.values
    if not isinstance(start, date) or not isinstance(end, date) or start.day != 1:
        return None
    for unit, months in _MONTHS.items():
        if (start.month - 1) % months == 0 and _shifted(start, months) == end:
            return unit
    return None


def whole_periods(filters: tuple[Filter, ...]) -> Periods | None:
    """The periods of one unit on one column among ``filters``, when there are two or more and no two
    overlap; ``None`` otherwise (one period, or periods of mixed units: "in 2024" and "in March")."""
    found: dict[tuple[ColumnRef, str], list[Filter]] = {}
    for f in filters:
        if (unit := _unit(f)) is not None:
            found.setdefault((f.column, unit), []).append(f)
    several = [(key, fs) for key, fs in found.items() if len(fs) > 1]
    if len(several) != 1 or sum(1 for f in filters if f.op == "range" and f.column == several[0][0][0]) \
            != len(several[0][1]):
        return None
    (column, unit), periods = several[0]
    periods.sort(key=lambda f: f.values[0])
    if any(a.values[1] > b.values[0] for a, b in zip(periods, periods[1:], strict=False)):
        return None
    return Periods(column, unit, tuple(periods))
