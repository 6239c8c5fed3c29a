"""Names said another way: a derived word of a verb's inflection, the head of a synonym that is a
phrase, a name written as one word or as two, a phrase WordNet knows, a capitalised common noun,
and "the number of <x>" where <x> is a column that already holds a count. Each is checked on a
schema invented here, by the rows the built-in engine's SQL returns."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.db.schema import INTEGER, TEXT, Column, Schema, Table
from nl2sql.linking import Lexicon
from nl2sql.linking.lexicon import STEM, SYNONYM
from nl2sql.linking.text import tokenize
from tests.helpers import answers, schema_database

ACADEMY = """
CREATE TABLE course (course_id INTEGER PRIMARY KEY, title TEXT, course_description TEXT, hours INTEGER);
CREATE TABLE semester (semester_id INTEGER PRIMARY KEY, semester_name TEXT);
CREATE TABLE enrolment (enrolment_id INTEGER PRIMARY KEY, semester_id INTEGER REFERENCES semester(semester_id),
                        course_id INTEGER REFERENCES course(course_id));
CREATE TABLE broadcast (broadcast_id INTEGER PRIMARY KEY, title TEXT, air_date TEXT);
CREATE TABLE Toolbox (toolbox_id INTEGER PRIMARY KEY, label TEXT);
INSERT INTO course VALUES (1, 'Knots', 'tying knots at sea', 12), (2, 'Sails', 'mending sails', 30),
                          (3, 'Maps', 'reading charts', 8);
INSERT INTO semester VALUES (1, 'Spring'), (2, 'Autumn'), (3, 'Winter');
INSERT INTO enrolment VALUES (1, 1, 1), (2, 1, 2), (3, 2, 2);
INSERT INTO broadcast VALUES (1, 'Tides', '2026-01-04'), (2, 'Gales', '2026-02-11');
INSERT INTO Toolbox VALUES (1, 'red'), (2, 'blue'), (3, 'green'), (4, 'grey');
CREATE TABLE member (member_id INTEGER PRIMARY KEY, forename TEXT, surname TEXT);
INSERT INTO member VALUES (1, 'Ada', 'Rowe'), (2, 'Ben', 'Hart');
"""

ISLANDS = """
CREATE TABLE realm (realm_code TEXT PRIMARY KEY, realm_name TEXT, population INTEGER);
CREATE TABLE island (island_id INTEGER PRIMARY KEY, island_name TEXT, region TEXT, population INTEGER,
                     area INTEGER, realm_code TEXT REFERENCES realm(realm_code));
CREATE TABLE tongue (realm_code TEXT REFERENCES realm(realm_code), speech TEXT, PRIMARY KEY (realm_code, speech));
INSERT INTO realm VALUES ('NO', 'Norrland', 900), ('SU', 'Sudreyjar', 400);
INSERT INTO island VALUES (1, 'Skye', 'west', 10000, 1656, 'SU'), (2, 'Lewis', 'west', 18000, 2178, 'SU'),
                          (3, 'Unst', 'north', 600, 120, 'NO'), (4, 'Yell', 'north', 900, 212, 'NO');
INSERT INTO tongue VALUES ('NO', 'Norn'), ('SU', 'Gaelic'), ('SU', 'Norn');
"""


@pytest.fixture(scope="module")
def academy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "academy", ACADEMY) as db:
        yield db


@pytest.fixture(scope="module")
def islands(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "islands", ISLANDS) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # "describing" -> describe -> description: a derived word of the verb an inflection comes from
    ("titles and describing text of every course", "SELECT title, course_description FROM course"),
    # "curriculum" has the synonym "course of study", whose head is the course table
    ("how many curriculums are there", "SELECT COUNT(*) FROM course"),
    # a name of two words written as one, and a one-word name said as two
    ("the airdate of each broadcast", "SELECT air_date FROM broadcast"),
    ("how many tool boxes are there", "SELECT COUNT(*) FROM Toolbox"),
    # "academic session" is a phrase WordNet knows, of which a semester is a kind; and it is the
    # table the negation's rows refer to
    # modifiers that share one head: each is read with it ("given name" -> forename)
    ("the given and family names of every member", "SELECT forename, surname FROM member"),
    ("which academic sessions have no enrolments",
     "SELECT * FROM semester WHERE semester_id NOT IN (SELECT semester_id FROM enrolment)"),
])
def test_a_name_said_another_way_reads_the_named_thing(academy: Database, question: str, gold: str) -> None:
    answers(academy, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    # a column that holds a count is read as itself, not counted again
    ("the number of people of Skye", "SELECT population FROM island WHERE island_name = 'Skye'"),
    ("the total number of people on the islands of the west region",
     "SELECT SUM(population) FROM island WHERE region = 'west'"),
    # each aggregate word keeps its own column, read in the line's order
    ("islands in the west region: their total number of people along with their maximum area",
     "SELECT SUM(population), MAX(area) FROM island WHERE region = 'west'"),
    ("how many people are on the islands of the north region",
     "SELECT SUM(population) FROM island WHERE region = 'north'"),
    ("top 2 islands by number of people",
     "SELECT * FROM island ORDER BY population DESC LIMIT 2"),
])
def test_the_number_of_a_count_column_is_the_column(islands: Database, question: str, gold: str) -> None:
    answers(islands, question, gold, ordered="top" in question)


def test_a_number_before_a_reworded_table_is_how_many_rows(islands: Database) -> None:
    """"the 2 kingdoms": a number right before a synonym of a table's name keeps that many rows."""
    answers(islands, "the 2 kingdoms with the fewest people",
            "SELECT * FROM realm ORDER BY population ASC LIMIT 2", ordered=True)


def test_a_reworded_subject_is_not_outvoted_by_the_words_after_it(islands: Database) -> None:
    """"kingdoms" is the realm table said another way; the speech values and their table after it
    do not make the tongues the subject."""
    answers(islands, "the names of kingdoms with both Norn and Gaelic as their speech",
            "SELECT realm_name FROM realm WHERE realm_code IN (SELECT realm_code FROM tongue WHERE speech = 'Norn') "
            "AND realm_code IN (SELECT realm_code FROM tongue WHERE speech = 'Gaelic')")


def test_a_column_after_what_is_the_number_of_is_counted_not_shown(islands: Database) -> None:
    """"what is the number of <column> ...": a request word opens the line, but the column after the
    count phrase is what is counted, not a column to show (and group) beside the count."""
    answers(islands, "what is the number of speeches in Sudreyjar",
            "SELECT COUNT(*) FROM tongue JOIN realm ON tongue.realm_code = realm.realm_code "
            "WHERE realm.realm_name = 'Sudreyjar'")


def test_a_table_that_rows_count_is_still_counted(islands: Database) -> None:
    answers(islands, "the number of islands in the north region", "SELECT COUNT(*) FROM island WHERE region = 'north'")


def test_a_related_condition_past_a_parent_table_joins_the_parent(islands: Database) -> None:
    """Islands of realms where a language is spoken: the condition is on the realm's rows, one hop
    past the island, and the SQL runs (it once named the realm's key without joining the realm)."""
    answers(islands, "the island with the largest population that speaks Gaelic",
            "SELECT island.* FROM island JOIN tongue ON tongue.realm_code = island.realm_code "
            "WHERE tongue.speech = 'Gaelic' ORDER BY population DESC LIMIT 1", ordered=True)


def _links(schema: Schema, question: str) -> dict[str, list[tuple[str, str | None, str]]]:
    tokens = tokenize(question)
    return {" ".join(t.text for t in tokens[link.first:link.last + 1]):
            [(c.table, c.column, c.match) for c in link.candidates]
            for link in Lexicon(schema).link(tokens, set())}


def test_a_capitalised_common_noun_that_is_no_stored_value_is_reworded() -> None:
    schema = Schema((Table("port", (Column("id", "INTEGER", INTEGER, primary_key=True),
                                    Column("port_name", "TEXT", TEXT, values=("Vigo", "Brest")),
                                    Column("country", "TEXT", TEXT))),))
    links = _links(schema, "how many ports does each Nation have")
    assert links["nation"] == [("port", "country", SYNONYM)]
    assert links.get("vigo") is None and _links(schema, "ports like Vigo")["vigo"][0][:2] == ("port", "port_name")


def test_joined_and_split_names_are_weaker_than_the_name_itself() -> None:
    schema = Schema((Table("broadcast", (Column("id", "INTEGER", INTEGER, primary_key=True),
                                         Column("air_date", "TEXT", TEXT))),))
    assert _links(schema, "the airdate")["airdate"] == [("broadcast", "air_date", STEM)]
    assert _links(schema, "the air date")["air date"] == [("broadcast", "air_date", "exact")]


FILED = """
CREATE TABLE vendor_info (vendorId INTEGER PRIMARY KEY, vendorNm TEXT, townNm TEXT, firstSeenDt DATE);
CREATE TABLE deliveries (delId INTEGER PRIMARY KEY, vendorId INTEGER REFERENCES vendor_info(vendorId),
                         crates INTEGER);
INSERT INTO vendor_info VALUES (1, 'Alder Farm', 'Ely', '2021-02-01'), (2, 'Birch Mill', 'Diss', '2022-06-09'),
                               (3, 'Cedar Dairy', 'Ely', '2023-09-30');
INSERT INTO deliveries VALUES (1, 1, 4), (2, 2, 9), (3, 2, 3), (4, 2, 1), (5, 3, 6);
"""


@pytest.fixture(scope="module")
def filed_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "filed", FILED) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("list the vendors in Ely", "SELECT * FROM vendor_info WHERE townNm = 'Ely'"),
    ("which vendor made the most deliveries?",
     "SELECT v.vendorNm FROM vendor_info v JOIN deliveries d ON d.vendorId = v.vendorId "
     "GROUP BY v.vendorId ORDER BY COUNT(*) DESC LIMIT 1"),
])
def test_a_table_filed_under_a_word_is_named_by_its_rows(filed_db: Database, question: str, gold: str) -> None:
    """ "vendor_info" holds vendors: the last word files them, and an abbreviated name column
    (``vendorNm``) is how a vendor is named."""
    answers(filed_db, question, gold)
