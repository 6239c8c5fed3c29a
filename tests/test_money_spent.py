"""Money the business paid out ("how much did we spend last month"): the one dated table of what it
buys (named so, or pointing at suppliers) when no sale is read from it; what customers spent stays
the revenue, and a shop whose purchases are its customers' has no such reading."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.errors import EngineError
from tests.helpers import drafted, reads_whole, schema_database

KENNELS = """
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, owner_name TEXT NOT NULL);
    CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners (owner_id),
                        arrived_on TEXT NOT NULL, nights INTEGER NOT NULL, total_gbp REAL NOT NULL);
    CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT NOT NULL);
    CREATE TABLE feed_orders (order_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES suppliers (supplier_id),
                              stay_id INTEGER REFERENCES stays (stay_id), ordered_on TEXT NOT NULL,
                              cost_pence INTEGER NOT NULL);
    INSERT INTO owners VALUES (1, 'Ana Silva'), (2, 'Bo Lind');
    INSERT INTO stays VALUES (1, 1, '2026-04-20', 3, 90.0), (2, 2, '2026-05-03', 2, 60.0),
                             (3, 1, '2026-05-20', 5, 150.0);
    INSERT INTO suppliers VALUES (1, 'Hound Foods'), (2, 'Barkers Wholesale');
    INSERT INTO feed_orders VALUES (1, 1, 1, '2026-05-02', 4500), (2, 2, 2, '2026-05-10', 1250),
                                   (3, 1, 3, '2026-04-28', 3000), (4, 2, NULL, '2026-06-01', 800);
"""  # boarding kennels: feed bought from suppliers, some of it for one dog's stay


SHOP = """
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL);
    CREATE TABLE purchases (purchase_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id),
                            bought_on TEXT NOT NULL, amount REAL NOT NULL);
    INSERT INTO customers VALUES (1, 'Ana Silva');
    INSERT INTO purchases VALUES (1, 1, '2026-05-02', 20.0);
"""  # a shop whose purchases are what its customers bought


@pytest.fixture(scope="module")
def kennels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "kennels", KENNELS) as db:
        yield db


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "shop", SHOP) as db:
        yield db


def test_what_we_spent_adds_up_what_the_business_bought(kennels: Database) -> None:
    reads_whole(kennels, "how much did we spend in May 2026",
                "SELECT SUM(cost_pence) / 100.0 FROM feed_orders WHERE ordered_on LIKE '2026-05%'")
    reads_whole(kennels, "how much have we spent with each supplier",
                "SELECT s.supplier_name, SUM(f.cost_pence) / 100.0 FROM feed_orders f "
                "JOIN suppliers s ON s.supplier_id = f.supplier_id GROUP BY s.supplier_id")


def test_what_customers_spent_is_still_the_revenue(kennels: Database) -> None:
    draft = drafted(kennels, "how much did owners spend in May 2026")
    assert "total_gbp" in draft.sql and "cost_pence" not in draft.sql, draft.sql


def test_a_shop_whose_purchases_are_sales_has_no_money_spent(shop: Database) -> None:
    try:
        draft = drafted(shop, "how much did we spend in May 2026")
    except EngineError:
        return
    assert "outgoings" not in draft.sql, draft.sql


STORE = """
    CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT NOT NULL);
    CREATE TABLE products (product_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES suppliers (supplier_id),
                           product_name TEXT NOT NULL, unit_cost REAL, added_on TEXT NOT NULL);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT NOT NULL);
    CREATE TABLE sale_lines (line_id INTEGER PRIMARY KEY, sale_id INTEGER REFERENCES sales (sale_id),
                             product_id INTEGER REFERENCES products (product_id), qty INTEGER, unit_price REAL);
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, staff_name TEXT NOT NULL);
    CREATE TABLE expense_claims (claim_id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff (staff_id),
                                 claimed_on TEXT NOT NULL, amount REAL, state TEXT NOT NULL);
    INSERT INTO suppliers VALUES (1, 'Reel Co');
    INSERT INTO products VALUES (1, 1, 'Rod', 30.0, '2026-05-01'), (2, 1, 'Net', 8.0, '2026-05-03');
    INSERT INTO sales VALUES (1, '2026-05-04');
    INSERT INTO sale_lines VALUES (1, 1, 1, 1, 60.0), (2, 1, 2, 2, 15.0);
    INSERT INTO staff VALUES (1, 'Gil');
    INSERT INTO expense_claims VALUES (1, 1, '2026-05-05', 40.0, 'Approved'), (2, 1, '2026-05-06', 25.0, 'Rejected');
"""  # an angling shop: a catalogue that points at its supplier, and staff expense claims


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "store", STORE) as db:
        yield db


def test_a_catalogue_is_no_spending_and_rejected_claims_spent_nothing(store: Database) -> None:
    reads_whole(store, "how much did we spend in May 2026", "SELECT 40.0")
