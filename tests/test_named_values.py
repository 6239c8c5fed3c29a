"""A value said right after the name of what holds it: "the album Blue Hour" when a song has that
title too, "by the artist Nora Lind" (a condition, not a grouping), and amounts said in cents or
dollars against a money column. On a record label's schema invented here; every answer is run and
compared with what a hand-written query returns."""

from __future__ import annotations

import pytest

from tests.helpers import read, same_answer, schema_database

LABEL = """
    CREATE TABLE artists (artist_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE albums (album_id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artists (artist_id));
    CREATE TABLE songs (song_id INTEGER PRIMARY KEY, title TEXT, album_id INTEGER REFERENCES albums (album_id),
                        price DECIMAL(6, 2));
    INSERT INTO artists VALUES (1, 'Nora Lind'), (2, 'Otto Brandt');
    INSERT INTO albums VALUES (1, 'Blue Hour', 1), (2, 'Salt Roads', 1), (3, 'Iron Bloom', 2), (4, 'Driftwood', 2);
    INSERT INTO songs VALUES (1, 'Blue Hour', 2, 0.99), (2, 'Low Tide', 1, 1.29), (3, 'Pale Sky', 1, 0.79),
                             (4, 'North Wind', 1, 1.99), (5, 'Copper', 3, 0.99), (6, 'Ember', 3, 0.69),
                             (7, 'Gull', 4, 1.49);
"""


@pytest.fixture(scope="module")
def label(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "label", LABEL) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    # the song titled so is on another album: the word before the title says which table it names
    ("how many songs are on the album Blue Hour",
     "SELECT COUNT(*) FROM songs JOIN albums USING (album_id) WHERE albums.title = 'Blue Hour'"),
    ("songs of the album Blue Hour",
     "SELECT songs.song_id FROM songs JOIN albums USING (album_id) WHERE albums.title = 'Blue Hour'"),
    # a lowercase value of another table after "of" is a condition, not a word to drop
    ("total price of driftwood",
     "SELECT SUM(price) FROM songs JOIN albums USING (album_id) WHERE albums.title = 'Driftwood'"),
    ("list albums by the artist Nora Lind",
     "SELECT albums.title FROM albums JOIN artists USING (artist_id) WHERE artists.name = 'Nora Lind'"),
])
def test_a_table_named_before_its_value_says_where_the_value_is(label, question: str, gold: str) -> None:
    draft, result = read(label, question)
    assert same_answer(result, list(label.execute(gold, max_rows=None).rows)), draft.sql
    assert not draft.unused, draft.sql  # the table's name is part of the condition


@pytest.mark.parametrize(("question", "gold"), [
    ("songs that cost more than 99 cents", "SELECT song_id FROM songs WHERE price > 0.99"),
    ("songs priced under 80 cents", "SELECT song_id FROM songs WHERE price < 0.8"),
    ("songs that cost less than 1 dollar", "SELECT song_id FROM songs WHERE price < 1"),
])
def test_an_amount_is_compared_in_the_unit_it_is_said_in(label, question: str, gold: str) -> None:
    draft, result = read(label, question)
    assert same_answer(result, list(label.execute(gold, max_rows=None).rows)), draft.sql
    assert not draft.unused, draft.sql


def test_cents_in_a_columns_name_are_its_unit(tmp_path_factory: pytest.TempPathFactory) -> None:
    script = """
        CREATE TABLE fares (fare_id INTEGER PRIMARY KEY, route TEXT, price_cents INTEGER);
        INSERT INTO fares VALUES (1, 'A', 250), (2, 'B', 1200), (3, 'C', 480);
    """
    with schema_database(tmp_path_factory, "fares", script) as db:
        draft, result = read(db, "fares over 3 dollars")
        assert sorted(r[0] for r in result.rows) == [2, 3], draft.sql
