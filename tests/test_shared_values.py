"""Values two disjoint groups of rows have in common, on a kennel club's schema built here: "the
breeds of dogs born before 2015 and after 2019" asks for the breeds found in both groups
(INTERSECT), not for dogs born in both periods (no row)."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.engines.builtin.render import to_sql
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, full_name TEXT, county TEXT);
CREATE TABLE dog (dog_id INTEGER PRIMARY KEY, call_name TEXT, breed TEXT, birth_year INTEGER, weight REAL,
                  owner_id INTEGER REFERENCES owner (owner_id));
INSERT INTO owner VALUES (1, 'Ida Park', 'Kent'), (2, 'Olu Benn', 'Devon'), (3, 'Rae Moss', 'Kent');
INSERT INTO dog VALUES (1, 'Bramble', 'beagle', 2012, 11.0, 1), (2, 'Pip', 'whippet', 2013, 13.5, 2),
    (3, 'Juno', 'beagle', 2021, 10.0, 3), (4, 'Moss', 'collie', 2020, 19.0, 1),
    (5, 'Tansy', 'collie', 2010, 21.0, 2), (6, 'Nell', 'poodle', 2017, 8.0, 3);
"""


@pytest.fixture(scope="module")
def kennel_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "kennel", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("Which breeds have both dogs born before 2015 and dogs born after 2019?",
     "SELECT breed FROM dog WHERE birth_year < 2015 INTERSECT SELECT breed FROM dog WHERE birth_year > 2019"),
    ("list the counties of owners of dogs both born before 2014 and after 2019",
     "SELECT owner.county FROM owner JOIN dog ON dog.owner_id = owner.owner_id WHERE dog.birth_year < 2014 "
     "INTERSECT SELECT owner.county FROM owner JOIN dog ON dog.owner_id = owner.owner_id WHERE dog.birth_year > 2019"),
])
def test_values_shared_by_two_disjoint_groups(kennel_db, question: str, gold: str) -> None:
    answers(kennel_db, question, gold)


def test_or_between_disjoint_comparisons_is_not_an_intersection(kennel_db) -> None:
    """"before 2015 or after 2019" names either group: no INTERSECT is built for it."""
    draft = BuiltinEngine().draft("breeds of dogs born before 2015 or after 2019", kennel_db)
    assert "INTERSECT" not in draft.sql.upper()


def test_a_key_column_is_never_shared(kennel_db) -> None:
    """Each dog's id is its own: two disjoint groups share none, so the plain reading stays."""
    draft = BuiltinEngine().draft("ids of dogs born before 2015 and after 2019", kennel_db)
    assert "INTERSECT" not in draft.sql.upper()


def test_a_shared_reading_later_limited_still_runs(kennel_db) -> None:
    """A follow-up that limits the rows drops the intersection: the statement stays valid SQL."""
    draft = BuiltinEngine().draft("Which breeds have both dogs born before 2015 and dogs born after 2019?", kennel_db)
    limited = draft.spec.with_(limit=1)
    sql = to_sql(limited, kennel_db.schema, kennel_db.dialect)
    assert "INTERSECT" not in sql.upper()
    kennel_db.execute(sql, max_rows=None)
