"""Plain words for rows and acts on a database brought as it is.

"people" names the tables of people (rows named by a first and a last name), weakly: with one such
table it is that table; with several, the other words choose, else the reading asks which. "that
person" is someone said before, not a table. "every member of staff" is the staff. "the person they
report to" is the row a table's own key points to. A participle flag said as what we did ("have we
discontinued") is a condition. "what did we take" is money taken, but "how many <rows> did we take"
counts the rows. A legacy abbreviation in a table's name ("tkt") is the word it shortens. A period
after "from us" dates the act before it, inside its NOT EXISTS. A verb after its subject ("that we
still sell") is no column compared with a threshold.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from tests.helpers import answers, drafted, reads_whole, schema_database

YARD = """
    CREATE TABLE Crew (CrewID INTEGER PRIMARY KEY, FirstName TEXT NOT NULL, Surname TEXT NOT NULL,
                       ForemanID INTEGER REFERENCES Crew (CrewID), HiredDt TEXT NOT NULL, EndDt TEXT);
    CREATE TABLE Parts (PartNo TEXT PRIMARY KEY, Descr TEXT NOT NULL, Withdrawn TEXT NOT NULL DEFAULT 'N',
                        OnShelf INTEGER NOT NULL, RefillLvl INTEGER NOT NULL, ListPrice REAL NOT NULL);
    CREATE TABLE Yards (YardCode TEXT PRIMARY KEY, YardName TEXT NOT NULL, OpenedDt TEXT NOT NULL, ClosedDt TEXT);
    CREATE TABLE tkt (tkt_no INTEGER PRIMARY KEY, dt TEXT NOT NULL, bay INTEGER NOT NULL,
                      yard_code TEXT REFERENCES Yards (YardCode));
    CREATE TABLE tkt_ln (tkt_no INTEGER NOT NULL REFERENCES tkt (tkt_no), ln INTEGER NOT NULL,
                         part_no TEXT NOT NULL REFERENCES Parts (PartNo), qty INTEGER NOT NULL,
                         unit_price REAL NOT NULL, PRIMARY KEY (tkt_no, ln));
    INSERT INTO Crew VALUES (1, 'Ada', 'Moss', NULL, '2020-01-06', NULL), (2, 'Ben', 'Oak', 1, '2023-05-01', NULL),
                            (3, 'Cy', 'Pine', 1, '2024-02-01', '2025-09-30'), (4, 'Dot', 'Reed', 2, '2025-03-01', NULL);
    INSERT INTO Parts VALUES ('P1', 'Bolt', 'N', 3, 10, 0.5), ('P2', 'Hinge', 'Y', 0, 5, 4.0),
                             ('P3', 'Chain', 'N', 40, 12, 9.0), ('P4', 'Rope', 'N', 2, 6, 7.5);
    INSERT INTO Yards VALUES ('N', 'North', '2019-01-01', NULL), ('S', 'South', '2026-02-01', NULL),
                             ('E', 'East', '2018-01-01', '2025-01-01');
    INSERT INTO tkt VALUES (1, '2026-06-14', 1, 'N'), (2, '2026-06-14', 2, NULL), (3, '2026-05-20', 1, 'N'),
                           (4, '2025-11-02', 2, 'E'), (5, '2026-05-03', 2, NULL);
    INSERT INTO tkt_ln VALUES (1, 1, 'P1', 4, 0.5), (1, 2, 'P3', 1, 9.0), (2, 1, 'P4', 2, 7.5),
                              (3, 1, 'P3', 3, 9.0), (4, 1, 'P1', 10, 0.5), (5, 1, 'P4', 1, 7.5);
"""  # a builder's yard: crew with a foreman key, parts with a withdrawn flag, and till tickets


@pytest.fixture(scope="module")
def yard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "yard", YARD) as db:
        yield db


def test_people_is_the_one_table_of_people(yard: Database) -> None:
    reads_whole(yard, "how many people no longer work here", "SELECT COUNT(*) FROM Crew WHERE EndDt IS NOT NULL")


@pytest.mark.parametrize("line", ["list every member of the crew with the person they report to",
                                  "list crew and who they report to"])
def test_the_person_a_key_points_to_said_as_a_clause(yard: Database, line: str) -> None:
    reads_whole(yard, line, "SELECT c.FirstName, c.Surname, f.FirstName, f.Surname "
                            "FROM Crew c LEFT JOIN Crew f ON f.CrewID = c.ForemanID")


def test_a_participle_flag_said_as_what_we_did(yard: Database) -> None:
    reads_whole(yard, "how many parts have we withdrawn", "SELECT COUNT(*) FROM Parts WHERE Withdrawn = 'Y'")


def test_what_we_took_is_money_taken(yard: Database) -> None:
    reads_whole(yard, "what did we take yesterday",
                "SELECT SUM(l.qty * l.unit_price) FROM tkt_ln l JOIN tkt t ON t.tkt_no = l.tkt_no "
                "WHERE t.dt = '2026-06-14'")


def test_rows_we_took_are_counted(yard: Database) -> None:
    """ "tickets" is the tkt table, and "take" the act of taking them, not money."""
    reads_whole(yard, "how many tickets did we take last month",
                "SELECT COUNT(*) FROM tkt WHERE dt >= '2026-05-01' AND dt < '2026-06-01'")
    reads_whole(yard, "how many tickets did each bay ring up last month",
                "SELECT bay, COUNT(*) FROM tkt WHERE dt >= '2026-05-01' AND dt < '2026-06-01' GROUP BY bay")


def test_a_period_after_from_us_dates_the_denied_act(yard: Database) -> None:
    answers(yard, "which yards haven't bought anything from us this year",
            "SELECT * FROM Yards WHERE YardCode NOT IN "
            "(SELECT yard_code FROM tkt WHERE dt >= '2026-01-01' AND yard_code IS NOT NULL)")


def test_a_verb_after_its_subject_is_no_compared_column(yard: Database) -> None:
    draft = drafted(yard, "which parts that we still list are below their refill level")
    assert "OnShelf < RefillLvl" in draft.sql and "ListPrice <" not in draft.sql, draft.sql


CLINIC = """
    CREATE TABLE clinicians (id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                             mentor_id INTEGER REFERENCES clinicians (id), left_on TEXT);
    CREATE TABLE clients (id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                          left_on TEXT);
    INSERT INTO clinicians VALUES (1, 'Ann', 'Lee', NULL, NULL), (2, 'Bob', 'Ng', 1, NULL), (3, 'Cal', 'Ode', 2, NULL);
    INSERT INTO clients VALUES (1, 'Dan', 'Po', NULL), (2, 'Eve', 'Qi', '2025-01-01');
"""  # two tables of people: "people" alone does not say which


@pytest.fixture(scope="module")
def clinic(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "clinic", CLINIC) as db:
        yield db


def test_people_of_two_tables_is_asked(clinic: Database) -> None:
    draft = drafted(clinic, "how many people have left")
    asked = [a.question for a in draft.ambiguities if a.question is not None]
    assert asked and set(asked[0].values) == {"clinicians", "clients"}, draft.ambiguities


def test_that_person_is_no_table(clinic: Database) -> None:
    draft = drafted(clinic, "who is Cal Ode's mentor, and who does that person report to")
    assert draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


LEGACY = """
    CREATE TABLE dept (dept_id INTEGER PRIMARY KEY, dept_nm TEXT NOT NULL);
    CREATE TABLE emp (emp_id INTEGER PRIMARY KEY, fname TEXT NOT NULL, lname TEXT NOT NULL,
                      dept_id INTEGER REFERENCES dept (dept_id), rpts_to INTEGER REFERENCES emp (emp_id));
    INSERT INTO dept VALUES (1, 'Sales'), (2, 'Stores'), (3, 'Audit');
    INSERT INTO emp VALUES (1, 'Ann', 'Lee', 1, NULL), (2, 'Bob', 'Ng', 1, 1), (3, 'Cal', 'Ode', 2, 1),
                           (4, 'Dee', 'Poe', NULL, 2);
"""  # names shortened the way old systems shorten them


@pytest.fixture(scope="module")
def legacy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "legacy", LEGACY) as db:
        yield db


def test_a_shortened_table_name_is_the_word_it_shortens(legacy: Database) -> None:
    reads_whole(legacy, "departments with no employees",
                "SELECT * FROM dept WHERE dept_id NOT IN (SELECT dept_id FROM emp WHERE dept_id IS NOT NULL)")


def test_a_shortened_key_to_the_same_table_is_the_manager(legacy: Database) -> None:
    reads_whole(legacy, "list employees with their manager",
                "SELECT e.fname, e.lname, m.fname, m.lname FROM emp e LEFT JOIN emp m ON m.emp_id = e.rpts_to")
