"""A lifeboat station's crew, invented here: each member with two names, a role, and the member they
report to. "who does Ivy report to" names the person in a post, so their role is shown beside their
names; "who's on Rhys's team" is the crew who report to Rhys, as "who reports to Rhys" is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, read, same_answer, schema_database

STATION = """
    CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, role TEXT,
                       reports_to INTEGER REFERENCES crew (crew_id));
    INSERT INTO crew VALUES (1, 'Rhys', 'Owen', 'Coxswain', NULL), (2, 'Ivy', 'Tate', 'Helm', 1),
        (3, 'Jon', 'Pike', 'Mechanic', 1), (4, 'Kit', 'Lowe', 'Crew', 2);
"""


@pytest.fixture(scope="module")
def station(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "station", STATION) as db:
        yield db


def test_the_person_someone_reports_to_is_shown_with_their_role(station: Database) -> None:
    draft, result = read(station, "who does Ivy report to?")
    assert same_answer(result, [("Rhys", "Owen", "Coxswain")]), draft.sql


def test_a_team_said_as_someones_is_who_reports_to_them(station: Database) -> None:
    draft, result = read(station, "who's on Rhys's team?")
    gold = "SELECT first_name, last_name, role FROM crew WHERE reports_to = 1"
    assert same_answer(result, all_rows(station, gold)), draft.sql


def test_a_team_word_naming_a_key_is_that_key_not_a_team(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "Dee's team leader" is the row Dee's ``team_leader_id`` points to, not the people in Dee's team."""
    script = """CREATE TABLE pickers (picker_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                                      team_leader_id INTEGER REFERENCES pickers (picker_id));
        INSERT INTO pickers VALUES (1, 'Ann', 'Bow', NULL), (2, 'Dee', 'Cole', 1), (3, 'Eli', 'Dunn', 2);"""
    with schema_database(tmp_path_factory, "pickers", script) as db:
        draft, result = read(db, "who is Dee's team leader?")
        assert same_answer(result, [("Ann", "Bow")]), draft.sql
