"""Conditions on related rows that must keep their meaning inside larger readings, on a radio
schema built here: a ranking of a column of the rows counts the related rows, "both A and B"
asks each value of the related rows even when their table is joined for a shown column, a
negated condition beside "or" never turns into its opposite, and a verb that says more than a
filter stays unused."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE station (station_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE play (play_id INTEGER PRIMARY KEY, station_id INTEGER REFERENCES station (station_id),
                   genre TEXT, performer TEXT);
INSERT INTO station VALUES (1, 'Wave', 'Oslo'), (2, 'Echo', 'Bergen'), (3, 'Pulse', 'Oslo');
INSERT INTO play VALUES (1, 1, 'jazz', 'Ada'), (2, 1, 'folk', 'Bo'), (3, 2, 'jazz', 'Cy'),
    (4, 3, 'jazz', 'Di'), (5, 3, 'jazz', 'Ed'), (6, 3, 'jazz', 'Flo'), (7, 2, 'rock', 'Gus');
"""


@pytest.fixture(scope="module")
def radio_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "radio", SCHEMA) as db:
        yield db


def test_names_of_rows_with_the_most_related_rows_counts_those_rows(radio_db) -> None:
    answers(radio_db, "show names of stations with the most plays",
            "SELECT station.name FROM station JOIN play ON play.station_id = station.station_id "
            "GROUP BY station.station_id ORDER BY COUNT(*) DESC LIMIT 1")


def test_both_values_are_asked_of_related_rows_even_when_their_table_is_joined(radio_db) -> None:
    draft = BuiltinEngine().draft("show the name of each station and the performer of its plays "
                                  "for stations that play both jazz and folk", radio_db)
    result = radio_db.execute(draft.sql, max_rows=None)
    name = result.columns.index("name")
    assert result.rows and {row[name] for row in result.rows} == {"Wave"}, draft.sql


def test_a_negated_condition_beside_or_keeps_its_meaning(radio_db) -> None:
    """Whatever the reading, a station that plays jazz and is not in Bergen is never listed."""
    draft = BuiltinEngine().draft("names of stations in Bergen or that do not play any jazz", radio_db)
    names = {row[0] for row in radio_db.execute(draft.sql, max_rows=None).rows}
    assert not names & {"Wave", "Pulse"}, draft.sql


@pytest.mark.parametrize("line", ["names of stations that hate Oslo", "names of stations that left Oslo"])
def test_a_verb_that_says_more_than_the_filter_stays_unused(radio_db, line: str) -> None:
    draft = BuiltinEngine().draft(line, radio_db)
    assert line.split()[4] in draft.unused and draft.confidence <= 0.75, (draft.sql, draft.unused)


def test_a_verb_that_says_where_a_row_is_is_the_filter(radio_db) -> None:
    draft = BuiltinEngine().draft("names of stations located in Oslo", radio_db)
    assert "located" not in draft.unused and "'Oslo'" in draft.sql
