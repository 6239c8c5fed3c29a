"""A verb between rows and related rows that end in states says which outcome it means ("missed"
appointments beside completed, cancelled and scheduled ones): the join alone does not express it,
so the reading reports the verb unused and is confirmed. A verb of coming to be ("booked") and a
verb that names the key itself, in any form ("lose" of a lost_on_voyage key), are still
expressed by the join."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from nl2sql.engines.builtin.relations import _names
from tests.helpers import drafted, schema_database

SURGERY = """
    CREATE TABLE patients (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL);
    CREATE TABLE visits (id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients (id), due_on TEXT,
                         status TEXT);
    CREATE TABLE voyages (id INTEGER PRIMARY KEY, route TEXT);
    CREATE TABLE crates (id INTEGER PRIMARY KEY, label TEXT, fate TEXT,
                         lost_on_voyage INTEGER REFERENCES voyages (id));
    INSERT INTO patients VALUES (1, 'Ann Moss'), (2, 'Ben Ives'), (3, 'Cal Reed');
    INSERT INTO visits VALUES (1, 1, '2026-01-02', 'completed'), (2, 1, '2026-02-02', 'cancelled'),
                              (3, 1, '2026-03-02', 'cancelled'), (4, 2, '2026-01-09', 'completed'),
                              (5, 2, '2026-02-09', 'scheduled'), (6, 3, '2026-03-01', 'completed');
    INSERT INTO voyages VALUES (1, 'north'), (2, 'south');
    INSERT INTO crates VALUES (1, 'tiles', 'sunk', 1), (2, 'pipes', 'washed', 1), (3, 'rope', 'stolen', 2);
"""  # a surgery's visits that end completed, cancelled or still scheduled; crates lost on voyages


@pytest.fixture(scope="module")
def surgery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "surgery", SURGERY) as db:
        yield db


def test_a_verb_of_an_outcome_the_query_does_not_keep_is_confirmed(surgery: Database) -> None:
    draft = drafted(surgery, "patients who have missed more than 1 visit")
    assert "missed" in draft.unused and draft.confidence <= CONFIRM_BELOW


def test_a_verb_of_coming_to_be_is_the_join(surgery: Database) -> None:
    assert "booked" not in drafted(surgery, "patients who have booked more than 1 visit").unused


def test_a_verb_names_a_key_in_another_form_of_its_word() -> None:
    assert _names("lose", "lost_on_voyage") and _names("lost", "lost_on_voyage")
    assert not _names("sink", "lost_on_voyage")
