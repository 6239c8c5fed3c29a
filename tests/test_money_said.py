"""Money said as money: a number with a currency ("£100", "500 dollars or more") is compared with an
amount of money, in the unit the column keeps (pence); "how much has each campaign raised" is the
money the campaign took, not its target; an amount column named only so (``amt_pence``) is money
taken."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.profile import profile_of
from tests.helpers import answers, schema_database

APPEAL = """
    CREATE TABLE appeals (appeal_id INTEGER PRIMARY KEY, appeal_name TEXT NOT NULL, goal_amt REAL NOT NULL);
    CREATE TABLE supporters (supporter_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                             gift_aid INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE donations (donation_id INTEGER PRIMARY KEY, supporter_id INTEGER REFERENCES supporters (supporter_id),
                            appeal_id INTEGER REFERENCES appeals (appeal_id), given_dt TEXT NOT NULL,
                            amt_pence INTEGER NOT NULL);
    INSERT INTO appeals VALUES (1, 'Roof', 5000.0), (2, 'Choir', 800.0);
    INSERT INTO supporters VALUES (1, 'Ida', 'Crane', 1), (2, 'Joe', 'Birch', 0), (3, 'Kay', 'Dunn', 1);
    INSERT INTO donations VALUES (1, 1, 1, '2026-01-04', 2500), (2, 1, 2, '2026-02-01', 60000),
                                 (3, 2, 1, '2026-02-11', 15000), (4, 3, 2, '2026-03-03', 900),
                                 (5, 2, 2, '2026-04-01', 5000), (6, 3, 1, '2026-05-09', 1200);
"""  # a parish appeal: supporters give in pence to appeals that each have a goal in pounds


@pytest.fixture(scope="module")
def appeal(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "appeal", APPEAL) as db:
        yield db


def test_an_amount_named_only_so_is_money_taken_and_a_goal_is_not(appeal: Database) -> None:
    assert [(r.table, r.expression) for r in profile_of(appeal.schema).revenues] == [
        ("donations", "CAST(SUM(amt_pence) AS REAL) / 100.0")]


def test_how_much_rows_raised_is_the_money_they_took(appeal: Database) -> None:
    answers(appeal, "How much has each appeal raised, in pounds?",
            "SELECT a.appeal_name, SUM(d.amt_pence) / 100.0 FROM appeals a JOIN donations d "
            "ON d.appeal_id = a.appeal_id GROUP BY a.appeal_id")


@pytest.mark.parametrize("question", ["donations of £500 or more", "donations of 500 pounds or more",
                                      "donations over £499"])
def test_a_currency_compares_with_the_money_in_its_unit(appeal: Database, question: str) -> None:
    answers(appeal, question, "SELECT * FROM donations WHERE amt_pence >= 50000", named=True)


def test_a_currency_after_a_verb_compares_the_money_of_the_rows_that_refer(appeal: Database) -> None:
    answers(appeal, "supporters who gave more than £100",
            "SELECT * FROM supporters WHERE supporter_id IN "
            "(SELECT supporter_id FROM donations WHERE amt_pence > 10000)")
