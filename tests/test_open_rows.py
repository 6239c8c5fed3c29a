""""The open jobs" are the jobs not yet settled: where 'open' is one of several states a job is still
open in ('waiting parts', 'in progress'), they are the jobs in none of the final states (done,
cancelled), a job with no state yet among them. "status open" is the stored value itself.

"Bills still waiting on money" have no paid date yet, and were not voided.

"The current memberships" have begun and not reached their end (a pause's "until" beside the end
is no end of the membership); "active" ones are, besides, not frozen for now.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers_after, drafted, reads_whole, schema_database

WORKSHOP = """
    CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, customer TEXT NOT NULL, urgency TEXT NOT NULL,
                       booked_in TEXT NOT NULL, status TEXT);
    INSERT INTO jobs VALUES (1, 'Ames', 'high', '2026-10-01', 'open'),
                            (2, 'Bell', 'low', '2026-10-02', 'waiting parts'),
                            (3, 'Cole', 'high', '2026-10-03', 'in progress'), (4, 'Dunn', 'high', '2026-10-04', 'done'),
                            (5, 'Eade', 'low', '2026-10-05', 'cancelled'), (6, 'Ford', 'high', '2026-10-06', NULL),
                            (7, 'Gray', 'low', '2026-10-07', 'done');
"""  # a repair workshop: 'open' is one of three states a job is still open in; one job has no state yet

POSTS = """
    CREATE TABLE vacancies (vacancy_id INTEGER PRIMARY KEY, title TEXT NOT NULL, status TEXT NOT NULL);
    INSERT INTO vacancies VALUES (1, 'Cook', 'open'), (2, 'Porter', 'filled'), (3, 'Chef', 'closed'),
                                 (4, 'Host', 'draft'), (5, 'Baker', 'open');
"""  # a state ('filled', 'draft') that may be either side of open: the stored value it is

LEDGER = """
    CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, holder TEXT NOT NULL, state TEXT NOT NULL);
    INSERT INTO accounts VALUES (1, 'Ames', 'open'), (2, 'Bell', 'closed'), (3, 'Cole', 'open');
"""  # open or closed, nothing between


GYM = """
    CREATE TABLE memberships (membership_id INTEGER PRIMARY KEY, member_name TEXT NOT NULL, start_date TEXT NOT NULL,
                              end_date TEXT, frozen_until TEXT, is_frozen INTEGER NOT NULL DEFAULT 0);
    INSERT INTO memberships VALUES (1, 'Ames', '2025-01-01', NULL, NULL, 0),
                                   (2, 'Bell', '2025-03-01', '2026-03-01', NULL, 0),
                                   (3, 'Cole', '2026-01-10', '2026-12-31', '2026-07-01', 1),
                                   (4, 'Dunn', '2026-09-01', NULL, NULL, 0), (5, 'Eade', '2024-05-05', NULL, NULL, 0);
"""  # a gym: one membership ended, one frozen until July, one starting in September (today is 2026-06-15)


STUDIO = """
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, client TEXT NOT NULL, amount REAL NOT NULL,
                        issued_on TEXT NOT NULL, paid_on TEXT, state TEXT NOT NULL);
    INSERT INTO bills VALUES (1, 'Ames', 120.0, '2026-04-01', '2026-04-09', 'paid'),
                             (2, 'Bell', 80.0, '2026-05-01', NULL, 'sent'),
                             (3, 'Cole', 60.0, '2026-05-02', NULL, 'void'),
                             (4, 'Dunn', 45.0, '2026-06-01', NULL, 'sent');
"""  # a design studio's bills: two unpaid, one voided


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


@pytest.fixture(scope="module")
def gym(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "gym", GYM) as db:
        yield db


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


@pytest.fixture(scope="module")
def posts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "posts", POSTS) as db:
        yield db


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "ledger", LEDGER) as db:
        yield db


@pytest.mark.parametrize("line", ["how many open jobs are there", "count the open jobs"])
def test_open_rows_are_those_in_no_final_state(workshop: Database, line: str) -> None:
    reads_whole(workshop, line, "SELECT COUNT(*) FROM jobs WHERE status IS NULL OR status NOT IN ('done', 'cancelled')")


def test_a_state_named_with_its_column_is_the_stored_value(workshop: Database) -> None:
    reads_whole(workshop, "how many jobs have status open", "SELECT COUNT(*) FROM jobs WHERE status = 'open'")


def test_a_follow_up_keeps_the_open_rows_to_the_ones_asked(workshop: Database) -> None:
    answers_after(workshop, ["list the high urgency jobs", "only the open ones"],
                  "SELECT * FROM jobs WHERE urgency = 'high' "
                  "AND (status IS NULL OR status NOT IN ('done', 'cancelled'))")


def test_open_beside_only_closed_is_the_stored_value(ledger: Database) -> None:
    draft = drafted(ledger, "list the open accounts")
    assert [(f.op, f.values) for f in draft.spec.filters] == [("=", ("open",))], draft.sql


CURRENT = "start_date <= '2026-06-15' AND (end_date IS NULL OR end_date >= '2026-06-15')"


def test_current_rows_have_begun_and_not_reached_their_end(gym: Database) -> None:
    reads_whole(gym, "list the current memberships", f"SELECT * FROM memberships WHERE {CURRENT}")


@pytest.mark.parametrize("line", ["list the active memberships", "which memberships are active"])
def test_active_rows_are_current_and_not_paused(gym: Database, line: str) -> None:
    reads_whole(gym, line, f"SELECT * FROM memberships WHERE {CURRENT} AND is_frozen = 0")


@pytest.mark.parametrize("line", ["which bills are still waiting on money", "list bills still waiting for payment"])
def test_rows_still_awaiting_money_are_unpaid_and_not_voided(studio: Database, line: str) -> None:
    reads_whole(studio, line, "SELECT * FROM bills WHERE paid_on IS NULL AND state <> 'void'")


def test_the_open_rows_hold_for_the_peers_a_row_is_ranked_among(workshop: Database) -> None:
    still_open = "(status IS NULL OR status NOT IN ('done', 'cancelled'))"
    reads_whole(workshop, "the latest open job for each urgency",
                f"SELECT urgency, job_id, booked_in FROM jobs j WHERE {still_open} AND booked_in = "
                f"(SELECT MAX(booked_in) FROM jobs p WHERE p.urgency = j.urgency AND {still_open})")


def test_open_beside_states_not_surely_in_progress_is_the_stored_value(posts: Database) -> None:
    reads_whole(posts, "how many open vacancies", "SELECT COUNT(*) FROM vacancies WHERE status = 'open'")
