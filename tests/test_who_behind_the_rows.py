""""Who ... the most <rows>" is answered by a person: of the two kinds of people a row belongs to
(the customer who booked a repair, the mechanic who did it), the one the line's other words reach.
The people a row belongs to are also named by a yes/no of theirs ("repairs booked by couriers").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

CYCLES = """
    CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, branch_name TEXT NOT NULL, town TEXT NOT NULL);
    CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                         email TEXT, branch_id INTEGER REFERENCES branches (branch_id),
                         is_courier INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE mechanics (mechanic_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                            email TEXT);
    CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, rider_id INTEGER NOT NULL REFERENCES riders (rider_id),
                          mechanic_id INTEGER NOT NULL REFERENCES mechanics (mechanic_id), booked_on TEXT NOT NULL);
    INSERT INTO branches VALUES (1, 'Canal Street', 'Leeds'), (2, 'Quayside', 'Hull');
    INSERT INTO riders VALUES (1, 'Ana', 'Roe', 'ana@example.org', 1, 0), (2, 'Bo', 'Kent', 'bo@example.org', 1, 1),
                              (3, 'Cy', 'Hart', 'cy@example.org', 2, 0);
    INSERT INTO mechanics VALUES (1, 'Dee', 'Lowe', 'dee@example.org'), (2, 'Eli', 'Moss', 'eli@example.org');
    INSERT INTO repairs VALUES (1, 1, 1, '2026-02-01'), (2, 2, 2, '2026-03-01'), (3, 2, 2, '2026-04-01'),
                               (4, 3, 1, '2026-05-01'), (5, 3, 1, '2026-06-01'), (6, 3, 2, '2026-07-01');
"""  # a bike repair shop: each repair is a rider's and a mechanic's; riders belong to a branch, one is a courier


@pytest.fixture(scope="module")
def cycles(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "cycles", CYCLES) as db:
        yield db


def test_who_in_a_place_ranks_the_people_of_that_place(cycles: Database) -> None:
    # Cy (Hull) booked the most repairs overall; in Leeds it is Bo
    reads_whole(cycles, "who in the Leeds branch booked the most repairs",
                "SELECT r.first_name, r.last_name FROM repairs p JOIN riders r ON r.rider_id = p.rider_id "
                "JOIN branches b ON b.branch_id = r.branch_id WHERE b.town = 'Leeds' "
                "GROUP BY r.rider_id ORDER BY COUNT(*) DESC LIMIT 1")


def test_who_with_nothing_to_tell_the_people_apart_is_not_guessed(cycles: Database) -> None:
    draft = drafted(cycles, "who had the most repairs")  # the rider's or the mechanic's: the words do not say
    assert draft.confidence <= 0.75, draft.sql


@pytest.mark.parametrize("line", ["how many repairs from couriers", "how many repairs have couriers booked",
                                  "count the repairs made by couriers"])
def test_rows_of_people_named_by_a_flag_of_theirs(cycles: Database, line: str) -> None:
    reads_whole(cycles, line, "SELECT COUNT(*) FROM repairs p JOIN riders r ON r.rider_id = p.rider_id "
                              "WHERE r.is_courier = 1")


def test_a_flag_of_the_people_beside_a_denial_is_not_read_as_said(cycles: Database) -> None:
    assert "is_courier = 1" not in drafted(cycles, "how many repairs not from couriers").sql


DESK = """
    CREATE TABLE offices (office_id INTEGER PRIMARY KEY, town TEXT NOT NULL);
    CREATE TABLE agents (agent_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                         email TEXT, office_id INTEGER REFERENCES offices (office_id));
    CREATE TABLE callers (caller_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                          email TEXT, office_id INTEGER REFERENCES offices (office_id));
    CREATE TABLE calls (call_id INTEGER PRIMARY KEY, caller_id INTEGER REFERENCES callers (caller_id),
                        agent_id INTEGER REFERENCES agents (agent_id), called_on TEXT NOT NULL);
    INSERT INTO offices VALUES (1, 'York'), (2, 'Hull');
    INSERT INTO agents VALUES (1, 'Al', 'Bee', 'al@example.org', 1), (2, 'Cy', 'Dee', 'cy@example.org', 2);
    INSERT INTO callers VALUES (1, 'Ed', 'Fox', 'ed@example.org', 1), (2, 'Gus', 'Hay', 'gus@example.org', 1);
    INSERT INTO calls VALUES (1, 1, 1, '2026-06-01'), (2, 1, 2, '2026-06-02'), (3, 2, 1, '2026-06-03');
"""  # a call centre: each call is a caller's and an agent's, and both belong to an office


def test_who_in_a_place_both_kinds_of_people_belong_to_is_asked(tmp_path_factory: pytest.TempPathFactory) -> None:
    with schema_database(tmp_path_factory, "desk", DESK) as db:
        draft = drafted(db, "who in the York office has the most calls")
        asked = [q.values for a in draft.ambiguities if a.question is not None for q in [a.question]]
        assert ("agents", "callers") in asked, (draft.sql, draft.ambiguities)
