"""A participle that names the rows its act leaves ("registered": the registrations, "assigned": the
assignments) takes the join through them, as a table word would, where a shorter key between the
two tables names a role (a club's captain, a ward's head nurse), also when the word first names the
date those rows keep (``registered_on``). Schemas built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, schema_database

CLUBS = """
CREATE TABLE students (student_id INTEGER PRIMARY KEY, student_name TEXT);
CREATE TABLE clubs (club_id INTEGER PRIMARY KEY, club_name TEXT, captain_id INTEGER REFERENCES students (student_id));
CREATE TABLE registrations (student_id INTEGER REFERENCES students (student_id),
                            club_id INTEGER REFERENCES clubs (club_id), registered_on DATE,
                            PRIMARY KEY (student_id, club_id));
INSERT INTO students VALUES (1, 'Ana'), (2, 'Ben'), (3, 'Cleo'), (4, 'Dan');
INSERT INTO clubs VALUES (1, 'Chess', 1), (2, 'Rowing', 4);
INSERT INTO registrations VALUES (1, 1, '2026-01-02'), (2, 1, '2026-01-03'), (3, 1, '2026-01-04'),
    (4, 2, '2026-01-05'), (2, 2, '2026-01-06');
"""

WARDS = """
CREATE TABLE nurses (nurse_id INTEGER PRIMARY KEY, nurse_name TEXT);
CREATE TABLE wards (ward_id INTEGER PRIMARY KEY, ward_name TEXT, head_nurse_id INTEGER REFERENCES nurses (nurse_id));
CREATE TABLE assignments (nurse_id INTEGER REFERENCES nurses (nurse_id), ward_id INTEGER REFERENCES wards (ward_id),
                          shift TEXT, assigned_on DATE, PRIMARY KEY (nurse_id, ward_id));
INSERT INTO nurses VALUES (1, 'Eve'), (2, 'Finn'), (3, 'Gus');
INSERT INTO wards VALUES (1, 'East', 1), (2, 'West', 3);
INSERT INTO assignments VALUES (1, 1, 'day', '2026-02-01'), (2, 1, 'night', '2026-02-01'), (3, 2, 'day', '2026-02-02'),
    (2, 2, 'day', '2026-02-03');
"""


@pytest.mark.parametrize(("schema", "question", "gold"), [
    (CLUBS, "students registered in the Chess club",
     "SELECT * FROM students WHERE student_id IN (SELECT student_id FROM registrations JOIN clubs USING (club_id) "
     "WHERE club_name = 'Chess')"),
    (WARDS, "nurses assigned to the West ward",
     "SELECT * FROM nurses WHERE nurse_id IN (SELECT nurse_id FROM assignments JOIN wards USING (ward_id) "
     "WHERE ward_name = 'West')"),
])
def test_a_participle_takes_the_join_through_the_rows_of_its_act(tmp_path_factory: pytest.TempPathFactory,
                                                                 schema: str, question: str, gold: str) -> None:
    with schema_database(tmp_path_factory, "acts", schema) as db:
        answers(db, question, gold)
