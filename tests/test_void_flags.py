"""A yes/no column that says a row was called off (``is_void``, ``cancelled`` kept as 0/1) leaves the
row out where a state column would: of the money taken, of the bills still awaited or overdue, and
of the rows still to come. A count kept as a number (``cancellations``) is no such column."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import TODAY, drafted, reads_whole, schema_database


@pytest.fixture(scope="module")
def surveys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    script = f"""
        CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL);
        CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                            issued_on TEXT NOT NULL, due_on TEXT NOT NULL, paid_on TEXT, fee REAL NOT NULL,
                            is_void INTEGER DEFAULT 0);
        CREATE TABLE site_visits (visit_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                                  visit_on TEXT NOT NULL, cancellations INTEGER NOT NULL);
        INSERT INTO clients VALUES (1, 'Hale Farm'), (2, 'Mill House');
        INSERT INTO bills VALUES (1, 1, '{TODAY.year}-01-05', '{TODAY.year}-02-05', NULL, 500.0, 0),
                                 (2, 1, '{TODAY.year}-01-06', '{TODAY.year}-02-06', NULL, 700.0, 1),
                                 (3, 2, '{TODAY.year}-01-20', '{TODAY.year}-02-20', '{TODAY.year}-02-01', 300.0, 0),
                                 (4, 2, '{TODAY.year}-01-25', '{TODAY.year + 1}-02-25', NULL, 200.0, NULL);
        INSERT INTO site_visits VALUES (1, 1, '{TODAY.year + 1}-01-10', 1), (2, 2, '{TODAY.year + 1}-02-10', 0);
    """  # a land surveyor's bills, one voided and reissued
    with schema_database(tmp_path_factory, "surveys", script) as db:
        yield db


def test_unpaid_and_overdue_bills_leave_out_the_void(surveys: Database) -> None:
    reads_whole(surveys, "show me the unpaid bills", "SELECT * FROM bills WHERE bill_id IN (1, 4)")
    reads_whole(surveys, "which bills are overdue", "SELECT * FROM bills WHERE bill_id = 1")


def test_money_billed_leaves_out_the_void(surveys: Database) -> None:
    draft = drafted(surveys, f"revenue in January {TODAY.year}")
    assert surveys.execute(draft.sql).rows == ((1000.0,),), draft.sql
    assert "void" in draft.explanation, draft.explanation


def test_a_count_of_cancellations_is_no_flag(surveys: Database) -> None:
    draft = drafted(surveys, "site visits next year")
    assert "cancellations" not in draft.sql.split("FROM", 1)[1], draft.sql


def test_a_state_the_line_names_is_not_also_left_out(surveys: Database) -> None:
    reads_whole(surveys, "unpaid void bills", "SELECT * FROM bills WHERE bill_id = 2")


@pytest.fixture(scope="module")
def exams(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    script = """
        CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name TEXT NOT NULL);
        CREATE TABLE exams (exam_id INTEGER PRIMARY KEY, pupil_id INTEGER REFERENCES pupils (pupil_id),
                            sat_on TEXT NOT NULL, failed BOOLEAN NOT NULL);
        INSERT INTO pupils VALUES (1, 'Io'), (2, 'Max');
        INSERT INTO exams VALUES (1, 1, '2026-05-02', 1), (2, 2, '2026-05-09', 0), (3, 1, '2026-05-20', 0);
    """  # a music school's grade exams: failing one is an outcome, not a call-off
    with schema_database(tmp_path_factory, "exams", script) as db:
        yield db


def test_an_outcome_kept_as_yes_no_is_no_call_off(exams: Database) -> None:
    draft = drafted(exams, "how many exams did we do in May 2026")
    assert exams.execute(draft.sql).rows == ((3,),), draft.sql
