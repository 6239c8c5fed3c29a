"""When a predicted result counts as the gold one.

Two rules. ``strict`` is the benchmarks' execution match: the same rows as multisets (as
sequences when the gold query orders them), with columns allowed in any order but no extra
columns. ``lenient`` is the rule of the project's own question files: every gold column must be
matched by a predicted column with the same values, extra predicted columns are allowed, and a
gold key column (a name ending in "id" whose values are all distinct) is satisfied by any
all-distinct predicted column. Numbers are compared after rounding to 2 decimals.

Under both, where the gold query's sort is known (``Ties``, read by ``ranking``), rows that tie
on its sort keys are a set within the sequence, and where its LIMIT cut a tie short, any rows of
that tie may fill the rest: which of two equal rows comes first, or makes the cut, is the
engine's choice (no engine is told how to break ties), not part of the answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Row = Sequence[object]
SEARCH_NODES = 100_000


@dataclass(frozen=True)
class Ties:
    """How the gold rows tie on the gold query's sort keys.

    ``runs`` are the lengths of the runs of consecutive gold rows with equal keys that the result
    holds whole, first to last; ``cut`` is every row of the run the LIMIT cut short (those past
    the limit too), empty when the limit fell between two runs or there is none. Say the gold
    sorts by price and keeps 3 rows of prices 9, 7, 7, 7: runs (1,) and the cut is the three rows
    priced 7, any two of which complete the answer."""

    runs: tuple[int, ...]
    cut: tuple[Row, ...] = ()

    @classmethod
    def of(cls, keys: Sequence[Row], rows: Sequence[Row], shown: int) -> Ties:
        """The ties of ``rows`` (every row the sort ranks, first to last, each with its ``keys``),
        of which the first ``shown`` are the gold result."""
        runs: list[int] = []
        start = 0
        while start < shown:
            end = start + 1
            while end < len(rows) and tuple(keys[end]) == tuple(keys[start]):
                end += 1
            if end > shown:
                return cls(tuple(runs), tuple(rows[start:end]))
            runs.append(end - start)
            start = end
        return cls(tuple(runs))


@dataclass(frozen=True)
class _Layout:
    """Which gold rows compare as one multiset: ``runs`` of leading rows, then rows drawn from ``cut``."""

    runs: tuple[int, ...]
    cut: list[tuple]


def _layout(size: int, ordered: bool, ties: Ties | None, cut: list[tuple]) -> _Layout:
    whole = sum(ties.runs) if ties is not None else size
    if ties is None or whole > size or (whole < size and len(ties.cut) < size - whole) \
            or (whole == size and ties.cut):
        return _Layout((1,) * size if ordered else (size,), [])  # no ties known (or not these rows')
    return _Layout(ties.runs if ordered else (whole,), cut)


def _agree(pred: list[tuple], gold: list[tuple], layout: _Layout) -> bool:
    """Whether ``pred`` has ``gold``'s rows run by run, and its last rows are some of the cut tie's."""
    start = 0
    for length in layout.runs:
        if length == 1:
            if pred[start] != gold[start]:
                return False
        elif Counter(pred[start:start + length]) != Counter(gold[start:start + length]):
            return False
        start += length
    return start == len(pred) or Counter(pred[start:]) <= Counter(layout.cut)


def _norm(value: object) -> object:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return round(float(value), 2)
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    return value


def _key(value: object) -> tuple[bool, str, object]:
    return (value is None, type(value).__name__, value if value is not None else 0)


def _columns(rows: Sequence[Row]) -> list[tuple[object, ...]]:
    return list(zip(*[[_norm(v) for v in row] for row in rows], strict=True)) if rows else []


def _projected(rows: Sequence[tuple], positions: Sequence[int]) -> list[tuple]:
    return [tuple(row[i] for i in positions) for row in rows]


def _assign(gold: list[tuple], pred: list[tuple], options: list[list[int]], layout: _Layout,
            accept: Callable[[tuple[int, ...]], bool] | None = None) -> bool:
    """A predicted column for each gold column, all different, under which the rows are the same.

    Depth-first with the gold column's own position tried first (so identical results match at
    once), predicted columns holding identical values tried once (they are interchangeable), and
    every partial choice checked on the rows it already fixes. Identical results match on the
    first path tried; the node budget only bounds adversarial results whose columns all look
    alike, where the search would otherwise be exponential. ``accept`` has the last word."""
    pred_columns = list(zip(*pred, strict=True)) if pred else []
    chosen: list[int] = []
    budget = [SEARCH_NODES]

    def walk(k: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if k == len(options):
            return accept is None or accept(tuple(chosen))
        tried: set[tuple] = set()
        fixed = range(k + 1)
        shown, cut = _projected(gold, fixed), _Layout(layout.runs, _projected(layout.cut, fixed))
        for i in options[k]:
            if i in chosen or pred_columns[i] in tried:
                continue
            tried.add(pred_columns[i])
            chosen.append(i)
            if _agree(_projected(pred, chosen), shown, cut) and walk(k + 1):
                return True
            chosen.pop()
        return False

    return walk(0)


def _options(gold_cols: list[tuple], pred_cols: list[tuple], wanted: Sequence[int],
             cut_cols: list[tuple], whole: int) -> list[list[int]]:
    """Per gold column, the predicted columns with the same multiset of values (in the rows of whole
    runs; past them, values of the cut tie's), its own position first."""
    out = []
    for n, j in enumerate(wanted):
        same = sorted(gold_cols[j][:whole], key=_key)
        cut = Counter(cut_cols[n]) if cut_cols else Counter()
        found = [i for i in range(len(pred_cols)) if sorted(pred_cols[i][:whole], key=_key) == same
                 and Counter(pred_cols[i][whole:]) <= cut]
        out.append([j] + [i for i in found if i != j] if j in found else found)
    return out


def strict_match(gold: Sequence[Row], pred: Sequence[Row], *, ordered: bool = False,
                 ties: Ties | None = None) -> bool:
    if len(gold) != len(pred):
        return False
    if not gold:
        return True
    if len(gold[0]) != len(pred[0]):
        return False
    gold_cols, pred_cols = _columns(gold), _columns(pred)
    wanted = range(len(gold_cols))
    layout = _layout(len(gold), ordered, ties, _rows(ties.cut if ties else (), wanted))
    options = _options(gold_cols, pred_cols, wanted, _columns(layout.cut), sum(layout.runs))
    if any(not o for o in options):
        return False
    gold_rows = _rows(gold, wanted)
    pred_rows = [tuple(_norm(v) for v in row) for row in pred]
    return _assign(gold_rows, pred_rows, options, layout)


def _rows(rows: Sequence[Row], wanted: Sequence[int]) -> list[tuple]:
    return [tuple(_norm(row[j]) for j in wanted) for row in rows]


def lenient_match(gold_columns: Sequence[str], gold: Sequence[Row], pred: Sequence[Row], *,
                  ordered: bool = False, ties: Ties | None = None) -> bool:
    if len(gold) != len(pred):
        return False
    if not gold:
        return True
    g, p = _columns(gold), _columns(pred)
    keys = [j for j, name in enumerate(gold_columns) if name.lower().endswith("id") and len(set(g[j])) == len(g[j])]
    rest = [j for j in range(len(g)) if j not in keys]
    if not rest:
        return any(len(set(c)) == len(c) for c in p)
    layout = _layout(len(gold), ordered, ties, _rows(ties.cut if ties else (), rest))
    options = _options(g, p, rest, _columns(layout.cut), sum(layout.runs))
    if any(not o for o in options):
        return False
    gold_rows = _rows(gold, rest)
    pred_rows = [tuple(_norm(v) for v in row) for row in pred]

    def keyed(assign: tuple[int, ...]) -> bool:
        """A gold key is matched by any all-distinct column left over, or the rows are distinct already."""
        if not keys:
            return True
        free = [i for i in range(len(p)) if i not in assign]
        moved = [tuple(row[i] for i in assign) for row in pred_rows]
        return any(len(set(p[i])) == len(p[i]) for i in free) or len(set(moved)) == len(moved)

    return _assign(gold_rows, pred_rows, options, layout, keyed)
