"""Rows with no related row of a kind, and rows with some, on a radio schema built here: "stations
that do not play any song by X" keeps stations none of whose plays is by X, not stations with some
other play; "stations that have a play" keeps those some play refers to."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import answers, built_sqlite, opened, schema_database

SCHEMA = """
CREATE TABLE station (station_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE play (play_id INTEGER PRIMARY KEY, station_id INTEGER REFERENCES station (station_id),
                   performer TEXT, genre TEXT, year INTEGER);
INSERT INTO station VALUES (1, 'Wave', 'Oslo'), (2, 'Pulse', 'Bergen'), (3, 'Echo', 'Oslo'), (4, 'Drift', 'Bodo');
INSERT INTO play VALUES (1, 1, 'Ana Moe', 'jazz', 2014), (2, 1, 'Kai Lund', 'folk', 2015),
    (3, 2, 'Kai Lund', 'jazz', 2014), (4, 3, 'Ana Moe', 'folk', 2016), (5, 3, 'Ana Moe', 'jazz', 2015),
    (6, 4, 'Ola Dahl', 'folk', 2016);
"""


@pytest.fixture(scope="module")
def radio_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "radio", SCHEMA) as db:
        yield db


NO_ANA = "SELECT name FROM station WHERE station_id NOT IN (SELECT station_id FROM play WHERE performer = 'Ana Moe')"


@pytest.mark.parametrize(("question", "gold"), [
    # the negation denies that such a related row exists, a few words before the value too
    ("Give the names of the stations that do not have any plays by Ana Moe?", NO_ANA),
    ("Find the name of stations that do not play any song performed by Ana Moe.", NO_ANA),
    ("names of stations that never had a jazz play",
     "SELECT name FROM station WHERE station_id NOT IN (SELECT station_id FROM play WHERE genre = 'jazz')"),
    # "no <related rows> <condition>": the condition is inside the negation
    ("names of stations with no plays in 2014",
     "SELECT name FROM station WHERE station_id NOT IN (SELECT station_id FROM play WHERE year = 2014)"),
    # one value had, another not: each its own condition
    ("names of stations that play folk but do not play jazz",
     "SELECT name FROM station WHERE station_id IN (SELECT station_id FROM play WHERE genre = 'folk') "
     "AND station_id NOT IN (SELECT station_id FROM play WHERE genre = 'jazz')"),
])
def test_no_related_row_with_the_value(radio_db, question: str, gold: str) -> None:
    answers(radio_db, question, gold)


def test_a_denied_value_of_a_related_row_stays_a_value(radio_db) -> None:
    """ "plays whose genre is not jazz": the negation is on the value, the rows are the plays."""
    answers(radio_db, "performers of plays whose genre is not jazz", "SELECT performer FROM play WHERE genre != 'jazz'")


@pytest.mark.parametrize("question", [
    "Give the names of the stations that do not have any plays by Ana Moe?",
    "Find the name of stations that do not play any song performed by Ana Moe.",
])
def test_the_explanation_says_none(radio_db, question: str) -> None:
    """The condition is said with the rows it denies, once."""
    explanation = BuiltinEngine().draft(question, radio_db).explanation
    assert "with no plays whose performer is Ana Moe." in explanation and explanation.count("with no") == 1, explanation


@pytest.mark.parametrize(("question", "gold"), [
    ("Find the names of stations that have a play.",
     "SELECT name FROM station WHERE station_id IN (SELECT station_id FROM play)"),
    ("How many stations have any plays?", "SELECT COUNT(DISTINCT station_id) FROM play"),
])
def test_rows_that_have_related_rows(tmp_path, question: str, gold: str) -> None:
    """ "<rows> that have <related rows>": the rows some related row refers to (a station here has none)."""
    with opened(built_sqlite(tmp_path, "radio", SCHEMA + "INSERT INTO station VALUES (5, 'Hush', 'Oslo');")) as db:
        answers(db, question, gold)


def test_related_rows_already_filtered_are_not_asked_again(radio_db) -> None:
    """ "stations that have jazz plays": the filter on the plays says they exist; no second test of
    the plays beside it (one subquery)."""
    draft = BuiltinEngine().draft("names of stations that have jazz plays", radio_db)
    assert draft.sql.upper().count("SELECT") == 2 and "JAZZ" in draft.sql.upper(), draft.sql


def test_listing_rows_that_have_related_rows_is_a_doubt(radio_db) -> None:
    """Listed rows might be wanted once per related row too (each station beside each play): the
    reading says so as a doubt; a count of such rows has no such doubt."""
    engine = BuiltinEngine()
    listed = dict(engine.draft("Find the names of stations that have a play.", radio_db).signals)
    counted = dict(engine.draft("How many stations have any plays?", radio_db).signals)
    assert listed["doubts"] >= 1 and counted["doubts"] == 0


def test_with_their_related_rows_asks_to_see_them_not_which_have_some(radio_db) -> None:
    """ "stations with their plays" asks to see the plays: no test of which stations have some runs
    as if it were the answer; the word stays unread until something shows them, and it is confirmed."""
    draft = BuiltinEngine().draft("list the stations with their plays", radio_db)
    assert "EXISTS" not in draft.sql.upper() and " IN (" not in draft.sql.upper(), draft.sql
    assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


def test_no_related_rows_of_rows_named_less_than_exactly(tmp_path) -> None:
    """ "orchestras that have no performance": the rows' own word may meet their table only
    loosely (a plural the lexicon does not undo), and still names what has no performance."""
    script = """
    CREATE TABLE orchestra (orchestra_id INTEGER PRIMARY KEY, orchestra TEXT, record_company TEXT);
    CREATE TABLE performance (performance_id INTEGER PRIMARY KEY,
                              orchestra_id INTEGER REFERENCES orchestra (orchestra_id), type TEXT);
    INSERT INTO orchestra VALUES (1, 'Aurora', 'Decca'), (2, 'Boreal', 'Naxos'), (3, 'Corona', 'Decca');
    INSERT INTO performance VALUES (1, 1, 'live'), (2, 3, 'studio');
    """
    with opened(built_sqlite(tmp_path, "orchestras", script)) as db:
        answers(db, "List the names of all orchestras that have no performance.",
                "SELECT orchestra FROM orchestra WHERE orchestra_id NOT IN (SELECT orchestra_id FROM performance)")
