"""A number before a plural table word with a superlative after it is how many rows to keep, on an
observatory schema built here: "the 2 telescopes with the most sightings" keeps two telescopes,
ranked by their sightings, and never reads 2 as a telescope's key."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import read, same_answer, schema_database

# Telescope 2 has the fewest sightings and the smallest aperture: a key read as 2 would keep it.
# Sightings per telescope: Corvus 5, Argus 4, Draco 3, Eos 2, Bede 1 (no ties).
SCHEMA = """
CREATE TABLE telescopes (telescope_id INTEGER PRIMARY KEY, name TEXT, site TEXT, aperture REAL);
CREATE TABLE sightings (sighting_id INTEGER PRIMARY KEY, telescope_id INTEGER REFERENCES telescopes (telescope_id),
                        seen_on DATE, magnitude REAL);
INSERT INTO telescopes VALUES (1, 'Argus', 'Ridge', 2.4), (2, 'Bede', 'Moor', 0.6), (3, 'Corvus', 'Ridge', 8.1),
    (4, 'Draco', 'Fen', 4.0), (5, 'Eos', 'Moor', 1.2);
INSERT INTO sightings VALUES (1, 1, '2025-01-02', 4.1), (2, 1, '2025-01-09', 3.2), (3, 1, '2025-02-11', 5.0),
    (4, 1, '2025-03-01', 2.2), (5, 3, '2025-01-03', 6.1), (6, 3, '2025-02-04', 1.9), (7, 3, '2025-02-21', 3.3),
    (8, 4, '2025-01-17', 2.8), (9, 4, '2025-03-08', 4.4), (10, 2, '2025-03-09', 5.5), (11, 5, '2025-01-30', 2.0),
    (12, 5, '2025-02-02', 3.0), (13, 3, '2025-03-12', 2.5), (14, 3, '2025-03-20', 4.0), (15, 4, '2025-03-22', 3.1);
"""

MOST_SIGHTED = "SELECT name FROM telescopes WHERE name IN ('Corvus', 'Argus')"
WIDEST = "SELECT name FROM telescopes ORDER BY aperture DESC LIMIT 3"


@pytest.fixture(scope="module")
def sky_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "sky", SCHEMA) as db:
        yield db



def _listed(db, question: str):
    draft, result = read(db, question)
    return draft, list(result.rows)


@pytest.mark.parametrize(("question", "gold", "ordered"), [
    ("the 2 telescopes with the most sightings", MOST_SIGHTED, False),
    ("2 telescopes with the most sightings", MOST_SIGHTED, False),
    ("show the 2 telescopes with the most sightings", MOST_SIGHTED, False),
    ("which 2 telescopes have the most sightings", MOST_SIGHTED, False),
    ("the 3 telescopes with the largest aperture", WIDEST, True),
    ("3 telescopes with the biggest aperture", WIDEST, True),
    ("top 3 telescopes by aperture", WIDEST, True),
    ("the 3 best telescopes by aperture", WIDEST, True),
    ("list the 2 telescopes with the smallest aperture",
     "SELECT name FROM telescopes ORDER BY aperture ASC LIMIT 2", True),
])
def test_a_number_before_plural_rows_is_how_many(sky_db, question: str, gold: str, ordered: bool) -> None:
    draft = BuiltinEngine(today=TODAY).draft(question, sky_db)
    assert draft.spec is not None and not any(f.column.column == "telescope_id" for f in draft.spec.filters), draft.sql
    result = sky_db.execute(draft.sql, max_rows=None)
    assert same_answer(result, list(sky_db.execute(gold, max_rows=None).rows), ordered=ordered), draft.sql


def test_the_count_ranks_by_the_fewest_too(sky_db) -> None:
    """ "the N <rows> with the fewest <child rows>": the N with the smallest counts, lowest first."""
    draft, rows = _listed(sky_db, "the 2 telescopes with the fewest sightings")
    assert draft.spec is not None and draft.spec.limit == 2, draft.sql
    assert {row[0] for row in rows} == {"Bede", "Eos"}, draft.sql


def test_a_number_after_a_singular_word_stays_a_key(sky_db) -> None:
    """ "telescope 2" names one row: the number is its key, not a count of rows."""
    draft, rows = _listed(sky_db, "telescope 2")
    assert len(rows) == 1 and "Bede" in rows[0], draft.sql


def test_a_superlative_with_nothing_to_rank_by_reads_no_limit(sky_db) -> None:
    """ "the 2 telescopes with the most": most of what is not said, so 2 is not read as a limit that
    would make the reading look complete; the line stays a guess."""
    draft, _rows = _listed(sky_db, "the 2 telescopes with the most")
    assert draft.confidence <= 0.75, (draft.sql, draft.confidence)


def test_a_number_compared_with_rows_is_no_limit(sky_db) -> None:
    """ "with more than 2 <rows>": a count compared, not how many rows to keep."""
    draft, rows = _listed(sky_db, "telescopes with more than 2 sightings")
    assert draft.spec is not None and draft.spec.limit is None, draft.sql
    assert sorted(row[0] for row in rows) == ["Argus", "Corvus", "Draco"], draft.sql
