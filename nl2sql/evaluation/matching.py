"""When a predicted result counts as the gold one.

Two rules. ``strict`` is the benchmarks' execution match: the same rows as multisets (as
sequences when the gold query orders them), with columns allowed in any order but no extra
columns. ``lenient`` is the rule of the project's own question files: every gold column must be
matched by a predicted column with the same values, extra predicted columns are allowed, and a
gold key column (a name ending in "id" whose values are all distinct) is satisfied by any
all-distinct predicted column. Numbers are compared after rounding to 2 decimals.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

Row = Sequence[object]


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


def strict_match(gold: Sequence[Row], pred: Sequence[Row], *, ordered: bool = False) -> bool:
    if len(gold) != len(pred):
        return False
    if not gold:
        return True
    if len(gold[0]) != len(pred[0]):
        return False
    gold_cols, pred_cols = _columns(gold), _columns(pred)
    width = len(gold_cols)
    # Candidate positions per gold column: predicted columns with the same multiset of values.
    options = [[i for i in range(width) if sorted(pred_cols[i], key=_key) == sorted(g, key=_key)]
               for g in gold_cols]
    if any(not o for o in options):
        return False
    gold_rows = [tuple(_norm(v) for v in row) for row in gold]
    for perm in itertools.islice(itertools.product(*options), 2000):
        if len(set(perm)) != width:
            continue
        moved = [tuple(_norm(row[i]) for i in perm) for row in pred]
        if (moved == gold_rows) if ordered else (Counter(moved) == Counter(gold_rows)):
            return True
    return False


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
    options = [[i for i in range(len(p)) if sorted(p[i], key=_key) == sorted(g[j], key=_key)] for j in rest]
    if any(not o for o in options):
        return False
    gold_rows = [tuple(_norm(row[j]) for j in rest) for row in gold]
    for assign in itertools.islice(itertools.product(*options), 2000):
        if len(set(assign)) != len(assign):
            continue
        moved = [tuple(_norm(row[i]) for i in assign) for row in pred]
        if not ((moved == gold_rows) if ordered else (Counter(moved) == Counter(gold_rows))):
            continue
        if keys:
            free = [i for i in range(len(p)) if i not in assign]
            if not any(len(set(p[i])) == len(p[i]) for i in free) and len(set(moved)) != len(moved):
                continue
        return True
    return False
