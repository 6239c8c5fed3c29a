"""A dated booking sold whole at its price (no quantity, no line counting it out) is money taken: its
price adds up to the revenue. A price per head is no row's whole price."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

ESCAPE = """
    CREATE TABLE rooms (room_id INTEGER PRIMARY KEY, room_name TEXT NOT NULL);
    CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT NOT NULL);
    CREATE TABLE games (game_id INTEGER PRIMARY KEY, room_id INTEGER REFERENCES rooms (room_id),
                        team_id INTEGER REFERENCES teams (team_id), played_on TEXT NOT NULL, price REAL,
                        state TEXT NOT NULL);
    CREATE TABLE hints (hint_id INTEGER PRIMARY KEY, game_id INTEGER REFERENCES games (game_id), given_at TEXT);
    CREATE TABLE workshops (workshop_id INTEGER PRIMARY KEY, room_id INTEGER REFERENCES rooms (room_id),
                            held_on TEXT NOT NULL, price_pp REAL);
    CREATE VIEW v_game_board AS SELECT g.game_id, r.room_name, g.played_on, g.price FROM games g
        JOIN rooms r ON r.room_id = g.room_id;
    INSERT INTO rooms VALUES (1, 'Vault'), (2, 'Lab');
    INSERT INTO teams VALUES (1, 'Owls'), (2, 'Foxes');
    INSERT INTO games VALUES (1, 1, 1, '2026-03-02', 90.0, 'Played'), (2, 2, 2, '2026-03-09', 110.0, 'Played'),
                             (3, 1, 2, '2026-03-20', 90.0, 'Cancelled'), (4, 2, 1, '2026-04-01', 110.0, 'Played');
    INSERT INTO hints VALUES (1, 1, '2026-03-02 10:20'), (2, 2, '2026-03-09 11:05');
    INSERT INTO workshops VALUES (1, 1, '2026-03-15', 25.0), (2, 2, '2026-03-22', 30.0);
"""  # an escape-room venue: games booked whole, workshops sold per head


@pytest.fixture(scope="module")
def escape(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "escape", ESCAPE) as db:
        yield db


def test_a_booking_sold_whole_is_money_taken(escape: Database) -> None:
    reads_whole(escape, "revenue in March 2026", "SELECT 200.0")


def test_a_price_per_head_is_no_revenue_reading(escape: Database) -> None:
    draft = drafted(escape, "revenue by month")
    assert "price_pp" not in draft.sql and "games" in draft.sql, draft.sql


CATALOGUES = """
    CREATE TABLE tutors (tutor_id INTEGER PRIMARY KEY, tutor_name TEXT NOT NULL);
    CREATE TABLE agents (agent_id INTEGER PRIMARY KEY, agent_name TEXT NOT NULL);
    CREATE TABLE classes (class_id INTEGER PRIMARY KEY, tutor_id INTEGER REFERENCES tutors (tutor_id),
                          title TEXT NOT NULL, starts_on TEXT NOT NULL, price REAL);
    CREATE TABLE signups (signup_id INTEGER PRIMARY KEY, class_id INTEGER REFERENCES classes (class_id),
                          learner TEXT NOT NULL, signed_on TEXT NOT NULL);
    CREATE TABLE plots (plot_id INTEGER PRIMARY KEY, agent_id INTEGER REFERENCES agents (agent_id),
                        listed_on TEXT NOT NULL, price REAL);
    INSERT INTO tutors VALUES (1, 'Ines');
    INSERT INTO agents VALUES (1, 'Ravi');
    INSERT INTO classes VALUES (1, 1, 'Pottery', '2026-05-04', 200.0), (2, 1, 'Weaving', '2026-05-11', 150.0);
    INSERT INTO signups VALUES (1, 1, 'Al', '2026-04-01'), (2, 1, 'Bo', '2026-04-02'), (3, 2, 'Cy', '2026-04-03');
    INSERT INTO plots VALUES (1, 1, '2026-05-01', 90000.0), (2, 1, '2026-05-02', 120000.0);
"""  # an arts centre's classes (a catalogue several sign up to) and a land agent's plots (only the agent named)


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "catalogues", CATALOGUES) as db:
        yield db


def test_a_catalogue_or_a_listing_price_is_no_money_taken(catalogues: Database) -> None:
    from nl2sql.profile import profile_of

    assert not {r.table for r in profile_of(catalogues.schema).revenues} & {"classes", "plots"}
