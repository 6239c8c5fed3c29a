"""A month said bare is the last one before today, unless the line is about rows on the calendar
("what have we got on in December", "confirmed for March"): then it is the next one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import TODAY, drafted, schema_database

# A month later in the year than the tests' today, and its last and next occurrences.
_MONTH = 12
assert TODAY.month < _MONTH
_LAST, _NEXT = f"{TODAY.year - 1}-12-01", f"{TODAY.year}-12-01"


@pytest.fixture(scope="module")
def choir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    script = """
        CREATE TABLE venues (venue_id INTEGER PRIMARY KEY, venue_name TEXT NOT NULL);
        CREATE TABLE concerts (concert_id INTEGER PRIMARY KEY, venue_id INTEGER REFERENCES venues (venue_id),
                               sung_on TEXT NOT NULL, confirmed TEXT);
        INSERT INTO venues VALUES (1, 'St Anne''s'), (2, 'Corn Hall');
        INSERT INTO concerts VALUES (1, 1, '2025-12-14', 'yes'), (2, 2, '2026-03-08', 'yes'),
                                    (3, 1, '2026-12-13', 'yes'), (4, 2, '2027-01-10', 'no');
    """  # a touring choir's diary
    with schema_database(tmp_path_factory, "choir", script) as db:
        yield db


@pytest.mark.parametrize("line", ["what concerts have we got on in December", "concerts booked for December"])
def test_a_month_of_rows_on_the_calendar_is_the_next_one(choir: Database, line: str) -> None:
    sql = drafted(choir, line).sql
    assert _NEXT in sql and _LAST not in sql, sql


def test_a_month_of_rows_done_is_the_last_one(choir: Database) -> None:
    sql = drafted(choir, "how many concerts did we sing in December").sql
    assert _LAST in sql and _NEXT not in sql, sql


def test_the_same_for_a_month_is_no_booking_for_it(choir: Database) -> None:
    sql = drafted(choir, "how many concerts per venue for December").sql
    assert _LAST in sql and _NEXT not in sql, sql


def test_a_month_after_another_participle_is_the_last_one(choir: Database) -> None:
    sql = drafted(choir, "concerts recorded for December").sql
    assert _LAST in sql and _NEXT not in sql, sql
