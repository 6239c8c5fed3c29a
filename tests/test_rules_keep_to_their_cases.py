"""Where the readings added for a database brought as it is must not reach, on schemas built here:
a negated job title is no empty key, "who made the smallest payment" is that payment's payer,
"who directed" shows the director, an all-text table still compares its amounts, a value only a
view keeps is still read, and a table two keys join both ways is not guessed as "their" table."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE departments (dept_id INTEGER PRIMARY KEY, name TEXT, manager_id INTEGER REFERENCES staff (staff_id));
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, email TEXT, title TEXT,
                    boss_id INTEGER REFERENCES staff (staff_id), dept_id INTEGER REFERENCES departments (dept_id));
CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff (staff_id),
                       paid_on DATE, amount REAL);
CREATE TABLE films (film_id INTEGER PRIMARY KEY, title TEXT, director TEXT, released DATE);
CREATE TABLE sales (customer TEXT, region TEXT, amount TEXT);
CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, name TEXT, status TEXT);
CREATE VIEW patient_overview AS SELECT patient_id, name,
    CASE status WHEN 'A' THEN 'admitted' ELSE 'discharged' END AS state FROM patients;
INSERT INTO departments VALUES (1, 'Sales', 1), (2, 'Ops', 3);
INSERT INTO staff VALUES (1, 'Ann', 'a@x.org', 'Boss', NULL, 1), (2, 'Bo', 'b@x.org', 'Boss', 1, 1),
    (3, 'Cy', 'c@x.org', 'Clerk', 1, 2), (4, 'Di', 'd@x.org', 'Clerk', 3, 2);
INSERT INTO payments VALUES (1, 2, '2025-01-02', 50), (2, 3, '2025-02-03', 5), (3, 2, '2025-03-04', 40),
    (4, 4, '2025-04-05', 30);
INSERT INTO films VALUES (1, 'Dawn', 'Ray', '1990-01-01'), (2, 'Dusk', 'Lee', '2001-01-01');
INSERT INTO sales VALUES ('Ada', 'North', '150'), ('Ben', 'South', '80'), ('Cy', 'North', '300');
INSERT INTO patients VALUES (1, 'Ed', 'A'), (2, 'Flo', 'D'), (3, 'Gil', 'A');
"""


@pytest.fixture(scope="module")
def firm_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "firm", SCHEMA) as db:
        yield db


def test_a_denied_title_is_a_condition_on_the_title(firm_db) -> None:
    """Staff who are no Boss by title: the two clerks, not the one with no boss."""
    answers(firm_db, "how many staff are not bosses", "SELECT COUNT(*) FROM staff WHERE title <> 'Boss'")


def test_a_role_the_rows_lack_is_an_empty_key(firm_db) -> None:
    answers(firm_db, "how many staff don't have a boss", "SELECT COUNT(*) FROM staff WHERE boss_id IS NULL")


def test_one_rows_extreme_is_answered_by_its_person(firm_db) -> None:
    """The payer of the smallest payment (Cy), not the staff member with the fewest payments (Di)."""
    answers(firm_db, "who made the smallest payment",
            "SELECT staff.name FROM payments JOIN staff ON payments.staff_id = staff.staff_id "
            "ORDER BY payments.amount ASC LIMIT 1")


def test_who_directed_shows_the_director(firm_db) -> None:
    answers(firm_db, "who directed the oldest film", "SELECT director FROM films ORDER BY released ASC LIMIT 1")


def test_amounts_kept_as_text_are_still_compared(firm_db) -> None:
    """A table imported as text keeps its measure: only digits that identify (a postcode) are none."""
    draft = BuiltinEngine(today=TODAY).draft("sales over 100", firm_db)
    assert draft.spec is not None and [(f.column.column, f.op) for f in draft.spec.filters] == [("amount", ">")]


def test_a_value_only_a_view_keeps_is_read_there(firm_db) -> None:
    answers(firm_db, "how many admitted patients are there", "SELECT 2")


def test_a_table_two_keys_join_both_ways_is_not_guessed(firm_db) -> None:
    """A department's manager and a member's department: "their department" names neither key."""
    draft = BuiltinEngine(today=TODAY).draft("list staff and their department", firm_db)
    assert draft.sql is None or "manager_id" not in draft.sql or draft.confidence <= CONFIRM_BELOW, draft.sql
