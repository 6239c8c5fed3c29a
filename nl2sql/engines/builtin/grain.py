"""Aggregates over one-to-many joins, measured at the grain of their own table.

Joining a table to rows that reference it repeats each of its rows once per referencing row: a
total per group reached through such a join counts a row once per referencing row, not once.
So the query is built in two parts that meet on the group keys: the aggregates the joins do
not distort (MIN, MAX, DISTINCT counts, anything over a table whose rows are not repeated) are
computed over the joins as usual; each other aggregate is computed over its own table's rows,
joined to the distinct (row key, group) pairs the joins and filters allow, so that every row
counts once in every group it belongs to. Counting the main table's rows per group of a table
that repeats them becomes ``COUNT(DISTINCT key)``. SUM over DISTINCT values would drop equal
amounts of different rows, so sums are never deduplicated that way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Protocol

from sqlglot import exp

from nl2sql.db.schema import ForeignKey, Schema
from nl2sql.engines.builtin.grouped import shown_keys
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey, QuerySpec
from nl2sql.identifiers import identifier

Tree = Mapping[str, tuple[str, ForeignKey]]  # joined table -> (the table it hangs from, the key joining them)
_BASE, _PAIRS, _ROW, _ROWS = "grouped", "pairs", "row_key", "row_count"


class Renderer(Protocol):
    """What a measured query asks of the renderer that calls for it: the spec, the joins the
    renderer made, and its pieces of SQL. Passed in, never imported: the renderer uses this module."""

    @property
    def spec(self) -> QuerySpec: ...
    @property
    def schema(self) -> Schema: ...
    @property
    def tree(self) -> Tree: ...
    @property
    def names(self) -> list[str]: ...  # each aggregate's output name

    def col(self, ref: ColumnRef) -> exp.Column: ...
    def group_expr(self, key: GroupKey) -> exp.Expr: ...
    def aggregate(self, agg: Aggregate) -> exp.Expr: ...
    def with_source(self, query: exp.Select) -> exp.Select: ...
    def compare(self, op: str, left: exp.Expr, value: object) -> exp.Expr: ...


class _Names:
    """Readable names for the parts of a measured query, each said once: a group by its column,
    a shown column by its name, an aggregate by its alias, a measured table as ``<table>_measured``."""

    def __init__(self, r: Renderer, tables: Mapping[int, str]) -> None:
        s = r.spec
        self._taken = {_BASE, _PAIRS, _ROW, _ROWS}
        self.group = [self._new(k.alias) for k in s.group_by]
        self.shown = [self._new(p.column) for p in s.projections]
        self.sort = {j: self._new(f"sort_{o.column.column}") for j, o in enumerate(s.order_by) if o.column is not None}
        self.value = [self._new(name) for name in r.names]
        self.measured = {t: self._new(f"{t}_measured") for t in dict.fromkeys(tables.values())}

    def _new(self, wanted: str) -> str:
        name, n = wanted, 1
        while name.lower() in self._taken:
            n += 1
            name = f"{wanted}_{n}"
        self._taken.add(name.lower())
        return name


def repeating(tree: Tree, start: str) -> frozenset[str]:
    """The joined tables whose rows repeat the rows of ``start``: those reached across a step from
    a table into the rows that reference it (one row there, many here)."""
    edges: dict[str, list[tuple[str, ForeignKey]]] = defaultdict(list)
    for child, (parent, fk) in tree.items():
        edges[parent].append((child, fk))
        edges[child].append((parent, fk))
    out: set[str] = set()
    seen, todo = {start}, [(start, False)]
    while todo:
        here, crossed = todo.pop()
        for nxt, fk in edges[here]:
            if nxt in seen:
                continue
            seen.add(nxt)
            many = crossed or (fk.table == nxt and fk.ref_table == here and nxt != here)
            if many:
                out.add(nxt)
            todo.append((nxt, many))
    return frozenset(out)


def _counts_rows(agg: Aggregate) -> bool:
    return agg.metric is None and (agg.column is None or not agg.column.column)


def counted_key(r: Renderer) -> ColumnRef | None:
    """The main table's key when COUNT(*) must count its rows once: the groups or shown columns
    lie in a table that repeats them ("<rows> per <column of their child rows>")."""
    s = r.spec
    if not any(_counts_rows(a) for a in s.aggregates):
        return None
    shown = {g.column.table for g in s.group_by} | {p.table for p in s.projections}
    table = r.schema.table(s.entity)
    pk = table.primary_key if table is not None else None
    if pk is None or not (repeating(r.tree, s.entity) & shown):
        return None
    return ColumnRef(s.entity, pk.name)


def counts_keys(r: Renderer, agg: Aggregate) -> bool:
    """A count of a table's rows by its key where the joins repeat them: ``COUNT(DISTINCT key)``
    counts each row once, as a person would write it, with no measured subquery."""
    if agg.func != "count" or agg.distinct or agg.column is None or not agg.column.column:
        return False
    table = r.schema.table(agg.column.table)
    pk = table.primary_key if table is not None else None
    return pk is not None and pk.name == agg.column.column and bool(repeating(r.tree, agg.column.table))


def distorted(r: Renderer) -> dict[int, str]:
    """Aggregates (by index) that the joins would count more than once, and each one's table."""
    out: dict[int, str] = {}
    for i, agg in enumerate(r.spec.aggregates):
        table_name = agg.table
        if agg.distinct or agg.func in ("min", "max") or _counts_rows(agg) or table_name is None \
                or counts_keys(r, agg):
            continue
        table = r.schema.table(table_name)
        if table is not None and table.primary_key is not None and repeating(r.tree, table_name):
            out[i] = table_name
    return out


def _measure(r: Renderer, table: str, indexes: list[int], keys: list[tuple[str, exp.Expr]],
             names: _Names) -> exp.Select:
    """The aggregates over ``table``'s own rows, each row once per group the joins put it in."""
    t = r.schema.table(table)
    assert t is not None and t.primary_key is not None
    if any(r.spec.aggregates[i].func == "share" for i in indexes):  # its condition is on rows not joined here
        raise ValueError("the share's condition is on rows its total does not reach")
    key = r.col(ColumnRef(table, t.primary_key.name))
    pairs = r.with_source(exp.select(exp.alias_(key.copy(), _ROW), *(exp.alias_(e.copy(), n) for n, e in keys)))
    grouped = [exp.column(n, table=_PAIRS) for n, _ in keys]
    sub = exp.select(*grouped, *(exp.alias_(r.aggregate(r.spec.aggregates[i]), names.value[i]) for i in indexes))
    sub = sub.from_(pairs.distinct().subquery(_PAIRS))
    sub = sub.join(exp.Table(this=exp.to_identifier(table)),
                   on=exp.EQ(this=key, expression=exp.column(_ROW, table=_PAIRS)))
    return sub.group_by(*(g.copy() for g in grouped)) if grouped else sub


def _base(r: Renderer, keys: list[tuple[str, exp.Expr]], skip: Mapping[int, str], names: _Names) -> exp.Select:
    """Group keys, shown and sorted columns, and the undistorted aggregates, over the joins."""
    s = r.spec
    items = [*keys, *((names.shown[i], r.col(p)) for i, p in enumerate(s.projections))]
    items += [(names.sort[i], r.col(o.column)) for i, o in enumerate(s.order_by) if o.column is not None]
    items += [(names.value[i], r.aggregate(a)) for i, a in enumerate(s.aggregates) if i not in skip]
    if not items:  # every aggregate is measured apart: the base is the one row they meet on
        items = [(_ROWS, exp.Count(this=exp.Star()))]
    base = r.with_source(exp.select(*(exp.alias_(e, n) for n, e in items)))
    return base.group_by(*(e.copy() for _, e in keys)) if keys else base


def measured_query(r: Renderer) -> exp.Select | None:
    """The query with each distorted aggregate measured at its own grain; None when none is."""
    s = r.spec
    tables = distorted(r)
    if not tables:
        return None
    said = _Names(r, tables)
    keys = [(said.group[i], r.group_expr(k)) for i, k in enumerate(s.group_by)]
    names = said.measured
    query = exp.select().from_(_base(r, keys, tables, said).subquery(_BASE))
    for table, alias in names.items():
        sub = _measure(r, table, [i for i, t in tables.items() if t == table], keys, said)
        same = [exp.NullSafeEQ(this=exp.column(n, table=_BASE), expression=exp.column(n, table=alias))
                for n, _ in keys]
        query = query.join(sub.subquery(alias), on=exp.and_(*same) if same else exp.true())

    def value(i: int) -> exp.Column:
        return exp.column(said.value[i], table=names[tables[i]] if i in tables else _BASE)

    if s.projections:
        shown = [exp.alias_(exp.column(said.shown[i], table=_BASE), p.column) for i, p in enumerate(s.projections)]
    else:
        visible = shown_keys(s, r.schema)
        shown = [exp.alias_(exp.column(n, table=_BASE), k.alias) for (n, _), k in zip(keys, s.group_by, strict=True)
                 if k in visible]
    shown += [exp.alias_(value(i), identifier(r.names[i])) for i, a in enumerate(s.aggregates)
              if a.shown or not (s.projections or s.group_by)]
    query = query.select(*shown)
    for i, op, v in s.having:
        query = query.where(r.compare(op, value(i), v))
    order = []
    for j, key in enumerate(s.order_by):
        if key.aggregate is not None and key.aggregate < len(s.aggregates):
            target = value(key.aggregate)
        elif key.column is not None:
            target = exp.column(said.sort[j], table=_BASE)
        else:
            continue
        order.append(exp.Ordered(this=target, desc=key.descending, nulls_first=not key.descending))
    query = query.order_by(*order) if order else query
    return query.limit(s.limit) if s.limit is not None else query
