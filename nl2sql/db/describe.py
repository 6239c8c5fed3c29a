"""The schema as a listing a person reads: ``/schema`` and ``nl2sql schema`` (rendered by the caller).

Every name, type, comment and value is the database's, and may hold control characters (a table
named ``t\x1b[31m`` colours the screen): each is written out with ``visible`` before it goes in the
listing, so nothing reaches the terminal raw and the columns still line up."""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.db.schema import Schema, Table
from nl2sql.errors import UsageError
from nl2sql.escapes import visible


@dataclass(frozen=True)
class Listing:
    """A table of text: a line above it (or none), its headers and its rows."""
    title: str | None
    headers: tuple[str, ...]
    rows: list[tuple]


def _table_listing(table: Table) -> Listing:
    refs = {fk.column: f"-> {fk.ref_table}.{fk.ref_column}" for fk in table.foreign_keys}
    rows = []
    for col in table.columns:
        notes = []
        if col.primary_key:
            notes.append("primary key")
        if col.unique and not col.primary_key:
            notes.append("unique")
        if col.name in refs:
            notes.append(refs[col.name])
        if col.description:
            notes.append(col.description)
        if col.values and len(col.values) <= 12:
            notes.append("e.g. " + ", ".join(col.values[:6]) + (", ..." if len(col.values) > 6 else ""))
        rows.append((visible(col.name), visible(col.type or col.kind), visible("; ".join(notes))))
    count = f"{table.row_count:,} rows" if table.row_count is not None else "rows unknown"
    about = f": {table.description}" if table.description else ""
    return Listing(visible(f"{table.name} ({count}){about}"), ("column", "type", "notes"), rows)


def describe_schema(schema: Schema, table: str | None = None) -> Listing:
    """The tables with their row counts and columns, or the columns of ``table``."""
    if table:
        found = schema.table(table)
        if found is None:
            names = ", ".join(t.name for t in schema.tables)
            raise UsageError(visible(f"No table named {table!r}; tables: {names}."))
        return _table_listing(found)
    rows = [(visible(t.name), t.row_count, visible(", ".join(c.name for c in t.columns))) for t in schema.tables]
    return Listing(None, ("table", "rows", "columns"), rows)
