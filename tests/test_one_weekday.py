""""Last Monday", "next Friday", and "on Friday" in a line about what happened or what is coming, are
one day: the nearest such day before or after today. "On Fridays", and a day said with no tense to
place it, are every such day.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import reads_whole, schema_database

CINEMA = """
    CREATE TABLE screenings (screening_id INTEGER PRIMARY KEY, film TEXT NOT NULL, screened_on TEXT NOT NULL);
    INSERT INTO screenings VALUES (1, 'Dune', '2026-06-05'), (2, 'Heat', '2026-06-08'), (3, 'Jaws', '2026-06-12'),
                                  (4, 'Alien', '2026-06-12'), (5, 'Up', '2026-06-19'), (6, 'Coco', '2026-06-22'),
                                  (7, 'Big', '2026-06-01');
"""  # a cinema; today (the tests' day) is Monday 2026-06-15


@pytest.fixture(scope="module")
def cinema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "cinema", CINEMA) as db:
        yield db


@pytest.mark.parametrize(("line", "day"), [
    ("screenings last Monday", "2026-06-08"),
    ("screenings next Monday", "2026-06-22"),
    ("how many screenings did we have on Friday", "2026-06-12"),
    ("which films are we showing on Friday", "2026-06-19"),
])
def test_one_weekday_is_the_nearest_such_day(cinema: Database, line: str, day: str) -> None:
    shown = "COUNT(*)" if line.startswith("how many") else "film" if line.startswith("which films") else "*"
    reads_whole(cinema, line, f"SELECT {shown} FROM screenings WHERE screened_on = '{day}'")


def test_a_day_in_the_plural_is_every_such_day(cinema: Database) -> None:
    reads_whole(cinema, "screenings on Fridays", "SELECT * FROM screenings WHERE strftime('%w', screened_on) = '5'")
