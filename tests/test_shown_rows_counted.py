"""Names shown beside a count of other rows: one count per row named, grouped by the row's key, so
that two walkers called Sam are not added together; and columns "by" the rows that hold them, which
are no groups at all. On a walking club and a shelf of authors built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, built_sqlite, opened, schema_database

SCHEMA = """
CREATE TABLE walker (walker_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
CREATE TABLE hike (hike_id INTEGER PRIMARY KEY, walker_id INTEGER REFERENCES walker(walker_id), day DATE);
INSERT INTO walker VALUES (1, 'Sam', 'Ely'), (2, 'Sam', 'Wells'), (3, 'Ria', 'Ely');
INSERT INTO hike VALUES (1, 1, '2025-01-01'), (2, 1, '2025-01-02'), (3, 2, '2025-01-03'), (4, 3, '2025-01-04');
"""
SHELF = """
CREATE TABLE author (author_id INTEGER PRIMARY KEY, name TEXT, book_title TEXT, age INTEGER);
INSERT INTO author VALUES (1, 'Ivo', 'Salt Roads', 62), (2, 'Mae', 'Kites', 35), (3, 'Oda', 'Fen', 71);
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


def test_columns_by_the_rows_that_hold_them_are_no_groups(tmp_path) -> None:
    """ "book titles by authors over 50", the titles on the author table itself: whose titles, not a
    count of one per author."""
    path = built_sqlite(tmp_path, "shelf", SHELF)
    with opened(path) as db:
        answers(db, "list all book titles by authors older than 50", "SELECT book_title FROM author WHERE age > 50")


def test_a_category_shown_beside_a_count_is_one_group_each(club_db) -> None:
    """Two walkers live in Ely: "walker town and number of hikes" is one row for Ely, not one per walker."""
    answers(club_db, "walker town and number of hikes",
            "SELECT walker.town, COUNT(*) FROM hike JOIN walker ON hike.walker_id = walker.walker_id "
            "GROUP BY walker.town")
