"""Values a row's related rows must all have, on a lending library's schema built here: "readers
with loans in both 2019 and 2021" wants readers with a loan in each year, not a loan in both
years (none) nor a loan in either year."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE reader (reader_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, reader_id INTEGER REFERENCES reader (reader_id),
                   genre TEXT, loan_year INTEGER);
INSERT INTO reader VALUES (1, 'Asta', 'Oslo'), (2, 'Brage', 'Bergen'), (3, 'Cato', 'Oslo'), (4, 'Dina', 'Tromso');
INSERT INTO loan VALUES (1, 1, 'Fantasy', 2019), (2, 1, 'Poetry', 2021), (3, 2, 'Fantasy', 2019),
    (4, 2, 'Fantasy', 2020), (5, 3, 'Poetry', 2021), (6, 4, 'Poetry', 2019), (7, 4, 'Fantasy', 2021);
"""


@pytest.fixture(scope="module")
def library_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "lending", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("What are the names of readers with loans in both 2019 and 2021?",
     "SELECT name FROM reader WHERE reader_id IN (SELECT reader_id FROM loan WHERE loan_year = 2019) "
     "AND reader_id IN (SELECT reader_id FROM loan WHERE loan_year = 2021)"),
    ("Find the names of readers who have both Fantasy and Poetry loans.",
     "SELECT name FROM reader WHERE reader_id IN (SELECT reader_id FROM loan WHERE genre = 'Fantasy') "
     "AND reader_id IN (SELECT reader_id FROM loan WHERE genre = 'Poetry')"),
])
def test_related_rows_with_each_value(library_db, question: str, gold: str) -> None:
    answers(library_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    # "or": either value
    ("names of readers with Fantasy or Poetry loans",
     "SELECT name FROM reader WHERE reader_id IN (SELECT reader_id FROM loan WHERE genre IN ('Fantasy', 'Poetry'))"),
    # a column of the row's own table holds one value per row: "and" lists both groups
    ("names of readers in Oslo and Bergen", "SELECT name FROM reader WHERE city IN ('Oslo', 'Bergen')"),
])
def test_either_value_stays_a_list(library_db, question: str, gold: str) -> None:
    answers(library_db, question, gold)


def test_the_reading_says_each(library_db) -> None:
    """The explanation tells the user each value is wanted, and the joining words are used."""
    draft = BuiltinEngine().draft("Find the names of readers who have both Fantasy and Poetry loans.", library_db)
    assert "Fantasy and Poetry each" in draft.explanation and draft.unused == (), draft.explanation
