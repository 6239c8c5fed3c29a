"""How a small business says its rows, on a schema named the way legacy systems name things.

"the team" is the staff table; "at the moment" and "on the books" ask for the rows still running.
"check-ins" is a chk_in date (an abbreviation, and a phrasal noun in the plural), which dates the
rows it counts, also "for this year" and "month by month". "October last year" is one month. A
count asked beside a condition on counts is shown ("show how many each has"). Money kept in pence
is totalled in pounds unless pence are asked for. "new sign-ups" are rows dated by their sign-up.
A price in shorthand ("unit_px") is a line's price. A key named for a role ("mgr_id") is said in full.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, drafted, reads_whole, schema_database

CATTERY = """
    CREATE TABLE care_staff (carer_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                             start_dt TEXT NOT NULL, finish_dt TEXT);
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                         signup_dt TEXT NOT NULL, town TEXT NOT NULL, left_dt TEXT);
    CREATE TABLE cats (cat_id INTEGER PRIMARY KEY, cat_name TEXT NOT NULL,
                       owner_id INTEGER NOT NULL REFERENCES owners (owner_id));
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, cat_id INTEGER NOT NULL REFERENCES cats (cat_id),
                         booked_dt TEXT NOT NULL, chk_in TEXT, chk_out TEXT);
    CREATE TABLE payments (pay_id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owners (owner_id),
                           paid_dt TEXT NOT NULL, amt_p INTEGER NOT NULL, method TEXT NOT NULL);
    INSERT INTO care_staff VALUES (1, 'Ann', 'Lee', '2020-01-01', NULL), (2, 'Bo', 'Ng', '2022-01-01', '2025-12-31'),
                                  (3, 'Cy', 'Oak', '2024-03-01', NULL);
    INSERT INTO owners VALUES (1, 'Dee', 'Fox', '2024-05-01', 'Ely', NULL),
                              (2, 'Eli', 'Gray', '2026-02-10', 'Ely', NULL),
                              (3, 'Fay', 'Hall', '2026-03-15', 'Diss', NULL),
                              (4, 'Gus', 'Ives', '2025-07-07', 'Diss', '2026-01-01');
    INSERT INTO cats VALUES (1, 'Tom', 1), (2, 'Kit', 1), (3, 'Sox', 1), (4, 'Bea', 2), (5, 'Max', 3);
    INSERT INTO visits VALUES (1, 1, '2025-09-01', '2025-10-03', '2025-10-06'),
                              (2, 4, '2026-01-20', '2026-02-02', '2026-02-05'),
                              (3, 5, '2026-02-01', '2026-05-10', '2026-05-12'),
                              (4, 2, '2026-03-01', '2026-05-20', NULL), (5, 3, '2026-05-30', NULL, NULL);
    INSERT INTO payments VALUES (1, 1, '2026-02-05', 4550, 'card'), (2, 2, '2026-02-06', 1200, 'cash'),
                                (3, 3, '2026-05-12', 3000, 'card'), (4, 1, '2025-10-06', 9900, 'card');
"""  # a cattery: carers, owners with a sign-up date, their cats' visits (check-in dates) and payments in pence


@pytest.fixture(scope="module")
def cattery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "cattery", CATTERY) as db:
        yield db


def test_the_team_at_the_moment_is_the_staff_still_here(cattery: Database) -> None:
    reads_whole(cattery, "who's on the team at the moment",
                "SELECT first_name, last_name FROM care_staff WHERE finish_dt IS NULL")


def test_on_the_books_is_still_running(cattery: Database) -> None:
    reads_whole(cattery, "how many owners have we got on the books",
                "SELECT COUNT(*) FROM owners WHERE left_dt IS NULL")


@pytest.mark.parametrize("line", ["how many check-ins have we had this year", "count of check-ins for this year"])
def test_check_ins_date_the_rows_they_count(cattery: Database, line: str) -> None:
    reads_whole(cattery, line, "SELECT COUNT(*) FROM visits WHERE chk_in >= '2026-01-01'")


def test_month_by_month_is_per_month(cattery: Database) -> None:
    reads_whole(cattery, "a month-by-month count of check-ins this year",
                "SELECT strftime('%Y-%m', chk_in), COUNT(*) FROM visits WHERE chk_in >= '2026-01-01' GROUP BY 1")


def test_a_month_of_last_year(cattery: Database) -> None:
    reads_whole(cattery, "check-ins in October last year",
                "SELECT * FROM visits WHERE chk_in >= '2025-10-01' AND chk_in < '2025-11-01'")


def test_how_many_each_has_is_shown(cattery: Database) -> None:
    reads_whole(cattery, "Which owners have two or more cats? Show how many each has.",
                "SELECT o.first_name, o.last_name, COUNT(*) FROM owners o JOIN cats c ON c.owner_id = o.owner_id "
                "GROUP BY o.owner_id HAVING COUNT(*) >= 2")


def test_money_kept_in_pence_is_totalled_in_pounds(cattery: Database) -> None:
    reads_whole(cattery, "break down this year's payments by method",
                "SELECT method, SUM(amt_p) / 100.0 FROM payments WHERE paid_dt >= '2026-01-01' GROUP BY method")
    draft = drafted(cattery, "total payments this year in pence")
    assert "/ 100" not in draft.sql and "SUM(amt_p)" in draft.sql, draft.sql


def test_new_sign_ups_are_rows_dated_by_their_sign_up(cattery: Database) -> None:
    reads_whole(cattery, "new sign-ups per town this year",
                "SELECT town, COUNT(*) FROM owners WHERE signup_dt >= '2026-01-01' GROUP BY town")


SHOP = """
    CREATE TABLE Depts (DeptID INTEGER PRIMARY KEY, DeptName TEXT NOT NULL,
                        mgr_id INTEGER REFERENCES Clerks (ClerkID));
    CREATE TABLE Clerks (ClerkID INTEGER PRIMARY KEY, ClerkName TEXT NOT NULL,
                         DeptID INTEGER REFERENCES Depts (DeptID));
    CREATE TABLE Tills (TillSaleID INTEGER PRIMARY KEY, SoldOn TEXT NOT NULL,
                        ClerkID INTEGER REFERENCES Clerks (ClerkID));
    CREATE TABLE TillLines (LineID INTEGER PRIMARY KEY, TillSaleID INTEGER NOT NULL REFERENCES Tills (TillSaleID),
                            item TEXT NOT NULL, qty INTEGER NOT NULL, unit_px NUMERIC(6, 2) NOT NULL);
    CREATE TABLE Members (MemberID INTEGER PRIMARY KEY, PlanName TEXT NOT NULL, JoinedOn TEXT NOT NULL,
                          MonthlyFee NUMERIC(6, 2) NOT NULL, ClerkID INTEGER REFERENCES Clerks (ClerkID));
    INSERT INTO Depts VALUES (1, 'Books', 2), (2, 'Games', 1);
    INSERT INTO Clerks VALUES (1, 'Ana', 2), (2, 'Ben', 1);
    INSERT INTO Tills VALUES (1, '2026-02-03', 1), (2, '2026-02-20', 2), (3, '2026-04-01', 1);
    INSERT INTO TillLines VALUES (1, 1, 'Novel', 2, 9.99), (2, 2, 'Puzzle', 1, 15.0), (3, 3, 'Atlas', 1, 30.0);
    INSERT INTO Members VALUES (1, 'Gold', '2026-02-01', 12.0, 1), (2, 'Basic', '2026-04-01', 5.0, 2);
"""  # a shop whose lines keep a price in shorthand, beside a members' scheme with a monthly fee


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "shop", SHOP) as db:
        yield db


def test_a_price_in_shorthand_is_the_lines_money(shop: Database) -> None:
    answers(shop, "takings by month this year",
            "SELECT strftime('%Y-%m', t.SoldOn), SUM(l.qty * l.unit_px) FROM TillLines l "
            "JOIN Tills t ON t.TillSaleID = l.TillSaleID WHERE t.SoldOn >= '2026-01-01' GROUP BY 1")


def test_a_key_named_for_a_role_is_said_in_full(shop: Database) -> None:
    draft = drafted(shop, "show the manager id of each dept")
    assert "mgr_id" in draft.sql and "Clerks" not in draft.sql, draft.sql
