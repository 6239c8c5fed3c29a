"""What a schema says about its own rows, read on schemas built here: a key's one-word name is a
name of the rows it points to, a count of pair-keyed rows with one half fixed counts the other
half, and of two keys between two tables a join takes the one that says whose rows they are."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from tests.helpers import answers, answers_after, drafted, schema_database

SCHEMA = """
CREATE TABLE crews (crew_id INTEGER PRIMARY KEY, crew_name TEXT,
                    leader_id INTEGER REFERENCES sailors (sailor_id));
CREATE TABLE sailors (sailor_id INTEGER PRIMARY KEY, name TEXT, wage REAL,
                      boss_id INTEGER REFERENCES sailors (sailor_id), crew_id INTEGER REFERENCES crews (crew_id));
CREATE TABLE athlete (id INTEGER PRIMARY KEY, name TEXT, grade INTEGER);
CREATE TABLE rivalry (member_id INTEGER REFERENCES athlete (id), rival_id INTEGER REFERENCES athlete (id));
CREATE TABLE medal (medal_id INTEGER PRIMARY KEY, athlete_id INTEGER REFERENCES athlete (id), won INTEGER);
CREATE TABLE nation (code TEXT PRIMARY KEY, name TEXT);
CREATE TABLE nation_speech (nation_code TEXT REFERENCES nation (code), tongue TEXT, official TEXT,
                         PRIMARY KEY (nation_code, tongue));
INSERT INTO crews VALUES (1, 'Gulls', 1), (2, 'Terns', 4);
INSERT INTO sailors VALUES (1, 'Ada', 50, NULL, 1), (2, 'Bo', 30, 1, 1), (3, 'Cy', 20, 1, 1), (4, 'Di', 40, 1, 2),
    (5, 'Ed', 10, 4, 2);
INSERT INTO athlete VALUES (1, 'Fay', 9), (2, 'Gus', 10), (3, 'Hal', 9);
INSERT INTO rivalry VALUES (1, 2), (2, 3), (1, 3);
INSERT INTO medal VALUES (1, 1, 2024), (2, 1, 2025), (3, 3, 2025);
INSERT INTO nation VALUES ('FR', 'France'), ('CH', 'Switzerland');
INSERT INTO nation_speech VALUES ('FR', 'French', 'T'), ('FR', 'Breton', 'F'), ('CH', 'French', 'T'),
    ('CH', 'German', 'T'), ('CH', 'Italian', 'T');
"""


@pytest.fixture(scope="module")
def harbour_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "harbour", SCHEMA) as db:
        yield db


def _sure(db, question: str) -> bool:
    return drafted(db, question).confidence > CONFIRM_BELOW


@pytest.mark.parametrize(("question", "gold"), [
    ("how many sailors does each crew have",
     "SELECT crews.crew_name, COUNT(*) FROM sailors JOIN crews ON sailors.crew_id = crews.crew_id "
     "GROUP BY crews.crew_id"),
    ("what is the average wage in each crew",
     "SELECT crews.crew_name, AVG(wage) FROM sailors JOIN crews ON sailors.crew_id = crews.crew_id "
     "GROUP BY crews.crew_id"),
    ("list the sailors in the Gulls crew",
     "SELECT sailors.* FROM sailors JOIN crews ON sailors.crew_id = crews.crew_id WHERE crew_name = 'Gulls'"),
])
def test_a_join_takes_the_key_that_says_whose_rows_they_are(harbour_db, question: str, gold: str) -> None:
    """A crew's leader_id names one sailor in a role; a sailor's crew_id says which crew they sail in."""
    answers(harbour_db, question, gold)


def test_a_keys_one_word_name_names_the_rows_it_points_to(harbour_db) -> None:
    answers(harbour_db, "how many members are there", "SELECT COUNT(*) FROM athlete")
    assert _sure(harbour_db, "how many members are there")
    answers(harbour_db, "show the names of members in grade 9", "SELECT name FROM athlete WHERE grade = 9")


def test_a_key_into_its_own_table_names_no_rows(harbour_db) -> None:
    """boss_id points from sailors to sailors: bosses are some of them, not all."""
    draft = drafted(harbour_db, "how many bosses are there")
    assert draft.sql is None or draft.sql != "SELECT COUNT(*) AS sailor_count FROM sailors" \
        or draft.confidence <= CONFIRM_BELOW, draft.sql


def test_counting_pairs_with_one_half_fixed_counts_the_other_half(harbour_db) -> None:
    answers(harbour_db, "how many tongues does Switzerland have", "SELECT 3")
    assert _sure(harbour_db, "how many tongues does Switzerland have")
    assert _sure(harbour_db, "how many official tongues does France have")


def test_counting_every_pair_is_no_count_of_one_half(harbour_db) -> None:
    """Over every nation, the rows are not the tongues: French is counted twice."""
    draft = drafted(harbour_db, "how many tongues are there")
    assert draft.sql is None or "DISTINCT" in draft.sql or draft.confidence <= CONFIRM_BELOW, draft.sql


def test_corresponding_adds_nothing_to_a_rows_own_column(harbour_db) -> None:
    answers(harbour_db, "list the athletes and their corresponding grade", "SELECT name, grade FROM athlete")
    assert _sure(harbour_db, "list the athletes and their corresponding grade")


@pytest.mark.parametrize(("question", "gold"), [
    ("list the sailors and their wage", "SELECT name, wage FROM sailors"),
    ("show sailors with their wages", "SELECT name, wage FROM sailors"),
    ("list the athletes and their grade", "SELECT name, grade FROM athlete"),
])
def test_the_rows_own_columns_said_after_them_are_shown_beside_their_names(harbour_db, question: str,
                                                                          gold: str) -> None:
    answers(harbour_db, question, gold)
    assert _sure(harbour_db, question)


def test_a_follow_up_naming_the_same_rows_keeps_its_negation(harbour_db) -> None:
    answers_after(harbour_db, ["show the mean grade of athletes", "how about for athletes who have no medals"],
                  "SELECT AVG(grade) FROM athlete WHERE id NOT IN (SELECT athlete_id FROM medal)")


def test_rows_kept_by_a_count_show_the_columns_a_follow_up_asks_for(harbour_db) -> None:
    answers_after(harbour_db, ["show the names of crews with at least 2 sailors", "what are their ids"],
                  "SELECT crew_id FROM crews")
