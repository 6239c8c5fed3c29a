"""Words of a store's and an office's databases, on schemas built here: a state named in full where
its code is kept, text that starts or ends with a piece, a column that is set or empty said as having
one ("earn a commission", "don't get a commission"), a member's own key left empty ("not in any
team"), and a verb that says what is compared ("earning over 9000")."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import answers, answers_after, schema_database

SCHEMA = """
CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT, lead_id INTEGER REFERENCES agents (agent_id));
CREATE TABLE agents (agent_id INTEGER PRIMARY KEY, given_name TEXT, surname TEXT, phone TEXT, state TEXT,
                     salary INTEGER, bonus_rate REAL, team_id INTEGER REFERENCES teams (team_id));
INSERT INTO teams VALUES (1, 'North', 1), (2, 'South', 3);
INSERT INTO agents VALUES (1, 'Ann', 'Hobson', '515-1000', 'CA', 9500, 0.2, 1),
    (2, 'Bo', 'Tate', '212-2000', 'TX', 4000, NULL, 1), (3, 'Cy', 'Hale', '515-3000', 'TX', 12000, 0.1, 2),
    (4, 'Di', 'Parks', '312-4000', 'NY', 3000, NULL, NULL), (5, 'Ed', 'Moss', '515-5000', 'CA', 7000, NULL, 2);
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
    draft = BuiltinEngine(today=TODAY).draft("agents earning over 9000", office_db)
    assert "earning" not in draft.unused, (draft.sql, draft.unused)


def test_a_sort_starting_with_a_superlative_is_no_piece_of_text(office_db) -> None:
    draft = BuiltinEngine(today=TODAY).draft("list agents starting with the highest salary", office_db)
    assert "LIKE" not in (draft.sql or ""), draft.sql
