"""Readings judged the strict way benchmarks judge them, on an allotment society's schema built here
(people with first and last names, plots they keep, harvests of the plots, tools lent through a
table that links two others): text a column contains, rows with no related rows, values compared
with the average of their column, and column names that begin with a cue word.
"""

from __future__ import annotations

import pytest

from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE gardener (gardener_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, town TEXT,
                       age INTEGER);
CREATE TABLE plot (plot_id INTEGER PRIMARY KEY, plot_name TEXT, gardener_id INTEGER REFERENCES gardener (gardener_id),
                   area REAL);
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY, plot_id INTEGER REFERENCES plot (plot_id), crop TEXT,
                      weight REAL);
CREATE TABLE tool (tool_id INTEGER PRIMARY KEY, tool_name TEXT);
CREATE TABLE lending (lending_id INTEGER PRIMARY KEY, tool_id INTEGER REFERENCES tool (tool_id),
                      gardener_id INTEGER REFERENCES gardener (gardener_id));
INSERT INTO gardener VALUES (1, 'Ada', 'Quill', 'Lupton', 61), (2, 'Ben', 'Rook', 'Ashby', 34),
    (3, 'Cleo', 'Marsh', 'Lupton', 47), (4, 'Dev', 'Okafor', 'Thornton', 29), (5, 'Esme', 'Vale', 'Ashby', 72);
INSERT INTO plot VALUES (1, 'Rose Corner', 1, 40.0), (2, 'Bean Row', 1, 25.5), (3, 'Top Rose Bed', 3, 60.0),
    (4, 'Orchard End', 4, 80.0), (5, 'Shed Side', 2, 12.0);
INSERT INTO harvest VALUES (1, 1, 'runner beans', 3.5), (2, 2, 'broad beans', 6.0), (3, 3, 'onions', 9.5),
    (4, 4, 'apples', 30.0), (5, 4, 'pears', 12.5), (6, 1, 'leeks', 4.0);
INSERT INTO tool VALUES (1, 'spade'), (2, 'hoe'), (3, 'rake'), (4, 'sieve');
INSERT INTO lending VALUES (1, 1, 1), (2, 2, 1), (3, 1, 3), (4, 3, 4);
"""


@pytest.fixture(scope="module")
def allotment_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "allotment", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("first names of gardeners whose town contains the letters 'ton'",
     "SELECT first_name FROM gardener WHERE town LIKE '%ton%'"),
    ("Which plots have the word 'Rose' in their plot name? Show the plot name and area.",
     "SELECT plot_name, area FROM plot WHERE plot_name LIKE '%Rose%'"),
    ("list the crops of harvests whose crop includes the substring bean",
     "SELECT crop FROM harvest WHERE crop LIKE '%bean%'"),
    ("names of tools containing 'e'", "SELECT tool_name FROM tool WHERE tool_name LIKE '%e%'"),
    # the rows hold the piece: in the text the line asks for, else in the text that names each row
    ("the crops of the harvests which have the substring 'bean'", "SELECT crop FROM harvest WHERE crop LIKE '%bean%'"),
    ("plots that contain the word 'Rose'", "SELECT * FROM plot WHERE plot_name LIKE '%Rose%'"),
])
def test_text_a_column_contains(allotment_db, question: str, gold: str) -> None:
    answers(allotment_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("gardeners' first name and last name, for those living in Lupton",
     "SELECT first_name, last_name FROM gardener WHERE town = 'Lupton'"),
    ("the last name of the oldest gardener", "SELECT last_name FROM gardener ORDER BY age DESC LIMIT 1"),
    ("show the last names of gardeners whose last name contains 'o'",
     "SELECT last_name FROM gardener WHERE last_name LIKE '%o%'"),
])
def test_a_cue_word_that_begins_a_column_name_is_the_name(allotment_db, question: str, gold: str) -> None:
    """'last' of "last name" is no superlative where a column is called that."""
    answers(allotment_db, question, gold)


def test_a_superlative_before_a_column_that_has_no_such_name_still_ranks(allotment_db) -> None:
    answers(allotment_db, "the plot name of the plot with the largest area",
            "SELECT plot_name FROM plot ORDER BY area DESC LIMIT 1")


@pytest.mark.parametrize(("question", "gold"), [
    ("plot names of plots without any harvest",
     "SELECT plot_name FROM plot WHERE plot_id NOT IN (SELECT plot_id FROM harvest)"),
    # through the table that links two others: tools lent to gardeners
    ("first names of gardeners who have no tools",
     "SELECT first_name FROM gardener WHERE gardener_id NOT IN (SELECT gardener_id FROM lending)"),
    ("how many tools are not used by any gardener",
     "SELECT COUNT(*) FROM tool WHERE tool_id NOT IN (SELECT tool_id FROM lending)"),
    ("the average age of gardeners that have never kept a plot",
     "SELECT AVG(age) FROM gardener WHERE gardener_id NOT IN (SELECT gardener_id FROM plot)"),
])
def test_rows_with_no_related_rows(allotment_db, question: str, gold: str) -> None:
    answers(allotment_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("plot names of plots whose area is above the average",
     "SELECT plot_name FROM plot WHERE area > (SELECT AVG(area) FROM plot)"),
    ("how many gardeners are older than average",
     "SELECT COUNT(*) FROM gardener WHERE age > (SELECT AVG(age) FROM gardener)"),
    ("first names of gardeners with an age below the average age",
     "SELECT first_name FROM gardener WHERE age < (SELECT AVG(age) FROM gardener)"),
    ("crops of harvests whose weight is at least the average weight",
     "SELECT crop FROM harvest WHERE weight >= (SELECT AVG(weight) FROM harvest)"),
])
def test_a_value_compared_with_its_columns_average(allotment_db, question: str, gold: str) -> None:
    answers(allotment_db, question, gold)
