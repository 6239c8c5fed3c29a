"""Which rows are money taken, and which date a period puts on them, on schemas nobody configured.

A ticket sold at its own price is a sale, though it keeps no quantity; a price band's price times
its seat count is a price list, not sales. An amount kept in pence says so with a "p" (``amt_p``).
A charge on each delivery beside extras sold as lines is two readings: the engine asks which. The
reading the words name ("booking income") is the one the period dates; a period said before a
compound name ("this year's drink sales") is about its head. A row with no date of its own that
belongs to two dated events (a ticket: its order and its show) leaves the period open: it asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from nl2sql.profile import profile_of
from tests.helpers import answers, drafted, schema_database

PLAYHOUSE = """
    CREATE TABLE halls (hall_id INTEGER PRIMARY KEY, hall_name TEXT NOT NULL);
    CREATE TABLE price_bands (band_id INTEGER PRIMARY KEY, hall_id INTEGER REFERENCES halls (hall_id),
                              band_name TEXT NOT NULL, seat_count INTEGER NOT NULL, price_pence INTEGER NOT NULL);
    CREATE TABLE shows (show_id INTEGER PRIMARY KEY, hall_id INTEGER REFERENCES halls (hall_id),
                        show_title TEXT NOT NULL, show_date TEXT NOT NULL);
    CREATE TABLE baskets (basket_id INTEGER PRIMARY KEY, sold_at TEXT NOT NULL, refunded_on TEXT);
    CREATE TABLE seats_sold (seat_id INTEGER PRIMARY KEY, basket_id INTEGER REFERENCES baskets (basket_id),
                             show_id INTEGER REFERENCES shows (show_id),
                             band_id INTEGER REFERENCES price_bands (band_id), price_pence INTEGER NOT NULL);
    INSERT INTO halls VALUES (1, 'Main'), (2, 'Studio');
    INSERT INTO price_bands VALUES (1, 1, 'Stalls', 200, 3000), (2, 1, 'Circle', 100, 2000), (3, 2, 'Flat', 60, 1500);
    INSERT INTO shows VALUES (1, 1, 'Hamlet', '2026-02-01'), (2, 2, 'Godot', '2026-03-01'),
                             (3, 1, 'Lear', '2025-11-01');
    INSERT INTO baskets VALUES (1, '2026-01-10', NULL), (2, '2026-01-20', '2026-01-25'), (3, '2025-10-01', NULL),
                             (4, '2026-02-20', NULL);
    INSERT INTO seats_sold VALUES (1, 1, 1, 1, 3000), (2, 1, 1, 1, 3000), (3, 2, 1, 2, 2000), (4, 3, 3, 1, 3000),
                                  (5, 4, 2, 3, 1500), (6, 4, 2, 3, 1200);
"""  # a playhouse: each seat sold at its own price, in a basket (some refunded) for a show

BOXES = """
    CREATE TABLE Members (MemberID INTEGER PRIMARY KEY, Given TEXT NOT NULL, Region TEXT NOT NULL);
    CREATE TABLE Drops (DropID INTEGER PRIMARY KEY, MemberID INTEGER REFERENCES Members (MemberID),
                        DueDt TEXT NOT NULL, Amt_p INTEGER NOT NULL);
    CREATE TABLE Extras (ExtraID INTEGER PRIMARY KEY, MemberID INTEGER REFERENCES Members (MemberID),
                         DropID INTEGER REFERENCES Drops (DropID), OrderDt TEXT NOT NULL, Item TEXT NOT NULL,
                         Qty INTEGER NOT NULL, UnitPrice REAL NOT NULL);
    CREATE TABLE Desks (DeskID INTEGER PRIMARY KEY, Label TEXT NOT NULL);
    CREATE TABLE Hires (HireID INTEGER PRIMARY KEY, DeskID INTEGER REFERENCES Desks (DeskID),
                        MemberID INTEGER REFERENCES Members (MemberID), HireDt TEXT NOT NULL, Amt_p INTEGER NOT NULL);
    CREATE TABLE Bills (BillID INTEGER PRIMARY KEY, MemberID INTEGER REFERENCES Members (MemberID),
                        IssuedDt TEXT NOT NULL, Total REAL NOT NULL);
    INSERT INTO Members VALUES (1, 'Kim', 'east'), (2, 'Lou', 'west');
    INSERT INTO Drops VALUES (1, 1, '2026-05-02', 1500), (2, 2, '2026-05-09', 2500), (3, 1, '2026-04-02', 1500);
    INSERT INTO Extras VALUES (1, 1, 1, '2026-05-01', 'eggs', 2, 3.5), (2, 2, 2, '2026-05-08', 'honey', 1, 6.0);
    INSERT INTO Desks VALUES (1, 'A1'), (2, 'B2');
    INSERT INTO Hires VALUES (1, 1, 1, '2026-05-03', 4000), (2, 2, 2, '2026-04-28', 2500);
    INSERT INTO Bills VALUES (1, 1, '2026-05-31', 55.0), (2, 2, '2026-04-30', 25.0);
"""  # a veg-box round: weekly drops charged in pence, extras sold as lines, desks hired, monthly bills


@pytest.fixture(scope="module")
def playhouse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "playhouse", PLAYHOUSE) as db:
        yield db


@pytest.fixture(scope="module")
def boxes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "boxes", BOXES) as db:
        yield db


def test_seats_sold_at_their_own_price_are_the_money_taken(playhouse: Database) -> None:
    revenues = profile_of(playhouse.schema).revenues
    assert [r.table for r in revenues] == ["seats_sold"], revenues  # not the price bands' price x seat count
    answers(playhouse, "seat takings in pounds", "SELECT SUM(price_pence) / 100.0 FROM seats_sold")


def test_a_refund_of_the_sale_a_row_belongs_to(playhouse: Database) -> None:
    answers(playhouse, "seat takings in pounds, leaving out anything that was refunded",
            "SELECT SUM(s.price_pence) / 100.0 FROM seats_sold s JOIN baskets x ON x.basket_id = s.basket_id "
            "WHERE x.refunded_on IS NULL")


def test_a_period_on_rows_dated_by_two_events_is_asked(playhouse: Database) -> None:
    draft = drafted(playhouse, "seat takings in 2026 in pounds")
    assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


def test_rows_that_each_hold_a_quantity_are_counted_only_when_asked(boxes: Database) -> None:
    draft = drafted(boxes, "how many extras were ordered in May 2026")
    assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


def test_an_amount_in_pence_said_by_its_letter(boxes: Database) -> None:
    answers(boxes, "total Amt p of drops in pounds", "SELECT SUM(Amt_p) / 100.0 FROM Drops")


def test_a_charge_beside_extra_lines_is_a_reading_asked_about(boxes: Database) -> None:
    assert {r.table for r in profile_of(boxes.schema).revenues} >= {"Extras", "Drops"}
    draft = drafted(boxes, "revenue by region")
    assert draft.ambiguities or draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


def test_the_reading_the_words_name_is_the_one_dated(boxes: Database) -> None:
    answers(boxes, "how much hire income did we make last month in pounds",
            "SELECT SUM(Amt_p) / 100.0 FROM Hires WHERE HireDt >= '2026-05-01' AND HireDt < '2026-06-01'")


SHOP = """
    CREATE TABLE drinks (drink_id INTEGER PRIMARY KEY, drink_name TEXT NOT NULL, first_poured TEXT NOT NULL);
    CREATE TABLE tills (till_id INTEGER PRIMARY KEY, opened_at TEXT NOT NULL, pay_kind TEXT NOT NULL);
    CREATE TABLE till_lines (line_id INTEGER PRIMARY KEY, till_id INTEGER REFERENCES tills (till_id),
                             drink_id INTEGER REFERENCES drinks (drink_id), qty INTEGER NOT NULL,
                             unit_price REAL NOT NULL);
    INSERT INTO drinks VALUES (1, 'Stout', '2026-02-01'), (2, 'Mild', '2024-01-01');
    INSERT INTO tills VALUES (1, '2026-03-01', 'card'), (2, '2025-05-05', 'cash'), (3, '2026-04-04', 'cash');
    INSERT INTO till_lines VALUES (1, 1, 2, 2, 4.0), (2, 2, 1, 1, 5.0), (3, 3, 2, 3, 4.0), (4, 3, 1, 1, 5.0);
"""  # a bar's tills and their lines; a drink has a date of its own (when it was first poured)


def test_a_period_before_a_compound_name_dates_its_head(tmp_path_factory: pytest.TempPathFactory) -> None:
    with schema_database(tmp_path_factory, "shop", SHOP) as db:
        answers(db, "this year's drink sales by pay kind",
                "SELECT t.pay_kind, SUM(l.qty * l.unit_price) FROM till_lines l JOIN tills t ON t.till_id = l.till_id "
                "WHERE t.opened_at >= '2026-01-01' GROUP BY t.pay_kind")
