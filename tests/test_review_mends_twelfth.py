"""Where this stop's readings must not reach, found by a review on schemas of its own and kept here on
schemas built here: a head nurse's key named for the nurses is no membership, a pet's owner_id does
not make every person an owner, a continent names no one country, "order" as a noun sorts nothing,
"ranked first" and "the first track on an album" are no dates, "who" names a person by their one name
column, a maximum salary of stores is an aggregate, and "and for <value> too?" adds the value."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.errors import EngineError
from tests.helpers import answers, answers_after, drafted, schema_database

SCHEMA = """
CREATE TABLE wards (ward_id INTEGER PRIMARY KEY, ward_name TEXT, nurse_id INTEGER REFERENCES nurses (nurse_id));
CREATE TABLE nurses (nurse_id INTEGER PRIMARY KEY, full_name TEXT, hired_on DATE,
                     assigned_ward_id INTEGER REFERENCES wards (ward_id));
CREATE TABLE people (person_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
CREATE TABLE pets (pet_id INTEGER PRIMARY KEY, pet_name TEXT, owner_id INTEGER REFERENCES people (person_id));
CREATE TABLE lands (code TEXT PRIMARY KEY, land_name TEXT, continent TEXT);
CREATE TABLE land_speech (code TEXT REFERENCES lands (code), tongue TEXT, PRIMARY KEY (code, tongue));
CREATE TABLE albums (album_id INTEGER PRIMARY KEY, album_title TEXT);
CREATE TABLE tracks (track_id INTEGER PRIMARY KEY, title TEXT, track_number INTEGER, added_on DATE,
                     album_id INTEGER REFERENCES albums (album_id));
CREATE TABLE charts (track_id INTEGER REFERENCES tracks (track_id), week INTEGER, position INTEGER);
CREATE TABLE shops (shop_id INTEGER PRIMARY KEY, shop_name TEXT);
CREATE TABLE grades (grade_id INTEGER PRIMARY KEY, grade_title TEXT, min_salary REAL, max_salary REAL);
CREATE TABLE clerks (clerk_id INTEGER PRIMARY KEY, clerk_name TEXT, salary REAL,
                     shop_id INTEGER REFERENCES shops (shop_id), grade_id INTEGER REFERENCES grades (grade_id));
CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, buyer TEXT, paid_by TEXT, total REAL);
INSERT INTO wards VALUES (1, 'Recovery', 1), (2, 'Surgery', 4);
INSERT INTO nurses VALUES (1, 'Ann', '2020-01-01', 1), (2, 'Bo', '2021-01-01', 1), (3, 'Cy', '2022-01-01', 2),
    (4, 'Di', '2023-01-01', 2), (5, 'Ed', '2019-06-01', 2);
INSERT INTO people VALUES (1, 'Fay', 'Leeds'), (2, 'Gus', 'Leeds'), (3, 'Hal', 'York'), (4, 'Ivy', 'York');
INSERT INTO pets VALUES (1, 'Rex', 1), (2, 'Tom', 1), (3, 'Kit', 3);
INSERT INTO lands VALUES ('FR', 'France', 'Europe'), ('CH', 'Switzerland', 'Europe'), ('JP', 'Japan', 'Asia');
INSERT INTO land_speech VALUES ('FR', 'French'), ('CH', 'French'), ('CH', 'German'),
    ('JP', 'Japanese');
INSERT INTO albums VALUES (1, 'Dawn'), (2, 'Dusk');
INSERT INTO tracks VALUES (1, 'Rise', 1, '2024-05-01', 1), (2, 'Glow', 2, '2024-01-01', 1),
    (3, 'Fall', 1, '2024-02-01', 2);
INSERT INTO charts VALUES (1, 2, 2), (2, 2, 1), (3, 2, 3);
INSERT INTO shops VALUES (1, 'Downtown'), (2, 'Uptown'), (3, 'Harbour');
INSERT INTO grades VALUES (1, 'Junior', 20000, 90000), (2, 'Senior', 50000, 120000);
INSERT INTO clerks VALUES (1, 'Jo', 95000, 1, 2), (2, 'Kay', 30000, 2, 1), (3, 'Lu', 88000, 2, 2),
    (4, 'Mo', 40000, 3, 2);
INSERT INTO sales VALUES (1, 'Ann', 'card', 10), (2, 'Ann', 'card', 30), (3, 'Bo', 'paypal', 20), (4, 'Cy', 'cash', 5);
"""


@pytest.fixture(scope="module")
def mixed_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "mixed", SCHEMA) as db:
        yield db


def _not_sure_of(db, question: str, wrong_sql: str) -> None:
    try:
        draft = drafted(db, question)
    except EngineError:
        return  # not understood, said so
    assert draft.sql is None or draft.sql != wrong_sql or draft.confidence <= CONFIRM_BELOW, draft.sql


@pytest.mark.parametrize(("question", "gold"), [
    ("how many nurses are on the Recovery ward",
     "SELECT COUNT(*) FROM nurses JOIN wards ON assigned_ward_id = ward_id WHERE ward_name = 'Recovery'"),
    ("how many nurses are in each ward",
     "SELECT ward_name, COUNT(*) FROM nurses JOIN wards ON assigned_ward_id = ward_id GROUP BY ward_id"),
])
def test_the_key_the_table_of_more_rows_holds_is_the_membership(mixed_db, question: str, gold: str) -> None:
    """A ward's nurse_id (its head nurse) is named for the nurses, but each nurse's assigned_ward_id
    says whose ward they work on: the nurses outnumber the wards."""
    answers(mixed_db, question, gold)


def test_a_role_of_a_table_of_things_names_no_rows(mixed_db) -> None:
    _not_sure_of(mixed_db, "how many owners are there", "SELECT COUNT(*) AS person_count FROM people")


def test_a_value_shared_by_many_rows_fixes_no_half_of_a_pair(mixed_db) -> None:
    """Europe is two lands: their tongue rows count French twice."""
    draft = drafted(mixed_db, "how many tongues are spoken in Europe")
    assert draft.sql is None or "DISTINCT" in draft.sql or draft.confidence <= CONFIRM_BELOW, draft.sql


def test_order_as_a_noun_ranks_nothing(mixed_db) -> None:
    draft = drafted(mixed_db, "what is the average sale total by Ann")
    assert draft.sql is not None and "GROUP BY" not in draft.sql, draft.sql


@pytest.mark.parametrize("question", ["what is the title of the track ranked first in week 2",
                                      "what is the title of the first track on Dawn"])
def test_first_of_a_rank_or_a_number_is_no_date(mixed_db, question: str) -> None:
    draft = drafted(mixed_db, question)
    assert "added_on" not in (draft.sql or ""), draft.sql


def test_who_names_a_person_by_their_one_name_column(mixed_db) -> None:
    answers(mixed_db, "who was hired first", "SELECT full_name FROM nurses ORDER BY hired_on LIMIT 1")
    assert "full_name" in (drafted(mixed_db, "who was hired first").sql or "")


def test_a_maximum_of_other_rows_is_an_aggregate(mixed_db) -> None:
    answers(mixed_db, "which shops have a maximum salary above 85000",
            "SELECT shop_name, MAX(salary) FROM shops JOIN clerks USING (shop_id) GROUP BY shop_id "
            "HAVING MAX(salary) > 85000")


def test_and_for_another_value_too_adds_it(mixed_db) -> None:
    answers_after(mixed_db, ["how many sales were paid by card", "and for paypal too?"],
                  "SELECT COUNT(*) FROM sales WHERE paid_by IN ('card', 'paypal')")


RENTALS = """
CREATE TABLE tenants (tenant_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, phone TEXT);
CREATE TABLE homes (home_id INTEGER PRIMARY KEY, street TEXT, city TEXT, state TEXT);
CREATE TABLE leases (lease_id INTEGER PRIMARY KEY, home_id INTEGER REFERENCES homes (home_id),
                     tenant_id INTEGER REFERENCES tenants (tenant_id), rent REAL);
CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, state TEXT, cost REAL, weight_kg REAL,
                      depot TEXT);
CREATE TABLE courses (course_id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE takes (tenant_id INTEGER REFERENCES tenants (tenant_id), course_id INTEGER REFERENCES courses (course_id));
INSERT INTO tenants VALUES (1, 'Virginia', 'Hall', '555-1'), (2, 'Bo', 'Moss', '555-2'), (3, 'Georgia', 'Reyes', NULL);
INSERT INTO homes VALUES (1, '1 Elm St', 'Austin', 'TX'), (2, '2 Oak St', 'Fresno', 'CA'),
    (3, '3 Ash St', 'Richmond', 'VA');
INSERT INTO leases VALUES (1, 1, 1, 2000), (2, 2, 2, 2600), (3, 3, 3, 1800);
INSERT INTO parcels VALUES (1, 'CA', 1200, 5, 'North'), (2, 'DE', 300, 600, 'North'), (3, 'IN', 1500, 20, 'South'),
    (4, 'IN', 900, 700, 'South');
INSERT INTO courses VALUES (1, 'Starting With Python'), (2, 'Tax Basics');
INSERT INTO takes VALUES (1, 1), (2, 2), (3, 1);
"""


@pytest.fixture(scope="module")
def rentals_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "rentals", RENTALS) as db:
        yield db


def test_a_stored_first_name_wins_over_a_state_of_that_name(rentals_db) -> None:
    answers(rentals_db, "how much rent does Virginia pay",
            "SELECT SUM(rent) FROM leases JOIN tenants USING (tenant_id) WHERE first_name = 'Virginia'")


def test_two_letter_statuses_are_no_states(rentals_db) -> None:
    """CA, DE, IN here say cancelled, delivered, in transit: no column of the parcels is a place."""
    _not_sure_of(rentals_db, "how many parcels are in Indiana", "SELECT COUNT(*) AS parcel_count FROM parcels "
                 "WHERE state = 'IN'")


def test_per_and_a_column_after_an_amount_still_groups(rentals_db) -> None:
    answers(rentals_db, "count the parcels costing more than $1000 per depot",
            "SELECT depot, COUNT(*) FROM parcels WHERE cost > 1000 GROUP BY depot")


@pytest.mark.parametrize(("question", "gold"), [
    ("which tenants have a last name starting with the letter M", "SELECT * FROM tenants WHERE last_name LIKE 'M%'"),
    ("which tenants take Starting With Python",
     "SELECT * FROM tenants WHERE tenant_id IN (SELECT tenant_id FROM takes JOIN courses USING (course_id) "
     "WHERE title = 'Starting With Python')"),
])
def test_starting_with_reads_its_piece_and_leaves_titles_alone(rentals_db, question: str, gold: str) -> None:
    answers(rentals_db, question, gold)


def test_get_as_the_request_is_no_having(rentals_db) -> None:
    draft = drafted(rentals_db, "Get a phone number for every tenant.")
    assert "IS NULL" not in (draft.sql or ""), draft.sql


def test_a_verb_names_a_column_only_by_all_its_words(rentals_db) -> None:
    """ "loaded" is no word of the cost: the comparison is not made sure by it."""
    draft = drafted(rentals_db, "parcels loaded over 500")
    assert "loaded" in draft.unused or draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.unused)
