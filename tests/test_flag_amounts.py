"""A yes/no named by a deed of money and the party it was passed to (``charged_to_owner``) is a flag:
"the ones we charged the owner for" keeps its yes rows; and a total said of a yes/no ("total
charged") adds up the money the rows keep, never the ones and zeros. Other deeds so named are as
often counts (``delivered_to_door``) and stay numbers. A state a short stored phrase opens with
("damaged" of 'damaged in transit') names that value, unless it is the verb of rows the schema
keeps ("ordered" of orders). The schema is invented here (a boatyard)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.analysis import analyse
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.linking.lexicon import VALUE
from tests.helpers import answers_after, schema_database

BOATYARD = """
    CREATE TABLE boats (boat_id INTEGER PRIMARY KEY, boat_name TEXT NOT NULL, owner_name TEXT NOT NULL);
    CREATE TABLE damage_reports (report_id INTEGER PRIMARY KEY, boat_id INTEGER REFERENCES boats (boat_id),
                                 found_on DATE NOT NULL, damage_kind TEXT NOT NULL, repair_cost REAL NOT NULL,
                                 charged_to_owner INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE returns (return_id INTEGER PRIMARY KEY, boat_id INTEGER REFERENCES boats (boat_id),
                          returned_on DATE NOT NULL, reason TEXT NOT NULL);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, ordered_on DATE NOT NULL, channel TEXT NOT NULL,
                         delivered_to_door INTEGER NOT NULL);
    INSERT INTO orders VALUES (1, '2026-05-03', 'Ordered online', 3), (2, '2026-05-20', 'Walk-in', 0),
        (3, '2026-06-01', 'Phone', 2), (4, '2026-05-28', 'Ordered online', 1);
    INSERT INTO boats VALUES (1, 'Curlew', 'A. Marsh'), (2, 'Dabchick', 'B. Reed'), (3, 'Eider', 'C. Fenn');
    INSERT INTO damage_reports VALUES (1, 1, '2026-01-04', 'Hull', 220.0, 1), (2, 2, '2026-02-11', 'Rigging', 75.5, 0),
        (3, 3, '2026-03-19', 'Hull', 410.0, 1), (4, 1, '2026-04-02', 'Engine', 130.0, 0),
        (5, 2, '2026-05-23', 'Rigging', 60.0, 1), (6, 3, '2025-11-30', 'Engine', 999.0, 1);
    INSERT INTO returns VALUES (1, 1, '2026-02-01', 'damaged in transit'), (2, 2, '2026-03-01', 'wrong size'),
        (3, 3, '2026-04-01', 'damaged in transit'), (4, 1, '2026-05-01', 'changed mind'),
        (5, 2, '2026-05-02', 'Spare Parts Missing');
"""


@pytest.fixture(scope="module")
def boatyard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "boatyard", BOATYARD) as db:
        yield db


THIS_YEAR = "found_on >= '2026-01-01' AND found_on < '2027-01-01'"


def test_a_flag_named_by_a_deed_and_whom_it_was_done_to_keeps_its_yes_rows(boatyard: Database) -> None:
    answers_after(boatyard, ["damage reports this year", "only the ones we charged the owner for"],
                  f"SELECT * FROM damage_reports WHERE {THIS_YEAR} AND charged_to_owner = 1")


def test_a_total_of_a_flag_adds_up_the_rows_money(boatyard: Database) -> None:
    answers_after(boatyard, ["damage reports this year", "only the ones we charged the owner for", "total charged?"],
                  f"SELECT SUM(repair_cost) FROM damage_reports WHERE {THIS_YEAR} AND charged_to_owner = 1")
    answers_after(boatyard, ["damage reports this year", "only the ones we charged the owner for", "total charged?",
                             "by damage kind"],
                  f"SELECT damage_kind, SUM(repair_cost) FROM damage_reports WHERE {THIS_YEAR} "
                  "AND charged_to_owner = 1 GROUP BY damage_kind")


def test_the_state_a_stored_phrase_opens_with_names_it(boatyard: Database) -> None:
    answers_after(boatyard, ["returns this year", "only the damaged ones"],
                  "SELECT * FROM returns WHERE returned_on >= '2026-01-01' AND reason = 'damaged in transit'")


def test_a_name_or_a_plain_word_opening_a_phrase_names_nothing(boatyard: Database) -> None:
    """Only a state ("damaged"), said of no other value, names a phrase by its first word; a word of a
    name ('Spare Parts Missing') or an ordinary word ("wrong" of 'wrong size') does not."""
    engine = BuiltinEngine()
    lexicon = engine.lexicon(engine.schema(boatyard))
    linked = {w: [c for link in analyse(w, lexicon, engine.today).links for c in link.of_kind(VALUE)]
              for w in ("damaged", "wrong", "spare")}
    assert [c.value for c in linked["damaged"]] == ["damaged in transit"]
    assert not linked["wrong"] and not linked["spare"], linked


def test_a_deed_to_a_place_is_a_count_and_the_rows_verb_no_value(boatyard: Database) -> None:
    answers_after(boatyard, ["total delivered to door in May"],
                  "SELECT SUM(delivered_to_door) FROM orders WHERE ordered_on LIKE '2026-05%'")
    answers_after(boatyard, ["what was ordered last month"],
                  "SELECT * FROM orders WHERE ordered_on LIKE '2026-05%'")
