"""Rows brought as they are, on schemas built here: a country kept by its ISO code is named by the
country's name ("consignments to Spain" for a depot country of ES), and the end of a route a place is
said to be wins over another table that keeps a country too; a carrier's charge for carriage is what
it takes; "taken in" is a verb of money, not a film's take, and a period after it dates the rows
whose money is summed."""

from __future__ import annotations

import pytest

from nl2sql.linking.lexicon import VALUE, Lexicon
from tests.helpers import answers, drafted, reads_whole, schema_database

CARRIER = """
CREATE TABLE depots (depot_id INTEGER PRIMARY KEY, depot_name TEXT, country_code CHAR(2));
CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT, country_code CHAR(2));
CREATE TABLE consignments (consignment_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                           from_depot_id INTEGER REFERENCES depots (depot_id),
                           to_depot_id INTEGER REFERENCES depots (depot_id), sent_on DATE,
                           carriage_amt DECIMAL(9, 2), goods_value_amt DECIMAL(12, 2), toll_amt DECIMAL(7, 2));
INSERT INTO depots VALUES (1, 'Bilbao Port', 'ES'), (2, 'Porto Norte', 'PT'), (3, 'Lille Sud', 'FR');
INSERT INTO clients VALUES (1, 'Olmo SA', 'ES'), (2, 'Rio Lda', 'PT'), (3, 'Brume SARL', 'FR'), (4, 'Sol SL', 'ES');
INSERT INTO consignments VALUES
    (1, 2, 2, 1, '2025-03-02', 120.50, 9000, 12), (2, 1, 1, 3, '2025-05-11', 80.00, 1500, 0),
    (3, 3, 3, 1, '2026-01-20', 60.25, 700, 8.5), (4, 4, 1, 2, '2026-02-14', 99.90, 5100, 15),
    (5, 2, 2, 3, '2026-04-01', 45.00, 300, 4);
"""

ATLAS = """
CREATE TABLE nations (code CHAR(3) PRIMARY KEY, nation_name TEXT);
CREATE TABLE towns (town_id INTEGER PRIMARY KEY, town_name TEXT, country_code CHAR(3) REFERENCES nations (code),
                    population INTEGER);
INSERT INTO nations VALUES ('PER', 'Peru'), ('CHL', 'Chile'), ('BOL', 'Bolivia');
INSERT INTO towns VALUES (1, 'Cusco', 'PER', 430000), (2, 'Arica', 'CHL', 220000), (3, 'Puno', 'PER', 150000),
    (4, 'Oruro', 'BOL', 260000);
CREATE TABLE tours (tour_id INTEGER PRIMARY KEY, tour_name TEXT, dest_country CHAR(3));
INSERT INTO tours VALUES (1, 'Andes Loop', 'PER'), (2, 'Salt Flats', 'BOL'), (3, 'Inca Trail', 'PER'),
    (4, 'Desert Coast', 'CHL');
"""

CINEMA = """
CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE patron (patron_id INTEGER PRIMARY KEY, patron_name TEXT, joined_on DATE);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, film_id INTEGER REFERENCES film (film_id),
                     patron_id INTEGER REFERENCES patron (patron_id), staff_id INTEGER REFERENCES staff (staff_id),
                     sold_on DATE, amount DECIMAL(6, 2));
INSERT INTO film VALUES (1, 'Harbour Lights'), (2, 'Slow River');
INSERT INTO patron VALUES (1, 'Ines', '2026-02-01'), (2, 'Tomas', '2019-05-05');
INSERT INTO staff VALUES (1, 'Alba', 'Reyes'), (2, 'Bruno', 'Costa');
INSERT INTO ticket VALUES (1, 1, 1, 1, '2025-12-30', 9.50), (2, 2, 2, 1, '2026-01-08', 11.00),
    (3, 1, 2, 2, '2026-03-03', 9.50), (4, 2, 1, 2, '2025-06-06', 7.00), (5, 1, 2, 2, '2026-05-05', 12.00),
    (6, NULL, 1, 1, '2026-04-04', 20.00);
"""


@pytest.fixture(scope="module")
def carrier_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "carrier", CARRIER) as db:
        yield db


@pytest.fixture(scope="module")
def atlas_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "atlas", ATLAS) as db:
        yield db


@pytest.fixture(scope="module")
def cinema_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "cinema", CINEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("clients in Portugal", "SELECT * FROM clients WHERE country_code = 'PT'"),
    ("Spanish clients", "SELECT * FROM clients WHERE country_code = 'ES'"),
    ("consignments to Spain",
     "SELECT c.* FROM consignments c JOIN depots d ON d.depot_id = c.to_depot_id WHERE d.country_code = 'ES'"),
    ("How many consignments belong to Spanish clients?",  # "to" of belonging, no route's end
     "SELECT COUNT(*) FROM consignments c JOIN clients cl ON cl.client_id = c.client_id WHERE cl.country_code = 'ES'"),
    ("consignments from Portugal to France",
     "SELECT c.* FROM consignments c JOIN depots o ON o.depot_id = c.from_depot_id "
     "JOIN depots d ON d.depot_id = c.to_depot_id WHERE o.country_code = 'PT' AND d.country_code = 'FR'"),
])
def test_a_country_is_named_for_its_code(carrier_db, question, gold):
    reads_whole(carrier_db, question, gold)


def test_a_key_to_named_countries_is_not_read_by_its_code_too(atlas_db):
    """The nations' own names are what "Peru" means where the towns keep a key to them; a code kept
    with no such key (a tour's destination) is named by the country too."""
    found = Lexicon(atlas_db.schema).lookup("peru")
    assert {(c.table, c.column) for c in found if c.kind == VALUE} == {("nations", "nation_name"),
                                                                      ("tours", "dest_country")}
    answers(atlas_db, "How many towns are in Peru?", "SELECT COUNT(*) FROM towns WHERE country_code = 'PER'")
    answers(atlas_db, "tours to Peru", "SELECT * FROM tours WHERE dest_country = 'PER'")


@pytest.mark.parametrize(("question", "gold"), [
    ("revenue per client",
     "SELECT cl.client_name, SUM(c.carriage_amt) FROM consignments c JOIN clients cl ON cl.client_id = c.client_id "
     "GROUP BY cl.client_id"),
    ("What was our revenue in 2025?",
     "SELECT SUM(carriage_amt) FROM consignments WHERE sent_on >= '2025-01-01' AND sent_on < '2026-01-01'"),
])
def test_a_carriers_charge_is_its_revenue(carrier_db, question, gold):
    answers(carrier_db, question, gold)
    assert "goods_value_amt" not in drafted(carrier_db, question).sql


@pytest.mark.parametrize("question", [
    "How much revenue has each staff member taken in this year?",  # no film's "take": the gift card counts
    "How much revenue has each staff member earned this year?",  # the tickets' date, not their patrons'
])
def test_money_coming_in_is_dated_by_the_rows_summed(cinema_db, question):
    answers(cinema_db, question,
            "SELECT s.first_name, s.last_name, SUM(t.amount) FROM ticket t JOIN staff s ON s.staff_id = t.staff_id "
            "WHERE t.sold_on >= '2026-01-01' AND t.sold_on < '2027-01-01' GROUP BY s.staff_id")


KENNEL = """
CREATE TABLE guardians (guardian_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, town TEXT, email TEXT);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, guardian_id INTEGER REFERENCES guardians (guardian_id),
                    staff_id INTEGER REFERENCES staff (staff_id), issued_on DATE);
CREATE TABLE bill_lines (line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills (bill_id),
                         price DECIMAL(7, 2), qty INTEGER);
INSERT INTO guardians VALUES (1, 'Maya', 'Okafor', 'Leeds', 'maya@mail.test'), (2, 'Tom', 'Berg', 'York', NULL),
    (3, 'Ana', 'Cruz', 'Leeds', 'ana@mail.test');
INSERT INTO staff VALUES (1, 'Lee', 'Hart'), (2, 'Ola', 'Nowak');
INSERT INTO bills VALUES (1, 1, 1, '2026-01-03'), (2, 2, 2, '2026-02-11'), (3, 1, 2, '2026-03-09'),
    (4, 3, 1, '2026-04-21');
INSERT INTO bill_lines VALUES (1, 1, 30, 2), (2, 2, 45, 1), (3, 3, 12.5, 4), (4, 4, 200, 1), (5, 2, 10, 3);
"""


@pytest.fixture(scope="module")
def kennel_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "kennel", KENNEL) as db:
        yield db


@pytest.mark.parametrize(("question", "gold", "ordered"), [
    ("Top 2 clients by spend",
     "SELECT g.first_name, g.last_name, SUM(l.price * l.qty) FROM guardians g "
     "JOIN bills b ON b.guardian_id = g.guardian_id JOIN bill_lines l ON l.bill_id = b.bill_id "
     "GROUP BY g.guardian_id ORDER BY SUM(l.price * l.qty) DESC LIMIT 2",
     True),
    ("How many customers do we have?", "SELECT COUNT(*) FROM guardians", False),
    ("clients in Leeds", "SELECT * FROM guardians WHERE town = 'Leeds'", False),
])
def test_the_people_who_pay_are_the_clients(kennel_db, question, gold, ordered):
    """The bills refer to guardians and to staff; the guardians are who pays."""
    answers(kennel_db, question, gold, ordered=ordered)


def test_what_we_spent_is_paid_out_not_taken(carrier_db):
    """The revenue reads "spend" said of customers; said of us, it is the money column the line names."""
    answers(carrier_db, "How much did we spend on tolls in 2026?",
            "SELECT SUM(toll_amt) FROM consignments WHERE sent_on >= '2026-01-01' AND sent_on < '2027-01-01'")
    answers(carrier_db, "top 2 clients by spend",
            "SELECT cl.client_name, SUM(c.carriage_amt) FROM consignments c "
            "JOIN clients cl ON cl.client_id = c.client_id "
            "GROUP BY cl.client_id ORDER BY SUM(c.carriage_amt) DESC LIMIT 2")


def test_rows_said_with_their_place_then_their_column(kennel_db):
    """ "<rows> in <a town> with their email addresses": the rows' names and the column, the values
    between them saying which rows; "addresses" only completes the column's name."""
    reads_whole(kennel_db, "guardians in Leeds with their email addresses",
                "SELECT first_name, last_name, email FROM guardians WHERE town = 'Leeds'")


SHOP = """
CREATE TABLE users (user_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, city TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (user_id), placed_on DATE,
                     total_amount DECIMAL(8, 2));
INSERT INTO users VALUES (1, 'Lia', 'Moor', 'Derby'), (2, 'Sam', 'Reed', 'Bath'), (3, 'Kit', 'Hale', 'Derby');
INSERT INTO orders VALUES (1, 1, '2026-01-03', 40), (2, 2, '2026-02-11', 95), (3, 1, '2026-03-09', 20);
"""


@pytest.fixture(scope="module")
def shop_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "shop", SHOP) as db:
        yield db


def test_a_shops_users_are_its_customers(shop_db):
    """The people a shop's orders refer to are its customers, whatever the table is called."""
    answers(shop_db, "How many customers are in Derby?", "SELECT COUNT(*) FROM users WHERE city = 'Derby'")
