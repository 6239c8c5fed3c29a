"""A number said in one unit, compared with a column kept in another: "longer than 5 minutes"
against a column of milliseconds compares with 300000.

The profile knows a column's unit from its name (``length_ms``, ``duration_sec``, ``size_bytes``);
the unit word said after the number is one of the condition's own words.
"""

from __future__ import annotations

from dataclasses import replace

from sqlglot import exp

from nl2sql.db.schema import Schema
from nl2sql.domain import Metric
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.names import base_name
from nl2sql.engines.builtin.spec import Aggregate, Filter, QuerySpec
from nl2sql.identifiers import column
from nl2sql.linking.text import singular
from nl2sql.profile import profile_of
from nl2sql.profile.roles import SIZE_UNITS, TIME_UNITS, Unit, said_unit

_NUMERIC_OPS = frozenset({">", ">=", "<", "<=", "=", "!=", "between"})


def _said_factor(a: Analysis, f: Filter, unit: Unit) -> float | None:
    """The size of the unit the condition's words say, in the column's dimension, if one is said."""
    units = TIME_UNITS if unit.dimension == "time" else SIZE_UNITS
    said = sorted(f.words)
    for i in [*said, *(range(said[-1] + 1, said[-1] + 3) if said else ())]:  # "over 4 minutes": just after
        word = a.word(i)
        for form in (word, singular(word)):
            if form in units:
                return units[form]
    return None


_SCALED = {"avg": exp.Avg, "sum": exp.Sum, "min": exp.Min, "max": exp.Max}



def _asked_unit(a: Analysis, unit: Unit, taken: frozenset[int]) -> tuple[str, float] | None:
    """The unit of the column's dimension the line asks its answer in ("in minutes"), if another."""
    units = TIME_UNITS if unit.dimension == "time" else SIZE_UNITS
    for i, token in enumerate(a.tokens):
        if i in taken:
            continue
        for form in (token.text, singular(token.text)):
            if form in units and units[form] != unit.factor and a.word(i - 1) in ("in", "as"):
                return form, units[form]
    return None


def _decimal(number: float) -> str:
    """A divisor written with a decimal point, so that no engine divides integers to an integer."""
    return f"{number:.12g}" if not float(number).is_integer() else f"{int(number)}.0"


def _scaled(agg: Aggregate, a: Analysis, schema: Schema, taken: frozenset[int]) -> Aggregate:
    """An aggregate of a unit column, given in the unit the question asks for."""
    if agg.func not in _SCALED or agg.column is None or agg.since is not None:
        return agg
    unit = profile_of(schema).unit(agg.column.table, agg.column.column)
    asked = _asked_unit(a, unit, taken) if unit is not None else None
    if unit is None or asked is None:
        return agg
    word, factor = asked
    ratio = factor / unit.factor
    scaled = exp.Div(this=_SCALED[agg.func](this=column(agg.column.column)),
                     expression=exp.Literal.number(_decimal(ratio)))
    metric = Metric(name=f"{base_name(agg, agg.column.table)}_in_{said_unit(word)}", table=agg.column.table,
                    expression=scaled.sql(dialect=schema.dialect), description=f"converted from {said_unit(unit.unit)}")
    return replace(agg, func="metric", column=None, metric=metric)


def in_asked_units(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` with each number compared with a unit column converted from the unit it was said
    in, and each total or average of one given in the unit asked for ("in minutes")."""
    profile = profile_of(schema)
    if not profile.units:
        return spec
    taken = frozenset().union(*(f.words for f in spec.filters))
    spec = spec.with_(aggregates=tuple(_scaled(agg, a, schema, taken) for agg in spec.aggregates))
    filters = []
    for f in spec.filters:
        unit = profile.unit(f.column.table, f.column.column)
        factor = _said_factor(a, f, unit) if unit is not None and f.op in _NUMERIC_OPS else None
        if unit is None or factor is None or factor == unit.factor \
                or not all(isinstance(v, (int, float)) for v in f.values):
            filters.append(f)
            continue
        values = tuple(round(v * factor / unit.factor, 6) for v in f.values)
        values = tuple(int(v) if float(v).is_integer() else v for v in values)
        filters.append(replace(f, values=values))
    return spec.with_(filters=tuple(filters))
