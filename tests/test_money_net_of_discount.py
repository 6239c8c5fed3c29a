"""Money taken said net of the lines' discount.

Where the lines carry a discount (kept as a percentage, and named in a legacy shorthand, "disc_pct"),
money taken is price x quantity less that discount, and "after discounts", "net of any discount"
say how it is counted: no column to show or group by. Where no line carries a discount, the same
words are not read, and the reading asks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

KIOSK = """
    CREATE TABLE Rcpt (rcpt_no INTEGER PRIMARY KEY, rcpt_dt TEXT NOT NULL, kiosk TEXT NOT NULL);
    CREATE TABLE RcptLine (rcpt_no INTEGER NOT NULL REFERENCES Rcpt (rcpt_no), line_no INTEGER NOT NULL,
                           item TEXT NOT NULL, qty INTEGER NOT NULL, each_price REAL NOT NULL,
                           disc_pct REAL NOT NULL DEFAULT 0, PRIMARY KEY (rcpt_no, line_no));
    INSERT INTO Rcpt VALUES (1, '2026-06-14', 'Pier'), (2, '2026-06-14', 'Park'), (3, '2025-08-01', 'Pier');
    INSERT INTO RcptLine VALUES (1, 1, 'Ice cream', 2, 3.0, 0), (1, 2, 'Coffee', 1, 2.5, 20),
                                (2, 1, 'Coffee', 4, 2.5, 10), (3, 1, 'Ice cream', 1, 3.0, 0);
"""  # a seaside kiosk whose receipt lines carry a percentage discount


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "kiosk", KIOSK) as db:
        yield db


NET_YESTERDAY = ("SELECT SUM(l.qty * l.each_price * (1 - l.disc_pct / 100.0)) FROM RcptLine l "
                 "JOIN Rcpt r ON r.rcpt_no = l.rcpt_no WHERE r.rcpt_dt = '2026-06-14'")


@pytest.mark.parametrize("line", ["what did we take yesterday after discounts",
                                  "revenue yesterday, net of any discount"])
def test_after_discounts_is_how_the_money_is_counted(kiosk: Database, line: str) -> None:
    reads_whole(kiosk, line, NET_YESTERDAY)


def test_after_discounts_groups_nothing(kiosk: Database) -> None:
    reads_whole(kiosk, "revenue by kiosk this year after discounts",
                "SELECT r.kiosk, SUM(l.qty * l.each_price * (1 - l.disc_pct / 100.0)) FROM RcptLine l "
                "JOIN Rcpt r ON r.rcpt_no = l.rcpt_no WHERE r.rcpt_dt >= '2026-01-01' GROUP BY r.kiosk")


STALL = """
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT NOT NULL, total REAL NOT NULL,
                        stall TEXT NOT NULL REFERENCES stalls (name));
    CREATE TABLE stalls (name TEXT PRIMARY KEY);
    INSERT INTO stalls VALUES ('North'), ('South');
    INSERT INTO sales VALUES (1, '2026-06-14', 10.0, 'North'), (2, '2026-06-14', 6.0, 'South');
"""  # sales with a total and no discount anywhere


@pytest.fixture(scope="module")
def stall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "stall", STALL) as db:
        yield db


def test_no_discount_kept_leaves_the_words_unread(stall: Database) -> None:
    draft = drafted(stall, "what did we take yesterday after discounts")
    assert "discounts" in draft.unused and draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.unused)
