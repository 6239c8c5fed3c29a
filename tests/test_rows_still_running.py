"""Rows still going on, or stopped, said as people say it: "who still work here", "no longer with
us", "former", "still volunteering" (the rows' own name said as a verb), "live subscriptions". The
date that ends a row decides: of a cancellation beside a pause's "until", the cancellation; a
planned end (a campaign's end date) may lie ahead, so a row runs until that day, from its start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, answers_after, schema_database

GUILD = """
    CREATE TABLE helpers (helper_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, duty TEXT NOT NULL,
                          lead_id INTEGER REFERENCES helpers (helper_id), joined_on TEXT NOT NULL,
                          left_on TEXT, phone TEXT);
    CREATE TABLE pledges (pledge_id INTEGER PRIMARY KEY, backer TEXT NOT NULL, district TEXT NOT NULL,
                          began_on TEXT NOT NULL, paused_until TEXT, cancelled_on TEXT);
    CREATE TABLE drives (drive_id INTEGER PRIMARY KEY, drive_title TEXT NOT NULL, start_date TEXT NOT NULL,
                         end_date TEXT);
    INSERT INTO helpers VALUES (1, 'Ada Moss', 'steward', NULL, '2020-01-01', NULL, '555-1'),
                               (2, 'Ben Ruiz', 'usher', 1, '2021-03-01', '2025-10-01', '555-2'),
                               (3, 'Cy Park', 'usher', 1, '2022-05-05', NULL, '555-3'),
                               (4, 'Di Lowe', 'usher', 1, '2023-07-07', NULL, '555-4'),
                               (5, 'Ed Kay', 'steward', 1, '2024-02-02', '2026-01-15', '555-5');
    INSERT INTO pledges VALUES (1, 'Fay', 'north', '2025-01-01', NULL, NULL),
                               (2, 'Gus', 'north', '2025-02-01', '2026-07-01', NULL),
                               (3, 'Hal', 'south', '2025-03-01', NULL, '2026-02-01'),
                               (4, 'Ivy', 'south', '2025-04-01', '2026-05-01', NULL),
                               (5, 'Jo', 'north', '2025-05-01', NULL, '2025-12-01');
    INSERT INTO drives VALUES (1, 'Roof fund', '2026-01-01', NULL), (2, 'Piano', '2025-01-01', '2025-06-30'),
                              (3, 'Garden', '2026-03-01', '2026-09-30'), (4, 'Lights', '2026-09-01', NULL);
"""  # a drama guild's helpers (some left), its pledges (paused or cancelled) and its fund drives


@pytest.fixture(scope="module")
def guild(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "guild", GUILD) as db:
        yield db


@pytest.mark.parametrize("question", ["helpers who still work here", "helpers who are still here",
                                      "helpers who are still helping"])
def test_rows_still_going_on(guild: Database, question: str) -> None:
    answers(guild, question, "SELECT * FROM helpers WHERE left_on IS NULL")


@pytest.mark.parametrize("question", ["helpers who no longer work here", "which helpers are no longer with us",
                                      "former helpers", "helpers who have left"])
def test_rows_that_stopped(guild: Database, question: str) -> None:
    answers(guild, question, "SELECT * FROM helpers WHERE left_on IS NOT NULL")


def test_still_going_on_in_a_follow_up_of_a_self_join(guild: Database) -> None:
    answers_after(guild, ["show each usher with the name of their lead", "only the ones who still work here",
                          "how many is that?"],
                  "SELECT COUNT(*) FROM helpers WHERE duty = 'usher' AND left_on IS NULL")


@pytest.mark.parametrize("question", ["how many live pledges in each district", "current pledges per district"])
def test_the_end_that_is_final_over_a_pause(guild: Database, question: str) -> None:
    answers(guild, question, "SELECT district, COUNT(*) FROM pledges WHERE cancelled_on IS NULL GROUP BY district")


def test_a_planned_end_may_lie_ahead(guild: Database) -> None:
    answers(guild, "which drives are still live?",
            "SELECT * FROM drives WHERE start_date <= '2026-06-15' AND (end_date IS NULL OR end_date >= '2026-06-15')")



def test_the_rows_own_verb_said_of_them(guild: Database) -> None:
    """ "pledges still pledged": the verb whose root begins the rows' own name."""
    answers(guild, "pledges that are still pledged", "SELECT * FROM pledges WHERE cancelled_on IS NULL")

