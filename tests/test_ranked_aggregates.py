"""Rankings by a measure of each row's related rows, on a lending library built here: "the highest
average <column>" ranks each row by that average, "the highest <column> in each <group>" is that
column's maximum per group, "top N <rows> by <a child column>" totals an amount (averages a level)
per row, "the amount <verb>" names the column the verb does, and "the N <rows> who <verb> the most"
keeps N rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nl2sql.db import Database
from nl2sql.domain import load_domain
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.evaluation.matching import strict_match
from tests.conftest import TODAY
from tests.helpers import all_rows, answers, built_sqlite, opened, schema_database

LIBRARY = """
CREATE TABLE genre (genre_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT, price REAL, genre_id INTEGER REFERENCES genre(genre_id));
CREATE TABLE rating (rating_id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES book(book_id), stars INTEGER);
CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
                   book_id INTEGER REFERENCES book(book_id), charge REAL);
CREATE TABLE fine (fine_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id), amount REAL);
INSERT INTO genre VALUES (1, 'Poetry'), (2, 'Travel');
INSERT INTO book VALUES (1, 'Odes', 12.5, 1), (2, 'Sonnets', 30.0, 1), (3, 'Maps', 22.0, 2), (4, 'Roads', 9.0, 2);
INSERT INTO rating VALUES (1, 1, 5), (2, 1, 4), (3, 2, 2), (4, 3, 5), (5, 3, 5), (6, 4, 1), (7, 2, 3);
INSERT INTO member VALUES (1, 'Ines'), (2, 'Olek'), (3, 'Pia'), (4, 'Ravi');
INSERT INTO loan VALUES (1, 1, 1, 2.0), (2, 1, 2, 2.0), (3, 2, 3, 9.0), (4, 3, 4, 1.0), (5, 3, 1, 1.5),
                        (6, 4, 2, 0.5), (7, 2, 1, 0.5);
INSERT INTO fine VALUES (1, 1, 40.0), (2, 3, 1.0), (3, 4, 25.0);
"""


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "library", LIBRARY) as db:
        yield db


def test_the_highest_average_of_related_rows_ranks_each_row(library: Database) -> None:
    answers(library, "which book has the highest average stars",
            "SELECT book.title, AVG(rating.stars) FROM book JOIN rating ON rating.book_id = book.book_id "
            "GROUP BY book.book_id ORDER BY AVG(rating.stars) DESC LIMIT 1")


def test_the_highest_column_in_each_group_is_its_maximum_per_group(library: Database) -> None:
    answers(library, "highest price of a book in each genre",
            "SELECT genre.name, MAX(book.price) FROM book JOIN genre ON book.genre_id = genre.genre_id "
            "GROUP BY genre.name")


def test_top_rows_by_an_amount_of_their_children_total_it_per_row(library: Database) -> None:
    answers(library, "top 2 members by charge",
            "SELECT member.name, SUM(loan.charge) AS c FROM member JOIN loan ON loan.member_id = member.member_id "
            "GROUP BY member.member_id ORDER BY c DESC LIMIT 2", ordered=True)


def test_the_amount_a_verb_names_is_that_column_not_a_column_called_amount(library: Database) -> None:
    answers(library, "top 2 members by amount charged",
            "SELECT member.name, SUM(loan.charge) AS c FROM member JOIN loan ON loan.member_id = member.member_id "
            "GROUP BY member.member_id ORDER BY c DESC LIMIT 2", ordered=True)


def test_n_rows_who_did_the_most_keeps_n_rows(library: Database) -> None:
    answers(library, "the 2 members who were charged the most",
            "SELECT member.name, SUM(loan.charge) AS c FROM member JOIN loan ON loan.member_id = member.member_id "
            "GROUP BY member.member_id ORDER BY c DESC LIMIT 2", ordered=True)


def test_a_metric_by_a_table_groups_on_that_table(ecommerce_db: Database) -> None:
    """"<metric> by <rows>" groups as "<metric> per <rows>" does: with a metric "by" is no agent of
    a verb (on the bundled shop, whose config defines revenue; it once came back as one number)."""
    config = Path(__file__).resolve().parents[1] / "fixtures" / "ecommerce" / "domain.toml"
    engine = BuiltinEngine(today=TODAY, domain=load_domain(config, ecommerce_db.schema))
    per = engine.draft("revenue per category", ecommerce_db)
    by = engine.draft("revenue by category", ecommerce_db)
    rows = all_rows(ecommerce_db, by.sql)
    assert len(rows) == len(all_rows(ecommerce_db, "SELECT id FROM categories")) > 1, by.sql
    assert strict_match(all_rows(ecommerce_db, per.sql), rows, ordered=False), (per.sql, by.sql)


ZOO = """
CREATE TABLE enclosure (enclosure_id INTEGER PRIMARY KEY, enclosure_name TEXT);
CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, animal_name TEXT, weight_kg REAL, habitat TEXT,
                     enclosure_id INTEGER REFERENCES enclosure (enclosure_id));
INSERT INTO enclosure VALUES (1, 'North Yard'), (2, 'Reptile House');
INSERT INTO animal VALUES (1, 'Bruno', 410, 'desert', 1), (2, 'Tilly', 95, 'forest', 1), (3, 'Gus', 410, 'desert', 1),
    (4, 'Sly', 12, 'desert', 2), (5, 'Moss', 30, 'swamp', 2);
"""


@pytest.mark.parametrize(("question", "gold"), [
    ("the heaviest animal in each enclosure",
     "SELECT enclosure_name, animal_name, weight_kg FROM animal a JOIN enclosure USING (enclosure_id) "
     "WHERE weight_kg = (SELECT MAX(weight_kg) FROM animal b WHERE b.enclosure_id = a.enclosure_id)"),
    ("the heaviest forest animal in each enclosure",  # the condition holds for the peers too
     "SELECT enclosure_name, animal_name, weight_kg FROM animal a JOIN enclosure USING (enclosure_id) "
     "WHERE habitat = 'forest' AND weight_kg = (SELECT MAX(weight_kg) FROM animal b "
     "WHERE b.enclosure_id = a.enclosure_id AND b.habitat = 'forest')"),
    ("the lightest animal for each habitat",
     "SELECT habitat, animal_name, weight_kg FROM animal a "
     "WHERE weight_kg = (SELECT MIN(weight_kg) FROM animal b WHERE b.habitat = a.habitat)"),
])
def test_the_extreme_row_of_each_group(tmp_path: Path, question: str, gold: str) -> None:
    """Each group's own heaviest (ties kept: two animals of 410 kg share the North Yard's top),
    for groups that are another table's rows or the rows' own column; not one count per group."""
    with opened(built_sqlite(tmp_path, "zoo", ZOO)) as db:
        answers(db, question, gold)


STUDIO = """
CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT, tier TEXT, joined_on DATE, retainer REAL);
CREATE TABLE invoice (invoice_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(client_id),
                      issued_on DATE, amount REAL);
INSERT INTO client VALUES (1, 'Aster', 'gold', '2024-03-01', 90), (2, 'Birch', 'gold', '2025-02-01', 120),
                          (3, 'Cedar', 'basic', '2025-06-01', 40);
INSERT INTO invoice VALUES (1, 1, '2025-01-10', 500), (2, 1, '2025-05-10', 300), (3, 2, '2024-11-02', 2000),
                           (4, 2, '2025-03-03', 100), (5, 3, '2025-07-07', 50);
"""


@pytest.mark.parametrize(("question", "gold"), [
    # the year is on the invoices the total adds up, not on when the client joined
    ("which client had the highest total invoice amount in 2025?",
     "SELECT c.name, SUM(i.amount) FROM client c JOIN invoice i USING (client_id) WHERE i.issued_on LIKE '2025%' "
     "GROUP BY c.client_id ORDER BY SUM(i.amount) DESC LIMIT 1"),
    # a value before the rows keeps them; the extreme is still one value of the column
    ("the highest retainer of gold clients", "SELECT MAX(retainer) FROM client WHERE tier = 'gold'"),
])
def test_a_ranked_total_and_an_extreme_over_kept_rows(tmp_path: Path, question: str, gold: str) -> None:
    with opened(built_sqlite(tmp_path, "studio", STUDIO)) as db:
        answers(db, question, gold)
