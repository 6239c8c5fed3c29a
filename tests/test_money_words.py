"""Words of money that ask for nothing the query lacks. A currency said of money the query reads in
whole units ("in pounds", "over £40"): the amounts are kept as 12.50, or summed from cents and
shown in whole units; said of no money at all, it stays unused. A verb of money coming in ("how
much did we take in", "brought in the most") beside a sum of money; beside a count, or where the
money is reached along one of two keys, it stays unused. On a fair's books built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, built_sqlite, opened, read, schema_database

SCHEMA = """
CREATE TABLE trader (trader_id INTEGER PRIMARY KEY, name TEXT, pitch TEXT);
CREATE TABLE takings (takings_id INTEGER PRIMARY KEY, trader_id INTEGER REFERENCES trader (trader_id),
                      taken_on DATE, amount REAL);
CREATE TABLE fee (fee_id INTEGER PRIMARY KEY, trader_id INTEGER REFERENCES trader (trader_id), fee_cents INTEGER);
CREATE TABLE crate (crate_id INTEGER PRIMARY KEY, trader_id INTEGER REFERENCES trader (trader_id), weight REAL);
INSERT INTO trader VALUES (1, 'Pip', 'A1'), (2, 'Rue', 'B2'), (3, 'Sol', 'C3');
INSERT INTO takings VALUES (1, 1, '2025-06-01', 30.5), (2, 1, '2025-06-02', 20.0), (3, 2, '2025-06-01', 12.25),
    (4, 3, '2025-06-02', 80.0);
INSERT INTO fee VALUES (1, 1, 1500), (2, 2, 2500), (3, 3, 1000);
INSERT INTO crate VALUES (1, 1, 12.0), (2, 2, 30.0);
"""


@pytest.fixture(scope="module")
def fair_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "fair", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("total takings amount in pounds", "SELECT SUM(amount) FROM takings"),
    ("takings with an amount over £25", "SELECT * FROM takings WHERE amount > 25"),
])
def test_a_currency_of_whole_amounts_is_read(fair_db, question: str, gold: str) -> None:
    answers(fair_db, question, gold, named=True)
    draft, _rows = read(fair_db, question)
    assert draft.unused == (), draft.sql


@pytest.mark.parametrize(("question", "word"), [
    ("crates with a weight over 20 pounds", "pounds"),  # a weight kept in no unit its name says
    ("crates with a weight over 20 euros", "euros"),
])
def test_a_unit_said_of_no_money_stays_unused(fair_db, question: str, word: str) -> None:
    draft, _rows = read(fair_db, question)
    assert word in draft.unused, draft.sql


CLINIC = """
CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE payment (payment_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient (patient_id),
                      paid_on DATE, amount_cents INTEGER);
INSERT INTO patient VALUES (1, 'Ada'), (2, 'Bo');
INSERT INTO payment VALUES (1, 1, '2026-05-03', 1250), (2, 2, '2026-05-20', 4000), (3, 1, '2026-06-02', 999);
"""


def test_a_verb_of_money_coming_in_is_read_beside_a_sum_of_money(tmp_path) -> None:
    with opened(built_sqlite(tmp_path, "clinic", CLINIC)) as db:
        answers(db, "how much money did we take in last month?",
                "SELECT SUM(amount_cents) / 100.0 FROM payment "
                "WHERE paid_on >= '2026-05-01' AND paid_on < '2026-06-01'")
        draft, _rows = read(db, "how much money did we take in last month?")
    assert draft.unused == (), draft.sql


HIRE = """
CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, town TEXT);
CREATE TABLE hire (hire_id INTEGER PRIMARY KEY, out_depot_id INTEGER REFERENCES depot (depot_id),
                   back_depot_id INTEGER REFERENCES depot (depot_id), amount REAL, hired_on DATE);
INSERT INTO depot VALUES (1, 'Ely'), (2, 'Diss');
INSERT INTO hire VALUES (1, 1, 2, 40.0, '2025-03-01'), (2, 2, 2, 25.0, '2025-03-02'), (3, 1, 1, 30.0, '2025-03-03');
"""


def test_money_reached_along_one_of_two_keys_is_not_said_by_the_verb(tmp_path) -> None:
    """A hire leaves from one depot and comes back to another: "brought in" does not say which."""
    with opened(built_sqlite(tmp_path, "hire", HIRE)) as db:
        draft, _rows = read(db, "which depot brought in the most money")
    assert "brought" in draft.unused, draft.sql


def test_a_number_before_amounts_compares_them(fair_db) -> None:
    """ "takings over 20 amounts": an amount adds up, it is no thing to count, so the number is its value."""
    answers(fair_db, "traders with takings over 20 amounts",
            "SELECT * FROM trader WHERE trader_id IN (SELECT trader_id FROM takings WHERE amount > 20)")
