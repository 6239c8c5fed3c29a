"""Rows brought as they are, on a campsite built here: a stay's own total is its revenue and the
extras charged beside it another reading, asked about unless a word names the extras; "the worst
reviews" rank by the reviews' stars, not by how many there are."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from tests.helpers import answers, drafted, schema_database

CAMPSITE = """
CREATE TABLE parks (park_id INTEGER PRIMARY KEY, park_name TEXT);
CREATE TABLE pitches (pitch_id INTEGER PRIMARY KEY, park_id INTEGER REFERENCES parks (park_id), pitch_no TEXT);
CREATE TABLE campers (camper_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, camper_id INTEGER REFERENCES campers (camper_id),
                    pitch_id INTEGER REFERENCES pitches (pitch_id), arrived_on DATE NOT NULL, total_amt DECIMAL(8, 2));
CREATE TABLE stay_extras (extra_id INTEGER PRIMARY KEY, stay_id INTEGER REFERENCES stays (stay_id), item TEXT,
                          unit_price DECIMAL(6, 2), qty INTEGER);
CREATE TABLE reviews (review_id INTEGER PRIMARY KEY, stay_id INTEGER REFERENCES stays (stay_id), stars INTEGER,
                      posted_on DATE);
INSERT INTO parks VALUES (1, 'Pine Hollow'), (2, 'Dune End'), (3, 'Brook Side');
INSERT INTO pitches VALUES (1, 1, 'A1'), (2, 1, 'A2'), (3, 2, 'B1'), (4, 3, 'C1');
INSERT INTO campers VALUES (1, 'Ivy', 'Moss'), (2, 'Rex', 'Hale'), (3, 'Una', 'Kerr');
INSERT INTO stays VALUES (1, 1, 1, '2025-05-01', 120), (2, 2, 3, '2025-06-11', 300), (3, 3, 4, '2025-07-20', 90),
    (4, 1, 2, '2026-03-03', 150), (5, 2, 4, '2026-04-14', 60), (6, 3, 3, '2026-05-01', 210);
INSERT INTO stay_extras VALUES (1, 1, 'Firewood', 8, 10), (2, 3, 'Kayak', 40, 3), (3, 3, 'Firewood', 8, 5),
    (4, 5, 'Bike', 15, 6);
INSERT INTO reviews VALUES (1, 1, 4, '2025-05-05'), (2, 2, 5, '2025-06-15'), (3, 3, 2, '2025-07-25'),
    (4, 4, 3, '2026-03-08'), (5, 5, 1, '2026-04-20'), (6, 6, 5, '2026-05-06'), (7, 2, 4, '2025-06-20');
"""


@pytest.fixture(scope="module")
def campsite_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "campsite", CAMPSITE) as db:
        yield db


def test_a_stays_own_total_is_its_revenue_and_the_extras_are_asked_about(campsite_db):
    question = "revenue per camper"
    answers(campsite_db, question,
            "SELECT c.first_name, c.last_name, SUM(s.total_amt) FROM campers c "
            "JOIN stays s ON s.camper_id = c.camper_id GROUP BY c.camper_id")
    assert drafted(campsite_db, question).confidence <= CONFIRM_BELOW  # the extras are another reading


def test_a_word_naming_the_extras_chooses_their_reading(campsite_db):
    answers(campsite_db, "revenue from extras", "SELECT SUM(unit_price * qty) FROM stay_extras")


@pytest.mark.parametrize(("question", "gold", "ordered"), [
    ("Which park got the worst reviews?",
     "SELECT p.park_name, AVG(r.stars) FROM parks p JOIN pitches t ON t.park_id = p.park_id "
     "JOIN stays s ON s.pitch_id = t.pitch_id JOIN reviews r ON r.stay_id = s.stay_id "
     "GROUP BY p.park_id ORDER BY AVG(r.stars) LIMIT 1", True),
    ("parks with the best reviews in 2025",
     "SELECT p.park_name, AVG(r.stars) FROM parks p JOIN pitches t ON t.park_id = p.park_id "
     "JOIN stays s ON s.pitch_id = t.pitch_id JOIN reviews r ON r.stay_id = s.stay_id "
     "WHERE r.posted_on >= '2025-01-01' AND r.posted_on < '2026-01-01' GROUP BY p.park_id ORDER BY AVG(r.stars) DESC",
     True),
])
def test_the_best_and_worst_reviews_rank_by_their_stars(campsite_db, question, gold, ordered):
    answers(campsite_db, question, gold, ordered=ordered)
