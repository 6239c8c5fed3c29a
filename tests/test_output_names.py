"""Output columns named for what they hold, as an analyst names them: ``harvest_count``,
``variety_count``, ``total_weight_kg``, ``average_sugar_level``, ``min_``/``max_<column>``; a
metric by its own name; a name said once per SELECT and never a column of the tables read, so
that a sort on the aggregate sorts on it. On an orchard schema built here."""

from __future__ import annotations

from pathlib import Path

import pytest

from nl2sql.db import Database
from nl2sql.db.targets import Target
from nl2sql.domain import Metric
from nl2sql.engines.builtin.render import to_sql
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey, OrderKey, QuerySpec
from nl2sql.fixture_load import load
from nl2sql.fixture_load.mysql import copy_database as copy_mysql
from nl2sql.fixture_load.postgres import copy_database
from tests.helpers import built_sqlite, opened

ORCHARD = """
    CREATE TABLE growers (grower_id INTEGER PRIMARY KEY, FullName TEXT, Region TEXT);
    CREATE TABLE harvests (harvest_id INTEGER PRIMARY KEY, grower_id INTEGER REFERENCES growers (grower_id),
                           Variety TEXT, WeightKg REAL, SugarLevel REAL, max_weight_kg REAL);
    INSERT INTO growers VALUES (1, 'Maren Holt', 'North'), (2, 'Tomas Ruiz', 'South'), (3, 'Ilse Berg', 'North');
    INSERT INTO harvests VALUES
        (1, 1, 'Elstar', 12.0, 14.5, 20), (2, 1, 'Boskoop', 18.0, 12.0, 25), (3, 2, 'Elstar', 9.5, 15.0, 20),
        (4, 2, 'Jonagold', 7.0, 16.5, 10), (5, 3, 'Elstar', 19.0, 13.0, 20), (6, 3, 'Boskoop', 4.0, 11.5, 25);
"""
WEIGHT, SUGAR = ColumnRef("harvests", "WeightKg"), ColumnRef("harvests", "SugarLevel")
VARIETY = ColumnRef("harvests", "Variety")


@pytest.fixture(scope="module")
def orchard(tmp_path_factory: pytest.TempPathFactory):
    with opened(built_sqlite(tmp_path_factory.mktemp("names"), "orchard", ORCHARD)) as db:
        yield db


def _run(db: Database, spec: QuerySpec) -> tuple[str, tuple[str, ...], list[tuple]]:
    sql = to_sql(spec, db.schema, db.dialect)
    result = db.execute(sql, max_rows=None)
    return sql, tuple(result.columns), [tuple(r) for r in result.rows]


def test_a_count_of_rows_is_named_for_the_counted_table(orchard) -> None:
    sql, columns, rows = _run(orchard, QuerySpec("harvests", aggregates=(Aggregate("count"),)))
    assert sql == "SELECT COUNT(*) AS harvest_count FROM harvests" and columns == ("harvest_count",)
    assert rows == [(6,)]
    # the rows of a joined table, counted by its key: "the number of harvests of each grower"
    per_grower = QuerySpec("growers", projections=(ColumnRef("growers", "FullName"),),
                           aggregates=(Aggregate("count", ColumnRef("harvests", "harvest_id")),),
                           group_by=(GroupKey(ColumnRef("growers", "grower_id")),))
    _sql, columns, rows = _run(orchard, per_grower)
    assert columns == ("FullName", "harvest_count") and sorted(rows) == [("Ilse Berg", 2), ("Maren Holt", 2),
                                                                        ("Tomas Ruiz", 2)]


def test_the_kept_rows_counted_are_named_for_their_table(orchard) -> None:
    spec = QuerySpec("growers", projections=(ColumnRef("growers", "FullName"),),
                     aggregates=(Aggregate("count", ColumnRef("harvests", "harvest_id"), shown=False),),
                     group_by=(GroupKey(ColumnRef("growers", "grower_id")),), having=((0, ">", 1),),
                     count_rows=True)
    _sql, columns, rows = _run(orchard, spec)
    assert columns == ("grower_count",) and rows == [(3,)]


def test_a_distinct_count_is_named_for_the_column_without_its_id(orchard) -> None:
    spec = QuerySpec("harvests", aggregates=(Aggregate("count", VARIETY, distinct=True),
                                             Aggregate("count", ColumnRef("harvests", "grower_id"), distinct=True)))
    sql, columns, rows = _run(orchard, spec)
    assert "COUNT(DISTINCT Variety) AS variety_count" in sql
    assert columns == ("variety_count", "grower_count") and rows == [(3, 3)]


def test_sum_average_min_and_max_in_snake_case(orchard) -> None:
    spec = QuerySpec("harvests", aggregates=(Aggregate("sum", WEIGHT), Aggregate("avg", SUGAR),
                                             Aggregate("min", SUGAR), Aggregate("max", SUGAR)))
    sql, columns, rows = _run(orchard, spec)
    assert columns == ("total_weight_kg", "average_sugar_level", "min_sugar_level", "max_sugar_level"), sql
    assert rows == [(69.5, pytest.approx(82.5 / 6), 11.5, 16.5)]


def test_a_metric_keeps_its_own_name(orchard) -> None:
    crop = Metric(name="crop_value", table="harvests", expression="SUM(WeightKg * 2)")
    _sql, columns, rows = _run(orchard, QuerySpec("harvests", aggregates=(Aggregate("metric", metric=crop),)))
    assert columns == ("crop_value",) and rows == [(139.0,)]


def test_a_name_needing_quotes_is_quoted_and_sorts(orchard) -> None:
    """A metric called by a keyword: quoted where it is named and where the sort names it."""
    picked = Metric(name="order", table="harvests", expression="COUNT(*)")
    spec = QuerySpec("harvests", aggregates=(Aggregate("metric", metric=picked),), group_by=(GroupKey(VARIETY),),
                     order_by=(OrderKey(aggregate=0, descending=True),))
    sql, columns, rows = _run(orchard, spec)
    assert 'AS "order"' in sql and 'ORDER BY "order" DESC' in sql, sql
    assert columns == ("Variety", "order") and rows[0] == ("Elstar", 3)


def test_two_aggregates_of_one_name_are_told_apart(orchard) -> None:
    by_key = Aggregate("count", ColumnRef("harvests", "harvest_id"))
    spec = QuerySpec("harvests", aggregates=(Aggregate("count"), by_key, Aggregate("count", VARIETY, distinct=True),
                                             Aggregate("count", VARIETY)))
    _sql, columns, rows = _run(orchard, spec)
    assert columns == ("harvest_count", "harvest_count_2", "variety_count", "variety_count_2")
    assert rows == [(6, 6, 3, 6)]


def _by_crate_size(db: Database) -> tuple[str, tuple[str, ...], list[tuple]]:
    """The heaviest harvest per crate size (a column named ``max_weight_kg``), heaviest first."""
    spec = QuerySpec("harvests", aggregates=(Aggregate("max", WEIGHT),),
                     group_by=(GroupKey(ColumnRef("harvests", "max_weight_kg")),),
                     order_by=(OrderKey(aggregate=0, descending=True),))
    return _run(db, spec)


def test_a_name_that_is_a_grouped_column_is_not_taken(orchard) -> None:
    """``MAX(WeightKg)`` would be ``max_weight_kg``, the column the query groups by: two output
    columns of one name, which a sort cannot name (PostgreSQL calls it ambiguous)."""
    sql, columns, rows = _by_crate_size(orchard)
    assert columns == ("max_weight_kg", "max_weight_kg_2") and "ORDER BY max_weight_kg_2 DESC" in sql, sql
    assert rows == [(20, 19.0), (25, 18.0), (10, 7.0)]


def test_the_sort_on_an_aggregate_sorts_by_it(orchard) -> None:
    spec = QuerySpec("harvests", aggregates=(Aggregate("sum", WEIGHT),), group_by=(GroupKey(VARIETY),),
                     order_by=(OrderKey(aggregate=0),), having=((0, ">", 5),))
    sql, columns, rows = _run(orchard, spec)
    assert "ORDER BY total_weight_kg" in sql and columns == ("Variety", "total_weight_kg"), sql
    assert rows == [("Jonagold", 7.0), ("Boskoop", 22.0), ("Elstar", 40.5)]
    top = spec.with_(order_by=(OrderKey(aggregate=0, descending=True),), limit=2,
                     reorder=(OrderKey(column=VARIETY),))  # the two heaviest varieties, then by name
    _sql, _columns, rows = _run(orchard, top)
    assert rows == [("Boskoop", 22.0), ("Elstar", 40.5)]


def _crate_sort(db: Database) -> tuple[str, tuple[str, ...], list[tuple]]:
    """Varieties by their crate size (one size a variety), with their heaviest harvest."""
    spec = QuerySpec("harvests", aggregates=(Aggregate("max", WEIGHT),), group_by=(GroupKey(VARIETY),),
                     order_by=(OrderKey(column=ColumnRef("harvests", "max_weight_kg"), descending=True),))
    return _run(db, spec)


def test_a_name_that_is_a_column_of_the_table_is_not_taken(orchard) -> None:
    """Named ``max_weight_kg``, the aggregate would take over the sort on the crate-size column
    (SQLite sorts by the alias)."""
    sql, columns, rows = _crate_sort(orchard)
    assert columns == ("Variety", "max_weight_kg_2"), sql
    assert rows == [("Boskoop", 18.0), ("Elstar", 19.0), ("Jonagold", 7.0)]


@pytest.fixture(params=["duckdb", "postgres", "mysql"])
def orchard_elsewhere(request: pytest.FixtureRequest, tmp_path: Path):
    source = built_sqlite(tmp_path, "orchard", ORCHARD)
    if request.param == "duckdb":
        target = str(tmp_path / "orchard.duckdb")
        load(source, Target("duckdb", Path(target), "orchard.duckdb"))
    else:
        server = request.getfixturevalue(f"{request.param if request.param == 'mysql' else 'pg'}_server").url()
        target = (copy_mysql if request.param == "mysql" else copy_database)(source, server, "names_orchard")
    with opened(target) as db:
        yield db


def test_the_names_sort_the_same_on_other_engines(orchard_elsewhere) -> None:
    sql, columns, rows = _by_crate_size(orchard_elsewhere)
    assert columns == ("max_weight_kg", "max_weight_kg_2"), sql
    assert [(int(size), float(weight)) for size, weight in rows] == [(20, 19.0), (25, 18.0), (10, 7.0)], sql
    sql, columns, rows = _crate_sort(orchard_elsewhere)
    assert columns == ("Variety", "max_weight_kg_2"), sql
    assert [(variety, float(weight)) for variety, weight in rows] == [("Boskoop", 18.0), ("Elstar", 19.0),
                                                                      ("Jonagold", 7.0)], sql
