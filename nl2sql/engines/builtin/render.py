"""Query spec -> SQL, through sqlglot builders only.

Joins follow the schema's foreign keys from the main table; literal values go in as sqlglot
literals, so whatever the user typed is quoted by sqlglot, never pasted into SQL text.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import sqlglot
from sqlglot import exp

from nl2sql.db.schema import INTEGER, ForeignKey, Schema
from nl2sql.engines.builtin import grain, names, shared
from nl2sql.engines.builtin.asked_units import shown_in
from nl2sql.engines.builtin.grouped import shown_keys, without_unshown_labels
from nl2sql.engines.builtin.key_joins import without_key_joins
from nl2sql.engines.builtin.named_keys import labels, role_key
from nl2sql.engines.builtin.portable import adapt
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, QuerySpec
from nl2sql.engines.builtin.yes_no import flag_of
from nl2sql.identifiers import identifier
from nl2sql.linking.text import name_words
from nl2sql.profile import void_flag
from nl2sql.profile.computed import written
from nl2sql.profile.spans import elapsed


def _emptiness(col: exp.Expr, op: str) -> exp.Expr:
    """``col IS NULL`` for op "null", ``NOT col IS NULL`` for "not_null"."""
    empty = exp.Is(this=col, expression=exp.Null())
    return empty if op == "null" else exp.Not(this=empty)


def _moment_condition(col: exp.Expr, f: Filter) -> exp.Expr:
    """Whether a row's date is set (null, not_null), on a day of the week (weekday), or not yet
    come when set (open: a planned end)."""
    if f.op == "weekday":  # as a bucket writes it, '0' Sunday to '6' Saturday
        return bucket_sql(col, "weekday").isin(*(exp.Literal.string(str(d)) for d in f.values))
    if f.op == "open":
        return exp.Paren(this=exp.Or(this=_emptiness(col, "null"),
                                     expression=exp.GTE(this=col.copy(), expression=literal(f.values[0]))))
    return _emptiness(col, f.op)


def _quarter(col: exp.Expr) -> exp.Expr:
    """A date's quarter as "2025-Q3": no engine's date format has one, so the month says it."""
    month = exp.Cast(this=exp.TimeToStr(this=col.copy(), format=exp.Literal.string("%m")), to=exp.DataType.build("INT"))
    number = exp.IntDiv(this=exp.Paren(this=exp.Add(this=month, expression=exp.Literal.number(2))),
                        expression=exp.Literal.number(3))
    return exp.DPipe(this=exp.DPipe(this=exp.TimeToStr(this=col.copy(), format=exp.Literal.string("%Y")),
                                    expression=exp.Literal.string("-Q")),
                     expression=exp.Cast(this=number, to=exp.DataType.build("TEXT")))


# "weekday" is SQLite's day of the week, 0 for Sunday to 6 for Saturday, as every engine is made to say it.
_BUCKET_FORMATS = {"hour": "%H", "weekday": "%w", "day": "%Y-%m-%d", "week": "%Y-%W", "month": "%Y-%m", "year": "%Y"}


def bucket_sql(col: exp.Expr, bucket: str) -> exp.Expr:
    """A moment's period as text that sorts in time order ("2025-07", "2025-Q3", an hour "09"), written
    once for every dialect: sqlglot spells the format each one's way."""
    if bucket == "quarter":
        return _quarter(col)
    return exp.TimeToStr(this=col, format=exp.Literal.string(_BUCKET_FORMATS[bucket]))


_PEER = "peer"  # the alias of a row's group in a correlated subquery
_AGG = {"count": exp.Count, "sum": exp.Sum, "avg": exp.Avg, "min": exp.Min, "max": exp.Max}
_COMPARE = {"=": exp.EQ, "!=": exp.NEQ, ">": exp.GT, ">=": exp.GTE, "<": exp.LT, "<=": exp.LTE}
# Tests of stored text that a value kept in several casings answers in each of them.
_FOLDED_OPS = frozenset({"=", "!=", "in", "not_in", "unsettled"})


_ident = identifier


def literal(value: object) -> exp.Expr:
    if value is None:
        return exp.null()
    if isinstance(value, bool):
        return exp.Boolean(this=value)
    if isinstance(value, float) and value.is_integer():
        return exp.Literal.number(int(value))
    if isinstance(value, (int, float)):
        return exp.Literal.number(value)
    return exp.Literal.string(str(value))


def like_pattern(f: Filter) -> str:
    """The LIKE pattern of a piece of text: anywhere, or at the start or end its second value says."""
    anchor = f.values[1] if len(f.values) > 1 else None
    piece = str(f.values[0])
    return f"{piece}%" if anchor == "start" else f"%{piece}" if anchor == "end" else f"%{piece}%"


class _Renderer:
    def __init__(self, spec: QuerySpec, schema: Schema) -> None:
        self.spec = spec
        self.schema = schema
        self.joins: list[tuple[str, exp.Expr]] = []
        self.joined = {spec.entity}
        self.tree: dict[str, tuple[str, ForeignKey]] = {}  # joined table -> (table it hangs from, key)
        shown = self._tables_shown()
        # Filters through a one-to-many hop (several child rows per main row)
        # become EXISTS subqueries, so that no row is repeated and no total is counted twice.
        self.semi: dict[str, list[Filter]] = {}
        # Filters joined by "or": one condition of alternatives, each through its own EXISTS if it must
        self.either = [members for group in spec.alternatives
                       if len(members := [f for f in spec.filters if f in group]) > 1]
        self.hops: dict[int, str] = {}
        self.absent: list[tuple[str, Filter]] = []  # no related row with the value: NOT EXISTS
        self._place_fanned_filters(shown)
        self.inside: set[int] = set()  # filters that went inside a NOT EXISTS
        self.denied = self._denied()
        semi_filters = self._subquery_filters()
        # A percentage counts the rows its filters keep among all rows: those filters leave the WHERE
        sharing = any(a.func == "share" for a in spec.aggregates)
        self.part = [f for f in spec.filters if sharing and f.op != "range" and id(f) not in semi_filters]
        needed = [*shown, *(f.column.table for f in spec.filters if id(f) not in semi_filters), *self._outer_sides()]
        for table in dict.fromkeys(t for t in needed if t != spec.entity):
            self._join(table)
        # keys shown by the row they point to, each joined under its role's name ("manager")
        self.roles = {ref: found for ref in spec.named_keys
                      if (found := role_key(schema, ref, any_key=True)) is not None}
        self.qualify = len(self.joined) > 1 or bool(self.roles)
        self.counted = grain.counted_key(self)  # COUNT(*) counts these keys once when joins repeat rows
        # Each aggregate's output name ("country_count", "total_population"), never a column of these tables
        read = [*self.joined, *(f.column.table for f in spec.filters)]
        self.names = names.output_names(spec, schema, [*read, *(f.other.table for f in spec.filters if f.other)])

    def _place_fanned_filters(self, shown: list[str]) -> None:
        """Filters on a table reached through a one-to-many hop, unless its columns are shown anyway
        or the hop's rows are (the lines a revenue is summed over, a condition on their invoices):
        a member of an "or" keeps its hop for its own EXISTS, a denied value goes to a NOT EXISTS,
        any other filter to the EXISTS of its hop."""
        measured = {a.metric.table for a in self.spec.aggregates if a.metric is not None}
        measured |= {a.column.table for a in self.spec.aggregates if a.column is not None}
        passed = {nxt for table in measured for nxt, _fk in self.schema.join_path_via(self.spec.entity, table,
                                                                                      self.spec.via) or []}
        for f in self.spec.filters:
            hop = self._fan_out_hop(f.column.table) if f.column.table not in shown else None
            if hop in shown or hop in passed:  # the rows a measure is taken on, or the way to them, are
                hop = None  # joined anyway: the condition is on them ("revenue per customer in 2025")
            if hop is not None and any(f in members for members in self.either):
                self.hops[id(f)] = hop
            elif hop is not None and f.op == "none":
                self.absent.append((hop, f))
            elif hop is not None:
                self.semi.setdefault(hop, []).append(f)

    def _outer_sides(self) -> list[str]:
        """The tables a subquery's hop starts from: one past the main table (a country of a city
        whose languages are asked about) is joined for the subquery to meet."""
        hops = [*self.semi, *self.hops.values(), *(hop for hop, _f in self.absent),
                *(hop for hop, _fs in self.denied.values())]
        out = []
        for hop in hops:
            path = self.schema.join_path_via(self.spec.entity, hop, self.spec.via) or []
            if len(path) > 1:
                out.append(path[-2][0])
        return out

    def _subquery_filters(self) -> set[int]:
        """The filters said inside a subquery (EXISTS, NOT EXISTS, an alternative's own EXISTS): they
        stay out of the WHERE and need no join."""
        semi_filters = {id(f) for fs in self.semi.values() for f in fs} | set(self.hops) | self.inside
        return semi_filters | {id(f) for _hop, f in self.absent}

    def _denied(self) -> dict[int, tuple[str, list[Filter]]]:
        """ "no <related rows> <condition>", "do not have <related rows> <condition>": the conditions
        on those rows said after the negation belong inside its NOT EXISTS, taken from the EXISTS
        and NOT EXISTS conditions they would otherwise make."""
        out: dict[int, tuple[str, list[Filter]]] = {}
        for f in self.spec.filters:
            hop = f.other.table if f.op == "not_exists" and f.other is not None else None
            if hop is None:
                continue
            after = [g for g in self.semi.get(hop, []) if not f.words or (g.words and min(g.words) > min(f.words))]
            none = [g for h, g in self.absent if h == hop]
            inside = [*after, *(replace(g, op="=" if len(g.values) == 1 else "in") for g in none)]
            if inside:
                out[id(f)] = hop, inside
                self.inside |= {id(g) for g in [*after, *none]}
                self.semi[hop] = [g for g in self.semi[hop] if g not in after] if hop in self.semi else []
                self.absent = [(h, g) for h, g in self.absent if g not in none]
        self.semi = {hop: fs for hop, fs in self.semi.items() if fs}
        return out

    def _tables_shown(self) -> list[str]:
        """Tables whose columns are selected, grouped, aggregated or sorted on: these must be joined."""
        s = self.spec
        refs: list[ColumnRef] = [*s.projections, *(g.column for g in s.group_by)]
        refs += [a.column for a in s.aggregates if a.column is not None]
        refs += [ColumnRef(a.metric.table, "") for a in s.aggregates if a.metric is not None]
        refs += [o.column for o in s.order_by if o.column is not None]
        return list(dict.fromkeys(r.table for r in refs if r.table != s.entity))

    def _fan_out_hop(self, table: str) -> str | None:
        """The first table on the way to ``table`` that has many rows per main-table row, if any."""
        here = self.spec.entity
        for nxt, fk in self.schema.join_path_via(here, table, self.spec.via) or []:
            if fk.table == nxt and fk.ref_table == here:
                return nxt
            here = nxt
        return None

    def _semi_join(self, first: str, filters: list[Filter], *, negated: bool = False) -> exp.Expr:
        """``main.pk IN (SELECT child.fk FROM child ... WHERE the filters)``, as a person writes it;
        negated, NOT EXISTS (SELECT 1 FROM child ... WHERE child.fk = main.pk AND the filters), which,
        unlike NOT IN, keeps its rows when the child's key has NULLs. A filter that wants related rows
        with each of its values ("all") asks once per value, all of them true."""
        every = next((f for f in filters if f.op == "all"), None)
        if every is not None:
            rest = [f for f in filters if f is not every]
            return exp.and_(*(self._semi_join(first, [*rest, replace(every, op="=", values=(v,))])
                              for v in every.values))
        path = self.schema.join_path_via(self.spec.entity, first, self.spec.via) or []
        (_nxt, link) = path[-1]
        inner = exp.select(exp.Literal.number(1)).from_(exp.Table(this=_ident(first)))
        joined = {first, self.spec.entity}
        for f in filters:
            for nxt, fk in self.schema.join_path_via(first, f.column.table, self.spec.via) or []:
                if nxt not in joined:
                    on = exp.EQ(this=self._col(ColumnRef(fk.table, fk.column), force=True),
                                expression=self._col(ColumnRef(fk.ref_table, fk.ref_column), force=True))
                    inner = inner.join(exp.Table(this=_ident(nxt)), on=on)
                    joined.add(nxt)
        child, outer = ColumnRef(link.table, link.column), ColumnRef(link.ref_table, link.ref_column)
        if link.table != first:
            child, outer = outer, child
        qualify, self.qualify = self.qualify, True
        conditions = [c for f in filters for c in self._conditions(f)]
        self.qualify = qualify
        if negated or link.table == link.ref_table:  # a key into its own table: the names would clash
            correlate = exp.EQ(this=self._col(child, force=True), expression=self._col(outer, force=True))
            found = exp.Exists(this=inner.where(exp.and_(correlate, *conditions)))
            return exp.Not(this=found) if negated else found
        keys = inner.select(self._col(child, force=True), append=False)
        return self._col(outer, force=True).isin(query=keys.where(exp.and_(*conditions)) if conditions else keys)

    def _either(self, f: Filter) -> exp.Expr:
        """One alternative of an "or": its conditions, through an EXISTS when its table repeats rows."""
        hop = self.hops.get(id(f))
        return self._semi_join(hop, [f]) if hop is not None else exp.and_(*self._conditions(f))

    def _join(self, table: str) -> None:
        path = self.schema.join_path_via(self.spec.entity, table, self.spec.via)
        if path is None:
            raise ValueError(f"no foreign-key path from {self.spec.entity} to {table}")
        here = self.spec.entity
        for nxt, fk in path:
            prev, here = here, nxt
            if nxt in self.joined:
                continue
            self.tree[nxt] = (prev, fk)
            on = exp.EQ(this=self._col(ColumnRef(fk.table, fk.column), force=True),
                        expression=self._col(ColumnRef(fk.ref_table, fk.ref_column), force=True))
            self.joins.append((nxt, on))
            self.joined.add(nxt)

    def _col(self, ref: ColumnRef, force: bool = False) -> exp.Column:
        table = _ident(ref.table) if (force or getattr(self, "qualify", False)) else None
        if ref.column == "*":  # every column of one table, beside columns added from others
            return exp.Column(this=exp.Star(), table=_ident(ref.table) if self.qualify else None)
        return exp.Column(this=_ident(ref.column), table=table)

    def _group_expr(self, key: GroupKey) -> exp.Expr:
        col = self._col(key.column)
        if not key.bucket and self._mixed_case(key.column):  # 'minor' and 'Minor' are one group
            return exp.Lower(this=col)
        return bucket_sql(col, key.bucket) if key.bucket else col

    def _metric_sql(self, text: str, table: str) -> exp.Expr:
        """A domain-config expression, its bare columns pinned to the metric's table when joins exist."""
        tree = sqlglot.parse_one(text, read=self.schema.dialect)
        if self.qualify:
            for col in tree.find_all(exp.Column):
                if not col.table:
                    col.set("table", _ident(table))
        return tree

    def aggregate(self, agg: Aggregate) -> exp.Expr:
        if agg.func == "share":
            return self._share(agg)
        if agg.metric is not None:
            return self._metric_sql(agg.metric.expression, agg.metric.table)
        if (agg.column is None or not agg.column.column) and self.counted is not None:
            return exp.Count(this=exp.Distinct(expressions=[self._col(self.counted)]))
        if agg.column is None or not agg.column.column:
            return exp.Count(this=exp.Star())
        col: exp.Expr = self._col(agg.column)
        if agg.since is not None and agg.func == "avg":  # each row's exact days: whole ones bias an average down
            col = _exact_days(self._col(agg.since), col, self.schema.dialect)
        elif agg.since is not None:  # whole days, the same in every dialect sqlglot writes
            col = exp.DateDiff(this=col, expression=self._col(agg.since), unit=exp.var("DAY"))
        if agg.distinct or grain.counts_keys(self, agg):
            col = exp.Distinct(expressions=[col])
        return _AGG[agg.func](this=col)

    def _share(self, agg: Aggregate) -> exp.Expr:
        """100.0 * (rows meeting the percentage's conditions) / (all rows), or of a total, the part
        of each sum its conditions keep over the whole sum: a float, never integer division."""
        conditions = [c for f in self.part for c in self._conditions(f)]
        if not conditions:  # the part's condition went to rows the total is not measured on
            raise ValueError("the share's condition is on rows its total does not reach")
        met = exp.and_(*conditions)
        whole: exp.Expr
        if agg.metric is not None:
            whole = self._metric_sql(agg.metric.expression, agg.metric.table)
        elif agg.column is not None:
            whole = exp.Sum(this=self._col(agg.column))
        else:  # a share of the rows
            hits = exp.Sum(this=exp.Case().when(met, exp.Literal.number(1)).else_(exp.Literal.number(0)))
            return exp.Div(this=exp.Mul(this=exp.Literal.number("100.0"), expression=hits),
                           expression=exp.Count(this=exp.Star()))
        part = whole.copy().transform(
            lambda node: exp.Sum(this=exp.Case().when(met.copy(), node.this.copy()).else_(exp.Literal.number(0)))
            if isinstance(node, exp.Sum) else node)
        return exp.Div(this=exp.Mul(this=exp.Literal.number("100.0"), expression=part), expression=whole)

    def _conditions(self, f: Filter) -> list[exp.Expr]:
        if f.op != "range":
            return [self._filter(f)]
        col, (start, end) = self._col(f.column), f.values
        parts: list[exp.Expr] = []
        if start is not None:
            parts.append(exp.GTE(this=col, expression=literal(start.isoformat())))
        if end is not None:
            parts.append(exp.LT(this=col.copy(), expression=literal(end.isoformat())))
        return parts

    def _against(self, f: Filter) -> exp.Expr:
        """What a row's column is compared with: the column's aggregate over its whole table, or
        ``(SELECT MAX(peer.col) FROM t AS peer WHERE peer.part = t.part)``, over the rows that share
        the row's group (``f.other``)."""
        assert f.against is not None
        if f.against == "upper" and f.other is not None:  # the same column of the row the key points to
            return self._upper(f, f.other)
        if f.other is None:
            inner = exp.select(_AGG[f.against](this=exp.column(_ident(f.column.column), table=_ident(f.column.table))))
            return inner.from_(exp.Table(this=_ident(f.column.table))).subquery()
        peer = exp.to_identifier(_PEER)
        inner = exp.select(_AGG[f.against](this=exp.column(_ident(f.column.column), table=peer)))
        inner = inner.from_(exp.alias_(exp.Table(this=_ident(f.column.table)), peer, table=True))
        same = exp.EQ(this=exp.column(_ident(f.other.column), table=peer), expression=self._col(f.other, force=True))
        inner = inner.where(same)
        for own in f.values:  # the rows' other conditions hold for their peers too ("active products")
            inner = inner.where(_Renderer._own_condition(own))
        return inner.subquery()

    def _upper(self, f: Filter, key: ColumnRef) -> exp.Expr:
        """``(SELECT peer.col FROM t AS peer WHERE peer.<its key> = t.<key>)``: a row's manager's value."""
        peer = exp.to_identifier(_PEER)
        table = self.schema.table(key.table)
        fk = next(fk for fk in (table.foreign_keys if table is not None else ()) if fk.column == key.column)
        inner = exp.select(exp.column(_ident(f.column.column), table=peer))
        inner = inner.from_(exp.alias_(exp.Table(this=_ident(key.table)), peer, table=True))
        return inner.where(exp.EQ(this=exp.column(_ident(fk.ref_column), table=peer),
                                  expression=self._col(key, force=True))).subquery()

    def _filter(self, f: Filter) -> exp.Expr:
        col: exp.Expr = self._col(f.column)
        if self._folded(f):  # 'Active', 'active' and 'ACTIVE' are one state
            lowered = tuple(dict.fromkeys(str(v).lower() for v in f.values))
            return self._test(replace(f, values=lowered), exp.Lower(this=col))
        return self._test(f, col)

    def _test(self, f: Filter, col: exp.Expr) -> exp.Expr:
        if self._integer_yes_no(f):  # yes is 1 in most databases, -1 in Access's
            return self._yes_no(f, col)
        if f.against is not None:
            return _COMPARE[f.op](this=col, expression=self._against(f))
        if f.op in _COMPARE and f.other is not None:  # another column of the same row ("paired.py")
            other = self._col(f.other)  # "more than double their buy price": the other times the factor
            return _COMPARE[f.op](this=col, expression=exp.Mul(this=literal(f.values[0]), expression=other)
                                  if f.values else other)
        if f.op in _COMPARE:
            return _COMPARE[f.op](this=col, expression=literal(f.values[0]))
        if f.op == "all" and (hop := self._fan_out_hop(f.column.table)) is not None:
            return self._semi_join(hop, [f])  # a joined table's rows: each value asked of them, not any one
        if f.op in ("in", "all"):  # "all" here: no related rows to find each value among
            return col.isin(*(literal(v) for v in f.values))
        if f.op in ("not_in", "none"):  # "none" here: no related rows, the row's own value is not one
            return exp.Not(this=col.isin(*(literal(v) for v in f.values)))
        if f.op == "unsettled":  # a row with no state yet is settled by none
            return self._unsettled(f, col)
        if f.op in ("null", "not_null", "weekday", "open"):  # whether, or when, the row's event happened
            return _moment_condition(col, f)
        if f.op == "like":  # a piece of the text, anywhere in it or at one end
            return exp.Like(this=col, expression=literal(like_pattern(f)))
        if f.op == "between":
            return exp.Between(this=col, low=literal(f.values[0]), high=literal(f.values[1]))
        if f.op in ("in_rows", "not_in_rows", "counted_in") and f.other is not None:
            return self._in_rows(f, f.other, col)
        if f.op == "exists" and f.other is not None and f.other.table != f.column.table:  # some row refers to it
            keys = exp.select(exp.column(_ident(f.other.column), table=_ident(f.other.table)))
            return col.isin(query=keys.from_(exp.Table(this=_ident(f.other.table))))
        if f.op in ("exists", "not_exists") and f.other is not None:
            inner = (
                exp.select(exp.Literal.number(1))
                .from_(exp.Table(this=_ident(f.other.table)))
                .where(exp.EQ(this=self._col(f.other, force=True), expression=self._col(f.column, force=True)))
            )
            return exp.Exists(this=inner) if f.op == "exists" else exp.Not(this=exp.Exists(this=inner))
        raise ValueError(f"unknown filter operator {f.op!r}")

    def _integer_yes_no(self, f: Filter) -> bool:
        """Whether the filter tests an integer its name says is a yes/no (``is_callout``, a removal mark)
        for yes (1) or for not yes: a database that keeps True as -1 (Access, and what was moved out
        of it) is read right only when -1 is a yes too."""
        if f.op not in ("=", "!=", "unsettled") or f.other is not None or f.against is not None \
                or len(f.values) != 1 or f.values[0] is True or f.values[0] != 1:
            return False
        table = self.schema.table(f.column.table)
        column = table.column(f.column.column) if table is not None else None
        if table is None or column is None or column.kind != INTEGER:
            return False
        removal = void_flag(table)  # a yes/no by its name alone may be a count ("sold"): 1 is all it says
        flag = flag_of(table, column)
        return (flag is not None and flag.sure) or (removal is not None and removal[0] is column)

    def _yes_no(self, f: Filter, col: exp.Expr) -> exp.Expr:
        """``col IN (1, -1)`` for yes: 1 where no is 0 or 2, -1 where Access kept True; not yes, or
        empty too where the column may be."""
        yes = col.isin(exp.Literal.number(1), exp.Literal.number(-1))
        if f.op == "=":
            return yes
        if f.op == "!=" or not self._nullable(f.column):
            return exp.Not(this=yes)
        return exp.Paren(this=exp.Or(this=_emptiness(col.copy(), "null"), expression=exp.Not(this=yes)))

    def _nullable(self, ref: ColumnRef) -> bool:
        table = self.schema.table(ref.table)
        column = table.column(ref.column) if table is not None else None
        return column is None or column.nullable

    def _folded(self, f: Filter) -> bool:
        """Whether a test of stored text is of a column that keeps its values in several casings
        ('Active', 'active'): then made of the lower case of both sides."""
        return f.op in _FOLDED_OPS and f.other is None and f.against is None and bool(f.values) \
            and all(isinstance(v, str) and v.isascii() for v in f.values) and self._mixed_case(f.column)

    def _mixed_case(self, ref: ColumnRef) -> bool:
        table = self.schema.table(ref.table)
        column = table.column(ref.column) if table is not None else None
        return column is not None and column.mixed_case

    def _unsettled(self, f: Filter, col: exp.Expr) -> exp.Expr:
        """``(state IS NULL OR NOT state IN (<final states>))``; without the test of NULL where the
        column is never empty."""
        table = self.schema.table(f.column.table)
        column = table.column(f.column.column) if table is not None else None
        settled = col.neq(literal(f.values[0])) if len(f.values) == 1 else \
            exp.Not(this=col.isin(*(literal(v) for v in f.values)))
        if column is None or not column.nullable:
            return settled
        return exp.Paren(this=exp.Or(this=_emptiness(col.copy(), "null"), expression=settled))

    def _in_rows(self, f: Filter, other: ColumnRef, col: exp.Expr) -> exp.Expr:
        """A key among the keys the rows its own conditions pick hold (``in_rows``, ``not_in_rows``), or
        among those that so many rows hold (``counted_in``: "with more than 3 direct reports")."""
        held = exp.column(_ident(other.column))
        picked = exp.select(held.copy()).from_(exp.Table(this=_ident(other.table)))
        if f.op == "counted_in":
            picked = picked.where(held.copy().is_(exp.null()).not_()).group_by(held.copy()) \
                .having(self.compare(f.values[0], exp.Count(this=exp.Star()), f.values[1]))
            return col.isin(query=picked)
        for g in f.values:  # unqualified: the subquery's own rows, also when it is the same table
            picked = picked.where(_Renderer._own_condition(g))
        return col.isin(query=picked) if f.op == "in_rows" else exp.Not(this=col.isin(query=picked))

    @staticmethod
    def _own_condition(f: Filter) -> exp.Expr:
        """A value condition on the subquery's own table, its column unqualified."""
        col = exp.column(_ident(f.column.column))
        if f.op == "like":
            return exp.Like(this=col, expression=literal(like_pattern(f)))
        if f.op == "in":
            return col.isin(*(literal(v) for v in f.values))
        if f.op in ("null", "not_null"):
            return _emptiness(col, f.op)
        if f.op == "unsettled":  # the peers still open too, a peer with no state among them
            return exp.Paren(this=exp.Or(this=_emptiness(col.copy(), "null"),
                                         expression=exp.Not(this=col.isin(*(literal(v) for v in f.values)))))
        return _COMPARE[f.op](this=col, expression=literal(f.values[0]))

    def compare(self, op: str, left: exp.Expr, value: object) -> exp.Expr:
        return _COMPARE[op](this=left, expression=literal(value))

    def group_expr(self, key: GroupKey) -> exp.Expr:
        return self._group_expr(key)

    def col(self, ref: ColumnRef) -> exp.Column:
        return self._col(ref)

    def with_source(self, query: exp.Select) -> exp.Select:
        """FROM the main table, its joins and the WHERE conditions: the rows before any grouping."""
        s = self.spec
        query = query.from_(exp.Table(this=_ident(s.entity)))
        for table, on in self.joins:
            query = query.join(exp.Table(this=_ident(table)), on=on)
        query = self._role_joins(query)
        semi = {id(f) for fs in self.semi.values() for f in fs} | set(self.denied)
        semi |= {id(f) for f in self.part} | {id(f) for members in self.either for f in members}
        semi |= {id(f) for _hop, f in self.absent}
        semi |= self.inside
        conditions = [c for f in s.filters if id(f) not in semi for c in self._conditions(f)]
        conditions += [self._semi_join(hop, inside, negated=True) for hop, inside in self.denied.values()]
        conditions += [self._semi_join(first, fs) for first, fs in self.semi.items()]
        conditions += [self._semi_join(hop, [replace(f, op="=" if len(f.values) == 1 else "in")], negated=True)
                       for hop, f in self.absent]
        conditions += [exp.or_(*(self._either(f) for f in members)) for members in self.either]
        conditions += self._metric_conditions()
        if conditions:
            query = query.where(exp.and_(*conditions))
        return query

    def _metric_conditions(self) -> list[exp.Expr]:
        """The rows each metric counts ("status NOT IN ('cancelled')"), once per condition."""
        s = self.spec
        metrics = [a.metric for a in s.aggregates if a.metric is not None] + ([s.rows_of] if s.rows_of else [])
        scopes = dict.fromkeys((m.where, m.table) for m in metrics if m.where)
        joined = {s.entity, *(table for table, _on in self.joins)}
        return [_on_joined(self._metric_sql(where, table), joined) for where, table in scopes
                if where and not state_named(s, where, table, self.schema.dialect)]

    def _projections(self) -> list[exp.Expr]:
        s = self.spec
        projections: list[exp.Expr] = []
        if s.group_by or s.aggregates:
            if s.projections:  # the columns asked for, then the aggregates asked for
                projections = [shown for ref in s.projections for shown in self._shown(ref)]
            else:
                for key in shown_keys(s, self.schema):
                    expr = self._group_expr(key)
                    named = not key.bucket and key.column in self.roles
                    projections += self._shown(key.column) if named else \
                        [exp.alias_(expr, key.alias if key.bucket else key.column.column)
                         if not isinstance(expr, exp.Column) else expr]
            for agg, name in zip(s.aggregates, self.names, strict=True):
                if agg.shown or not (s.projections or s.group_by):
                    projections.append(exp.alias_(self.aggregate(agg), _ident(name)))
        elif s.projections:
            projections = [shown for ref in s.projections for shown in self._shown(ref)]
        else:
            star = exp.Star()
            projections = [exp.Column(this=star, table=_ident(s.entity)) if self.qualify else star]
        return projections

    def _role_joins(self, query: exp.Select) -> exp.Select:
        """Each key shown by the row it points to, that row joined under the role's name; a row
        with no such key is still listed."""
        for ref, (fk, target, role) in self.roles.items():
            on = exp.EQ(this=exp.column(_ident(fk.ref_column), table=_ident(role)),
                        expression=self._col(ref, force=True))
            query = query.join(exp.alias_(exp.Table(this=_ident(target.name)), _ident(role), table=True), on=on,
                               join_type="left")
        return query

    def _role_labels(self) -> list[exp.Expr]:
        """The labels a group shown by the row its key points to is named by: grouped too, as every
        engine wants of a column shown beside groups."""
        return [exp.column(_ident(name), table=_ident(role)) for _fk, target, role in self.roles.values()
                for name in labels(target)]

    def _shown(self, ref: ColumnRef) -> list[exp.Expr]:
        """A column as listed; a key named for a role as the label of the row it points to."""
        if ref in (units := dict(self.spec.shown_units)):
            return [shown_in(ref, units[ref], self.schema, self._col(ref))]
        if ref not in self.roles:
            return [self._col(ref)]
        _fk, target, role = self.roles[ref]
        table = self.schema.table(ref.table)
        own = {c.name.lower() for c in table.columns} if table is not None else set()
        # a party's ``client_name`` is called so; a manager's ``first_name`` is the manager's, and so
        # is a venue's bare ``name`` beside a client's
        bare = role == "_".join(name_words(target.name))
        return [exp.alias_(exp.column(_ident(name), table=_ident(role)),
                           _ident(name if bare and name.lower() not in own and role in name.lower()
                                  else f"{role}_{name}"))
                for name in labels(target)]

    def render(self) -> exp.Select:
        query = self._rows()
        query = self._reordered(query) if self.spec.reorder else query
        if self.spec.count_rows:  # the number of rows kept: SELECT COUNT(*) FROM (the rows)
            counted = exp.alias_(exp.Count(this=exp.Star()), _ident(names.count_name(self.spec)))
            return exp.select(counted).from_(query.subquery("listed_rows"))
        return query

    def _reordered(self, inner: exp.Select) -> exp.Select:
        """The rows the limit kept, sorted again outside: the order inside still picks which rows."""
        starred = any(isinstance(e, exp.Star) or isinstance(e.this, exp.Star) for e in inner.expressions)
        order = []
        for key in self.spec.reorder:
            if key.aggregate is not None and key.aggregate < len(self.spec.aggregates):
                name = self.names[key.aggregate]
            elif key.column is not None:
                name = key.column.column
                if (not starred or self._computed(key.column)) and name not in inner.named_selects:
                    inner = inner.select(exp.alias_(self._col(key.column), _ident(name)))  # "*" holds no computed age
            else:
                continue
            kept = exp.Column(this=_ident(name), table=exp.to_identifier("top_rows"))
            order.append(exp.Ordered(this=kept, desc=key.descending, nulls_first=not key.descending))
        return exp.select(exp.Star()).from_(inner.subquery("top_rows")).order_by(*order)

    def _computed(self, ref: ColumnRef) -> bool:
        table = self.schema.table(ref.table)
        column = table.column(ref.column) if table is not None else None
        return column is not None and column.computed

    def _rows(self) -> exp.Select:
        s = self.spec
        measured = grain.measured_query(self)
        if measured is not None:  # an aggregate the joins would repeat: measured at its own grain
            return measured
        query = self.with_source(exp.select(*self._projections()))
        if s.distinct:
            query = query.distinct()
        if s.group_by:  # a period shown under its alias is grouped by it; one not shown, by its expression
            shown = set(shown_keys(s, self.schema)) if not s.projections else set()
            query = query.group_by(*(exp.column(k.alias) if k.bucket and k in shown else self._group_expr(k)
                                     for k in s.group_by), *self._role_labels())
        for agg_index, op, value in s.having:
            query = query.having(_COMPARE[op](this=self.aggregate(s.aggregates[agg_index]), expression=literal(value)))
        order = []
        for sort_key in s.order_by:
            if sort_key.aggregate is not None and sort_key.aggregate < len(s.aggregates):
                agg = s.aggregates[sort_key.aggregate]
                selected = agg.shown or not (s.projections or s.group_by)
                name = self.names[sort_key.aggregate]
                target: exp.Expr = exp.Column(this=_ident(name)) if selected else self.aggregate(agg)
            elif sort_key.column is not None:
                target = self._col(sort_key.column)
            else:
                continue
            # NULLs sort as the dialect's smallest value, so sqlglot need not spell NULLS FIRST/LAST.
            order.append(exp.Ordered(this=target, desc=sort_key.descending, nulls_first=not sort_key.descending))
        if order:
            query = query.order_by(*order)
        if s.limit is not None:
            query = query.limit(s.limit)
        return query


def state_named(spec: QuerySpec, where: str, table: str, dialect: str = "sqlite") -> bool:
    """Whether the line itself keeps rows by a column a metric's condition tests ("revenue of booked
    stays"): the rows the user named are the ones counted, none left out by their state."""
    tested = _tested_columns(where, table, dialect)
    return any((f.column.table, f.column.column) in tested and f.op in ("=", "in", "!=", "not_in", "unsettled")
               for f in spec.filters)


@lru_cache(maxsize=256)
def _tested_columns(where: str, table: str, dialect: str) -> frozenset[tuple[str, str]]:
    """The (table, column) pairs a metric's condition tests, parsed once: render and explain both ask."""
    return frozenset((col.table or table, col.name) for col in sqlglot.parse_one(where, read=dialect)
                     .find_all(exp.Column))


def condition_sql(spec: QuerySpec, f: Filter, schema: Schema) -> str:
    """One filter as the SQL condition it renders to in ``spec``: "country = 'France'"."""
    renderer = _Renderer(spec, schema)
    return " AND ".join(c.sql(dialect=schema.dialect) for c in renderer._conditions(f))


def render(spec: QuerySpec, schema: Schema) -> exp.Query:
    """The spec as one statement; values shared by two disjoint groups become an INTERSECT."""
    parts = shared.halves(spec) if spec.shared else None
    if parts is not None:
        return exp.intersect(_Renderer(parts[0], schema).render(), _Renderer(parts[1], schema).render(), distinct=True)
    return _Renderer(spec, schema).render()


def _on_joined(condition: exp.Expr, joined: set[str]) -> exp.Expr:
    """ "key IN (SELECT key FROM sales WHERE <test>)" as the test itself when the sales are joined
    already: the condition a person writes on the row the query has."""
    query = condition.args.get("query") if isinstance(condition, exp.In) else None
    select = query.this if isinstance(query, exp.Subquery) else query
    if not isinstance(select, exp.Select) or select.args.get("where") is None or len(select.expressions) != 1 \
            or any(select.args.get(part) for part in ("joins", "group", "having", "limit", "distinct")):
        return condition
    source = select.args.get("from") or select.args.get("from_")
    table = source.this if source is not None else None
    if not isinstance(table, exp.Table) or table.name not in joined:
        return condition
    return select.args["where"].this.copy()


def _exact_days(start: exp.Expr, end: exp.Expr, dialect: str) -> exp.Expr:
    """The days from ``start`` to ``end`` with their fraction, in the dialect's own date arithmetic."""
    value, unit_seconds = elapsed(start, end, dialect)
    return value if unit_seconds == 86400.0 else \
        exp.Div(this=exp.paren(value), expression=exp.Literal.number(f"{86400.0 / unit_seconds:.1f}"))


def to_sql(spec: QuerySpec, schema: Schema, dialect: str) -> str:
    """The statement in ``dialect``, its SQLite meanings (case-blind LIKE, ungrouped columns) kept."""
    spec = without_key_joins(without_unshown_labels(spec, schema), schema)
    return written(adapt(render(spec, schema), schema, dialect), schema, dialect).sql(dialect=dialect, pretty=False)
