"""A theatre's props store, invented here: things made by people of a crew and taken out of use on
a day of their own. The people a key names by a role ("which maker"), a first name of a column
called ``full_nm``, a stored code said in the plural ("the K9s"), and things still in use (no
day they were retired) are read as a stage manager says them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, built_sqlite, drafted, opened, read, same_answer, schema_database

PROPS = """
    CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, full_nm TEXT NOT NULL, job TEXT,
                       boss_id INTEGER REFERENCES crew (crew_id));
    CREATE TABLE props (prop_id INTEGER PRIMARY KEY, prop_nm TEXT NOT NULL, model TEXT,
                        maker_id INTEGER REFERENCES crew (crew_id), made_dt TEXT, retired_dt TEXT);
    INSERT INTO crew VALUES (1, 'Ivo Stanek', 'Head of Props', NULL), (2, 'Lena Marsh', 'Prop Maker', 1),
        (3, 'Omar Diallo', 'Prop Maker', 1), (4, 'Pia Lund', 'Runner', 2);
    INSERT INTO props VALUES (1, 'Throne', 'K9', 2, '2024-01-10', NULL),
        (2, 'Lantern', 'L3', 3, '2024-02-11', '2025-05-01'),
        (3, 'Crown', 'K9', 2, '2025-03-03', NULL), (4, 'Sword', 'S7', 3, '2025-04-04', NULL),
        (5, 'Goblet', 'K9', 2, '2025-06-06', '2026-01-01'), (6, 'Mask', 'M1', 3, '2025-07-07', NULL),
        (7, 'Shield', 'S7', 2, '2026-02-02', NULL);
"""


@pytest.fixture(scope="module")
def props(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "props", PROPS) as db:
        yield db


def test_things_still_in_use_have_no_day_they_were_retired(props: Database) -> None:
    draft, result = read(props, "which props are still in use")
    assert same_answer(result, all_rows(props, "SELECT prop_nm FROM props WHERE retired_dt IS NULL")), draft.sql


def test_a_stored_code_said_in_the_plural(props: Database) -> None:
    draft, result = read(props, "how many K9s do we have")
    assert same_answer(result, all_rows(props, "SELECT COUNT(*) FROM props WHERE model = 'K9'")), draft.sql


def test_a_first_name_of_a_full_name_column_names_its_person(props: Database) -> None:
    draft, result = read(props, "who reports to Ivo?")
    assert same_answer(result, all_rows(props, "SELECT full_nm FROM crew WHERE boss_id = 1")), draft.sql


def test_a_role_a_key_is_named_for_is_its_people(props: Database) -> None:
    draft, result = read(props, "which maker has made the most props")
    gold = "SELECT c.full_nm FROM props p JOIN crew c ON c.crew_id = p.maker_id GROUP BY c.full_nm " \
           "ORDER BY COUNT(*) DESC LIMIT 1"
    assert same_answer(result, all_rows(props, gold)), draft.sql


def test_still_with_us_is_the_end_of_the_row_not_of_a_thing_of_it(tmp_path) -> None:
    """A client who left beside one archived: still with us is not left; stitches removed end no
    animal's stay."""
    script = """
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_nm TEXT, left_on TEXT, archived_on TEXT);
    INSERT INTO clients VALUES (1, 'Ames', NULL, NULL), (2, 'Bell', '2025-01-01', '2025-06-01'),
        (3, 'Cole', NULL, NULL), (4, 'Dunn', '2026-02-02', NULL);
    CREATE TABLE animals (animal_id INTEGER PRIMARY KEY, animal_nm TEXT, stitches_removed_on TEXT);
    INSERT INTO animals VALUES (1, 'Rex', '2026-01-01'), (2, 'Tom', NULL);
    CREATE TABLE pieces (piece_id INTEGER PRIMARY KEY, piece_nm TEXT, stripped_on TEXT, finished_on TEXT);
    INSERT INTO pieces VALUES (1, 'Chair', '2026-01-01', NULL), (2, 'Desk', '2026-02-02', '2026-03-03'),
        (3, 'Stool', NULL, NULL);
    """
    with opened(built_sqlite(tmp_path, "books", script)) as db:
        draft, result = read(db, "how many clients are still with us")
        assert same_answer(result, all_rows(db, "SELECT COUNT(*) FROM clients WHERE left_on IS NULL")), draft.sql
        draft = drafted(db, "which animals are still here")
        assert "stitches" not in draft.sql, draft.sql
        draft, result = read(db, "how many pieces are still open")  # stripping is a step of the work
        assert same_answer(result, all_rows(db, "SELECT COUNT(*) FROM pieces WHERE finished_on IS NULL")), draft.sql
