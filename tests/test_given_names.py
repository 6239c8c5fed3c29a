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
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL);
    INSERT INTO clients VALUES (1, 'Noor Patel'), (2, 'Wes Obi');
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


def test_a_colleague_is_called_by_first_name_before_a_client(crew: Database) -> None:
    reads_whole(crew, "how many lifts did Noor do",
                "SELECT COUNT(*) FROM lifts l JOIN riggers r ON r.rigger_id = l.rigger_id WHERE r.name = 'Noor Haddad'")


def test_a_first_name_two_people_share_names_neither(crew: Database) -> None:
    assert "Ivo Marsh" not in drafted(crew, "how many lifts did Ivo do").sql


def test_a_first_name_said_as_a_word_is_the_word(crew: Database) -> None:
    assert "Bill Oduya" not in drafted(crew, "average bill of lifts").sql


SURGERY = """
    CREATE TABLE vets (vet_id INTEGER PRIMARY KEY, vet_name TEXT NOT NULL);
    CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, owner_name TEXT NOT NULL);
    CREATE TABLE remedies (remedy_id INTEGER PRIMARY KEY, remedy_name TEXT NOT NULL);
    CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, vet_id INTEGER REFERENCES vets (vet_id),
                         owner_id INTEGER REFERENCES owners (owner_id),
                         remedy_id INTEGER REFERENCES remedies (remedy_id), seen_on TEXT NOT NULL);
    INSERT INTO vets VALUES (1, 'Zara Quill'), (2, 'Tomasz Ode');
    INSERT INTO owners VALUES (1, 'Zara Penn'), (2, 'Oskar Lund'), (3, 'Ulla Berg');
    INSERT INTO remedies VALUES (1, 'Flea Drops'), (2, 'Worm Tablets'), (3, 'Ear Cleaner');
    INSERT INTO visits VALUES (1, 1, 1, 1, '2026-05-01'), (2, 2, 2, 2, '2026-05-02'), (3, 1, 3, 1, '2026-05-03');
"""  # a vet surgery: a vet and an owner are both called Zara; remedies are named by two words too


@pytest.fixture(scope="module")
def surgery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "surgery_names", SURGERY) as db:
        yield db


def test_a_first_name_of_people_in_two_tables_names_neither(surgery: Database) -> None:
    assert "Zara" not in drafted(surgery, "visits for Zara").sql


def test_a_first_name_of_a_table_not_of_people_names_the_one_who_has_it(surgery: Database) -> None:
    reads_whole(surgery, "visits for Oskar",
                "SELECT v.* FROM visits v JOIN owners o ON o.owner_id = v.owner_id WHERE o.owner_name = 'Oskar Lund'")


def test_the_first_word_of_a_thing_s_name_is_no_person(surgery: Database) -> None:
    assert "Flea Drops" not in drafted(surgery, "visits with Flea treatment").sql
