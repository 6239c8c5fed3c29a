"""A tutoring agency's schema, invented here, read as it is brought: how long a session lasted when
only its start and end are kept, hours billed at a rate as the money taken, "overdue" as due before
today and not yet paid, a country code for a stored country name, and "reports to" on the one key
of its kind when another table's self-reference is a referral. Every answer is run and compared
with what a hand-written query returns."""

from __future__ import annotations

import pytest

from nl2sql.db.schema import Schema
from nl2sql.profile.spans import DAY, MINUTE, spans, with_spans
from tests.helpers import answers_after, read, same_answer, schema_database

AGENCY = """
    CREATE TABLE tutors (tutor_id INTEGER PRIMARY KEY, full_name TEXT,
                         manager_id INTEGER REFERENCES tutors (tutor_id), hrly_rate REAL, is_volunteer INTEGER,
                         role TEXT);
    CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name TEXT, birth_date DATE, enrolled_on DATE);
    CREATE TABLE rooms (room_id INTEGER PRIMARY KEY, room_name TEXT, hire_rate_pence INTEGER);
    CREATE TABLE families (family_id INTEGER PRIMARY KEY, family_name TEXT, country TEXT,
                           referred_by INTEGER REFERENCES families (family_id));
    CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, tutor_id INTEGER REFERENCES tutors (tutor_id),
                           family_id INTEGER REFERENCES families (family_id),
                           starts_at TIMESTAMP, ends_at TIMESTAMP, cancelled_at TIMESTAMP);
    CREATE TABLE terms (term_id INTEGER PRIMARY KEY, term_name TEXT, start_date DATE, end_date DATE);
    CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, family_id INTEGER REFERENCES families (family_id),
                        issued_on DATE, due_on DATE, paid_on DATE);
    CREATE TABLE bill_lines (line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills (bill_id),
                             tutor_id INTEGER REFERENCES tutors (tutor_id), hrs REAL, rate REAL);
    INSERT INTO tutors VALUES (1, 'Rosa Vale', NULL, 60, 0, 'Director'), (2, 'Ike Dunn', 1, 40, 0, 'Mentor'),
                              (3, 'Mae Holt', 1, 55, 1, 'Mentor'), (4, 'Tom Reyes', 2, 35, 1, 'Trainee');
    INSERT INTO rooms VALUES (1, 'Attic', 1250), (2, 'Library', 2000), (3, 'Annex', 1500);
    INSERT INTO pupils VALUES (1, 'Ada', '2016-02-01', '2025-09-01'), (2, 'Bea', '2026-01-01', '2026-02-01'),
                              (3, 'Cy', '2015-05-05', '2026-03-15');
    INSERT INTO families VALUES (1, 'Okafor', 'United Kingdom', NULL), (2, 'Lindqvist', 'Sweden', 1),
                                (3, 'Moreau', 'United Kingdom', 1), (4, 'Baker', 'USA', 2);
    INSERT INTO sessions VALUES (1, 2, 1, '2026-03-02 15:00:00', '2026-03-02 16:30:00', NULL),
                                (2, 2, 2, '2026-03-03 09:00:00', '2026-03-03 09:45:00', '2026-03-01 10:00:00'),
                                (3, 3, 3, '2026-03-04 10:00:00', '2026-03-04 12:00:00', NULL),
                                (4, 4, 4, '2026-03-05 17:00:00', '2026-03-05 17:30:00', NULL),
                                (5, 3, 1, '2026-04-01 08:00:00', '2026-04-01 09:00:00', NULL),
                                (6, 2, 3, '2026-04-02 08:00:00', '2026-04-02 09:00:00', '2026-04-01 18:00:00');
    INSERT INTO terms VALUES (1, 'Spring', '2026-01-05', '2026-03-27'), (2, 'Summer', '2026-04-13', '2026-07-10');
    INSERT INTO bills VALUES (1, 1, '2025-11-01', '2025-11-30', '2025-11-20'), (2, 2, '2026-01-10', '2026-02-10', NULL),
                             (3, 3, '2026-05-01', '2026-07-01', NULL), (4, 4, '2026-02-01', '2026-03-01', '2026-03-20'),
                             (5, 1, '2026-03-01', '2026-04-01', NULL);
    INSERT INTO bill_lines VALUES (1, 1, 2, 3.0, 40.0), (2, 2, 2, 1.5, 40.0), (3, 3, 3, 4.0, 55.0),
                                  (4, 4, 4, 2.0, 35.0), (5, 5, 3, 1.0, 55.0), (6, 5, 2, 2.0, 40.0);
"""


@pytest.fixture(scope="module")
def agency(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "agency", AGENCY) as db:
        yield db


def test_a_start_and_an_end_of_a_row_are_its_duration(agency) -> None:
    """Timestamps give minutes and dates give days; the pair is named by a start word and its end word."""
    schema: Schema = agency.schema
    found = {s.table: (s.start, s.end, s.unit) for s in spans(schema)}
    assert found == {"sessions": ("starts_at", "ends_at", MINUTE), "terms": ("start_date", "end_date", DAY)}
    extended = with_spans(schema)
    assert extended.table("sessions").column("duration_minutes") is not None
    assert with_spans(extended) is extended  # added once


@pytest.mark.parametrize(("question", "gold"), [
    # a duration no column keeps: the minutes from a row's start to its end, in the unit asked
    ("average session length in minutes",
     "SELECT AVG((julianday(ends_at) - julianday(starts_at)) * 1440) FROM sessions"),
    ("sessions longer than 80 minutes",
     "SELECT session_id FROM sessions WHERE (julianday(ends_at) - julianday(starts_at)) * 1440 > 80"),
    ("total hours of sessions per tutor",
     "SELECT full_name, SUM((julianday(ends_at) - julianday(starts_at)) * 24) FROM sessions JOIN tutors "
     "USING (tutor_id) GROUP BY tutor_id"),
    ("which term is the longest", "SELECT term_name FROM terms WHERE term_id = 2"),
    # hours at a rate are a bill line's money: what was billed
    ("total billed in 2026",
     "SELECT SUM(hrs * rate) FROM bill_lines JOIN bills USING (bill_id) WHERE issued_on LIKE '2026%'"),
    ("total billed per family",
     "SELECT family_name, SUM(hrs * rate) FROM bill_lines JOIN bills USING (bill_id) JOIN families "
     "USING (family_id) GROUP BY family_id"),
    # due before today and not paid yet
    ("which bills are overdue", "SELECT bill_id FROM bills WHERE due_on < '2026-06-15' AND paid_on IS NULL"),
    # a code in capitals for the country it abbreviates, by initials or a letter short
    ("families in the UK", "SELECT family_id FROM families WHERE country = 'United Kingdom'"),
    ("how many US families are there", "SELECT COUNT(*) FROM families WHERE country = 'USA'"),
    # a referral is no line of command: "reports to" is the tutors' manager key
    ("who reports to Ike Dunn", "SELECT full_name FROM tutors WHERE manager_id = 2"),
    # the rows by how many of their own table point to each through its key, named as the row pointed to
    ("which family referred the most families",
     "SELECT r.family_name, COUNT(*) FROM families f JOIN families r ON r.family_id = f.referred_by "
     "GROUP BY f.referred_by ORDER BY COUNT(*) DESC LIMIT 1"),
    ("which tutor manages the most people",
     "SELECT m.full_name, COUNT(*) FROM tutors t JOIN tutors m ON m.tutor_id = t.manager_id "
     "GROUP BY t.manager_id ORDER BY COUNT(*) DESC LIMIT 1"),
    # "a"/"an" before a unit is one of it
    ("sessions longer than an hour",
     "SELECT session_id FROM sessions WHERE (julianday(ends_at) - julianday(starts_at)) * 1440 > 60"),
    # an abbreviated name piece spelled out ("hrly"), a flag's noun for the rows it marks
    ("average hourly rate of tutors", "SELECT AVG(hrly_rate) FROM tutors"),
    ("list the volunteers", "SELECT tutor_id FROM tutors WHERE is_volunteer = 1"),
    # rows of a year are those that began in it, not those born in it; "new" says as much
    ("how many new pupils enrolled in 2026", "SELECT COUNT(*) FROM pupils WHERE enrolled_on LIKE '2026%'"),
    ("pupils in 2026", "SELECT pupil_id FROM pupils WHERE enrolled_on LIKE '2026%'"),
    # an age from a birth date: the years since, on the day the session counts from, as an analyst
    # writes it (more than 10 years old: born more than 10 years before that day)
    ("pupils older than 10", "SELECT pupil_name FROM pupils WHERE birth_date < '2016-06-15'"),
    ("pupils who are 10 or older", "SELECT pupil_name FROM pupils WHERE birth_date <= '2016-06-15'"),
    ("how many pupils are over 10 years old", "SELECT COUNT(*) FROM pupils WHERE birth_date < '2016-06-15'"),
    ("how many pupils are younger than 11", "SELECT COUNT(*) FROM pupils WHERE birth_date > '2015-06-15'"),
    # a stored value said in the plural as the subject: the rows that hold it
    ("how many mentors are there", "SELECT COUNT(*) FROM tutors WHERE role = 'Mentor'"),
    ("list the mentors with an hourly rate above 50",
     "SELECT tutor_id FROM tutors WHERE role = 'Mentor' AND hrly_rate > 50"),
    # a rate kept in pence is money, given in pounds when asked
    ("average room hire rate in pounds", "SELECT AVG(hire_rate_pence) / 100.0 FROM rooms"),
    # an event's rate: the share of the rows it happened to, per group
    ("cancellation rate per tutor",
     "SELECT full_name, 100.0 * SUM(cancelled_at IS NOT NULL) / COUNT(*) FROM sessions JOIN tutors USING (tutor_id) "
     "GROUP BY tutor_id"),
])
def test_a_brought_database_is_read_as_people_word_it(agency, question: str, gold: str) -> None:
    draft, result = read(agency, question)
    assert same_answer(result, list(agency.execute(gold, max_rows=None).rows)), draft.sql


@pytest.mark.parametrize(("turns", "gold"), [
    # "the busiest" of rows counted per group: the group with the most, or all of them sorted so
    (["sessions per tutor", "which of those is the busiest?"],
     "SELECT full_name, COUNT(*) AS n FROM sessions JOIN tutors USING (tutor_id) GROUP BY tutor_id "
     "ORDER BY n DESC LIMIT 1"),
    (["sessions per tutor", "sort busiest first"],
     "SELECT full_name, COUNT(*) AS n FROM sessions JOIN tutors USING (tutor_id) GROUP BY tutor_id ORDER BY n DESC"),
])
def test_a_follow_up_ranks_counted_groups(agency, turns: list[str], gold: str) -> None:
    answers_after(agency, turns, gold)


def test_the_longest_rows_are_sorted_by_their_duration(agency) -> None:
    draft, result = read(agency, "the 2 longest sessions")
    assert [row[0] for row in result.rows] == [3, 1], draft.sql


def test_a_code_in_lower_case_is_a_word(agency) -> None:
    """ "us" typed in lower case is the pronoun: it names no country."""
    draft, _ = read(agency, "how many families referred us")
    assert "USA" not in draft.sql, draft.sql


def test_new_before_rows_kept_by_when_they_began_is_read(agency) -> None:
    """ "new" adds nothing the period does not say: it is read, and the reading is not partial."""
    draft, _ = read(agency, "how many new pupils enrolled in 2026")
    assert "new" not in draft.unused, draft.sql
    draft, _ = read(agency, "list the new pupils")
    assert "new" in draft.unused, draft.sql  # no period: "new" is left for the user to see


# Where those readings must not fire: a shop whose timesheets pay staff by the hour, a rate kept by
# the carriers, codes that are nobody's country, bills with two later dates, foals (whose rows are
# births), a manager key named as a verb, and a surname in the plural-looking "-s".
SHOP = """
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, staff_name TEXT,
                        managed_by INTEGER REFERENCES staff (staff_id));
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, first_name TEXT, surname TEXT, country_code TEXT);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                         placed_on DATE, total REAL);
    CREATE TABLE timesheets (sheet_id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff (staff_id),
                             work_date DATE, hours REAL, pay_rate REAL);
    CREATE TABLE carriers (carrier_id INTEGER PRIMARY KEY, carrier_name TEXT, rate REAL);
    CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, carrier_id INTEGER REFERENCES carriers (carrier_id),
                          shipped_on DATE);
    CREATE TABLE supplier_bills (sbill_id INTEGER PRIMARY KEY, amount REAL, received_on DATE, due_on DATE,
                                 paid_on DATE);
    CREATE TABLE chores (chore_id INTEGER PRIMARY KEY, title TEXT, due_date DATE, is_done INTEGER);
    CREATE TABLE foals (foal_id INTEGER PRIMARY KEY, foal_name TEXT, birth_date DATE, weaned_on DATE);
    CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, rider_name TEXT, birth_year INTEGER);
    INSERT INTO riders VALUES (1, 'Zed', 1990), (2, 'Yan', 2001), (3, 'Xia', 1975);
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, booked_at TIMESTAMP NOT NULL, start_at TIMESTAMP,
                         end_at TIMESTAMP);
    INSERT INTO visits VALUES (1, '2026-02-20 10:00:00', '2026-03-02 09:00:00', '2026-03-02 09:30:00'),
                              (2, '2026-03-01 11:00:00', '2026-03-05 14:00:00', '2026-03-05 15:00:00'),
                              (3, '2026-03-20 08:00:00', '2026-04-01 10:00:00', '2026-04-01 10:20:00'),
                              (4, '2026-03-25 08:00:00', '2026-04-02 10:00:00', '2026-04-02 10:20:00');
    INSERT INTO staff VALUES (1, 'Gwen', NULL), (2, 'Hal', 1), (3, 'Ivy', 1);
    INSERT INTO clients VALUES (1, 'Ann', 'Jones', 'GBR'), (2, 'Bo', 'Hastings', 'UKR'), (3, 'Cy', 'Lee', 'USA');
    INSERT INTO orders VALUES (1, 1, '2026-01-02', 100), (2, 2, '2026-02-03', 200), (3, 1, '2026-03-04', 50);
    INSERT INTO timesheets VALUES (1, 2, '2026-01-05', 8, 20), (2, 3, '2026-01-06', 6, 25);
    INSERT INTO carriers VALUES (1, 'Swift', 4.5), (2, 'Slow', 2.0);
    INSERT INTO parcels VALUES (1, 1, '2026-01-01'), (2, 2, NULL), (3, 2, '2026-02-02');
    INSERT INTO supplier_bills VALUES (1, 100, '2026-01-01', '2026-02-01', NULL),
                                      (2, 50, NULL, '2026-03-01', '2026-02-20'), (3, 70, NULL, '2026-04-01', NULL);
    INSERT INTO chores VALUES (1, 'paint', '2026-01-01', 1), (2, 'sweep', '2026-02-01', 0),
                              (3, 'mend', '2026-12-01', 0);
    INSERT INTO foals VALUES (1, 'Dot', '2025-04-01', '2025-10-01'), (2, 'Kit', '2025-05-01', '2026-01-01'),
                             (3, 'Sol', '2024-06-01', '2024-12-01');
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "wider_shop", SHOP) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # wages on a timesheet are no money taken: the orders' totals are
    ("total revenue", "SELECT SUM(total) FROM orders"),
    # "overdue" is unpaid, whatever else is empty; a chore done is not overdue
    ("total amount of overdue supplier bills", "SELECT SUM(amount) FROM supplier_bills WHERE sbill_id IN (1, 3)"),
    ("how many chores are overdue", "SELECT COUNT(*) FROM chores WHERE chore_id = 2"),
    # foals are counted by their birth, the only time they began
    ("how many foals in 2025", "SELECT COUNT(*) FROM foals WHERE birth_date LIKE '2025%'"),
    # a visit is in March when it starts then, whenever it was booked
    ("how many visits in March 2026", "SELECT 2"),
    # a manager key named as a verb still answers "report to"; a verb the upper row does ("manage")
    # asks for the rows below the named one
    ("who reports to Gwen", "SELECT staff_name FROM staff WHERE managed_by = 1"),
    ("who does Gwen manage", "SELECT staff_name FROM staff WHERE managed_by = 1"),
    ("who does Hal report to", "SELECT staff_name FROM staff WHERE staff_id = 1"),
    # an age from a birth year: whole years
    ("average age of riders", "SELECT AVG(2026 - birth_year) FROM riders"),
    # a bare number said of rows whose age is computed is their age
    ("riders who are over 40", "SELECT rider_name FROM riders WHERE 2026 - birth_year > 40"),
    # "<verb> more than N times": the rows the verb's act leaves, counted per row
    ("clients who ordered more than 1 time", "SELECT first_name FROM clients WHERE client_id = 1"),
    ("clients who ordered more than once", "SELECT first_name FROM clients WHERE client_id = 1"),
    # a rate the carriers keep is that column, not a share of shipped parcels
    ("which carrier has the lowest shipping rate", "SELECT carrier_name FROM carriers WHERE carrier_id = 2"),
])
def test_the_readings_keep_to_their_own_cases(shop, question: str, gold: str) -> None:
    draft, result = read(shop, question)
    assert same_answer(result, list(shop.execute(gold, max_rows=None).rows)), draft.sql


@pytest.mark.parametrize("question", [
    "how many clients are in the UK",  # UKR is Ukraine's code, not the UK's
    "Jones orders",  # a surname, not rows named in the plural
])
def test_a_code_or_a_name_is_not_taken_for_another(shop, question: str) -> None:
    draft, _ = read(shop, question)
    assert "UKR" not in draft.sql and "FROM clients WHERE surname" not in draft.sql, draft.sql


def test_a_key_asked_for_on_grouped_rows_is_shown(shop) -> None:
    """ "their ids too" on rows grouped by their key and named by their label: the key is shown."""
    answers_after(shop, ["clients who ordered more than once", "show their client ids too"],
                   "SELECT first_name, client_id FROM clients WHERE client_id = 1")
