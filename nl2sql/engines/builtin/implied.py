"""Foreign keys a schema implies but does not declare.

Many databases name a reference after the table it points at and never declare the key: a
``flights.airline`` integer holding ``airlines.uid``. Without the key the engine finds no join
path, so "airlines with at least 10 flights" could not be read at all. A column is read as a
reference when its name is another table's name (singular, or followed by that table's key name
or "id"), it has the kind of that table's one-column primary key, and the two tables have no
declared key between them; a name alone is the evidence, so the rule stays this narrow.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from nl2sql.db.schema import ForeignKey, Schema, Table
from nl2sql.linking.text import name_words, singular


def _words(name: str) -> tuple[str, ...]:
    return tuple(singular(w) for w in name_words(name))


def _named_by(schema: Schema) -> dict[tuple[str, ...], list[Table]]:
    """Each table with one primary key, under the column names that refer to it: its own name, its
    name with "id", its name with its key's name. Built once, so that a schema of hundreds of
    tables is matched column by column, not column by table."""
    index: dict[tuple[str, ...], list[Table]] = defaultdict(list)
    for table in schema.tables:
        keys = [c for c in table.columns if c.primary_key]
        if len(keys) != 1:
            continue
        target = _words(table.name)
        for form in dict.fromkeys((target, (*target, "id"), (*target, *_words(keys[0].name)))):
            index[form].append(table)
    return index


def _linked(schema: Schema, one: str, other: str) -> bool:
    return any(hop == other for hop, _fk in schema.neighbours(one))


def implied_keys(table: Table, schema: Schema,
                 named_by: dict[tuple[str, ...], list[Table]] | None = None) -> tuple[ForeignKey, ...]:
    """The undeclared references of one table's columns: a column named as a reference to another
    table whose primary key it fits."""
    index = named_by if named_by is not None else _named_by(schema)
    found: list[ForeignKey] = []
    for column in table.columns:
        if column.name in table.fk_columns:
            continue
        for other in index.get(_words(column.name), ()):
            key = next(c for c in other.columns if c.primary_key)
            if key.kind != column.kind or other.name == table.name or _linked(schema, table.name, other.name):
                continue
            found.append(ForeignKey(table.name, column.name, other.name, key.name))
    return tuple(found)


def _in_column_order(table: Table, keys: tuple[ForeignKey, ...]) -> tuple[ForeignKey, ...]:
    """A table's keys in the order of its columns. Of two keys to the same table the first column
    is the row's own (``follows.member_id`` before ``followed_id``): the join a question means when it
    names neither ("the member with the most follows"), and the one the shortest path then takes."""
    position = {c.name: i for i, c in enumerate(table.columns)}
    return tuple(sorted(keys, key=lambda fk: position.get(fk.column, len(position))))


def with_implied_keys(schema: Schema) -> Schema:
    """The schema the engine joins along: its implied foreign keys added, every table's keys in
    the order of its columns (the same object when that changes nothing)."""
    named_by = _named_by(schema)
    keys = {t.name: _in_column_order(t, (*t.foreign_keys, *implied_keys(t, schema, named_by)))
            for t in schema.tables}
    if all(keys[t.name] == t.foreign_keys for t in schema.tables):
        return schema
    tables = tuple(replace(t, foreign_keys=keys[t.name]) if keys[t.name] != t.foreign_keys else t
                   for t in schema.tables)
    return Schema(tables, schema.dialect)
