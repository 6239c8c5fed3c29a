"""A courier's parcels, invented here: a verb said of the rows names the state it leaves them in
("did we deliver" -> the status 'delivered') or the column named for it ("dispatch" -> dispatched_on).
Every answer is run and compared with what a hand-written query returns."""

from __future__ import annotations

import pytest

from tests.helpers import read, same_answer, schema_database

COURIER = """
    CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, sender TEXT, status TEXT, posted_on DATE,
                          dispatched_on DATE);
    INSERT INTO parcels VALUES (1, 'Ada', 'delivered', '2026-04-28', '2026-05-02'),
                               (2, 'Ben', 'delivered', '2026-05-03', '2026-05-04'),
                               (3, 'Cy', 'returned', '2026-05-10', '2026-06-01'),
                               (4, 'Di', 'lost', '2026-05-20', NULL),
                               (5, 'Ed', 'delivered', '2026-06-02', '2026-06-03');
"""


@pytest.fixture(scope="module")
def courier(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "courier", COURIER) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("how many parcels did we deliver", "SELECT COUNT(*) FROM parcels WHERE status = 'delivered'"),
    ("parcels we return", "SELECT parcel_id FROM parcels WHERE status = 'returned'"),
    ("how many parcels did we dispatch in May 2026",
     "SELECT COUNT(*) FROM parcels WHERE dispatched_on BETWEEN '2026-05-01' AND '2026-05-31'"),
])
def test_a_verb_names_the_state_it_leaves_rows_in(courier, question: str, gold: str) -> None:
    draft, result = read(courier, question)
    assert same_answer(result, list(courier.execute(gold, max_rows=None).rows)), draft.sql
