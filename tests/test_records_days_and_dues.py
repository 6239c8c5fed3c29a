"""Rows kept as records of an act, days of the week kept by name, and what is still owed on bills paid in parts.

A table named for the record it keeps ("visit_notes") holds the acts themselves: "visits" names its
rows, and a period said of them dates them, not the people who made them. A column that keeps the
days of the week as 'Mon', 'Tue' is what "on Saturdays" and "per day of the week" read. What is
owed on a bill is its amount less the payments made against it, and a voided bill owes nothing.
A period said after a denied row ("haven't had a visit in the past month") dates those rows.
Money taken leaves out the sales that were called off (a state 'voided' on the sale or on the sale
its lines make up), as the fixture's own config reads revenue, and `domain init` writes that down.
What a person costs ("the priciest tutor") is their rate; a label several rows share is shown
with the level that tells them apart.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.db import Database
from nl2sql.domain import parse_domain
from tests.helpers import all_rows, drafted, read, reads_whole, schema_database

GROOMING = """
    CREATE TABLE groomers (groomer_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                           started_on TEXT NOT NULL);
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL, joined_on TEXT NOT NULL);
    CREATE TABLE visit_notes (note_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients (client_id),
                              groomer_id INTEGER NOT NULL REFERENCES groomers (groomer_id), visited_on TEXT NOT NULL);
    CREATE TABLE visit_lines (line_id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL REFERENCES visit_notes (note_id),
                              treatment TEXT NOT NULL, qty INTEGER NOT NULL, price REAL NOT NULL);
    CREATE TABLE rota (rota_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients (client_id),
                       van_day TEXT NOT NULL, start_date TEXT NOT NULL);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients (client_id),
                        issued_on TEXT NOT NULL, amount REAL NOT NULL, paid_on TEXT, state TEXT NOT NULL);
    CREATE TABLE bill_payments (pay_id INTEGER PRIMARY KEY, bill_id INTEGER NOT NULL REFERENCES bills (bill_id),
                                paid_amount REAL NOT NULL, paid_at TEXT NOT NULL);
    INSERT INTO groomers VALUES (1, 'Ivy', 'Lake', '2026-02-01'), (2, 'Otto', 'Marsh', '2023-05-01');
    INSERT INTO clients VALUES (1, 'Biscuit', '2024-01-10'), (2, 'Pepper', '2026-05-03'), (3, 'Mabel', '2025-09-09'),
                               (4, 'Rolo', '2026-05-20');
    INSERT INTO visit_notes VALUES (1, 1, 2, '2025-11-02'), (2, 1, 2, '2025-12-07'), (3, 2, 2, '2025-12-14'),
                                   (4, 1, 1, '2026-03-01'), (5, 3, 1, '2026-05-09'), (6, 2, 1, '2026-05-16'),
                                   (7, 1, 2, '2026-06-01');
    INSERT INTO visit_lines VALUES (1, 1, 'bath', 1, 30.0), (2, 2, 'clip', 1, 40.0), (3, 3, 'bath', 1, 30.0),
                                   (4, 4, 'nails', 2, 8.0), (5, 5, 'bath', 1, 30.0), (6, 6, 'clip', 1, 40.0),
                                   (7, 7, 'bath', 1, 30.0);
    INSERT INTO rota VALUES (1, 1, 'Mon', '2026-01-05'), (2, 2, 'Sat', '2026-02-07'), (3, 3, 'Sat', '2026-03-07'),
                            (4, 4, 'Wed', '2026-05-20'), (5, 1, 'Sat', '2026-04-04');
    INSERT INTO bills VALUES (1, 1, '2026-03-01', 16.0, '2026-03-02', 'paid'),
                             (2, 3, '2026-05-09', 30.0, NULL, 'part_paid'), (3, 2, '2026-05-16', 40.0, NULL, 'sent'),
                             (4, 4, '2026-05-20', 55.0, NULL, 'void'),
                             (5, 1, '2026-06-01', 30.0, NULL, 'part_paid');
    INSERT INTO bill_payments VALUES (1, 1, 16.0, '2026-03-02'), (2, 2, 10.0, '2026-05-10'), (3, 5, 12.5, '2026-06-02'),
                                     (4, 5, 5.0, '2026-06-03');
"""  # a mobile dog groomer: each visit is kept as a visit note with its lines; bills are paid in parts

SERVICED = """
    CREATE TABLE services (service_id INTEGER PRIMARY KEY, service_name TEXT NOT NULL);
    CREATE TABLE service_records (record_id INTEGER PRIMARY KEY,
                                  service_id INTEGER NOT NULL REFERENCES services (service_id), done_on TEXT NOT NULL);
    INSERT INTO services VALUES (1, 'descale'), (2, 'filter change');
    INSERT INTO service_records VALUES (1, 1, '2026-01-02'), (2, 1, '2026-02-02'), (3, 2, '2026-03-03');
"""  # the records beside a table of the things recorded: "services" are the services


@pytest.fixture(scope="module")
def grooming(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "grooming", GROOMING) as db:
        yield db


@pytest.fixture(scope="module")
def serviced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "serviced", SERVICED) as db:
        yield db


@pytest.mark.parametrize("line", ["how many visits were there in May", "number of visits in May 2026"])
def test_rows_kept_as_notes_are_named_by_the_act_they_record(grooming: Database, line: str) -> None:
    reads_whole(grooming, line, "SELECT COUNT(*) FROM visit_notes WHERE visited_on >= '2026-05-01' "
                                "AND visited_on < '2026-06-01'")


def test_a_period_of_the_most_recorded_acts_dates_the_acts(grooming: Database) -> None:
    # Otto has the most visits in all; of this year's, Ivy (3 to 1). The groomers' own start date is not the period's.
    reads_whole(grooming, "which groomer has made the most visits this year",
                "SELECT g.first_name, g.last_name FROM visit_notes v JOIN groomers g ON g.groomer_id = v.groomer_id "
                "WHERE v.visited_on >= '2026-01-01' AND v.visited_on < '2027-01-01' GROUP BY g.groomer_id "
                "ORDER BY COUNT(*) DESC LIMIT 1")
    assert "visited_on" in drafted(grooming, "which groomer has made the most visits this year").sql


def test_the_records_beside_the_things_recorded_leave_those_their_name(serviced: Database) -> None:
    reads_whole(serviced, "how many services are there", "SELECT COUNT(*) FROM services")


@pytest.mark.parametrize(("line", "gold"), [
    ("rota entries on Saturdays", "SELECT * FROM rota WHERE van_day = 'Sat'"),
    ("which clients are on the rota on a Monday",
     "SELECT c.client_name FROM clients c JOIN rota r ON r.client_id = c.client_id WHERE r.van_day = 'Mon'"),
])
def test_a_day_named_reads_the_column_that_keeps_days_by_name(grooming: Database, line: str, gold: str) -> None:
    draft, result = read(grooming, line)
    assert "strftime" not in draft.sql.lower(), draft.sql  # the start date's weekday is another day
    assert sorted(map(tuple, result.rows)) == sorted(all_rows(grooming, gold)) or \
        {r[0] for r in all_rows(grooming, gold)} <= {v for row in result.rows for v in row}, draft.sql


@pytest.mark.parametrize("line", ["number of rota entries per day of the week",
                                  "how many rota entries are there for each weekday"])
def test_per_day_of_the_week_groups_by_the_days_kept(grooming: Database, line: str) -> None:
    reads_whole(grooming, line, "SELECT van_day, COUNT(*) FROM rota GROUP BY van_day")


OWED = ("SELECT SUM(b.amount - COALESCE((SELECT SUM(p.paid_amount) FROM bill_payments p "
        "WHERE p.bill_id = b.bill_id), 0)) FROM bills b WHERE b.paid_on IS NULL AND b.state <> 'void'")


@pytest.mark.parametrize("line", ["how much is still owed on bills", "the total we are still owed on our bills"])
def test_what_is_owed_is_each_bill_less_its_payments_and_never_a_void_one(grooming: Database, line: str) -> None:
    reads_whole(grooming, line, OWED)  # 20 + 40 + 12.5: not 30 + 40 + 55 + 30 of the unpaid bills' amounts


def test_what_each_client_owes_is_theirs_less_their_payments(grooming: Database) -> None:
    reads_whole(grooming, "how much does each client still owe",
                "SELECT c.client_name, SUM(b.amount - COALESCE((SELECT SUM(p.paid_amount) FROM bill_payments p "
                "WHERE p.bill_id = b.bill_id), 0)) FROM bills b JOIN clients c ON c.client_id = b.client_id "
                "WHERE b.paid_on IS NULL AND b.state <> 'void' GROUP BY c.client_id")


@pytest.mark.parametrize("line", ["which clients haven't had a visit in the past month",
                                  "clients who have not had a visit in the last month"])
def test_a_period_after_a_denied_row_dates_the_denied_rows(grooming: Database, line: str) -> None:
    # Biscuit and Rolo had no visit in May; dated by the clients' joining dates the line would mean another thing
    reads_whole(grooming, line, "SELECT client_name FROM clients WHERE client_id NOT IN (SELECT client_id "
                                "FROM visit_notes WHERE visited_on >= '2026-05-01' AND visited_on < '2026-06-01')")


KILN = """
    CREATE TABLE firings (firing_id INTEGER PRIMARY KEY, fired_on TEXT NOT NULL, cost REAL NOT NULL,
                          kiln TEXT NOT NULL);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT NOT NULL, state TEXT NOT NULL);
    CREATE TABLE sale_lines (line_id INTEGER PRIMARY KEY, sale_id INTEGER NOT NULL REFERENCES sales (sale_id),
                             item TEXT NOT NULL, qty INTEGER NOT NULL, price REAL NOT NULL);
    INSERT INTO firings VALUES (1, '2026-05-02', 40.0, 'big'), (2, '2026-05-20', 25.0, 'small');
    INSERT INTO sales VALUES (1, '2026-04-04', 'done'), (2, '2026-05-05', 'voided'), (3, '2026-05-06', 'done');
    INSERT INTO sale_lines VALUES (1, 1, 'jug', 1, 30.0), (2, 2, 'bowl', 4, 20.0), (3, 3, 'cup', 2, 9.0),
                                  (4, 3, 'bowl', 1, 20.0);
"""  # a pottery: one sale was voided, its lines kept


@pytest.fixture(scope="module")
def kiln(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "kiln", KILN) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("total revenue", "SELECT SUM(l.qty * l.price) FROM sale_lines l JOIN sales s ON s.sale_id = l.sale_id "
                      "WHERE s.state <> 'voided'"),
    ("revenue per month", "SELECT strftime('%Y-%m', s.sold_on), SUM(l.qty * l.price) FROM sale_lines l "
                          "JOIN sales s ON s.sale_id = l.sale_id WHERE s.state <> 'voided' GROUP BY 1"),
    ("takings by item", "SELECT l.item, SUM(l.qty * l.price) FROM sale_lines l JOIN sales s ON s.sale_id = l.sale_id "
                        "WHERE s.state <> 'voided' GROUP BY l.item"),
])
def test_money_taken_leaves_out_a_sale_called_off(kiln: Database, line: str, gold: str) -> None:
    reads_whole(kiln, line, gold)  # the voided sale's 80.0 is no money taken
    assert "voided" in drafted(kiln, line).explanation


def test_money_of_rows_with_no_state_called_off_keeps_them_all(kiln: Database) -> None:
    reads_whole(kiln, "total cost of firings", "SELECT SUM(cost) FROM firings")


def test_the_draft_says_which_sales_revenue_leaves_out(kiln: Database, tmp_path: Path) -> None:
    out = tmp_path / "kiln.toml"
    result = CliRunner().invoke(cli, ["domain", "init", "--db", str(kiln.path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    config = parse_domain(tomllib.loads(out.read_text()), kiln.schema, out)
    revenue = config.metrics["revenue"]
    assert revenue.where is not None and "voided" in revenue.where, revenue
    assert all_rows(kiln, f"SELECT {revenue.expression} FROM {revenue.table} WHERE {revenue.where}") == [(68.0,)]


TUITION = """
    CREATE TABLE tutors (tutor_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, hourly_rate REAL NOT NULL,
                         rating REAL NOT NULL, mob TEXT NOT NULL);
    CREATE TABLE courses (course_id INTEGER PRIMARY KEY, course_name TEXT NOT NULL, stage TEXT NOT NULL,
                          blurb TEXT NOT NULL);
    CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, tutor_id INTEGER NOT NULL REFERENCES tutors (tutor_id),
                           course_id INTEGER NOT NULL REFERENCES courses (course_id), held_on TEXT NOT NULL,
                           runtime REAL NOT NULL);
    INSERT INTO tutors VALUES (1, 'Rae Lowe', 38.0, 4.1, '07700 900001'), (2, 'Sol Park', 52.0, 3.2, '07700 900002'),
                              (3, 'Tam Ives', 45.0, 4.9, '07700 900003');
    INSERT INTO courses VALUES (1, 'Chemistry', 'beginner', 'atoms'), (2, 'Chemistry', 'advanced', 'bonds'),
                               (3, 'Latin', 'beginner', 'verbs'), (4, 'Drawing', 'beginner', 'lines');
    INSERT INTO sessions VALUES (1, 1, 1, '2026-05-01', 1.0), (2, 1, 2, '2026-05-02', 1.5),
                                (3, 2, 2, '2026-05-03', 2.0), (4, 3, 3, '2026-05-04', 1.0),
                                (5, 3, 1, '2026-05-05', 0.5), (6, 2, 4, '2026-05-06', 1.0);
"""  # a tutoring school: the tutors' price is their hourly rate; two courses share a name


@pytest.fixture(scope="module")
def tuition(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "tuition", TUITION) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("who is our priciest tutor", "SELECT full_name FROM tutors ORDER BY hourly_rate DESC LIMIT 1"),
    ("the 2 cheapest tutors", "SELECT full_name FROM tutors ORDER BY hourly_rate ASC LIMIT 2"),
])
def test_what_a_person_costs_is_their_rate(tuition: Database, line: str, gold: str) -> None:
    reads_whole(tuition, line, gold)


def test_a_label_rows_share_is_shown_with_what_tells_them_apart(tuition: Database) -> None:
    draft, result = read(tuition, "number of sessions per course")
    assert "stage" in result.columns and "blurb" not in result.columns, draft.sql  # a level, never free text
    assert sorted(tuple(r[:2]) + (r[-1],) for r in result.rows) == sorted(all_rows(
        tuition, "SELECT c.course_name, c.stage, COUNT(*) FROM sessions s JOIN courses c ON c.course_id = s.course_id "
                 "GROUP BY c.course_id")), draft.sql


def test_a_label_no_two_rows_share_is_shown_alone(tuition: Database) -> None:
    draft, result = read(tuition, "number of sessions per tutor")
    assert len(result.columns) == 2, draft.sql


def test_a_synonym_that_is_a_short_form_names_nothing(tuition: Database) -> None:
    # "mob" is a word for a family in a thesaurus, and the tutors' mobile numbers here
    assert "mob" not in drafted(tuition, "rank the families by number of sessions").sql


@pytest.mark.parametrize(("line", "gold"), [
    ("how much money came in from clients last month",
     "SELECT SUM(paid_amount) FROM bill_payments WHERE paid_at LIKE '2026-05%'"),
    ("how much money was collected this month",
     "SELECT SUM(paid_amount) FROM bill_payments WHERE paid_at LIKE '2026-06%'"),
    ("revenue last month", "SELECT SUM(l.qty * l.price) FROM visit_lines l JOIN visit_notes v ON v.note_id = l.note_id "
                           "WHERE v.visited_on LIKE '2026-05%'"),
])
def test_money_received_is_the_payments_and_revenue_the_sales(grooming: Database, line: str, gold: str) -> None:
    reads_whole(grooming, line, gold)  # 10.0 came in in May, for 70.0 of visits


CORNER = """
    CREATE TABLE stores (id INTEGER PRIMARY KEY, city TEXT NOT NULL, closed_on TEXT NOT NULL);
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, tier TEXT NOT NULL, email TEXT NOT NULL);
    CREATE TABLE "order" (id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES stores (id),
                          customer_id INTEGER REFERENCES customers (id), placed_on TEXT NOT NULL, status TEXT);
    CREATE TABLE order_item (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES "order" (id), qty INTEGER NOT NULL,
                             unit_price REAL NOT NULL);
    CREATE TABLE email_log (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (id), sent_on TEXT);
    CREATE TABLE supplier_payments (id INTEGER PRIMARY KEY, paid_on TEXT NOT NULL, amount REAL NOT NULL);
    INSERT INTO stores VALUES (1, 'Leeds', 'Sun'), (2, 'York', 'Mon'), (3, 'Hull', 'Sun');
    INSERT INTO customers VALUES (1, 'Ada', 'gold', 'ada@example.com'), (2, NULL, 'basic', 'bo@example.com'),
                                 (3, 'Cy', 'basic', 'cy@example.com'), (4, 'Di', 'gold', 'di@example.com');
    INSERT INTO "order" VALUES (1, 1, 1, '2026-05-03', 'paid'), (2, 2, 2, '2026-05-04', 'cancelled'),
                               (3, 3, 3, '2026-05-05', NULL), (4, 1, 1, '2026-05-10', 'paid');
    INSERT INTO order_item VALUES (1, 1, 2, 5.0), (2, 2, 1, 9.0), (3, 3, 4, 5.0), (4, 4, 1, 3.0);
    INSERT INTO email_log VALUES (1, 1, '2026-05-01');
    INSERT INTO supplier_payments VALUES (1, '2026-05-02', 999.0);
"""  # a corner shop: a table named by a keyword, an order with no status, a store's closing day


@pytest.fixture(scope="module")
def corner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "corner", CORNER) as db:
        yield db


def test_revenue_of_a_keyword_table_runs_and_keeps_rows_with_no_state(corner: Database) -> None:
    # 10 + 20 + 3: the cancelled order left out, the one with no status kept
    reads_whole(corner, "total revenue", "SELECT 33.0")


def test_a_day_kept_by_other_rows_is_no_day_of_the_rows_asked_about(corner: Database) -> None:
    draft, result = read(corner, "how many orders were placed on Sundays")
    assert "closed_on" not in draft.sql and result.rows == ((2,),), draft.sql  # 3 and 10 May 2026


def test_a_log_named_by_a_word_another_table_keeps_as_a_column_leaves_it_the_column(corner: Database) -> None:
    assert "email_log" not in drafted(corner, "show the email of each customer").sql


def test_money_paid_out_is_no_money_received(corner: Database) -> None:
    draft = drafted(corner, "how much money came in in May 2026")
    assert "supplier_payments" not in draft.sql, draft.sql


def test_a_label_that_may_be_empty_gets_no_companion(corner: Database) -> None:
    # three names kept for four customers: one has none, and no name repeats
    assert "tier" not in drafted(corner, "number of orders per customer").sql
