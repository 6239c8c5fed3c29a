"""A person called by their first name where one column keeps the whole name ('Noor Haddad'): the
name names them when no one else has it, and only said as a name (capitalised)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

CREW = """
    CREATE TABLE riggers (rigger_id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                          lead_id INTEGER REFERENCES riggers (rigger_id));
    CREATE TABLE lifts (lift_id INTEGER PRIMARY KEY, rigger_id INTEGER REFERENCES riggers (rigger_id),
                        lifted_on TEXT NOT NULL, tonnes REAL, bill REAL);
    INSERT INTO riggers VALUES (1, 'Noor Haddad', NULL), (2, 'Ivo Marsh', 1), (3, 'Bill Oduya', 1), (4, 'Ivo Tran', 2);
    INSERT INTO lifts VALUES (1, 1, '2026-05-01', 3.5, 400), (2, 3, '2026-05-02', 1.0, 150),
                             (3, 3, '2026-05-03', 2.0, 260);
"""  # a rigging crew: two riggers share the first name Ivo


@pytest.fixture(scope="module")
def crew(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "crew", CREW) as db:
        yield db


def test_a_first_name_names_the_one_person_who_has_it(crew: Database) -> None:
    reads_whole(crew, "how many lifts did Bill do",
                "SELECT COUNT(*) FROM lifts l JOIN riggers r ON r.rigger_id = l.rigger_id WHERE r.name = 'Bill Oduya'")


def test_a_first_name_two_people_share_names_neither(crew: Database) -> None:
    assert "Ivo Marsh" not in drafted(crew, "how many lifts did Ivo do").sql


def test_a_first_name_said_as_a_word_is_the_word(crew: Database) -> None:
    assert "Bill Oduya" not in drafted(crew, "average bill of lifts").sql
