"""A bike repair shop, invented here: jobs known by a reference (the only name they keep is a
contact's) on a bench, mechanics with two names in a crew kept under a code (``crew_cd``) beside a
date that also starts with "crew". "which benches are they on?" after a listing of jobs is the
benches, each once; "what crews are they in?" after a listing of mechanics is each mechanic with
their crew's description; "and their bench", "add their crew" show the row the key points to by its
name, not the key, unless the key itself is asked for ("their bench id")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import EngineError
from tests.conftest import TODAY
from tests.helpers import all_rows, read, same_answer, schema_database

SHOP = """
    CREATE TABLE benches (bench_id INTEGER PRIMARY KEY, bench_name TEXT);
    CREATE TABLE crews (crew_cd TEXT PRIMARY KEY, crew_desc TEXT);
    CREATE TABLE mechanics (mech_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                            crew_cd TEXT REFERENCES crews, crew_since TEXT, hired_on TEXT,
                            bench_id INTEGER REFERENCES benches);
    CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, job_ref TEXT UNIQUE, contact_name TEXT,
                       bench_id INTEGER REFERENCES benches, mech_id INTEGER REFERENCES mechanics, status TEXT,
                       opened_on TEXT);
    INSERT INTO benches VALUES (1, 'Wheel bench'), (2, 'Frame bench'), (3, 'E-bike bench');
    INSERT INTO crews VALUES ('RD', 'Road bikes'), ('MT', 'Mountain bikes');
    INSERT INTO mechanics VALUES (1, 'Ana', 'Silva', 'RD', '2021-03-01', '2019-05-01', 1),
        (2, 'Ben', 'Okafor', 'MT', '2022-07-01', '2022-06-20', 2),
        (3, 'Cara', 'Lind', 'MT', '2023-01-09', '2023-01-02', 2);
    INSERT INTO jobs VALUES (1, 'J-101', 'Mo Reid', 1, 1, 'open', '2026-05-02'),
        (2, 'J-102', 'Lu Tan', 1, 2, 'open', '2026-05-03'), (3, 'J-103', 'Mo Reid', 2, 3, 'done', '2026-05-04'),
        (4, 'J-104', 'Ed Fox', 3, 2, 'open', '2026-05-06'), (5, 'J-105', 'Lu Tan', 2, 1, 'done', '2026-05-07');
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "shop", SHOP) as db:
        yield db


def followed(db: Database, line: str, then: str) -> tuple[str, list[str], list[tuple]]:
    engine = BuiltinEngine(today=TODAY)
    first = engine.draft(line, db)
    draft = engine.refine(RefinementContext(line, first.sql, then, current_spec=first.spec), db)
    result = db.execute(draft.sql, max_rows=None)
    return draft.sql, result.columns, [tuple(row) for row in result.rows]


def test_rows_with_no_name_are_read_as_the_rows_they_point_to(shop: Database) -> None:
    sql, columns, rows = followed(shop, "open jobs", "which benches are they on?")
    gold = """SELECT DISTINCT b.bench_name FROM jobs j JOIN benches b ON b.bench_id = j.bench_id
              WHERE j.status = 'open'"""
    assert sorted(rows) == sorted(all_rows(shop, gold)), sql


def test_counted_rows_are_listed_by_what_they_point_to(shop: Database) -> None:
    sql, _, rows = followed(shop, "how many jobs are open", "which benches are they on?")
    assert sorted(rows) == [("E-bike bench",), ("Wheel bench",)], sql


def test_named_rows_keep_their_name_beside_the_row_they_point_to(shop: Database) -> None:
    sql, columns, rows = followed(shop, "mechanics hired since 2022", "what crews are they in?")
    gold = """SELECT m.first_name, m.last_name, c.crew_desc FROM mechanics m JOIN crews c ON c.crew_cd = m.crew_cd
              WHERE m.hired_on >= '2022-01-01'"""
    assert sorted(rows) == sorted(all_rows(shop, gold)), sql
    assert "crew_since" not in columns, sql


def test_a_line_that_names_no_table_the_rows_point_to_changes_nothing(shop: Database) -> None:
    engine = BuiltinEngine(today=TODAY)
    first = engine.draft("open jobs", shop)
    with pytest.raises(EngineError):
        engine.refine(RefinementContext("open jobs", first.sql, "which weather were they in?",
                                        current_spec=first.spec), shop)


def test_their_key_word_shows_the_row_it_points_to_by_name(shop: Database) -> None:
    draft, result = read(shop, "open jobs with their bench")
    gold = "SELECT b.bench_name FROM jobs j JOIN benches b ON b.bench_id = j.bench_id WHERE j.status = 'open'"
    assert same_answer(result, all_rows(shop, gold)), draft.sql
    assert "bench_id" not in result.columns, draft.sql


def test_their_code_keyed_row_beats_a_date_named_alike(shop: Database) -> None:
    draft, result = read(shop, "mechanics and their crew")
    gold = "SELECT m.first_name, m.last_name, c.crew_desc FROM mechanics m JOIN crews c ON c.crew_cd = m.crew_cd"
    assert same_answer(result, all_rows(shop, gold)), draft.sql
    assert "crew_since" not in result.columns, draft.sql


def test_added_key_word_shows_the_name_and_a_said_key_stays_a_key(shop: Database) -> None:
    sql, columns, rows = followed(shop, "mechanics hired since 2022", "add their bench")
    assert columns[-1] == "bench_name" and [row[-1] for row in rows] == ["Frame bench", "Frame bench"], sql
    sql, columns, _ = followed(shop, "mechanics hired since 2022", "add their bench id")
    assert columns[-1] == "bench_id", sql


def test_open_jobs_show_the_name_of_their_bench_and_mechanic(shop: Database) -> None:
    """Jobs have no name: listed whole, each shows the names its keys point to, and a request for
    one of those again changes nothing."""
    sql, columns, rows = followed(shop, "open jobs", "add their bench")
    assert {"bench_name", "mech_first_name", "mech_last_name"} <= set(columns) and len(rows) == 3, sql
    assert columns.count("bench_name") == 1, sql


def test_all_the_jobs_are_listed_as_kept_and_their_follow_ups_too(shop: Database) -> None:
    draft, result = read(shop, "all the jobs")
    assert result.columns == ("job_id", "job_ref", "contact_name", "bench_id", "mech_id", "status", "opened_on"), \
        draft.sql
    _sql, columns, rows = followed(shop, "all the jobs", "only open ones")
    assert "bench_name" not in columns and len(rows) == 3, _sql


def test_a_party_named_like_a_reserved_word_is_quoted(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A key to a table of users joins it under the table's noun, "user", which PostgreSQL reserves."""
    script = """CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE logins (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users, at TEXT);
        INSERT INTO users VALUES (1, 'Ida'); INSERT INTO logins VALUES (1, 1, '2026-05-02 10:00');"""
    with schema_database(tmp_path_factory, "logins", script) as db:
        draft, result = read(db, "logins in May")
        assert '"user"' in draft.sql and result.rows[0][-1] == "Ida", draft.sql
