"""Rows that other rows of their own table point to, on an org chart and a category tree built here:
"staff with no direct reports", "who don't supervise anyone", "who mentor someone", "leads with more
than 2 reports", "categories with subcategories". The test is a key the other rows hold, never a
join of the table to itself by name."""

from __future__ import annotations

import pytest

from tests.helpers import all_rows, read, reads_whole, same_answer, schema_database

CREW = """
CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, full_name TEXT, role TEXT,
                   supervisor_id INTEGER REFERENCES crew (crew_id));
INSERT INTO crew VALUES (1, 'Ada Stone', 'captain', NULL), (2, 'Ben Moor', 'mate', 1), (3, 'Cal Reed', 'mate', 1),
    (4, 'Dee Ash', 'deckhand', 2), (5, 'Eli Fox', 'deckhand', 2), (6, 'Fay Lin', 'deckhand', 2),
    (7, 'Gus Orr', 'cook', 3), (8, 'Hal Bay', 'deckhand', 1);
"""

SHOP = """
CREATE TABLE categories (category_id INTEGER PRIMARY KEY, category_name TEXT,
                         parent_id INTEGER REFERENCES categories (category_id));
INSERT INTO categories VALUES (1, 'Garden', NULL), (2, 'Tools', 1), (3, 'Seeds', 1), (4, 'Kitchen', NULL),
    (5, 'Knives', 4), (6, 'Pans', NULL);
"""

LEADS = "SELECT * FROM crew WHERE crew_id IN (SELECT supervisor_id FROM crew WHERE supervisor_id IS NOT NULL)"
NOT_LEADS = "SELECT * FROM crew WHERE crew_id NOT IN (SELECT supervisor_id FROM crew WHERE supervisor_id IS NOT NULL)"


@pytest.fixture(scope="module")
def crew_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "crew", CREW) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("crew members with no direct reports", NOT_LEADS),
    ("which crew members don't supervise anyone?", NOT_LEADS),
    ("crew members who supervise someone", LEADS),
    ("crew members with more than 2 direct reports",
     "SELECT * FROM crew WHERE crew_id IN (SELECT supervisor_id FROM crew GROUP BY supervisor_id HAVING COUNT(*) > 2)"),
])
def test_rows_the_others_point_to(crew_db, question: str, gold: str) -> None:
    reads_whole(crew_db, question, gold)


def test_a_tree_of_categories(tmp_path_factory: pytest.TempPathFactory) -> None:
    with schema_database(tmp_path_factory, "shop", SHOP) as db:
        draft, result = read(db, "categories without subcategories")
        gold = "SELECT * FROM categories WHERE category_id NOT IN (SELECT parent_id FROM categories " \
               "WHERE parent_id IS NOT NULL)"
        assert same_answer(result, all_rows(db, gold)), draft.sql


