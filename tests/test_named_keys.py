"""A key named for a role is shown by the row it points to: "ushers with their supervisor" lists
each supervisor's name, not a number; a row with no supervisor is still listed. The key itself
is shown when it is asked for. The schema is invented here; rows are checked against Python."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import schema_database

# (id, first, last, head_usher_id)
USHERS = [(1, "Ida", "Bell", None), (2, "Jon", "Carr", 1), (3, "Kay", "Dale", 1), (4, "Lou", "Eyre", 2)]
CREW = [(1, "Max", "Ford"), (2, "Nia", "Gale")]
SHOWS = [(1, "Tempest", 1), (2, "Ghosts", 2), (3, "Medea", None)]
THEATRE = "\n".join([
    "CREATE TABLE ushers (usher_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,",
    "                     head_usher_id INTEGER REFERENCES ushers (usher_id));",
    "CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);",
    "CREATE TABLE shows (show_id INTEGER PRIMARY KEY, title TEXT, stage_manager_id INTEGER REFERENCES crew (crew_id));",
    *(f"INSERT INTO ushers VALUES ({u}, '{f}', '{last}', {h if h is not None else 'NULL'});"
      for u, f, last, h in USHERS),
    *(f"INSERT INTO crew VALUES ({c}, '{f}', '{last}');" for c, f, last in CREW),
    *(f"INSERT INTO shows VALUES ({s}, '{t}', {m if m is not None else 'NULL'});" for s, t, m in SHOWS),
])


@pytest.fixture(scope="module")
def theatre(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "theatre", THEATRE) as db:
        yield db


def _rows(db: Database, question: str) -> tuple[set[tuple], str, str]:
    draft = BuiltinEngine(today=TODAY).draft(question, db)
    return set(db.execute(draft.sql, max_rows=None).rows), draft.sql, draft.explanation


def test_a_manager_is_shown_by_name_and_the_top_row_is_still_listed(theatre: Database) -> None:
    rows, sql, explanation = _rows(theatre, "list ushers with their supervisor")
    by_id = {u[0]: u for u in USHERS}
    expected = {(f, last, *((by_id[h][1], by_id[h][2]) if h else (None, None))) for _u, f, last, h in USHERS}
    assert rows == expected, sql
    assert "head usher" in explanation and "ID" not in explanation, explanation


def test_a_role_key_into_another_table_is_shown_by_that_row(theatre: Database) -> None:
    rows, sql, explanation = _rows(theatre, "list the shows with their stage manager")
    crew = {c[0]: c for c in CREW}
    assert {row[-2:] for row in rows} == {(crew[m][1], crew[m][2]) if m else (None, None) for *_rest, m in SHOWS}, sql
    assert len(rows) == len(SHOWS) and "stage manager ID" not in explanation, explanation


def test_the_key_is_shown_when_it_is_asked_for(theatre: Database) -> None:
    rows, sql, _ = _rows(theatre, "list the shows with their stage manager id")
    assert {row[-1] for row in rows} == {m for *_rest, m in SHOWS}, sql


def test_a_key_listed_alone_is_not_each_rows_manager(theatre: Database) -> None:
    """ "list all supervisors" shows the key alone: it asks for the rows keys point to, not for each
    row's supervisor beside nothing, so no row is joined to its supervisor."""
    draft = BuiltinEngine(today=TODAY).draft("list all supervisors", theatre)
    assert "LEFT JOIN" not in draft.sql.upper(), draft.sql


def test_counting_the_rows_listed_with_a_named_key_counts_them(theatre: Database) -> None:
    from nl2sql.workflows import SessionOptions, open_session

    session = open_session(str(theatre.path), SessionOptions(today=TODAY, confirm_below=0.0))
    session.process_turn("list ushers with their supervisor")
    counted = session.process_turn("how many are there?")
    assert counted.ok and counted.result is not None and list(counted.result.rows) == [(len(USHERS),)], counted
