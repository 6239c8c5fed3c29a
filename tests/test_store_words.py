"""Words of a store's and an office's databases, on schemas built here: a state named in full where
its code is kept, text that starts or ends with a piece, a column that is set or empty said as having
one ("earn a commission", "don't get a commission"), a member's own key left empty ("not in any
team"), and a verb that says what is compared ("earning over 9000")."""

from __future__ import annotations

import pytest

from tests.helpers import answers, answers_after, drafted, schema_database

SCHEMA = """
CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT, lead_id INTEGER REFERENCES agents (agent_id));
CREATE TABLE agents (agent_id INTEGER PRIMARY KEY, given_name TEXT, surname TEXT, phone TEXT, city TEXT, state TEXT,
                     salary INTEGER, bonus_rate REAL, team_id INTEGER REFERENCES teams (team_id));
INSERT INTO teams VALUES (1, 'North', 1), (2, 'South', 3);
INSERT INTO agents VALUES (1, 'Ann', 'Hobson', '515-1000', 'Fresno', 'CA', 9500, 0.2, 1),
    (2, 'Bo', 'Tate', '212-2000', 'Austin', 'TX', 4000, NULL, 1), (3, 'Cy', 'Hale', '515-3000', 'Dallas', 'TX', 12000,
    0.1, 2), (4, 'Di', 'Parks', '312-4000', 'Albany', 'NY', 3000, NULL, NULL),
    (5, 'Ed', 'Moss', '515-5000', 'Fresno', 'CA', 7000, NULL, 2);
"""


@pytest.fixture(scope="module")
def office_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "office", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("agents in California", "SELECT * FROM agents WHERE state = 'CA'"),
    ("how many agents are in texas", "SELECT COUNT(*) FROM agents WHERE state = 'TX'"),
    ("agents with a phone starting with 515", "SELECT * FROM agents WHERE phone LIKE '515%'"),
    ("agents whose surname ends with 'son'", "SELECT * FROM agents WHERE surname LIKE '%son'"),
    ("agents whose surname starts with H", "SELECT * FROM agents WHERE surname LIKE 'H%'"),
    ("how many agents earn a bonus rate", "SELECT COUNT(*) FROM agents WHERE bonus_rate IS NOT NULL"),
    ("which agents don't get a bonus rate", "SELECT * FROM agents WHERE bonus_rate IS NULL"),
    ("agents who are not in any team", "SELECT * FROM agents WHERE team_id IS NULL"),
    ("agents earning over 9000", "SELECT * FROM agents WHERE salary > 9000"),
])
def test_store_and_office_words(office_db, question: str, gold: str) -> None:
    answers(office_db, question, gold)


def test_a_state_said_in_full_in_a_follow_up(office_db) -> None:
    answers_after(office_db, ["list all agents", "only the ones in Texas"], "SELECT * FROM agents WHERE state = 'TX'")


def test_a_verb_that_says_what_is_compared_is_used(office_db) -> None:
    draft = drafted(office_db, "agents earning over 9000")
    assert "earning" not in draft.unused, (draft.sql, draft.unused)


def test_a_sort_starting_with_a_superlative_is_no_piece_of_text(office_db) -> None:
    draft = drafted(office_db, "list agents starting with the highest salary")
    assert "LIKE" not in (draft.sql or ""), draft.sql


CLINIC = """
CREATE TABLE physicians (physician_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, physician_id INTEGER REFERENCES physicians (physician_id),
                     visit_date DATE);
CREATE TABLE remedies (remedy_id INTEGER PRIMARY KEY, remedy_name TEXT, unit_price REAL);
CREATE TABLE receipts (receipt_id INTEGER PRIMARY KEY, method TEXT, amount REAL);
CREATE TABLE clients (client_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT, town TEXT);
INSERT INTO physicians VALUES (1, 'Lin', 'Chen'), (2, 'Ravi', 'Patel');
INSERT INTO visits VALUES (1, 1, '2026-01-02'), (2, 1, '2026-02-03'), (3, 2, '2026-03-04');
INSERT INTO remedies VALUES (1, 'Aspirin', 5), (2, 'Insulin', 45), (3, 'Statin', 25), (4, 'Salve', 25);
INSERT INTO receipts VALUES (1, 'card', 10), (2, 'cash', 5), (3, 'card', 20);
INSERT INTO clients VALUES (1, 'Ann', 'Lee', 'a@x.org', 'Leeds'), (2, 'Bo', 'Ray', 'b@x.org', 'York'),
    (3, 'Cy', 'Fox', 'c@x.org', 'Leeds');
"""


@pytest.fixture(scope="module")
def clinic_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "clinic", CLINIC) as db:
        yield db


def test_a_title_before_a_name_is_read_with_it(clinic_db) -> None:
    query = "SELECT COUNT(*) FROM visits JOIN physicians USING (physician_id) WHERE last_name = 'Patel'"
    answers_after(clinic_db, ["how many visits did Dr. Chen have", "what about Dr. Patel?"], query)
    assert "dr" not in drafted(clinic_db, "how many visits did Dr. Chen have").unused


def test_a_rate_after_an_amount_is_no_grouping(clinic_db) -> None:
    answers(clinic_db, "which remedies cost more than $20 per unit", "SELECT * FROM remedies WHERE unit_price > 20")


def test_a_measure_received_by_a_column_is_grouped_by_it(clinic_db) -> None:
    answers(clinic_db, "total receipts received by method", "SELECT method, SUM(amount) FROM receipts GROUP BY method")


def test_their_column_too_on_people_keeps_both_names(clinic_db) -> None:
    answers_after(clinic_db, ["list clients in Leeds", "show their emails too"],
                  "SELECT first_name, last_name, email FROM clients WHERE town = 'Leeds'")
