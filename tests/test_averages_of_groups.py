"""Averages of what a group adds up to, and of how many rows a period has.

"the average spend per customer" is one number: each customer's total, averaged over the customers
that bought anything; "average monthly revenue" the same over months; "the average sale value" a
sale's lines added up, averaged over sales, where the sale keeps no total (and never the sale's
numeric status code or till number). A level each row has ("the average price per glaze") stays
an average per group. Also here: a verb before "the most" / "most often" ranks the rows by the
lines of that act, a month said of what is still due is the coming one, a discount named as a
percentage but kept as a share is read as a share, and "in nights" is the unit of a stay.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from tests.helpers import all_rows, answers, answers_after, drafted, read, reads_whole, schema_database

STUDIO = """
    CREATE TABLE customers (cust_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL);
    CREATE TABLE pieces (piece_id INTEGER PRIMARY KEY, piece_name TEXT NOT NULL, glaze TEXT NOT NULL,
                         list_price REAL NOT NULL);
    CREATE TABLE sales (sale_no INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers (cust_id),
                        sold_at TEXT NOT NULL, till_no INTEGER NOT NULL, sale_status INTEGER NOT NULL);
    CREATE TABLE sale_lines (line_id INTEGER PRIMARY KEY, sale_no INTEGER NOT NULL REFERENCES sales (sale_no),
                             piece_id INTEGER NOT NULL REFERENCES pieces (piece_id), qty INTEGER NOT NULL,
                             unit_price REAL NOT NULL, disc_pct REAL NOT NULL DEFAULT 0);
    CREATE TABLE upkeep (task_id INTEGER PRIMARY KEY, task TEXT NOT NULL, due_on TEXT NOT NULL);
    INSERT INTO customers VALUES (1, 'Ada Brook'), (2, 'Ben Carr'), (3, 'Cleo Dunn'), (4, 'Dev Ellis');
    INSERT INTO pieces VALUES (1, 'Bowl', 'celadon', 30.0), (2, 'Mug', 'tenmoku', 12.0),
                              (3, 'Vase', 'celadon', 80.0), (4, 'Plate', 'shino', 20.0);
    INSERT INTO sales VALUES (1, 1, '2026-04-03', 1, 2), (2, 1, '2026-04-20', 2, 2), (3, 2, '2026-05-02', 1, 3),
                             (4, 3, '2026-05-09', 2, 2), (5, 3, '2026-05-30', 2, 1), (6, 2, '2026-06-01', 1, 2);
    INSERT INTO sale_lines VALUES (1, 1, 1, 2, 30.0, 0), (2, 1, 2, 1, 12.0, 0.1), (3, 2, 3, 1, 80.0, 0),
                                  (4, 3, 2, 4, 12.0, 0.25), (5, 4, 4, 1, 20.0, 0), (6, 5, 2, 3, 12.0, 0),
                                  (7, 5, 1, 1, 30.0, 0.1), (8, 6, 2, 2, 12.0, 0), (9, 6, 4, 1, 20.0, 0);
    INSERT INTO upkeep VALUES (1, 'Service the kiln', '2026-02-10'), (2, 'Re-line the kiln', '2027-02-20'),
                              (3, 'Clean the wheels', '2027-02-25'), (4, 'Order clay', '2026-07-01');
"""  # a pottery studio: sales keep no total of their own, only lines (a discount kept as a share)

LINE_MONEY = "l.qty * l.unit_price * (1 - l.disc_pct)"


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


@pytest.mark.parametrize("line", ["average spend per customer", "the average revenue per customer"])
def test_an_amount_per_group_averaged_is_one_number(studio: Database, line: str) -> None:
    reads_whole(studio, line, f"SELECT AVG(t) FROM (SELECT s.cust_id, SUM({LINE_MONEY}) AS t FROM sale_lines l "
                              "JOIN sales s ON s.sale_no = l.sale_no GROUP BY s.cust_id)")


@pytest.mark.parametrize("line", ["average monthly revenue", "the average revenue per month"])
def test_an_amount_per_period_averaged_is_one_number(studio: Database, line: str) -> None:
    reads_whole(studio, line, f"SELECT AVG(t) FROM (SELECT strftime('%Y-%m', s.sold_at), SUM({LINE_MONEY}) AS t "
                              "FROM sale_lines l JOIN sales s ON s.sale_no = l.sale_no GROUP BY 1)")


@pytest.mark.parametrize("line", ["average number of sales per month",
                                  "how many sales do we make per month on average"])
def test_a_count_per_period_averaged_is_one_number(studio: Database, line: str) -> None:
    reads_whole(studio, line,
                "SELECT AVG(n) FROM (SELECT strftime('%Y-%m', sold_at), COUNT(*) AS n FROM sales GROUP BY 1)")


@pytest.mark.parametrize("line", ["average sale value", "what's the average sale worth"])
def test_a_sale_value_is_its_lines_money_never_a_code(studio: Database, line: str) -> None:
    draft = drafted(studio, line)
    assert "sale_status" not in draft.sql and "till_no" not in draft.sql, draft.sql
    reads_whole(studio, line, f"SELECT AVG(t) FROM (SELECT l.sale_no, SUM({LINE_MONEY}) AS t FROM sale_lines l "
                              "GROUP BY l.sale_no)")


def test_a_sale_value_by_group_averages_each_groups_sales(studio: Database) -> None:
    reads_whole(studio, "average sale value by customer",
                f"SELECT c.full_name, AVG(t) FROM (SELECT s.sale_no, s.cust_id, SUM({LINE_MONEY}) AS t "
                "FROM sale_lines l JOIN sales s ON s.sale_no = l.sale_no GROUP BY s.sale_no) x "
                "JOIN customers c ON c.cust_id = x.cust_id GROUP BY c.cust_id")


def test_a_level_per_group_stays_an_average_per_group(studio: Database) -> None:
    reads_whole(studio, "average list price per glaze", "SELECT glaze, AVG(list_price) FROM pieces GROUP BY glaze")


@pytest.mark.parametrize("line", ["which 2 pieces were sold most often", "which 2 pieces sell the most"])
def test_a_verb_before_the_superlative_ranks_by_its_lines(studio: Database, line: str) -> None:
    answers(studio, line, "SELECT p.piece_name, SUM(l.qty) FROM pieces p JOIN sale_lines l ON l.piece_id = p.piece_id "
                          "GROUP BY p.piece_id ORDER BY SUM(l.qty) DESC LIMIT 2", ordered=True)


def test_a_month_still_due_is_the_coming_one(studio: Database) -> None:
    reads_whole(studio, "which upkeep tasks are due in February",
                "SELECT task FROM upkeep WHERE due_on >= '2027-02-01' AND due_on < '2027-03-01'")


def test_a_month_that_was_due_is_the_last_one(studio: Database) -> None:
    reads_whole(studio, "which upkeep tasks were due in February",
                "SELECT task FROM upkeep WHERE due_on >= '2026-02-01' AND due_on < '2026-03-01'")


INN = """
    CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, guest TEXT NOT NULL, check_in TEXT NOT NULL,
                        check_out TEXT NOT NULL, room_no INTEGER NOT NULL, is_cancelled INTEGER NOT NULL);
    INSERT INTO stays VALUES (1, 'Ann', '2026-05-01', '2026-05-04', 3, 0), (2, 'Bo', '2026-05-10', '2026-05-11', 7, 1),
                             (3, 'Cy', '2026-06-01', '2026-06-06', 2, 0);
"""  # a small inn whose stays keep the day a guest came and the day they left


@pytest.fixture(scope="module")
def inn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "inn", INN) as db:
        yield db


def test_a_flag_denied_across_joining_words(inn: Database) -> None:
    reads_whole(inn, "list the stays, leaving out any that have been cancelled",
                "SELECT guest FROM stays WHERE is_cancelled = 0")


@pytest.mark.parametrize("line", ["average length of stay in nights", "average stay in days"])
def test_a_stay_is_asked_in_nights_or_days(inn: Database, line: str) -> None:
    reads_whole(inn, line, "SELECT AVG(julianday(check_out) - julianday(check_in)) FROM stays")


SURGERY = """
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, seen_at TEXT NOT NULL, vet TEXT NOT NULL);
    CREATE TABLE visit_items (item_id INTEGER PRIMARY KEY, visit_id INTEGER NOT NULL REFERENCES visits (visit_id),
                              item_code TEXT NOT NULL, qty INTEGER NOT NULL, fee_charged_p INTEGER NOT NULL,
                              discount_p INTEGER);
    INSERT INTO visits VALUES (1, '2026-05-04 09:00', 'Ines'), (2, '2026-05-20 10:30', 'Ola'),
                              (3, '2026-06-02 11:00', 'Ines');
    INSERT INTO visit_items VALUES (1, 1, 'VAC', 1, 4500, NULL), (2, 1, 'NAIL', 2, 800, 300),
                                   (3, 2, 'XRAY', 1, 12000, NULL), (4, 3, 'VAC', 1, 4500, 500);
"""  # a vets' surgery: each visit's items charged a fee in pence, a discount in pence only on some


@pytest.fixture(scope="module")
def surgery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "surgery", SURGERY) as db:
        yield db


def test_a_fee_charged_per_unit_is_the_lines_money_and_no_discount_takes_nothing_off(surgery: Database) -> None:
    reads_whole(surgery, "how much did we take in May",
                "SELECT SUM(i.qty * i.fee_charged_p - COALESCE(i.discount_p, 0)) / 100.0 FROM visit_items i "
                "JOIN visits v ON v.visit_id = i.visit_id WHERE v.seen_at >= '2026-05-01' AND v.seen_at < '2026-06-01'")


def test_a_total_of_discounts_kept_in_pence_is_one_sum_in_pounds(surgery: Database) -> None:
    reads_whole(surgery, "what's the total value of discounts", "SELECT SUM(discount_p) / 100.0 FROM visit_items")


PHYSIO = """
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, credits INTEGER NOT NULL);
    CREATE TABLE therapies (therapy_code TEXT PRIMARY KEY, therapy_name TEXT NOT NULL);
    CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients (client_id),
                           therapy_code TEXT NOT NULL REFERENCES therapies (therapy_code), starts_at TEXT NOT NULL,
                           booked_mins INTEGER NOT NULL, actual_mins INTEGER NOT NULL);
    INSERT INTO clients VALUES (1, 'Mo', 0), (2, 'Nia', 3), (3, 'Zoë', 5);
    INSERT INTO therapies VALUES ('MAS', 'Massage'), ('ACU', 'Acupuncture'), ('REH', 'Rehab');
    INSERT INTO sessions VALUES (1, 1, 'MAS', '2026-06-01 09:00', 30, 40), (2, 2, 'MAS', '2026-06-02 10:00', 45, 45),
                                (3, 1, 'ACU', '2026-06-02 11:00', 30, 25), (4, 2, 'MAS', '2026-06-09 09:00', 30, 50),
                                (5, 1, 'REH', '2026-06-09 14:00', 60, 60), (6, 2, 'ACU', '2026-06-16 09:00', 30, 30),
                                (7, 3, 'MAS', '2026-06-10 15:00', 45, 45);
"""  # a physio practice: each session keeps the minutes booked and the minutes it took


@pytest.fixture(scope="module")
def physio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "physio", PHYSIO) as db:
        yield db


@pytest.mark.parametrize("line", ["which sessions overran", "which sessions took longer than planned"])
def test_a_span_taken_above_the_one_booked(physio: Database, line: str) -> None:
    reads_whole(physio, line, "SELECT session_id FROM sessions WHERE actual_mins > booked_mins")


def test_how_long_it_actually_took_is_the_actual_span(physio: Database) -> None:
    reads_whole(physio, "on average, how long does a session actually take", "SELECT AVG(actual_mins) FROM sessions")


def test_a_period_asked_busiest_is_the_one_with_most_rows(physio: Database) -> None:
    reads_whole(physio, "which day of the week is busiest for sessions",
                "SELECT strftime('%w', starts_at) FROM sessions GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1")


def test_what_we_did_most_often_counts_the_rows_that_did_it(physio: Database) -> None:
    answers(physio, "which 2 therapies did we do most often",
            "SELECT t.therapy_code, t.therapy_name, COUNT(*) FROM therapies t "
            "JOIN sessions s ON s.therapy_code = t.therapy_code "
            "GROUP BY t.therapy_code ORDER BY COUNT(*) DESC LIMIT 2", ordered=True)  # a short code beside its name


BOOKSHOP = """
    CREATE TABLE clerks (clerk_id INTEGER PRIMARY KEY, name TEXT NOT NULL, started_on DATE NOT NULL);
    CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT NOT NULL, pub_year INTEGER NOT NULL);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, clerk_id INTEGER NOT NULL REFERENCES clerks (clerk_id),
                        sold_at DATE NOT NULL);
    CREATE TABLE sale_lines (line_id INTEGER PRIMARY KEY, sale_id INTEGER NOT NULL REFERENCES sales (sale_id),
                             book_id INTEGER NOT NULL REFERENCES books (book_id), qty INTEGER NOT NULL,
                             unit_price REAL NOT NULL);
    INSERT INTO clerks VALUES (1, 'Ruth', '2026-06-01'), (2, 'Sami', '2019-03-01');
    INSERT INTO books VALUES (1, 'Tide Tables', 2026), (2, 'Salt Roads', 2024), (3, 'Low Light', 2025),
                             (4, 'Reed Song', 2026);
    INSERT INTO sales VALUES (1, 1, '2026-06-03'), (2, 2, '2026-06-05'), (3, 2, '2026-06-10'), (4, 1, '2025-11-20'),
                             (5, 1, '2026-02-14');
    INSERT INTO sale_lines VALUES (1, 1, 1, 1, 9.0), (2, 2, 2, 2, 12.0), (3, 2, 3, 1, 8.0), (4, 3, 2, 1, 12.0),
                                  (5, 4, 4, 9, 10.0), (6, 5, 3, 3, 8.0), (7, 3, 4, 5, 10.0);
"""  # a bookshop whose clerks keep the day they started and whose books the year they came out


@pytest.fixture(scope="module")
def bookshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "bookshop", BOOKSHOP) as db:
        yield db


def test_a_period_of_an_act_dates_the_rows_that_record_it(bookshop: Database) -> None:
    answers(bookshop, "which clerk sold the most books this month",
            "SELECT c.name FROM clerks c JOIN sales s ON s.clerk_id = c.clerk_id "
            "JOIN sale_lines l ON l.sale_id = s.sale_id WHERE s.sold_at >= '2026-06-01' AND s.sold_at < '2026-07-01' "
            "GROUP BY c.clerk_id ORDER BY SUM(l.qty) DESC LIMIT 1")


def test_best_selling_titles_are_the_books_ranked_by_what_sold_this_year(bookshop: Database) -> None:
    answers(bookshop, "our three best-selling titles this year",
            "SELECT b.title, SUM(l.qty) FROM books b JOIN sale_lines l ON l.book_id = b.book_id "
            "JOIN sales s ON s.sale_id = l.sale_id WHERE s.sold_at >= '2026-01-01' AND s.sold_at < '2027-01-01' "
            "GROUP BY b.book_id ORDER BY SUM(l.qty) DESC LIMIT 3", ordered=True)


def test_a_grouping_by_listed_values_groups_by_their_column(physio: Database) -> None:
    reads_whole(physio, "number of sessions by massage and acupuncture",
                "SELECT t.therapy_name, COUNT(*) FROM sessions s JOIN therapies t ON t.therapy_code = s.therapy_code "
                "WHERE t.therapy_name IN ('Massage', 'Acupuncture') GROUP BY t.therapy_name")


def test_a_name_typed_without_its_accent_is_the_same_name(physio: Database) -> None:
    reads_whole(physio, "how many sessions has Zoe had",
                "SELECT COUNT(*) FROM sessions s JOIN clients c ON c.client_id = s.client_id WHERE c.name = 'Zoë'")


@pytest.mark.parametrize(("line", "kept"), [("clients with some credits", "credits > 0"),
                                            ("clients with no credits", "credits <= 0")])
def test_some_or_none_of_an_amount_held(physio: Database, line: str, kept: str) -> None:
    reads_whole(physio, line, f"SELECT name FROM clients WHERE {kept}")


def test_some_of_an_amount_held_said_in_a_follow_up(physio: Database) -> None:
    answers_after(physio, ["list the clients", "only the ones who've got some credits"],
                  "SELECT * FROM clients WHERE credits > 0")


SURGERY_DIARY = """
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL);
    CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL);
    CREATE TABLE appointments (appt_id INTEGER PRIMARY KEY, staff_id INTEGER NOT NULL REFERENCES staff (staff_id),
                               patient_id INTEGER NOT NULL REFERENCES patients (patient_id),
                               starts_at TEXT NOT NULL, booked_on TEXT NOT NULL);
    CREATE TABLE recalls (recall_id INTEGER PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patients (patient_id),
                          due_on TEXT NOT NULL);
    INSERT INTO staff VALUES (1, 'Ada', 'Lowe'), (2, 'Ben', 'Marsh');
    INSERT INTO patients VALUES (1, 'Ada', 'Price'), (2, 'Cal', 'Reed'), (3, 'Ada', 'Stone');
    INSERT INTO appointments VALUES (1, 1, 2, '2026-06-23 09:00', '2026-06-16'),
                                    (2, 2, 1, '2026-06-24 10:00', '2026-06-22'),
                                    (3, 1, 3, '2026-06-10 11:00', '2026-05-30'),
                                    (4, 2, 3, '2026-06-25 12:00', '2026-06-01');
    INSERT INTO recalls VALUES (1, 1, '2026-03-04'), (2, 2, '2027-03-09'), (3, 3, '2027-03-20'), (4, 1, '2027-02-02'),
                               (5, 2, '2026-02-11'), (6, 3, '2026-02-12');
"""  # a dental diary: a first name both a dentist and patients have, recalls a year either side of today


@pytest.fixture(scope="module")
def diary(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "diary", SURGERY_DIARY) as db:
        yield db


def test_a_first_and_last_name_said_together_are_one_persons(diary: Database) -> None:
    reads_whole(diary, "appointments with Ada Lowe",
                "SELECT a.appt_id FROM appointments a JOIN staff s ON s.staff_id = a.staff_id "
                "WHERE s.first_name = 'Ada' AND s.last_name = 'Lowe'")


def test_a_month_in_a_follow_up_to_one_still_due_is_the_coming_one(diary: Database) -> None:
    answers_after(diary, ["how many recalls are due in March", "what about February?"],
                  "SELECT COUNT(*) FROM recalls WHERE due_on >= '2027-02-01' AND due_on < '2027-03-01'")


def test_booked_in_for_a_period_is_when_the_rows_are_for(diary: Database) -> None:
    draft, result = read(diary, "what have we got booked in for next week")
    gold = all_rows(diary, "SELECT appt_id FROM appointments "
                           "WHERE starts_at >= '2026-06-22' AND starts_at < '2026-06-29'")
    assert result.row_count == len(gold) and not draft.unused, draft.sql  # three, not the one booked next week


def test_rows_still_outstanding_by_their_open_states(tmp_path_factory: pytest.TempPathFactory) -> None:
    ledger = """
        CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, client TEXT NOT NULL, amount_p INTEGER NOT NULL,
                            state TEXT NOT NULL);
        INSERT INTO bills VALUES (1, 'Ash', 1200, 'paid'), (2, 'Bay', 800, 'unpaid'), (3, 'Cove', 500, 'part_paid'),
                                 (4, 'Dell', 300, 'void'), (5, 'Elm', 900, 'paid');
    """  # bills that keep a state and no date they were paid
    with schema_database(tmp_path_factory, "ledger", ledger) as db:
        reads_whole(db, "which bills are still outstanding",
                    "SELECT client FROM bills WHERE state IN ('unpaid', 'part_paid')")


def test_rows_on_a_plan_at_the_moment_are_those_whose_bridge_row_runs(tmp_path_factory: pytest.TempPathFactory) -> None:
    club = """
        CREATE TABLE members (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE cover_plans (plan_id INTEGER PRIMARY KEY, insurer TEXT NOT NULL, tier TEXT NOT NULL);
        CREATE TABLE member_cover (member_id INTEGER NOT NULL REFERENCES members (member_id),
                                   plan_id INTEGER NOT NULL REFERENCES cover_plans (plan_id),
                                   start_on DATE NOT NULL, end_on DATE, PRIMARY KEY (member_id, plan_id, start_on));
        INSERT INTO members VALUES (1, 'Ivo'), (2, 'Jun'), (3, 'Kit');
        INSERT INTO cover_plans VALUES (1, 'Acme', 'gold'), (2, 'Brill', 'basic');
        INSERT INTO member_cover VALUES (1, 1, '2025-01-01', NULL), (2, 1, '2024-01-01', '2025-12-31'),
                                        (2, 2, '2026-01-01', NULL), (3, 1, '2026-09-01', NULL);
    """  # members covered by insurers' plans: one left Acme's, one joins it later this year
    with schema_database(tmp_path_factory, "club", club) as db:
        reads_whole(db, "which members are on an Acme plan at the moment",
                    "SELECT m.name FROM members m JOIN member_cover mc ON mc.member_id = m.member_id "
                    "JOIN cover_plans p ON p.plan_id = mc.plan_id WHERE p.insurer = 'Acme' "
                    "AND mc.start_on <= '2026-06-15' AND (mc.end_on IS NULL OR mc.end_on >= '2026-06-15')")


FITTERS = """
    CREATE TABLE fitters (fitter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, started_on DATE NOT NULL,
                          gasSafe INTEGER NOT NULL);
    CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, fitter_id INTEGER NOT NULL REFERENCES fitters (fitter_id),
                       started_at TEXT NOT NULL, finished_at TEXT NOT NULL);
    CREATE TABLE timesheets (sheet_id INTEGER PRIMARY KEY, fitter_id INTEGER NOT NULL REFERENCES fitters (fitter_id),
                             job_id INTEGER NOT NULL REFERENCES jobs (job_id), work_date DATE NOT NULL,
                             hours_worked REAL NOT NULL);
    INSERT INTO fitters VALUES (1, 'Ola', '2026-05-02', 0), (2, 'Pim', '2018-04-01', 1);
    INSERT INTO jobs VALUES (1, 1, '2026-05-04 08:00', '2026-05-06 17:00'),
                            (2, 2, '2026-05-05 08:00', '2026-05-05 12:00');
    INSERT INTO timesheets VALUES (1, 1, 1, '2026-05-04', 7.5), (2, 1, 1, '2026-05-05', 6.0),
                                  (3, 2, 2, '2026-05-05', 4.0), (4, 2, 2, '2026-05-06', 10.0),
                                  (5, 2, 2, '2025-12-01', 8.0);
"""  # fitters log hours on timesheets; a job also keeps when it started and finished


@pytest.fixture(scope="module")
def fitters(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "fitters", FITTERS) as db:
        yield db


def test_hours_said_are_the_hours_kept_not_a_span_computed(fitters: Database) -> None:
    reads_whole(fitters, "how many hours has each fitter logged this year",
                "SELECT f.name, SUM(t.hours_worked) FROM timesheets t JOIN fitters f ON f.fitter_id = t.fitter_id "
                "WHERE t.work_date >= '2026-01-01' AND t.work_date < '2027-01-01' GROUP BY f.fitter_id")


def test_the_most_hours_in_a_period_are_dated_by_the_hours_kept(fitters: Database) -> None:
    answers(fitters, "which fitter clocked up the most hours last month",
            "SELECT f.name FROM timesheets t JOIN fitters f ON f.fitter_id = t.fitter_id "
            "WHERE t.work_date >= '2026-05-01' AND t.work_date < '2026-06-01' GROUP BY f.fitter_id "
            "ORDER BY SUM(t.hours_worked) DESC LIMIT 1")


GYM = """
    CREATE TABLE classes (cls_id INTEGER PRIMARY KEY, cls_nm TEXT NOT NULL, hrly_rate REAL NOT NULL);
    CREATE TABLE mbrs (mbr_id INTEGER PRIMARY KEY, first_nm TEXT NOT NULL, tier TEXT NOT NULL, join_dt DATE NOT NULL);
    CREATE TABLE cls_bookings (bkg_id INTEGER PRIMARY KEY, cls_id INTEGER NOT NULL REFERENCES classes (cls_id),
                               mbr_id INTEGER NOT NULL REFERENCES mbrs (mbr_id), cls_dt DATE NOT NULL);
    CREATE TABLE mbr_pmts (pmt_id INTEGER PRIMARY KEY, mbr_id INTEGER NOT NULL REFERENCES mbrs (mbr_id),
                           fee_chg REAL NOT NULL, paid_on DATE NOT NULL);
    INSERT INTO classes VALUES (1, 'Spin', 12.0), (2, 'Yoga', 30.0), (3, 'Boxing', 1.5);
    INSERT INTO mbrs VALUES (1, 'Rae', 'gold', '2024-03-01'), (2, 'Sol', 'basic', '2025-01-10'),
                            (3, 'Tam', 'gold', '2026-02-02');
    INSERT INTO cls_bookings VALUES (1, 1, 1, '2026-06-02'), (2, 1, 2, '2026-06-02'), (3, 2, 3, '2026-06-03'),
                                    (4, 3, 1, '2026-06-09'), (5, 1, 3, '2026-06-09'), (6, 2, 2, '2026-06-11');
    INSERT INTO mbr_pmts VALUES (1, 1, 60.0, '2026-04-01'), (2, 1, 60.0, '2026-05-01'), (3, 2, 30.0, '2026-05-01'),
                                (4, 3, 55.0, '2026-05-02');
"""  # a gym that shortens its names: cls for class, mbr for member, nm for name, chg for charge


@pytest.fixture(scope="module")
def gym(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "gym", GYM) as db:
        yield db


def test_each_type_of_a_table_groups_by_its_rows(gym: Database) -> None:
    reads_whole(gym, "how many bookings did each type of class get",
                "SELECT c.cls_nm, COUNT(*) FROM cls_bookings b JOIN classes c ON c.cls_id = b.cls_id GROUP BY c.cls_id")


def test_a_shortened_table_name_is_said_in_full(gym: Database) -> None:
    reads_whole(gym, "which day of the week gets the most class bookings",
                "SELECT strftime('%w', cls_dt) FROM cls_bookings GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1")


def test_a_period_said_of_a_money_column_is_what_it_is_per(gym: Database) -> None:
    reads_whole(gym, "what's the average monthly fee on each tier",
                "SELECT m.tier, AVG(p.fee_chg) FROM mbr_pmts p JOIN mbrs m ON m.mbr_id = p.mbr_id GROUP BY m.tier")


def test_a_number_of_hours_is_never_an_hourly_rate(gym: Database) -> None:
    draft = drafted(gym, "which classes are shorter than 2 hours")
    assert "hrly_rate" not in draft.sql and draft.confidence <= CONFIRM_BELOW, draft.sql


@pytest.mark.parametrize(("line", "kept"), [("which fitters are gas safe", 1), ("which fitters aren't gas safe", 0)])
def test_a_flag_named_by_an_adjective(fitters: Database, line: str, kept: int) -> None:
    reads_whole(fitters, line, f"SELECT name FROM fitters WHERE gasSafe = {kept}")


def test_money_owed_is_the_unpaid_bills_money(tmp_path_factory: pytest.TempPathFactory) -> None:
    books = """
        CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL);
        CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients (client_id),
                           done_on DATE NOT NULL);
        CREATE TABLE job_lines (line_id INTEGER PRIMARY KEY, job_id INTEGER NOT NULL REFERENCES jobs (job_id),
                                qty INTEGER NOT NULL, unit_price_pence INTEGER NOT NULL);
        CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, job_id INTEGER NOT NULL REFERENCES jobs (job_id),
                            total_pence INTEGER NOT NULL, issued_on DATE NOT NULL, paid_on DATE);
        INSERT INTO clients VALUES (1, 'Arden'), (2, 'Birch'), (3, 'Cole');
        INSERT INTO jobs VALUES (1, 1, '2026-04-01'), (2, 1, '2026-05-02'), (3, 2, '2026-05-10'), (4, 3, '2026-05-12');
        INSERT INTO job_lines VALUES (1, 1, 2, 5000), (2, 2, 1, 4000), (3, 3, 3, 3000), (4, 4, 1, 2500);
        INSERT INTO bills VALUES (1, 1, 12000, '2026-04-01', '2026-04-20'), (2, 2, 4550, '2026-05-02', NULL),
                                 (3, 3, 9900, '2026-05-10', NULL), (4, 4, 3000, '2026-05-12', '2026-05-30');
    """  # a firm's jobs priced by their lines, billed with a total that is paid or not yet
    with schema_database(tmp_path_factory, "books", books) as db:
        reads_whole(db, "how much does each client still owe us",
                    "SELECT c.client_name, SUM(b.total_pence) / 100.0 FROM bills b JOIN jobs j ON j.job_id = b.job_id "
                    "JOIN clients c ON c.client_id = j.client_id WHERE b.paid_on IS NULL GROUP BY c.client_id")
