"""A table joined only to read its key, which the main table already holds: no join.

"template ids and the number of documents of each" reads the template's id, and each document
keeps it in its own foreign key; joining the templates table to read the same value back is what
a generated query does, not a person. The key is read from the main table's column instead.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, QuerySpec
from nl2sql.engines.builtin.used import spec_refs


def _refs(spec: QuerySpec) -> list[ColumnRef]:
    """Every column the query reads (``spec_refs``), and what reads a table whole: a metric over it,
    a self-referencing subquery, the conditions of alternatives, a reordering after a limit."""
    refs = spec_refs(spec)
    refs += [ColumnRef(a.metric.table, "*") for a in spec.aggregates if a.metric is not None]
    refs += [ColumnRef(spec.rows_of.table, "*")] if spec.rows_of is not None else []
    refs += [ColumnRef(t.table, "*") for f in spec.filters if f.op in ("in_rows", "not_in_rows", "counted_in")
             for t in (f.column, f.other) if t]
    alternatives = [f for alt in spec.alternatives for f in alt]
    refs += [r for f in alternatives for r in (f.column, f.other) if r is not None]
    refs += [o.column for o in spec.reorder if o.column is not None]
    return refs


def without_key_joins(spec: QuerySpec, schema: Schema) -> QuerySpec:
    """``spec`` reading a foreign key wherever it read only the key it refers to, at the end of the
    joins: the main table's own key ("template id" of documents), or the key a linking table holds
    ("the number of employees of each shop" counts the hirings' employee keys)."""
    if schema.table(spec.entity) is None or spec.source is not None:
        return spec
    refs = _refs(spec)
    swaps: dict[ColumnRef, ColumnRef] = {}
    for table in dict.fromkeys(r.table for r in refs):
        found = _held_key(spec, schema, refs, table)
        if found is not None:
            swaps[found[0]] = found[1]
    if not swaps:
        return spec
    dropped = {key.table for key in swaps}
    return _swapped(spec, swaps).with_(via=tuple(t for t in spec.via if t not in dropped))


def _held_key(spec: QuerySpec, schema: Schema, refs: list[ColumnRef],
              table: str) -> tuple[ColumnRef, ColumnRef] | None:
    """(the table's key, the foreign key its neighbour on the way holds) when the query reads
    nothing else of the table and the table ends its path."""
    target = schema.table(table)
    pk = target.primary_key if target is not None else None
    if table == spec.entity or pk is None:
        return None
    key = ColumnRef(table, pk.name)
    if any(r != key for r in refs if r.table == table):
        return None  # another column of it is read: the join stays
    path = schema.join_path_via(spec.entity, table, spec.via) or []
    on_the_way = {spec.entity, *(hop for hop, _fk in path)}
    if table in spec.via and any(r.table not in on_the_way for r in refs):
        return None  # a table the question named as a verb, that other joins go through
    hop = path[-1][1] if path else None
    if hop is None or hop.ref_table != table or hop.ref_column != pk.name or hop.table == table:
        return None
    return key, ColumnRef(hop.table, hop.column)


def _swapped(spec: QuerySpec, swaps: dict[ColumnRef, ColumnRef]) -> QuerySpec:
    def ref(r: ColumnRef | None) -> ColumnRef | None:
        return swaps.get(r, r) if r is not None else None

    def col(r: ColumnRef) -> ColumnRef:
        return swaps.get(r, r)

    def filt(f: Filter) -> Filter:
        return replace(f, column=col(f.column), other=ref(f.other))

    def agg(a: Aggregate) -> Aggregate:
        """A count of the dropped table's rows counts the distinct keys held for them."""
        moved = replace(a, column=ref(a.column), since=ref(a.since))
        return replace(moved, distinct=True) if a.func == "count" and a.column in swaps else moved

    return spec.with_(
        projections=tuple(col(p) for p in spec.projections),
        group_by=tuple(replace(g, column=col(g.column)) for g in spec.group_by),
        aggregates=tuple(agg(a) for a in spec.aggregates),
        filters=tuple(filt(f) for f in spec.filters),
        alternatives=tuple(tuple(filt(f) for f in alt) for alt in spec.alternatives),
        order_by=tuple(replace(o, column=ref(o.column)) for o in spec.order_by),
        reorder=tuple(replace(o, column=ref(o.column)) for o in spec.reorder),
    )

