"""A thing's margin is its selling price less its cost, where its table keeps both and no margin:
averaged, compared, listed like a column it keeps; in pounds where both prices are kept in pence.
What a thing sells for is its price: "sell for under 10", "selling below cost".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from nl2sql.db import Database
from nl2sql.db.schema import REAL, Column
from nl2sql.profile.margins import margin_of
from tests.helpers import reads_whole, schema_database

NURSERY = """
    CREATE TABLE plants (plant_id INTEGER PRIMARY KEY, plant_name TEXT NOT NULL, kind TEXT NOT NULL,
                         price REAL NOT NULL, cost_price REAL NOT NULL);
    INSERT INTO plants VALUES (1, 'Fern', 'indoor', 12.0, 5.0), (2, 'Palm', 'indoor', 30.0, 26.5),
                              (3, 'Holly', 'outdoor', 9.0, 4.0), (4, 'Yew', 'outdoor', 15.0, 13.0),
                              (5, 'Aloe', 'indoor', 4.0, 6.0);
"""  # a plant nursery: what each plant sells for and what it cost; one sold at a loss

STUDIO = """
    CREATE TABLE prints (print_id INTEGER PRIMARY KEY, title TEXT NOT NULL, size TEXT NOT NULL,
                         price_pence INTEGER NOT NULL, cost_pence INTEGER NOT NULL);
    INSERT INTO prints VALUES (1, 'Harbour', 'A3', 2500, 900), (2, 'Moor', 'A3', 2500, 1100),
                              (3, 'Fell', 'A4', 1500, 700);
"""  # a print studio: prices in pence


@pytest.fixture(scope="module")
def nursery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "nursery", NURSERY) as db:
        yield db


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("average margin by kind", "SELECT kind, AVG(price - cost_price) FROM plants GROUP BY kind"),
    ("plants with a margin under 3", "SELECT * FROM plants WHERE price - cost_price < 3"),
])
def test_the_margin_is_the_price_less_the_cost(nursery: Database, line: str, gold: str) -> None:
    reads_whole(nursery, line, gold)


def test_a_margin_of_prices_in_pence_reads_in_pounds(studio: Database) -> None:
    reads_whole(studio, "what is the average margin", "SELECT AVG(price_pence - cost_pence) / 100.0 FROM prints")


def test_a_table_that_keeps_its_margin_gets_none_computed(nursery: Database) -> None:
    plants = nursery.schema.table("plants")
    assert plants is not None and margin_of(plants) is not None
    kept = replace(plants, columns=(*plants.columns, Column("margin", "REAL", REAL)))
    assert margin_of(kept) is None  # "margin" is the stored column's


@pytest.mark.parametrize(("line", "gold"), [
    ("which plants do we sell below cost", "SELECT * FROM plants WHERE price < cost_price"),
    ("plants that sell for more than 10", "SELECT * FROM plants WHERE price > 10"),
])
def test_what_a_thing_sells_for_is_its_price(nursery: Database, line: str, gold: str) -> None:
    reads_whole(nursery, line, gold)


def test_a_price_in_pence_below_a_cost_in_pounds_is_the_same_money(tmp_path_factory: pytest.TempPathFactory) -> None:
    script = """
        CREATE TABLE lamps (lamp_id INTEGER PRIMARY KEY, lamp_name TEXT NOT NULL, price_pence INTEGER NOT NULL,
                            unit_cost REAL NOT NULL);
        CREATE TABLE spares (spare_id INTEGER PRIMARY KEY, spare_name TEXT NOT NULL, cost REAL NOT NULL);
        INSERT INTO lamps VALUES (1, 'Arc', 4500, 30.0), (2, 'Bud', 900, 12.5), (3, 'Cone', 2000, 19.99);
        INSERT INTO spares VALUES (1, 'Bulb', 2.0);
    """  # a lamp shop: prices in pence, costs in pounds; the Bud sells at a loss; spares cost something else
    with schema_database(tmp_path_factory, "lamps", script) as db:
        reads_whole(db, "which lamps do we sell below cost", "SELECT * FROM lamps WHERE lamp_id = 2")
