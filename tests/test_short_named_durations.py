"""A length of time kept under a short name (``dur_min``: "dur" is duration, "min" minutes) is the
rows' length: "the average session length", "in hours", "longer than an hour". A length said of
something the rows keep no length of ("with less than 24 hours' notice") is not theirs.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

SWIM = """
    CREATE TABLE coaches (coach_id INTEGER PRIMARY KEY, coach_name TEXT NOT NULL);
    CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, coach_id INTEGER NOT NULL REFERENCES coaches (coach_id),
                           swum_on TEXT NOT NULL, dur_min INTEGER NOT NULL, cancelled_at TEXT);
    INSERT INTO coaches VALUES (1, 'Ola'), (2, 'Pim');
    INSERT INTO sessions VALUES (1, 1, '2026-05-01', 45, NULL), (2, 1, '2026-05-02', 90, NULL),
                                (3, 2, '2026-05-03', 60, '2026-05-02'), (4, 2, '2026-05-04', 120, NULL);
"""  # a swim school: each session's length in minutes, under a short name


@pytest.fixture(scope="module")
def swim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "swim", SWIM) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("average session length", "SELECT AVG(dur_min) FROM sessions"),
    ("average session length in hours", "SELECT AVG(dur_min) / 60.0 FROM sessions"),
    ("sessions longer than 1 hour", "SELECT * FROM sessions WHERE dur_min > 60"),
])
def test_a_short_named_duration_is_the_rows_length(swim: Database, line: str, gold: str) -> None:
    reads_whole(swim, line, gold)


def test_a_length_said_of_something_else_is_not_the_rows_length(swim: Database) -> None:
    draft = drafted(swim, "how many sessions were cancelled with less than 24 hours notice")
    assert "dur_min" not in draft.sql, draft.sql


def test_a_length_followed_by_what_the_rows_did_is_theirs(swim: Database) -> None:
    reads_whole(swim, "sessions over 60 minutes coached by Ola",
                "SELECT s.* FROM sessions s JOIN coaches c ON c.coach_id = s.coach_id "
                "WHERE s.dur_min > 60 AND c.coach_name = 'Ola'")
