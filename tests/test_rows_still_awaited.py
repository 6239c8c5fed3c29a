"""Rows still awaited, and who they are with.

An order that records when it was received is still awaited while that date is empty: "still
waiting on", "outstanding", "not yet received". "an outstanding balance" names a column, no such
state. "... and who are they with?" shows each row beside the one party it points to (not the
member of staff who keyed it); with two such parties the reading is unsure.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

DEPOT = """
    CREATE TABLE Vendors (VendorID INTEGER PRIMARY KEY, VendorName TEXT NOT NULL);
    CREATE TABLE Staff (StaffID INTEGER PRIMARY KEY, FirstName TEXT NOT NULL, Surname TEXT NOT NULL);
    CREATE TABLE Haulers (HaulerID INTEGER PRIMARY KEY, HaulerName TEXT NOT NULL);
    CREATE TABLE POs (PONo INTEGER PRIMARY KEY, VendorID INTEGER NOT NULL REFERENCES Vendors (VendorID),
                      StaffID INTEGER REFERENCES Staff (StaffID), OrderedDt TEXT NOT NULL, RecvdDt TEXT,
                      OutstandingBal REAL NOT NULL);
    CREATE TABLE Shipments (ShipID INTEGER PRIMARY KEY, VendorID INTEGER REFERENCES Vendors (VendorID),
                            HaulerID INTEGER REFERENCES Haulers (HaulerID), SentDt TEXT NOT NULL, DeliveredDt TEXT);
    INSERT INTO Vendors VALUES (1, 'Acorn Timber'), (2, 'Bolt Supply');
    INSERT INTO Staff VALUES (1, 'Al', 'Dee');
    INSERT INTO Haulers VALUES (1, 'Swift');
    INSERT INTO POs VALUES (1, 1, 1, '2026-05-01', '2026-05-09', 0), (2, 2, 1, '2026-06-01', NULL, 120),
                           (3, 1, NULL, '2026-06-10', NULL, 80);
    INSERT INTO Shipments VALUES (1, 1, 1, '2026-06-01', NULL), (2, 2, 1, '2026-05-01', '2026-05-03');
"""  # a depot: purchase orders keyed by staff with a received date, and shipments with two parties


@pytest.fixture(scope="module")
def depot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "depot", DEPOT) as db:
        yield db


@pytest.mark.parametrize("line", ["which purchase orders are we still waiting on",
                                  "which POs are still awaiting delivery",
                                  "purchase orders not yet received"])
def test_rows_still_awaited(depot: Database, line: str) -> None:
    reads_whole(depot, line, "SELECT * FROM POs WHERE RecvdDt IS NULL")


def test_on_the_way(depot: Database) -> None:
    reads_whole(depot, "which shipments are on the way", "SELECT * FROM Shipments WHERE DeliveredDt IS NULL")


def test_an_outstanding_column_is_no_state(depot: Database) -> None:
    assert "RecvdDt" not in drafted(depot, "total outstanding balance of all purchase orders").sql


def test_who_the_rows_are_with(depot: Database) -> None:
    reads_whole(depot, "which purchase orders are we still waiting on, and who are they with?",
                "SELECT p.PONo, v.VendorName FROM POs p JOIN Vendors v ON v.VendorID = p.VendorID "
                "WHERE p.RecvdDt IS NULL")


def test_two_parties_leave_it_unsure(depot: Database) -> None:
    draft = drafted(depot, "which shipments are we still waiting on, and who are they with?")
    assert "DeliveredDt IS NULL" in draft.sql and draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)
