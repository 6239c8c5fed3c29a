"""A capitalised word that is part of one stored name and no word of English ("the Vivaro" of a 'Ford
Vivaro Van', "the Pemberton job" of 'Pemberton loft conversion') names that value, said of the rows the
line is about; a word of English said capitalised ("Coastal") is no piece of a name ('North Coastal
Path'). The schema is invented here (a roofer with vans)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, answers_after, read, same_answer, schema_database

ROOFER = """
    CREATE TABLE vans (van_reg TEXT PRIMARY KEY, make_model TEXT NOT NULL);
    CREATE TABLE fuel_log (fill_id INTEGER PRIMARY KEY, van_reg TEXT REFERENCES vans (van_reg), filled_on TEXT NOT NULL,
                           cost REAL NOT NULL);
    CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, job_name TEXT NOT NULL, area TEXT NOT NULL, fee_basis TEXT NOT NULL,
                       quoted REAL NOT NULL);
    INSERT INTO vans VALUES ('AB12 CDE', 'Ford Vivaro Van'), ('FG34 HIJ', 'Renault Trafic'),
        ('KL56 MNO', 'Iveco Daily');
    INSERT INTO fuel_log VALUES (1, 'AB12 CDE', '2026-01-04', 61.0), (2, 'FG34 HIJ', '2026-01-09', 55.5),
        (3, 'AB12 CDE', '2026-02-02', 58.0), (4, 'KL56 MNO', '2026-02-11', 70.0), (5, 'FG34 HIJ', '2026-03-01', 49.9);
    INSERT INTO jobs VALUES (1, 'Pemberton loft conversion', 'North Coastal Path', 'Fixed', 8200.0),
        (2, 'Quayside flat roof', 'Harbour', 'Hourly', 1500.0), (3, 'Church Lane guttering', 'Harbour', 'Fixed', 640.0);
"""


@pytest.fixture(scope="module")
def roofer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "roofer", ROOFER) as db:
        yield db


def test_a_capitalised_piece_of_one_name_names_it(roofer: Database) -> None:
    answers_after(roofer, ["fuel cost by month this year", "just the Vivaro"],
                  "SELECT strftime('%Y-%m', filled_on), SUM(cost) FROM fuel_log WHERE van_reg = 'AB12 CDE' GROUP BY 1")
    draft, result = read(roofer, "is the Pemberton job fixed fee or hourly")
    assert same_answer(result, all_rows(roofer, "SELECT fee_basis FROM jobs WHERE job_id = 1")), draft.sql


def test_a_word_of_english_said_capitalised_is_no_piece_of_a_name(roofer: Database) -> None:
    draft, _ = read(roofer, "total quoted for Coastal jobs")
    assert "North Coastal Path" not in draft.sql, draft.sql
