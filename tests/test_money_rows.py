"""A charity's schema, invented here: rows that are each an amount of money ("donations") counted
per group are added up, unless the line asks how many or the groups are their states; other rows
are counted. The amount is the
column named for it ("amt"), not the tip beside it. Answers are run and compared with what a
hand-written query returns."""

from __future__ import annotations

import pytest

from tests.helpers import read, same_answer, schema_database

CHARITY = """
    CREATE TABLE donors (donor_id INTEGER PRIMARY KEY, donor_name TEXT, town TEXT);
    CREATE TABLE donations (donation_id INTEGER PRIMARY KEY, donor_id INTEGER REFERENCES donors (donor_id),
                            campaign TEXT, amt REAL, tip REAL, given_on DATE, status TEXT);
    INSERT INTO donors VALUES (1, 'Ames', 'Bath'), (2, 'Byrd', 'Bath'), (3, 'Cole', 'Wells');
    INSERT INTO donations VALUES (1, 1, 'wells', 50, 5, '2026-01-10', 'paid'),
                                 (2, 2, 'wells', 20, 0, '2026-01-20', 'paid'),
                                 (3, 3, 'books', 100, 10, '2026-02-01', 'pledged'),
                                 (4, 1, 'books', 5, 1, '2026-02-15', 'paid'),
                                 (5, 2, 'books', 40, 0, '2026-03-03', 'paid');
"""


@pytest.fixture(scope="module")
def charity(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "charity", CHARITY) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("donations per campaign", "SELECT campaign, SUM(amt) FROM donations GROUP BY campaign"),
    ("donations by month", "SELECT STRFTIME('%Y-%m', given_on), SUM(amt) FROM donations GROUP BY 1"),
    ("how many donations per campaign", "SELECT campaign, COUNT(*) FROM donations GROUP BY campaign"),
    ("donors per town", "SELECT town, COUNT(*) FROM donors GROUP BY town"),
    ("donations by status", "SELECT status, COUNT(*) FROM donations GROUP BY status"),
])
def test_rows_of_money_per_group_are_added_up(charity, question: str, gold: str) -> None:
    draft, result = read(charity, question)
    assert same_answer(result, list(charity.execute(gold, max_rows=None).rows)), draft.sql
