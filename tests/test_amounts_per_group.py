"""An amount said just before a grouping, with no aggregate word, is its total per group: "hours
per mechanic" adds up the hours. Only amounts that add up (money, quantities, durations and sizes
in their unit) are summed; a rate or a price is not, and neither is a row's own amount when the
grouping is the rows themselves ("the hours of each job"). A word like "per" inside a column's
name never names that column alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, drafted, schema_database

GARAGE = """
    CREATE TABLE mechanics (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, hourly_rate REAL,
                            jobs_per_week INTEGER);
    CREATE TABLE jobs (id INTEGER PRIMARY KEY, mechanic_id INTEGER REFERENCES mechanics (id), done_on TEXT,
                       hours REAL, labour_cost REAL);
    INSERT INTO mechanics VALUES (1, 'Ada Pike', 40.0, 6), (2, 'Bo Lund', 35.0, 9), (3, 'Cy Moor', 50.0, 4);
    INSERT INTO jobs VALUES (1, 1, '2026-01-05', 2.5, 100.0), (2, 1, '2026-01-20', 4.0, 160.0),
                            (3, 2, '2026-02-02', 1.5, 52.5), (4, 2, '2026-02-14', 3.0, 105.0),
                            (5, 2, '2026-03-01', 6.0, 210.0), (6, 3, '2026-03-09', 1.0, 50.0);
"""  # a garage: each job's hours and labour cost, done by one mechanic


@pytest.fixture(scope="module")
def garage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "garage", GARAGE) as db:
        yield db


@pytest.mark.parametrize("question", ["hours per mechanic", "hours worked per mechanic"])
def test_a_duration_before_a_grouping_is_its_total_per_group(garage: Database, question: str) -> None:
    answers(garage, question, "SELECT m.full_name, SUM(j.hours) FROM jobs j JOIN mechanics m ON m.id = j.mechanic_id "
                              "GROUP BY m.id")
    assert "jobs_per_week" not in drafted(garage, question).sql  # "per" names no column alone


def test_money_before_a_period_is_its_total_per_period(garage: Database) -> None:
    answers(garage, "labour cost by month", "SELECT strftime('%Y-%m', done_on), SUM(labour_cost) FROM jobs "
                                            "GROUP BY 1")


def test_a_rate_is_not_added_up(garage: Database) -> None:
    assert "SUM(" not in drafted(garage, "hourly rate per mechanic").sql


def test_rows_grouped_by_themselves_keep_their_own_amounts(garage: Database) -> None:
    assert "SUM(" not in drafted(garage, "the hours of each job").sql
