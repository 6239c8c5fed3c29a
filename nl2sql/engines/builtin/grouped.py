"""Which group keys a grouped query shows.

A table's rows are grouped by their key and their label together (``entity_keys``), so that two
rows with the same name stay apart; the answer names them by the label alone.
"""

from __future__ import annotations

from nl2sql.db.schema import TEXT, Schema, is_description
from nl2sql.engines.builtin.spec import ColumnRef, GroupKey, QuerySpec


def shown_keys(spec: QuerySpec, schema: Schema) -> tuple[GroupKey, ...]:
    """The group keys a grouped query shows: a row's key beside its label only groups, so rows
    that share a name stay apart, while the answer names them by their label ("which <rows>
    have ...": their names, not their ids and names) unless the question asked for the key."""
    if spec.keys_shown:
        return spec.group_by
    labelled = {k.column.table for k in spec.group_by if not k.bucket and _is_label(schema, k.column)}
    return tuple(k for k in spec.group_by if k.bucket or k.column.table not in labelled
                 or not _is_key(schema, k.column) or _code_beside_description(schema, k.column))


def _code_beside_description(schema: Schema, ref: ColumnRef) -> bool:
    """A key that is a code ('HARN') of rows named only by a description ("Harness"), or a short
    upper-case code beside a name: a person reads both, the code being how the rows are known."""
    table = schema.table(ref.table)
    label = table.label_column if table is not None else None
    key = table.column(ref.column) if table is not None else None
    if label is None or key is None or key.kind != TEXT:
        return False
    short = bool(key.values) and all(isinstance(v, str) and len(v) <= 5 and v.isupper() for v in key.values)
    return is_description(label.name) or short  # 'YRK' of York - Clifton Moor: the site's code


def _is_label(schema: Schema, ref: ColumnRef) -> bool:
    table = schema.table(ref.table)
    label = table.label_column if table is not None else None
    return label is not None and not label.primary_key and label.name == ref.column


def _is_key(schema: Schema, ref: ColumnRef) -> bool:
    table = schema.table(ref.table)
    key = table.primary_key if table is not None else None
    return key is not None and key.name == ref.column


def without_unshown_labels(spec: QuerySpec, schema: Schema) -> QuerySpec:
    """``spec`` without the labels it groups by only to keep rows apart, where the rows' own key is
    grouped too and the label is neither shown nor sorted on: the key alone keeps them apart
    ("document ids and their paragraph counts" groups by the id, as a person writes it)."""
    if not spec.group_by:
        return spec
    shown = set(spec.projections) if spec.projections else {k.column for k in shown_keys(spec, schema)}
    sorted_on = {o.column for o in (*spec.order_by, *spec.reorder) if o.column is not None}
    keyed = {k.column.table for k in spec.group_by if not k.bucket and _is_key(schema, k.column)}
    kept = tuple(k for k in spec.group_by
                 if k.bucket or k.column.table not in keyed or _is_key(schema, k.column)
                 or k.column in shown or k.column in sorted_on)
    return spec.with_(group_by=kept) if kept != spec.group_by else spec
