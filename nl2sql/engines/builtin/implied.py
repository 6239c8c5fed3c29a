"""Foreign keys a schema implies but does not declare.

Many databases name a reference after the table it points at and never declare the key: a
``flights.airline`` integer holding ``airlines.uid``. Without the key the engine finds no join
path, so "airlines with at least 10 flights" could not be read at all. A column is read as a
reference when its name is another table's name (singular, or followed by that table's key name
or "id"), it has the kind of that table's one-column primary key, and the two tables have no
declared key between them; a name alone is the evidence, so the rule stays this narrow.

Two more names say the same. A column spelled as another table's own primary key (``unit_code``
beside ``units.unit_code``, ``CustID`` beside ``customers.CustID``) when that name is a key's (a
word and "code", "id", "ref"), the column is text or named so too, and no other table keys its rows
by it. And a key named for a role (``groomer_id``) that no table is named for, when one table of
people keeps that role in its column of roles (a ``staff.role`` of 'Groomer') and no other key of
the row is a role into it (a groomer beside a bather): the role's holders are that table's rows.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from nl2sql.db.schema import TEXT, Column, ForeignKey, Schema, Table
from nl2sql.linking.lexicon import is_workforce
from nl2sql.linking.text import name_words, singular


def _words(name: str) -> tuple[str, ...]:
    return tuple(singular(w) for w in name_words(name))


def _named_by(schema: Schema) -> dict[tuple[str, ...], list[Table]]:
    """Each table with one primary key, under the column names that refer to it: its own name, its
    name with "id", its name with its key's name."""
    index: dict[tuple[str, ...], list[Table]] = defaultdict(list)
    for table in schema.tables:
        keys = [c for c in table.columns if c.primary_key]
        if len(keys) != 1:
            continue
        target = _words(table.name)
        for form in dict.fromkeys((target, (*target, "id"), (*target, *_words(keys[0].name)))):
            index[form].append(table)
    return index


# Words of a key's name that say only that it is a key: a primary key named by nothing else
# ("id", "code") is every table's, and a column spelled the same points at none of them.
_KEY_ONLY = frozenset({"id", "key", "no", "num", "number", "code", "cd", "ref", "pk", "uid", "uuid"})


def _keyed_by(schema: Schema) -> dict[tuple[str, ...], Table]:
    """Each table under its one-column primary key's own name, where that name is a key's (a word
    and "code", "id", "ref", "reg") and no other table's key is spelled the same."""
    seen: dict[tuple[str, ...], list[Table]] = defaultdict(list)
    for table in schema.tables:
        keys = [c for c in table.columns if c.primary_key]
        words = name_words(keys[0].name) if len(keys) == 1 else ()
        if len(words) > 1 and set(words) - _KEY_ONLY and set(words) & (_KEY_ONLY | {"reg"}):
            seen[words].append(table)  # a key's own name ("unit_code"), not a "name" or a "score"
    return {words: tables[0] for words, tables in seen.items() if len(tables) == 1}


# Name words of a column of what people do: a teacher's 'Head' of department is no role.
ROLE_COLUMN_WORDS = frozenset({"role", "job", "title", "position", "post", "duty", "trade", "occupation"})


def _role_holders(schema: Schema) -> dict[str, list[Table]]:
    """The tables whose stored text values name a role ('Groomer', 'Senior Installer'), under the
    role's last word: who holds a role kept in a column's values, not in a table's name."""
    holders: dict[str, list[Table]] = defaultdict(list)
    for table in schema.tables:
        keys = [c for c in table.columns if c.primary_key]
        if len(keys) != 1 or not table.stored or not (is_workforce(table) or table.person_name is not None):
            continue  # a product called 'Ear Cleaner' holds no role
        roles = {words[-1] for c in table.columns if c.kind == TEXT and not c.primary_key
                 and set(name_words(c.name)) & ROLE_COLUMN_WORDS
                 for v in c.values if len(words := name_words(v)) in (1, 2)}
        for role in roles:
            holders[role].append(table)
    return holders


def _linked(schema: Schema, one: str, other: str) -> bool:
    return any(hop == other for hop, _fk in schema.neighbours(one))


@dataclass(frozen=True)
class _Names:
    """How columns name the tables they point at, built once, so that a schema of hundreds of
    tables is matched column by column, not column by table."""
    by_table: dict[tuple[str, ...], list[Table]]
    by_key: dict[tuple[str, ...], Table]
    by_role: dict[str, list[Table]]


def _names(schema: Schema) -> _Names:
    return _Names(_named_by(schema), _keyed_by(schema), _role_holders(schema))


def implied_keys(table: Table, schema: Schema, names: _Names | None = None) -> tuple[ForeignKey, ...]:
    """The undeclared references of one table's columns: a column named as a reference to another
    table whose primary key it fits."""
    index = names if names is not None else _names(schema)
    found: list[ForeignKey] = []
    roles: list[ForeignKey] = []
    for column in table.columns:
        if column.name in table.fk_columns:
            continue
        referred, by_role = _referred(column, index)
        for other in referred:
            key = next(c for c in other.columns if c.primary_key)
            if key.kind != column.kind or other.name == table.name or _linked(schema, table.name, other.name):
                continue
            (roles if by_role else found).append(ForeignKey(table.name, column.name, other.name, key.name))
    # two roles into one table of people (a groomer and a bather of an appointment): neither is
    # the join a question means when it names the people alone
    return tuple(found + [fk for fk in roles if sum(r.ref_table == fk.ref_table for r in roles) == 1])


def _referred(column: Column, names: _Names) -> tuple[list[Table], bool]:
    """The tables a column's name refers to: by their name, by their key's own name, or by a role
    one table of them holds (only for a key no table is named for; then True)."""
    named = names.by_table.get(_words(column.name), [])
    if named or column.primary_key:
        return named, False
    words = name_words(column.name)
    if words in names.by_key and (column.kind == TEXT or set(words) & _KEY_ONLY):
        return [names.by_key[words]], False  # a number named as a measure ("score") is one, whatever it keys
    role = [w for w in words if w not in _KEY_ONLY]
    if len(role) == 1 and len(words) > 1 and len(found := names.by_role.get(role[0], [])) == 1:
        return found, True
    return [], False


def _in_column_order(table: Table, keys: tuple[ForeignKey, ...]) -> tuple[ForeignKey, ...]:
    """A table's keys in the order of its columns. Of two keys to the same table the first column
    is the row's own (``follows.member_id`` before ``followed_id``): the join a question means when it
    names neither ("the member with the most follows"), and the one the shortest path then takes."""
    position = {c.name: i for i, c in enumerate(table.columns)}
    return tuple(sorted(keys, key=lambda fk: position.get(fk.column, len(position))))


def with_implied_keys(schema: Schema) -> Schema:
    """The schema the engine joins along: its implied foreign keys added, every table's keys in
    the order of its columns (the same object when that changes nothing)."""
    names = _names(schema)
    keys = {t.name: _in_column_order(t, (*t.foreign_keys, *implied_keys(t, schema, names)))
            for t in schema.tables}
    if all(keys[t.name] == t.foreign_keys for t in schema.tables):
        return schema
    tables = tuple(replace(t, foreign_keys=keys[t.name]) if keys[t.name] != t.foreign_keys else t
                   for t in schema.tables)
    return Schema(tables, schema.dialect)
