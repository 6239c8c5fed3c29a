"""The two ends of a route: "from <a place> to <another>" said of rows that point twice at one table.

A trip, a transfer or a shipment keeps two keys into the same table (its origin and its
destination). A value of that table said after "from" names the row the origin key points to, one
said after "to" the row the destination key points to; a join along either key alone would keep
rows that only pass through the place the other way. Each end becomes a condition on its own key
(``key IN (SELECT id FROM places WHERE <the value>)``), taken only when the keys' names say which is
which; when they do not, the condition stays as it was read.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import ForeignKey, Schema
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import ColumnRef, Filter, QuerySpec
from nl2sql.linking.text import name_words

# Words a key's name uses for where something starts, and for where it goes.
_START = frozenset({"from", "origin", "source", "src", "start", "departure", "depart", "pickup", "sender",
                    "outbound", "home"})
_END = frozenset({"to", "dest", "destination", "end", "arrival", "arrive", "target", "receiver", "recipient",
                  "delivery", "inbound"})
_SAID = {"from": _START, "to": _END, "into": _END}


def _key_for(keys: list[ForeignKey], role: frozenset[str]) -> ForeignKey | None:
    """The one key whose name says ``role`` (``originDepotId`` for a start)."""
    found = [fk for fk in keys if role & set(name_words(fk.column))]
    return found[0] if len(found) == 1 else None


def _ends(f: Filter, a: Analysis, keys: list[ForeignKey]) -> list[tuple[ForeignKey, object, int]] | None:
    """Each value of ``f`` with the key its "from" or "to" chooses, or None when one has neither."""
    places = sorted(i for i in f.words if (link := a.link_at(i)) is not None and link.first == i)
    if len(places) != len(f.values):
        return None
    out = []
    for at, value in zip(places, f.values, strict=True):
        role = _SAID.get(a.word(at - 1))
        fk = _key_for(keys, role) if role is not None else None
        if fk is None:
            return None
        out.append((fk, value, at))
    return out if len({fk.column for fk, _v, _at in out}) == len(out) else None


def by_route_ends(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` with each value said as a route's end tested on that end's key of the main rows."""
    entity = schema.table(spec.entity)
    if entity is None:
        return spec
    filters: list[Filter] = []
    changed = False
    for f in spec.filters:
        keys = [fk for fk in entity.foreign_keys if fk.ref_table == f.column.table]
        ends = _ends(f, a, keys) if f.op in ("=", "in") and len(keys) >= 2 and f.column.table != spec.entity \
            else None
        if ends is None:
            filters.append(f)
            continue
        changed = True
        for fk, value, at in ends:
            picked = Filter(ColumnRef(f.column.table, f.column.column), "=", (value,))
            filters.append(Filter(ColumnRef(spec.entity, fk.column), "in_rows", (picked,),
                                  other=ColumnRef(fk.ref_table, fk.ref_column), words=frozenset({at - 1, at})))
    return replace(spec, filters=tuple(filters)) if changed else spec
