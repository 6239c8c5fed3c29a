"""A moment named by the noun of its verb: "the confirmation date" of ``confirmed_on``, "the arrival
date" of ``date_arrived``, "the time from enquiry to confirmation". The noun comes from the verb
(WordNet's derived words), and a column of moments is named by the verb's participle; so is a
synonym of the verb ("finished" for a ``completed_on``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import reads_whole, schema_database

BERTHS = """
    CREATE TABLE ferries (ferry_id INTEGER PRIMARY KEY, ferry_name TEXT NOT NULL, date_built TEXT,
                          date_arrived TEXT NOT NULL, date_departed TEXT);
    CREATE TABLE charters (charter_id INTEGER PRIMARY KEY, ferry_id INTEGER REFERENCES ferries (ferry_id),
                           enquired_on TEXT NOT NULL, confirmed_on TEXT, sail_date TEXT);
    INSERT INTO ferries VALUES (1, 'Skua', '1990-01-01', '2026-05-01', '2026-05-04'),
                               (2, 'Tern', '2001-01-01', '2026-05-02', NULL);
    INSERT INTO charters VALUES (1, 1, '2026-04-01', '2026-04-05', '2026-06-01'),
                                (2, 2, '2026-04-03', '2026-04-13', '2026-07-01'), (3, 1, '2026-04-20', NULL, NULL);
    CREATE TABLE overhauls (overhaul_id INTEGER PRIMARY KEY, ferry_id INTEGER REFERENCES ferries (ferry_id),
                            begun_on TEXT NOT NULL, completed_on TEXT);
    INSERT INTO overhauls VALUES (1, 1, '2026-04-20', '2026-05-02'), (2, 2, '2026-05-10', '2026-06-01'),
                                 (3, 1, '2026-05-25', NULL);
"""  # a harbour: ferries berthed, and charters enquired about and confirmed


@pytest.fixture(scope="module")
def berths(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "berths", BERTHS) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("departure date and arrival date of ferries", "SELECT date_departed, date_arrived FROM ferries"),
    ("the confirmation date of each charter", "SELECT confirmed_on FROM charters"),
    ("average time from enquiry to confirmation of charters",
     "SELECT AVG(JULIANDAY(confirmed_on) - JULIANDAY(enquired_on)) FROM charters"),
    ("charters by confirmation date",
     "SELECT STRFTIME('%Y-%m-%d', confirmed_on), COUNT(*) FROM charters GROUP BY 1"),
    ("overhauls finished in May 2026",
     "SELECT * FROM overhauls WHERE completed_on >= '2026-05-01' AND completed_on < '2026-06-01'"),
    ("how many overhauls did we finish in May 2026",
     "SELECT COUNT(*) FROM overhauls WHERE completed_on >= '2026-05-01' AND completed_on < '2026-06-01'"),
])
def test_a_moment_is_named_by_the_noun_of_its_verb(berths: Database, line: str, gold: str) -> None:
    reads_whole(berths, line, gold)
