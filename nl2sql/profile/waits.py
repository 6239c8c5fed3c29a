"""How long after a row began each later moment of it came: the wait an analyst names by its event.

"the average time to first reply", "the approval time in hours", "claims whose payout time is over
10 days": a table that keeps when a row was made (``lodged_at``) and when later things happened to
it (``first_reply_at``, ``approved_at``, ``paid_on``) stores no such wait. The profile sees each
later moment as one more column of the table, the time from the row's start (``start_of``) to
that moment, in minutes between timestamps and in days between dates, computed like a span
(``spans``). Unlike a span, a wait has no words of its own: "time" alone names no event, and four
waits of a table would all be "the time". The reader reaches one only through a phrase that names
its event (``engines.builtin.event_waits``), so its column is not linked by its name.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import REAL, Column, Schema, Table, per_schema
from nl2sql.linking.text import name_words
from nl2sql.profile.spans import DAY, MINUTE, Span, moment_parts, whole_days

# Moments that are no event after the row began: a plan or a limit (due, promised), a moment before
# it (booked, created, born), or the last touch of the record (updated).
_NOT_AFTER = frozenset({
    "due", "required", "promised", "expected", "scheduled", "planned", "target", "deadline", "estimated",
    "eta", "birth", "born", "dob", "booked", "created", "start", "starts", "started", "begin", "valid",
    "updated", "modified", "last", "changed", "deleted", "synced", "imported", "loaded",
})
_MADE = frozenset({"booked", "created", "start", "starts", "started", "begin"})  # may be when a row began


# Words of the moment a row is made: created, opened, lodged, ordered, an enquiry received.
_MADE_WORDS = frozenset({"created", "creation", "opened", "placed", "submitted", "raised", "logged", "lodged",
                         "received", "requested", "enquired", "enquiry", "inquiry", "ordered", "order", "booked",
                         "booking", "issued", "reported"})


def start_of(table: Table) -> Column | None:
    """When a row began: the moment it was made when a name says so (created, lodged, an order's
    date), else its first moment that is no plan nor bookkeeping, one always kept before one that
    may be empty (tables are written with the moment a row is made first)."""
    made = [c for c in table.date_columns if set(name_words(c.name)) & _MADE_WORDS]
    if made:
        return next((c for c in made if "created" in name_words(c.name)), made[0])
    moments = [c for c in table.date_columns if not set(name_words(c.name)) & (_NOT_AFTER - _MADE)]
    kept = [c for c in moments if not c.nullable]
    return next(iter(kept or moments), None)


def waits_of(table: Table) -> tuple[Span, ...]:
    """The table's waits: from the row's start to each other moment of it that may follow it."""
    start = start_of(table)
    if not table.stored or start is None:
        return ()
    taken = {c.name.lower() for c in table.columns if not c.computed}  # a stored column of that name is its own
    out = []
    for end in table.date_columns:
        parts = moment_parts(end.name)
        if end is start or not parts or set(name_words(end.name)) & _NOT_AFTER:
            continue
        unit = DAY if whole_days(start, end) else MINUTE
        # "time_opened_to_resolved_minutes": a time, so that its unit is read as one (``roles.unit_of``)
        name = f"time_{'_'.join(moment_parts(start.name) or ('start',))}_to_{'_'.join(parts)}_{unit}"
        if name.lower() not in taken:
            out.append(Span(table.name, start.name, end.name, unit, name))
    return tuple(out)


@per_schema
def waits(schema: Schema) -> tuple[Span, ...]:
    """The schema's waits, worked out once per schema object."""
    return tuple(wait for table in schema.tables for wait in waits_of(table))


def event_of(wait: Span) -> tuple[str, ...]:
    """The words of the moment a wait runs to: ("first", "reply") of ``first_reply_at``."""
    return moment_parts(wait.end)


def with_waits(schema: Schema) -> Schema:
    """The schema with each wait as one more numeric column of its table, linked by no name (the
    same object when it has none)."""
    found = [w for w in waits(schema) if (t := schema.table(w.table)) is not None and t.column(w.column) is None]
    if not found:
        return schema
    tables = tuple(replace(t, columns=(*t.columns, *(Column(w.column, "", REAL, computed=True, linked=False)
                                                     for w in found if w.table == t.name)))
                   for t in schema.tables)
    return Schema(tables, schema.dialect)
