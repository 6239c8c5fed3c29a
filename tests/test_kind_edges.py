"""Where the readings of kinds, periods, comparisons and states must not fire, on an invented
practice: a non-smoker is no smoker, "for each consultation" averages the consultations (one group
per row measures nothing), "more calories than N" compares, "the largest visit" is no count, a
date with no time has no hour, and a state read from a verb is confirmed before it runs."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import TODAY, read, same_answer, schema_database

PRACTICE = """
    CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, patient_name TEXT, smoking_status TEXT);
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients (patient_id),
                         visit_type TEXT, visit_date DATE, charge REAL, status TEXT);
    CREATE TABLE snacks (snack_id INTEGER PRIMARY KEY, snack_name TEXT, category TEXT, calories INTEGER);
    CREATE TABLE calls (call_id INTEGER PRIMARY KEY, placed_at DATETIME);
    INSERT INTO calls VALUES (1, '2026-01-05 09:10:00'), (2, '2026-01-06 09:40:00'), (3, '2026-01-06 14:00:00');
    INSERT INTO patients VALUES (1, 'Ann', 'smoker'), (2, 'Bea', 'non-smoker'), (3, 'Cal', 'ex-smoker'),
                                (4, 'Dee', 'smoker');
    INSERT INTO visits VALUES (1, 1, 'consultation', '2026-01-05', 60, 'billed'),
                              (2, 2, 'consultation', '2026-01-09', 80, 'paid'),
                              (3, 3, 'checkup', '2026-02-02', 30, 'paid'),
                              (4, 4, 'consultation', '2026-02-10', 70, 'billed');
    INSERT INTO snacks VALUES (1, 'bun', 'bread', 300), (2, 'loaf', 'bread', 450), (3, 'torte', 'cake', 520),
                              (4, 'scone', 'cake', 380);
"""


@pytest.fixture(scope="module")
def practice(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "practice", PRACTICE) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("how many smokers are there", "SELECT 2"),
    ("average charge for each consultation", "SELECT AVG(charge) FROM visits WHERE visit_type = 'consultation'"),
    ("which snacks in bread or cake have more calories than 400",
     "SELECT snack_name FROM snacks WHERE calories > 400"),
])
def test_the_readings_keep_to_their_cases(practice, question: str, gold: str) -> None:
    draft, result = read(practice, question)
    assert same_answer(result, list(practice.execute(gold, max_rows=None).rows)), draft.sql


@pytest.mark.parametrize("question", [
    "which month had the largest visit charge",  # no count of visits: not a period ranked by rows
    "visits by hour of the day",  # a plain date keeps no hour
    "how many visits did we bill",  # 'billed' read from a verb: later states may be billed too
    "which month had the most expensive visit",  # the visit's charge, not a count of visits
])
def test_an_unsettled_reading_is_confirmed(practice, question: str) -> None:
    draft = BuiltinEngine(today=TODAY).draft(question, practice)
    assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


def test_a_moment_grouped_by_its_hour_is_shown_as_the_hour(practice) -> None:
    """ "calls placed" names the moment column; grouped by its hour, the hour is what is shown."""
    draft, result = read(practice, "what time of day are most calls placed")
    assert ("09", 2) in [tuple(row) for row in result.rows], draft.sql
