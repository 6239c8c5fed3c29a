"""A ride service's schema, invented here: a review rates both the car and the driver, and a view
keeps each driver's average. "the best average rating" of a driver is the drivers' own rating,
worked out from the reviews, not the car's, and not the view's copy the word names only in part."""

from __future__ import annotations

import pytest

from tests.helpers import read, same_answer, schema_database

RIDES = """
    CREATE TABLE drivers (driver_id INTEGER PRIMARY KEY, driver_name TEXT);
    CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, driver_id INTEGER REFERENCES drivers (driver_id), fare REAL);
    CREATE TABLE trip_reviews (review_id INTEGER PRIMARY KEY, trip_id INTEGER REFERENCES trips (trip_id),
                               car_rating INTEGER, driver_rating INTEGER);
    CREATE VIEW v_rider_ratings AS SELECT trips.driver_id, AVG(car_rating) AS avg_rating
        FROM trip_reviews JOIN trips USING (trip_id) GROUP BY trips.driver_id;
    INSERT INTO drivers VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
    INSERT INTO trips VALUES (1, 1, 10), (2, 1, 12), (3, 2, 8), (4, 3, 20);
    INSERT INTO trip_reviews VALUES (1, 1, 5, 2), (2, 2, 5, 3), (3, 3, 2, 5), (4, 4, 3, 4);
"""


@pytest.fixture(scope="module")
def rides(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "rides", RIDES) as db:
        yield db


def test_a_rating_of_the_rows_asked_about_is_theirs(rides) -> None:
    draft, result = read(rides, "which driver has the best average rating")
    assert same_answer(result, [("Bo",)]), draft.sql
