"""Rows brought as they are, on schemas built here: "open" is not closed and money "owed" not paid,
also of the rows a sum reads; a period said before a table's name dates that table ("last year's
bills"); "lifetime" is every row; "how many days do customers take to pay a bill" is the bills'
time from their date to their payment; "overdue bills" of companies are the bills'; "never logged in"
is an empty last login; a light verb ("did each venue take") names no act of its own."""

from __future__ import annotations

import pytest

from tests.helpers import answers, reads_whole, schema_database

LICENSING = """
CREATE TABLE Companies (CompanyId INTEGER PRIMARY KEY, CompanyName TEXT, Region TEXT, JoinedOn DATE NOT NULL);
CREATE TABLE Bills (BillId INTEGER PRIMARY KEY, CompanyId INTEGER REFERENCES Companies (CompanyId),
                    BillDate DATE NOT NULL, DueDate DATE NOT NULL, PaidOn DATE, AmountCents INTEGER);
CREATE TABLE Members (MemberId INTEGER PRIMARY KEY, CompanyId INTEGER REFERENCES Companies (CompanyId),
                      FullName TEXT, LastLoginAt DATETIME);
CREATE TABLE Tickets (TicketId INTEGER PRIMARY KEY, CompanyId INTEGER REFERENCES Companies (CompanyId),
                      Subject TEXT, RaisedAt DATE NOT NULL, ClosedAt DATE);
INSERT INTO Companies VALUES (1, 'Fennel Labs', 'North', '2023-02-01'), (2, 'Gorse Ltd', 'South', '2024-07-09'),
    (3, 'Heath & Co', 'North', '2025-03-30');
INSERT INTO Bills VALUES
    (1, 1, '2025-01-05', '2025-02-04', '2025-01-20', 12000), (2, 2, '2025-03-01', '2025-03-31', '2025-04-12', 8000),
    (3, 1, '2025-09-10', '2025-10-10', '2025-10-30', 12000), (4, 3, '2025-12-02', '2026-01-01', '2026-01-15', 4500),
    (5, 2, '2026-02-01', '2026-03-03', NULL, 8000), (6, 3, '2026-04-01', '2026-05-01', NULL, 4500),
    (7, 1, '2026-05-05', '2026-06-04', '2026-05-09', 15000);
INSERT INTO Members VALUES (1, 1, 'Ada Park', '2026-06-01 08:00:00'), (2, 1, 'Bo Lind', NULL),
    (3, 2, 'Cy Ortiz', '2026-05-30 17:45:00'), (4, 3, 'Di Wren', NULL);
INSERT INTO Tickets VALUES (1, 1, 'Login fails', '2026-01-02', '2026-01-04'), (2, 2, 'Slow export', '2026-03-11', NULL),
    (3, 3, 'Billing query', '2026-05-20', NULL), (4, 1, 'API limit', '2026-06-01', '2026-06-02');
"""

VENUES = """
CREATE TABLE venues (venue_id INTEGER PRIMARY KEY, venue_name TEXT);
CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, venue_id INTEGER REFERENCES venues (venue_id),
                       booked_on DATE NOT NULL, total_amt DECIMAL(9, 2));
CREATE TABLE booking_extras (extra_id INTEGER PRIMARY KEY, booking_id INTEGER REFERENCES bookings (booking_id),
                             item TEXT, unit_price DECIMAL(7, 2), qty INTEGER, charged_on DATE);
INSERT INTO venues VALUES (1, 'Mill Hall'), (2, 'Quay Rooms');
INSERT INTO bookings VALUES (1, 1, '2024-12-20', 900), (2, 1, '2025-02-14', 1200), (3, 2, '2025-05-01', 700),
    (4, 2, '2025-08-19', 650), (5, 1, '2026-01-10', 1100);
INSERT INTO booking_extras VALUES (1, 1, 'Projector', 40, 1, '2025-01-06'), (2, 2, 'Catering', 12, 30, '2025-02-15'),
    (3, 4, 'Parking', 5, 10, '2025-08-20'), (4, 5, 'Catering', 12, 25, '2026-01-11');
"""


@pytest.fixture(scope="module")
def licensing_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "licensing", LICENSING) as db:
        yield db


@pytest.fixture(scope="module")
def venues_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "venues", VENUES) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("Show me the tickets that are still open", "SELECT * FROM Tickets WHERE ClosedAt IS NULL"),
    ("how many tickets are open", "SELECT COUNT(*) FROM Tickets WHERE ClosedAt IS NULL"),
    ("outstanding bills", "SELECT * FROM Bills WHERE PaidOn IS NULL"),
    ("this year's open tickets", "SELECT * FROM Tickets WHERE ClosedAt IS NULL AND RaisedAt >= '2026-01-01'"),
])
def test_open_and_outstanding_are_not_yet_closed_or_paid(licensing_db, question, gold):
    reads_whole(licensing_db, question, gold)


def test_open_said_as_the_act_keeps_every_row(licensing_db):
    """ "did they open": every ticket they raised, closed or not."""
    answers(licensing_db, "How many tickets did North companies open?",
            "SELECT COUNT(*) FROM Tickets t JOIN Companies c ON c.CompanyId = t.CompanyId WHERE c.Region = 'North'")


@pytest.mark.parametrize(("question", "gold"), [
    ("How much money do customers still owe us?", "SELECT SUM(AmountCents) / 100.0 FROM Bills WHERE PaidOn IS NULL"),
    ("What percentage of last year's bills were paid late?",
     "SELECT 100.0 * SUM(PaidOn > DueDate) / COUNT(*) FROM Bills WHERE BillDate >= '2025-01-01' "
     "AND BillDate < '2026-01-01'"),
    ("Top 2 customers by lifetime billing",
     "SELECT c.CompanyName, SUM(b.AmountCents) / 100.0 FROM Companies c JOIN Bills b ON b.CompanyId = c.CompanyId "
     "GROUP BY c.CompanyId ORDER BY SUM(b.AmountCents) DESC LIMIT 2"),
    ("On average, how many days do customers take to pay a bill?",
     "SELECT AVG(julianday(PaidOn) - julianday(BillDate)) FROM Bills"),
])
def test_what_customers_owe_and_how_they_pay(licensing_db, question, gold):
    reads_whole(licensing_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("Which companies have overdue bills?",
     "SELECT * FROM Companies WHERE CompanyId IN (SELECT CompanyId FROM Bills WHERE DueDate < '2026-06-15' "
     "AND PaidOn IS NULL)"),
    ("Which members have never logged in?", "SELECT * FROM Members WHERE LastLoginAt IS NULL"),
    ("members who logged in", "SELECT * FROM Members WHERE LastLoginAt IS NOT NULL"),
])
def test_events_of_other_rows_and_of_phrasal_verbs(licensing_db, question, gold):
    """"overdue bills" said of companies is the bills' due date; "logged in" is a last login."""
    reads_whole(licensing_db, question, gold)


def test_a_light_verb_names_no_act_of_its_own(venues_db):
    """"take" is no "takings": the bookings of 2025 by their own date, not by their extras' charges."""
    answers(venues_db, "How many bookings did each venue take in 2025?",
            "SELECT v.venue_name, COUNT(*) FROM bookings b JOIN venues v ON v.venue_id = b.venue_id "
            "WHERE b.booked_on >= '2025-01-01' AND b.booked_on < '2026-01-01' GROUP BY v.venue_id")
