"""Rankings and follow-ups an analyst types, on a schema built here: "rank <rows> by <measure>" is
one measure per row in order, "and for <value>?" asks about another value, a sort by a column named
in two words or by a "total" column, and a verb in two words after the rows ("signed up")."""

from __future__ import annotations

import pytest

from nl2sql.domain import parse_domain
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import answers, answers_after, schema_database

SCHEMA = """
CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name TEXT, town TEXT, enrolled_on DATE);
CREATE TABLE shelves (shelf_id INTEGER PRIMARY KEY, shelf_name TEXT);
CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                    shelf_id INTEGER REFERENCES shelves (shelf_id), kind TEXT, state TEXT, total_fee REAL,
                    lent_on DATE);
INSERT INTO members VALUES (1, 'Ada', 'Leeds', '2024-02-01'), (2, 'Bo', 'York', '2025-03-01'),
    (3, 'Cy', 'Leeds', '2025-06-01');
INSERT INTO shelves VALUES (1, 'Poetry'), (2, 'Maps');
INSERT INTO loans VALUES (1, 1, 1, 'book', 'late', 4.0, '2025-01-05'), (2, 1, 2, 'map', 'returned', 1.5, '2025-02-05'),
    (3, 2, 1, 'book', 'late', 2.0, '2025-03-05'), (4, 3, 1, 'map', 'late', 6.0, '2025-04-05'),
    (5, 3, 2, 'book', 'returned', 0.5, '2025-05-05'), (6, 3, 1, 'book', 'returned', 3.0, '2025-06-05');
"""


@pytest.fixture(scope="module")
def library_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "library", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("rank towns by number of loans",
     "SELECT town, COUNT(*) FROM loans JOIN members USING (member_id) GROUP BY town ORDER BY COUNT(*) DESC"),
    ("rank shelves by number of loans",
     "SELECT shelf_name, COUNT(*) FROM loans JOIN shelves USING (shelf_id) GROUP BY shelf_id ORDER BY COUNT(*) DESC"),
    ("sort towns by number of loans, lowest first",
     "SELECT town, COUNT(*) FROM loans JOIN members USING (member_id) GROUP BY town ORDER BY COUNT(*) ASC"),
])
def test_ranking_rows_by_a_measure_measures_each_row(library_db, question: str, gold: str) -> None:
    answers(library_db, question, gold, ordered=True)


def test_and_for_another_value_replaces_the_value_and_keeps_the_rest(library_db) -> None:
    answers_after(library_db, ["show loans of kind book", "only the late ones", "and for map?"],
                  "SELECT * FROM loans WHERE kind = 'map' AND state = 'late'")


@pytest.mark.parametrize("follow_up", ["sort them by total fee, highest first", "sort them by total, highest first"])
def test_a_sort_by_a_total_column_sorts_the_rows(library_db, follow_up: str) -> None:
    answers_after(library_db, ["list loans over 1", follow_up],
                  "SELECT * FROM loans WHERE total_fee > 1 ORDER BY total_fee DESC")


def test_a_two_word_verb_after_the_rows_is_no_column_to_show(library_db) -> None:
    """ "which members enrolled in 2025" lists members; "signed up" is the same verb in two words."""
    domain = parse_domain({"columns": {"members.enrolled_on": ["signed up"]}}, library_db.schema)
    draft = BuiltinEngine(today=TODAY, domain=domain).draft("which members signed up in 2025", library_db)
    assert draft.sql is not None and ("SELECT *" in draft.sql or "full_name" in draft.sql), draft.sql


@pytest.mark.parametrize(("question", "gold", "ordered"), [
    ("how many loans had a total fee between $1 and $4", "SELECT COUNT(*) FROM loans WHERE total_fee BETWEEN 1 AND 4",
     False),
    ("in which towns do we have members", "SELECT DISTINCT town FROM members", False),
    ("among shelves with at least 3 loans, which one has the highest average fee",
     "SELECT shelf_name, AVG(total_fee), COUNT(*) FROM shelves JOIN loans USING (shelf_id) GROUP BY shelf_id "
     "HAVING COUNT(*) >= 3 ORDER BY 2 DESC LIMIT 1", True),
])
def test_question_shapes_an_analyst_types(library_db, question: str, gold: str, ordered: bool) -> None:
    answers(library_db, question, gold, ordered=ordered)
