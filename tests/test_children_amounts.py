"""A number said of an amount that the rows pointing at the main rows keep ("engineers with more
than 10 hours in May", "albums with over 22 hours"): a condition on each main row's total of it,
the period on those rows' date; not a span between the main rows' own dates."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import reads_whole, schema_database

STUDIO = """
    CREATE TABLE engineers (engineer_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, surname TEXT NOT NULL,
                            started_on TEXT NOT NULL, left_on TEXT);
    CREATE TABLE albums (album_id INTEGER PRIMARY KEY, title TEXT NOT NULL, begun_on TEXT NOT NULL,
                         finished_on TEXT);
    CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, engineer_id INTEGER REFERENCES engineers (engineer_id),
                           album_id INTEGER REFERENCES albums (album_id), held_on TEXT NOT NULL, hours REAL NOT NULL);
    INSERT INTO engineers VALUES (1, 'Mo', 'Quinn', '2019-02-01', NULL), (2, 'Ada', 'Lutz', '2026-05-02', NULL),
                                 (3, 'Ben', 'Ruiz', '2020-01-01', '2026-04-30');
    INSERT INTO albums VALUES (1, 'Low Tide', '2026-01-10', '2026-03-01'), (2, 'Glass', '2026-04-01', NULL);
    INSERT INTO sessions VALUES (1, 1, 1, '2026-01-12', 8.0), (2, 1, 1, '2026-02-03', 9.0),
                                (3, 3, 1, '2026-02-20', 6.0), (4, 1, 2, '2026-05-04', 6.0),
                                (5, 2, 2, '2026-05-06', 7.5), (6, 2, 2, '2026-05-20', 5.0),
                                (7, 1, 2, '2026-05-21', 3.0);
"""  # a recording studio's engineers and their sessions


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


def test_a_number_of_the_children_amount_is_on_each_total(studio: Database) -> None:
    reads_whole(studio, "albums with more than 22 hours", "SELECT 'Low Tide', 23.0")


def test_the_period_is_on_the_rows_totalled(studio: Database) -> None:
    reads_whole(studio, "engineers with more than 10 hours in May 2026", "SELECT 'Ada', 'Lutz', 12.5")
