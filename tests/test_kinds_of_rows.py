"""A theatre crew's schema, invented here: stored values that people say as nouns for kinds of rows.
"each rigger" is a crew member whose job is rigger (a lead rigger too), grouped one by one; "the
most absences" counts the shifts whose outcome is an absence, for each row asked about. Every
answer is run and compared with what a hand-written query returns."""

from __future__ import annotations

import pytest

from tests.helpers import read, same_answer, schema_database

CREW = """
    CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, crew_name TEXT, job TEXT);
    CREATE TABLE venues (venue_id INTEGER PRIMARY KEY, venue_name TEXT, town TEXT, kind TEXT);
    CREATE TABLE shifts (shift_id INTEGER PRIMARY KEY, crew_id INTEGER REFERENCES crew (crew_id),
                         venue_id INTEGER REFERENCES venues (venue_id), worked_on DATE, outcome TEXT, hours REAL);
    INSERT INTO crew VALUES (1, 'Ola Berg', 'rigger'), (2, 'Sam Kerr', 'lead rigger'), (3, 'Ines Roa', 'electrician'),
                            (4, 'Joe Pike', 'electrician'), (5, 'Lu Chen', 'usher');
    INSERT INTO venues VALUES (1, 'Old Vic', 'Bristol', 'theatre'), (2, 'Lyceum', 'Sheffield', 'theatre'),
                              (3, 'Dome', 'Leeds', 'arena');
    INSERT INTO shifts VALUES (1, 1, 1, '2026-01-02', 'full', 8), (2, 1, 2, '2026-01-03', 'absence', 0),
                              (3, 1, 1, '2026-01-04', 'absence', 0), (4, 1, 2, '2026-01-05', 'absence', 0),
                              (5, 2, 1, '2026-01-02', 'full', 6), (6, 2, 1, '2026-01-03', 'full', 7),
                              (7, 3, 2, '2026-01-02', 'full', 5), (8, 3, 2, '2026-01-03', 'absence', 0),
                              (9, 4, 1, '2026-01-04', 'full', 9), (10, 5, 2, '2026-01-04', 'full', 4),
                              (11, 5, 2, '2026-01-05', 'swap', 4), (12, 2, 2, '2026-01-06', 'full', 6);
"""


@pytest.fixture(scope="module")
def crew(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "crew", CREW) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # a kind of rows after a grouping word: those rows, one group each; the kind is every job it heads
    ("shifts per rigger",
     "SELECT crew_name, COUNT(*) FROM shifts JOIN crew USING (crew_id) WHERE job LIKE '%rigger' GROUP BY crew_id"),
    ("total hours for each electrician",
     "SELECT crew_name, SUM(hours) FROM shifts JOIN crew USING (crew_id) WHERE job = 'electrician' GROUP BY crew_id"),
    ("absences per electrician",
     "SELECT crew_name, COUNT(*) FROM shifts JOIN crew USING (crew_id) WHERE job = 'electrician' "
     "AND outcome = 'absence' GROUP BY crew_id"),
    # one of a kind asked for by "which"
    ("which rigger had the most shifts",
     "SELECT crew_name FROM crew JOIN shifts USING (crew_id) WHERE job LIKE '%rigger' GROUP BY crew_id "
     "ORDER BY COUNT(*) DESC LIMIT 1"),
    # the rows of a kind that point at each row asked about, counted
    ("the crew with the most absences",
     "SELECT crew_name FROM crew JOIN shifts USING (crew_id) WHERE outcome = 'absence' GROUP BY crew_id "
     "ORDER BY COUNT(*) DESC LIMIT 1"),
    # "member" after the rows' own word says nothing more
    ("which crew member had the most absences",
     "SELECT crew_name FROM crew JOIN shifts USING (crew_id) WHERE outcome = 'absence' GROUP BY crew_id "
     "ORDER BY COUNT(*) DESC LIMIT 1"),
    ("crew with more than 1 absence",
     "SELECT crew_name FROM crew JOIN shifts USING (crew_id) WHERE outcome = 'absence' GROUP BY crew_id "
     "HAVING COUNT(*) > 1"),
    ("venues with at least 4 full shifts",
     "SELECT venue_name FROM venues JOIN shifts USING (venue_id) WHERE outcome = 'full' GROUP BY venue_id "
     "HAVING COUNT(*) >= 4"),
    # a value before the rows' own word still qualifies them, grouped by what follows
    ("full shifts per venue",
     "SELECT venue_name, COUNT(*) FROM shifts JOIN venues USING (venue_id) WHERE outcome = 'full' GROUP BY venue_id"),
    ("list the electricians", "SELECT crew_id FROM crew WHERE job = 'electrician'"),
    # a value before the grouped rows' word: each of those rows, kept to the value
    ("total hours for each theatre venue",
     "SELECT venue_name, SUM(hours) FROM shifts JOIN venues USING (venue_id) WHERE kind = 'theatre' GROUP BY venue_id"),
])
def test_a_stored_value_said_as_a_noun_is_a_kind_of_rows(crew, question: str, gold: str) -> None:
    draft, result = read(crew, question)
    assert same_answer(result, list(crew.execute(gold, max_rows=None).rows)), draft.sql


def test_a_value_before_its_rows_is_no_kind_of_its_own(crew) -> None:
    """ "which full shifts ...": the value qualifies the shifts named after it; the shifts are the subject."""
    draft, _ = read(crew, "which full shifts were longer than 6 hours")
    assert "FROM shifts" in draft.sql and "crew" not in draft.sql, draft.sql


DEPOT = """
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, staff_name TEXT, title TEXT);
    CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, driver_id INTEGER REFERENCES staff (staff_id), km REAL);
    INSERT INTO staff VALUES (1, 'Ada Wren', 'senior bus driver'), (2, 'Bo Lund', 'senior bus driver'),
                             (3, 'Cal Dunn', 'bus driver'), (4, 'Dee Hart', 'depot clerk');
    INSERT INTO trips VALUES (1, 1, 40), (2, 1, 35), (3, 2, 50), (4, 3, 120), (5, 3, 90), (6, 2, 10);
"""


@pytest.mark.parametrize(("question", "gold"), [
    # a kind said in three words is the subject as one word is: the rows holding it, each ranked
    ("which senior bus driver drove the most km",
     "SELECT staff_name FROM staff JOIN trips ON driver_id = staff_id WHERE title = 'senior bus driver' "
     "GROUP BY staff_id ORDER BY SUM(km) DESC LIMIT 1"),
    ("trips per senior bus driver",
     "SELECT staff_name, COUNT(*) FROM trips JOIN staff ON driver_id = staff_id WHERE title = 'senior bus driver' "
     "GROUP BY staff_id"),
])
def test_a_kind_said_in_three_words_is_the_subject(tmp_path_factory: pytest.TempPathFactory, question: str,
                                                   gold: str) -> None:
    with schema_database(tmp_path_factory, "depot", DEPOT) as db:
        draft, result = read(db, question)
        assert same_answer(result, list(db.execute(gold, max_rows=None).rows)), draft.sql


NURSERY = """
    CREATE TABLE plant_types (type_id INTEGER PRIMARY KEY, type_name TEXT);
    CREATE TABLE plants (plant_id INTEGER PRIMARY KEY, plant_name TEXT, price REAL,
                         type_id INTEGER REFERENCES plant_types (type_id));
    INSERT INTO plant_types VALUES (1, 'shrubs'), (2, 'bulbs'), (3, 'ferns');
    INSERT INTO plants VALUES (1, 'Box', 25, 1), (2, 'Holly', 18, 1), (3, 'Tulip', 3, 2), (4, 'Laurel', 40, 1),
                              (5, 'Hart''s tongue', 9, 3);
"""

CINEMA = """
    CREATE TABLE genres (genre_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE films (film_id INTEGER PRIMARY KEY, title TEXT, minutes INTEGER,
                        genre_id INTEGER REFERENCES genres (genre_id));
    INSERT INTO genres VALUES (1, 'Westerns'), (2, 'Musicals');
    INSERT INTO films VALUES (1, 'Dust', 95, 1), (2, 'Spurs', 130, 1), (3, 'Tap', 100, 2);
"""


@pytest.mark.parametrize(("schema", "question", "gold"), [
    (NURSERY, "show me shrubs that cost more than 20",
     "SELECT plant_name FROM plants JOIN plant_types USING (type_id) WHERE type_name = 'shrubs' AND price > 20"),
    (NURSERY, "how many ferns do we have",
     "SELECT COUNT(*) FROM plants JOIN plant_types USING (type_id) WHERE type_name = 'ferns'"),
    (CINEMA, "list the westerns", "SELECT title FROM films JOIN genres USING (genre_id) WHERE name = 'Westerns'"),
])
def test_a_kind_named_by_a_lookup_is_the_rows_filed_under_it(tmp_path_factory: pytest.TempPathFactory, schema: str,
                                                             question: str, gold: str) -> None:
    """A category's name said as a noun for rows ("shrubs") means the rows filed under it, not the
    category's own row."""
    with schema_database(tmp_path_factory, "filed", schema) as db:
        draft, result = read(db, question)
        assert same_answer(result, list(db.execute(gold, max_rows=None).rows)), draft.sql
