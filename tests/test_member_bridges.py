"""People related to a row through a table of links are its members; a key named for a role joins
only when the role is said. "dancers in the Firebird show" are its cast (castings link the two),
not its lead (a show's lead_dancer_id, the shorter join); "shows led by Ana Ruiz" take the lead's
key. A table of events that also holds both keys (rehearsals) is no membership. The schema is
invented here; each answer is checked against rows computed in Python."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import read, schema_database

DANCERS = [(1, "Ana", "Ruiz"), (2, "Bea", "Sato"), (3, "Cleo", "Tran"), (4, "Dev", "Ueda")]
SHOWS = [(1, "Firebird", 1), (2, "Giselle", 2)]  # (id, name, lead dancer)
CASTINGS = [(2, 1, "swan"), (3, 1, "prince"), (1, 2, "queen"), (4, 2, "guard"), (3, 2, "page")]
REHEARSALS = [(1, 4, 1, "2025-03-01"), (2, 1, 1, "2025-03-02")]  # (id, dancer, show, held on)
STUDIO = "\n".join([
    "CREATE TABLE dancers (dancer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);",
    "CREATE TABLE shows (show_id INTEGER PRIMARY KEY, show_name TEXT,",
    "                    lead_dancer_id INTEGER REFERENCES dancers (dancer_id));",
    "CREATE TABLE castings (dancer_id INTEGER REFERENCES dancers (dancer_id),",
    "                       show_id INTEGER REFERENCES shows (show_id), part TEXT, PRIMARY KEY (dancer_id, show_id));",
    "CREATE TABLE rehearsals (rehearsal_id INTEGER PRIMARY KEY, dancer_id INTEGER REFERENCES dancers (dancer_id),",
    "                         show_id INTEGER REFERENCES shows (show_id), held_on DATE);",
    *(f"INSERT INTO dancers VALUES ({d}, '{f}', '{last}');" for d, f, last in DANCERS),
    *(f"INSERT INTO shows VALUES ({s}, '{n}', {lead});" for s, n, lead in SHOWS),
    *(f"INSERT INTO castings VALUES ({d}, {s}, '{p}');" for d, s, p in CASTINGS),
    *(f"INSERT INTO rehearsals VALUES ({r}, {d}, {s}, '{h}');" for r, d, s, h in REHEARSALS),
])


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "studio", STUDIO) as db:
        yield db


def _firsts(db: Database, question: str) -> set[str]:
    _, result = read(db, question)
    return {row[result.columns.index("first_name")] for row in result.rows}


def _cast(show: int) -> set[str]:
    return {d[1] for d in DANCERS if any(c[0] == d[0] and c[1] == show for c in CASTINGS)}


@pytest.mark.parametrize("question", ["list the dancers in the Firebird show", "who dances in Firebird?",
                                      "who is in the Firebird show?"])
def test_people_of_a_named_row_are_its_members(studio: Database, question: str) -> None:
    assert _firsts(studio, question) == _cast(1)


def test_a_role_said_takes_the_roles_key(studio: Database) -> None:
    _, rows = read(studio, "shows led by Ana Ruiz")
    assert {row[rows.columns.index("show_name")] for row in rows.rows} == {n for _, n, lead in SHOWS if lead == 1}


def test_members_are_counted_through_the_links(studio: Database) -> None:
    rows = read(studio, "how many dancers per show")[1].rows
    assert sorted(row[-1] for row in rows) == sorted(Counter(s for _, s, _ in CASTINGS).values())
