"""Shapes of a reading a person seldom means, as confidence signals: a shown column the grouping
does not decide, groups of one row each, a grouping no word asked for, and groups reached through
rows that refer back (one row in several groups). Specs are built by hand on an invented schema, so
each signal is checked on exactly the shape it names and on its nearest harmless neighbour."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nl2sql.db import Database
from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.signals import DOUBTS, _competing_routes, _fans_out, _faults
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, OrderKey, QuerySpec
from tests.helpers import built_sqlite, drafted, opened

HAULAGE = """
    CREATE TABLE depots (id INTEGER PRIMARY KEY, town TEXT NOT NULL);
    CREATE TABLE drivers (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, depot_id INTEGER REFERENCES depots (id));
    CREATE TABLE runs (id INTEGER PRIMARY KEY, driver_id INTEGER REFERENCES drivers (id), started_on TEXT,
                       fuel_cost REAL, km REAL);
    CREATE TABLE crates (id INTEGER PRIMARY KEY, label TEXT, weight REAL);
    CREATE TABLE run_crates (run_id INTEGER REFERENCES runs (id), crate_id INTEGER REFERENCES crates (id),
                             PRIMARY KEY (run_id, crate_id));
    INSERT INTO depots VALUES (1, 'Lyon'), (2, 'Nantes');
    INSERT INTO drivers VALUES (1, 'Ines Roy', 1), (2, 'Theo Blanc', 2);
    INSERT INTO runs VALUES (1, 1, '2026-03-02', 40.5, 120), (2, 1, '2026-03-09', 38.0, 110),
                            (3, 2, '2026-04-01', 55.0, 180);
    INSERT INTO crates VALUES (1, 'tiles', 300), (2, 'pipes', 120);
    INSERT INTO run_crates VALUES (1, 1), (2, 1), (3, 2);
"""  # a small haulier: depots, drivers, their runs, and the crates each run carried


@pytest.fixture(scope="module")
def haulage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path: Path = built_sqlite(tmp_path_factory.mktemp("haulage"), "haulage", HAULAGE)
    with opened(path) as db:
        yield db


def _ref(column: str) -> ColumnRef:
    table, name = column.split(".")
    return ColumnRef(table, name)


def _signals(schema: Schema, spec: QuerySpec) -> dict[str, float]:
    return dict(_faults(spec, schema))


def test_a_shown_column_the_grouping_does_not_decide_is_loose(haulage: Database) -> None:
    by_driver = (GroupKey(_ref("drivers.id")), GroupKey(_ref("drivers.full_name")))
    decided = QuerySpec("runs", projections=(_ref("drivers.full_name"),), group_by=by_driver,
                        aggregates=(Aggregate("sum", _ref("runs.km")),))
    assert _signals(haulage.schema, decided)["loose_columns"] == 0
    # a run's date beside a total per driver: one date of many, whichever the database picks
    loose = QuerySpec("runs", projections=(_ref("drivers.full_name"), _ref("runs.started_on")), group_by=by_driver,
                      aggregates=(Aggregate("sum", _ref("runs.km")),))
    assert _signals(haulage.schema, loose)["loose_columns"] == 1
    # sorting on a run's column under that grouping is as loose as showing it
    sorted_loose = QuerySpec("runs", projections=(_ref("drivers.full_name"),), group_by=by_driver,
                             order_by=(OrderKey(_ref("runs.fuel_cost")),))
    assert _signals(haulage.schema, sorted_loose)["loose_columns"] == 1
    # the driver's depot key is decided by the driver's own key
    depot = QuerySpec("runs", projections=(_ref("drivers.depot_id"),), group_by=by_driver)
    assert _signals(haulage.schema, depot)["loose_columns"] == 0


def test_an_aggregate_per_row_of_its_own_table_is_a_group_of_one(haulage: Database) -> None:
    per_run = QuerySpec("runs", group_by=(GroupKey(_ref("runs.id")), GroupKey(_ref("drivers.id"))),
                        aggregates=(Aggregate("avg", _ref("runs.fuel_cost")),))
    assert _signals(haulage.schema, per_run)["single_row_groups"] == 1
    per_driver = QuerySpec("runs", group_by=(GroupKey(_ref("drivers.id")),),
                           aggregates=(Aggregate("avg", _ref("runs.fuel_cost")),))
    assert _signals(haulage.schema, per_driver)["single_row_groups"] == 0
    counted = QuerySpec("runs", group_by=(GroupKey(_ref("runs.id")),), aggregates=(Aggregate("count"),))
    assert _signals(haulage.schema, counted)["single_row_groups"] == 0  # rows joined below a run are counted


def test_a_grouping_through_rows_that_refer_back_fans_out(haulage: Database) -> None:
    schema = haulage.schema
    assert not _fans_out(schema, "runs", "depots")  # each run has one driver, each driver one depot
    assert _fans_out(schema, "crates", "drivers")  # a crate rides several runs, so several drivers
    assert _fans_out(schema, "drivers", "runs")
    assert not _fans_out(schema, "runs", "runs")


SHOP = """
    CREATE TABLE branches (id INTEGER PRIMARY KEY, town TEXT);
    CREATE TABLE clerks (id INTEGER PRIMARY KEY, name TEXT, branch_id INTEGER REFERENCES branches (id));
    CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, branch_id INTEGER REFERENCES branches (id));
    CREATE TABLE takings (id INTEGER PRIMARY KEY, amount REAL, clerk_id INTEGER REFERENCES clerks (id),
                          member_id INTEGER REFERENCES members (id));
"""  # money taken by a clerk of one branch from a member of another: two ways to a branch


def test_a_table_reached_two_ways_is_a_choice_the_words_may_not_settle(tmp_path: Path) -> None:
    with opened(built_sqlite(tmp_path, "shop", SHOP)) as db:
        schema = db.schema
        assert schema.routes("takings", "branches") == 2
        assert schema.routes("takings", "clerks") == schema.routes("clerks", "branches") == 1
        by_branch = QuerySpec("takings", group_by=(GroupKey(_ref("members.branch_id")),),
                              aggregates=(Aggregate("sum", _ref("takings.amount")),))
        assert _competing_routes(by_branch, schema) == 1
        by_clerk = QuerySpec("takings", filters=(Filter(_ref("clerks.name"), "=", ("Ann",)),))
        assert _competing_routes(by_clerk, schema) == 0


def test_the_new_signals_reach_a_reading_and_only_ever_count_against_it(haulage: Database) -> None:
    signals = dict(drafted(haulage, "total km of runs for each driver").signals)
    for name in ("loose_columns", "single_row_groups", "unasked_grouping", "fanned_grouping", "competing_routes"):
        assert name in DOUBTS and signals[name] == 0
    unasked = dict(drafted(haulage, "total km of runs per driver").signals)
    assert unasked["unasked_grouping"] == 0  # "per" asks for the grouping
