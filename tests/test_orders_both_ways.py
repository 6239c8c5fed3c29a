"""A trader's orders run both ways: sales orders from customers, purchase orders to suppliers. The
schema is invented here (a wholesaler of bicycle parts) with the sales orders kept as "so_header"
and "so_lines", as such systems name them. A purchase order's money was paid out, never taken; the
orders counted for a customer are the ones that name the customer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, built_sqlite, opened, read, same_answer, schema_database

PARTS = """
    CREATE TABLE suppliers (supp_id INTEGER PRIMARY KEY, supp_nm TEXT NOT NULL);
    CREATE TABLE customers (cust_id INTEGER PRIMARY KEY, cust_nm TEXT NOT NULL, town TEXT);
    CREATE TABLE parts (part_id INTEGER PRIMARY KEY, part_nm TEXT NOT NULL, supp_id INTEGER REFERENCES suppliers);
    CREATE TABLE purchase_orders (po_no INTEGER PRIMARY KEY, supp_id INTEGER REFERENCES suppliers, po_dt TEXT,
                                  total_gbp REAL);
    CREATE TABLE so_header (so_no INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers, order_dt TEXT,
                            total_gbp REAL);
    INSERT INTO suppliers VALUES (1, 'Sprocket Ltd'), (2, 'Chainco');
    INSERT INTO customers VALUES (1, 'Wheelies', 'Leeds'), (2, 'Spokes', 'York'), (3, 'Pedal On', 'Leeds');
    INSERT INTO parts VALUES (1, 'Chain', 2), (2, 'Cog', 1);
    INSERT INTO purchase_orders VALUES (1, 1, '2026-01-05', 900), (2, 2, '2026-02-05', 800), (3, 1, '2026-03-05', 700),
        (4, 2, '2026-04-05', 600), (5, 1, '2026-05-05', 500), (6, 2, '2026-05-06', 400);
    INSERT INTO so_header VALUES (1, 1, '2026-01-10', 120), (2, 1, '2026-02-10', 80), (3, 2, '2026-03-10', 50),
        (4, 1, '2026-04-10', 30), (5, 3, '2025-12-10', 75);
"""  # today is 2026-06-15


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "parts", PARTS) as db:
        yield db


def test_a_sales_order_header_is_the_sales_orders(parts: Database) -> None:
    draft, result = read(parts, "how many sales orders this year")
    gold = "SELECT COUNT(*) FROM so_header WHERE order_dt >= '2026-01-01'"
    assert same_answer(result, all_rows(parts, gold)), draft.sql


def test_orders_counted_for_customers_are_those_that_name_them(parts: Database) -> None:
    draft, result = read(parts, "top 2 customers by number of orders this year")
    gold = """SELECT c.cust_nm, COUNT(*) FROM so_header h JOIN customers c ON c.cust_id = h.cust_id
              WHERE h.order_dt >= '2026-01-01' GROUP BY c.cust_nm ORDER BY COUNT(*) DESC LIMIT 2"""
    assert same_answer(result, all_rows(parts, gold), ordered=True), draft.sql


def test_money_of_what_was_bought_in_is_not_taken(parts: Database) -> None:
    """The purchase orders outnumber the sales and keep a total too: what was taken is the sales'."""
    draft, result = read(parts, "how much did we take this year")
    gold = "SELECT SUM(total_gbp) FROM so_header WHERE order_dt >= '2026-01-01'"
    assert same_answer(result, all_rows(parts, gold)), draft.sql


def test_orders_are_the_sales_orders_before_the_purchase_orders(tmp_path) -> None:
    """Both headers are orders by name; the purchase order's is bought from a supplier."""
    script = """
    CREATE TABLE suppliers (supp_id INTEGER PRIMARY KEY, supp_nm TEXT);
    CREATE TABLE customers (cust_id INTEGER PRIMARY KEY, cust_nm TEXT);
    CREATE TABLE po_header (po_no INTEGER PRIMARY KEY, supp_id INTEGER REFERENCES suppliers, po_date TEXT);
    CREATE TABLE so_header (so_no INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers, so_date TEXT);
    INSERT INTO suppliers VALUES (1, 'Seeds Co');
    INSERT INTO customers VALUES (1, 'Fern'), (2, 'Moss');
    INSERT INTO po_header VALUES (1, 1, '2026-05-01'), (2, 1, '2026-05-02'), (3, 1, '2026-05-03');
    INSERT INTO so_header VALUES (1, 1, '2026-05-04'), (2, 2, '2026-04-04');
    """
    with opened(built_sqlite(tmp_path, "garden", script)) as db:
        draft, result = read(db, "how many orders in May 2026")
        assert same_answer(result, all_rows(db, "SELECT COUNT(*) FROM so_header WHERE so_date LIKE '2026-05%'")), \
            draft.sql
        draft, result = read(db, "which customers ordered from us in May 2026")
        gold = "SELECT cust_nm FROM customers WHERE cust_id IN " \
               "(SELECT cust_id FROM so_header WHERE so_date LIKE '2026-05%')"
        assert same_answer(result, all_rows(db, gold)), draft.sql


def test_sales_kept_with_the_producer_they_were_made_for_are_money_taken(tmp_path) -> None:
    script = """
    CREATE TABLE suppliers (supp_id INTEGER PRIMARY KEY, supp_nm TEXT);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, supp_id INTEGER REFERENCES suppliers, sold_on TEXT,
                        amount REAL, till TEXT);
    INSERT INTO suppliers VALUES (1, 'Hill Farm'), (2, 'Dale Dairy');
    INSERT INTO sales VALUES (1, 1, '2026-05-01', 12.5, 'Shop'), (2, 2, '2026-05-02', 4.0, 'Cafe'),
        (3, 1, '2026-04-03', 9.0, 'Shop');
    """
    with opened(built_sqlite(tmp_path, "farmshop", script)) as db:
        draft, result = read(db, "what was our revenue last month")
        assert same_answer(result, all_rows(db, "SELECT SUM(amount) FROM sales WHERE sold_on LIKE '2026-05%'")), \
            draft.sql
