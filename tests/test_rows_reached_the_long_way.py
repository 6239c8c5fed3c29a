"""Rows reached the way they belong, and kinds said by a word of their name.

"owners with no grooming appointments" goes down the chain the appointments belong to (an
appointment's pet's owner), not through an invoice that may be for an appointment or for a
stay. A book's threshold kept in its stock row ("below their reorder level") is the book's. A word
of a value made of kinds joined ('Crime & Thriller') names that value; a name of several words
('North Ridge') is no such list. A plural of an abbreviation ("appts") is the plural of its word.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

SALON = """
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, owner_name TEXT NOT NULL, area TEXT NOT NULL);
    CREATE TABLE pets (pet_id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owners (owner_id),
                       pet_name TEXT NOT NULL);
    CREATE TABLE trim_appts (appt_id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pets (pet_id),
                             appt_date TEXT NOT NULL);
    CREATE TABLE boardings (boarding_id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pets (pet_id),
                            arrived TEXT NOT NULL);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owners (owner_id),
                        appt_id INTEGER REFERENCES trim_appts (appt_id),
                        boarding_id INTEGER REFERENCES boardings (boarding_id), total REAL NOT NULL);
    INSERT INTO owners VALUES (1, 'Ida', 'North Ridge'), (2, 'Jon', 'Lowfield'), (3, 'Kay', 'North Ridge');
    INSERT INTO pets VALUES (1, 1, 'Rex'), (2, 2, 'Sky'), (3, 3, 'Tia');
    INSERT INTO trim_appts VALUES (1, 1, '2026-05-01'), (2, 3, '2026-05-09');
    INSERT INTO boardings VALUES (1, 2, '2026-04-01');
    INSERT INTO bills VALUES (1, 1, 1, NULL, 30), (2, 2, NULL, 1, 80);
"""  # a pet salon: appointments belong to pets, pets to owners; a bill is for an appointment or a boarding


@pytest.fixture(scope="module")
def salon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "salon", SALON) as db:
        yield db


@pytest.mark.parametrize("line", ["owners with no trim appointments", "owners who never had a trim appointment"])
def test_the_chain_the_rows_belong_to(salon: Database, line: str) -> None:
    """Jon has a bill, for a boarding: he had no appointment all the same."""
    reads_whole(salon, line, "SELECT * FROM owners WHERE owner_id NOT IN "
                             "(SELECT p.owner_id FROM pets p JOIN trim_appts a ON a.pet_id = p.pet_id)")


def test_a_name_of_several_words_is_no_list_of_kinds(salon: Database) -> None:
    assert "North Ridge" not in drafted(salon, "owners in the north").sql


SHELVES = """
    CREATE TABLE Genres (GenreID INTEGER PRIMARY KEY, GenreName TEXT NOT NULL);
    CREATE TABLE Books (BookID INTEGER PRIMARY KEY, Title TEXT NOT NULL, GenreID INTEGER REFERENCES Genres (GenreID));
    CREATE TABLE Stock (BookID INTEGER PRIMARY KEY REFERENCES Books (BookID), OnShelf INTEGER NOT NULL,
                        ReorderLvl INTEGER NOT NULL);
    INSERT INTO Genres VALUES (1, 'Crime & Thriller'), (2, 'Food and Drink'), (3, 'Poetry');
    INSERT INTO Books VALUES (1, 'Dark Lane', 1), (2, 'Cold Case', 1), (3, 'Bread', 2), (4, 'Odes', 3);
    INSERT INTO Stock VALUES (1, 1, 3), (2, 9, 3), (3, 0, 2), (4, 5, 1);
"""  # a bookshop whose stock levels sit in a table keyed by the book


@pytest.fixture(scope="module")
def shelves(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "shelves", SHELVES) as db:
        yield db


@pytest.mark.parametrize("line", ["books below their reorder level",
                                  "which books have dropped below their reorder level"])
def test_a_threshold_kept_in_a_row_of_the_rows_own(shelves: Database, line: str) -> None:
    reads_whole(shelves, line, "SELECT b.* FROM Books b JOIN Stock s ON s.BookID = b.BookID "
                               "WHERE s.OnShelf < s.ReorderLvl")


@pytest.mark.parametrize(("line", "genre"), [("how many crime books do we have", "Crime & Thriller"),
                                             ("list the drink books", "Food and Drink")])
def test_a_word_of_a_joined_kind(shelves: Database, line: str, genre: str) -> None:
    reads_whole(shelves, line, line.startswith("how") and
                f"SELECT COUNT(*) FROM Books b JOIN Genres g ON g.GenreID = b.GenreID WHERE g.GenreName = '{genre}'"
                or f"SELECT b.* FROM Books b JOIN Genres g ON g.GenreID = b.GenreID WHERE g.GenreName = '{genre}'")
