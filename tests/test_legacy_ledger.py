"""Two shops of legacy names, invented here.

A boatyard kept in an old system's style: upper-case tables, customers and payments marked deleted
by a ``del_flg`` of 'Y'/'N', a surname kept as ``SName``, payments in a table named PAY, refund notes
voided by an integer ``void``, a gate log that keeps each visitor's name. Rows marked deleted or void
are left out unless asked for; "how much money came in" is the payments; customers are named by first
name and surname; "top customers by visits" lists each customer once, never ranked by the names their
visits keep.

A bakery whose word "cake" is both a kind of oven run (kept by whoever baked it) and a category of
the products sold: a sale's cakes are its lines' products, reached through the sale's own keys, not
through the baker who served it. "cake sales this year" alone may ask for the rows or their money,
so it is asked before it runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import all_rows, read, same_answer, schema_database

BOATYARD = """
    CREATE TABLE CUST (cust_no INTEGER PRIMARY KEY, FirstNm TEXT, SName TEXT, city TEXT, del_flg TEXT DEFAULT 'N');
    CREATE TABLE PAY (pay_no INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, pay_dt TEXT, PayAmt REAL,
                      pay_mthd TEXT, del_flg TEXT DEFAULT 'N');
    CREATE TABLE refund_notes (note_id INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, issued_on TEXT,
                               reason TEXT, amount REAL, void INTEGER DEFAULT 0);
    INSERT INTO CUST VALUES (1, 'Ann', 'Hale', 'Poole', 'N'), (2, 'Ben', 'Ives', 'Poole', 'N'),
        (3, 'Cat', 'Jory', 'Wareham', 'Y'), (4, 'Dan', 'Kemp', 'Wareham', 'N');
    INSERT INTO PAY VALUES (1, 1, '2026-05-02', 120.0, 'CARD', 'N'), (2, 2, '2026-05-09', 80.0, 'DD', 'N'),
        (3, 2, '2026-05-10', 80.0, 'DD', 'Y'), (4, 4, '2026-04-28', 50.0, 'CASH', 'N'),
        (5, 1, '2026-05-30', 45.5, 'CARD', 'N');
    CREATE TABLE GATE_LOG (log_id INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, visitor_nm TEXT, evt_ts TEXT);
    INSERT INTO GATE_LOG VALUES (1, 1, 'Ann Hale', '2026-05-01 09:00'), (2, 1, 'Ann Hale', '2026-05-03 10:00'),
        (3, 2, 'Ben Ives', '2026-05-04 11:00');
    INSERT INTO refund_notes VALUES (1, 1, '2026-03-01', 'Damaged', 20.0, 0), (2, 2, '2026-03-05', 'Late', 10.0, 0),
        (3, 4, '2026-04-01', 'Late', 15.0, 0), (4, 1, '2026-04-02', 'Damaged', 30.0, 1),
        (5, 2, '2026-04-03', 'Damaged', 5.0, 1), (6, 4, '2026-04-09', 'Damaged', 8.0, 1);
"""  # today is 2026-06-15

BAKERY = """
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, staff_name TEXT);
    CREATE TABLE oven_runs (run_id INTEGER PRIMARY KEY, run_type TEXT, baked_on TEXT,
                            baked_by INTEGER REFERENCES staff (staff_id));
    CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name TEXT, category TEXT);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_at TEXT, served_by INTEGER REFERENCES staff (staff_id));
    CREATE TABLE sale_lines (line_id INTEGER PRIMARY KEY, sale_id INTEGER REFERENCES sales (sale_id),
                             product_id INTEGER REFERENCES products (product_id), qty INTEGER, unit_price REAL);
    INSERT INTO staff VALUES (1, 'Ivo'), (2, 'Jen');
    INSERT INTO oven_runs VALUES (1, 'cake', '2026-02-01', 1), (2, 'bread', '2026-02-02', 2);
    INSERT INTO products VALUES (1, 'Sponge', 'Cake'), (2, 'Bloomer', 'Bread'), (3, 'Scone', 'Cake');
    INSERT INTO sales VALUES (1, '2026-02-03', 2), (2, '2026-03-04', 2), (3, '2026-04-05', 1), (4, '2025-12-01', 1);
    INSERT INTO sale_lines VALUES (1, 1, 1, 1, 12.0), (2, 2, 2, 2, 3.5), (3, 3, 3, 4, 2.0), (4, 3, 2, 1, 3.5),
        (5, 4, 1, 1, 11.0);
"""


@pytest.fixture(scope="module")
def boatyard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "boatyard", BOATYARD) as db:
        yield db


@pytest.fixture(scope="module")
def bakery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "bakery", BAKERY) as db:
        yield db


def test_rows_flagged_deleted_by_an_abbreviated_flag_are_left_out(boatyard: Database) -> None:
    draft, result = read(boatyard, "how many customers do we have")
    assert same_answer(result, all_rows(boatyard, "SELECT COUNT(*) FROM CUST WHERE del_flg = 'N'")), draft.sql


def test_a_surname_shortened_names_a_person_with_the_first_name(boatyard: Database) -> None:
    draft, result = read(boatyard, "number of payments per customer")
    assert {"FirstNm", "SName"} <= set(result.columns), draft.sql


def test_rows_are_not_ranked_by_the_names_their_child_rows_keep(boatyard: Database) -> None:
    draft, result = read(boatyard, "top 3 customers by visits")
    assert len({tuple(row) for row in result.rows}) == len(result.rows), draft.sql  # each customer once


def test_money_that_came_in_is_the_payments_not_deleted(boatyard: Database) -> None:
    draft, result = read(boatyard, "how much money came in during May")
    gold = "SELECT SUM(PayAmt) FROM PAY WHERE del_flg = 'N' AND pay_dt >= '2026-05-01' AND pay_dt < '2026-06-01'"
    assert same_answer(result, all_rows(boatyard, gold)), draft.sql


def test_a_voided_document_is_left_out(boatyard: Database) -> None:
    draft, result = read(boatyard, "what's the most common reason for a refund note")
    gold = "SELECT reason FROM refund_notes WHERE void = 0 GROUP BY reason ORDER BY COUNT(*) DESC LIMIT 1"
    assert same_answer(result, all_rows(boatyard, gold)), draft.sql


def test_a_value_is_of_the_rows_reached_through_their_own_keys(bakery: Database) -> None:
    draft, result = read(bakery, "show cake sales from this year")
    gold = """SELECT * FROM sales WHERE sold_at >= '2026-01-01' AND sale_id IN (SELECT l.sale_id FROM sale_lines l
              JOIN products p ON p.product_id = l.product_id WHERE p.category = 'Cake')"""
    assert same_answer(result, all_rows(bakery, gold)), draft.sql


def test_rows_named_only_by_their_money_word_are_asked_about(bakery: Database) -> None:
    engine = BuiltinEngine(today=TODAY)
    assert engine.draft("cake sales this year", bakery).confidence <= 0.75
    assert engine.draft("show cake sales from this year", bakery).confidence > 0.75
