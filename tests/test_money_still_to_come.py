"""Money taken is money of rows that happened: a lesson still booked, an order only planned, a payment
still pending has brought nothing in yet, beside the rows called off that never will.

What is owed is read apart: a bill sent and not yet paid is owed all the same. "How much" of rows
that keep a count of units beside an amount of money asks the money.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

PIANO = """
    CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name TEXT NOT NULL);
    CREATE TABLE lessons (lesson_id INTEGER PRIMARY KEY, pupil_id INTEGER NOT NULL REFERENCES pupils (pupil_id),
                          taught_on TEXT NOT NULL, fee REAL NOT NULL, status TEXT NOT NULL);
    CREATE TABLE fee_payments (payment_id INTEGER PRIMARY KEY,
                               pupil_id INTEGER NOT NULL REFERENCES pupils (pupil_id),
                               paid_on TEXT NOT NULL, paid_amount REAL NOT NULL, state TEXT NOT NULL);
    INSERT INTO pupils VALUES (1, 'Ada'), (2, 'Ben'), (3, 'Cleo');
    INSERT INTO lessons VALUES (1, 1, '2026-09-03', 30.0, 'taught'), (2, 2, '2026-09-10', 30.0, 'taught'),
                               (3, 1, '2026-10-01', 35.0, 'cancelled'), (4, 3, '2026-10-08', 35.0, 'taught'),
                               (5, 2, '2026-12-03', 35.0, 'booked'), (6, 3, '2026-12-10', 35.0, 'booked');
    INSERT INTO fee_payments VALUES (1, 1, '2026-09-04', 30.0, 'cleared'), (2, 2, '2026-09-11', 30.0, 'cleared'),
                                    (3, 3, '2026-10-09', 35.0, 'failed'), (4, 3, '2026-10-20', 35.0, 'pending');
"""  # a piano teacher: lessons still booked, a payment pending

SHEETS = """
    CREATE TABLE scores (score_id INTEGER PRIMARY KEY, title TEXT NOT NULL, kind TEXT NOT NULL);
    CREATE TABLE sheet_orders (order_id INTEGER PRIMARY KEY, buyer TEXT NOT NULL, ordered_on TEXT NOT NULL,
                               stage TEXT NOT NULL);
    CREATE TABLE sheet_order_lines (line_id INTEGER PRIMARY KEY,
                                    order_id INTEGER NOT NULL REFERENCES sheet_orders (order_id),
                                    score_id INTEGER NOT NULL REFERENCES scores (score_id),
                                    qty INTEGER NOT NULL, price REAL NOT NULL);
    INSERT INTO scores VALUES (1, 'Scales', 'method'), (2, 'Etudes', 'songbook'), (3, 'Sonatas', 'songbook'),
                              (4, 'Nocturnes', 'songbook');
    INSERT INTO sheet_orders VALUES (1, 'Ada', '2026-09-01', 'sent'), (2, 'Ben', '2026-09-02', 'sent'),
                                    (3, 'Cleo', '2026-09-05', 'cancelled'), (4, 'Ada', '2026-11-30', 'planned');
    INSERT INTO sheet_order_lines VALUES (1, 1, 1, 1, 8.0), (2, 2, 2, 2, 12.0), (3, 3, 3, 1, 20.0),
                                         (4, 4, 4, 3, 15.0), (5, 3, 2, 4, 12.0);
"""  # a sheet music shop: an order called off, an order only planned


RETURNS = """
    CREATE TABLE credit_notes (note_id INTEGER PRIMARY KEY, shopper TEXT NOT NULL, cause TEXT NOT NULL,
                               qty INTEGER, value_pence INTEGER NOT NULL, issued_on TEXT NOT NULL);
    INSERT INTO credit_notes VALUES (1, 'Ada', 'faulty', 2, 3000, '2026-02-01'),
                                    (2, 'Ben', 'late', 5, 1250, '2026-03-01'),
                                    (3, 'Ada', 'faulty', 1, 800, '2026-04-01');
"""  # a shop's credit notes: how many items each covers and the money credited


CLUB = """
    CREATE TABLE mbrs (mbr_id INTEGER PRIMARY KEY, mbr_name TEXT NOT NULL);
    CREATE TABLE mbr_pmts (pmt_id INTEGER PRIMARY KEY, mbr_id INTEGER NOT NULL REFERENCES mbrs (mbr_id),
                           amt REAL NOT NULL, paid_on TEXT NOT NULL);
    CREATE TABLE bar_sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT NOT NULL, total REAL NOT NULL);
    CREATE TABLE kiosk_sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT NOT NULL);
    CREATE TABLE kiosk_sale_lines (line_id INTEGER PRIMARY KEY,
                                   sale_id INTEGER NOT NULL REFERENCES kiosk_sales (sale_id), item TEXT NOT NULL,
                                   qty INTEGER NOT NULL, price REAL NOT NULL);
    INSERT INTO mbrs VALUES (1, 'Ada'), (2, 'Ben');
    INSERT INTO mbr_pmts VALUES (1, 1, 20.0, '2026-01-05'), (2, 2, 20.0, '2026-01-06'), (3, 1, 20.0, '2026-02-05');
    INSERT INTO bar_sales VALUES (1, '2026-01-05', 7.5), (2, '2026-02-05', 12.0);
    INSERT INTO kiosk_sales VALUES (1, '2026-01-07'), (2, '2026-02-08');
    INSERT INTO kiosk_sale_lines VALUES (1, 1, 'towel', 2, 4.0), (2, 2, 'goggles', 1, 9.0);
"""  # a club: members' payments kept under short names, the bar's sales and the kiosk's, line by line


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "club", CLUB) as db:
        yield db


@pytest.fixture(scope="module")
def returns(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "returns", RETURNS) as db:
        yield db


@pytest.fixture(scope="module")
def piano(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "piano", PIANO) as db:
        yield db


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "sheets", SHEETS) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("lesson income by month", "SELECT strftime('%Y-%m', taught_on), SUM(fee) FROM lessons "
                               "WHERE status = 'taught' GROUP BY 1"),
    ("how much have we made from lessons", "SELECT SUM(fee) FROM lessons WHERE status = 'taught'"),
])
def test_money_taken_leaves_out_rows_still_to_come(piano: Database, line: str, gold: str) -> None:
    reads_whole(piano, line, gold)  # the two booked December lessons have brought nothing in
    assert "booked" in drafted(piano, line).explanation


def test_money_received_leaves_out_a_payment_still_pending(piano: Database) -> None:
    reads_whole(piano, "how much money came in", "SELECT SUM(paid_amount) FROM fee_payments WHERE state = 'cleared'")


def test_the_average_value_of_a_sale_leaves_out_those_called_off_or_only_planned(sheets: Database) -> None:
    reads_whole(sheets, "average value of a sheet order",
                "SELECT AVG(v) FROM (SELECT SUM(qty * price) AS v FROM sheet_order_lines l "
                "JOIN sheet_orders o ON o.order_id = l.order_id WHERE o.stage = 'sent' GROUP BY l.order_id)")
    assert "planned" in drafted(sheets, "average value of a sheet order").explanation


def test_units_sold_leave_out_the_sales_called_off_or_still_to_come(sheets: Database) -> None:
    # the cancelled order's four Etudes and the planned order's three Nocturnes were never sold
    reads_whole(sheets, "what's our best-selling songbook",
                "SELECT s.title, SUM(l.qty) FROM sheet_order_lines l JOIN scores s ON s.score_id = l.score_id "
                "JOIN sheet_orders o ON o.order_id = l.order_id WHERE o.stage = 'sent' AND s.kind = 'songbook' "
                "GROUP BY s.score_id ORDER BY 2 DESC LIMIT 1")


def test_a_kind_said_in_the_singular_asks_for_one_row(sheets: Database) -> None:
    assert drafted(sheets, "what's our best-selling songbook").spec.limit == 1
    assert drafted(sheets, "what are our best-selling songbooks").spec.limit != 1


def test_how_much_of_rows_with_units_and_money_asks_the_money(returns: Database) -> None:
    reads_whole(returns, "how much credit was issued per cause",
                "SELECT cause, SUM(value_pence) / 100.0 FROM credit_notes GROUP BY cause")


def test_a_table_of_payments_under_a_short_name_is_the_money_received(club: Database) -> None:
    reads_whole(club, "how much money came in", "SELECT SUM(amt) FROM mbr_pmts")


@pytest.mark.parametrize(("line", "gold"), [
    ("bar takings by month", "SELECT strftime('%Y-%m', sold_on), SUM(total) FROM bar_sales GROUP BY 1"),
    ("kiosk takings by month", "SELECT strftime('%Y-%m', s.sold_on), SUM(l.qty * l.price) FROM kiosk_sale_lines l "
                               "JOIN kiosk_sales s ON s.sale_id = l.sale_id GROUP BY 1"),
])
def test_money_taken_of_the_rows_the_line_names(club: Database, line: str, gold: str) -> None:
    reads_whole(club, line, gold)


def test_a_state_the_line_names_is_counted_not_left_out(piano: Database) -> None:
    reads_whole(piano, "lesson income from booked lessons", "SELECT SUM(fee) FROM lessons WHERE status = 'booked'")
    assert "left out" not in drafted(piano, "lesson income from booked lessons").explanation
