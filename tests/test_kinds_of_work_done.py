"""Work kept as visits of a kind a lookup lists ('GUT', 'Gutter clear'), each scheduled and done on
its own day. "how many gutter clears did we do in October" counts the visits of that kind by the day
they were done (the lookup's description names its rows as its code does; of the tables filed under
it, the business's main rows); "top 3 rounds by number of completed visits" ranks by the visits in
that state. The schema is invented here (a window cleaner's round)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, read, same_answer, schema_database

ROUND = """
    CREATE TABLE job_kinds (kind_cd TEXT PRIMARY KEY, kind_desc TEXT NOT NULL, minutes INTEGER NOT NULL);
    CREATE TABLE rounds (round_id INTEGER PRIMARY KEY, round_name TEXT NOT NULL);
    CREATE TABLE houses (house_id INTEGER PRIMARY KEY, round_id INTEGER REFERENCES rounds (round_id), street TEXT);
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, house_id INTEGER REFERENCES houses (house_id),
                         kind_cd TEXT REFERENCES job_kinds (kind_cd), sched_dt TEXT NOT NULL, done_dt TEXT,
                         status TEXT NOT NULL, price REAL NOT NULL);
    CREATE TABLE quotes (quote_id INTEGER PRIMARY KEY, kind_cd TEXT REFERENCES job_kinds (kind_cd),
                         quoted_on TEXT NOT NULL, amount REAL NOT NULL);
    INSERT INTO job_kinds VALUES ('WIN', 'Window clean', 20), ('GUT', 'Gutter clear', 60),
        ('SOL', 'Solar panel wash', 45);
    INSERT INTO rounds VALUES (1, 'Mill Lane'), (2, 'Church Row'), (3, 'Quay');
    INSERT INTO houses VALUES (1, 1, 'Mill Lane'), (2, 1, 'Mill Lane'), (3, 2, 'Church Row'), (4, 3, 'Quay');
    INSERT INTO visits VALUES
        (1, 1, 'GUT', '2026-05-29', '2026-06-02', 'Completed', 60.0),
        (2, 2, 'GUT', '2026-06-03', '2026-06-03', 'Completed', 60.0),
        (3, 3, 'GUT', '2026-06-30', '2026-07-01', 'Completed', 55.0),
        (4, 4, 'GUT', '2026-06-10', NULL, 'Skipped', 55.0),
        (5, 1, 'WIN', '2026-06-04', '2026-06-04', 'Completed', 12.0),
        (6, 2, 'WIN', '2026-06-05', '2026-06-05', 'Completed', 12.0),
        (7, 3, 'WIN', '2026-06-06', '2026-06-06', 'Completed', 12.0),
        (8, 4, 'WIN', '2026-06-07', '2026-06-07', 'Completed', 14.0),
        (9, 1, 'SOL', '2026-06-08', '2026-06-08', 'Completed', 40.0),
        (10, 1, 'WIN', '2026-06-09', '2026-06-09', 'Completed', 12.0);
    INSERT INTO quotes VALUES (1, 'GUT', '2026-06-01', 70.0), (2, 'SOL', '2026-06-02', 45.0);
"""  # in June 2026 two gutter clears were done (one scheduled in May, one done in July, one skipped)


@pytest.fixture(scope="module")
def window_round(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "window_round", ROUND) as db:
        yield db


def test_work_of_a_kind_done_in_a_period_is_counted_by_its_done_day(window_round: Database) -> None:
    draft, result = read(window_round, "how many gutter clears did we do in June 2026")
    gold = "SELECT COUNT(*) FROM visits WHERE kind_cd = 'GUT' AND done_dt >= '2026-06-01' AND done_dt < '2026-07-01'"
    assert same_answer(result, all_rows(window_round, gold)), draft.sql


def test_a_ranking_by_the_number_of_rows_in_a_state(window_round: Database) -> None:
    draft, result = read(window_round, "top 2 rounds by number of completed visits")
    gold = """SELECT r.round_name, COUNT(*) AS n FROM visits v JOIN houses h ON h.house_id = v.house_id
              JOIN rounds r ON r.round_id = h.round_id WHERE v.status = 'Completed' GROUP BY r.round_id
              ORDER BY n DESC LIMIT 2"""
    assert same_answer(result, all_rows(window_round, gold), ordered=True), draft.sql


def test_a_state_opened_by_a_negation_word_is_a_state(tmp_path_factory: pytest.TempPathFactory) -> None:
    """'No Show' is a stored state: "the most no show visits" counts those, and denies nothing."""
    script = """CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL);
                CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                                     status TEXT NOT NULL);
                INSERT INTO clients VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
                INSERT INTO visits VALUES (1, 1, 'No Show'), (2, 1, 'No Show'), (3, 2, 'No Show'),
                    (4, 3, 'Completed'), (5, 3, 'Completed'), (6, 3, 'Completed');"""
    with schema_database(tmp_path_factory, "no_shows", script) as db:
        draft, result = read(db, "which client had the most no show visits")
        gold = "SELECT 'Ada'"
        assert same_answer(result, all_rows(db, gold)), draft.sql
