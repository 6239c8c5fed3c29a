"""What every adapter's introspection shares: how many values are indexed, and what text holds.

A column's declared type says less than its values: dates kept as text and numbers kept as text
("130", "3.5") are common in real files, so each adapter looks at a sample the same way.
"""

from __future__ import annotations

import datetime
import decimal
import re
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nl2sql.db.schema import DATE, REAL, TEXT

if TYPE_CHECKING:
    from sqlglot import exp

# A text column with at most this many distinct values has them all indexed for value linking.
MAX_INDEXED_VALUES = 1000
# Counting a truncated result is only worth it when it is quick.
COUNT_BUDGET_S = 0.25
# Each introspection query (a sample, distinct values, a row count) gets this long: a view that never
# ends, or a huge one, leaves its values or count unknown instead of hanging the session's start.
INTROSPECTION_BUDGET_S = 2.0
NUMBER_TEXT = re.compile(r"^-?\d+(\.\d+)?$")
DATE_TEXT = re.compile(r"^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$")
# A column comment declaring a join key the engine does not enforce: "references table.column".
_DECLARED_KEY = re.compile(r"^references\s+([^\s.]+)\.(\S+)$", re.IGNORECASE)
# Values the rest of nl2sql (JSON output, matching, SQL literals) does not know, as SQLite would give them.
_PLAIN: dict[type, Callable[[Any], object]] = {
    datetime.datetime: str, datetime.date: str, datetime.time: str, datetime.timedelta: str,
    decimal.Decimal: float, uuid.UUID: str, memoryview: bytes,
}


def plain_row(row: tuple) -> tuple:
    """A driver's row with dates, decimals and UUIDs as SQLite would give them (text and floats)."""
    return tuple(_PLAIN[type(v)](v) if type(v) in _PLAIN else v for v in row)


def text_kind(present: list[object]) -> str:
    """The kind of a text column from its non-empty sample values: a date, a number, or text."""
    first = present[0] if present else None
    if isinstance(first, str) and DATE_TEXT.match(first):
        return DATE
    numeric = sum(1 for v in present if isinstance(v, str) and NUMBER_TEXT.match(v))
    if present and numeric >= 0.9 * len(present):
        return REAL  # numbers stored as text still compare and add up as numbers
    return TEXT


def declared_key(comment: str) -> tuple[str, str] | None:
    """A column comment "references table.column": a join key the database does not enforce (the
    loader writes one for a foreign key the rows break; people can declare their own)."""
    found = _DECLARED_KEY.match(comment.strip())
    return (found.group(1), found.group(2)) if found else None


def table_ref(name: str, schema: str | None = None) -> exp.Table:
    """A table named exactly ``name`` (quoted: case, spaces and dots kept), in ``schema`` if given.
    ``exp.to_table`` would split a dotted name and leave the parts unquoted."""
    from sqlglot import exp  # only when a schema is read, not when it comes from the cache

    db = exp.to_identifier(schema, quoted=True) if schema else None
    return exp.Table(this=exp.to_identifier(name, quoted=True), db=db)
