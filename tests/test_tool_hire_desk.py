"""A tool-hire desk, invented here: tools known by a code and a description (no name column), hires
of them, orders of kits and the deliveries of those orders in rows of their own (a planned date and
the date delivered). "by tool" shows each tool's code and description; the days "from order to
delivery" run from the order's date to its delivery's delivered date, through the delivery rows; a
period said of customers who have checked in dates the check-ins, not when the customers joined;
"never booked" denies the reservations, the rows whose date the verb names; "new members" are the
customers of that type who signed up in the period; bills whose lines keep an amount each per charge
code: "damage income" is the damage lines' money, not the whole of the bills that have one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, read, same_answer, schema_database

DESK = """
    CREATE TABLE tools (tool_cd TEXT PRIMARY KEY, tool_desc TEXT, day_rate REAL);
    CREATE TABLE hires (hire_id INTEGER PRIMARY KEY, tool_cd TEXT REFERENCES tools, hired_on TEXT,
                        days INTEGER, fee REAL);
    CREATE TABLE customers (cust_id INTEGER PRIMARY KEY, cust_nm TEXT, signup_date TEXT, cust_type TEXT,
                            member_status TEXT);
    CREATE TABLE kit_orders (order_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers, order_dt TEXT,
                             channel TEXT);
    CREATE TABLE reservations (res_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers,
                               tool_cd TEXT REFERENCES tools, booked_on TEXT, status TEXT);
    CREATE TABLE checkins (chk_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers, chk_ts TEXT);
    CREATE TABLE deliveries (deliv_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES kit_orders,
                             sched_dt TEXT, deliv_dt TEXT, driver TEXT);
    INSERT INTO tools VALUES ('DRL', 'Hammer drill', 18.0), ('SAW', 'Circular saw', 22.0), ('LAD', 'Ladder 3m', 9.0);
    INSERT INTO hires VALUES (1, 'DRL', '2026-05-02', 2, 36.0), (2, 'SAW', '2026-05-09', 1, 22.0),
        (3, 'DRL', '2026-05-20', 3, 54.0), (4, 'LAD', '2026-04-11', 5, 45.0);
    INSERT INTO customers VALUES (1, 'Cole', '2024-01-09', 'member', 'active'),
        (2, 'Dee', '2026-05-20', 'member', 'active'), (3, 'Eve', '2026-05-02', 'casual', NULL),
        (4, 'Fay', '2025-02-02', 'member', 'lapsed');
    INSERT INTO kit_orders VALUES (1, 1, '2026-05-01', 'Web'), (2, 2, '2026-05-03', 'Phone'),
        (3, 1, '2026-05-10', 'Web');
    INSERT INTO reservations VALUES (1, 1, 'DRL', '2026-05-01', 'booked'), (2, 3, 'SAW', '2026-05-04', 'collected');
    INSERT INTO checkins VALUES (1, 1, '2026-05-03 10:00'), (2, 3, '2026-04-01 09:00'), (3, 1, '2026-05-09 11:00'),
        (4, 4, '2026-05-21 12:00');
    INSERT INTO deliveries VALUES (1, 1, '2026-05-02', '2026-05-04', 'Raj'), (2, 2, '2026-05-04', '2026-05-04', 'Raj'),
        (3, 3, '2026-05-11', '2026-05-17', 'Lou');
"""  # today is 2026-06-15


# The desk's billing, kept apart: bills with a total, and their lines by charge code at an amount each.
BILLING = """
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_nm TEXT);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients, billed_on TEXT,
                        bill_total REAL);
    CREATE TABLE bill_ln (bill_id INTEGER REFERENCES bills, ln_no INTEGER, chg_cd TEXT, qty REAL, unit_amt REAL,
                          PRIMARY KEY (bill_id, ln_no));
    INSERT INTO clients VALUES (1, 'Cole'), (2, 'Dee');
    INSERT INTO bills VALUES (1, 1, '2026-05-03', 65.0), (2, 2, '2026-05-12', 40.0), (3, 1, '2026-04-20', 30.0);
    INSERT INTO bill_ln VALUES (1, 1, 'HIRE', 2, 20.0), (1, 2, 'DAMAGE', 1, 25.0), (2, 1, 'HIRE', 1, 40.0),
        (3, 1, 'DAMAGE', 1, 30.0);
"""


@pytest.fixture(scope="module")
def billing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "billing", BILLING) as db:
        yield db


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "desk", DESK) as db:
        yield db


def test_rows_known_by_a_code_and_a_description_show_both(desk: Database) -> None:
    draft, result = read(desk, "hire fees by tool last month")
    gold = """SELECT t.tool_cd, t.tool_desc, SUM(h.fee) FROM hires h JOIN tools t ON t.tool_cd = h.tool_cd
              WHERE h.hired_on >= '2026-05-01' AND h.hired_on < '2026-06-01' GROUP BY t.tool_cd, t.tool_desc"""
    assert same_answer(result, all_rows(desk, gold)), draft.sql
    assert {"tool_cd", "tool_desc"} <= set(result.columns), draft.sql


def test_days_from_order_to_delivery_run_to_the_delivery_rows_date(desk: Database) -> None:
    draft, result = read(desk, "on average how many days from order to delivery for web orders")
    gold = """SELECT AVG(JULIANDAY(d.deliv_dt) - JULIANDAY(o.order_dt)) FROM kit_orders o
              JOIN deliveries d ON d.order_id = o.order_id WHERE o.channel = 'Web'"""
    assert same_answer(result, all_rows(desk, gold)), draft.sql


def test_a_period_of_rows_that_have_other_rows_dates_those_rows(desk: Database) -> None:
    draft, result = read(desk, "how many customers have checked in during May")
    gold = """SELECT COUNT(*) FROM customers WHERE cust_id IN (SELECT cust_id FROM checkins
              WHERE chk_ts >= '2026-05-01' AND chk_ts < '2026-06-01')"""
    assert same_answer(result, all_rows(desk, gold)), draft.sql


def test_never_with_a_verb_naming_a_date_denies_the_rows_that_keep_it(desk: Database) -> None:
    draft, result = read(desk, "how many customers have never booked")
    gold = """SELECT COUNT(*) FROM customers c
              WHERE NOT EXISTS (SELECT 1 FROM reservations r WHERE r.cust_id = c.cust_id)"""
    assert same_answer(result, all_rows(desk, gold)), draft.sql


def test_a_period_said_before_the_rows_had_stays_on_the_main_rows(desk: Database) -> None:
    draft, result = read(desk, "customers who joined in May who have checked in")
    gold = """SELECT * FROM customers WHERE signup_date >= '2026-05-01' AND signup_date < '2026-06-01'
              AND cust_id IN (SELECT cust_id FROM checkins)"""
    assert same_answer(result, all_rows(desk, gold)), draft.sql


def test_new_rows_of_a_kind_kept_as_a_value_are_counted(desk: Database) -> None:
    draft, result = read(desk, "how many new members in May")
    gold = """SELECT COUNT(*) FROM customers WHERE cust_type = 'member'
              AND signup_date >= '2026-05-01' AND signup_date < '2026-06-01'"""
    assert same_answer(result, all_rows(desk, gold)), draft.sql


def test_money_of_one_kind_of_line_is_summed_on_those_lines(billing: Database) -> None:
    draft, result = read(billing, "damage income in May")
    gold = """SELECT SUM(l.qty * l.unit_amt) FROM bill_ln l JOIN bills b ON b.bill_id = l.bill_id
              WHERE l.chg_cd = 'DAMAGE' AND b.billed_on >= '2026-05-01' AND b.billed_on < '2026-06-01'"""
    assert same_answer(result, all_rows(billing, gold)), draft.sql
