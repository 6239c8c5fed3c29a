"""Words a rehearsal studio's database is asked in, on a schema built here: a bridge named by its two
words ("band genre") asks about the rows its name ends with; a participle before other rows' name
("bands with unpaid bookings") is an event of those rows; a column name with "per" inside it
("hours per week") is that column, no grouping; and a period the query groups by without showing
it is grouped by its expression (an alias nobody wrote is no column)."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.render import to_sql
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey, QuerySpec
from nl2sql.profile import profile_of
from tests.helpers import all_rows, answers, schema_database

STUDIO = """
CREATE TABLE bands (band_id INTEGER PRIMARY KEY, band_name TEXT);
CREATE TABLE genres (genre_id INTEGER PRIMARY KEY, genre_name TEXT);
CREATE TABLE band_genre (band_id INTEGER REFERENCES bands (band_id), genre_id INTEGER REFERENCES genres (genre_id),
                         last_update TEXT, PRIMARY KEY (band_id, genre_id));
CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, band_id INTEGER REFERENCES bands (band_id), booked_on DATE,
                       hours REAL, fee REAL, paid_on DATE);
CREATE TABLE players (player_id INTEGER PRIMARY KEY, band_id INTEGER REFERENCES bands (band_id), player_name TEXT,
                      hours_per_week REAL);
INSERT INTO bands VALUES (1, 'Owls'), (2, 'Reeds'), (3, 'Tin Can');
INSERT INTO genres VALUES (1, 'folk'), (2, 'punk'), (3, 'jazz');
INSERT INTO band_genre VALUES (1, 1, '2026-01-01'), (2, 2, '2026-01-01'), (3, 2, '2026-01-01'),
                              (3, 3, '2026-01-01');
INSERT INTO bookings VALUES (1, 1, '2026-03-02', 2, 40, '2026-03-05'), (2, 2, '2026-03-03', 3, 60, NULL),
    (3, 2, '2026-03-10', 1, 20, '2026-03-12'), (4, 3, '2026-03-11', 4, 80, '2026-03-20'),
    (5, 3, '2026-03-17', 2, 40, NULL), (6, 3, '2026-03-18', 2, 40, '2026-03-30');
INSERT INTO players VALUES (1, 1, 'Ada', 12), (2, 1, 'Bea', 6), (3, 2, 'Cal', 15), (4, 3, 'Dov', 9);
"""


@pytest.fixture(scope="module")
def studio_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


def test_a_bridge_kept_with_a_date_it_was_last_changed_is_still_a_bridge(studio_db) -> None:
    assert "band_genre" in profile_of(studio_db.schema).bridges


@pytest.mark.parametrize(("question", "gold"), [
    ("which band genre has the most bookings",
     "SELECT genre_name FROM genres JOIN band_genre USING (genre_id) JOIN bookings USING (band_id) "
     "GROUP BY genre_id ORDER BY COUNT(*) DESC LIMIT 1"),
    ("number of bands per band genre",
     "SELECT genre_name, COUNT(*) FROM genres JOIN band_genre USING (genre_id) GROUP BY genre_id"),
])
def test_a_bridge_named_by_its_words_asks_about_the_rows_its_name_ends_with(studio_db, question: str,
                                                                            gold: str) -> None:
    answers(studio_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("bands with unpaid bookings",
     "SELECT * FROM bands WHERE band_id IN (SELECT band_id FROM bookings WHERE paid_on IS NULL)"),
    ("which bands have paid bookings",
     "SELECT * FROM bands WHERE band_id IN (SELECT band_id FROM bookings WHERE paid_on IS NOT NULL)"),
])
def test_a_participle_before_other_rows_is_their_event(studio_db, question: str, gold: str) -> None:
    answers(studio_db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    ("players with more than 10 hours per week", "SELECT * FROM players WHERE hours_per_week > 10"),
    ("total hours per week per band",
     "SELECT band_name, SUM(hours_per_week) FROM players JOIN bands USING (band_id) GROUP BY band_id"),
])
def test_a_column_name_with_per_inside_is_that_column(studio_db, question: str, gold: str) -> None:
    answers(studio_db, question, gold)


def test_a_period_grouped_but_not_shown_is_grouped_by_its_expression(studio_db) -> None:
    spec = QuerySpec(entity="bookings", projections=(ColumnRef("bookings", "band_id"),),
                     aggregates=(Aggregate("sum", ColumnRef("bookings", "hours")),),
                     group_by=(GroupKey(ColumnRef("bookings", "booked_on"), "week"),
                               GroupKey(ColumnRef("bookings", "band_id"))))
    sql = to_sql(spec, studio_db.schema, "sqlite")
    assert len(all_rows(studio_db, sql)) == 5, sql  # (band, week) pairs: it runs, and groups by both
