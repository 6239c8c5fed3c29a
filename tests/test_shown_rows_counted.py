"""Names shown beside a count of other rows: one count per row named, grouped by the row's key, so
that two walkers called Sam are not added together. On a walking club built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE walker (walker_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
CREATE TABLE hike (hike_id INTEGER PRIMARY KEY, walker_id INTEGER REFERENCES walker(walker_id), day DATE);
INSERT INTO walker VALUES (1, 'Sam', 'Ely'), (2, 'Sam', 'Wells'), (3, 'Ria', 'Ely');
INSERT INTO hike VALUES (1, 1, '2025-01-01'), (2, 1, '2025-01-02'), (3, 2, '2025-01-03'), (4, 3, '2025-01-04');
"""
PER_WALKER = ("SELECT walker.name, COUNT(*) FROM hike JOIN walker ON hike.walker_id = walker.walker_id "
              "GROUP BY walker.walker_id")


@pytest.fixture(scope="module")
def club_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "club", SCHEMA) as db:
        yield db


@pytest.mark.parametrize("question", [
    "names of the hikers and how many hikes each did",  # the walkers said another way: the hikes lead
    "show the names and the number of hikes of each rambler",
    "each walker's name and how many hikes they went on",
])
def test_each_named_row_gets_its_own_count(club_db, question: str) -> None:
    answers(club_db, question, PER_WALKER)
