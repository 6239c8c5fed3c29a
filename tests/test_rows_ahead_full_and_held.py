"""Rows ahead, rows that are full, and who holds a running row.

"coming up", "in the future", "still to come" are from today on, also said of rows named after the
main ones ("instructors with sessions coming up"), whose own rows have no date. A row is "sold
out", "fully booked" or "full" when the places taken reach its capacity; "full name" is no such
thing. "an active membership" is the membership still running (not cancelled, its fixed term not
over, begun), not another table's is_active flag; a pause's "until" does not end it. "everyone who
has ..." asks for the people, each once; "how many are on each plan" counts what was listed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.workflows import SessionOptions, open_session
from tests.conftest import TODAY
from tests.helpers import drafted, reads_whole, same_answer, schema_database

WALL = """
    CREATE TABLE instructors (instructor_id INTEGER PRIMARY KEY, instructor_name TEXT NOT NULL);
    CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, title TEXT NOT NULL, held_on TEXT NOT NULL,
                           capacity INTEGER NOT NULL, places_booked INTEGER NOT NULL,
                           instructor_id INTEGER REFERENCES instructors (instructor_id));
    CREATE TABLE climbers (climber_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                           is_active INTEGER NOT NULL);
    CREATE TABLE memberships (membership_id INTEGER PRIMARY KEY, climber_id INTEGER NOT NULL
                              REFERENCES climbers (climber_id), tier TEXT NOT NULL, starts_on TEXT NOT NULL,
                              ends_on TEXT, cancelled_on TEXT, paused_until TEXT);
    INSERT INTO instructors VALUES (1, 'Ash'), (2, 'Bryn'), (3, 'Cass');
    INSERT INTO sessions VALUES (1, 'Intro', '2026-05-02', 10, 10, 1), (2, 'Lead', '2026-06-20', 8, 5, 2),
                                (3, 'Kids', '2026-07-01', 12, 12, 1), (4, 'Rope', '2025-11-11', 6, 2, 3);
    INSERT INTO climbers VALUES (1, 'Di', 'Eng', 1), (2, 'Ed', 'Fry', 0), (3, 'Flo', 'Gee', 1), (4, 'Gil', 'Hay', 1);
    INSERT INTO memberships VALUES (1, 1, 'Gold', '2025-01-01', NULL, NULL, NULL),
                                   (2, 2, 'Gold', '2025-03-01', NULL, NULL, '2026-07-01'),
                                   (3, 3, 'Basic', '2025-06-01', '2026-03-31', NULL, NULL),
                                   (4, 4, 'Basic', '2026-02-01', NULL, '2026-05-01', NULL),
                                   (5, 1, 'Basic', '2026-07-01', NULL, NULL, NULL);
"""  # a climbing wall: sessions with places, climbers with an is_active flag, memberships with four dates


@pytest.fixture(scope="module")
def wall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "wall", WALL) as db:
        yield db


@pytest.mark.parametrize("line", ["which sessions are coming up", "sessions in the future", "sessions still to come"])
def test_rows_ahead(wall: Database, line: str) -> None:
    reads_whole(wall, line, "SELECT * FROM sessions WHERE held_on >= '2026-06-15'")


def test_rows_ahead_said_of_related_rows(wall: Database) -> None:
    reads_whole(wall, "which instructors have sessions coming up",
                "SELECT * FROM instructors WHERE instructor_id IN "
                "(SELECT instructor_id FROM sessions WHERE held_on >= '2026-06-15')")


@pytest.mark.parametrize("line", ["which sessions sold out", "which sessions were fully booked",
                                  "which sessions are full"])
def test_full_rows(wall: Database, line: str) -> None:
    reads_whole(wall, line, "SELECT * FROM sessions WHERE places_booked >= capacity")


def test_full_as_a_modifier_is_no_condition(wall: Database) -> None:
    assert "capacity" not in drafted(wall, "show the full list of sessions").sql


ACTIVE = ("SELECT COUNT(*) FROM memberships WHERE cancelled_on IS NULL AND starts_on <= '2026-06-15' "
          "AND (ends_on IS NULL OR ends_on >= '2026-06-15')")


def test_an_active_membership_is_one_still_running(wall: Database) -> None:
    reads_whole(wall, "how many active memberships have we got right now", ACTIVE)


def test_everyone_who_holds_a_running_row(wall: Database) -> None:
    reads_whole(wall, "show me everyone who's got an active membership",
                "SELECT DISTINCT c.first_name, c.last_name FROM memberships m JOIN climbers c "
                "ON c.climber_id = m.climber_id WHERE m.cancelled_on IS NULL AND m.starts_on <= '2026-06-15' "
                "AND (m.ends_on IS NULL OR m.ends_on >= '2026-06-15')")


def test_how_many_are_on_each_is_a_follow_up(wall: Database) -> None:
    session = open_session(str(wall.path), SessionOptions(today=TODAY, learn=False))
    session.process_turn("list the active memberships")
    result = session.process_turn("how many are on each tier?")
    assert result.intent == "refinement" and result.result is not None, result
    gold = wall.execute(ACTIVE.replace("SELECT COUNT(*)", "SELECT tier, COUNT(*)") + " GROUP BY tier", max_rows=None)
    assert same_answer(result.result, list(gold.rows)), result.query
