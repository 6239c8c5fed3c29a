"""Two shops of legacy names, invented here.

A boatyard kept in an old system's style: upper-case tables, customers and payments marked deleted
by a ``del_flg`` of 'Y'/'N', a surname kept as ``SName`` beside the company some customers are,
invoices kept as INV_HDR (the invoices themselves), payments in a table named PAY, refund notes
voided by an integer ``void``, a gate log that keeps each visitor's name. Rows marked deleted or void
are left out unless asked for; "how much money came in" is the payments; customers are named by first
name and surname; "top customers by visits" lists each customer once, never ranked by the names their
visits keep; its busiest hour is an hour of the day.

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
    CREATE TABLE CUST (cust_no INTEGER PRIMARY KEY, FirstNm TEXT, SName TEXT, CoName TEXT, city TEXT,
                       del_flg TEXT DEFAULT 'N');
    CREATE TABLE PAY (pay_no INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, pay_dt TEXT, PayAmt REAL,
                      pay_mthd TEXT, del_flg TEXT DEFAULT 'N');
    CREATE TABLE refund_notes (note_id INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, issued_on TEXT,
                               reason TEXT, amount REAL, void INTEGER DEFAULT 0);
    INSERT INTO CUST VALUES (1, 'Ann', 'Hale', NULL, 'Poole', 'N'), (2, 'Ben', 'Ives', 'Ives Marine', 'Poole', 'N'),
        (3, 'Cat', 'Jory', NULL, 'Wareham', 'Y'), (4, 'Dan', 'Kemp', NULL, 'Wareham', 'N');
    CREATE TABLE INV_HDR (inv_no INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, inv_dt TEXT, due_dt TEXT,
                          InvTotal REAL, inv_stat TEXT);
    INSERT INTO INV_HDR VALUES (1, 1, '2026-04-01', '2026-05-01', 90.0, 'PAID'),
        (2, 2, '2026-05-01', '2026-06-01', 60.0, 'OPEN'),
        (3, 4, '2026-06-01', '2026-07-01', 30.0, 'OPEN'), (4, 4, '2026-03-01', '2026-04-01', 75.0, 'OPEN');
    INSERT INTO PAY VALUES (1, 1, '2026-05-02', 120.0, 'CARD', 'N'), (2, 2, '2026-05-09', 80.0, 'DD', 'N'),
        (3, 2, '2026-05-10', 80.0, 'DD', 'Y'), (4, 4, '2026-04-28', 50.0, 'CASH', 'N'),
        (5, 1, '2026-05-30', 45.5, 'CARD', 'N');
    CREATE TABLE GATE_LOG (log_id INTEGER PRIMARY KEY, cust_no INTEGER REFERENCES CUST, visitor_nm TEXT, evt_ts TEXT);
    INSERT INTO GATE_LOG VALUES (1, 1, 'Ann Hale', '2026-05-01 09:00'), (2, 1, 'Ann Hale', '2026-05-03 10:00'),
        (3, 2, 'Ben Ives', '2026-05-04 10:30');
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


def test_a_customer_that_is_a_company_is_named_by_it_too(boatyard: Database) -> None:
    draft, result = read(boatyard, "top 3 customers by payments")
    assert "CoName" in result.columns, draft.sql


def test_a_header_table_is_named_by_what_it_heads(boatyard: Database) -> None:
    draft, result = read(boatyard, "which invoices are overdue?")
    assert "inv_no" in result.columns, draft.sql
    assert sorted(row[result.columns.index("inv_no")] for row in result.rows) == [2, 4], draft.sql


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


def test_the_busiest_hour_is_an_hour_of_the_day(boatyard: Database) -> None:
    draft, result = read(boatyard, "what's the busiest hour at the gate?")
    gold = "SELECT STRFTIME('%H', evt_ts), COUNT(*) FROM GATE_LOG GROUP BY 1 ORDER BY 2 DESC LIMIT 1"
    assert same_answer(result, all_rows(boatyard, gold)), draft.sql


# Names that look like the boatyard's and mean something else: a payroll kept as PAY, a count of
# tickets voided, an order's delivery marked ``del_yn``, a school's student name ``sname`` before the
# father's ``fname``.
OFFICE = """
    CREATE TABLE EMP (emp_no INTEGER PRIMARY KEY, emp_nm TEXT);
    CREATE TABLE PAY (pay_no INTEGER PRIMARY KEY, emp_no INTEGER REFERENCES EMP, pay_dt TEXT, gross_amt REAL);
    CREATE TABLE shows (show_id INTEGER PRIMARY KEY, title TEXT);
    CREATE TABLE ticket_sales (sale_id INTEGER PRIMARY KEY, show_id INTEGER REFERENCES shows, sale_date TEXT,
                               sold INTEGER, comps INTEGER, void INTEGER, gross REAL);
    CREATE TABLE ORDERS (ord_no INTEGER PRIMARY KEY, ord_dt TEXT, del_yn TEXT, ord_total REAL);
    CREATE TABLE students (adm_no INTEGER PRIMARY KEY, sname TEXT, fname TEXT, class_nm TEXT);
    CREATE TABLE fee_slips (slip_no INTEGER PRIMARY KEY, adm_no INTEGER REFERENCES students, paid_on TEXT,
                               amount REAL);
    INSERT INTO EMP VALUES (1, 'Rhea'), (2, 'Sol');
    INSERT INTO PAY VALUES (1, 1, '2026-05-28', 2100.0), (2, 2, '2026-05-28', 1900.0);
    INSERT INTO shows VALUES (1, 'The Lighthouse');
    INSERT INTO ticket_sales VALUES (1, 1, '2026-05-02', 40, 2, 1, 600.0), (2, 1, '2026-05-09', 30, 0, 0, 450.0),
        (3, 1, '2026-05-16', 20, 1, 2, 300.0);
    INSERT INTO ORDERS VALUES (1, '2026-06-01', 'Y', 20.0), (2, '2026-06-02', 'N', 12.5), (3, '2026-06-03', 'Y', 8.0);
    INSERT INTO students VALUES (1, 'Priya Sharma', 'Rakesh Sharma', '7A'), (2, 'Arjun Mehta', 'Vikram Mehta', '7B');
    INSERT INTO fee_slips VALUES (1, 1, '2026-04-01', 300.0), (2, 1, '2026-05-01', 300.0),
        (3, 2, '2026-05-01', 300.0);
"""


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "office", OFFICE) as db:
        yield db


def test_a_pay_table_of_employees_is_no_money_received(office: Database) -> None:
    engine = BuiltinEngine(today=TODAY)
    metrics = engine.lexicon(engine.schema(office)).domain.metrics.values()
    assert all(m.table != "PAY" for m in metrics)


def test_a_void_beside_other_counts_is_a_count(office: Database) -> None:
    draft, result = read(office, "total gross last month")
    gold = "SELECT SUM(gross) FROM ticket_sales WHERE sale_date >= '2026-05-01' AND sale_date < '2026-06-01'"
    assert same_answer(result, all_rows(office, gold)), draft.sql


def test_a_yes_no_of_delivery_is_no_deletion(office: Database) -> None:
    draft, result = read(office, "how many orders this month")
    assert same_answer(result, all_rows(office, "SELECT COUNT(*) FROM ORDERS")), draft.sql


def test_an_sname_before_an_fname_is_no_surname(office: Database) -> None:
    draft, result = read(office, "how many fee slips per student")
    assert "fname" not in result.columns, draft.sql
