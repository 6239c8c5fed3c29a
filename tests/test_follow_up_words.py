"""Follow-ups and plurals read on a record shop built here, which no question was tuned on: a
lower-case value after "only" keeps rows to it, a bare "the most?" ranks the groups by what was
measured, an amount in dollars is compared with the rows' money, "their combined value" adds that
money up, and English plurals the "-s" rule gets wrong ("movies", "sizes", "warehouses") meet
their singulars."""

from __future__ import annotations

import pytest

from nl2sql.linking.text import singular
from tests.helpers import answers, answers_after, schema_database

SCHEMA = """
CREATE TABLE genres (genre_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE records (record_id INTEGER PRIMARY KEY, title TEXT, genre_id INTEGER REFERENCES genres (genre_id),
                      price REAL, stock INTEGER);
CREATE TABLE buyers (buyer_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE purchases (purchase_id INTEGER PRIMARY KEY, buyer_id INTEGER REFERENCES buyers (buyer_id),
                        bought_on DATE, total_amount REAL);
INSERT INTO genres VALUES (1, 'Jazz'), (2, 'Folk'), (3, 'Techno');
CREATE TABLE purchase_lines (line_id INTEGER PRIMARY KEY, purchase_id INTEGER REFERENCES purchases (purchase_id),
                             record_id INTEGER REFERENCES records (record_id), units INTEGER);
INSERT INTO records VALUES (1, 'Blue Hour', 1, 12.0, 2), (2, 'Low Tide', 2, 25.0, 9), (3, 'Night Bus', 3, 9.5, 0),
    (4, 'Reed Song', 1, 31.0, 4), (5, 'Old Mill', 2, 14.0, 12), (6, 'Pulse', 3, 19.0, 1);
INSERT INTO purchase_lines VALUES (1, 1, 1, 1), (2, 2, 2, 5), (3, 3, 5, 2), (4, 4, 4, 1), (5, 5, 6, 7);
INSERT INTO buyers VALUES (1, 'Ann', 'Hull'), (2, 'Bea', 'Derby'), (3, 'Col', 'Hull'), (4, 'Dee', 'Bath');
INSERT INTO purchases VALUES (1, 1, '2025-03-02', 40), (2, 1, '2025-03-20', 900), (3, 2, '2025-03-11', 650),
    (4, 3, '2025-04-01', 75), (5, 3, '2025-03-28', 520), (6, 1, '2025-03-30', 15), (7, 4, '2025-05-05', 30),
    (8, 2, '2025-03-14', 60);
"""


@pytest.fixture(scope="module")
def shop_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "records", SCHEMA) as db:
        yield db


@pytest.mark.parametrize("line", ["only jazz", "just the jazz", "only Jazz"])
def test_a_lower_case_value_after_only_keeps_rows_to_it(shop_db, line: str) -> None:
    """A genre's name typed in lower case names a row of a table the query does not read yet."""
    answers_after(shop_db, ["records under 20 dollars", line],
                  "SELECT records.title FROM records JOIN genres ON records.genre_id = genres.genre_id "
                  "WHERE records.price < 20 AND genres.name = 'Jazz'")


@pytest.mark.parametrize(("line", "direction"), [("which city had the most?", "DESC"),
                                                 ("and which one had the least?", "ASC")])
def test_a_bare_superlative_ranks_the_groups_by_their_count(shop_db, line: str, direction: str) -> None:
    answers_after(shop_db, ["number of purchases per city", line],
                  "SELECT buyers.city FROM purchases JOIN buyers ON purchases.buyer_id = buyers.buyer_id "
                  f"GROUP BY buyers.city ORDER BY COUNT(*) {direction} LIMIT 1")


def test_a_bare_superlative_ranks_the_groups_by_their_one_sum(shop_db) -> None:
    answers_after(shop_db, ["total amount of purchases per city", "which city had the highest?"],
                  "SELECT buyers.city FROM purchases JOIN buyers ON purchases.buyer_id = buyers.buyer_id "
                  "GROUP BY buyers.city ORDER BY SUM(purchases.total_amount) DESC LIMIT 1")


def test_an_amount_in_dollars_in_a_follow_up_compares_the_rows_money(shop_db) -> None:
    answers_after(shop_db, ["purchases in March 2025", "only those above $500"],
                  "SELECT purchase_id FROM purchases WHERE bought_on >= '2025-03-01' AND bought_on < '2025-04-01' "
                  "AND total_amount > 500")


@pytest.mark.parametrize("line", ["what's their combined value?", "what is their total value?"])
def test_their_value_adds_up_the_rows_money(shop_db, line: str) -> None:
    answers_after(shop_db, ["purchases in March 2025", "only those above $500", line],
                  "SELECT SUM(total_amount) FROM purchases WHERE bought_on >= '2025-03-01' "
                  "AND bought_on < '2025-04-01' AND total_amount > 500")


@pytest.mark.parametrize("question", ["combined value of purchases in March 2025",
                                      "what is the total value of purchases in March 2025?"])
def test_combined_value_is_a_sum_of_money(shop_db, question: str) -> None:
    answers(shop_db, question, "SELECT SUM(total_amount) FROM purchases "
                               "WHERE bought_on >= '2025-03-01' AND bought_on < '2025-04-01'")


@pytest.mark.parametrize(("plural", "one"), [
    ("movies", "movie"), ("cookies", "cookie"), ("categories", "category"), ("sizes", "size"),
    ("prizes", "prize"), ("quizzes", "quiz"), ("buzzes", "buzz"), ("warehouses", "warehouse"),
    ("causes", "cause"), ("statuses", "status"), ("analyses", "analysis"), ("diagnoses", "diagnosis"),
    ("heroes", "hero"), ("wolves", "wolf"), ("indices", "index"), ("caches", "cache"), ("coaches", "coach"),
    ("shoes", "shoe"), ("prices", "price"),
])
def test_plurals_meet_their_singulars(plural: str, one: str) -> None:
    assert singular(plural) == one
    assert singular(one) == one


@pytest.mark.parametrize("question", ["list record titles and their genre", "show each record's title and its genre",
                                      "what is the genre of each record", "list records and their genre"])
def test_a_table_the_rows_refer_to_is_shown_by_its_name(shop_db, question: str) -> None:
    """The genre a record points to, beside the record: not the genres' own rows, and never the
    records with the genre dropped."""
    answers(shop_db, question, "SELECT records.title, genres.name FROM records "
                               "JOIN genres ON records.genre_id = genres.genre_id")


@pytest.mark.parametrize(("question", "condition"), [("records with fewer than 3 units in stock", "stock < 3"),
                                                     ("which records have more than 3 copies in stock?", "stock > 3")])
def test_pieces_in_a_column_compare_that_column(shop_db, question: str, condition: str) -> None:
    """ "units" also names the lines' units sold; "in stock" says which number is meant."""
    answers(shop_db, question, f"SELECT * FROM records WHERE {condition}")
