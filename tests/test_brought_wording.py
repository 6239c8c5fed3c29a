"""How people word questions about a database brought as it is, on a climbing gym's schema invented
here: a key to the same table named by its own words ("referred by"), flags said negated ("no longer
active"), values left empty ("haven't given us their birth year", "no setter"), a bridge's most
common row, "%" for a share, two values compared, a stored value that looks like a period ("the
Monthly plan"), and a year about the rows a ranking counts. Every answer is run and compared with
what a hand-written query returns."""

from __future__ import annotations

import pytest

from nl2sql.db.schema import INTEGER, REAL, Column, Table
from tests.conftest import TODAY
from tests.helpers import answers_after, read, same_answer, schema_database

GYM = """
    CREATE TABLE plans (plan_id INTEGER PRIMARY KEY, plan_name TEXT, monthly_price REAL);
    CREATE TABLE members (member_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, birth_year INTEGER,
                          is_active INTEGER, plan_id INTEGER REFERENCES plans (plan_id),
                          referred_by_member_id INTEGER REFERENCES members (member_id), joined_on DATE);
    CREATE TABLE coaches (coach_id INTEGER PRIMARY KEY, coach_name TEXT, hired_on DATE);
    CREATE TABLE routes (route_id INTEGER PRIMARY KEY, route_name TEXT, grade TEXT,
                         setter_id INTEGER REFERENCES coaches (coach_id));
    CREATE TABLE holds (hold_id INTEGER PRIMARY KEY, hold_name TEXT);
    CREATE TABLE route_holds (route_id INTEGER REFERENCES routes (route_id),
                              hold_id INTEGER REFERENCES holds (hold_id), PRIMARY KEY (route_id, hold_id));
    CREATE TABLE lessons (lesson_id INTEGER PRIMARY KEY, coach_id INTEGER REFERENCES coaches (coach_id),
                          member_id INTEGER REFERENCES members (member_id), held_on DATE, fee_cents INTEGER,
                          wait_min INTEGER);
    CREATE TABLE injuries (injury_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                           started_on DATE, ended_on DATE);
    INSERT INTO plans VALUES (1, 'Monthly', 60.0), (2, 'Annual', 600.0), (3, 'Punch Card', 90.0);
    INSERT INTO members VALUES
        (1, 'Ana', 'Roe', 1990, 1, 1, NULL, '2023-01-05'), (2, 'Ben', 'Ode', NULL, 1, 2, 1, '2023-03-01'),
        (3, 'Cai', 'Lum', 1985, 0, 1, 1, '2023-06-10'), (4, 'Dee', 'Fry', NULL, 1, 3, 2, '2024-02-02'),
        (5, 'Eli', 'Moe', 2001, 0, 1, 1, '2024-05-20'), (6, 'Fay', 'Gil', 1979, 1, 2, NULL, '2024-07-07');
    INSERT INTO coaches VALUES (1, 'Gus Hale', '2020-01-01'), (2, 'Ida Kerr', '2024-03-01'),
                               (3, 'Jon Pike', '2024-06-01');
    INSERT INTO routes VALUES (1, 'Slab One', 'easy', 1), (2, 'Roof Run', 'hard', 2), (3, 'Crack Two', 'easy', NULL),
                              (4, 'Arete', 'hard', 1), (5, 'Jugs', 'easy', NULL), (6, 'Über Kante', 'hard', 3),
                              (7, 'Overhang', 'extreme', 2);
    INSERT INTO holds VALUES (1, 'crimp'), (2, 'jug'), (3, 'sloper');
    INSERT INTO route_holds VALUES (1, 1), (1, 2), (2, 3), (3, 1), (4, 1), (5, 2);
    INSERT INTO lessons VALUES (1, 1, 1, '2023-05-01', 4500, 5), (2, 1, 2, '2023-06-01', 4500, 70),
                               (3, 1, 3, '2023-07-01', 3000, 10), (4, 2, 1, '2024-04-01', 5000, 90),
                               (5, 2, 4, '2024-05-01', 5000, 15), (6, 3, 5, '2024-07-01', 2500, 65),
                               (7, 1, 6, '2024-08-01', 4500, 20);
    INSERT INTO injuries VALUES (1, 2, '2024-01-10', '2024-03-01'), (2, 3, '2025-02-01', NULL),
                                (3, 5, '2025-06-01', NULL);
"""


@pytest.fixture(scope="module")
def gym(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "gym", GYM) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # a key to the same table, named by the words of its own name
    ("list the members that were referred by Ana Roe",
     "SELECT member_id FROM members WHERE referred_by_member_id = 1"),
    ("who referred Dee Fry", "SELECT first_name, last_name FROM members WHERE member_id = 2"),
    # a flag said negated, a value left empty, a key to another table left empty
    ("which members are no longer active", "SELECT member_id FROM members WHERE is_active = 0"),
    ("how many members haven't given us their birth year", "SELECT COUNT(*) FROM members WHERE birth_year IS NULL"),
    ("routes with no coach", "SELECT route_id FROM routes WHERE setter_id IS NULL"),
    # the row of a bridge's other side that most bridge rows point to
    ("what is the most common hold", "SELECT 'crimp'"),
    # "%" says a share, "compare" one number per value
    ("what % of routes are easy", "SELECT 100.0 * SUM(grade = 'easy') / COUNT(*) FROM routes"),
    ("compare the number of easy and hard routes",
     "SELECT grade, COUNT(*) FROM routes WHERE grade IN ('easy', 'hard') GROUP BY grade"),
    # a stored value that reads like a period, named with the table that holds it
    ("members on the Monthly plan", "SELECT member_id FROM members WHERE plan_id = 1"),
    # the year is about the lessons counted, not about when the coach was hired
    ("which coach gave the most lessons in 2024", "SELECT 'Ida Kerr'"),
    # a wait kept in minutes, asked in hours
    ("lessons where the wait was more than 1 hour", "SELECT lesson_id FROM lessons WHERE wait_min > 60"),
    ("average wait of lessons in hours", "SELECT AVG(wait_min) / 60.0 FROM lessons"),
    # what a service takes is its fees when no sale has a total, kept here in cents
    ("how much did we make in 2024",
     "SELECT SUM(fee_cents) / 100.0 FROM lessons WHERE held_on >= '2024-01-01' AND held_on < '2025-01-01'"),
    ("how much have Annual members spent on lessons in total",
     "SELECT SUM(fee_cents) / 100.0 FROM lessons JOIN members USING (member_id) WHERE plan_id = 2"),
    # an average of counts said with "how many"
    ("on average, how many lessons does a member take",
     "SELECT COUNT(*) * 1.0 / COUNT(DISTINCT member_id) FROM lessons"),
    # rows still running: their end date is empty
    ("how many current injuries are there", "SELECT COUNT(*) FROM injuries WHERE ended_on IS NULL"),
    # a name spelled with letters beyond ASCII is one word; "$46" is 46 dollars, kept here in cents
    ("what grade is Über Kante", "SELECT grade FROM routes WHERE route_id = 6"),
    ("lessons with a fee over $46", "SELECT lesson_id FROM lessons WHERE fee_cents > 4600"),
    # "the names" of people kept as a first and a last name: both
    ("names of members on the Annual plan", "SELECT first_name, last_name FROM members WHERE plan_id = 2"),
    # a value between "each" and the rows it qualifies: one group per row, of those
    ("number of lessons for each Monthly member",
     "SELECT first_name, COUNT(*) FROM lessons JOIN members USING (member_id) WHERE plan_id = 1 GROUP BY member_id"),
    # "<rows> from which <column>": that column's groups, ranked by what the rows hold
    ("routes of which grade have the most route holds",
     "SELECT grade FROM routes JOIN route_holds USING (route_id) GROUP BY grade ORDER BY COUNT(*) DESC LIMIT 1"),
])
def test_a_brought_database_is_read_as_people_word_it(gym, question: str, gold: str) -> None:
    draft, result = read(gym, question)
    assert same_answer(result, list(gym.execute(gold, max_rows=None).rows)), draft.sql


def test_most_first_orders_the_counts(gym) -> None:
    draft, result = read(gym, "lessons per coach, most first")
    assert [row[-1] for row in result.rows] == [4, 2, 1], draft.sql


@pytest.mark.parametrize(("turns", "gold"), [
    (["members on the Monthly plan", "only the active ones"],
     "SELECT member_id FROM members WHERE plan_id = 1 AND is_active = 1"),
    # sorting grouped rows by a column they sum sorts by the sums
    # the column of a date phrase is its condition's, not a column to show instead
    (["members on the Monthly plan", "only those who joined after 2023"],
     "SELECT * FROM members WHERE plan_id = 1 AND joined_on >= '2024-01-01'"),
    # a flag right after a negation, in a follow-up
    (["members on the Monthly plan", "only the ones not active"],
     "SELECT * FROM members WHERE plan_id = 1 AND is_active = 0"),
    # a word that leaves rows out, before a flag
    (["members on the Monthly plan", "drop the active ones"],
     "SELECT * FROM members WHERE plan_id = 1 AND is_active = 0"),
    # a follow-up reads the rows still running and events as a new question does
    (["list all injuries", "only the current ones"], "SELECT * FROM injuries WHERE ended_on IS NULL"),
    (["list all members", "only the ones without a birth year"], "SELECT * FROM members WHERE birth_year IS NULL"),
    # one key for one column, in the direction said last
    (["list all plans", "sort them by monthly price, most expensive first"],
     "SELECT * FROM plans ORDER BY monthly_price DESC"),
    (["total fee cents per coach", "sort by fee cents, highest first"],
     "SELECT coach_name, SUM(fee_cents) AS s FROM lessons JOIN coaches USING (coach_id) GROUP BY coach_id "
     "ORDER BY s DESC"),
])
def test_a_follow_up_reads_flags_and_sorts_by_what_the_rows_hold(gym, turns: list[str], gold: str) -> None:
    answers_after(gym, turns, gold)


STAFF = """
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT, role TEXT,
                        supervisor_id INTEGER REFERENCES staff (staff_id));
    INSERT INTO staff VALUES (1, 'Noor Adel', 'Supervisor', NULL), (2, 'Kim Lee', 'Cleaner', 1),
                             (3, 'Ola Berg', 'Cleaner', 1), (4, 'Tae Min', 'Supervisor', NULL);
"""


@pytest.mark.parametrize(("turns", "gold"), [
    (["orders placed in 2024", "only the unpaid ones"],
     "SELECT * FROM orders WHERE placed_on LIKE '2024%' AND paid_on IS NULL"),
])
def test_a_follow_up_reads_events_by_their_date(shop, turns: list[str], gold: str) -> None:
    answers_after(shop, turns, gold)


def test_the_key_word_that_is_also_a_stored_value_names_no_row(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "Kim Lee's supervisor": the row Kim Lee's key points to, though "supervisor" is also a role."""
    with schema_database(tmp_path_factory, "staff", STAFF) as db:
        draft, result = read(db, "Who is Kim Lee's supervisor?")
        assert [r for r in result.rows if "Noor Adel" in r] and len(result.rows) == 1, draft.sql


SHOP = """
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id),
                         placed_on DATE, total_cents INTEGER, status TEXT, paid_on DATE);
    CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders (order_id),
                          weight_kg REAL);
    CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT, lead_time_days INTEGER);
    INSERT INTO customers VALUES (1, 'Ada'), (2, 'Bo');
    INSERT INTO orders VALUES (1, 1, '2024-03-01', 1250, 'shipped', '2024-03-02'),
                              (2, 2, '2024-07-09', 4000, 'shipped', NULL),
                              (3, 1, '2025-01-02', 999, 'cancelled', NULL),
                              (4, 2, '2024-09-09', 300, 'shipped', '2024-09-10'),
                              (5, 1, '2024-10-10', 700, 'cancelled', '2024-10-11');
    INSERT INTO parcels VALUES (1, 1, 2.0), (2, 2, 4.5), (3, 4, 1.5);
    INSERT INTO suppliers VALUES (1, 'Kite Ltd', 10), (2, 'Moss Co', 21), (3, 'Reed Inc', 30);
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "cents_shop", SHOP) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # a total kept in cents is money taken, in its major unit, of the orders not cancelled; "billed" names it too
    ("total revenue in 2024",
     "SELECT SUM(total_cents) / 100.0 FROM orders WHERE placed_on LIKE '2024%' AND status <> 'cancelled'"),
    ("amount billed in 2024",
     "SELECT SUM(total_cents) / 100.0 FROM orders WHERE placed_on LIKE '2024%' AND status <> 'cancelled'"),
    # an amount or a weight asked in another unit than the column's
    ("average order total cents in euros", "SELECT AVG(total_cents) / 100.0 FROM orders"),
    ("average parcel weight in pounds", "SELECT AVG(weight_kg) / 0.453592 FROM parcels"),
    ("suppliers whose lead time is more than two weeks", "SELECT supplier_id FROM suppliers WHERE lead_time_days > 14"),
    # "paid" names the event its date records, as "shipped" would; "unpaid" denies it, and a cancelled
    # order awaits no payment
    ("orders that haven't been paid yet",
     "SELECT order_id FROM orders WHERE paid_on IS NULL AND status <> 'cancelled'"),
    ("orders with a total over £20", "SELECT order_id FROM orders WHERE total_cents > 2000"),
    ("unpaid orders", "SELECT order_id FROM orders WHERE paid_on IS NULL AND status <> 'cancelled'"),
    # a value between "the most" and the rows counted, and the year of those rows
    ("which customer has the most shipped orders in 2024",
     "SELECT name FROM customers JOIN orders USING (customer_id) WHERE status = 'shipped' "
     "AND placed_on LIKE '2024%' GROUP BY customer_id ORDER BY COUNT(*) DESC LIMIT 1"),
])
def test_a_shop_kept_in_cents_is_read_in_its_units(shop, question: str, gold: str) -> None:
    draft, result = read(shop, question)
    assert same_answer(result, list(shop.execute(gold, max_rows=None).rows)), draft.sql
    assert not draft.unused, draft.sql


CLINIC = """
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, seen_on DATE);
    CREATE TABLE procedures (procedure_id INTEGER PRIMARY KEY, visit_id INTEGER REFERENCES visits (visit_id),
                             kind TEXT);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, visit_id INTEGER REFERENCES visits (visit_id), issued_on DATE);
    CREATE TABLE bill_lines (line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills (bill_id),
                             unit_price REAL, qty INTEGER);
    INSERT INTO visits VALUES (1, '2025-01-02'), (2, '2025-02-03');
    INSERT INTO procedures VALUES (1, 1, 'dental'), (2, 1, 'xray'), (3, 2, 'dental');
    INSERT INTO bills VALUES (1, 1, '2025-01-02'), (2, 2, '2025-02-03');
    INSERT INTO bill_lines VALUES (1, 1, 40.0, 1), (2, 1, 10.0, 2), (3, 2, 25.0, 1);
"""


def test_a_share_whose_part_the_total_does_not_reach_says_so(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The procedures hang off the visits on another branch than the bill lines: the part of the
    revenue they stand for is not a condition on the lines, so nothing is answered, in one line."""
    from nl2sql.engines.builtin.engine import BuiltinEngine
    from nl2sql.errors import EngineError

    with schema_database(tmp_path_factory, "clinic", CLINIC) as db:
        try:
            draft = BuiltinEngine(today=TODAY).draft("what share of revenue came from dental procedures", db)
        except EngineError as err:
            assert "share's condition" in str(err) and "\n" not in str(err), err
        else:
            raise AssertionError(f"answered, with a condition on rows the total does not reach: {draft.sql}")


def test_the_average_sale_is_its_lines_money_per_sale(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Bills keep no total of their own: a bill's total is the money of its lines."""
    with schema_database(tmp_path_factory, "clinic_bills", CLINIC) as db:
        draft, result = read(db, "what is the average bill total")
        assert result.rows == ((42.5,),) and not draft.unused, draft.sql


KITCHEN = """
    CREATE TABLE courses (course_id INTEGER PRIMARY KEY, course_name TEXT);
    CREATE TABLE dishes (dish_id INTEGER PRIMARY KEY, name TEXT, added_on DATE,
                         course_id INTEGER REFERENCES courses (course_id));
    CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, opened_on DATE, cook_id INTEGER REFERENCES cooks (cook_id));
    CREATE TABLE ticket_lines (line_id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES tickets (ticket_id),
                               dish_id INTEGER REFERENCES dishes (dish_id), unit_price_cents INTEGER, qty INTEGER);
    CREATE TABLE cooks (cook_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                        head_cook_id INTEGER REFERENCES cooks (cook_id), break_minutes INTEGER, left_on DATE);
    CREATE VIEW tasting_menu AS SELECT * FROM dishes WHERE added_on >= '2024-06-01';
    INSERT INTO courses VALUES (1, 'Starter'), (2, 'Main');
    INSERT INTO dishes VALUES (1, 'Soup', '2025-03-01', 1), (2, 'Stew', '2024-01-01', 2), (3, 'Pie', '2024-06-01', 2);
    INSERT INTO tickets VALUES (1, '2024-05-01', 1), (2, '2025-02-01', 2), (3, '2025-04-01', 3);
    INSERT INTO ticket_lines VALUES (1, 1, 2, 800, 9), (2, 2, 3, 600, 4), (3, 3, 1, 500, 2), (4, 3, 2, 800, 1);
    INSERT INTO cooks VALUES (1, 'Ana', 'Vik', NULL, 30, NULL), (2, 'Bo', 'Tan', 1, 20, '2025-08-01'),
                             (3, 'Cy', 'Lo', 2, 15, NULL);
"""


@pytest.mark.parametrize(("question", "gold"), [
    # the year of "the most units" is the year of the sales those units were on, not the dish's own date
    ("which dish sold the most units in 2025", "SELECT 'Pie'"),
    ("who reports directly to Bo Tan", "SELECT first_name, last_name FROM cooks WHERE cook_id = 3"),
    # a state a row is in until its end date
    ("how many cooks are still employed", "SELECT COUNT(*) FROM cooks WHERE left_on IS NULL"),
    # line money kept in cents is summed in its major unit
    ("total revenue in 2025", "SELECT (600 * 4 + 500 * 2 + 800 * 1) / 100.0"),
    # a piece of a view's name before another table's whole name is a word of that table
    ("which menu course brings in the most money", "SELECT 'Main'"),
])
def test_a_kitchen_is_read_by_what_its_rows_record(tmp_path_factory: pytest.TempPathFactory, question: str,
                                                   gold: str) -> None:
    with schema_database(tmp_path_factory, "kitchen", KITCHEN) as db:
        draft, result = read(db, question)
        assert same_answer(result, list(db.execute(gold, max_rows=None).rows)), draft.sql


def test_a_column_named_for_something_else_is_no_length(tmp_path_factory: pytest.TempPathFactory) -> None:
    """"break_minutes" keeps minutes, but is a break's: "shift length" is not it, and stays unread."""
    with schema_database(tmp_path_factory, "kitchen_breaks", KITCHEN) as db:
        draft, _result = read(db, "average cook shift length in hours")
        assert "length" in draft.unused, draft.sql
        draft, result = read(db, "average break in hours")
        assert result.rows == ((pytest.approx(65 / 3 / 60),),), draft.sql


OFFICE = """
    CREATE TABLE departments (dept_id INTEGER PRIMARY KEY, dept_name TEXT,
                              manager_id INTEGER REFERENCES employees (emp_id));
    CREATE TABLE employees (emp_id INTEGER PRIMARY KEY, name TEXT, city TEXT,
                            dept_id INTEGER REFERENCES departments (dept_id), current_salary REAL,
                            termination_date DATE);
    CREATE TABLE deals (deal_id INTEGER PRIMARY KEY, emp_id INTEGER REFERENCES employees (emp_id), closed_on DATE);
    CREATE TABLE videos (video_id INTEGER PRIMARY KEY, title TEXT, video_seconds INTEGER);
    CREATE TABLE plans (plan_id INTEGER PRIMARY KEY, plan_name TEXT);
    CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, plan_id INTEGER REFERENCES plans (plan_id),
                           paid_on DATE, amount REAL);
    CREATE TABLE baskets (basket_id INTEGER PRIMARY KEY, bought_on DATE, emp_id INTEGER REFERENCES employees (emp_id));
    CREATE TABLE basket_lines (line_id INTEGER PRIMARY KEY, basket_id INTEGER REFERENCES baskets (basket_id),
                               unit_price_pence INTEGER, qty INTEGER);
    INSERT INTO departments VALUES (1, 'Ops', 1), (2, 'Art', 1), (3, 'Lab', NULL);
    INSERT INTO employees VALUES (1, 'Ann', 'Oslo', 1, 50.0, NULL), (2, 'Bob', 'Rome', 1, 40.0, NULL),
                                 (3, 'Cat', 'Lima', 3, 45.0, '2025-01-31');
    INSERT INTO deals VALUES (1, 2, '2025-01-01'), (2, 2, '2025-02-01'), (3, 1, '2025-03-01');
    INSERT INTO videos VALUES (1, 'Intro', 90), (2, 'Tour', 150);
    INSERT INTO plans VALUES (1, 'Monthly'), (2, 'Annual');
    INSERT INTO payments VALUES (1, 1, '2024-01-05', 10.0), (2, 2, '2024-01-20', 100.0), (3, 1, '2024-02-05', 10.0);
    INSERT INTO baskets VALUES (1, '2025-05-01', 1), (2, '2025-06-01', 2);
    INSERT INTO basket_lines VALUES (1, 1, 250, 2), (2, 2, 100, 1);
"""


@pytest.mark.parametrize(("question", "gold"), [
    # the rows a table's rows point back at are an anti-join, not the table's own key to one of them
    ("departments with no employees", "SELECT dept_id FROM departments WHERE dept_id = 2"),
    # "current" inside a column's name is that column's word, not rows still running
    ("the current salary of each employee", "SELECT current_salary FROM employees"),
    # a length kept in seconds on a table of videos is the video's own length
    ("average duration of videos in minutes", "SELECT AVG(video_seconds) / 60.0 FROM videos"),
    # pence are a minor unit as cents are
    ("total revenue", "SELECT (250 * 2 + 100 * 1) / 100.0"),
    # a period word typed plainly groups by period, though a plan is called so
    ("monthly payments count in 2024",
     "SELECT strftime('%Y-%m', paid_on), COUNT(*) FROM payments WHERE paid_on LIKE '2024%' GROUP BY 1"),
    # "in which <column>" after a ranking asks for that column of the row, no grouping by it
    ("which employee closed the most deals, and in which city does he live",
     "SELECT name FROM employees WHERE emp_id = 2"),
])
def test_rules_keep_to_what_their_words_say(tmp_path_factory: pytest.TempPathFactory, question: str,
                                            gold: str) -> None:
    with schema_database(tmp_path_factory, "office", OFFICE) as db:
        draft, result = read(db, question)
        assert same_answer(result, list(db.execute(gold, max_rows=None).rows)), draft.sql


def test_a_rate_or_a_share_of_money_is_no_amount() -> None:
    from nl2sql.profile.roles import is_money

    table = Table("items", (Column("item_id", "INTEGER", INTEGER, primary_key=True),
                            Column("tax_rate", "REAL", REAL), Column("tip_pct", "REAL", REAL),
                            Column("paymentTermsDays", "INTEGER", INTEGER), Column("tax_amount", "REAL", REAL),
                            Column("price_per_night", "REAL", REAL)), ())
    # terms in days are no money; a price per night is
    assert [c.name for c in table.columns if is_money(table, c)] == ["tax_amount", "price_per_night"]


def test_a_yes_no_or_a_year_is_no_amount() -> None:
    """What a bare number or an unnamed total measures: an amount, never a flag or a year when one is there."""
    table = Table("members", (Column("member_id", "INTEGER", INTEGER, primary_key=True),
                              Column("birth_year", "INTEGER", INTEGER), Column("is_active", "INTEGER", INTEGER),
                              Column("visits", "INTEGER", INTEGER), Column("balance", "REAL", REAL)), ())
    assert table.measure_column is not None and table.measure_column.name == "balance"
    flags_only = Table("t", (Column("is_active", "INTEGER", INTEGER),), ())
    assert flags_only.measure_column is not None and flags_only.measure_column.name == "is_active"
