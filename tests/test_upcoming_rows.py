"""Rows of a period still ahead ("upcoming weddings", "bookings for next year") will happen: a row
called off will not, and is left out, unless the line names a state itself. Rows a line says were
done ("how many gigs did we perform last year") leave out those called off and those still to come."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import TODAY, drafted, reads_whole, schema_database

_AHEAD = TODAY.year + 1


@pytest.fixture(scope="module")
def gigs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    script = f"""
        CREATE TABLE gigs (gig_id INTEGER PRIMARY KEY, band TEXT NOT NULL, kind TEXT NOT NULL, played_on TEXT NOT NULL,
                           state TEXT NOT NULL);
        INSERT INTO gigs VALUES (1, 'Moths', 'Wedding', '{_AHEAD}-02-01', 'Confirmed'),
                                (2, 'Moths', 'Wedding', '{_AHEAD}-03-01', 'Cancelled'),
                                (3, 'Reeds', 'Party', '{_AHEAD}-03-05', 'Confirmed'),
                                (4, 'Reeds', 'Wedding', '{TODAY.year - 1}-06-01', 'Played'),
                                (5, 'Moths', 'Party', '{TODAY.year - 1}-07-01', 'Cancelled'),
                                (6, 'Reeds', 'Party', '{TODAY.year}-01-10', 'Played'),
                                (7, 'Moths', 'Party', '{TODAY.year}-11-10', 'Confirmed');
        CREATE TABLE tours (tour_id INTEGER PRIMARY KEY, band TEXT NOT NULL, enquired_on TEXT NOT NULL,
                            tour_date TEXT, state TEXT NOT NULL);
        INSERT INTO tours VALUES (1, 'Moths', '{TODAY.year - 1}-05-01', '{_AHEAD}-05-01', 'Confirmed'),
                                 (2, 'Reeds', '{TODAY.year - 1}-06-01', '{TODAY.year - 1}-09-01', 'Played');
    """  # a booking agency for bands
    with schema_database(tmp_path_factory, "gigs", script) as db:
        yield db


def test_upcoming_rows_leave_out_the_called_off(gigs: Database) -> None:
    reads_whole(gigs, "upcoming weddings",
                f"SELECT * FROM gigs WHERE kind = 'Wedding' AND played_on >= '{TODAY}' AND state <> 'Cancelled'")


def test_a_period_ahead_leaves_out_the_called_off(gigs: Database) -> None:
    reads_whole(gigs, "how many gigs next year",
                f"SELECT COUNT(*) FROM gigs WHERE played_on >= '{_AHEAD}-01-01' AND played_on < '{_AHEAD + 1}-01-01' "
                "AND state <> 'Cancelled'")


def test_a_date_named_for_the_rows_is_their_date(gigs: Database) -> None:
    """A tour's tour_date is when it is, not the day it was enquired about."""
    reads_whole(gigs, "upcoming tours", f"SELECT * FROM tours WHERE tour_date >= '{TODAY}' AND state <> 'Cancelled'")


def test_a_state_named_is_kept(gigs: Database) -> None:
    reads_whole(gigs, "cancelled gigs next year",
                f"SELECT * FROM gigs WHERE state = 'Cancelled' AND played_on >= '{_AHEAD}-01-01'")


def test_rows_said_done_leave_out_the_called_off(gigs: Database) -> None:
    reads_whole(gigs, "how many gigs did we perform last year",
                f"SELECT COUNT(*) FROM gigs WHERE played_on >= '{TODAY.year - 1}-01-01' "
                f"AND played_on < '{TODAY.year}-01-01' AND state <> 'Cancelled'")


def test_rows_said_to_come_keep_those_still_to_come(gigs: Database) -> None:
    reads_whole(gigs, "how many gigs will we perform this year",
                f"SELECT COUNT(*) FROM gigs WHERE played_on >= '{TODAY.year}-01-01' "
                f"AND played_on < '{TODAY.year + 1}-01-01'")


def test_a_past_period_keeps_every_row(gigs: Database) -> None:
    reads_whole(gigs, "how many gigs last year",
                f"SELECT COUNT(*) FROM gigs WHERE played_on >= '{TODAY.year - 1}-01-01' "
                f"AND played_on < '{TODAY.year}-01-01'")


def test_the_noun_of_a_state_s_verb_names_the_state(gigs: Database) -> None:
    """ "cancellations": the rows the verb left 'Cancelled'."""
    reads_whole(gigs, "how many cancellations last year",
                f"SELECT COUNT(*) FROM gigs WHERE state = 'Cancelled' AND played_on >= '{TODAY.year - 1}-01-01' "
                f"AND played_on < '{TODAY.year}-01-01'")


def test_rows_done_in_several_periods_keep_their_states_once(gigs: Database) -> None:
    draft = drafted(gigs, f"how many gigs did we do in June, July and August {TODAY.year - 1}")
    where = draft.sql.split(" WHERE ", 1)[1]
    assert where.count("Cancelled") == 1, draft.sql


def test_rows_said_done_are_those_in_the_state_that_says_so(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Of hires kept as 'Booked', 'Completed', 'No-show' or 'Cancelled', those "we did" are the
    'Completed' ones; where the period is on the day the work was completed, that day says it was done
    (a job may have moved on to 'Invoiced' since)."""
    script = f"""
        CREATE TABLE hires (hire_id INTEGER PRIMARY KEY, boat TEXT NOT NULL, hire_start TEXT NOT NULL,
                            status TEXT NOT NULL);
        INSERT INTO hires VALUES (1, 'Kayak', '{TODAY.year - 1}-06-02', 'Completed'),
            (2, 'Kayak', '{TODAY.year - 1}-06-03', 'No-show'), (3, 'Canoe', '{TODAY.year - 1}-06-09', 'Cancelled'),
            (4, 'Canoe', '{TODAY.year - 1}-07-01', 'Completed'), (5, 'Kayak', '{_AHEAD}-06-01', 'Booked');
        CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, booked_on TEXT NOT NULL, completed_on TEXT,
                           status TEXT NOT NULL);
        INSERT INTO jobs VALUES (1, '{TODAY.year - 1}-05-01', '{TODAY.year - 1}-05-03', 'Invoiced'),
            (2, '{TODAY.year - 1}-05-02', '{TODAY.year - 1}-05-20', 'Done'),
            (3, '{TODAY.year - 1}-05-03', NULL, 'Cancelled'), (4, '{TODAY.year - 1}-05-04', NULL, 'Booked');
    """
    with schema_database(tmp_path_factory, "hires", script) as db:
        reads_whole(db, f"how many hires did we do in June {TODAY.year - 1}",
                    f"SELECT COUNT(*) FROM hires WHERE status = 'Completed' AND hire_start LIKE '{TODAY.year - 1}-06%'")
        reads_whole(db, f"how many jobs did we complete in May {TODAY.year - 1}",
                    f"SELECT COUNT(*) FROM jobs WHERE completed_on LIKE '{TODAY.year - 1}-05%'")


def test_work_that_moves_on_after_it_is_done_keeps_its_later_states(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Of events kept from 'Enquiry' to 'Delivered', 'Invoiced' and 'Paid', those "we did" are every one
    not called off nor still to come: an event invoiced since was done too."""
    script = f"""
        CREATE TABLE events (event_id INTEGER PRIMARY KEY, held_on TEXT NOT NULL, status TEXT NOT NULL);
        INSERT INTO events VALUES (1, '{TODAY.year - 1}-06-02', 'Invoiced'), (2, '{TODAY.year - 1}-06-09', 'Delivered'),
            (3, '{TODAY.year - 1}-06-12', 'Cancelled'), (4, '{TODAY.year - 1}-06-20', 'Paid'),
            (5, '{_AHEAD}-06-01', 'Enquiry');
    """
    with schema_database(tmp_path_factory, "events", script) as db:
        reads_whole(db, f"how many events did we do in June {TODAY.year - 1}",
                    f"SELECT COUNT(*) FROM events WHERE status <> 'Cancelled' AND held_on LIKE '{TODAY.year - 1}-06%'")
