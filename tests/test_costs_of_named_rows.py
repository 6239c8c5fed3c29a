"""A money word right after the name of rows that keep one amount of money and cannot reach the money
the business takes ("fuel spend", "van costs") is what those rows cost, not revenue; the same word
after rows that do reach it ("customer spend") is still the money taken from them. The schema is
invented here (a mobile dog groomer with a van)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.errors import EngineError
from tests.helpers import all_rows, drafted, read, reads_whole, same_answer, schema_database

GROOMER = """
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL);
    CREATE TABLE grooms (groom_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                         groomed_on DATE NOT NULL, price REAL NOT NULL, status TEXT NOT NULL);
    CREATE TABLE vans (van_id INTEGER PRIMARY KEY, reg TEXT NOT NULL);
    CREATE TABLE fuel_fills (fill_id INTEGER PRIMARY KEY, van_id INTEGER REFERENCES vans (van_id),
                             filled_on DATE NOT NULL, litres REAL NOT NULL, cost REAL NOT NULL);
    INSERT INTO clients VALUES (1, 'Poppy'), (2, 'Rex'), (3, 'Bella');
    INSERT INTO grooms VALUES (1, 1, '2026-01-05', 45.0, 'Done'), (2, 2, '2026-02-07', 60.0, 'Done'),
        (3, 1, '2026-03-09', 45.0, 'Done'), (4, 3, '2026-03-21', 70.0, 'Cancelled'), (5, 2, '2026-05-02', 60.0, 'Done');
    INSERT INTO vans VALUES (1, 'GR00 MER'), (2, 'DO66 IES');
    INSERT INTO fuel_fills VALUES (1, 1, '2026-01-03', 40.0, 58.0), (2, 2, '2026-01-20', 35.0, 51.5),
        (3, 1, '2026-02-14', 42.0, 61.2), (4, 1, '2026-03-30', 30.0, 44.1), (5, 2, '2025-12-12', 38.0, 55.0);
"""


@pytest.fixture(scope="module")
def groomer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "groomer", GROOMER) as db:
        yield db


def test_spend_said_of_rows_that_cost_money_is_their_cost(groomer: Database) -> None:
    reads_whole(groomer, "fuel spend by month this year",
                "SELECT strftime('%Y-%m', filled_on), SUM(cost) FROM fuel_fills WHERE filled_on >= '2026-01-01' "
                "GROUP BY 1")
    reads_whole(groomer, "fuel spend per van this year",
                "SELECT van_id, SUM(cost) FROM fuel_fills WHERE filled_on >= '2026-01-01' GROUP BY van_id")


def test_spend_said_of_the_payers_is_still_money_taken(groomer: Database) -> None:
    draft, result = read(groomer, "client spend this year")
    assert "fuel_fills" not in draft.sql and "grooms" in draft.sql, draft.sql
    gold = "SELECT SUM(price) FROM grooms WHERE groomed_on >= '2026-01-01' AND status <> 'Cancelled'"
    assert same_answer(result, all_rows(groomer, gold)), draft.sql


def test_an_aggregate_said_of_the_rows_cost_applies_to_it(groomer: Database) -> None:
    reads_whole(groomer, "average fuel spend", "SELECT AVG(cost) FROM fuel_fills")


def test_a_ranking_by_the_rows_cost_is_read_or_refused_in_one_line(groomer: Database) -> None:
    """A superlative before the rows' cost ranks by it; where the reading fails it says so in a
    line (an EngineError), never with an internal error."""
    draft, result = read(groomer, "which van had the highest fuel spend")
    gold = "SELECT van_id, SUM(cost) AS c FROM fuel_fills GROUP BY van_id ORDER BY c DESC LIMIT 1"
    assert same_answer(result, all_rows(groomer, gold)), draft.sql
    try:
        drafted(groomer, "which month had the highest fuel spend")
    except EngineError:
        pass
