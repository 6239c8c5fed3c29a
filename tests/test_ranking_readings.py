"""Superlatives over counts of rows, on a rowing schema built here: which rows, or which value of a
column, has the most rows of a table, and the count itself when the question asks for it too."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import answers, built_sqlite, opened, schema_database

SCHEMA = """
CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, name TEXT, age INTEGER);
CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, crew TEXT, coach_id INTEGER REFERENCES coach (coach_id),
                   sponsor TEXT, founded INTEGER);
CREATE TABLE regatta (regatta_id INTEGER PRIMARY KEY, crew_id INTEGER REFERENCES crew (crew_id), place INTEGER);
INSERT INTO coach VALUES (1, 'Ines Park', 61), (2, 'Tom Reyes', 44), (3, 'Ola Berg', 52);
INSERT INTO crew VALUES (1, 'Swans', 2, 'Acme', 1990), (2, 'Otters', 2, 'Bolt', 2001), (3, 'Herons', 2, 'Acme', 2005),
    (4, 'Pike', 3, 'Acme', 2011), (5, 'Gulls', 1, 'Corex', 2015);
INSERT INTO regatta VALUES (1, 1, 2), (2, 1, 1), (3, 4, 3);
"""


@pytest.fixture(scope="module")
def rowing_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "rowing", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # a table word that is also its rows' naming column (crew.crew) still counts the rows
    ("Give the name of the coach who has trained the most crews.",
     "SELECT c.name FROM coach c JOIN crew w ON w.coach_id = c.coach_id GROUP BY c.coach_id "
     "ORDER BY COUNT(*) DESC LIMIT 1"),
    # "the <column> with the most <rows>": the column opening the question is grouped on
    ("What is the sponsor used by the highest number of crews?",
     "SELECT sponsor FROM crew GROUP BY sponsor ORDER BY COUNT(*) DESC LIMIT 1"),
    ("List the sponsor with the fewest crews.",
     "SELECT sponsor FROM crew GROUP BY sponsor ORDER BY COUNT(*) ASC LIMIT 1"),
])
def test_the_most_rows(rowing_db, question: str, gold: str) -> None:
    answers(rowing_db, question, gold)


@pytest.mark.parametrize("question", [
    "What is the sponsor with the most number of crews, and how many crews does it have?",
    "Which sponsor has the most crews? List the sponsor and the number of crews it has.",
])
def test_the_count_asked_for_beside_the_superlative_is_shown(rowing_db, question: str) -> None:
    answers(rowing_db, question, "SELECT sponsor, COUNT(*) FROM crew GROUP BY sponsor ORDER BY COUNT(*) DESC LIMIT 1")


def test_a_period_ranked_by_its_rows_is_the_answer_alone(tmp_path) -> None:
    """ "what is the year with the most regattas": the year, as "which sponsor" gives the sponsor;
    the count only ranks."""
    path = built_sqlite(tmp_path, "season", "CREATE TABLE regatta (regatta_id INTEGER PRIMARY KEY, year INTEGER, "
                                            "venue TEXT); INSERT INTO regatta VALUES (1, 2019, 'Ely'), "
                                            "(2, 2021, 'Ely'), (3, 2021, 'Bath'), (4, 2023, 'Ely');")
    with opened(path) as db:
        answers(db, "what is the year with the most regattas",
                "SELECT year FROM regatta GROUP BY year ORDER BY COUNT(*) DESC LIMIT 1")


def test_the_words_of_a_counted_superlative_are_used(rowing_db) -> None:
    """ "the most number of <rows>": "number of" says how the rows rank, so no word is left over."""
    draft = BuiltinEngine().draft("Show the name of the coach who has the most number of crews.", rowing_db)
    assert draft.unused == (), draft.sql


def test_the_column_of_the_rows_is_no_group(rowing_db) -> None:
    """ "the name of the coach who ...": a column of the rows asked for, not a value to group on."""
    answers(rowing_db, "Give the name of the coach with the most crews.",
            "SELECT c.name FROM coach c JOIN crew w ON w.coach_id = c.coach_id GROUP BY c.coach_id "
            "ORDER BY COUNT(*) DESC LIMIT 1")


def test_a_word_before_the_counted_rows_still_counts_them(rowing_db) -> None:
    """ "more than 1 rowing crews": the number counts crews though a word of its own comes between."""
    answers(rowing_db, "Which coaches have more than 1 rowing crews?",
            "SELECT c.name FROM coach c JOIN crew w ON w.coach_id = c.coach_id GROUP BY c.coach_id HAVING COUNT(*) > 1")


@pytest.mark.parametrize(("question", "gold"), [
    # "shared by <rows>": who shares it, no grouping by the rows and no "share" column
    ("List the sponsor shared by the largest number of crews.",
     "SELECT sponsor FROM crew GROUP BY sponsor ORDER BY COUNT(*) DESC LIMIT 1"),
    ("Which sponsors are shared by crews coached by Tom Reyes?",
     "SELECT w.sponsor FROM crew w JOIN coach c ON c.coach_id = w.coach_id WHERE c.name = 'Tom Reyes'"),
    ("Show the sponsor used by crews", "SELECT sponsor FROM crew"),
])
def test_a_participle_before_by_names_an_agent(tmp_path, question: str, gold: str) -> None:
    prizes = "CREATE TABLE prize (prize_id INTEGER PRIMARY KEY, crew_id INTEGER REFERENCES crew (crew_id), share REAL);"
    with opened(built_sqlite(tmp_path, "rowing", SCHEMA + prizes)) as db:
        answers(db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("Give the names of the coaches ordered by ascending age.", "SELECT name FROM coach ORDER BY age ASC"),
    ("List the names of coaches sorted by descending age.", "SELECT name FROM coach ORDER BY age DESC"),
])
def test_a_direction_before_the_sorted_column(rowing_db, question: str, gold: str) -> None:
    """ "ordered by ascending <column>": the direction word comes first, the column after it."""
    answers(rowing_db, question, gold, ordered=True)


TASTINGS = """
CREATE TABLE taster (taster_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE tasting (tasting_id INTEGER PRIMARY KEY, taster_id INTEGER REFERENCES taster (taster_id), score REAL,
                      minutes INTEGER, sips INTEGER);
INSERT INTO taster VALUES (1, 'Ana'), (2, 'Bo'), (3, 'Cy');
INSERT INTO tasting VALUES (1, 1, 4.0, 10, 2), (2, 1, 3.0, 25, 5), (3, 2, 5.0, 40, 1), (4, 3, 3.5, 5, 4),
    (5, 3, 4.5, 12, 6), (6, 3, 4.0, 8, 2);
"""


@pytest.mark.parametrize(("question", "gold"), [
    # a number before the plural of a column of many rows counts those rows; Bo's one 5.0 is left out
    ("which taster has the highest average score (at least 2 scores)?",
     "SELECT t.name, AVG(s.score) FROM taster t JOIN tasting s ON s.taster_id = t.taster_id GROUP BY t.taster_id "
     "HAVING COUNT(*) >= 2 ORDER BY AVG(s.score) DESC LIMIT 1"),
    # a number before a column's own unit, or before a column named in the plural, is its value
    ("tasters with tastings longer than 20 minutes",
     "SELECT * FROM taster WHERE taster_id IN (SELECT taster_id FROM tasting WHERE minutes > 20)"),
    ("tasters who took more than 5 sips", "SELECT * FROM taster WHERE taster_id IN "
                                          "(SELECT taster_id FROM tasting WHERE sips > 5)"),
    # a number after the column is its value
    ("tasters with an average score above 4",
     "SELECT t.name, AVG(s.score) FROM taster t JOIN tasting s ON s.taster_id = t.taster_id GROUP BY t.taster_id "
     "HAVING AVG(s.score) > 4"),
])
def test_a_number_before_a_plural_counts_and_after_a_column_compares(tmp_path, question: str, gold: str) -> None:
    with opened(built_sqlite(tmp_path, "tastings", TASTINGS)) as db:
        answers(db, question, gold)
