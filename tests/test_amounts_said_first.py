"""An amount said first and grouped after ("hours by person in May", "km by walker"): the amount
totalled per group; "total expenses" of rows that keep money beside a distance: their money; "what
did we bill in May": the money billed, as "how much did we bill" is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, same_answer, schema_database

WALKS = """
    CREATE TABLE walkers (walker_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, surname TEXT NOT NULL,
                          joined_on TEXT NOT NULL);
    CREATE TABLE walk_logs (log_id INTEGER PRIMARY KEY, walker_id INTEGER REFERENCES walkers (walker_id),
                            walked_on TEXT NOT NULL, hours REAL NOT NULL);
    CREATE TABLE outlays (outlay_id INTEGER PRIMARY KEY, walker_id INTEGER REFERENCES walkers (walker_id),
                          paid_on TEXT NOT NULL, km REAL, amount REAL);
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, owner_name TEXT NOT NULL, since TEXT NOT NULL);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners (owner_id),
                        billed_on TEXT NOT NULL, total REAL NOT NULL);
    INSERT INTO walkers VALUES (1, 'Ola', 'Berg', '2026-05-03'), (2, 'Kit', 'Shaw', '2025-01-10');
    INSERT INTO walk_logs VALUES (1, 1, '2026-05-04', 2.5), (2, 1, '2026-05-06', 1.5), (3, 2, '2026-05-06', 3.0),
                                 (4, 2, '2026-04-20', 4.0);
    INSERT INTO outlays VALUES (1, 1, '2026-05-04', 12.0, 6.5), (2, 2, '2026-05-09', 30.0, 14.0);
    INSERT INTO owners VALUES (1, 'Lee Park', '2026-05-01'), (2, 'Sam Ross', '2024-02-01');
    INSERT INTO bills VALUES (1, 1, '2026-05-02', 120.0), (2, 2, '2026-05-20', 80.0), (3, 1, '2026-04-11', 60.0);
"""  # a dog-walking round: one walker joined in May, the other long before


@pytest.fixture(scope="module")
def walks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "walks", WALKS) as db:
        yield db


def test_an_amount_said_before_by_is_totalled_per_group(walks: Database) -> None:
    reads_whole(walks, "hours by each person in May 2026",
                "SELECT w.first_name, w.surname, SUM(l.hours) FROM walk_logs l JOIN walkers w "
                "ON w.walker_id = l.walker_id WHERE l.walked_on LIKE '2026-05%' GROUP BY w.walker_id")


def test_the_total_of_rows_keeping_money_beside_a_distance_is_their_money(walks: Database) -> None:
    draft = drafted(walks, "total outlays in May 2026")
    assert same_answer(walks.execute(draft.sql), [(20.5,)]), draft.sql


def test_what_we_billed_is_the_money(walks: Database) -> None:
    reads_whole(walks, "what did we bill in May 2026", "SELECT 200.0")


def test_what_we_billed_each_owner_is_dated_by_the_bills(walks: Database) -> None:
    reads_whole(walks, "what did we bill each owner in May 2026",
                "SELECT o.owner_name, SUM(b.total) FROM bills b JOIN owners o ON o.owner_id = b.owner_id "
                "WHERE b.billed_on LIKE '2026-05%' GROUP BY o.owner_id")
