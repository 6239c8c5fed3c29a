"""Readings where the words near a value, a sort or an aggregate decide what they mean: which of
two columns holding the same value, which way a sort runs, what an aggregate may be taken over.
The schema is built here; the questions only show the general rules on it.
"""

from __future__ import annotations

import pytest

from tests.helpers import answers, built_sqlite, opened

SCHEMA = """
CREATE TABLE port (code TEXT PRIMARY KEY, port_name TEXT, city TEXT);
CREATE TABLE ferry (ferry_id INTEGER PRIMARY KEY, sailing_no INTEGER, source_port TEXT REFERENCES port (code),
                    dest_port TEXT REFERENCES port (code), operator TEXT);
CREATE TABLE rider (rider_id INTEGER PRIMARY KEY, name TEXT, age INTEGER, team TEXT, song_title TEXT,
                    release_year INTEGER, score REAL);
CREATE TABLE arena (arena_id INTEGER PRIMARY KEY, name TEXT, capacity INTEGER, highest INTEGER);
INSERT INTO port VALUES ('ABC', 'Alpha Quay', 'Alton'), ('DEF', 'Delta Pier', 'Dover'), ('GHI', 'Gamma Dock', 'Galway');
INSERT INTO ferry VALUES (1, 101, 'ABC', 'DEF', 'Blue'), (2, 102, 'ABC', 'GHI', 'Blue'), (3, 103, 'DEF', 'ABC', 'Red'),
    (4, 104, 'GHI', 'DEF', 'Red'), (5, 105, 'DEF', 'GHI', 'Green'), (6, 106, 'GHI', 'ABC', 'Blue'),
    (7, 107, 'ABC', 'DEF', 'Red');
INSERT INTO rider VALUES (1, 'Ann', 31, 'Kites', 'Wind', 2001, 7.5), (2, 'Bo', 22, 'Kites', 'Rain', 2010, 8.5),
    (3, 'Cy', 45, 'Owls', 'Sun', 1999, 6.0), (4, 'Di', 28, 'Owls', 'Snow', 2005, 9.0);
CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, cost_of_repair INTEGER, date_of_repair TEXT);
INSERT INTO repair VALUES (1, 100, '2020-01-01'), (2, 250, '2021-05-01'), (3, 75, '2019-03-03');
INSERT INTO arena VALUES (1, 'North', 5000, 4900), (2, 'South', 8000, 7800), (3, 'East', 2000, 1900);
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory):
    with opened(built_sqlite(tmp_path_factory.mktemp("words"), "words", SCHEMA)) as database:
        yield database


@pytest.mark.parametrize(("question", "gold"), [
    ("Count the ferries into DEF.", "SELECT COUNT(*) FROM ferry WHERE dest_port = 'DEF'"),
    ("How many ferries have destination DEF?", "SELECT COUNT(*) FROM ferry WHERE dest_port = 'DEF'"),
    ("Give the sailing numbers of ferries arriving at GHI",
     "SELECT sailing_no FROM ferry WHERE dest_port = 'GHI'"),
    ("How many ferries depart from DEF?", "SELECT COUNT(*) FROM ferry WHERE source_port = 'DEF'"),
    ("How many ferries go from DEF to ABC?",
     "SELECT COUNT(*) FROM ferry WHERE source_port = 'DEF' AND dest_port = 'ABC'"),
    ("How many ferries go to DEF from ABC?",
     "SELECT COUNT(*) FROM ferry WHERE source_port = 'ABC' AND dest_port = 'DEF'"),
])
def test_a_value_in_two_columns_takes_the_one_a_word_names(db, question: str, gold: str) -> None:
    answers(db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("List the names of riders in reverse alphabetical order", "SELECT name FROM rider ORDER BY name DESC"),
    ("names of riders from Z to A", "SELECT name FROM rider ORDER BY name DESC"),
    ("Find the name and team of riders, sorted by age from old to young",
     "SELECT name, team FROM rider ORDER BY age DESC"),
    ("List rider names from oldest to youngest", "SELECT name FROM rider ORDER BY age DESC"),
    ("List rider names from young to old", "SELECT name FROM rider ORDER BY age"),
    ("Show the names of riders ordered by score from high to low", "SELECT name FROM rider ORDER BY score DESC"),
    ("Show rider names and scores from low to high", "SELECT name, score FROM rider ORDER BY score"),
    ("show rider names ordered by release year from newest to oldest",
     "SELECT name FROM rider ORDER BY release_year DESC"),
    ("show rider names ordered by release year from oldest to newest",
     "SELECT name FROM rider ORDER BY release_year"),
])
def test_words_for_the_ends_of_a_scale_set_the_sort_direction(db, question: str, gold: str) -> None:
    answers(db, question, gold, ordered=True)


@pytest.mark.parametrize(("question", "gold"), [
    ("Give the maximum capacity and also the average of all arenas.",
     "SELECT MAX(capacity), AVG(capacity) FROM arena"),
    ("What is the average arena id?", "SELECT AVG(arena_id) FROM arena"),
])
def test_an_aggregate_is_over_a_key_only_when_a_word_names_the_key(db, question: str, gold: str) -> None:
    answers(db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("Show the title and release year of the song from the youngest rider.",
     "SELECT song_title, release_year FROM rider ORDER BY age LIMIT 1"),
    ("Show the title of the song from the oldest rider.", "SELECT song_title FROM rider ORDER BY age DESC LIMIT 1"),
    ("Show the name of the youngest rider.", "SELECT name FROM rider ORDER BY age LIMIT 1"),
])
def test_a_column_word_of_an_owner_word_names_their_column_alone(db, question: str, gold: str) -> None:
    answers(db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("How much did the most recent repair cost?",
     "SELECT cost_of_repair FROM repair ORDER BY date_of_repair DESC LIMIT 1"),
    ("How much did the cheapest repair cost?", "SELECT MIN(cost_of_repair) FROM repair"),
    ("How much do repairs cost in total?", "SELECT SUM(cost_of_repair) FROM repair"),
])
def test_how_much_of_the_row_a_superlative_picks_is_its_amount(db, question: str, gold: str) -> None:
    answers(db, question, gold)
