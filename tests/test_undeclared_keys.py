"""Keys a database keeps but never declares, told by their names: a column spelled as another
table's own key (``house_ref``), and a key named for a role (``sweeper_id``) that one table of
people holds as a stored value. And the rows a sum or a ranking measures date the line. The schema
is invented here: a chimney sweep's books."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.implied import with_implied_keys
from tests.helpers import all_rows, built_sqlite, opened, read, same_answer, schema_database

SWEEP = """
    CREATE TABLE staff (StaffNo INTEGER PRIMARY KEY, staff_nm TEXT, job_role TEXT, start_date TEXT);
    CREATE TABLE houses (house_ref TEXT PRIMARY KEY, street TEXT, town TEXT);
    CREATE TABLE vans (van_reg TEXT PRIMARY KEY, make_model TEXT, bought_on TEXT);
    CREATE TABLE sweeps (sweep_id INTEGER PRIMARY KEY, house_ref TEXT, sweeper_id INTEGER, van_reg TEXT,
                         sweep_dt TEXT, price_gbp REAL, tip_gbp REAL, status TEXT);
    CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, van_reg TEXT, trip_dt TEXT, miles_driven REAL);
    CREATE TABLE fuel (fill_id INTEGER PRIMARY KEY, van_reg TEXT, fill_dt TEXT, cost_gbp REAL);
    INSERT INTO staff VALUES (1, 'Bert Ashby', 'Sweeper', '2026-01-10'), (2, 'Dora Flue', 'Sweeper', '2019-04-01'),
        (3, 'Pat Hearth', 'Office Manager', '2018-02-02');
    INSERT INTO houses VALUES ('H1', '1 Mill Lane', 'Kendal'), ('H2', '4 Rose Row', 'Kendal'),
        ('H3', '9 Vale Road', 'Penrith');
    INSERT INTO vans VALUES ('KX70 AAA', 'Ford Transit', '2020-05-05'), ('KX25 BBB', 'Vauxhall Vivaro', '2025-03-01');
    INSERT INTO sweeps VALUES
        (1, 'H1', 1, 'KX70 AAA', '2026-03-02', 80, 5, 'Done'),
        (2, 'H2', 2, 'KX25 BBB', '2026-03-09', 95, 10, 'Done'),
        (3, 'H3', 2, 'KX25 BBB', '2026-03-20', 70, 0, 'Done'),
        (4, 'H1', 1, 'KX70 AAA', '2025-11-11', 75, 20, 'Done'),
        (5, 'H2', 2, 'KX70 AAA', '2026-04-01', 90, 2, 'Done');
    INSERT INTO trips VALUES (1, 'KX70 AAA', '2025-02-01', 40), (2, 'KX70 AAA', '2025-06-01', 35),
        (3, 'KX25 BBB', '2025-07-01', 120), (4, 'KX70 AAA', '2025-09-01', 300), (5, 'KX25 BBB', '2024-12-30', 500);
    INSERT INTO fuel VALUES (1, 'KX70 AAA', '2026-01-05', 60), (2, 'KX25 BBB', '2026-02-05', 75),
        (3, 'KX70 AAA', '2026-03-05', 64), (4, 'KX25 BBB', '2025-12-05', 70);
"""  # today is 2026-06-15


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "sweep", SWEEP) as db:
        yield db


def test_keys_named_as_another_tables_key_or_by_a_role_it_holds(sweep: Database) -> None:
    schema = with_implied_keys(sweep.schema)
    sweeps = schema.table("sweeps")
    assert sweeps is not None
    keys = {(fk.column, fk.ref_table, fk.ref_column) for fk in sweeps.foreign_keys}
    assert keys == {("house_ref", "houses", "house_ref"), ("sweeper_id", "staff", "StaffNo"),
                    ("van_reg", "vans", "van_reg")}


def test_no_key_from_a_bare_key_name_or_a_role_two_tables_hold(tmp_path) -> None:
    """``code`` keys two tables' rows and says nothing of which; a 'Driver' kept by two tables of
    people is no one's in particular."""
    script = """
    CREATE TABLE colours (code TEXT PRIMARY KEY, label TEXT);
    CREATE TABLE sizes (size_cd TEXT PRIMARY KEY, label TEXT);
    CREATE TABLE staff (sid INTEGER PRIMARY KEY, nm TEXT, job TEXT);
    CREATE TABLE agency_staff (aid INTEGER PRIMARY KEY, nm TEXT, job TEXT);
    CREATE TABLE runs (run_id INTEGER PRIMARY KEY, code TEXT, driver_id INTEGER);
    INSERT INTO staff VALUES (1, 'Al', 'Driver'); INSERT INTO agency_staff VALUES (1, 'Bo', 'Driver');
    """
    with opened(built_sqlite(tmp_path, "depot", script)) as db:
        assert with_implied_keys(db.schema) is db.schema


def test_a_role_groups_by_the_people_who_hold_it(sweep: Database) -> None:
    draft, result = read(sweep, "completed sweeps per sweeper in March")
    gold = """SELECT staff_nm, COUNT(*) FROM sweeps JOIN staff ON staff.StaffNo = sweeps.sweeper_id
              WHERE sweep_dt >= '2026-03-01' AND sweep_dt < '2026-04-01' GROUP BY staff_nm"""
    assert same_answer(result, all_rows(sweep, gold)), draft.sql


def test_a_sum_of_other_rows_is_dated_by_them(sweep: Database) -> None:
    """Bert started this year; his tips this year are those of his sweeps dated this year."""
    draft, result = read(sweep, "how much has Bert made in tips this year")
    gold = """SELECT SUM(tip_gbp) FROM sweeps JOIN staff ON staff.StaffNo = sweeps.sweeper_id
              WHERE staff_nm = 'Bert Ashby' AND sweep_dt >= '2026-01-01'"""
    assert same_answer(result, all_rows(sweep, gold)), draft.sql


def test_the_most_of_a_measure_is_dated_by_the_rows_that_keep_it(sweep: Database) -> None:
    """Not the van bought last year: the trips' dates say which van did the most miles then."""
    draft, result = read(sweep, "which van did the most miles last year")
    gold = """SELECT van_reg FROM trips WHERE trip_dt >= '2025-01-01' AND trip_dt < '2026-01-01'
              GROUP BY van_reg ORDER BY SUM(miles_driven) DESC LIMIT 1"""
    assert same_answer(result, all_rows(sweep, gold)), draft.sql


def test_spend_of_rows_the_sales_do_not_refer_to_is_their_own_cost(sweep: Database) -> None:
    """Sweeps and fuel both name a van; fuel is no party to a sweep: "fuel spend" is what it cost."""
    draft, result = read(sweep, "fuel spend per van this year")
    gold = "SELECT van_reg, SUM(cost_gbp) FROM fuel WHERE fill_dt >= '2026-01-01' GROUP BY van_reg"
    assert same_answer(result, all_rows(sweep, gold)), draft.sql


def test_no_key_from_a_role_held_by_things_two_roles_or_a_measure(tmp_path) -> None:
    """'Ear Cleaner' is a product, not a cleaner; a groomer and a bather of one appointment are two
    roles into the same staff; a review's ``score`` is a measure, whatever table keys rows by one; a
    show's ``name`` is no gallery's; a 'Head' of department is no role a ``head_id`` names."""
    script = """
    CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_nm TEXT);
    CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, staff_nm TEXT, job TEXT);
    CREATE TABLE bands (score INTEGER PRIMARY KEY, description TEXT);
    CREATE TABLE kennels (kennel_id INTEGER PRIMARY KEY, cleaner_id INTEGER);
    CREATE TABLE appointments (appt_id INTEGER PRIMARY KEY, groomer_id INTEGER, bather_id INTEGER);
    CREATE TABLE reviews (review_id INTEGER PRIMARY KEY, score INTEGER, body TEXT);
    CREATE TABLE galleries (name TEXT PRIMARY KEY, floor INTEGER);
    CREATE TABLE shows (show_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE teachers (teacher_id INTEGER PRIMARY KEY, teacher_nm TEXT, department TEXT);
    CREATE TABLE detentions (detention_id INTEGER PRIMARY KEY, head_id INTEGER);
    INSERT INTO teachers VALUES (1, 'Ann Lee', 'Head'), (2, 'Bo Ray', 'Maths');
    INSERT INTO products VALUES (1, 'Ear Cleaner'), (2, 'Teeth Cleaner');
    INSERT INTO staff VALUES (1, 'Al', 'Groomer'), (2, 'Bo', 'Bather'), (3, 'Cy', 'Vet');
    INSERT INTO bands VALUES (4, 'Good'), (5, 'Very good');
    """
    with opened(built_sqlite(tmp_path, "salon", script)) as db:
        assert with_implied_keys(db.schema) is db.schema
