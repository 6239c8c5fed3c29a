"""A yes/no named by a noun and what is done to it (``training_done``, ``kit_paid``) is said as the
noun beside a form of the verb: "have done their training", "haven't paid for their kit yet", "whose
kit is paid". The schema is invented here: a youth football club's volunteers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, read, same_answer, schema_database

CLUB = """
    CREATE TABLE volunteers (vol_id INTEGER PRIMARY KEY, vol_nm TEXT NOT NULL, team TEXT,
                             training_done INTEGER DEFAULT 0, kit_paid TEXT);
    INSERT INTO volunteers VALUES (1, 'Ann', 'U9', 1, 'Y'), (2, 'Bob', 'U9', 0, 'N'), (3, 'Cat', 'U11', 0, 'Y'),
        (4, 'Dev', 'U11', 1, 'N'), (5, 'Eli', 'U13', 0, 'N');
"""


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "club", CLUB) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("volunteers who have done their training", "SELECT vol_nm FROM volunteers WHERE training_done = 1"),
    ("how many volunteers still haven't done the training", "SELECT COUNT(*) FROM volunteers WHERE training_done = 0"),
    ("volunteers whose kit is paid", "SELECT vol_nm FROM volunteers WHERE kit_paid = 'Y'"),
    ("which volunteers haven't paid for their kit yet", "SELECT vol_nm FROM volunteers WHERE kit_paid = 'N'"),
])
def test_a_yes_no_said_by_its_noun_and_verb(club: Database, question: str, gold: str) -> None:
    draft, result = read(club, question)
    assert same_answer(result, all_rows(club, gold)), draft.sql
