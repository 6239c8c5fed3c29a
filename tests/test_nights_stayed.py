"""Rows kept from a day in to a day out (``dt_checkin`` .. ``dt_checkout``): one night said of them
("tonight", "staying on 17 June") keeps those in that night, arrived by then and not yet gone, and
not called off; a day said of arrivals stays a day. The pair is also a stay's length. A day may be
said before its month ("17 June", "the 2nd of June"). The schema is invented here (a cattery)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, built_sqlite, opened, read, reads_whole, same_answer, schema_database

CATTERY = """
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, owner_name TEXT NOT NULL);
    CREATE TABLE cats (cat_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners (owner_id),
                       cat_name TEXT NOT NULL, born_on DATE);
    CREATE TABLE pens (pen_id INTEGER PRIMARY KEY, pen_name TEXT NOT NULL);
    CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, cat_id INTEGER REFERENCES cats (cat_id),
                        pen_id INTEGER REFERENCES pens (pen_id), dt_checkin TEXT NOT NULL, dt_checkout TEXT NOT NULL,
                        status TEXT NOT NULL);
    INSERT INTO owners VALUES (1, 'Mrs Peel'), (2, 'Mr Steed');
    INSERT INTO cats VALUES (1, 1, 'Tibbles', '2015-06-15'), (2, 1, 'Mog', '2019-02-01'), (3, 2, 'Felix', '2020-06-15'),
        (4, 2, 'Sooty', '2018-09-09'), (5, 1, 'Ginger', '2021-03-03'), (6, 2, 'Smudge', '2016-12-12');
    INSERT INTO pens VALUES (1, 'Garden'), (2, 'Sunroom'), (3, 'Loft');
    INSERT INTO stays VALUES
        (1, 1, 1, '2026-06-10', '2026-06-17', 'Checked In'),
        (2, 2, 2, '2026-06-15', '2026-06-18', 'Booked'),
        (3, 3, 3, '2026-06-12', '2026-06-15', 'Completed'),
        (4, 4, 1, '2026-06-14', '2026-06-20', 'Cancelled'),
        (5, 5, 3, '2026-06-16', '2026-06-19', 'Booked'),
        (6, 1, 2, '2026-05-01', '2026-05-05', 'Completed'),
        (7, 6, 1, '2026-06-20', '2026-06-25', 'Booked');
    CREATE TABLE shows (show_id INTEGER PRIMARY KEY, title TEXT NOT NULL, start_date TEXT NOT NULL,
                        end_date TEXT NOT NULL);
    INSERT INTO shows VALUES (1, 'Cat Fancy', '2026-06-15', '2026-06-15'), (2, 'Whiskers', '2026-06-10', '2026-06-20'),
        (3, 'Purrs', '2026-06-16', '2026-06-16');
    CREATE TABLE shifts (shift_id INTEGER PRIMARY KEY, shift_kind TEXT NOT NULL, shift_start TIMESTAMP NOT NULL,
                         shift_end TIMESTAMP NOT NULL);
    INSERT INTO shifts VALUES (1, 'Night', '2026-06-13 20:00:00', '2026-06-14 07:00:00'),
        (2, 'Day', '2026-06-14 07:00:00', '2026-06-14 20:00:00'),
        (3, 'Night', '2026-06-14 20:00:00', '2026-06-15 07:00:00');
"""  # today is 2026-06-15: Tibbles (in since the 10th) and Mog (arriving today) are in tonight; Felix leaves today


@pytest.fixture(scope="module")
def cattery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "cattery", CATTERY) as db:
        yield db


IN_ON = """SELECT {shown} FROM stays JOIN cats ON cats.cat_id = stays.cat_id
           WHERE dt_checkin <= '{day}' AND dt_checkout > '{day}' AND status <> 'Cancelled'"""


def test_tonight_keeps_the_rows_in_that_night(cattery: Database) -> None:
    reads_whole(cattery, "how many cats are staying with us tonight",
                IN_ON.format(shown="COUNT(DISTINCT cats.cat_id)", day="2026-06-15"))
    reads_whole(cattery, "which cats are staying tonight", IN_ON.format(shown="cat_name", day="2026-06-15"))


def test_a_night_said_by_its_day_keeps_the_rows_in_then(cattery: Database) -> None:
    draft, result = read(cattery, "which cats are staying with us on 17 June 2026")
    assert same_answer(result, all_rows(cattery, IN_ON.format(shown="cat_name", day="2026-06-17"))), draft.sql
    draft, result = read(cattery, "which cats are staying on the 17th of June 2026")
    assert same_answer(result, all_rows(cattery, IN_ON.format(shown="cat_name", day="2026-06-17"))), draft.sql


def test_a_day_said_of_arrivals_is_that_day(cattery: Database) -> None:
    draft, result = read(cattery, "stays starting on 14 June")
    assert same_answer(result, all_rows(cattery, "SELECT * FROM stays WHERE dt_checkin = '2026-06-14'")), draft.sql


def test_the_pair_is_a_stays_length(cattery: Database) -> None:
    draft, result = read(cattery, "average length of completed stays in days")
    gold = "SELECT AVG(julianday(dt_checkout) - julianday(dt_checkin)) FROM stays WHERE status = 'Completed'"
    assert same_answer(result, all_rows(cattery, gold)), draft.sql


def test_one_end_of_a_stay_said_that_night_is_that_days_arrivals(cattery: Database) -> None:
    draft, result = read(cattery, "stays checking in tonight")
    assert same_answer(result, all_rows(cattery, "SELECT * FROM stays WHERE dt_checkin = '2026-06-15'")), draft.sql


def test_a_night_of_timed_rows_or_a_kind_called_night_is_no_stay(cattery: Database) -> None:
    """Shifts kept with a time of day cross midnight: "night shifts on 14 June" are the night shifts
    that started that day, not every shift running into it."""
    draft, result = read(cattery, "night shifts on 14 June 2026")
    gold = "SELECT * FROM shifts WHERE shift_kind = 'Night' AND shift_start LIKE '2026-06-14%'"
    assert same_answer(result, all_rows(cattery, gold)), draft.sql


def test_rows_that_are_no_stay_on_a_night_start_that_day(cattery: Database) -> None:
    """Shows from a start date to an end date are no stays: "shows on tonight" start today (a one-day
    show ends the day it starts)."""
    draft, result = read(cattery, "which shows are on tonight")
    assert same_answer(result, all_rows(cattery, "SELECT * FROM shows WHERE start_date = '2026-06-15'")), draft.sql


def test_a_night_of_rows_dated_otherwise_is_of_the_stays_that_refer_to_them(tmp_path) -> None:
    """Hounds reach both their lodgings and, through the walks, the walkers employed from a start
    to an end date: only the lodgings refer to a hound, so only they say who stays the night."""
    script = """
    CREATE TABLE hounds (hound_id INTEGER PRIMARY KEY, hound_name TEXT NOT NULL, born_on DATE);
    CREATE TABLE walkers (walker_id INTEGER PRIMARY KEY, walker_name TEXT, start_date DATE, end_date DATE);
    CREATE TABLE walks (walk_id INTEGER PRIMARY KEY, hound_id INTEGER REFERENCES hounds (hound_id),
                        walker_id INTEGER REFERENCES walkers (walker_id), walk_dt DATE);
    CREATE TABLE lodgings (lodging_id INTEGER PRIMARY KEY, hound_id INTEGER REFERENCES hounds (hound_id),
                           dt_checkin DATE NOT NULL, dt_checkout DATE NOT NULL);
    INSERT INTO hounds VALUES (1, 'Rex', '2019-01-01'), (2, 'Fido', '2020-02-02'), (3, 'Bess', '2021-03-03');
    INSERT INTO walkers VALUES (1, 'Ann', '2020-01-01', NULL), (2, 'Bea', '2021-05-01', '2026-06-30');
    INSERT INTO walks VALUES (1, 1, 1, '2026-06-11'), (2, 3, 2, '2026-06-13');
    INSERT INTO lodgings VALUES (1, 1, '2026-06-12', '2026-06-16'), (2, 2, '2026-06-15', '2026-06-17'),
        (3, 3, '2026-06-01', '2026-06-04');
    """
    with opened(built_sqlite(tmp_path, "hounds", script)) as db:
        draft, result = read(db, "how many hounds are staying with us tonight")
        gold = "SELECT COUNT(*) FROM lodgings WHERE dt_checkin <= '2026-06-15' AND dt_checkout > '2026-06-15'"
        assert same_answer(result, all_rows(db, gold)), draft.sql
