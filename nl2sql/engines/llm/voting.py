"""Execution-guided self-consistency: several candidate queries, one vote per distinct result.

Candidates that return the same rows are the same answer however differently they are written;
the answer most candidates reach wins, and the share that reached it is the agreement the
confidence reports (DAIL-SQL and others publish one to two points of accuracy from this).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from nl2sql.db import Database
from nl2sql.errors import Nl2SqlError

VOTE_ROWS = 1000  # rows of each candidate's result compared; longer results are compared by these
T = TypeVar("T")


def _fingerprint(columns: int, rows: Sequence[Sequence[object]], truncated: bool) -> tuple:
    """A result as a value that ignores row order and column order (both are presentation)."""
    normal = Counter(tuple(sorted(repr(_round(v)) for v in row)) for row in rows)
    return columns, tuple(sorted(normal.items())), truncated


def _round(value: object) -> object:
    return round(value, 6) if isinstance(value, float) else value


def vote(candidates: Sequence[tuple[str, T]], database: Database, drawn: int, timeout: float,
         budget: float = float("inf")) -> tuple[T, float]:
    """The candidate whose result most candidates share (the earliest of them on a tie) and the share of
    all ``drawn`` samples that agree with it; a candidate that fails to run gets no vote, and neither do
    those left when ``budget`` seconds are spent (ten slow candidates would otherwise take ten timeouts)."""
    deadline = time.monotonic() + budget
    groups: dict[tuple, list[T]] = {}
    for sql, item in candidates:
        left = deadline - time.monotonic()
        if left < 0.1:
            break
        try:
            result = database.execute(sql, max_rows=VOTE_ROWS, timeout=min(timeout, left))
        except Nl2SqlError:
            continue
        groups.setdefault(_fingerprint(len(result.columns), result.rows, result.truncated), []).append(item)
    if not groups:
        return candidates[0][1], 0.0
    winner = max(groups.values(), key=len)  # max keeps the first of equal groups: the earliest candidate
    return winner[0], len(winner) / max(1, drawn)
