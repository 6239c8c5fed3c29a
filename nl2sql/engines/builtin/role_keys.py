"""Groups by a key named for a role: "customers per support rep" groups by the rep, not the number.

A key such as ``support_rep_id`` is named by its role ("support rep"), and a question that groups
by it means the rows it points to: each group is shown by that row's label (the rep's name), as
a person would write it, joined along that key. Only for a number nobody reads (a code such as
a type code is said and shown as it is), when the rows have a label of their own, and when the
key is the one way between the two tables, so the join cannot take another; a key into its own
table (a manager) is the self-reference's reading.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.reader import entity_keys
from nl2sql.engines.builtin.spec import GroupKey, QuerySpec


def by_referenced_rows(spec: QuerySpec, schema: Schema) -> QuerySpec:
    """``spec`` with each group by a role key grouped by the labelled rows the key points to."""
    keys: list[GroupKey] = []
    changed = False
    for key in spec.group_by:
        table = schema.table(key.column.table)
        fk = next((f for f in table.foreign_keys if f.column == key.column.column), None) if table else None
        target = schema.table(fk.ref_table) if fk is not None else None
        col = table.column(key.column.column) if table is not None else None
        label = target.label_column if target is not None else None
        if table is None or fk is None or target is None or key.bucket is not None or target.name == table.name \
                or label is None or label.primary_key or col is None or not col.is_numeric \
                or _ways(schema, table.name, target.name) != 1:
            keys.append(key)
            continue
        keys += [k for k in entity_keys(target) if k not in keys]
        changed = True
    return spec.with_(group_by=tuple(keys)) if changed else spec


def _ways(schema: Schema, one: str, other: str) -> int:
    """How many keys join the two tables directly, either way."""
    return sum(1 for name in (one, other) if (t := schema.table(name)) is not None
               for fk in t.foreign_keys if {fk.table, fk.ref_table} == {one, other})
