"""Rankings and periods an analyst asks for, on a bike-hire shop built here: "which month had the
highest revenue" ranks the months by the measure, "top 2 towns by number of hires" ranks a column's
values, "sort by revenue" after revenue per bike sorts by it, and the days between two dates of a
row are read from "the average time in days between a hire being made and being returned" and from
"how many days does it take to return a hire". On a parcel depot, a participle before a
comparator names its date ("delivered after their due date"), and a factor multiplies the column
compared with ("more than double their declared value")."""

from __future__ import annotations

import pytest

from tests.helpers import answers, answers_after, schema_database

# Revenue by month: 2025-01 30, 2025-02 95, 2025-03 40. Hires by town: Ely 3, Diss 2, Holt 1.
SCHEMA = """
CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
CREATE TABLE bikes (bike_id INTEGER PRIMARY KEY, label TEXT);
CREATE TABLE hires (hire_id INTEGER PRIMARY KEY, rider_id INTEGER REFERENCES riders (rider_id),
                    bike_id INTEGER REFERENCES bikes (bike_id), created_at DATE, returned_at DATE, price REAL);
INSERT INTO riders VALUES (1, 'Ada', 'Ely'), (2, 'Bo', 'Diss'), (3, 'Cy', 'Holt'), (4, 'Di', 'Ely');
INSERT INTO bikes VALUES (1, 'Red'), (2, 'Blue');
INSERT INTO hires VALUES (1, 1, 1, '2025-01-03', '2025-01-05', 10), (2, 1, 2, '2025-01-20', '2025-01-21', 20),
    (3, 2, 1, '2025-02-02', '2025-02-09', 60), (4, 4, 2, '2025-02-10', '2025-02-11', 35),
    (5, 3, 1, '2025-03-01', '2025-03-04', 40), (6, 2, 2, '2025-03-15', NULL, 0);
"""
DOMAIN = """
[metrics.revenue]
expression = "SUM(price)"
table = "hires"
synonyms = ["takings"]
"""


@pytest.fixture(scope="module")
def hire_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "hire", SCHEMA) as db:
        (db.path.parent / f"{db.path.name}.nl2sql.toml").write_text(DOMAIN, encoding="utf-8")
        yield db


def test_a_period_ranked_by_a_measure(hire_db) -> None:
    answers_after(hire_db, ["which month had the highest takings"],
                  "SELECT strftime('%Y-%m', created_at) FROM hires GROUP BY 1 ORDER BY SUM(price) DESC LIMIT 1")


def test_the_values_of_a_column_ranked_by_a_count(hire_db) -> None:
    answers_after(hire_db, ["top 2 towns by number of hires"],
                  "SELECT riders.town, COUNT(*) FROM hires JOIN riders ON hires.rider_id = riders.rider_id "
                  "GROUP BY riders.town ORDER BY COUNT(*) DESC LIMIT 2")


def test_sort_by_the_measure_the_query_computes(hire_db) -> None:
    answers_after(hire_db, ["takings per bike", "sort by takings"],
                  "SELECT bikes.label, SUM(hires.price) FROM hires JOIN bikes ON hires.bike_id = bikes.bike_id "
                  "GROUP BY bikes.bike_id ORDER BY SUM(hires.price) DESC")


@pytest.mark.parametrize("question", [
    "what is the average time in days between a hire being made and being returned?",
    "average number of days between hire and return",
    "on average, how many days does it take to return a hire?",
])
def test_days_between_two_dates_of_a_row(hire_db, question: str) -> None:
    answers(hire_db, question, "SELECT AVG(julianday(returned_at) - julianday(created_at)) FROM hires")


PARCELS = """
CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, status TEXT, delivered_on DATE, due_on DATE,
                      declared_value REAL, insured_value REAL, length INTEGER);
INSERT INTO parcels VALUES (1, 'Delivered', '2025-01-05', '2025-01-04', 100, 150, 20),
    (2, 'Delivered', '2025-01-06', '2025-01-08', 40, 100, 60), (3, 'Returned', '2025-01-09', '2025-01-07', 10, 50, 45),
    (4, 'Pending', NULL, '2025-01-20', 70, 60, 80), (5, 'Delivered', '2025-02-01', '2025-02-01', 30, 90, 35);
"""


@pytest.fixture(scope="module")
def depot_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "depot", PARCELS) as db:
        yield db


def test_a_participle_before_a_comparator_is_its_date_not_a_status(depot_db) -> None:
    """The returned parcel came late too: "delivered after" compares the dates, whatever the status says."""
    answers(depot_db, "how many parcels were delivered after their due date?",
            "SELECT COUNT(*) FROM parcels WHERE delivered_on > due_on")


def test_a_factor_multiplies_the_column_compared_with(depot_db) -> None:
    answers(depot_db, "parcels with an insured value more than double their declared value",
            "SELECT * FROM parcels WHERE insured_value > 2 * declared_value")


@pytest.mark.parametrize(("question", "condition"), [("parcels longer than 50", "length > 50"),
                                                     ("parcels shorter than 40", "length < 40")])
def test_longer_and_shorter_compare_the_length(depot_db, question: str, condition: str) -> None:
    """Not the first amount of the row (its declared value)."""
    answers(depot_db, question, f"SELECT * FROM parcels WHERE {condition}")
