"""Data typed by hand over the years: one state stored in several casings ('Active', 'active',
'ACTIVE') is one state, to test and to group by; and rows marked taken away (a ``deleted``
volunteer kept for the records, a ``voided`` receipt) are left out unless the line names the mark.
The schema is invented here: a community orchard."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, answers_after, built_sqlite, opened, read, same_answer, schema_database

ORCHARD = """
    CREATE TABLE volunteers (vol_id INTEGER PRIMARY KEY, vol_name TEXT NOT NULL, status TEXT, town TEXT,
                             deleted INTEGER DEFAULT 0);
    CREATE TABLE harvests (harvest_id INTEGER PRIMARY KEY, vol_id INTEGER REFERENCES volunteers (vol_id),
                           picked_on TEXT, grade TEXT, kilos REAL);
    CREATE TABLE receipts (receipt_id INTEGER PRIMARY KEY, taken_on TEXT, amount_gbp REAL, voided INTEGER DEFAULT 0);
    INSERT INTO volunteers VALUES (1, 'Ada', 'Active', 'Ledbury', 0), (2, 'Ben', 'active', 'Ledbury', 0),
        (3, 'Cal', 'ACTIVE', 'Malvern', 0), (4, 'Dee', 'Lapsed', 'Malvern', 0), (5, 'Eve', 'Active', 'Ledbury', 1),
        (6, 'Fay', 'lapsed', 'Ledbury', 0);
    INSERT INTO harvests VALUES (1, 1, '2026-05-01', 'Grade A', 10), (2, 2, '2026-05-02', 'grade a', 12),
        (3, 3, '2026-05-03', 'Grade B', 7), (4, 1, '2026-05-04', 'GRADE A', 5), (5, 4, '2026-05-05', 'Grade B', 3);
    INSERT INTO receipts VALUES (1, '2026-05-01', 20, 0), (2, '2026-05-02', 35, 1), (3, '2026-05-03', 15, 0);
"""


@pytest.fixture(scope="module")
def orchard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "orchard", ORCHARD) as db:
        yield db


def test_a_state_in_any_casing_is_that_state(orchard: Database) -> None:
    draft, result = read(orchard, "how many active volunteers are there")
    gold = "SELECT COUNT(*) FROM volunteers WHERE LOWER(status) = 'active' AND deleted = 0"
    assert same_answer(result, all_rows(orchard, gold)), draft.sql


def test_groups_of_one_state_in_several_casings_are_one(orchard: Database) -> None:
    draft, result = read(orchard, "harvests by grade")
    gold = "SELECT LOWER(grade), COUNT(*) FROM harvests GROUP BY LOWER(grade)"
    assert same_answer(result, all_rows(orchard, gold)), draft.sql


def test_a_column_kept_in_one_casing_is_compared_as_stored(orchard: Database) -> None:
    """A needless LOWER() would hide the column from its index."""
    draft, result = read(orchard, "volunteers in Ledbury")
    assert "LOWER" not in draft.sql.upper().replace("LOWER(STATUS)", "")
    assert same_answer(result, all_rows(orchard, "SELECT * FROM volunteers WHERE town = 'Ledbury' AND deleted = 0")), \
        draft.sql


def test_rows_marked_taken_away_are_left_out(orchard: Database) -> None:
    draft, result = read(orchard, "total amount of receipts")
    assert same_answer(result, all_rows(orchard, "SELECT SUM(amount_gbp) FROM receipts WHERE voided = 0")), draft.sql
    assert "not voided" in draft.explanation


def test_the_mark_said_is_asked_for(orchard: Database) -> None:
    draft, result = read(orchard, "how many deleted volunteers")
    assert same_answer(result, all_rows(orchard, "SELECT COUNT(*) FROM volunteers WHERE deleted = 1")), draft.sql


def test_case_that_means_something_or_beyond_ascii_is_kept(tmp_path) -> None:
    """'C' major and 'c' minor are two keys; 'Éclair' is compared as stored, as SQLite's LOWER() does
    not fold it."""
    script = """
    CREATE TABLE pieces (piece_id INTEGER PRIMARY KEY, title TEXT, music_key TEXT);
    INSERT INTO pieces VALUES (1, 'Air', 'C'), (2, 'Song', 'c'), (3, 'Jig', 'C'), (4, 'Reel', 'G');
    CREATE TABLE bakes (bake_id INTEGER PRIMARY KEY, pastry TEXT, amount REAL);
    INSERT INTO bakes VALUES (1, 'Éclair', 3.0), (2, 'éclair', 2.0), (3, 'Tart', 1.0), (4, 'tart', 1.5);
    """
    with opened(built_sqlite(tmp_path, "pieces", script)) as db:
        draft, result = read(db, "pieces per music key")
        assert same_answer(result, all_rows(db, "SELECT music_key, COUNT(*) FROM pieces GROUP BY music_key")), \
            draft.sql
        draft, result = read(db, "total amount of Éclair bakes")
        assert same_answer(result, all_rows(db, "SELECT SUM(amount) FROM bakes WHERE pastry = 'Éclair'")), draft.sql


def test_a_yes_no_of_an_outcome_or_asked_for_is_no_removal(tmp_path) -> None:
    """A nest ``removed`` is a job done; "how many of those were voided" asks for the voided rows."""
    script = """
    CREATE TABLE callouts (callout_id INTEGER PRIMARY KEY, pest TEXT, fee REAL, removed TEXT);
    INSERT INTO callouts VALUES (1, 'Wasps', 60, 'Y'), (2, 'Wasps', 60, 'N'), (3, 'Rats', 80, 'Y');
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, visit_on TEXT, voided INTEGER DEFAULT 0);
    INSERT INTO visits VALUES (1, '2026-05-01', 0), (2, '2026-05-02', 1), (3, '2026-05-03', 1), (4, '2026-04-01', 0);
    """
    with opened(built_sqlite(tmp_path, "pests", script)) as db:
        draft, result = read(db, "total callout fees")
        assert same_answer(result, all_rows(db, "SELECT SUM(fee) FROM callouts")), draft.sql
        answers_after(db, ["how many visits in May 2026"],
                      "SELECT COUNT(*) FROM visits WHERE visit_on LIKE '2026-05%' AND voided = 0")
        answers_after(db, ["how many visits in May 2026", "how many of those were voided"],
                      "SELECT COUNT(*) FROM visits WHERE visit_on LIKE '2026-05%' AND voided = 1")
