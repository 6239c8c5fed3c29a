"""A number said in one unit, compared with a column kept in another: "longer than 5 minutes"
against a column of milliseconds compares with 300000.

The profile knows a column's unit from its name (``length_ms``, ``duration_sec``, ``size_bytes``);
the unit word said after the number is one of the condition's own words.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db.schema import Schema
from nl2sql.domain import Metric
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.names import base_name
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, QuerySpec
from nl2sql.engines.builtin.used import spec_refs
from nl2sql.identifiers import column
from nl2sql.linking.text import name_words, singular
from nl2sql.profile import Profile, profile_of
from nl2sql.profile.roles import MINOR_SHORT, MONEY, MONEY_UNITS, UNITS, Unit, money_unit, said_unit

_NUMERIC_OPS = frozenset({">", ">=", "<", "<=", "=", "!=", "between"})


def _unit_at(a: Analysis, i: int, units: dict[str, float]) -> float | None:
    word = a.word(i)
    return next((units[form] for form in (word, singular(word)) if form in units), None)


def _said_factor(a: Analysis, f: Filter, unit: Unit) -> tuple[float, int] | None:
    """The size of the unit the condition's words say, in the column's dimension, and where it is
    said, if one is."""
    units = UNITS[unit.dimension]
    said = sorted(f.words)
    # "over 4 minutes": just after; "£500 or more": between the number and its bound
    for i in range(said[0], said[-1] + 3) if said else ():
        factor = _unit_at(a, i, units)
        if factor is not None:
            return factor, i
    return None


def _smaller_part(a: Analysis, at: int, factor: float, unit: Unit) -> tuple[float, frozenset[int]] | None:
    """ "3 minutes 20 seconds", "2 hours and 5 minutes": the amount of a smaller unit said right
    after the unit at ``at``, in the base unit, and the words that say it."""
    units = UNITS[unit.dimension]
    start = at + 1 + (a.word(at + 1) == "and")
    number = a.tokens[start].text if start < len(a.tokens) else ""
    smaller = _unit_at(a, start + 1, units)
    if smaller is None or smaller >= factor or not a.tokens[start].is_number:
        return None
    return float(number) * smaller, frozenset(range(at + 1, start + 2))


_SCALED = {"avg": exp.Avg, "sum": exp.Sum, "min": exp.Min, "max": exp.Max}



# The words before a unit that ask for the answer in it: "in hours", "total hours", "how many hours".
_ASKING = frozenset({"in", "as", "total", "many", "average", "avg", "mean"})


def _asked_unit(a: Analysis, unit: Unit, taken: frozenset[int]) -> tuple[str, float] | None:
    """The unit of the column's dimension the line asks its answer in ("in minutes"), if another."""
    units = UNITS[unit.dimension]
    for i, token in enumerate(a.tokens):
        if i in taken:
            continue
        for form in (token.text, singular(token.text)):
            if form in units and units[form] != unit.factor and a.word(i - 1) in _ASKING:
                return form, units[form]
    return None


def _own_unit_said(a: Analysis, unit: Unit, taken: frozenset[int]) -> bool:
    """Whether the line says the unit the column keeps ("in pence", "total fee cents"): the user
    counts in it."""
    units = UNITS[unit.dimension]
    return any(i not in taken and any(units.get(form) == unit.factor for form in (token.text, singular(token.text)))
               for i, token in enumerate(a.tokens))


def _decimal(number: float) -> str:
    """A divisor written with a decimal point, so that no engine divides integers to an integer."""
    return f"{number:.12g}" if not float(number).is_integer() else f"{int(number)}.0"


def _scaled(agg: Aggregate, a: Analysis, schema: Schema, taken: frozenset[int]) -> Aggregate:
    """An aggregate of a unit column, given in the unit the question asks for."""
    if agg.func not in _SCALED or agg.column is None or agg.since is not None:
        return agg
    unit = profile_of(schema).unit(agg.column.table, agg.column.column) or _money_unit(schema, agg.column)
    asked = _asked_unit(a, unit, taken) if unit is not None else None
    if unit is None or (asked is None and not (unit.dimension == MONEY and unit.factor < 1.0)) \
            or (asked is None and _own_unit_said(a, unit, taken)):
        return agg
    # money kept in pence or cents is given in pounds or dollars when no unit is asked: a total of
    # 123456 pence reads as a fortune
    word, factor = asked or ("", 1.0)
    ratio = factor / unit.factor
    total = _SCALED[agg.func](this=column(agg.column.column))
    # days asked in hours multiply by 24: a divisor of 0.0416... says the same less plainly
    scaled = exp.Div(this=total, expression=exp.Literal.number(_decimal(ratio))) if ratio >= 1 \
        else exp.Mul(this=total, expression=exp.Literal.number(_decimal(1 / ratio)))
    name = f"{base_name(agg, agg.column.table)}_in_{said_unit(word)}" if word else _major_name(agg)
    metric = Metric(name=name, table=agg.column.table,
                    expression=scaled.sql(dialect=schema.dialect), description=f"converted from {said_unit(unit.unit)}")
    return replace(agg, func="metric", column=None, metric=metric)


def _major_name(agg: Aggregate) -> str:
    """The aggregate's name without the minor unit its column is kept in: "total_amount" of amount_p."""
    assert agg.column is not None
    words = [w for w in base_name(agg, agg.column.table).split("_") if w not in MONEY_UNITS and w not in MINOR_SHORT]
    return "_".join(words) or base_name(agg, agg.column.table)


def _money_unit(schema: Schema, ref: ColumnRef) -> Unit | None:
    table = schema.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    return money_unit(table, col) if table is not None and col is not None else None


def in_asked_units(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` with each number compared with a unit column converted from the unit it was said
    in, and each total or average of one given in the unit asked for ("in minutes")."""
    profile = profile_of(schema)
    if not profile.units and not profile.money:
        return spec
    taken = frozenset().union(*(f.words for f in spec.filters))
    spec = spec.with_(aggregates=tuple(_scaled(agg, a, schema, taken) for agg in spec.aggregates),
                      shown_units=_shown_units(spec, a, profile, taken))
    filters, parts = [], frozenset[int]()
    for f in spec.filters:
        unit = profile.unit(f.column.table, f.column.column) or _money_unit(schema, f.column)
        found = _said_factor(a, f, unit) if unit is not None and f.op in _NUMERIC_OPS else None
        if unit is None or found is None or not all(isinstance(v, (int, float)) for v in f.values):
            filters.append(f)
            continue
        factor, at = found
        part = _smaller_part(a, at, factor, unit) if len(f.values) == 1 else None
        if factor == unit.factor and part is None:
            filters.append(replace(f, words=f.words | {at}))  # said in the column's own unit
            continue
        extra, words = part if part is not None else (0.0, frozenset[int]())
        parts |= words
        values = tuple(round((v * factor + extra) / unit.factor, 6) for v in f.values)
        values = tuple(int(v) if float(v).is_integer() else v for v in values)
        filters.append(replace(f, values=values, words=f.words | words | {at}))
    # the smaller part's number is no condition of its own ("... 20 seconds" = 20000)
    return spec.with_(filters=tuple(f for f in filters if not (f.words and f.words <= parts)))


def _shown_units(spec: QuerySpec, a: Analysis, profile: Profile,
                 taken: frozenset[int]) -> tuple[tuple[ColumnRef, str], ...]:
    """The listed columns kept in a unit of the dimension the line asks its answer in ("the 10
    longest tracks with their length in minutes"), each with the unit word asked for."""
    if spec.is_aggregate:
        return ()
    out = []
    for ref in spec.projections:
        unit = profile.unit(ref.table, ref.column)
        asked = _asked_unit(a, unit, taken) if unit is not None else None
        if asked is not None:
            out.append((ref, asked[0]))
    return tuple(out)


def shown_in(ref: ColumnRef, word: str, schema: Schema, shown: exp.Expr) -> exp.Expr:
    """``shown`` (the column ``ref``) given in the unit ``word`` names, named for it."""
    unit = profile_of(schema).unit(ref.table, ref.column)
    assert unit is not None, ref
    ratio = UNITS[unit.dimension][word] / unit.factor
    scaled = exp.Div(this=shown, expression=exp.Literal.number(_decimal(ratio))) if ratio >= 1 \
        else exp.Mul(this=shown, expression=exp.Literal.number(_decimal(1 / ratio)))
    return exp.alias_(scaled, exp.to_identifier(shown_name(ref, word, unit)))


def shown_name(ref: ColumnRef, word: str, unit: Unit) -> str:
    """What a listed column given in another unit is called: its name's words without its own unit,
    then the unit ("length_ms" in minutes is length_in_minutes; "Milliseconds" is minutes)."""
    units = UNITS[unit.dimension]
    kept = [w for w in name_words(ref.column) if w not in units and singular(w) not in units]
    return f"{'_'.join(kept)}_in_{said_unit(word)}" if kept else said_unit(word)


def unshown_units(spec: QuerySpec, a: Analysis, schema: Schema) -> frozenset[int]:
    """The unit words of "in <unit>" that ask for values of a column kept in another unit when no
    value of the answer is given in it ("the 10 longest tracks in minutes" listed in
    milliseconds): the answer does not say what was asked, so the words are not used."""
    profile = profile_of(schema)
    if not profile.units:
        return frozenset()
    taken = frozenset().union(*(f.words for f in spec.filters))
    read = {(ref.table, ref.column) for ref in spec_refs(spec)}
    out: set[int] = set()
    for unit in profile.units:
        if (unit.table, unit.column) not in read:
            continue  # a column the answer does not read is not what the unit was asked of
        asked = _asked_unit(a, unit, taken)
        if asked is None or _given_in(spec, asked[0]):
            continue
        out.update(i for i, t in enumerate(a.tokens) if i not in taken and t.text in (asked[0], said_unit(asked[0]))
                   and a.word(i - 1) in _ASKING)
    return frozenset(out)


def said_units(spec: QuerySpec, a: Analysis, schema: Schema) -> frozenset[int]:
    """The words of "in <unit>" that a total or an average given in that unit used ("in euros"), and
    the unit a column the query reads is kept in ("average wait in minutes" of minutes), and
    a currency said of money the query reads in a currency's whole units ("in pounds", "over £250"
    of amounts kept as 12.50): the unit the column is kept in, so the word asks for nothing more."""
    profile = profile_of(schema)
    kept = [unit for ref in spec_refs(spec) if (unit := profile.unit(ref.table, ref.column)) is not None]
    given = {i for i, t in enumerate(a.tokens) if a.word(i - 1) in _ASKING
             and any(_given_in(spec, form) or any(UNITS[u.dimension].get(form) == u.factor for u in kept)
                     for form in (t.text, singular(t.text)))}
    currency = {i for i, t in enumerate(a.tokens) if MONEY_UNITS.get(t.text) == 1.0
                and (a.word(i - 1) in _ASKING or (i > 0 and a.tokens[i - 1].is_number))}
    return frozenset(given | currency) if currency and _whole_money(spec, schema) else frozenset(given)


def _whole_money(spec: QuerySpec, schema: Schema) -> bool:
    """Whether the query's money is in whole units of a currency: columns of decimal amounts, and
    measures of money (the profile's revenue reads cents in whole units), none shown in cents."""
    factors = [unit.factor for ref in spec_refs(spec) if (unit := _money_unit(schema, ref)) is not None]
    for agg in spec.aggregates:
        if agg.metric is not None and measures_money(agg.metric, schema):
            factors.append(1.0)
    return bool(factors) and all(factor == 1.0 for factor in factors)


def measures_money(metric: Metric, schema: Schema) -> bool:
    """Whether a measure adds up money: its expression reads a money column."""
    return any(_money_unit(schema, ref) is not None
               for ref in _metric_columns(metric.expression, metric.table, schema.dialect))


@lru_cache(maxsize=256)
def _metric_columns(expression: str, table: str, dialect: str) -> tuple[ColumnRef, ...]:
    """The columns a measure's expression reads, parsed once per expression (it is asked every turn)."""
    try:
        parsed = sqlglot.parse_one(expression, read=dialect)
    except sqlglot.errors.SqlglotError:
        return ()
    return tuple(ColumnRef(col.table or table, col.name) for col in parsed.find_all(exp.Column))


def _given_in(spec: QuerySpec, unit: str) -> bool:
    """Whether an aggregate of ``spec`` is given in ``unit`` (``_scaled`` names it ``..._in_<unit>``),
    or a column it lists."""
    return any(agg.metric is not None and agg.metric.name.endswith(f"_in_{said_unit(unit)}")
               for agg in spec.aggregates) or any(said_unit(word) == said_unit(unit) for _ref, word in spec.shown_units)
