"""Comparing results by execution, the way the evaluation does: values, not SQL text."""

from __future__ import annotations

from nl2sql.db import QueryResult


def _norm(value: object) -> object:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return round(float(value), 2)
    return value


def _key(value: object) -> tuple:
    return (value is None, str(type(value)), value if value is not None else 0)


def same_answer(result: QueryResult, gold_rows: list[tuple], *, ordered: bool = False) -> bool:
    """Every gold column appears among the result's columns with the same values (row order if asked)."""
    if result.row_count != len(gold_rows):
        return False
    if not gold_rows:
        return True
    predicted = list(zip(*[[_norm(v) for v in row] for row in result.rows], strict=False))
    for gold_column in zip(*[[_norm(v) for v in row] for row in gold_rows], strict=False):
        want = list(gold_column) if ordered else sorted(gold_column, key=_key)
        if not any((list(p) if ordered else sorted(p, key=_key)) == want for p in predicted):
            return False
    return True
