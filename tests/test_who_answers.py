"""A line that asks who, read as a list of what happened (appointments, each dated) that shows no one:
the reading answers another question, so it is confirmed, never run unasked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, schema_database

SALON = """
    CREATE TABLE stylists (stylist_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, colour_trained TEXT);
    CREATE TABLE appointments (appt_id INTEGER PRIMARY KEY, stylist_id INTEGER REFERENCES stylists (stylist_id),
                               service TEXT NOT NULL, booked_for TEXT NOT NULL, price REAL);
    INSERT INTO stylists VALUES (1, 'Nia Okafor', 'Yes'), (2, 'Tom Reyes', 'No');
    INSERT INTO appointments VALUES (1, 1, 'Colouring', '2026-05-02', 80.0), (2, 2, 'Cut', '2026-05-03', 30.0),
                                    (3, 1, 'Cut', '2026-05-04', 30.0), (4, 1, 'Colouring', '2026-06-01', 85.0);
"""  # a hair salon


@pytest.fixture(scope="module")
def salon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "salon", SALON) as db:
        yield db


def test_who_answered_by_dated_rows_alone_is_confirmed(salon: Database) -> None:
    asked = drafted(salon, "who can do Colouring?")
    listed = drafted(salon, "which appointments are Colouring?")
    assert asked.sql == listed.sql and "appointments" in asked.sql, (asked.sql, listed.sql)
    assert asked.confidence <= 0.75 < listed.confidence, (asked.confidence, listed.confidence)
