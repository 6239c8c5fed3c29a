"""Words the built query expresses without naming a table, column or value are used; words it
does not express stay unused (and keep the reading below the confirmation threshold).

Every case runs on schemas built here: a harbour where one key joins captains to ships and two
keys join voyages to ports (departure and arrival), and a club whose friendships point to
members twice (the member and the friend), declared in both orders so that either key can be
the one the query crosses.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import all_rows, built_sqlite, opened, same_answer, schema_database

HARBOUR = """
    CREATE TABLE ports (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, IndepYear INTEGER);
    CREATE TABLE captains (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, age INTEGER);
    CREATE TABLE ships (id INTEGER PRIMARY KEY, name TEXT NOT NULL, tonnage INTEGER,
                        captain_id INTEGER REFERENCES captains (id));
    CREATE TABLE voyages (id INTEGER PRIMARY KEY, ship_id INTEGER REFERENCES ships (id),
                          departure_port_id INTEGER REFERENCES ports (id),
                          arrival_port_id INTEGER REFERENCES ports (id), days INTEGER);
    CREATE TABLE crane_data (id INTEGER PRIMARY KEY, capacity INTEGER, port_id INTEGER REFERENCES ports (id));
    CREATE TABLE spare_crane_parts (id INTEGER PRIMARY KEY, label TEXT, crane_id INTEGER REFERENCES crane_data (id));
    INSERT INTO ports VALUES (1, 'Genoa', 'Italy', 1861), (2, 'Rotterdam', 'Netherlands', 1815),
                             (3, 'Lisbon', 'Portugal', 1143);
    INSERT INTO captains VALUES (1, 'Anna', 'Genoa', 40), (2, 'Bruno', 'Lisbon', 50), (3, 'Carla', 'Genoa', 35);
    INSERT INTO ships VALUES (1, 'Aurora', 1200, 1), (2, 'Borea', 800, 2), (3, 'Calypso', 300, 1);
    INSERT INTO voyages VALUES (1, 1, 1, 2, 5), (2, 1, 2, 3, 7), (3, 2, 3, 1, 4);
    INSERT INTO crane_data VALUES (1, 10, 1), (2, 30, 1);
    INSERT INTO spare_crane_parts VALUES (1, 'hook', 1), (2, 'cable', 2);
"""
CLUB = """
    CREATE TABLE Member (ID INTEGER PRIMARY KEY, name TEXT, grade INTEGER);
    CREATE TABLE Friendship ({keys});
    INSERT INTO Member VALUES (1, 'Ann', 9), (2, 'Ben', 10), (3, 'Cy', 9);
    INSERT INTO Friendship VALUES (1, 2), (2, 1), (1, 3);
"""
KEYS = ("student_id INTEGER REFERENCES Member (ID), friend_id INTEGER REFERENCES Member (ID)",
        "friend_id INTEGER REFERENCES Member (ID), student_id INTEGER REFERENCES Member (ID)")


@pytest.fixture(scope="module")
def harbour(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "harbour", HARBOUR) as db:
        yield db


@pytest.fixture(scope="module", params=KEYS, ids=["member-key-first", "friend-key-first"])
def club(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    path: Path = built_sqlite(tmp_path_factory.mktemp("club"), "club", CLUB.format(keys=request.param))
    with opened(path) as db:
        yield db


def _draft(db, question: str):
    return BuiltinEngine(today=TODAY).draft(question, db)


EXPRESSED = [  # (question, a part the SQL must have): every content word is used
    # a verb between two tables joined along the one key between them
    ("Show the names of captains who have commanded more than one ship.", "HAVING"),
    # a verb between rows and a value of their own column, or one that "it" stands for
    ("Names of captains living in Genoa.", "city = 'Genoa'"),
    ("List each city and the number of captains living in it.", "GROUP BY city"),
    ("How many captains live in Genoa?", "city = 'Genoa'"),
    ("Which cities do the captains come from?", "SELECT city"),
    # a word English uses mostly as a verb, with no "who" or -ed to mark it
    ("How many captains steer a ship named Aurora?", "ships.name = 'Aurora'"),
    # the -s of a verb after a relative pronoun
    ("Give the name of the captain that commands the ship Aurora.", "ships.name = 'Aurora'"),
    # "number of" after a superlative, when the query ranks by that count
    ("Which captain has the greatest number of ships?", "ORDER BY COUNT"),
    # "either" before the values of an IN list
    ("Names of ports in either Italy or Portugal.", "IN ('Italy', 'Portugal')"),
    # "both" before two shown columns
    ("List both the name and the tonnage of ships.", "tonnage"),
    # "information" when every column is shown
    ("Give me all the information on ships.", "SELECT *"),
    # "in total" of a count
    ("How many ships in total?", "COUNT(*)"),
    # a table named without the function words of its name
    ("How many cranes have a capacity over 20?", "crane_data"),
    ("What is the largest capacity of all cranes?", "MAX(capacity)"),
    # the whole sort phrase: its verb and "in ... order"
    ("List the names of ships sorted alphabetically.", "ORDER BY name"),
    ("List the names of ships ordered by tonnage in descending order.", "ORDER BY tonnage DESC"),
    ("List the names of ships, sorted descending by their tonnage.", "ORDER BY tonnage DESC"),
    # "along with", "as well as" join a column to the list shown; "his or her" refers to the rows named
    ("List the name of each ship along with its tonnage.", "tonnage"),
    ("Show the name of each captain as well as the age.", "age"),
    ("Which captain has the most ships? Show his or her name and age.", "captains.age"),
    # "listed", "exist" say the rows are in the table; "compute" asks like "show"
    ("How many ports are listed?", "COUNT(*)"),
    ("How many ports exist?", "COUNT(*)"),
    ("Compute the average age of every captain.", "AVG(age)"),
    # greetings, "in the table", the pieces of "whats" carry no content
    ("Hi. How many ports are in the table?", "COUNT(*)"),
    ("whats the average age of captains", "AVG(age)"),
    # a quoted word is a value, even one that is a greeting elsewhere
    ("Show the names of ships with 'Hey' in their name.", "LIKE '%Hey%'"),
    # "different" before a column the query groups by; "shared by" at least N rows of a group
    ("What is the maximum age for the different cities of captains?", "GROUP BY city"),
    ("Show the cities shared by at least two captains.", "HAVING COUNT(*) >= 2"),
    # "total" after "are there", a sort requested by its first word
    ("How many ships are there total?", "COUNT(*)"),
    ("Sort all the ships in descending order of tonnage.", "ORDER BY tonnage DESC"),
    # an abbreviation of a column's name spelled out
    ("What is the independence year of Genoa?", "IndepYear"),
    # a word of a table's name just before the word that linked it
    ("How many spare parts are there?", "spare_crane_parts"),
]


@pytest.mark.parametrize(("question", "part"), EXPRESSED, ids=[c[0] for c in EXPRESSED])
def test_words_the_query_expresses_are_used(harbour, question: str, part: str) -> None:
    draft = _draft(harbour, question)
    assert part in draft.sql, draft.sql
    assert draft.unused == (), (draft.sql, draft.unused)


@pytest.mark.parametrize(("question", "verb", "key"), [
    ("How many voyages departing from Genoa?", "departing", "departure_port_id"),
    ("How many voyages arriving in Genoa?", "arriving", "arrival_port_id"),
])
def test_a_verb_that_picks_one_of_two_keys_is_used_only_with_that_key(harbour, question: str, verb: str,
                                                                       key: str) -> None:
    draft = _draft(harbour, question)
    assert "JOIN ports" in draft.sql or "FROM ports" in draft.sql, draft.sql  # joined, or a route's end
    assert (key in draft.sql) == (verb not in draft.unused), (draft.sql, draft.unused)


def test_the_verbs_keys_are_told_apart(harbour) -> None:
    """The two questions name different ends of a voyage: each is read along its own key, whole."""
    for question, key in (("How many voyages departing from Genoa?", "departure_port_id"),
                          ("How many voyages arriving in Genoa?", "arrival_port_id")):
        draft = _draft(harbour, question)
        assert key in draft.sql and not draft.unused, (draft.sql, draft.unused)


def test_only_one_is_a_number_the_query_must_use(harbour) -> None:
    """ "the one with" has no content, "only one captain" is a count the query must keep."""
    draft = _draft(harbour, "Which cities have only one captain?")
    assert "HAVING" not in draft.sql, draft.sql
    assert "one" in draft.unused and draft.confidence < 0.75, (draft.sql, draft.unused)


def test_a_pronoun_alone_stays_unused(harbour) -> None:
    """ "her" names someone (of an earlier turn): a condition the query must carry."""
    draft = _draft(harbour, "What is her age?")
    assert "WHERE" not in draft.sql and "her" in draft.unused, (draft.sql, draft.unused)


def test_number_of_rows_reached_along_one_of_two_keys_stays_unused(harbour) -> None:
    """An airport's "number of voyages": leaving it or arriving at it? The count does not say."""
    draft = _draft(harbour, "Which port has the greatest number of voyages?")
    assert "ORDER BY COUNT" in draft.sql and "number" in draft.unused, (draft.sql, draft.unused)
    assert draft.confidence < 0.75


def test_a_condition_no_column_can_hold_keeps_the_reading_partial(harbour) -> None:
    """Ships have no year: the join the verb names is built, the condition on it is not."""
    draft = _draft(harbour, "Which captains commanded a ship built in the year 1990?")
    assert "1990" in draft.unused and draft.confidence < 0.75, (draft.sql, draft.unused)


def test_a_verb_whose_object_names_nothing_stays_unused(harbour) -> None:
    """The verb relates the rows to something the query does not read: neither is used."""
    draft = _draft(harbour, "Which captains play chess?")
    assert {"play", "chess"} <= set(draft.unused), (draft.sql, draft.unused)


def test_either_before_a_condition_read_with_and_stays_unused(harbour) -> None:
    draft = _draft(harbour, "Names of captains living either in Genoa and older than 45.")
    assert " AND " in draft.sql, draft.sql
    assert "either" in draft.unused and draft.confidence < 0.75, (draft.sql, draft.unused)


def test_information_beside_chosen_columns_stays_unused(harbour) -> None:
    draft = _draft(harbour, "What is the name and all the information about the oldest captain?")
    assert "SELECT *" not in draft.sql, draft.sql
    assert "information" in draft.unused, (draft.sql, draft.unused)


def test_a_table_word_asked_for_stays_unused_when_only_an_aggregate_is_shown(harbour) -> None:
    """ "which crane" asks for a crane; the largest capacity alone does not say which one."""
    draft = _draft(harbour, "Which crane has the largest capacity?")
    if "SELECT MAX(" in draft.sql:
        assert "crane" in draft.unused, (draft.sql, draft.unused)
    else:
        assert "ORDER BY capacity DESC" in draft.sql and draft.unused == (), (draft.sql, draft.unused)


def test_a_key_names_the_rows_it_points_to_only_when_the_query_crosses_it(club) -> None:
    """Friendship.student_id calls members "students"; friend_id calls them friends. A query that
    reads friendships along friend_id has not used "students"."""
    for question in ("Names of the students that have no friends.",
                     "Give the average grade of the students that have friends."):
        draft = _draft(club, question)
        assert "Friendship." in draft.sql, draft.sql
        assert ("Friendship.student_id" in draft.sql) == ("students" not in draft.unused), (draft.sql, draft.unused)


def test_the_rows_at_the_other_end_of_a_two_key_table_are_confirmed(club) -> None:
    """"friends of Ann": the query names Ann and shows members through one join, so whichever key
    it takes it shows Ann herself, not her friends. The word naming the keys stays unused: it asks."""
    draft = _draft(club, "Names of the friends of Ann.")
    assert "friends" in draft.unused and draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.unused)


def test_a_count_condition_the_query_does_not_build_leaves_its_words_unused(club) -> None:
    """ "with at least 2 friends" read with no count of friendships per member: the words of the
    condition are not claimed by the comparison that could not build it."""
    draft = _draft(club, "Show the grades of friends with at least 2 friends.")
    assert "HAVING" not in draft.sql, draft.sql
    assert {"least", "2"} <= set(draft.unused), (draft.sql, draft.unused)


def test_a_negation_read_apart_from_its_condition_stays_unused(harbour) -> None:
    """ "no ships with a tonnage over 500" read as no ship at all and a ship over 500: no row passes
    both, so the negation did not cover the condition it stands before."""
    draft = _draft(harbour, "Names of captains with no ships with a tonnage over 500.")
    if "NOT EXISTS" in draft.sql and " AND EXISTS" in draft.sql:
        assert "no" in draft.unused and draft.confidence < 0.75, (draft.sql, draft.unused)
    else:  # the negation covers the condition: the reading is whole
        assert "NOT EXISTS(SELECT 1 FROM ships WHERE ships.captain_id = captains.id AND" in draft.sql, draft.sql


WORKSHOP = """
    CREATE TABLE fitters (fitter_id INTEGER PRIMARY KEY, full_name TEXT, phone TEXT);
    CREATE TABLE repair_jobs (job_id INTEGER PRIMARY KEY, fitter_id INTEGER REFERENCES fitters (fitter_id),
                              channel TEXT, labour_minutes INTEGER, parts_cost REAL, status TEXT);
    INSERT INTO fitters VALUES (1, 'Ida Lund', '555-1'), (2, 'Jon Berg', NULL);
    INSERT INTO repair_jobs VALUES (1, 1, 'phone', 30, 12.0, 'open'), (2, 1, 'walk-in', 95, 40.0, 'done'),
        (3, 2, 'phone', 150, 8.5, 'open'), (4, 2, 'web', 20, 0.0, 'done');
    CREATE VIEW open_jobs AS SELECT * FROM repair_jobs WHERE status = 'open';
"""


@pytest.mark.parametrize(("question", "gold"), [
    # a word of a table's name that no other table or column has names those rows
    ("total repair cost of parts per fitter",
     "SELECT m.full_name, SUM(j.parts_cost) FROM repair_jobs j JOIN fitters m USING (fitter_id) GROUP BY 1"),
    # a verb of lasting beside a duration the query compares, and "how long" beside one it sums
    ("how many jobs lasted longer than an hour?", "SELECT COUNT(*) FROM repair_jobs WHERE labour_minutes > 60"),
    ("how many jobs took more than 90 minutes?", "SELECT COUNT(*) FROM repair_jobs WHERE labour_minutes > 90"),
    ("how long did the open jobs take in total, in hours?",
     "SELECT SUM(labour_minutes) / 60.0 FROM repair_jobs WHERE status = 'open'"),
    # "how long ... on average" with no column named: the rows' duration, not another number of theirs
    ("how long do open jobs take on average?", "SELECT AVG(labour_minutes) FROM repair_jobs WHERE status = 'open'"),
    # "via" before the value a row came by; "at the moment", "on file": every row is there (and the
    # first word of a view's name says which rows it keeps, not that the view is meant)
    ("how many jobs via the web?", "SELECT COUNT(*) FROM repair_jobs WHERE channel = 'web'"),
    ("how many jobs are open at the moment?", "SELECT COUNT(*) FROM repair_jobs WHERE status = 'open'"),
])
def test_words_that_say_what_the_query_does_are_used(tmp_path: Path, question: str, gold: str) -> None:
    with opened(built_sqlite(tmp_path, "workshop", WORKSHOP)) as db:
        draft = _draft(db, question)
        assert same_answer(db.execute(draft.sql, max_rows=None), all_rows(db, gold)), draft.sql
        assert draft.unused == (), (draft.sql, draft.unused)


def test_a_verb_of_lasting_beside_no_duration_stays_unused(tmp_path: Path) -> None:
    """ "ran" says nothing a count of open jobs does: the reading is partial, and confirmed."""
    with opened(built_sqlite(tmp_path, "workshop", WORKSHOP)) as db:
        draft = _draft(db, "how many open jobs ran")
        assert "ran" in draft.unused, (draft.sql, draft.unused)


def test_an_aggregate_reaches_its_column_past_a_word_the_schema_lacks(tmp_path: Path) -> None:
    """ "total bench labour minutes": the sum is of the labour minutes; "bench" names nothing here
    and stays unused, so the reading is confirmed, not a sum of some other number of the fitters."""
    with opened(built_sqlite(tmp_path, "workshop", WORKSHOP)) as db:
        draft = _draft(db, "top 2 fitters by total bench labour minutes")
        gold = ("SELECT f.full_name, SUM(j.labour_minutes) FROM repair_jobs j JOIN fitters f USING (fitter_id) "
                "GROUP BY f.fitter_id ORDER BY 2 DESC LIMIT 2")
        assert same_answer(db.execute(draft.sql, max_rows=None), all_rows(db, gold), ordered=True), draft.sql
        assert "bench" in draft.unused, (draft.sql, draft.unused)
