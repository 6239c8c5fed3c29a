"""Rows called by what their key calls them: a table named ``ServiceJobs`` whose key is ``JobID`` holds
"jobs". "The most jobs" counts them (never adds their ids up), "which 5 mechanics" keeps five of
the mechanics (a plural in "-ics"), "completed ... in 2025" dates the jobs by their completion,
"warranty jobs" keeps the jobs under warranty, and a column of a table the grouped rows point to
("the category of each") can be added to a grouped answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, answers_after, schema_database

WORKSHOP = """
    CREATE TABLE mechanics (mech_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, started_on TEXT NOT NULL);
    CREATE TABLE bike_category (cat_cd TEXT PRIMARY KEY, cat_name TEXT NOT NULL);
    CREATE TABLE bikes (bike_id INTEGER PRIMARY KEY, bike_name TEXT NOT NULL,
                        cat_cd TEXT REFERENCES bike_category (cat_cd));
    CREATE TABLE ServiceJobs (JobID INTEGER PRIMARY KEY, mech_id INTEGER REFERENCES mechanics (mech_id),
                              bike_id INTEGER REFERENCES bikes (bike_id), booked_dt TEXT NOT NULL,
                              completed_dt TEXT, job_type TEXT, is_warranty INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE job_parts (JobID INTEGER REFERENCES ServiceJobs (JobID), part_name TEXT NOT NULL, qty INTEGER);
    INSERT INTO mechanics VALUES (1, 'Ola Berg', '2025-03-01'), (2, 'Piet Vos', '2019-05-01'),
                                 (3, 'Quin Ash', '2021-01-10'), (4, 'Rae Holm', '2025-07-15'),
                                 (5, 'Sol Kay', '2020-02-02'), (6, 'Tess Lund', '2018-09-09');
    INSERT INTO bike_category VALUES ('R', 'road'), ('M', 'mountain');
    INSERT INTO bikes VALUES (1, 'Swift', 'R'), (2, 'Ridge', 'M'), (3, 'Arrow', 'R');
    INSERT INTO ServiceJobs VALUES
        (1, 1, 1, '2024-12-20', '2025-01-03', 'service', 0), (2, 1, 2, '2025-02-01', '2025-02-02', 'service', 1),
        (3, 2, 1, '2025-03-01', '2025-03-05', 'service', 0), (4, 2, 3, '2025-04-01', '2025-04-02', 'service', 0),
        (5, 2, 2, '2025-05-01', '2025-05-09', 'service', 0), (6, 3, 1, '2025-06-01', '2025-06-03', 'service', 1),
        (7, 3, 3, '2025-12-28', '2026-01-04', 'service', 0), (8, 4, 2, '2025-08-01', '2025-08-02', 'service', 0),
        (9, 5, 1, '2026-02-01', '2026-02-03', 'service', 0), (10, 6, 3, '2026-03-01', NULL, 'service', 1),
        (11, 1, 3, '2025-09-09', '2025-09-10', 'service', 0), (12, 5, 2, '2025-10-10', '2025-10-12', 'service', 1),
        (13, 3, 2, '2025-11-11', '2025-11-12', 'service', 0), (14, 4, 3, '2024-05-05', '2024-05-06', 'service', 0),
        (15, 6, 2, '2024-06-06', '2024-06-07', 'service', 0);
    INSERT INTO job_parts VALUES (1, 'chain', 1), (2, 'tube', 2), (6, 'cable', 1), (9, 'chain', 1);
"""  # a bicycle workshop: each mechanic's service jobs, some under warranty


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


def test_the_most_rows_called_by_their_key_are_counted(workshop: Database) -> None:
    answers(workshop, "the 3 mechanics with the most jobs",
            "SELECT m.full_name, COUNT(*) AS n FROM ServiceJobs j JOIN mechanics m ON m.mech_id = j.mech_id "
            "GROUP BY m.mech_id ORDER BY n DESC LIMIT 3")


def test_a_number_before_a_plural_in_ics_keeps_that_many_dated_by_the_deed(workshop: Database) -> None:
    answers(workshop, "Which 2 mechanics completed the most jobs in 2025?",
            "SELECT m.full_name, COUNT(*) AS n FROM ServiceJobs j JOIN mechanics m ON m.mech_id = j.mech_id "
            "WHERE j.completed_dt BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY m.mech_id ORDER BY n DESC LIMIT 2")


def test_a_flag_before_the_rows_called_by_their_key_keeps_them(workshop: Database) -> None:
    answers(workshop, "Which warranty jobs has Ola Berg done?",
            "SELECT j.* FROM ServiceJobs j JOIN mechanics m ON m.mech_id = j.mech_id "
            "WHERE m.full_name = 'Ola Berg' AND j.is_warranty = 1", named=True)


def test_a_column_the_grouped_rows_decide_is_added_to_the_groups(workshop: Database) -> None:
    answers_after(workshop, ["which 2 bikes had the most jobs", "add the category of each"],
                  "SELECT b.bike_name, k.cat_name, COUNT(*) AS n FROM ServiceJobs j "
                  "JOIN bikes b ON b.bike_id = j.bike_id JOIN bike_category k ON k.cat_cd = b.cat_cd "
                  "GROUP BY b.bike_id ORDER BY n DESC LIMIT 2")
