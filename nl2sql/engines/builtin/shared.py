"""Values shared by two groups: "the cities of people born before 1950 and after 1970".

Two comparisons on one column that no single row meets together, joined by "and", do not ask
for an empty answer: they name two groups of rows, and the question asks for what the groups
have in common. The shown columns are read under each comparison and intersected
(``INTERSECT``). A projection that names each row on its own (a table's primary key) cannot be
shared by two disjoint groups, so such a question keeps its plain reading; so does "or", which
asks for either group.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import Filter, QuerySpec

# Words that say the answer is what both groups have: used by the shared reading.
SHARED_WORDS = frozenset({"shared", "share", "shares", "both", "common", "and"})
_LOW = (">", ">=")
_HIGH = ("<", "<=")


def _number(f: Filter) -> float | None:
    if f.against is not None or len(f.values) != 1 or isinstance(f.values[0], bool):
        return None
    return float(f.values[0]) if isinstance(f.values[0], (int, float)) else None


def _apart(low: Filter, high: Filter) -> bool:
    """``low`` keeps values above its bound, ``high`` values below its own: no value meets both."""
    lo, hi = _number(low), _number(high)
    if lo is None or hi is None:
        return False
    return lo > hi or (lo == hi and (low.op == ">" or high.op == "<"))


def disjoint_pair(spec: QuerySpec) -> tuple[Filter, Filter] | None:
    """The first two numeric comparisons on one column that no row meets together, if any."""
    for low in spec.filters:
        if low.op not in _LOW:
            continue
        for high in spec.filters:
            if high.op in _HIGH and high.column == low.column and _apart(low, high):
                return low, high
    return None


def _keyed(spec: QuerySpec, schema: Schema) -> bool:
    """A shown column is its table's primary key: every row is its own value, nothing is shared."""
    for ref in spec.projections:
        table = schema.table(ref.table)
        column = table.column(ref.column) if table is not None else None
        if column is not None and column.primary_key:
            return True
    return False


def _plain(spec: QuerySpec) -> bool:
    """Shown columns only: a set operation of two such queries needs no order, limit or grouping."""
    return bool(spec.projections) and not (spec.aggregates or spec.group_by or spec.order_by or spec.reorder
                                           or spec.limit is not None or spec.count_rows)


def shared_reading(a: Analysis, spec: QuerySpec, schema: Schema) -> bool:
    """Whether ``spec`` asks for the shown values found under each of two disjoint comparisons."""
    if not _plain(spec) or disjoint_pair(spec) is None or _keyed(spec, schema):
        return False
    words = {t.text for t in a.tokens}
    return "or" not in words and "either" not in words and bool(words & SHARED_WORDS)


def halves(spec: QuerySpec) -> tuple[QuerySpec, QuerySpec] | None:
    """The spec once with each of the two disjoint comparisons (and every other filter)."""
    pair = disjoint_pair(spec) if _plain(spec) else None  # a follow-up may have sorted or limited it
    if pair is None:
        return None
    first, second = pair
    keep_first = tuple(f for f in spec.filters if f is not second)
    keep_second = tuple(f for f in spec.filters if f is not first)
    return spec.with_(filters=keep_first, shared=False), spec.with_(filters=keep_second, shared=False)
