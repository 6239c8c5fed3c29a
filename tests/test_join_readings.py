"""Joins the schema implies, and how grouped rows are named, on a ferry schema built here whose
sailings name their carrier by a column called like the carrier table, with no declared key."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.engines.builtin.implied import with_implied_keys
from tests.helpers import answers, built_sqlite, opened, schema_database

SCHEMA = """
CREATE TABLE carriers (cid INTEGER PRIMARY KEY, carrier TEXT, code TEXT, country TEXT);
CREATE TABLE ports (port_code TEXT PRIMARY KEY, port_name TEXT, town TEXT);
CREATE TABLE sailings (carrier INTEGER, sailing_no INTEGER, origin TEXT REFERENCES ports (port_code),
                       crossing_hours REAL, PRIMARY KEY (carrier, sailing_no));
INSERT INTO carriers VALUES (1, 'Nordline', 'NRD', 'Norway'), (2, 'Bluewake', 'BLW', 'Denmark'),
    (3, 'Saltway', 'SLT', 'Norway');
INSERT INTO ports VALUES ('BRG', 'Bergen Quay', 'Bergen'), ('AAR', 'Aarhus Pier', 'Aarhus');
INSERT INTO sailings VALUES (1, 10, 'BRG', 5.5), (1, 11, 'AAR', 3.0), (1, 12, 'BRG', 6.0),
    (2, 20, 'AAR', 2.5), (3, 30, 'BRG', 4.0);
"""


@pytest.fixture(scope="module")
def ferry_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "ferry", SCHEMA) as db:
        yield db


def test_a_column_named_like_a_table_refers_to_it(ferry_db) -> None:
    """sailings.carrier holds carriers.cid: the name and the key's kind say so; origin is declared."""
    schema = with_implied_keys(ferry_db.schema)
    sailings = schema.table("sailings")
    assert sailings is not None
    implied = {(fk.column, fk.ref_table, fk.ref_column) for fk in sailings.foreign_keys}
    assert implied == {("origin", "ports", "port_code"), ("carrier", "carriers", "cid")}
    assert schema.join_path("carriers", "sailings") is not None
    assert with_implied_keys(with_implied_keys(ferry_db.schema)).table("sailings").foreign_keys \
        == sailings.foreign_keys  # nothing is implied twice


def test_no_key_is_implied_without_a_name_or_across_kinds(tmp_path) -> None:
    """A text column named like a table with an integer key, or a column named like nothing, links nothing."""
    script = """
    CREATE TABLE teams (tid INTEGER PRIMARY KEY, team TEXT);
    CREATE TABLE games (game_id INTEGER PRIMARY KEY, team TEXT, score INTEGER);
    """
    with opened(built_sqlite(tmp_path, "league", script)) as db:
        schema = with_implied_keys(db.schema)
        assert schema is db.schema
        assert schema.join_path("teams", "games") is None


@pytest.mark.parametrize(("question", "gold"), [
    ("How many sailings does carrier 'Nordline' have?",
     "SELECT COUNT(*) FROM sailings s JOIN carriers c ON s.carrier = c.cid WHERE c.carrier = 'Nordline'"),
    ("Which carriers have at least 2 sailings?",
     "SELECT c.carrier FROM carriers c JOIN sailings s ON s.carrier = c.cid GROUP BY c.cid HAVING COUNT(*) >= 2"),
    ("What are the sailing numbers of Bluewake?",
     "SELECT s.sailing_no FROM sailings s JOIN carriers c ON s.carrier = c.cid WHERE c.carrier = 'Bluewake'"),
])
def test_an_implied_key_joins(ferry_db, question: str, gold: str) -> None:
    answers(ferry_db, question, gold)


def test_a_column_named_like_its_table_labels_the_rows(ferry_db) -> None:
    """carriers.carrier names a carrier as a 'name' column would: the grouped rows show it."""
    draft = BuiltinEngine().draft("carriers with more than 1 sailing", ferry_db)
    result = ferry_db.execute(draft.sql, max_rows=None)
    assert result.columns[0] == "carrier" and [row[0] for row in result.rows] == ["Nordline"], draft.sql


def test_a_key_asked_for_is_shown_beside_the_label(ferry_db) -> None:
    """'ids and names': the key the grouping uses is also shown when a word asks for it."""
    answers(ferry_db, "Give the ids and names of carriers with at least 2 sailings.",
            "SELECT c.cid, c.carrier FROM carriers c JOIN sailings s ON s.carrier = c.cid "
            "GROUP BY c.cid HAVING COUNT(*) >= 2")


@pytest.mark.parametrize(("question", "gold"), [
    ("List the carrier names and their codes in Norway.",
     "SELECT carrier, code FROM carriers WHERE country = 'Norway'"),
    ("What are the names of carriers from Denmark?", "SELECT carrier FROM carriers WHERE country = 'Denmark'"),
])
def test_names_of_rows_with_no_name_column(ferry_db, question: str, gold: str) -> None:
    """ "<table> names", "names of <rows>" where no column is called name: the column that names a
    row (called like its table), not another table's name column (ports.port_name)."""
    answers(ferry_db, question, gold)


def test_a_table_word_before_a_verb_is_the_subject(ferry_db) -> None:
    """ "carriers named X": the verb names a filter, so only the columns asked for are shown."""
    answers(ferry_db, "Give the code of the carrier named Saltway.",
            "SELECT code FROM carriers WHERE carrier = 'Saltway'")


CLUB = """
CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT, grade INTEGER);
CREATE TABLE likes (member_id INTEGER, liked_id INTEGER,
                    FOREIGN KEY (member_id) REFERENCES member (id), FOREIGN KEY (liked_id) REFERENCES member (id));
INSERT INTO member VALUES (1, 'Ada', 9), (2, 'Bo', 10), (3, 'Cy', 9);
INSERT INTO likes VALUES (2, 1), (2, 3), (1, 3), (3, 3);
"""


def test_of_two_keys_to_one_table_the_first_column_joins(tmp_path) -> None:
    """likes.member_id, the row's own member, comes before liked_id: 'the member with the most likes'
    counts the likes a member gave, whatever order the keys were declared in."""
    with opened(built_sqlite(tmp_path, "club", CLUB)) as db:
        answers(db, "Tell me the name of the member with the greatest number of likes.",
                "SELECT m.name FROM member m JOIN likes l ON l.member_id = m.id GROUP BY m.id "
                "ORDER BY COUNT(*) DESC LIMIT 1")


def test_each_year_groups_by_a_year_number(tmp_path) -> None:
    """ "each year" where no column holds dates: the number column called year is the group."""
    script = """
    CREATE TABLE car (car_id INTEGER PRIMARY KEY, weight INTEGER, year INTEGER);
    INSERT INTO car VALUES (1, 3000, 1970), (2, 3500, 1970), (3, 2500, 1971);
    """
    with opened(built_sqlite(tmp_path, "cars", script)) as db:
        answers(db, "Give the average weight of the cars each year.",
                "SELECT year, AVG(weight) FROM car GROUP BY year")


def test_a_polite_request_names_its_columns(ferry_db) -> None:
    """ "Please show the <column> and the number of <rows>": the column is asked for, and grouped."""
    answers(ferry_db, "Please show the different countries and the corresponding number of carriers.",
            "SELECT country, COUNT(*) FROM carriers GROUP BY country")


MAKES = """
CREATE TABLE regions (region_id INTEGER PRIMARY KEY, region_name TEXT);
CREATE TABLE makers (maker_id INTEGER PRIMARY KEY, maker TEXT, region_id INTEGER REFERENCES regions (region_id));
CREATE TABLE car_names (make_id INTEGER PRIMARY KEY, make TEXT, maker_id INTEGER REFERENCES makers (maker_id));
INSERT INTO regions VALUES (1, 'kanto'), (2, 'piedmont'), (3, 'maule');
INSERT INTO makers VALUES (1, 'honda', 1), (2, 'mazda', 1), (3, 'fiat', 2);
INSERT INTO car_names VALUES (1, 'civic', 1), (2, 'panda', 3), (3, 'punto', 3), (4, 'uno', 3);
"""


@pytest.mark.parametrize(("question", "gold"), [
    # "name" matches part of car_names, but the rows asked about are the regions after "of"
    ("Give the name of the region with the most makers.",
     "SELECT r.region_name FROM regions r JOIN makers m ON m.region_id = r.region_id "
     "GROUP BY r.region_id ORDER BY COUNT(*) DESC LIMIT 1"),
    ("Give the names of the regions with no makers.",
     "SELECT region_name FROM regions WHERE region_id NOT IN (SELECT region_id FROM makers)"),
])
def test_a_word_inside_a_table_name_is_no_table(tmp_path, question: str, gold: str) -> None:
    with opened(built_sqlite(tmp_path, "makes", MAKES)) as db:
        answers(db, question, gold)


def test_name_after_a_text_column_is_that_column(ferry_db) -> None:
    """ "the country name and the number of carriers": the country is the name; no other column
    called name (ports.port_name) is shown beside it."""
    answers(ferry_db, "Show the country name and the number of carriers for each country.",
            "SELECT country, COUNT(*) FROM carriers GROUP BY country")



TONGUES = """
CREATE TABLE nation (nation_id INTEGER PRIMARY KEY, nation_name TEXT, region TEXT);
CREATE TABLE nation_tongue (nation_id INTEGER REFERENCES nation (nation_id), tongue TEXT, share REAL);
INSERT INTO nation VALUES (1, 'Arland', 'North'), (2, 'Belmark', 'North'), (3, 'Corvia', 'South');
INSERT INTO nation_tongue VALUES (1, 'Welsh', 60), (1, 'Breton', 40), (2, 'Welsh', 90), (2, 'Breton', 10),
    (3, 'Basque', 100);
"""


def test_a_value_of_the_rows_pointed_to_is_listed_once(tmp_path) -> None:
    """Read over the nations' tongues, the North's two nations, each speaking Welsh and Breton,
    make one region, not one per tongue."""
    with opened(built_sqlite(tmp_path, "tongues", TONGUES)) as db:
        draft = BuiltinEngine().draft("which regions speak Welsh or Breton?", db)
        assert [tuple(r) for r in db.execute(draft.sql, max_rows=None).rows] == [("North",)], draft.sql


def test_the_value_of_each_named_row_is_listed_per_row(ferry_db) -> None:
    """"the countries of sailings ...": the sailings are named, so each has its carrier's country."""
    draft = BuiltinEngine().draft("the countries of sailings longer than 4 hours", ferry_db)
    assert sorted(tuple(r) for r in ferry_db.execute(draft.sql, max_rows=None).rows) == [("Norway",)] * 2, draft.sql
