"""When a predicted result counts as the gold one.

Two rules. ``strict`` is the benchmarks' execution match: the same rows as multisets (as
sequences when the gold query orders them), with columns allowed in any order but no extra
columns. ``lenient`` is the rule of the project's own question files: every gold column must be
matched by a predicted column with the same values, extra predicted columns are allowed, and a
gold key column (a name ending in "id" whose values are all distinct) is satisfied by any
all-distinct predicted column. Numbers are compared after rounding to 2 decimals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

Row = Sequence[object]
SEARCH_NODES = 100_000


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


def _projected(rows: Sequence[tuple], positions: Sequence[int], ordered: bool) -> object:
    picked = [tuple(row[i] for i in positions) for row in rows]
    return picked if ordered else Counter(picked)


def _assign(gold: list[tuple], pred: list[tuple], options: list[list[int]], ordered: bool,
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
        for i in options[k]:
            if i in chosen or pred_columns[i] in tried:
                continue
            tried.add(pred_columns[i])
            chosen.append(i)
            if _projected(pred, chosen, ordered) == _projected(gold, range(k + 1), ordered) and walk(k + 1):
                return True
            chosen.pop()
        return False

    return walk(0)


def _options(gold_cols: list[tuple], pred_cols: list[tuple], wanted: Sequence[int]) -> list[list[int]]:
    """Per gold column, the predicted columns with the same multiset of values, its own position first."""
    out = []
    for j in wanted:
        same = sorted(gold_cols[j], key=_key)
        found = [i for i in range(len(pred_cols)) if sorted(pred_cols[i], key=_key) == same]
        out.append([j] + [i for i in found if i != j] if j in found else found)
    return out


def strict_match(gold: Sequence[Row], pred: Sequence[Row], *, ordered: bool = False) -> bool:
    if len(gold) != len(pred):
        return False
    if not gold:
        return True
    if len(gold[0]) != len(pred[0]):
        return False
    gold_cols, pred_cols = _columns(gold), _columns(pred)
    options = _options(gold_cols, pred_cols, range(len(gold_cols)))
    if any(not o for o in options):
        return False
    gold_rows = [tuple(_norm(v) for v in row) for row in gold]
    pred_rows = [tuple(_norm(v) for v in row) for row in pred]
    return _assign(gold_rows, pred_rows, options, ordered)


def lenient_match(gold_columns: Sequence[str], gold: Sequence[Row], pred: Sequence[Row], *,
                  ordered: bool = False) -> bool:
    if len(gold) != len(pred):
        return False
    if not gold:
        return True
    g, p = _columns(gold), _columns(pred)
    keys = [j for j, name in enumerate(gold_columns) if name.lower().endswith("id") and len(set(g[j])) == len(g[j])]
    rest = [j for j in range(len(g)) if j not in keys]
    if not rest:
        return any(len(set(c)) == len(c) for c in p)
    options = _options(g, p, rest)
    if any(not o for o in options):
        return False
    gold_rows = [tuple(_norm(row[j]) for j in rest) for row in gold]
    pred_rows = [tuple(_norm(v) for v in row) for row in pred]

    def keyed(assign: tuple[int, ...]) -> bool:
        """A gold key is matched by any all-distinct column left over, or the rows are distinct already."""
        if not keys:
            return True
        free = [i for i in range(len(p)) if i not in assign]
        moved = [tuple(row[i] for i in assign) for row in pred_rows]
        return any(len(set(p[i])) == len(p[i]) for i in free) or len(set(moved)) == len(moved)

    return _assign(gold_rows, pred_rows, options, ordered, keyed)
