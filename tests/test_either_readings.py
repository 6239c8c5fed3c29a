"""Conditions joined by "or", on a harbour schema built here: a row meets any one of them, on one
column or on several, through a related table too; "or" inside one condition lists its values."""

from __future__ import annotations

import pytest

from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE vessel (vessel_id INTEGER PRIMARY KEY, name TEXT, built_year INTEGER, tonnage REAL, flag TEXT,
                     owner_id INTEGER REFERENCES owner (owner_id));
INSERT INTO owner VALUES (1, 'Fjord Lines', 'Norway'), (2, 'Aegean Co', 'Greece'), (3, 'Baltic Ltd', 'Latvia');
INSERT INTO vessel VALUES (1, 'Skarv', 1985, 3000, 'Panama', 1), (2, 'Terna', 2018, 9000, 'Liberia', 1),
    (3, 'Meltemi', 2003, 4500, 'Liberia', 2), (4, 'Gull', 1979, 1200, 'Malta', 3),
    (5, 'Nereid', 2016, 7000, 'Malta', 2), (6, 'Dune', 1995, 2000, 'Panama', 3);
"""


@pytest.fixture(scope="module")
def harbour_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "harbour", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("How many vessels were built after 2015 or before 1990?",
     "SELECT COUNT(*) FROM vessel WHERE built_year > 2015 OR built_year < 1990"),
    ("What are the names of vessels with a tonnage over 5000 or built before 1990?",
     "SELECT name FROM vessel WHERE tonnage > 5000 OR built_year < 1990"),
    ("List the names of the vessels flagged in Panama or with an owner from Greece.",
     "SELECT v.name FROM vessel v JOIN owner o ON o.owner_id = v.owner_id WHERE v.flag = 'Panama' "
     "OR o.country = 'Greece'"),
    # a condition on related rows that repeat the row: one EXISTS inside the OR
    ("Which owners are from Latvia or have a vessel built before 1990?",
     "SELECT * FROM owner WHERE country = 'Latvia' "
     "OR owner_id IN (SELECT owner_id FROM vessel WHERE built_year < 1990)"),
])
def test_conditions_joined_by_or(harbour_db, question: str, gold: str) -> None:
    answers(harbour_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("names of vessels whose tonnage is either 3000 or 4500",
     "SELECT name FROM vessel WHERE tonnage IN (3000, 4500)"),
    ("names of vessels flagged in Panama or Malta", "SELECT name FROM vessel WHERE flag IN ('Panama', 'Malta')"),
    ("How many vessels were built after 1990 and before 2010?",
     "SELECT COUNT(*) FROM vessel WHERE built_year > 1990 AND built_year < 2010"),
])
def test_or_inside_one_condition_and_plain_and(harbour_db, question: str, gold: str) -> None:
    answers(harbour_db, question, gold)


def test_the_or_is_used_and_raises_no_doubt(harbour_db) -> None:
    """The "or" that joins the conditions is a word the query uses, and two bounds no value meets
    together are no empty range once they are alternatives."""
    draft = BuiltinEngine().draft("How many vessels were built after 2015 or before 1990?", harbour_db)
    signals = dict(draft.signals)
    assert draft.unused == () and signals["or_as_and"] == 0.0 and signals["empty_range"] == 0.0
    assert "whose built year is at least 2016 or whose built year is under 1990" in draft.explanation


def test_a_follow_up_keeps_the_alternatives(harbour_db) -> None:
    """A condition added by a follow-up holds beside the alternatives, which still hold together."""
    engine = BuiltinEngine()
    first = engine.draft("vessels built after 2015 or before 1990", harbour_db)
    draft = engine.refine(RefinementContext(first, first.sql, "those flagged in Malta", current_spec=first.spec),
                          harbour_db)
    result = harbour_db.execute(draft.sql, max_rows=None)
    names = result.columns.index("name")
    assert sorted(row[names] for row in result.rows) == ["Gull", "Nereid"], draft.sql
