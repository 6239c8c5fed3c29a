"""Rows still waiting on something their own column records ("applications still waiting on a
decision", "awaiting a decision": that date empty), and rows past their due date ("past due",
"past their due date": due before today and not settled), settled told by a date, or, where no
date nor yes/no says so, by the states of the rows' one column of states ('Unpaid', 'Part Paid').
The schema is invented here (a licensing office)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers_after, reads_whole, schema_database

LICENCES = """
    CREATE TABLE applicants (applicant_id INTEGER PRIMARY KEY, applicant_name TEXT NOT NULL);
    CREATE TABLE applications (application_id INTEGER PRIMARY KEY,
                               applicant_id INTEGER REFERENCES applicants (applicant_id),
                               licence_kind TEXT NOT NULL, lodged_on DATE NOT NULL, decision_date DATE, outcome TEXT);
    CREATE TABLE fee_notes (note_no INTEGER PRIMARY KEY, applicant_id INTEGER REFERENCES applicants (applicant_id),
                            raised_on DATE NOT NULL, due_on DATE NOT NULL, total REAL NOT NULL, status TEXT NOT NULL);
    CREATE TABLE permits (permit_no INTEGER PRIMARY KEY, applicant_id INTEGER REFERENCES applicants (applicant_id),
                          fee_due_date DATE NOT NULL, fee_paid_on DATE, fee REAL NOT NULL);
    INSERT INTO applicants VALUES (1, 'Harbour Cafe'), (2, 'Kite Fest'), (3, 'Mill Market');
    INSERT INTO applications VALUES (1, 1, 'Street trading', '2026-03-01', '2026-04-02', 'Granted'),
        (2, 2, 'Event', '2026-05-20', NULL, NULL), (3, 3, 'Street trading', '2026-06-01', NULL, NULL),
        (4, 1, 'Alcohol', '2026-01-10', '2026-02-20', 'Refused');
    INSERT INTO fee_notes VALUES (1, 1, '2026-04-01', '2026-05-01', 120.0, 'Paid'),
        (2, 2, '2026-05-01', '2026-05-31', 300.0, 'Unpaid'), (3, 3, '2026-05-10', '2026-06-09', 80.0, 'Part Paid'),
        (4, 1, '2026-06-01', '2026-07-01', 95.0, 'Unpaid'), (5, 2, '2026-03-01', '2026-03-31', 60.0, 'Void');
    INSERT INTO permits VALUES (1, 1, '2026-05-01', '2026-04-28', 40.0), (2, 2, '2026-06-01', NULL, 55.0),
        (3, 3, '2026-07-01', NULL, 35.0);
    CREATE TABLE inspections (inspection_id INTEGER PRIMARY KEY,
                              applicant_id INTEGER REFERENCES applicants (applicant_id), due_date DATE NOT NULL,
                              payment_terms TEXT NOT NULL, status TEXT NOT NULL);
    INSERT INTO inspections VALUES (1, 1, '2026-05-01', 'Due on receipt', 'Done'),
        (2, 2, '2026-05-15', 'Net 30', 'In progress'), (3, 3, '2026-06-01', 'Due on receipt', 'Pending review'),
        (4, 1, '2026-07-01', 'Net 30', 'Not started'), (5, 2, '2026-06-10', 'Net 30', 'Cancelled');
    CREATE TABLE kit_loans (loan_id INTEGER PRIMARY KEY, due_back_on DATE NOT NULL, loan_status TEXT NOT NULL);
    INSERT INTO kit_loans VALUES (1, '2026-06-01', 'On loan'), (2, '2026-06-02', 'Returned'),
        (3, '2026-06-20', 'On loan'), (4, '2026-05-01', 'Payment failed'), (5, '2026-05-05', 'Draft');
"""  # today is 2026-06-15: fee notes 2 and 3 are past due (4 is not due yet, 5 is void); so is permit 2


@pytest.fixture(scope="module")
def licences(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "licences", LICENCES) as db:
        yield db


def test_rows_waiting_on_what_their_column_records_have_it_empty(licences: Database) -> None:
    reads_whole(licences, "how many applications are still waiting on a decision?",
                "SELECT COUNT(*) FROM applications WHERE decision_date IS NULL")
    reads_whole(licences, "applications awaiting a decision",
                "SELECT * FROM applications WHERE decision_date IS NULL")


PAST_DUE_NOTES = "SELECT {shown} FROM fee_notes WHERE due_on < '2026-06-15' AND status IN ('Unpaid', 'Part Paid')"


def test_past_their_due_date_is_overdue(licences: Database) -> None:
    reads_whole(licences, "fee notes past their due date", PAST_DUE_NOTES.format(shown="*"))
    reads_whole(licences, "how many fee notes are past due", PAST_DUE_NOTES.format(shown="COUNT(*)"))
    reads_whole(licences, "permits past their due date",
                "SELECT * FROM permits WHERE fee_due_date < '2026-06-15' AND fee_paid_on IS NULL")


def test_overdue_rows_with_no_settling_date_are_told_by_their_states(licences: Database) -> None:
    reads_whole(licences, "overdue fee notes", PAST_DUE_NOTES.format(shown="*"))
    reads_whole(licences, "total of the overdue fee notes", PAST_DUE_NOTES.format(shown="SUM(total)"))


def test_past_their_due_date_narrows_a_listing(licences: Database) -> None:
    answers_after(licences, ["show me the unpaid fee notes", "just the ones past their due date"],
                  PAST_DUE_NOTES.format(shown="*"))


def test_overdue_rows_are_those_in_no_settled_state_of_their_status(licences: Database) -> None:
    """Not the states of another column that happen to say "due" ('Due on receipt'), and every state
    still open ('In progress', 'Pending review'), not only the one that says so."""
    reads_whole(licences, "overdue inspections", "SELECT * FROM inspections WHERE due_date < '2026-06-15' "
                "AND status NOT IN ('Done', 'Cancelled')")


def test_overdue_rows_returned_or_never_issued_are_settled(licences: Database) -> None:
    """'Returned' settles a loan and a 'Draft' never fell due; a 'Payment failed' is still owed."""
    reads_whole(licences, "overdue kit loans", "SELECT * FROM kit_loans WHERE due_back_on < '2026-06-15' "
                "AND loan_status NOT IN ('Returned', 'Draft')")
