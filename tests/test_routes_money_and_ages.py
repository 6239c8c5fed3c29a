"""Rows brought as they are, on schemas built here: a route's two ends ("from A to B" over two keys
into one table) test each key; "how much did we bill" is the money those rows took; "oldest first"
runs an age down and a birth date up; a follow-up sort of the rows a limit kept reads a computed age;
"what about <value>?" keeps a yes/no; two tables meet through the rows that link them, not a parent."""

from __future__ import annotations

import pytest

from nl2sql.config import CONFIRM_BELOW
from tests.helpers import all_rows, answers, answers_after, read, reads_whole, same_answer, schema_database

COURIER = """
CREATE TABLE hubs (hub_id INTEGER PRIMARY KEY, hub_name TEXT, town TEXT);
CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, source_hub_id INTEGER REFERENCES hubs (hub_id),
                      target_hub_id INTEGER REFERENCES hubs (hub_id), weight_kg REAL);
INSERT INTO hubs VALUES (1, 'North', 'Leeds'), (2, 'East', 'York'), (3, 'West', 'Hull');
INSERT INTO parcels VALUES (1, 1, 2, 3.5), (2, 2, 1, 1.0), (3, 1, 3, 7.2), (4, 3, 2, 2.2), (5, 1, 2, 0.4);
"""

BANK = """
CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, holder TEXT);
CREATE TABLE transfers (transfer_id INTEGER PRIMARY KEY, from_account_id INTEGER REFERENCES accounts (account_id),
                        to_account_id INTEGER REFERENCES accounts (account_id), amount REAL);
INSERT INTO accounts VALUES (1, 'Ann Lee'), (2, 'Bo Dahl'), (3, 'Cy Moss');
INSERT INTO transfers VALUES (1, 1, 2, 50), (2, 2, 1, 20), (3, 1, 3, 75), (4, 3, 1, 10), (5, 1, 2, 5);
"""

STUDIO = """
CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT);
CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id), billed_on DATE);
CREATE TABLE bill_lines (line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills (bill_id),
                         unit_price REAL, quantity INTEGER);
INSERT INTO clients VALUES (1, 'Acme'), (2, 'Birch');
INSERT INTO bills VALUES (1, 1, '2025-02-01'), (2, 2, '2025-07-09'), (3, 1, '2026-01-04');
INSERT INTO bill_lines VALUES (1, 1, 100, 2), (2, 1, 40, 1), (3, 2, 75, 3), (4, 3, 60, 5);
"""

STABLE = """
CREATE TABLE horses (horse_id INTEGER PRIMARY KEY, horse_name TEXT, date_of_birth DATE);
INSERT INTO horses VALUES (1, 'Ash', '2010-04-01'), (2, 'Birch', '2018-06-12'), (3, 'Cedar', '2004-09-30'),
    (4, 'Dune', '2015-01-20'), (5, 'Elm', '2021-03-03');
"""


@pytest.fixture(scope="module")
def courier_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "courier", COURIER) as db:
        yield db


@pytest.fixture(scope="module")
def bank_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "bank", BANK) as db:
        yield db


@pytest.fixture(scope="module")
def studio_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


@pytest.fixture(scope="module")
def stable_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "stable", STABLE) as db:
        yield db


def test_a_route_from_one_place_to_another_tests_each_end_on_its_key(courier_db) -> None:
    answers(courier_db, "parcels from Leeds to York",
            "SELECT p.* FROM parcels p JOIN hubs s ON s.hub_id = p.source_hub_id "
            "JOIN hubs t ON t.hub_id = p.target_hub_id WHERE s.town = 'Leeds' AND t.town = 'York'")
    answers(courier_db, "parcels to York",
            "SELECT p.* FROM parcels p JOIN hubs t ON t.hub_id = p.target_hub_id WHERE t.town = 'York'")


@pytest.mark.parametrize(("question", "gold"), [
    ("parcels picked up in Leeds", "SELECT p.* FROM parcels p JOIN hubs s ON s.hub_id = p.source_hub_id "
                                   "WHERE s.town = 'Leeds'"),
    ("parcels delivered in York", "SELECT p.* FROM parcels p JOIN hubs t ON t.hub_id = p.target_hub_id "
                                  "WHERE t.town = 'York'"),
    ("parcels going to York or Hull", "SELECT p.* FROM parcels p JOIN hubs t ON t.hub_id = p.target_hub_id "
                                      "WHERE t.town IN ('York', 'Hull')"),
])
def test_the_verb_or_the_list_says_which_end(courier_db, question: str, gold: str) -> None:
    reads_whole(courier_db, question, gold)


def test_a_place_no_word_puts_at_either_end_is_confirmed(courier_db) -> None:
    draft, _result = read(courier_db, "parcels in York")
    assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


@pytest.mark.parametrize(("turns", "gold"), [
    (["parcels from Leeds", "what about York?"], "s.town = 'York'"),
    (["parcels to York", "what about parcels to Hull?"], "t.town = 'Hull'"),
    (["parcels from Leeds to York", "what about to Hull?"], "s.town = 'Leeds' AND t.town = 'Hull'"),
    (["parcels to York", "also include parcels to Hull"], "t.town IN ('York', 'Hull')"),
])
def test_another_place_takes_the_end_it_replaces(courier_db, turns: list[str], gold: str) -> None:
    answers_after(courier_db, turns, "SELECT p.* FROM parcels p JOIN hubs s ON s.hub_id = p.source_hub_id "
                                     f"JOIN hubs t ON t.hub_id = p.target_hub_id WHERE {gold}")


def test_a_route_on_keys_named_from_and_to(bank_db) -> None:
    answers(bank_db, "transfers from Ann Lee to Bo Dahl",
            "SELECT * FROM transfers WHERE from_account_id = 1 AND to_account_id = 2")


def test_how_much_was_billed_is_the_money_of_the_bills_lines(studio_db) -> None:
    answers(studio_db, "How much did we bill in 2025?",
            "SELECT SUM(l.unit_price * l.quantity) FROM bill_lines l JOIN bills b ON b.bill_id = l.bill_id "
            "WHERE b.billed_on >= '2025-01-01' AND b.billed_on < '2026-01-01'")


@pytest.mark.parametrize(("question", "gold"), [
    ("horses sorted by age, oldest first", "SELECT * FROM horses ORDER BY date_of_birth ASC"),
    ("horses sorted by age from youngest to oldest", "SELECT * FROM horses ORDER BY date_of_birth DESC"),
    ("horses sorted by date of birth, oldest first", "SELECT * FROM horses ORDER BY date_of_birth ASC"),
    ("horses sorted by date of birth from oldest to youngest", "SELECT * FROM horses ORDER BY date_of_birth ASC"),
])
def test_oldest_runs_an_age_down_and_a_birth_date_up(stable_db, question: str, gold: str) -> None:
    draft, result = read(stable_db, question)
    assert same_answer(result, all_rows(stable_db, gold), ordered=True), draft.sql


def test_the_rows_a_limit_kept_sorted_again_by_a_computed_age(stable_db) -> None:
    answers_after(stable_db, ["the 3 oldest horses", "sort them by age"],
                  "SELECT * FROM (SELECT * FROM horses ORDER BY date_of_birth LIMIT 3) ORDER BY date_of_birth DESC")


SHELTER = """
CREATE TABLE animals (animal_id INTEGER PRIMARY KEY, animal_name TEXT, species TEXT, spayed INTEGER);
INSERT INTO animals VALUES (1, 'Tom', 'cat', 0), (2, 'Kit', 'cat', 1), (3, 'Rex', 'dog', 0), (4, 'Bo', 'dog', 1),
    (5, 'Fig', 'dog', 0);
"""


def test_what_about_another_value_keeps_a_yes_no_the_rows_were_kept_by(tmp_path_factory) -> None:
    with schema_database(tmp_path_factory, "shelter", SHELTER) as db:
        answers_after(db, ["the cats that aren't spayed", "what about dogs?"],
                      "SELECT * FROM animals WHERE species = 'dog' AND spayed = 0")



YARD = """
CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, depot_name TEXT);
CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, driver TEXT, depot_id INTEGER REFERENCES depot (depot_id));
CREATE TABLE parcel (parcel_id INTEGER PRIMARY KEY, label TEXT, depot_id INTEGER REFERENCES depot (depot_id));
CREATE TABLE trip_parcel (trip_id INTEGER REFERENCES trip (trip_id), parcel_id INTEGER REFERENCES parcel (parcel_id),
                          PRIMARY KEY (trip_id, parcel_id));
INSERT INTO depot VALUES (1, 'Dock'), (2, 'Mill');
INSERT INTO trip VALUES (1, 'Ann', 1), (2, 'Bo', 1), (3, 'Cy', 2);
INSERT INTO parcel VALUES (1, 'p1', 1), (2, 'p2', 1), (3, 'p3', 1), (4, 'p4', 2), (5, 'p5', 2);
INSERT INTO trip_parcel VALUES (1, 1), (1, 4), (2, 2), (2, 3), (2, 5), (3, 1);
"""


def test_two_tables_meet_through_the_rows_that_link_them_not_a_parent_they_share(tmp_path_factory) -> None:
    """Trips and parcels both belong to a depot; a trip's parcels are those its loads name."""
    with schema_database(tmp_path_factory, "yard", YARD) as db:
        answers(db, "trips that carried more than 2 parcels",
                "SELECT trip_id, COUNT(*) FROM trip_parcel GROUP BY trip_id HAVING COUNT(*) > 2")


def test_how_much_of_rows_with_no_money_found_is_confirmed(tmp_path_factory) -> None:
    """Invoices that keep no amount and no lines of their own: "how much" finds no money, so the
    listing it falls back to is confirmed, never run as an answer."""
    script = """
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, customer_name TEXT);
    CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id),
                           issued_on DATE);
    INSERT INTO customers VALUES (1, 'Acme');
    INSERT INTO invoices VALUES (1, 1, '2025-03-01'), (2, 1, '2025-04-01');
    """
    with schema_database(tmp_path_factory, "unpriced", script) as db:
        draft, _result = read(db, "How much did we invoice in 2025?")
        assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


RAIL = """
CREATE TABLE stations (station_id INTEGER PRIMARY KEY, town TEXT);
CREATE TABLE trains (train_id INTEGER PRIMARY KEY, from_station_id INTEGER REFERENCES stations (station_id),
                     to_station_id INTEGER REFERENCES stations (station_id));
CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, rider_name TEXT,
                     home_station_id INTEGER REFERENCES stations (station_id));
CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, train_id INTEGER REFERENCES trains (train_id),
                      rider_id INTEGER REFERENCES riders (rider_id), fare REAL);
INSERT INTO stations VALUES (1, 'Ely'), (2, 'Diss'), (3, 'March');
INSERT INTO trains VALUES (1, 1, 2), (2, 2, 1), (3, 1, 3);
INSERT INTO riders VALUES (1, 'Ann', 1), (2, 'Bo', 2);
INSERT INTO tickets VALUES (1, 1, 1, 12), (2, 2, 2, 12), (3, 3, 1, 9), (4, 1, 2, 12);
"""


def test_a_route_kept_by_another_tables_keys_is_confirmed(tmp_path_factory) -> None:
    """Tickets keep no route; their trains do. "tickets from Ely to Diss" is not read along the trains'
    keys, so whatever reading is made is confirmed, not run."""
    with schema_database(tmp_path_factory, "rail", RAIL) as db:
        draft, _result = read(db, "tickets from Ely to Diss")
        assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)
