"""How long a row lasted, when it keeps when it started and when it ended.

An analyst asks for "the average appointment length in minutes", "shifts longer than 8 hours" or
"the total hours Sam worked" of a table that stores no duration, only ``starts_at`` and
``ends_at``. The profile pairs such columns by their names (a start word and its end word, the rest
of the names alike) and the engine sees the pair as one more column of the table, a duration
named with its unit (``duration_minutes``, or ``duration_days`` between two dates). Every reading
of a measured column applies to it: the unit words link it, an asked unit converts it, it is
compared, summed, averaged and sorted. Only the SQL knows it is no stored column: ``computed.written``
puts the difference of the two timestamps in its place, in the dialect's own date arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlglot import exp

from nl2sql.db.schema import MOMENT_WORDS, REAL, Column, Schema, Table, per_schema
from nl2sql.linking.text import name_words
from nl2sql.profile.roles import LENGTH, TIME, unit_of

# Which end word closes which start word: "starts_at" .. "ends_at", "check_in" .. "check_out". A
# departure and an arrival are left out: a flight departs first, a guest arrives first.
_CLOSES = {
    "start": ("end", "finish", "stop"), "started": ("ended", "finished", "stopped"),
    "begin": ("end", "finish"), "beginning": ("end", "ending"),
    "from": ("to", "until"), "in": ("out",), "checkin": ("checkout",), "open": ("close",), "opened": ("closed",),
    "pickup": ("dropoff",),
    "shipped": ("delivered",), "created": ("resolved", "closed", "completed"),
    "submitted": ("resolved", "closed", "completed"),
}
MINUTE, DAY = "minutes", "days"
_PER_DAY = {MINUTE: 1440.0, DAY: 1.0}


@dataclass(frozen=True)
class Span:
    """Two moments of one row, from ``start`` to ``end``, seen as the column ``column``."""
    table: str
    start: str
    end: str
    unit: str  # MINUTE between timestamps, DAY between dates
    name: str = ""  # the column's name, when it is not the row's one duration

    @property
    def column(self) -> str:
        return self.name or f"duration_{self.unit}"

    def sql(self, table: exp.Identifier | None, dialect: str) -> exp.Expr:
        return span_sql(self, table, dialect)


def moment_parts(name: str) -> tuple[str, ...]:
    """The words of a moment's column past those saying it is one: ("first", "reply") of ``first_reply_at``."""
    return tuple(w for w in name_words(name) if w not in MOMENT_WORDS)


def whole_days(*columns: Column) -> bool:
    """Dates without a time of day: the declared type says DATE, or the name says "on"/"date"."""
    def dated(col: Column) -> bool:
        kind = col.type.upper()
        if "TIME" in kind:
            return False
        return kind == "DATE" or name_words(col.name)[-1:] in (("on",), ("date",), ("day",), ("dt",))
    return all(dated(c) for c in columns)


def _closing(start: tuple[str, ...], end: tuple[str, ...]) -> bool:
    """Whether ``end``'s words close ``start``'s: one start word swapped for one of its end words."""
    if len(start) != len(end):
        return False
    differ = [(s, e) for s, e in zip(start, end, strict=True) if s != e]
    return len(differ) == 1 and differ[0][1] in _CLOSES.get(differ[0][0], ())


def spans_of(table: Table) -> tuple[Span, ...]:
    """The table's one pair of moments, when its names pair exactly one; a table that keeps a time
    or a distance in a column of its own, or with two pairs (which one is "the length"?), has none."""
    measured = [c for c in table.columns if not c.computed and (u := unit_of(table, c)) is not None
                and u.dimension in (TIME, LENGTH)]
    if not table.stored or measured:
        # a time the table keeps itself ("duration_sec") is what its words name; beside a distance
        # ("distance_km" of a hike), "length" and "the longest" would be two things
        return ()
    dates = table.date_columns
    pairs = [(s, e) for s in dates for e in dates
             if s is not e and _closing(moment_parts(s.name), moment_parts(e.name))]
    if len(pairs) != 1:
        return ()
    start, end = pairs[0]
    return (Span(table.name, start.name, end.name, DAY if whole_days(start, end) else MINUTE),)


@per_schema
def spans(schema: Schema) -> tuple[Span, ...]:
    """The schema's spans, worked out once per schema object (every query's SQL asks for them)."""
    return tuple(span for table in schema.tables for span in spans_of(table))


def with_spans(schema: Schema) -> Schema:
    """The schema with each span as one more numeric column of its table (the same object when it has none)."""
    found = {span.table: span for span in spans(schema)}
    if not found or any(c.computed for t in schema.tables for c in t.columns):
        return schema
    tables = tuple(replace(t, columns=(*t.columns, Column(found[t.name].column, "", REAL, computed=True)))
                   if t.name in found else t for t in schema.tables)
    return Schema(tables, schema.dialect)


def span_sql(span: Span, table: exp.Identifier | None, dialect: str) -> exp.Expr:
    """The span in its unit, as the dialect computes the time between two moments."""
    def col(name: str) -> exp.Column:
        return exp.Column(this=exp.to_identifier(name), table=table.copy() if table is not None else None)

    value, unit_seconds = elapsed(col(span.start), col(span.end), dialect)
    if unit_seconds == 86400.0:  # days (SQLite)
        per_day = exp.Literal.number(f"{_PER_DAY[span.unit]:.1f}")
        return value if span.unit == DAY else exp.Mul(this=exp.Paren(this=value), expression=per_day)
    return exp.Div(this=exp.Paren(this=value), expression=exp.Literal.number(f"{86400.0 / _PER_DAY[span.unit]:.1f}"))


def elapsed(start: exp.Expr, end: exp.Expr, dialect: str) -> tuple[exp.Expr, float]:
    """The time from ``start`` to ``end`` in the dialect's own date arithmetic, and how many seconds
    one of its units is: days in SQLite (JULIANDAY), seconds elsewhere."""
    if dialect == "sqlite":
        return exp.Sub(this=exp.func("JULIANDAY", end), expression=exp.func("JULIANDAY", start)), 86400.0
    if dialect == "postgres":
        since = exp.Sub(this=exp.cast(end, "TIMESTAMP"), expression=exp.cast(start, "TIMESTAMP"))
        return exp.Extract(this=exp.var("EPOCH"), expression=exp.Paren(this=since)), 1.0
    return exp.TimestampDiff(this=exp.cast(end, "TIMESTAMP"), expression=exp.cast(start, "TIMESTAMP"),
                             unit=exp.var("SECOND")), 1.0
