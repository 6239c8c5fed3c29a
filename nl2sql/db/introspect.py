"""What every adapter's introspection shares: how many values are indexed, and what text holds.

A column's declared type says less than its values: dates kept as text and numbers kept as text
("130", "3.5") are common in real files, so each adapter looks at a sample the same way.
"""

from __future__ import annotations

import re

from nl2sql.db.schema import DATE, REAL, TEXT

# A text column with at most this many distinct values has them all indexed for value linking.
MAX_INDEXED_VALUES = 300
# Counting a truncated result is only worth it when it is quick.
COUNT_BUDGET_S = 0.25
NUMBER_TEXT = re.compile(r"^-?\d+(\.\d+)?$")
DATE_TEXT = re.compile(r"^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$")


def text_kind(present: list[object]) -> str:
    """The kind of a text column from its non-empty sample values: a date, a number, or text."""
    first = present[0] if present else None
    if isinstance(first, str) and DATE_TEXT.match(first):
        return DATE
    numeric = sum(1 for v in present if isinstance(v, str) and NUMBER_TEXT.match(v))
    if present and numeric >= 0.9 * len(present):
        return REAL  # numbers stored as text still compare and add up as numbers
    return TEXT
