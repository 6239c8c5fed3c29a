"""The two ends of a route: "from <a place> to <another>" said of rows that point twice at one table.

A trip, a transfer or a shipment keeps two keys into the same table (its origin and its
destination). A value of that table said after "from" names the row the origin key points to, one
said after "to" (or after "in"/"at" following a verb of arriving) the row the destination key points
to; a join along either key alone would keep rows that only pass through the place the other way.
Each end becomes a condition on its own key (``key IN (SELECT id FROM places WHERE <the value>)``),
taken only when the keys' names say which is which; when they do not, the condition stays as it was
read, and a place no word puts at either end of such a route is confirmed. A follow-up's place
replaces the one its end held ("what about Madrid?"), or joins it ("also include ... to Hull").
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import ForeignKey, Schema, Table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import ColumnRef, Filter, QuerySpec
from nl2sql.linking.lexicon import TABLE, VALUE, Candidate
from nl2sql.linking.text import name_words

# Words a key's name uses for where something starts, and for where it goes.
_START = frozenset({"from", "origin", "source", "src", "start", "departure", "depart", "pickup", "sender",
                    "outbound"})
_END = frozenset({"to", "dest", "destination", "end", "arrival", "arrive", "target", "receiver", "recipient",
                  "delivery", "inbound"})
_SAID = {"from": _START, "to": _END, "into": _END}
# Verbs that say which end a place after "in" or "at" is: "picked up in", "delivered at".
_STARTED = frozenset({"picked", "collected", "depart", "departed", "departing", "departs", "leave", "left",
                      "leaving", "leaves", "loaded", "dispatched", "originated", "originating", "originate",
                      "boarded", "started"})
_ENDED = frozenset({"delivered", "arrive", "arrived", "arriving", "arrives", "land", "landed", "landing", "lands",
                    "dropped", "unloaded", "received", "ended", "ending", "destined", "bound", "reaching", "reach"})


def _key_for(keys: list[ForeignKey], role: frozenset[str]) -> ForeignKey | None:
    """The one key whose name says ``role`` (``originDepotId`` for a start)."""
    found = [fk for fk in keys if role & set(name_words(fk.column))]
    return found[0] if len(found) == 1 else None


Ends = dict[str, tuple[ForeignKey, list[object], set[int]]]  # key column -> (key, values, words)


def _ends(f: Filter, a: Analysis, keys: list[ForeignKey]) -> Ends | None:
    """The values of ``f`` by the key their "from" or "to" chooses (a value after "or" or "and" goes
    where the one before it went), or None when one has neither."""
    places = sorted(i for i in f.words if (link := a.link_at(i)) is not None and link.first == i
                    and link.of_kind(VALUE))
    if len(places) != len(f.values):
        return None
    out: Ends = {}
    fk: ForeignKey | None = None
    for at, value in zip(places, f.values, strict=True):
        role, said_by = _end_of(a, at)
        if role is not None:
            fk = _key_for(keys, role)
        elif a.word(at - 1) not in ("or", "and", ","):
            fk = None
        if fk is None:
            return None
        said = out.setdefault(fk.column, (fk, [], set()))
        said[1].append(value)
        said[2].update((at, *said_by))
    return out


# Verbs of going that "from" or "to" completes ("going to York", "flying from Lisbon").
_MOTION = frozenset({"go", "goes", "going", "went", "gone", "head", "heading", "headed", "travel", "travels",
                     "travelled", "traveled", "travelling", "traveling", "fly", "flies", "flying", "flew", "sail",
                     "sails", "sailing", "sailed", "move", "moving", "moved", "sent", "shipped", "come", "coming",
                     "came", "run", "runs", "running", "ran"})
_FILLERS = frozenset({"the", "a", "an", "of", "called", "named"})


def _end_of(a: Analysis, at: int) -> tuple[frozenset[str] | None, set[int]]:
    """The end the place at ``at`` is, and the words that say so: "from" or "to" before it, or the
    verb before the "in" or "at" it follows ("unloaded at the quay of Vigo"), or a verb right before
    it ("leaving Vigo"); the words naming what the place is are passed over."""
    j = at - 1
    while j >= 0 and j > at - 6 and (a.word(j) in _FILLERS or a.link_at(j) is not None):
        j -= 1
    if a.word(j) in _SAID:
        return _SAID[a.word(j)], {j} | ({j - 1} if a.word(j - 1) in _MOTION else set())
    before = range(max(0, j - 4), j) if a.word(j) in ("in", "at") else range(j, j + 1)
    started = {i for i in before if a.word(i) in _STARTED}
    ended = {i for i in before if a.word(i) in _ENDED}
    if bool(started) == bool(ended):
        return None, set()
    return (_START, {j, *started}) if started else (_END, {j, *ended})


def unsaid_ends(spec: QuerySpec, a: Analysis, schema: Schema) -> tuple[str, ...]:
    """Doubts for a place the rows' keys leave unplaced on a route: a value of a table the main rows
    point to at both ends that no word places ("shipments in Rotterdam" may mean either end), or one
    said as a route's end ("bookings from Lisbon to Paris") where the route's keys are another table's
    (the flights'), which the reading does not follow."""
    entity = schema.table(spec.entity)
    if entity is None:
        return ()
    out = []
    for f in spec.filters:
        if f.op not in ("=", "in"):
            continue
        keys = _keys_to(entity, f.column.table)
        if _is_route(keys) and f.column.table != spec.entity:
            out.append(f"{f.column.table} read through one of {', '.join(fk.column for fk in keys)}")
        elif any(_end_of(a, at)[0] is not None for at in f.words) and any(
                _is_route(_keys_to(t, f.column.table)) for t in schema.tables):
            out.append(f"{f.column.table} said as a route's end the rows do not keep")
    return tuple(out)


def _keys_to(table: Table, ref: str) -> list[ForeignKey]:
    """The keys of ``table`` into ``ref``: two of them, named for the start and the end, are a route."""
    return [fk for fk in table.foreign_keys if fk.ref_table == ref]


def _is_route(keys: list[ForeignKey]) -> bool:
    return _key_for(keys, _START) is not None and _key_for(keys, _END) is not None


def by_route_ends(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` with each value said as a route's end tested on that end's key of the main rows. An
    end already tested (by an earlier line) is replaced by a new value said of it, and a value of
    the same column said with no "from" or "to" ("what about Madrid?") takes the old value's end."""
    entity = schema.table(spec.entity)
    if entity is None:
        return spec
    filters: list[Filter] = []
    for f in (_onto_route(g, a, schema, entity) for g in spec.filters):
        keys = _keys_to(entity, f.column.table)
        ends = _ends(f, a, keys) if f.op in ("=", "in") and len(keys) >= 2 and f.column.table != spec.entity \
            else None
        if ends is None:
            if not _takes_an_end(filters, f):
                filters.append(f)
            continue
        for fk, values, words in ends.values():
            picked = Filter(ColumnRef(f.column.table, f.column.column), "=" if len(values) == 1 else "in",
                            tuple(values))
            end = Filter(ColumnRef(spec.entity, fk.column), "in_rows", (picked,),
                         other=ColumnRef(fk.ref_table, fk.ref_column), words=frozenset(words))
            filters = [g for g in filters if not (g.op == "in_rows" and g.column == end.column)] + \
                [_widened(end, filters) if _adds(a) else end]
    return replace(spec, filters=tuple(filters)) if filters != list(spec.filters) else spec


def _onto_route(f: Filter, a: Analysis, schema: Schema, entity: Table) -> Filter:
    """``f`` on the table the rows' route keys point to, when its place is said as an end ("shipments
    to Germany") but was read on a table the rows point to once (their customer's country) and the
    same words name a value of the route's table too (a depot's country)."""
    if f.op not in ("=", "in") or f.column.table == entity.name \
            or _is_route(_keys_to(entity, f.column.table)):
        return f
    places = _said_places(f, a)
    if places is None:
        return f
    route_tables = {fk.ref_table for fk in entity.foreign_keys if _is_route(_keys_to(entity, fk.ref_table))}
    columns: list[dict[tuple[str, str], object]] = []
    for (_at, cands), value in zip(places, f.values, strict=True):
        if not any((c.table, c.column, c.value) == (f.column.table, f.column.column, value) for c in cands):
            return f  # words of an earlier line: this line's words there say something else
        columns.append({(c.table, c.column): c.value for c in cands if c.table in route_tables and c.column})
    shared = set(columns[0]).intersection(*columns[1:])
    if len(shared) != 1:
        return f
    table, column = shared.pop()
    return replace(f, column=ColumnRef(table, column), values=tuple(found[(table, column)] for found in columns))


def _said_places(f: Filter, a: Analysis) -> list[tuple[int, list[Candidate]]] | None:
    """The places of ``f`` (where each is said, and what its words may name) when the first is said
    as an end of a route and no name of the rows that keep it follows ("to Italian customers")."""
    places = sorted((link.first, link.of_kind(VALUE)) for i in f.words
                    if (link := a.link_at(i)) is not None and link.first == i and link.of_kind(VALUE))
    if not places or len(places) != len(f.values) or _end_of(a, places[0][0])[0] is None:
        return None
    after = a.link_at(max(f.words) + 1)
    if after is not None and any(c.table == f.column.table for c in after.of_kind(TABLE)):
        return None  # the place is the customers', whatever "to" says
    return places


# Words that add a place to those already asked for ("also include flights to Hull") rather than replace it.
_ADDING = frozenset({"also", "include", "including", "too", "plus"})


def _adds(a: Analysis) -> bool:
    return any(t.text in _ADDING for t in a.tokens)


def _widened(end: Filter, filters: list[Filter]) -> Filter:
    """``end`` with the values of the end already tested on the same key and column beside its own."""
    old = next((filters[k] for k in _ends_on(filters, end.values[0].column) if filters[k].column == end.column),
               None)
    if old is None:
        return end
    values = tuple(dict.fromkeys((*old.values[0].values, *end.values[0].values)))
    return replace(end, values=(replace(end.values[0], op="in" if len(values) > 1 else "=", values=values),),
                   words=end.words | old.words)


def _ends_on(filters: list[Filter], column: ColumnRef) -> list[int]:
    """Where in ``filters`` a route's end is tested by a value of ``column`` (a depot's city)."""
    return [k for k, g in enumerate(filters) if g.op == "in_rows" and g.other is not None
            and g.other.table != g.column.table and len(g.values) == 1 and g.values[0].column == column]


def _takes_an_end(filters: list[Filter], f: Filter) -> bool:
    """Put ``f`` (a place said with no end) in the place of the one end already tested on its column:
    ``filters`` changes, and True says so."""
    ends = _ends_on(filters, f.column) if f.op in ("=", "in") else []
    if len(ends) != 1:
        return False
    end = filters[ends[0]]
    filters[ends[0]] = replace(end, values=(replace(end.values[0], op=f.op, values=f.values),),
                               words=end.words | f.words)
    return True
