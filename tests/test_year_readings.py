"""Columns a word picks among alike ones, on schemas built here: the year a word names ("founded
after 2008": year_of_founded, not year_of_work), the age of the rows named before "older than",
and the type column of "how many types of <rows>"."""

from __future__ import annotations

import pytest

from tests.helpers import answers, built_sqlite, opened, schema_database

SCHEMA = """
CREATE TABLE conductor (conductor_id INTEGER PRIMARY KEY, name TEXT, year_of_work INTEGER);
CREATE TABLE band (band_id INTEGER PRIMARY KEY, band TEXT, conductor_id INTEGER REFERENCES conductor (conductor_id),
                   year_of_founded INTEGER);
INSERT INTO conductor VALUES (1, 'Mara Holt', 2010), (2, 'Ivo Lind', 2004), (3, 'Pia Sand', 2012);
INSERT INTO band VALUES (1, 'Harbour Brass', 1, 2001), (2, 'Hill Winds', 2, 2011), (3, 'Mill Band', 3, 1999);
"""


@pytest.fixture(scope="module")
def band_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "bands", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("Give the names of conductors that conducted bands founded after 2008.",
     "SELECT c.name FROM conductor c JOIN band b ON b.conductor_id = c.conductor_id WHERE b.year_of_founded > 2008"),
    ("What are the bands founded after the year 2000?", "SELECT * FROM band WHERE year_of_founded > 2000"),
    ("Which bands were founded before the year 2005?", "SELECT * FROM band WHERE year_of_founded < 2005"),
])
def test_the_year_a_word_names(band_db, question: str, gold: str) -> None:
    answers(band_db, question, gold)


def test_an_age_comparison_is_on_the_rows_named_before_it(tmp_path) -> None:
    """ "dogs owned by owners older than 40": both tables have an age; the owners' is compared."""
    script = """
    CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT, age INTEGER);
    CREATE TABLE dog (dog_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner (owner_id), age INTEGER);
    INSERT INTO owner VALUES (1, 'Ana', 45), (2, 'Bo', 30);
    INSERT INTO dog VALUES (1, 1, 3), (2, 1, 50), (3, 2, 41), (4, 2, 45);
    """
    with opened(built_sqlite(tmp_path, "dogs", script)) as db:
        answers(db, "How many dogs are owned by owners who are older than 40?",
                "SELECT COUNT(*) FROM dog d JOIN owner o ON o.owner_id = d.owner_id WHERE o.age > 40")


@pytest.mark.parametrize("question", [
    "How many different types of boat are there?",
    "Find the count of distinct type of boats.",
])
def test_types_of_rows_count_their_type_column(tmp_path, question: str) -> None:
    """ "how many types of <rows>": the distinct values of the rows' type column, not the rows."""
    script = """
    CREATE TABLE boat (boat_id INTEGER PRIMARY KEY, name TEXT, boat_type TEXT, length REAL);
    INSERT INTO boat VALUES (1, 'Aud', 'sloop', 8), (2, 'Brisk', 'ketch', 11), (3, 'Cove', 'sloop', 7);
    """
    with opened(built_sqlite(tmp_path, "boats", script)) as db:
        answers(db, question, "SELECT COUNT(DISTINCT boat_type) FROM boat")
