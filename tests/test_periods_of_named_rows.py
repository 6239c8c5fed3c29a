"""A period said of the rows a query counts, on a lending library built here: "only loans from this
year" after the patrons ranked by their loans dates the loans, not the patrons' own joining date; "only
patrons from this year" after the loans counted per patron dates the patrons."""

from __future__ import annotations

import pytest

from tests.helpers import answers, answers_after, reads_whole, schema_database

LIBRARY = """
CREATE TABLE patrons (patron_id INTEGER PRIMARY KEY, patron_name TEXT, joined_on TEXT);
CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, patron_id INTEGER REFERENCES patrons (patron_id),
                    loaned_at TEXT, returned_at TEXT);
INSERT INTO patrons VALUES (1, 'Ann Lee', '2026-02-01'), (2, 'Bo Dahl', '2024-05-06'), (3, 'Cy Moss', '2025-09-09');
INSERT INTO loans VALUES (1, 1, '2025-03-01 09:00:00', '2025-03-02 21:00:00'),
    (2, 1, '2025-04-01 10:00:00', '2025-04-03 22:00:00'), (3, 1, '2025-05-01 08:00:00', NULL),
    (4, 2, '2026-01-05 12:00:00', '2026-01-06 00:00:00'), (5, 2, '2026-02-05 12:00:00', '2026-02-05 20:00:00'),
    (6, 3, '2026-03-01 07:00:00', '2026-03-04 19:00:00');
"""


@pytest.fixture(scope="module")
def library_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "library", LIBRARY) as db:
        yield db


def test_a_period_after_the_counted_rows_dates_them(library_db) -> None:
    answers_after(library_db, ["top 2 patrons by number of loans", "only loans from this year"],
                  "SELECT p.patron_name, COUNT(*) AS n FROM patrons p JOIN loans l ON l.patron_id = p.patron_id "
                  "WHERE l.loaned_at >= '2026-01-01' GROUP BY p.patron_id ORDER BY n DESC LIMIT 2")


def test_a_period_after_the_main_rows_still_dates_them(library_db) -> None:
    answers_after(library_db, ["number of loans per patron", "only patrons from this year"],
                  "SELECT p.patron_name, COUNT(*) FROM patrons p JOIN loans l ON l.patron_id = p.patron_id "
                  "WHERE p.joined_on >= '2026-01-01' GROUP BY p.patron_id")


GYM = """
CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name TEXT, joined_on TEXT);
CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id), visited_on TEXT);
CREATE TABLE purchases (purchase_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                        bought_on TEXT, amount REAL);
INSERT INTO members VALUES (1, 'Ann Lee', '2026-03-01'), (2, 'Bo Dahl', '2024-01-10'), (3, 'Cy Moss', '2025-02-02'),
    (4, 'Di Park', '2025-06-06'), (5, 'Ed Roe', '2026-05-20');
INSERT INTO visits VALUES (1, 1, '2026-03-02'), (2, 2, '2025-05-05'), (3, 3, '2025-07-07'), (4, 3, '2026-02-02'),
    (5, 4, '2026-05-30');
INSERT INTO purchases VALUES (1, 2, '2025-04-01', 30), (2, 3, '2025-08-08', 12), (3, 3, '2026-01-15', 8),
    (4, 1, '2026-05-04', 20), (5, 4, '2025-09-09', 15);
"""


@pytest.fixture(scope="module")
def gym_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "gym", GYM) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("members with no visits in 2025",
     "SELECT * FROM members m WHERE NOT EXISTS (SELECT 1 FROM visits v WHERE v.member_id = m.member_id "
     "AND v.visited_on LIKE '2025%')"),
    ("members who did not buy anything last month",
     "SELECT * FROM members m WHERE NOT EXISTS (SELECT 1 FROM purchases p WHERE p.member_id = m.member_id "
     "AND p.bought_on LIKE '2026-05%')"),
    ("members who bought something in 2025 but haven't bought anything in 2026",
     "SELECT * FROM members m WHERE m.member_id IN (SELECT member_id FROM purchases WHERE bought_on LIKE '2025%') "
     "AND m.member_id NOT IN (SELECT member_id FROM purchases WHERE bought_on LIKE '2026%')"),
    ("members who made purchases in 2025 but they did not visit in 2026",
     "SELECT * FROM members m WHERE m.member_id IN (SELECT member_id FROM purchases WHERE bought_on LIKE '2025%') "
     "AND m.member_id NOT IN (SELECT member_id FROM visits WHERE visited_on LIKE '2026%')"),
])
def test_a_period_after_a_denied_act_dates_the_rows_it_denies(gym_db, question: str, gold: str) -> None:
    """Each period dates the rows said or acted on right before it, inside the NOT EXISTS when it is
    said after the negation; the negation, "but" and "anything" are the reading's words, not unused."""
    reads_whole(gym_db, question, gold)


def test_a_period_after_the_main_rows_own_verb_keeps_their_date(gym_db) -> None:
    answers(gym_db, "members who joined in 2025", "SELECT * FROM members WHERE joined_on LIKE '2025%'")


COURIERS = """
CREATE TABLE couriers (courier_id INTEGER PRIMARY KEY, courier_name TEXT, hired_on DATE);
CREATE TABLE rides (ride_id INTEGER PRIMARY KEY, courier_id INTEGER REFERENCES couriers (courier_id),
                    ridden_on DATE, distance_km REAL);
INSERT INTO couriers VALUES (1, 'Ann', '2025-03-01'), (2, 'Bo', '2019-05-05'), (3, 'Cy', '2020-01-01');
INSERT INTO rides VALUES (1, 1, '2025-04-01', 20), (2, 1, '2026-01-10', 300), (3, 2, '2025-06-01', 90),
    (4, 2, '2025-07-01', 80), (5, 3, '2024-12-30', 500), (6, 3, '2025-02-02', 10);
"""


def test_a_period_beside_the_most_of_a_measure_by_its_unit_dates_the_measured_rows(tmp_path_factory) -> None:
    """ "the most kilometres in 2025": the rides' distance adds up, and the year is the rides', not
    when the courier was hired."""
    with schema_database(tmp_path_factory, "couriers", COURIERS) as db:
        answers(db, "Which courier rode the most kilometres in 2025?",
                "SELECT c.courier_name FROM couriers c JOIN rides r ON r.courier_id = c.courier_id "
                "WHERE r.ridden_on LIKE '2025%' GROUP BY c.courier_id ORDER BY SUM(r.distance_km) DESC LIMIT 1")


STORE = """
CREATE TABLE shoppers (shopper_id INTEGER PRIMARY KEY, shopper_name TEXT, town TEXT);
CREATE TABLE baskets (basket_id INTEGER PRIMARY KEY, shopper_id INTEGER REFERENCES shoppers (shopper_id),
                      bought_at TIMESTAMP);
CREATE TABLE basket_lines (line_id INTEGER PRIMARY KEY, basket_id INTEGER REFERENCES baskets (basket_id),
                           unit_price REAL, quantity INTEGER);
INSERT INTO shoppers VALUES (1, 'Ann', 'Ely'), (2, 'Bo', 'Ely'), (3, 'Cy', 'Diss');
INSERT INTO baskets VALUES (1, 1, '2024-05-01 10:00'), (2, 1, '2025-02-01 10:00'), (3, 2, '2025-03-01 10:00'),
    (4, 3, '2025-04-01 10:00');
INSERT INTO basket_lines VALUES (1, 1, 500, 2), (2, 2, 10, 1), (3, 3, 60, 2), (4, 4, 30, 1);
"""


def test_a_period_beside_money_per_row_dates_the_rows_summed(tmp_path_factory) -> None:
    """ "top shoppers by revenue in 2025": the lines of 2025's baskets are summed, not every basket of
    a shopper who bought something in 2025."""
    with schema_database(tmp_path_factory, "store", STORE) as db:
        answers(db, "top 2 shoppers by revenue in 2025",
                "SELECT s.shopper_name, SUM(l.unit_price * l.quantity) AS r FROM shoppers s "
                "JOIN baskets b ON b.shopper_id = s.shopper_id JOIN basket_lines l ON l.basket_id = b.basket_id "
                "WHERE b.bought_at LIKE '2025%' GROUP BY s.shopper_id ORDER BY r DESC LIMIT 2", ordered=True)
