"""A table joined only to read its key, which the main table already holds: no join.

"template ids and the number of documents of each" reads the template's id, and each document
keeps it in its own foreign key; joining the templates table to read the same value back is what
a generated query does, not a person. The key is read from the main table's column instead.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.spec import ColumnRef, Filter, QuerySpec


def _filter_refs(f: Filter) -> list[ColumnRef]:
    refs = [f.column, *([f.other] if f.other is not None else [])]
    if f.op == "in_rows":  # a subquery over its own table: its columns are not joined
        refs.append(ColumnRef(f.column.table, "*"))
    return refs


def _refs(spec: QuerySpec) -> list[ColumnRef]:
    refs = [*spec.projections, *(g.column for g in spec.group_by)]
    refs += [c for a in spec.aggregates for c in (a.column, a.since) if c is not None]
    refs += [ColumnRef(a.metric.table, "*") for a in spec.aggregates if a.metric is not None]
    refs += [ColumnRef(spec.rows_of.table, "*")] if spec.rows_of is not None else []
    refs += [r for f in (*spec.filters, *(g for alt in spec.alternatives for g in alt)) for r in _filter_refs(f)]
    refs += [o.column for o in (*spec.order_by, *spec.reorder) if o.column is not None]
    return refs


def without_key_joins(spec: QuerySpec, schema: Schema) -> QuerySpec:
    """``spec`` reading the main table's foreign key wherever it read only the key it refers to."""
    entity = schema.table(spec.entity)
    if entity is None or spec.source is not None:
        return spec
    refs = _refs(spec)
    swaps: dict[ColumnRef, ColumnRef] = {}
    for fk in entity.foreign_keys:
        target = ColumnRef(fk.ref_table, fk.ref_column)
        if fk.ref_table == entity.name or fk.ref_table in spec.via:
            continue
        used = [r for r in refs if r.table == fk.ref_table]
        if used and all(r == target for r in used) and sum(1 for k in entity.foreign_keys
                                                          if k.ref_table == fk.ref_table) == 1:
            swaps[target] = ColumnRef(entity.name, fk.column)
    return _swapped(spec, swaps) if swaps else spec


def _swapped(spec: QuerySpec, swaps: dict[ColumnRef, ColumnRef]) -> QuerySpec:
    def ref(r: ColumnRef | None) -> ColumnRef | None:
        return swaps.get(r, r) if r is not None else None

    def col(r: ColumnRef) -> ColumnRef:
        return swaps.get(r, r)

    def filt(f: Filter) -> Filter:
        return replace(f, column=col(f.column), other=ref(f.other))

    return spec.with_(
        projections=tuple(col(p) for p in spec.projections),
        group_by=tuple(replace(g, column=col(g.column)) for g in spec.group_by),
        aggregates=tuple(replace(a, column=ref(a.column), since=ref(a.since)) for a in spec.aggregates),
        filters=tuple(filt(f) for f in spec.filters),
        alternatives=tuple(tuple(filt(f) for f in alt) for alt in spec.alternatives),
        order_by=tuple(replace(o, column=ref(o.column)) for o in spec.order_by),
        reorder=tuple(replace(o, column=ref(o.column)) for o in spec.reorder),
    )

