"""Words that point at an earlier result, on a kennel club's schema built here.

A line like "what are their names?" means the dogs just shown. Read as a new question it cannot
use "their": the reading is partial, names the word, and stays below the confirmation threshold.
With no earlier line the same words point at nothing and are not counted. Case that a whole
line shares (typed in capitals) marks no word as a code or a name.
"""

from __future__ import annotations

import pytest

from nl2sql.engines.base import PastTurn
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.workflows.session import SessionOptions, open_session
from tests.helpers import schema_database

SCHEMA = """
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, full_name TEXT, county TEXT);
CREATE TABLE dog (dog_id INTEGER PRIMARY KEY, call_name TEXT, breed TEXT, birth_year INTEGER, weight REAL,
                  owner_id INTEGER REFERENCES owner (owner_id));
CREATE TABLE county (code TEXT PRIMARY KEY, county_name TEXT);
INSERT INTO owner VALUES (1, 'Ida Park', 'Kent'), (2, 'Olu Benn', 'Devon'), (3, 'Rae Moss', 'Kent');
INSERT INTO dog VALUES (1, 'Bramble', 'beagle', 2012, 11.0, 1), (2, 'Pip', 'whippet', 2013, 13.5, 2),
    (3, 'Juno', 'beagle', 2021, 10.0, 3), (4, 'Moss', 'collie', 2020, 19.0, 1);
INSERT INTO county VALUES ('IS', 'Isles'), ('KE', 'Kent'), ('DE', 'Devon');
"""
EARLIER = (PastTurn("dogs born after 2015", "SELECT * FROM dog WHERE birth_year > 2015"),)
THRESHOLD = 0.75


@pytest.fixture(scope="module")
def kennel_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "kennel", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("line", "pointing"), [
    ("what are their names?", ("their",)),
    ("show the breed of them", ("them",)),
    ("which one is the heaviest dog?", ("which", "one")),
    ("what is the weight of that dog?", ("that",)),
    ("what about beagles?", ("what", "about")),
    ("also show the weight", ("also",)),
])
def test_a_new_reading_leaves_pointing_words_unused(kennel_db, line: str, pointing: tuple[str, ...]) -> None:
    engine = BuiltinEngine()
    alone = engine.draft(line, kennel_db)
    after = engine.draft(line, kennel_db, history=EARLIER)
    assert set(pointing) <= set(after.unused)
    assert not set(pointing) & set(alone.unused)
    assert after.confidence <= THRESHOLD
    assert "I did not use" in after.explanation


@pytest.mark.parametrize("line", [
    "names of dogs that were born after 2015",
    "owners with dogs and their counties",
    "dogs whose owners live in Kent",
])
def test_words_that_point_inside_the_line_are_not_counted(kennel_db, line: str) -> None:
    """A relative "that", or "their" after the noun it stands for, is about the line itself."""
    engine = BuiltinEngine()
    assert engine.draft(line, kennel_db, history=EARLIER).unused == engine.draft(line, kennel_db).unused


def test_a_line_after_a_failed_question_still_points_back(kennel_db) -> None:
    """The earlier question failed, but the person still means what they asked about."""
    failed = (PastTurn("the three-year old cat", error="I could not match 'cat'."),)
    draft = BuiltinEngine().draft("what are their names?", kennel_db, history=failed)
    assert "their" in draft.unused
    assert draft.confidence <= THRESHOLD


def test_a_follow_up_that_points_back_edits_the_current_query(kennel_db) -> None:
    """Routing gains from the accounting: the edit uses "their", a fresh reading does not."""
    session = open_session(kennel_db, SessionOptions(clarify="auto"))
    session.process_turn("dogs born after 2015")
    result = session.process_turn("what are their names?")
    assert result.intent == "refinement"
    assert result.result is not None
    assert sorted(row[0] for row in result.result.rows) == ["Juno", "Moss"]


def test_a_line_in_capitals_reads_no_function_word_as_a_code(kennel_db) -> None:
    shouted = BuiltinEngine().draft("WHAT IS THE CODE OF ISLES", kennel_db)
    assert "'IS'" not in shouted.sql
    assert "'Isles'" in shouted.sql
    loud = BuiltinEngine().draft("WHAT IS Isles code?", kennel_db)
    assert "'IS'" not in loud.sql
    coded = BuiltinEngine().draft("county names with the code IS", kennel_db)
    assert "'IS'" in coded.sql
