"""SQL a person would write: a count of rows across a one-to-many join is COUNT(DISTINCT key) in a
plain GROUP BY, not a measured subquery; a table joined only to read the key the main table
already holds is not joined. Schemas invented here, with and without rows that fan out."""

from __future__ import annotations

import re
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.engines.builtin.engine import BuiltinEngine

HELPERS = re.compile(r"\b_(base|m\d+|g\d+|p\d+|a\d+|pairs|k)\b")
# (showing, canvas, exhibition, room): a canvas hangs twice in one exhibition, once in others
SHOWINGS = [(1, 1, 1, "A"), (2, 1, 1, "B"), (3, 2, 1, "A"), (4, 3, 2, "A"), (5, 3, 3, "C"), (6, 1, 3, "C")]
CANVASES = [(1, 1, "Dawn", 40.0), (2, 1, "Dusk", 60.0), (3, 2, "Tide", 80.0)]
EXHIBITIONS = {1: "Spring", 2: "Summer", 3: "Winter"}


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("plain") / "studio.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE painter (painter_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE canvas (canvas_id INTEGER PRIMARY KEY, painter_id INTEGER REFERENCES painter (painter_id),
                             title TEXT, width REAL);
        CREATE TABLE exhibition (exhibition_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE showing (showing_id INTEGER PRIMARY KEY, canvas_id INTEGER REFERENCES canvas (canvas_id),
                              exhibition_id INTEGER REFERENCES exhibition (exhibition_id), room TEXT);
        INSERT INTO painter VALUES (1, 'Ines'), (2, 'Omar'), (3, 'Pia');
    """)
    con.executemany("INSERT INTO canvas VALUES (?, ?, ?, ?)", CANVASES)
    con.executemany("INSERT INTO exhibition VALUES (?, ?)", EXHIBITIONS.items())
    con.executemany("INSERT INTO showing VALUES (?, ?, ?, ?)", SHOWINGS)
    con.commit()
    con.close()
    return path


def _ask(path: Path, question: str) -> tuple[str, list[tuple]]:
    db = open_database(str(path))
    draft = BuiltinEngine(today=date(2026, 6, 15)).draft(question, db)
    return draft.sql, [tuple(r) for r in db.execute(draft.sql).rows]


def _canvases_per_exhibition() -> dict[str, set[int]]:
    out: dict[str, set[int]] = {name: set() for name in EXHIBITIONS.values()}
    for _s, canvas, exhibition, _r in SHOWINGS:
        out[EXHIBITIONS[exhibition]].add(canvas)
    return out


@pytest.mark.parametrize("question", ["names of exhibitions and the number of canvases",
                                      "exhibitions with more than 1 canvas"])
def test_counting_rows_across_a_fan_out_is_a_distinct_count_in_one_group_by(studio: Path, question: str) -> None:
    """A canvas hung twice in one exhibition is one canvas there."""
    sql, rows = _ask(studio, question)
    expected = {name: len(ids) for name, ids in _canvases_per_exhibition().items()}
    assert all(expected[name] == count for name, count in rows) and rows
    assert "COUNT(DISTINCT" in sql and sql.count("SELECT") == 1 and not HELPERS.search(sql)
    assert "JOIN canvas" not in sql  # the canvases' keys are on the showings: no join to read them


def test_a_sum_across_a_fan_out_is_still_measured_once_per_row(studio: Path) -> None:
    """A sum over DISTINCT values would drop equal widths of different canvases: measured apart,
    in parts named for what they hold."""
    sql, rows = _ask(studio, "total width of canvases per exhibition")
    assert not HELPERS.search(sql) and "canvas_measured" in sql
    width = {c: w for c, _p, _t, w in CANVASES}
    assert dict(rows) == {name: sum(width[c] for c in ids) for name, ids in _canvases_per_exhibition().items()}


def test_without_fan_out_a_count_is_a_plain_count(studio: Path) -> None:
    sql, rows = _ask(studio, "number of canvases per painter")
    assert sorted(rows) == [("Ines", 2), ("Omar", 1)]
    assert "DISTINCT" not in sql and not HELPERS.search(sql)


def test_a_key_the_main_table_holds_is_read_from_it(studio: Path) -> None:
    sql, rows = _ask(studio, "the title and painter id of each canvas")
    assert sorted(rows) == [("Dawn", 1), ("Dusk", 1), ("Tide", 2)]
    assert "JOIN" not in sql
    sql, rows = _ask(studio, "the title of each canvas and the name of its painter")  # another column: joined
    assert "JOIN" in sql
    assert {frozenset(r) for r in rows} == {frozenset(("Dawn", "Ines")), frozenset(("Dusk", "Ines")),
                                            frozenset(("Tide", "Omar"))}
