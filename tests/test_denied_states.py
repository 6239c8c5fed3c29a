"""A state denied by a negation of several words, or across the words that join it to the state,
keeps the rows without it: "leave out the warranty ones" (a 0/1 flag), "don't include refunded
ones", "leave out anything that was refunded" (a date kept when the state happened). A period said
beside a denied state dates the rows kept, by their own date, not the date of the state."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, answers_after, schema_database

WORKSHOP = """
    CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, job_kind TEXT NOT NULL, booked_on TEXT NOT NULL,
                       is_warranty INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE gifts (gift_id INTEGER PRIMARY KEY, given_on TEXT NOT NULL, amount REAL NOT NULL,
                        refunded_on TEXT);
    INSERT INTO jobs VALUES (1, 'service', '2026-01-10', 0), (2, 'service', '2026-02-11', 1),
                            (3, 'puncture', '2026-03-02', 0), (4, 'puncture', '2025-06-01', 1),
                            (5, 'rebuild', '2026-04-04', 1), (6, 'service', '2025-09-09', 0);
    INSERT INTO gifts VALUES (1, '2026-01-05', 20.0, NULL), (2, '2025-12-30', 50.0, '2026-01-03'),
                             (3, '2026-02-14', 35.0, '2026-02-20'), (4, '2026-03-01', 10.0, NULL),
                             (5, '2025-05-05', 80.0, NULL);
"""  # a workshop's jobs (some under warranty) and a charity box's gifts (some refunded)


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


@pytest.mark.parametrize("follow_up", ["Leave out the warranty ones.", "leaving out the warranty ones"])
def test_leaving_out_flagged_rows_in_a_follow_up(workshop: Database, follow_up: str) -> None:
    answers_after(workshop, ["how many jobs of each kind", follow_up],
                  "SELECT job_kind, COUNT(*) FROM jobs WHERE is_warranty = 0 GROUP BY job_kind")


def test_leaving_out_flagged_rows_in_a_question(workshop: Database) -> None:
    answers(workshop, "jobs booked this year, leaving out the warranty ones",
            "SELECT * FROM jobs WHERE is_warranty = 0 AND booked_on >= '2026-01-01'")


@pytest.mark.parametrize("follow_up", ["Don't include refunded ones.", "don't include the refunded gifts"])
def test_a_negated_verb_of_keeping_before_a_state(workshop: Database, follow_up: str) -> None:
    answers_after(workshop, ["total amount of gifts", follow_up],
                  "SELECT SUM(amount) FROM gifts WHERE refunded_on IS NULL")


def test_a_period_beside_a_denied_state_dates_the_rows_kept(workshop: Database) -> None:
    answers(workshop, "total amount of gifts this year? Leave out anything that was refunded.",
            "SELECT SUM(amount) FROM gifts WHERE given_on >= '2026-01-01' AND refunded_on IS NULL")
