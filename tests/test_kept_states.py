"""States a row keeps in its own columns, on a volunteer club built here: a yes/no kept as a
character ("active CHAR(1)" holding 1 and 0), its negation ("inactive") also where a view of some
of the rows holds the word as text, and a role the rows' key names ("volunteers without a team
lead"), which asks whether the key is empty, not for the rows whose lead has another job title."""

from __future__ import annotations

import pytest

from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, job_title TEXT);
CREATE TABLE volunteers (volunteer_id INTEGER PRIMARY KEY, name TEXT, active CHAR(1) NOT NULL,
                         team_lead_id INTEGER REFERENCES staff (staff_id), joined DATE);
CREATE VIEW volunteer_notes AS SELECT volunteer_id, name,
    CASE WHEN active = '1' THEN 'active' ELSE 'inactive' END AS notes FROM volunteers WHERE joined < '2025-01-01';
INSERT INTO staff VALUES (1, 'Gus', 'Team Lead'), (2, 'Hal', 'Coordinator'), (3, 'Ida', 'Team Lead');
INSERT INTO volunteers VALUES (1, 'Ann', '1', 1, '2024-01-02'), (2, 'Bo', '0', NULL, '2024-03-04'),
    (3, 'Cy', '1', 2, '2025-01-05'), (4, 'Di', '1', NULL, '2025-02-06'), (5, 'Ed', '0', 3, '2025-03-07'),
    (6, 'Flo', '1', 1, '2025-04-08');
"""


@pytest.fixture(scope="module")
def club_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "volunteers", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "value"), [("how many active volunteers are there", "1"),
                                                 ("how many inactive volunteers are there", "0")])
def test_a_yes_no_kept_as_a_character_is_a_flag(club_db, question: str, value: str) -> None:
    answers(club_db, question, f"SELECT COUNT(*) FROM volunteers WHERE active = '{value}'")


@pytest.mark.parametrize("question", ["how many volunteers don't have a team lead?",
                                      "how many volunteers are without a team lead"])
def test_a_role_the_key_names_is_empty_when_denied(club_db, question: str) -> None:
    """Two volunteers have no lead; one more has a lead who is no Team Lead by title."""
    answers(club_db, question, "SELECT COUNT(*) FROM volunteers WHERE team_lead_id IS NULL")
