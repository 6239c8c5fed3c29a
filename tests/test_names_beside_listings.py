"""Breaks a review found in the names shown beside listings and the yes/no integers, each on a schema
invented here: counts named like participles are summed, not counted as yes/no; a yes/no kept as
1 and 2 is yes only at 1; a key to a column that repeats shows no names (they would repeat rows);
two parties both named by a bare ``name`` keep apart; an alias SQLite reserves is quoted; rows
listed "with their owner" keep the rows that have none; a table called like its parent plus a word
that is no line's (``ticket_orders``) is no document's lines; a table whose name starts with the
word of a first name still has two names for its people."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.profile import profile_of
from tests.helpers import all_rows, read, same_answer, schema_database

BOX_OFFICE = """
    CREATE TABLE plays (play_id INTEGER PRIMARY KEY, title TEXT);
    CREATE TABLE shows (show_id INTEGER PRIMARY KEY, play_id INTEGER REFERENCES plays, show_date TEXT,
                        sold INTEGER, attended INTEGER);
    CREATE TABLE guests (guest_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                         is_member INTEGER, has_allergy INTEGER);
    INSERT INTO plays VALUES (1, 'The Tempest'), (2, 'Medea');
    INSERT INTO shows VALUES (1, 1, '2026-05-01', 120, 110), (2, 1, '2026-05-02', 180, 170),
        (3, 2, '2026-05-03', 0, 0), (4, 2, '2026-06-01', 250, 240);
    INSERT INTO guests VALUES (1, 'Ada', 'Hart', 1, 2), (2, 'Bo', 'Lee', 2, 2), (3, 'Cy', 'Moss', 1, 1),
        (4, 'Di', 'Nash', 2, NULL);
"""


@pytest.fixture(scope="module")
def box_office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "box_office", BOX_OFFICE) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("how many sold in May",
     "SELECT SUM(sold) FROM shows WHERE show_date >= '2026-05-01' AND show_date < '2026-06-01'"),
    ("total attended per play", "SELECT p.title, SUM(s.attended) FROM shows s JOIN plays p ON p.play_id = s.play_id "
                                "GROUP BY p.title"),
])
def test_a_count_named_like_a_participle_is_summed(box_office: Database, question: str, gold: str) -> None:
    draft, result = read(box_office, question)
    assert same_answer(result, all_rows(box_office, gold)), draft.sql


def test_a_yes_no_kept_as_one_and_two_is_yes_at_one(box_office: Database) -> None:
    draft, result = read(box_office, "how many guests are members?")
    assert same_answer(result, [(2,)]), draft.sql


PARTIES = """
    CREATE TABLE clients (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE venues (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE checks (check_id INTEGER PRIMARY KEY, check_name TEXT);
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
    CREATE TABLE bookings (id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (id),
                           venue_id INTEGER REFERENCES venues (id), booked_for TEXT);
    CREATE TABLE audits (audit_id INTEGER PRIMARY KEY, check_id INTEGER REFERENCES checks, audited_on TEXT);
    CREATE TABLE dogs (dog_id INTEGER PRIMARY KEY, dog_name TEXT, owner_id INTEGER REFERENCES owners);
    CREATE TABLE accounts (acct_no INTEGER, acct_name TEXT, valid_from TEXT);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, acct_no INTEGER REFERENCES accounts (acct_no), billed_on TEXT);
    INSERT INTO clients VALUES (1, 'Acme'), (2, 'Globex');
    INSERT INTO venues VALUES (1, 'Hall A'), (2, 'Hall B');
    INSERT INTO checks VALUES (1, 'Fire'), (2, 'Gas');
    INSERT INTO owners VALUES (1, 'Ana', 'Silva');
    INSERT INTO bookings VALUES (1, 1, 2, '2026-07-01'), (2, 2, NULL, '2026-07-03'), (3, NULL, 1, '2026-08-01');
    INSERT INTO audits VALUES (1, 1, '2026-06-02'), (2, 2, '2026-06-05');
    INSERT INTO dogs VALUES (1, 'Rex', 1), (2, 'Max', NULL);
    INSERT INTO accounts VALUES (101, 'Old name', '2020-01-01'), (101, 'New name', '2024-01-01'),
        (102, 'Kay', '2021-01-01');
    INSERT INTO bills VALUES (1, 101, '2026-06-01'), (2, 102, '2026-06-02'), (3, 101, '2026-06-03');
"""


@pytest.fixture(scope="module")
def parties(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "parties", PARTIES) as db:
        yield db


def test_two_parties_named_name_keep_apart_and_every_row_stays(parties: Database) -> None:
    draft, result = read(parties, "upcoming bookings")
    assert len(result.rows) == 3 and len(set(result.columns)) == len(result.columns), draft.sql


def test_an_alias_sqlite_reserves_is_quoted(parties: Database) -> None:
    draft, result = read(parties, "audits in June")
    assert sorted(row[-1] for row in result.rows) == ["Fire", "Gas"], draft.sql


def test_rows_listed_with_their_owner_keep_those_without_one(parties: Database) -> None:
    draft, result = read(parties, "dogs with their owner")
    assert len(result.rows) == 2, draft.sql


def test_a_key_to_a_column_that_repeats_shows_no_names(parties: Database) -> None:
    draft, result = read(parties, "bills in June")
    assert len(result.rows) == 3, draft.sql


def test_a_table_called_like_its_parent_is_not_its_lines(tmp_path_factory: pytest.TempPathFactory) -> None:
    script = """CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT);
        CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, ticket_name TEXT,
                              supplier_id INTEGER REFERENCES suppliers);
        CREATE TABLE ticket_orders (order_id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES tickets,
                                    ordered_on TEXT, qty INTEGER, unit_price REAL);"""
    with schema_database(tmp_path_factory, "ticket_orders", script) as db:
        assert not [r for r in profile_of(db.schema).spending if r.line and r.line.table == "ticket_orders"]


def test_a_table_named_with_a_first_word_keeps_two_names(tmp_path_factory: pytest.TempPathFactory) -> None:
    script = """CREATE TABLE first_aiders (aider_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
        INSERT INTO first_aiders VALUES (1, 'Ana', 'Silva');"""
    with schema_database(tmp_path_factory, "aiders", script) as db:
        table = db.schema.table("first_aiders")
        assert table is not None and table.person_name is not None \
            and [c.name for c in table.person_name] == ["first_name", "last_name"]
