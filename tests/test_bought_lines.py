"""A cycle workshop, invented here: parts bought from suppliers on purchase orders whose lines keep
how many boxes at a cost per box in pence (``boxes`` beside ``box_cost_p``, and the pieces in them as
``qty``), each part with the supplier it usually comes from; repairs sold to customers with a total
each. What "we spent" is the purchase lines' boxes x cost, reached through the purchase order's
supplier (not the part's usual one), cancelled orders left out; revenue is the repairs', never what
was bought; an order "turned up late" when received (``recv_dt``) after it was due."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.profile import profile_of
from tests.helpers import all_rows, drafted, read, same_answer, schema_database

WORKSHOP = """
    CREATE TABLE suppliers (supp_id INTEGER PRIMARY KEY, supp_nm TEXT NOT NULL);
    CREATE TABLE parts (part_id INTEGER PRIMARY KEY, part_nm TEXT NOT NULL, supp_id INTEGER REFERENCES suppliers,
                        cost_p INTEGER, per_box INTEGER);
    CREATE TABLE purchase_orders (po_no TEXT PRIMARY KEY, supp_id INTEGER REFERENCES suppliers, po_dt TEXT,
                                  po_status TEXT, carriage REAL, due_dt TEXT, recv_dt TEXT);
    CREATE TABLE po_lines (line_id INTEGER PRIMARY KEY, po_no TEXT REFERENCES purchase_orders,
                           part_id INTEGER REFERENCES parts, boxes INTEGER, qty INTEGER, box_cost_p INTEGER);
    CREATE TABLE customers (cust_id INTEGER PRIMARY KEY, cust_nm TEXT);
    CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers,
                          repaired_on TEXT, total REAL);
    INSERT INTO suppliers VALUES (1, 'Spokes Ltd'), (2, 'Chainline'), (3, 'Gears Direct');
    INSERT INTO parts VALUES (1, 'Inner tube', 1, 300, 10), (2, 'Chain', 2, 900, 5), (3, 'Brake pad', 3, 250, 20);
    INSERT INTO purchase_orders VALUES ('P1', 2, '2026-05-04', 'Received', 12.0, '2026-05-10', '2026-05-12'),
        ('P2', 3, '2026-05-18', 'Received', 30.0, '2026-05-25', '2026-05-24'),
        ('P3', 1, '2026-05-20', 'Cancelled', 8.0, '2026-05-27', NULL),
        ('P4', 1, '2026-03-02', 'Received', 5.0, '2026-03-09', '2026-03-20');
    INSERT INTO po_lines VALUES (1, 'P1', 1, 4, 40, 2800), (2, 'P1', 3, 2, 40, 4600), (3, 'P2', 2, 3, 15, 4300),
        (4, 'P3', 1, 9, 90, 2900), (5, 'P4', 1, 1, 10, 2800);
    INSERT INTO customers VALUES (1, 'Ana'), (2, 'Bo');
    INSERT INTO repairs VALUES (1, 1, '2026-05-06', 45.0), (2, 2, '2026-05-21', 80.0), (3, 1, '2026-04-02', 20.0);
"""  # today is 2026-06-15

# Bought at a price per unit, and sold in a table of its own: the same shape as a shop's sale lines.
STOCKROOM = """
    CREATE TABLE vendors (vendor_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT, price REAL);
    CREATE TABLE purchase_orders (po_id INTEGER PRIMARY KEY, vendor_id INTEGER REFERENCES vendors, ordered_on TEXT);
    CREATE TABLE purchase_order_lines (line_id INTEGER PRIMARY KEY, po_id INTEGER REFERENCES purchase_orders,
                                       product_id INTEGER REFERENCES products, qty INTEGER, unit_price REAL);
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers, sold_on TEXT,
                        total REAL);
    INSERT INTO vendors VALUES (1, 'North'), (2, 'South');
    INSERT INTO products VALUES (1, 'Lamp', 30.0), (2, 'Rug', 90.0);
    INSERT INTO purchase_orders VALUES (1, 1, '2026-05-02'), (2, 2, '2026-05-09'), (3, 1, '2025-12-01');
    INSERT INTO purchase_order_lines VALUES (1, 1, 1, 10, 12.5), (2, 1, 2, 2, 40.0), (3, 2, 2, 5, 38.0),
        (4, 3, 1, 7, 12.0);
    INSERT INTO customers VALUES (1, 'Ida'), (2, 'Jon');
    INSERT INTO sales VALUES (1, 1, '2026-05-03', 120.0), (2, 2, '2026-05-28', 75.5), (3, 1, '2026-04-30', 60.0);
"""


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


@pytest.fixture(scope="module")
def stockroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "stockroom", STOCKROOM) as db:
        yield db


def test_spend_per_supplier_is_the_purchase_lines_through_their_order(workshop: Database) -> None:
    draft, result = read(workshop, "how much did we spend with each supplier last month")
    gold = """SELECT s.supp_nm, SUM(l.boxes * l.box_cost_p) / 100.0 FROM po_lines l
              JOIN purchase_orders p ON p.po_no = l.po_no JOIN suppliers s ON s.supp_id = p.supp_id
              WHERE p.po_dt >= '2026-05-01' AND p.po_dt < '2026-06-01' AND p.po_status <> 'Cancelled'
              GROUP BY s.supp_id, s.supp_nm"""
    assert same_answer(result, all_rows(workshop, gold)), draft.sql


def test_orders_received_after_their_due_date_turned_up_late(workshop: Database) -> None:
    draft, result = read(workshop, "which purchase orders turned up late")
    gold = "SELECT po_no FROM purchase_orders WHERE recv_dt > due_dt"
    assert sorted(row[result.columns.index("po_no")] for row in result.rows) == \
        sorted(row[0] for row in all_rows(workshop, gold)), draft.sql


def test_a_cost_named_for_the_unit_counted_is_paid_for_each(workshop: Database) -> None:
    spending = profile_of(workshop.schema).spending
    assert [(r.table, r.line.price, r.line.quantity) for r in spending if r.line] == \
        [("po_lines", "box_cost_p", "boxes")]


def test_revenue_is_what_was_sold_not_what_was_bought(stockroom: Database) -> None:
    draft, result = read(stockroom, "total revenue last month")
    gold = "SELECT SUM(total) FROM sales WHERE sold_on >= '2026-05-01' AND sold_on < '2026-06-01'"
    assert same_answer(result, all_rows(stockroom, gold)), draft.sql


def test_what_we_spent_is_the_bought_lines_price_times_quantity(stockroom: Database) -> None:
    draft, result = read(stockroom, "what did we spend last month")
    gold = """SELECT SUM(l.qty * l.unit_price) FROM purchase_order_lines l JOIN purchase_orders p ON p.po_id = l.po_id
              WHERE p.ordered_on >= '2026-05-01' AND p.ordered_on < '2026-06-01'"""
    assert same_answer(result, all_rows(stockroom, gold)), draft.sql
    assert "purchase_order_lines" in drafted(stockroom, "how much did we spend with each vendor").sql

# A brewery sells cases to distributors and buys ingredients from suppliers: the distributors' orders
# are sales; a bookshop's purchase lines keep the retail price beside the net cost paid.
BREWERY = """
    CREATE TABLE distributors (distributor_id INTEGER PRIMARY KEY, distributor_name TEXT);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, distributor_id INTEGER REFERENCES distributors, order_date TEXT);
    CREATE TABLE order_lines (line_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders, cases INTEGER,
                              case_price REAL);
    CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT);
    CREATE TABLE ingredient_buys (buy_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES suppliers, bought_on TEXT,
                                  cost REAL);
    CREATE TABLE purchase_orders (po_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES suppliers, ordered_on TEXT);
    CREATE TABLE po_lines (line_id INTEGER PRIMARY KEY, po_id INTEGER REFERENCES purchase_orders, qty INTEGER,
                           retail_price REAL, net_cost REAL);
    INSERT INTO distributors VALUES (1, 'Northern'), (2, 'Valley');
    INSERT INTO orders VALUES (1, 1, '2026-05-03'), (2, 2, '2026-05-10');
    INSERT INTO order_lines VALUES (1, 1, 50, 28.0), (2, 2, 30, 32.0);
    INSERT INTO suppliers VALUES (1, 'Maltings'), (2, 'Hop Yard');
    INSERT INTO ingredient_buys VALUES (1, 1, '2026-05-01', 900.0), (2, 2, '2026-05-05', 520.0);
    INSERT INTO purchase_orders VALUES (1, 1, '2026-05-02'), (2, 2, '2026-05-20');
    INSERT INTO po_lines VALUES (1, 1, 10, 9.99, 5.5), (2, 2, 4, 20.0, 12.25);
"""


@pytest.fixture(scope="module")
def brewery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "brewery", BREWERY) as db:
        yield db


def test_orders_of_those_the_business_sells_to_are_never_spending(brewery: Database) -> None:
    spending = profile_of(brewery.schema).spending
    assert [(r.table, r.line.price) for r in spending if r.line] == [("po_lines", "net_cost")]


# A café's deliveries from its suppliers, each with lines at a unit cost; its till lines are of
# products that each name their usual supplier: what was bought comes in the deliveries' lines, what
# the till sold is never spending though its products point to a supplier.
CAFE = """
    CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT);
    CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name TEXT,
                           supplier_id INTEGER REFERENCES suppliers);
    CREATE TABLE deliveries (delivery_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES suppliers,
                             delivered_on TEXT);
    CREATE TABLE delivery_lines (line_id INTEGER PRIMARY KEY, delivery_id INTEGER REFERENCES deliveries,
                                 product_id INTEGER REFERENCES products, qty INTEGER, unit_cost REAL);
    CREATE TABLE till_receipts (receipt_id INTEGER PRIMARY KEY, rung_at TEXT);
    CREATE TABLE receipt_lines (line_id INTEGER PRIMARY KEY, receipt_id INTEGER REFERENCES till_receipts,
                                product_id INTEGER REFERENCES products, qty INTEGER, unit_price REAL);
    INSERT INTO suppliers VALUES (1, 'Bean Co'), (2, 'Dairy Farm');
    INSERT INTO products VALUES (1, 'Espresso beans', 1), (2, 'Milk', 2);
    INSERT INTO deliveries VALUES (1, 1, '2026-05-04'), (2, 2, '2026-05-06'), (3, 1, '2026-04-20');
    INSERT INTO delivery_lines VALUES (1, 1, 1, 4, 18.0), (2, 2, 2, 30, 0.9), (3, 3, 1, 2, 18.0);
    INSERT INTO till_receipts VALUES (1, '2026-05-04 09:00'), (2, '2026-05-05 10:00');
    INSERT INTO receipt_lines VALUES (1, 1, 1, 3, 2.5), (2, 2, 2, 2, 0.6);
"""


@pytest.fixture(scope="module")
def cafe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "cafe", CAFE) as db:
        yield db


def test_lines_of_a_delivery_from_a_supplier_are_spending(cafe: Database) -> None:
    spending = profile_of(cafe.schema).spending
    assert [r.line.table for r in spending if r.line] == ["delivery_lines"]
    draft, result = read(cafe, "what did we spend with each supplier in May")
    gold = """SELECT s.supplier_name, SUM(l.qty * l.unit_cost) FROM delivery_lines l
              JOIN deliveries d ON d.delivery_id = l.delivery_id JOIN suppliers s ON s.supplier_id = d.supplier_id
              WHERE d.delivered_on >= '2026-05-01' AND d.delivered_on < '2026-06-01' GROUP BY s.supplier_name"""
    assert same_answer(result, all_rows(cafe, gold)), draft.sql
