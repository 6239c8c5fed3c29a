"""The names the built-in engine gives its output columns, as an analyst names them.

- a count of a table's rows (``COUNT(*)``, a count of its key): ``<table, singular>_count``,
  ``country_count``, ``order_item_count``;
- a count of a column's values: ``<column>_count`` without a trailing id, ``nationality_count``,
  ``COUNT(DISTINCT Course_ID)`` -> ``course_count``;
- ``total_<column>`` (SUM), ``average_<column>`` (AVG), ``min_<column>``, ``max_<column>``;
  a column already named for its function says it once, with the SQL function's name in front
  (``SUM(total_amount)`` -> ``sum_total_amount``): the column's own name would hide the column;
- the days between two dates: ``average_days_to_<column>``; a percentage: ``percentage``;
- a metric (of the domain config, or one the engine made) keeps its own name (made unique as
  any other, below).

Column and table words are snake case (``LifeExpectancy`` -> ``life_expectancy``). Within one
SELECT a name is said once (``_2``, ``_3`` after the first), and never as a column of a table
the query reads: an alias equal to one could change what a GROUP BY, WHERE or ORDER BY resolves
to on one engine or another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.spec import Aggregate, QuerySpec
from nl2sql.linking.text import singular, spoken

_WORD = {"sum": "total", "avg": "average", "min": "min", "max": "max"}
# A column whose first word already says the function ("total_amount" summed, "avg_rating" averaged)
_SAID = {"sum": ("total", "sum"), "avg": ("average", "avg", "mean"), "min": ("min", "minimum", "lowest"),
         "max": ("max", "maximum", "highest")}
_NOT_WORD = re.compile(r"\W+")


def snake(name: str) -> str:
    """A schema name as lower-case words joined by underscores: ``LifeExpectancy`` -> ``life_expectancy``."""
    words = [_NOT_WORD.sub("_", w.lower()).strip("_") for w in spoken(name).split()]
    return "_".join(w for w in words if w) or "value"


def _one(table: str) -> str:
    """A table's name as one of its rows, in snake case: ``order_items`` -> ``order_item``,
    ``VOTES`` -> ``vote`` (a word in capitals is singular too once it is longer than an acronym)."""
    words = snake(table).split("_")
    if len(words[-1]) > 3 or not table.isupper():
        words[-1] = singular(words[-1])
    return "_".join(words)


def _counted(agg: Aggregate, entity: str, schema: Schema | None) -> str:
    """What a count counts: a table's rows (by no column, or by the table's key) or a column's values."""
    if agg.column is None or not agg.column.column:
        return _one(entity)
    table = schema.table(agg.column.table) if schema is not None else None
    key = table.primary_key if table is not None else None
    words = spoken(agg.column.column).split()
    if (key is not None and key.name == agg.column.column) or [w.lower() for w in words] == ["id"]:
        return _one(agg.column.table)
    if len(words) > 1 and words[-1].lower() == "id":  # Course_ID: the courses
        words = words[:-1]
    return snake(" ".join(words))


def base_name(agg: Aggregate, entity: str, schema: Schema | None = None) -> str:
    """The name ``agg``'s column is shown under in a query about ``entity``'s rows, before it is
    made unique among the query's other names."""
    if agg.func == "share":
        return "percentage" if agg.metric is None and agg.column is None else \
            f"{base_name(replace(agg, func='sum'), entity, schema)}_percentage"
    if agg.metric is not None:
        return metric_word(agg.metric.name)
    if agg.func == "count":
        return f"{_counted(agg, entity, schema)}_count"
    assert agg.column is not None
    column = snake(agg.column.column)
    if agg.since is not None:
        return f"{_WORD[agg.func]}_days_to_{column}"
    if column.split("_", 1)[0] in _SAID[agg.func]:
        return f"{agg.func}_{column}"
    return f"{_WORD[agg.func]}_{column}"


def metric_word(name: str) -> str:
    """A metric's name as said: a profile's second reading of revenue ("revenue_2") is still revenue."""
    return re.sub(r"_[2-9]$", "", name) or name


def _unique(wanted: str, taken: set[str]) -> str:
    name, n = wanted, 1
    while name.lower() in taken:
        n += 1
        name = f"{wanted}_{n}"
    taken.add(name.lower())
    return name


def output_names(spec: QuerySpec, schema: Schema | None, tables: Iterable[str] = ()) -> list[str]:
    """One name per aggregate of ``spec``: unique within the SELECT, and none the name of a column
    of ``tables`` (the tables the query reads), nor of a period the query groups by."""
    taken = {k.alias.lower() for k in spec.group_by}
    taken |= {p.column.lower() for p in spec.projections}
    for name in dict.fromkeys([spec.entity, *tables]):
        table = schema.table(name) if schema is not None else None
        if table is not None:
            taken |= {c.name.lower() for c in table.columns}
    return [_unique(base_name(agg, spec.entity, schema), taken) for agg in spec.aggregates]


def count_name(spec: QuerySpec) -> str:
    """The name of "how many rows the query keeps": the rows of its table counted."""
    return f"{_one(spec.entity)}_count"
