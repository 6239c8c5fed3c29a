"""Listings of whole rows now run without asking when every word is read, so every word must be read
right. On schemas built here: a kind of rows stays the subject before a word that only may name a
table ("parrots owned by ..."); "un-" before a regular participle is the event not yet happened
("untreated checkups"); "the last N" are the newest; "in <a table of counts>" keeps rows it holds
some of; and words that say again what the query already reads are read: a row the absent rows
always point to through another ("never bought a part": a purchase is of a lot, a lot of a part), a
verb whose noun names a column compared ("cost more than 20 to replace"), "signed up" before the
period kept on the rows' creation date, and "people" for a table of people."""

from __future__ import annotations

import pytest

from tests.helpers import all_rows, answers, read, same_answer, schema_database

CLINIC = """
CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
CREATE TABLE animals (animal_id INTEGER PRIMARY KEY, name TEXT, species TEXT, owner_id INTEGER REFERENCES owners);
CREATE TABLE checkups (checkup_id INTEGER PRIMARY KEY, animal_id INTEGER REFERENCES animals (animal_id),
                       noted_on DATE, treated_on DATE);
INSERT INTO owners VALUES (1, 'Ann', 'Lee'), (2, 'Raj', 'Puri');
INSERT INTO animals VALUES (1, 'Kiwi', 'parrot', 1), (2, 'Mango', 'parrot', 2), (3, 'Rex', 'dog', 1),
                           (4, 'Polly', 'parrot', 1);
INSERT INTO checkups VALUES (1, 1, '2026-01-05', '2026-01-06'), (2, 3, '2026-02-01', NULL),
    (3, 2, '2026-03-09', '2026-03-10'), (4, 4, '2026-04-12', NULL), (5, 1, '2026-05-20', '2026-05-21');
"""

DEPOT = """
CREATE TABLE shops (shop_id INTEGER PRIMARY KEY, shop_name TEXT);
CREATE TABLE parts (part_id INTEGER PRIMARY KEY, part_name TEXT, replacement_cost REAL);
CREATE TABLE stock (shop_id INTEGER REFERENCES shops (shop_id), part_id INTEGER REFERENCES parts (part_id),
                    qty INTEGER, PRIMARY KEY (shop_id, part_id));
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, create_date DATE,
                        last_update DATE);
CREATE TABLE lots (lot_id INTEGER PRIMARY KEY, part_id INTEGER REFERENCES parts (part_id));
CREATE TABLE clerks (clerk_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, hired_on DATE);
CREATE TABLE purchases (purchase_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id),
                        lot_id INTEGER REFERENCES lots (lot_id), bought_on DATE);
INSERT INTO shops VALUES (1, 'Dock Street'), (2, 'Mill Lane');
INSERT INTO parts VALUES (1, 'gasket', 4.5), (2, 'pump', 60), (3, 'valve', 22), (4, 'hose', 9);
INSERT INTO stock VALUES (1, 1, 0), (1, 2, 3), (1, 3, 5), (2, 1, 7), (2, 4, 0);
INSERT INTO customers VALUES (1, 'Ida', 'Moe', '2025-02-01', '2026-01-01'), (2, 'Jo', 'Ng', '2024-07-15', '2026-01-01'),
    (3, 'Kai', 'Orr', '2025-11-30', '2026-01-01'), (4, 'Lu', 'Pak', '2026-03-03', '2026-01-01');
INSERT INTO lots VALUES (1, 1), (2, 2), (3, 3);
INSERT INTO clerks VALUES (1, 'Mo', 'Ray', '2025-04-01'), (2, 'Ned', 'Sol', '2023-09-09'),
    (3, 'Oda', 'Tam', '2025-12-12');
INSERT INTO purchases VALUES (1, 1, 1, '2026-01-10'), (2, 1, 2, '2026-02-10'), (3, 3, 3, '2026-03-10');
"""


@pytest.fixture(scope="module")
def clinic_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "clinic", CLINIC) as db:
        yield db


@pytest.fixture(scope="module")
def depot_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "depot", DEPOT) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("List the parrots owned by Ann Lee",
     "SELECT a.* FROM animals a JOIN owners o USING (owner_id) WHERE species = 'parrot' AND first_name = 'Ann'"),
    ("Which animals have untreated checkups?",
     "SELECT * FROM animals WHERE animal_id IN (SELECT animal_id FROM checkups WHERE treated_on IS NULL)"),
    ("show the last 2 checkups", "SELECT * FROM checkups ORDER BY noted_on DESC LIMIT 2"),
])
def test_clinic_listings_read_every_word(clinic_db, question: str, gold: str) -> None:
    answers(clinic_db, question, gold, named=True)


@pytest.mark.parametrize(("question", "gold"), [
    ("Which parts are in stock at Dock Street?",
     "SELECT * FROM parts WHERE part_id IN (SELECT part_id FROM stock JOIN shops USING (shop_id) "
     "WHERE shop_name = 'Dock Street' AND qty > 0)"),
    ("customers who never bought a part",
     "SELECT * FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM purchases)"),
    ("parts that would cost more than 20 to replace", "SELECT * FROM parts WHERE replacement_cost > 20"),
    ("customers who signed up in 2025",
     "SELECT * FROM customers WHERE create_date >= '2025-01-01' AND create_date < '2026-01-01'"),
    ("how many people were hired in 2025",
     "SELECT COUNT(*) FROM clerks WHERE hired_on >= '2025-01-01' AND hired_on < '2026-01-01'"),
])
def test_depot_readings_use_every_word(depot_db, question: str, gold: str) -> None:
    draft, result = read(depot_db, question)
    assert same_answer(result, all_rows(depot_db, gold)), draft.sql
    assert draft.unused == (), (draft.sql, draft.unused)


def test_a_verb_of_other_rows_before_the_period_stays_unused(depot_db) -> None:
    """ "customers who bought in 2025": buying is a purchase's act, not a customer's coming to be."""
    draft, _result = read(depot_db, "customers who bought in 2025")
    assert "bought" in draft.unused or "bought_on" in (draft.sql or ""), draft.sql


def test_the_one_amount_the_rows_keep_is_compared_without_a_doubt(depot_db) -> None:
    """ "parts under 10": a part keeps one amount, so the number is surely that; had it kept two,
    which one would be a guess, said as a doubt and confirmed."""
    draft, result = read(depot_db, "parts under 10")
    assert same_answer(result, all_rows(depot_db, "SELECT * FROM parts WHERE replacement_cost < 10")), draft.sql
    assert draft.confidence > 0.75, (draft.sql, draft.confidence)


@pytest.mark.parametrize(("question", "gold"), [
    ("list clerks hired after 2024", "SELECT first_name, last_name FROM clerks WHERE hired_on >= '2025-01-01'"),
    ("purchases bought after January 2026",
     "SELECT purchase_id, customer_id FROM purchases WHERE bought_on >= '2026-02-01'"),
])
def test_the_rows_kept_by_their_verb_s_period_are_shown_not_the_date(depot_db, question: str, gold: str) -> None:
    """ "clerks hired after 2024": the verb names the date the period keeps them by; the rows are asked for."""
    draft, result = read(depot_db, question)
    assert same_answer(result, all_rows(depot_db, gold)), draft.sql


SHIPPING = """
CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, state TEXT, posted_at DATE);
INSERT INTO parcels VALUES (1, 'posted', '2026-01-02'), (2, 'delivered', '2026-01-03'), (3, 'packed', NULL),
    (4, 'packed', NULL), (5, 'delivered', '2026-01-09');
"""


@pytest.mark.parametrize(("question", "gold"), [
    ("parcels not posted yet", "SELECT * FROM parcels WHERE posted_at IS NULL"),
    ("which parcels haven't posted", "SELECT * FROM parcels WHERE posted_at IS NULL"),
    ("posted parcels", "SELECT * FROM parcels WHERE state = 'posted'"),
])
def test_a_denied_status_that_is_an_event_is_its_empty_date(tmp_path_factory: pytest.TempPathFactory, question: str,
                                                            gold: str) -> None:
    """A status can move on past the event ('posted', then 'delivered'): "not posted yet" is the rows
    whose date of posting is empty, not every row whose state is something else."""
    with schema_database(tmp_path_factory, "parcels", SHIPPING) as db:
        answers(db, question, gold)
