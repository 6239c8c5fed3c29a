"""A chimney sweep's old Access database, invented here, brought as it is: tables named ``tblJob``,
columns prefixed with their table's short name (``SweepFirstName``), dates kept as ``SchedDt``, and
yes/no columns stored as Access stores them, -1 for yes and 0 for no. A yes is any number but 0, so
"emergency jobs" are the -1 rows and a count of them is a count, never a sum of -1s; voided jobs are
left out of what is added up; a sweep is named by both names, and "Ivo's lead" is the sweep Ivo's
``LeadSweepID`` points to ("lead" after a possessive is a noun, though mostly a verb); a job's date
is when it was booked for."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, read, same_answer, schema_database

SWEEP = """
    CREATE TABLE tblClient (ClientID INTEGER PRIMARY KEY, ClientName TEXT, Town TEXT);
    CREATE TABLE tblSweep (SweepID INTEGER PRIMARY KEY, SweepFirstName TEXT, SweepSurname TEXT,
                           LeadSweepID INTEGER REFERENCES tblSweep (SweepID));
    CREATE TABLE tblJob (JobID INTEGER PRIMARY KEY, ClientID INTEGER REFERENCES tblClient (ClientID),
                         SweepID INTEGER REFERENCES tblSweep (SweepID), BookedDt TEXT, SchedDt TEXT, DoneDt TEXT,
                         IsEmergency INTEGER, Voided INTEGER, Fee REAL);
    INSERT INTO tblClient VALUES (1, 'Hollins Farm', 'Kendal'), (2, 'The Old Vicarage', 'Sedbergh'),
        (3, 'Mill Cottage', 'Kendal');
    INSERT INTO tblSweep VALUES (1, 'Ruth', 'Ambler', NULL), (2, 'Ade', 'Bell', 1), (3, 'Ivo', 'Crane', 1);
    INSERT INTO tblJob VALUES
        (1, 1, 2, '2026-04-20', '2026-05-04', '2026-05-04', -1, 0, 95.0),
        (2, 2, 3, '2026-04-28', '2026-05-06', '2026-05-07', 0, 0, 60.0),
        (3, 3, 2, '2026-05-02', '2026-05-09', NULL, -1, -1, 110.0),
        (4, 1, 3, '2026-05-03', '2026-05-20', '2026-05-21', -1, 0, 120.0),
        (5, 3, 2, '2026-03-30', '2026-04-12', '2026-04-12', 0, 0, 55.0);
"""  # today is 2026-06-15


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "sweep", SWEEP) as db:
        yield db


def test_a_yes_kept_as_minus_one_is_counted_not_summed(sweep: Database) -> None:
    draft, result = read(sweep, "how many emergency jobs have we had?")
    assert same_answer(result, [(2,)]), draft.sql  # jobs 1 and 4: job 3 was voided


def test_a_yes_kept_as_minus_one_picks_its_rows(sweep: Database) -> None:
    draft, result = read(sweep, "list the emergency jobs")
    gold = "SELECT JobID FROM tblJob WHERE IsEmergency = -1 AND Voided = 0"
    assert same_answer(result, all_rows(sweep, gold)), draft.sql


def test_voided_rows_kept_as_minus_one_are_left_out_of_totals(sweep: Database) -> None:
    draft, result = read(sweep, "total fees in May")
    gold = "SELECT SUM(Fee) FROM tblJob WHERE Voided = 0 AND SchedDt >= '2026-05-01' AND SchedDt < '2026-06-01'"
    assert same_answer(result, all_rows(sweep, gold)), draft.sql


def test_names_prefixed_with_the_table_name_a_person_by_both(sweep: Database) -> None:
    draft, result = read(sweep, "who is Ivo's lead?")
    assert same_answer(result, [("Ruth", "Ambler")]), draft.sql


def test_a_job_is_dated_by_when_it_was_booked_for(sweep: Database) -> None:
    draft, result = read(sweep, "how many jobs in April?")
    assert same_answer(result, [(1,)]), draft.sql  # job 5, scheduled in April; jobs 1 and 2 were booked then
