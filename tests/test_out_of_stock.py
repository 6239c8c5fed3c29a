""""Out of <a table of amounts>": none left of the one amount that table keeps, on a bookshop's and a
bakery's schemas built here. A table that keeps two amounts does not say which one ran out, so
neither is read as empty."""

from __future__ import annotations

import pytest

from tests.helpers import answers, drafted, schema_database

BOOKSHOP = """
CREATE TABLE shops (shop_id INTEGER PRIMARY KEY, shop_name TEXT);
CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT, price REAL);
CREATE TABLE stock (shop_id INTEGER REFERENCES shops (shop_id), book_id INTEGER REFERENCES books (book_id),
                    copies INTEGER, PRIMARY KEY (shop_id, book_id));
INSERT INTO shops VALUES (1, 'Corner Books'), (2, 'Harbour Reads');
INSERT INTO books VALUES (1, 'Tides', 12.5), (2, 'Lanterns', 9.0), (3, 'Ferns', 20.0);
INSERT INTO stock VALUES (1, 1, 0), (1, 2, 4), (1, 3, 0), (2, 1, 3), (2, 2, 0), (2, 3, 5);
"""

BAKERY = """
CREATE TABLE loaves (loaf_id INTEGER PRIMARY KEY, loaf_name TEXT);
CREATE TABLE inventory (loaf_id INTEGER PRIMARY KEY REFERENCES loaves (loaf_id), on_hand INTEGER);
CREATE TABLE flour (bag_id INTEGER PRIMARY KEY, mill TEXT, kilos REAL, price REAL);
INSERT INTO loaves VALUES (1, 'Rye'), (2, 'Spelt'), (3, 'Sourdough');
INSERT INTO inventory VALUES (1, 0), (2, 7), (3, 0);
INSERT INTO flour VALUES (1, 'Stone', 0, 3.5), (2, 'River', 25, 0);
"""


@pytest.fixture(scope="module")
def bookshop_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "bookshop", BOOKSHOP) as db:
        yield db


@pytest.fixture(scope="module")
def bakery_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "bakery", BAKERY) as db:
        yield db


def test_out_of_a_stock_table_finds_none_of_its_amount_at_a_named_shop(bookshop_db) -> None:
    answers(bookshop_db, "Which books are out of stock at Corner Books?",
            "SELECT b.* FROM books b JOIN stock s ON s.book_id = b.book_id JOIN shops sh ON sh.shop_id = s.shop_id "
            "WHERE sh.shop_name = 'Corner Books' AND s.copies = 0")


def test_out_of_an_inventory_table_on_another_schema(bakery_db) -> None:
    answers(bakery_db, "loaves out of inventory",
            "SELECT l.* FROM loaves l JOIN inventory i ON i.loaf_id = l.loaf_id WHERE i.on_hand = 0")


def test_a_table_of_two_amounts_says_nothing_ran_out_for_sure(bakery_db) -> None:
    draft = drafted(bakery_db, "which flour bags are out of flour")
    assert "kilos <= 0" not in (draft.sql or "") and "price <= 0" not in (draft.sql or "")
