""""The average number of guests" where each row keeps its guest count: the column averaged. "The
average number of parties per hall" still averages a count of rows per group."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import reads_whole, schema_database

PARTIES = """
    CREATE TABLE halls (hall_id INTEGER PRIMARY KEY, hall_name TEXT NOT NULL, max_guests INTEGER);
    CREATE TABLE parties (party_id INTEGER PRIMARY KEY, hall_id INTEGER REFERENCES halls (hall_id),
                          kind TEXT NOT NULL, held_on TEXT NOT NULL, guest_count INTEGER NOT NULL);
    INSERT INTO halls VALUES (1, 'Elm Hall', 120), (2, 'Oak Room', 40);
    INSERT INTO parties VALUES (1, 1, 'Christening', '2026-03-01', 40), (2, 1, 'Wedding', '2026-04-01', 110),
                               (3, 2, 'Christening', '2026-05-01', 20), (4, 1, 'Wedding', '2026-06-01', 90),
                               (5, 2, 'Birthday', '2026-07-01', 30);
"""  # a function-room business


@pytest.fixture(scope="module")
def parties(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "parties", PARTIES) as db:
        yield db


def test_the_average_number_of_a_count_column_averages_it(parties: Database) -> None:
    reads_whole(parties, "average number of guests at a christening",
                "SELECT AVG(guest_count) FROM parties WHERE kind = 'Christening'")


def test_the_average_number_of_rows_per_group_counts_them(parties: Database) -> None:
    reads_whole(parties, "average number of parties per hall",
                "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM parties GROUP BY hall_id)")
