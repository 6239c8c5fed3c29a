"""Who and when, on a schema built here: "who" is answered by the person, "first" after a verb or
before dated rows is the earliest, a column named like an aggregate ("a maximum salary" where jobs
keep one) is that column, and a key into the rows' own table shown bare is confirmed."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from tests.helpers import answers, drafted, schema_database

SCHEMA = """
CREATE TABLE roles (role_id TEXT PRIMARY KEY, role_title TEXT, min_pay INTEGER, max_pay INTEGER);
CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, joined_on DATE, pay INTEGER,
                   role_id TEXT REFERENCES roles (role_id), mentor_id INTEGER REFERENCES crew (crew_id));
CREATE TABLE badges (badge_id INTEGER PRIMARY KEY, label TEXT, tier INTEGER);
INSERT INTO roles VALUES ('DECK', 'Deckhand', 1000, 2500), ('CAPT', 'Captain', 5000, 9000),
    ('COOK', 'Cook', 1500, 3000);
INSERT INTO crew VALUES (1, 'Ada', 'Moss', '2021-03-01', 8000, 'CAPT', NULL),
    (2, 'Bo', 'Reed', '2023-07-15', 2000, 'DECK', 1), (3, 'Cy', 'Lake', '2019-01-20', 2600, 'COOK', 1),
    (4, 'Di', 'Fern', '2025-02-02', 1200, 'DECK', 2);
INSERT INTO badges VALUES (1, 'Knot', 1), (2, 'Helm', 2);
"""


@pytest.fixture(scope="module")
def ship_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "ship", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("who joined most recently", "SELECT first_name, last_name FROM crew ORDER BY joined_on DESC LIMIT 1"),
    ("who joined first", "SELECT first_name, last_name FROM crew ORDER BY joined_on ASC LIMIT 1"),
])
def test_who_is_answered_by_the_person_and_first_is_the_earliest(ship_db, question: str, gold: str) -> None:
    answers(ship_db, question, gold)
    assert drafted(ship_db, question).confidence > CONFIRM_BELOW


def test_the_very_first_rows_are_the_earliest(ship_db) -> None:
    answers(ship_db, "when did our very first crew member join", "SELECT MIN(joined_on) FROM crew")


def test_first_of_rows_with_no_date_is_no_earliest(ship_db) -> None:
    draft = drafted(ship_db, "show the first badge")
    assert "ORDER BY" not in (draft.sql or "") or draft.confidence <= CONFIRM_BELOW, draft.sql


def test_a_column_named_like_an_aggregate_is_that_column(ship_db) -> None:
    answers(ship_db, "which roles have a maximum pay above 2800", "SELECT * FROM roles WHERE max_pay > 2800")
    answers(ship_db, "what is the maximum pay of the crew", "SELECT MAX(pay) FROM crew")


def test_a_key_into_the_rows_own_table_is_shown_by_the_row_it_points_to(ship_db) -> None:
    """A mentor's id says which row, not who: the mentor is shown by name (no reason left to ask);
    asked for by its id, the id is shown."""
    named = drafted(ship_db, "who is the mentor of each crew member")
    assert "mentor.first_name" in named.sql and named.confidence > CONFIRM_BELOW, named.sql
    shown = drafted(ship_db, "show the mentor id of each crew member")
    assert "mentor_id" in shown.sql and "mentor.first_name" not in shown.sql and shown.confidence > CONFIRM_BELOW
