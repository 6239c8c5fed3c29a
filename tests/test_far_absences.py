"""A letting agent's schema, invented here: a complaint is about a let of a flat of a landlord, so a
landlord with no complaints is one none of whose flats had a let that drew one, several one-to-many
hops down. Answers are run and compared with what a hand-written query returns."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import TODAY, read, same_answer, schema_database

LETTINGS = """
    CREATE TABLE landlords (landlord_id INTEGER PRIMARY KEY, landlord_name TEXT);
    CREATE TABLE flats (flat_id INTEGER PRIMARY KEY, landlord_id INTEGER REFERENCES landlords (landlord_id),
                        street TEXT);
    CREATE TABLE lets (let_id INTEGER PRIMARY KEY, flat_id INTEGER REFERENCES flats (flat_id), starts_on DATE);
    CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, let_id INTEGER REFERENCES lets (let_id),
                             about TEXT);
    INSERT INTO landlords VALUES (1, 'Ames'), (2, 'Byrd'), (3, 'Cole'), (4, 'Dunn');
    INSERT INTO flats VALUES (1, 1, 'Elm St'), (2, 1, 'Oak St'), (3, 2, 'Ash St'), (4, 3, 'Fir St'), (5, 4, 'Yew St');
    INSERT INTO lets VALUES (1, 1, '2025-01-01'), (2, 2, '2025-02-01'), (3, 3, '2025-03-01'), (4, 4, '2025-04-01');
    INSERT INTO complaints VALUES (1, 2, 'damp'), (2, 4, 'noise');
"""
WITHOUT = "SELECT landlord_name FROM landlords WHERE landlord_id IN (2, 4)"


@pytest.fixture(scope="module")
def lettings(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "lettings", LETTINGS) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("landlords with no complaints", WITHOUT),
    ("which landlords have never had a complaint?", WITHOUT),
    ("how many landlords have no complaints", "SELECT 2"),
    ("flats without any lets", "SELECT street FROM flats WHERE flat_id NOT IN (SELECT flat_id FROM lets)"),
])
def test_no_rows_several_hops_down_is_an_anti_join(lettings, question: str, gold: str) -> None:
    draft, result = read(lettings, question)
    assert same_answer(result, list(lettings.execute(gold, max_rows=None).rows)), draft.sql


def test_the_explanation_names_the_rows_denied(lettings) -> None:
    draft = BuiltinEngine(today=TODAY).draft("landlords with no complaints", lettings)
    assert "with no complaints" in draft.explanation, draft.explanation
