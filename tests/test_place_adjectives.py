"""An adjective of a place names the rows kept there: "Japanese members" are the members whose
country is stored as Japan, also for adjectives WordNet derives no place from ("German" gives it
Germanic). On a pen-pal club built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE members (member_id INTEGER PRIMARY KEY, name TEXT, country TEXT, joined DATE);
CREATE TABLE letters (letter_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                      sent_on DATE, pages INTEGER);
INSERT INTO members VALUES (1, 'Aiko', 'Japan', '2024-01-05'), (2, 'Jonas', 'Germany', '2024-02-11'),
    (3, 'Mia', 'United States', '2024-03-02'), (4, 'Ren', 'Japan', '2025-01-20'), (5, 'Lea', 'France', '2025-02-14'),
    (6, 'Tom', 'United States', '2025-04-01');
INSERT INTO letters VALUES (1, 1, '2025-01-03', 2), (2, 1, '2025-02-03', 4), (3, 2, '2025-01-09', 1),
    (4, 4, '2025-03-01', 3), (5, 3, '2025-03-05', 5), (6, 6, '2025-03-07', 2);
"""


@pytest.fixture(scope="module")
def club_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "club", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "country"), [
    ("how many Japanese members are there", "Japan"), ("how many German members are there", "Germany"),
    ("how many American members are there", "United States"), ("how many french members are there", "France"),
])
def test_an_adjective_of_a_place_keeps_the_rows_from_there(club_db, question: str, country: str) -> None:
    answers(club_db, question, f"SELECT COUNT(*) FROM members WHERE country = '{country}'")


def test_an_adjective_of_a_place_keeps_the_rows_of_a_related_table(club_db) -> None:
    answers(club_db, "letters from Japanese members",
            "SELECT letters.* FROM letters JOIN members ON letters.member_id = members.member_id "
            "WHERE members.country = 'Japan'", named=True)
