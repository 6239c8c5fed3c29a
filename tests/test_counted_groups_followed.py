"""Follow-ups and words on databases brought as they are, on schemas built here: "only the ones with
more than N <rows>" after a count per group keeps the groups by that count (and is not asked again
after the count was confirmed); an integer column named as what can be done to a row
(``billable``, ``refundable``) is a yes/no; a rate (``hours_per_week``) is no amount of either
unit; and a unit said of a column the answer reads is not taken for one asked of another."""

from __future__ import annotations

import pytest

from nl2sql.db.schema import INTEGER, REAL, Column, Table
from nl2sql.dialog import AWAITING_CONFIRMATION, IDLE
from nl2sql.engines.builtin.yes_no import flag_of
from nl2sql.profile.roles import unit_of
from nl2sql.workflows import SessionOptions, open_session
from tests.helpers import all_rows, answers, answers_after, read, same_answer, schema_database

LENDING = """
CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name TEXT, town TEXT);
CREATE TABLE borrowings (borrowing_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                         borrowed_on TEXT);
INSERT INTO members VALUES (1, 'Ann Lee', 'Ely'), (2, 'Bo Dahl', 'Ely'), (3, 'Cy Moss', 'Diss');
INSERT INTO borrowings VALUES (1, 1, '2026-01-02'), (2, 1, '2026-01-09'), (3, 1, '2026-02-01'), (4, 2, '2026-02-03'),
    (5, 3, '2026-02-04'), (6, 3, '2026-03-05'), (7, 3, '2026-03-07'), (8, 3, '2026-03-09');
"""

WORKSHOP = """
CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, job_name TEXT, start_date TEXT, end_date TEXT);
CREATE TABLE fitters (fitter_id INTEGER PRIMARY KEY, fitter_name TEXT);
CREATE TABLE work_log (entry_id INTEGER PRIMARY KEY, fitter_id INTEGER REFERENCES fitters (fitter_id),
                       job_id INTEGER REFERENCES jobs (job_id), hours REAL, billable INTEGER);
CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, seat TEXT, refundable INTEGER, price REAL);
INSERT INTO jobs VALUES (1, 'Roof', '2026-01-05', '2026-02-10'), (2, 'Porch', '2026-03-01', '2026-03-20');
INSERT INTO fitters VALUES (1, 'Ida'), (2, 'Jon');
INSERT INTO work_log VALUES (1, 1, 1, 6, 1), (2, 1, 2, 2, 0), (3, 2, 1, 5, 1), (4, 2, 2, 4, 1), (5, 1, 1, 3, 0);
INSERT INTO tickets VALUES (1, 'A1', 1, 40), (2, 'A2', 0, 25), (3, 'B1', 1, 30);
"""


@pytest.fixture(scope="module")
def lending_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "lending", LENDING) as db:
        yield db


@pytest.fixture(scope="module")
def workshop_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


@pytest.mark.parametrize("follow_up", ["only the ones with more than 2 borrowings", "with more than 2 borrowings"])
def test_more_than_n_of_the_counted_rows_keeps_the_groups_by_their_count(lending_db, follow_up: str) -> None:
    answers_after(lending_db, ["how many borrowings has each member made?", follow_up],
                  "SELECT full_name, COUNT(*) FROM borrowings JOIN members USING (member_id) GROUP BY member_id "
                  "HAVING COUNT(*) > 2")


def test_the_same_on_another_schema(workshop_db) -> None:
    answers_after(workshop_db, ["number of work log entries per fitter", "only those with at least 3 entries"],
                  "SELECT fitter_name, COUNT(*) FROM work_log JOIN fitters USING (fitter_id) GROUP BY fitter_id "
                  "HAVING COUNT(*) >= 3")


def test_a_condition_on_the_confirmed_groups_is_not_asked_again(lending_db) -> None:
    session = open_session(str(lending_db.path), SessionOptions(confirm_below=0.99))
    assert session.process_turn("how many borrowings has each member made?").mode == AWAITING_CONFIRMATION
    session.process_turn("y")
    kept = session.process_turn("only the ones with more than 2 borrowings")
    assert kept.mode == IDLE and kept.clarification is None and kept.result is not None, kept.query
    assert sorted(row[-1] for row in kept.result.rows) == [3, 4]
    assert (kept.query or "").count("COUNT(*)") == 2  # the count shown, and the same count kept: once each


@pytest.mark.parametrize(("question", "gold"), [
    ("billable work log entries", "SELECT * FROM work_log WHERE billable = 1"),
    ("refundable tickets", "SELECT * FROM tickets WHERE refundable = 1"),
])
def test_a_column_named_for_what_can_be_done_to_a_row_is_a_yes_no(workshop_db, question: str, gold: str) -> None:
    answers(workshop_db, question, gold)


def test_only_billable_after_a_total_per_group(workshop_db) -> None:
    answers_after(workshop_db, ["total hours per fitter", "only billable ones"],
                  "SELECT fitter_name, SUM(hours) FROM work_log JOIN fitters USING (fitter_id) WHERE billable = 1 "
                  "GROUP BY fitter_id")


def test_an_able_word_needs_a_predicate_shape() -> None:
    table = Table("t", (Column("id", "INTEGER", INTEGER, primary_key=True), Column("cable", "INTEGER", INTEGER),
                        Column("seats_available", "INTEGER", INTEGER), Column("billable", "INTEGER", INTEGER)))
    assert flag_of(table, table.column("billable")) is not None
    assert flag_of(table, table.column("cable")) is None  # too short to be a word grown from a verb
    assert flag_of(table, table.column("seats_available")) is None  # how many, not whether


def test_a_rate_has_no_unit_of_its_own() -> None:
    table = Table("a", (Column("id", "INTEGER", INTEGER, primary_key=True), Column("hours_per_week", "REAL", REAL),
                        Column("duration_days", "REAL", REAL)))
    assert unit_of(table, table.column("hours_per_week")) is None
    unit = unit_of(table, table.column("duration_days"))
    assert unit is not None and unit.unit == "day"


def test_hours_asked_of_the_column_read_are_used(workshop_db) -> None:
    """The jobs' start and end dates give a duration in days; "how many hours" asks the logged hours,
    which the answer reads in hours: the word is used, not taken for hours of the days."""
    draft, result = read(workshop_db, "how many hours has each fitter logged?")
    gold = "SELECT fitter_name, SUM(hours) FROM work_log JOIN fitters USING (fitter_id) GROUP BY fitter_id"
    assert same_answer(result, all_rows(workshop_db, gold)), draft.sql
    assert "hours" not in draft.unused, (draft.sql, draft.unused)
