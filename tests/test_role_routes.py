"""Of two equally short joins to a table, the one through keys named for the table they point to is
taken, not one through a key named for a role: a visit's club is its room's club, not the club its
member calls home (``home_club_id``). Two plain ways stay two, and the reading is confirmed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, answers_after, schema_database

GYM = """
    CREATE TABLE clubs (club_id INTEGER PRIMARY KEY, club_name TEXT NOT NULL);
    CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL,
                          home_club_id INTEGER REFERENCES clubs (club_id));
    CREATE TABLE rooms (room_id INTEGER PRIMARY KEY, room_kind TEXT NOT NULL,
                        club_id INTEGER REFERENCES clubs (club_id));
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                         room_id INTEGER REFERENCES rooms (room_id), visit_dt TEXT NOT NULL);
    INSERT INTO clubs VALUES (1, 'Harbour'), (2, 'Uptown');
    INSERT INTO members VALUES (1, 'Ada Moss', 1), (2, 'Ben Reid', 1), (3, 'Cy Lowe', 2);
    INSERT INTO rooms VALUES (1, 'pool', 2), (2, 'gym', 2), (3, 'studio', 1);
    INSERT INTO visits VALUES (1, 1, 1, '2026-02-01'), (2, 1, 2, '2026-02-03'), (3, 2, 1, '2026-03-01'),
                              (4, 3, 3, '2026-03-09'), (5, 2, 2, '2026-04-11'), (6, 1, 3, '2026-05-20');
"""  # members visit rooms of any club; most visits are at a club other than the member's home club


@pytest.fixture(scope="module")
def gym(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "gym", GYM) as db:
        yield db


def test_a_plain_key_is_the_way_a_role_key_is_not(gym: Database) -> None:
    path = gym.schema.join_path("visits", "clubs") or []
    assert [fk.column for _table, fk in path] == ["room_id", "club_id"]
    assert gym.schema.routes("visits", "clubs") == 1


def test_rows_per_table_are_counted_along_the_plain_keys(gym: Database) -> None:
    answers(gym, "how many visits did each club get",
            "SELECT c.club_name, COUNT(*) FROM visits v JOIN rooms r ON r.room_id = v.room_id "
            "JOIN clubs c ON c.club_id = r.club_id GROUP BY c.club_id")


def test_a_follow_up_keeps_the_plain_way(gym: Database) -> None:
    answers_after(gym, ["how many visits did each club get", "only pool rooms"],
                  "SELECT c.club_name, COUNT(*) FROM visits v JOIN rooms r ON r.room_id = v.room_id "
                  "JOIN clubs c ON c.club_id = r.club_id WHERE r.room_kind = 'pool' GROUP BY c.club_id")
