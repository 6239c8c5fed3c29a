"""Yes/no columns named by their adjective, on a stable schema built here: "retired horses",
"horses that are not retired", "uninsured horses", "horses that have a saddle", "active riders".
A boolean, a text column of yes/no values, and an integer named as a predicate (is_x, has_x) are
read surely; an integer read as yes/no by a participle name alone (its values unseen) is a guess
the reading says as a doubt, so that a count named like a participle is not run unasked."""

from __future__ import annotations

import pytest

from nl2sql.db.schema import INTEGER, Column, Table
from nl2sql.engines.builtin.yes_no import flag_of
from tests.helpers import all_rows, answers_after, built_sqlite, opened, read, same_answer, schema_database

SCHEMA = """
CREATE TABLE horses (horse_id INTEGER PRIMARY KEY, name TEXT, retired INTEGER, is_insured INTEGER,
                     has_saddle INTEGER, vaccinated TEXT, races_won INTEGER);
CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, name TEXT, active BOOLEAN,
                     horse_id INTEGER REFERENCES horses (horse_id));
INSERT INTO horses VALUES (1, 'Amber', 0, 1, 1, 'yes', 4), (2, 'Blaze', 1, 0, 0, 'no', 9),
    (3, 'Comet', 0, 1, 0, 'yes', 0), (4, 'Dusk', 1, 1, 1, 'no', 2), (5, 'Ember', 0, 0, 1, 'yes', 1);
INSERT INTO riders VALUES (1, 'Ola', 1, 1), (2, 'Per', 0, 2), (3, 'Rut', 1, 3), (4, 'Siv', 0, 1);
"""


@pytest.fixture(scope="module")
def stable_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "stable", SCHEMA) as db:
        yield db




@pytest.mark.parametrize(("question", "gold"), [
    ("insured horses", "SELECT name FROM horses WHERE is_insured = 1"),
    ("horses that are insured", "SELECT name FROM horses WHERE is_insured = 1"),
    ("horses that are not insured", "SELECT name FROM horses WHERE is_insured = 0"),
    ("uninsured horses", "SELECT name FROM horses WHERE is_insured = 0"),
    ("horses that have a saddle", "SELECT name FROM horses WHERE has_saddle = 1"),
    ("horses without a saddle", "SELECT name FROM horses WHERE has_saddle = 0"),
    ("vaccinated horses", "SELECT name FROM horses WHERE vaccinated = 'yes'"),
    ("which horses aren't vaccinated", "SELECT name FROM horses WHERE vaccinated = 'no'"),
    ("active riders", "SELECT name FROM riders WHERE active"),
    ("riders who are not active", "SELECT name FROM riders WHERE NOT active"),
    ("how many horses are insured", "SELECT COUNT(*) FROM horses WHERE is_insured = 1"),
    ("insured horses that have a saddle", "SELECT name FROM horses WHERE is_insured = 1 AND has_saddle = 1"),
])
def test_a_yes_no_column_named_as_an_adjective_is_a_condition(stable_db, question: str, gold: str) -> None:
    draft, result = read(stable_db, question)
    assert same_answer(result, all_rows(stable_db, gold)), draft.sql
    assert not draft.unused, (draft.sql, draft.unused)


@pytest.mark.parametrize(("question", "gold"), [
    ("retired horses", "SELECT name FROM horses WHERE retired = 1"),
    ("horses that are not retired", "SELECT name FROM horses WHERE retired = 0"),
])
def test_an_integer_named_as_a_participle_is_read_but_confirmed(stable_db, question: str, gold: str) -> None:
    """Its values are not seen: 1 for yes is likely, not certain (a count can be named so too)."""
    draft, result = read(stable_db, question)
    assert same_answer(result, all_rows(stable_db, gold)), draft.sql
    assert draft.confidence <= 0.75, (draft.sql, draft.confidence)


def test_a_flag_named_as_a_column_to_show_is_shown(stable_db) -> None:
    """ "the name and the retired flag": a column to show, no condition."""
    draft, result = read(stable_db, "show the name and the retired flag of each horse")
    assert "WHERE" not in draft.sql.upper() and result.row_count == 5, draft.sql


def test_a_count_named_with_a_participle_is_no_flag() -> None:
    """ "races_won" counts races: a plural noun before the participle says how many, not whether."""
    table = Table("horses", (Column("horse_id", "INTEGER", INTEGER, primary_key=True),
                             Column("races_won", "INTEGER", INTEGER), Column("retired", "INTEGER", INTEGER)))
    assert flag_of(table, table.columns[1]) is None
    flag = flag_of(table, table.columns[2])
    assert flag is not None and (flag.yes, flag.no, flag.sure) == (1, 0, False)


MENU = """
CREATE TABLE menu_entry (entry_id INTEGER PRIMARY KEY, dish TEXT, vegan TEXT, price INTEGER);
INSERT INTO menu_entry VALUES (1, 'Dal', 'yes', 9), (2, 'Stew', 'no', 12), (3, 'Salad', 'yes', 7), (4, 'Pie', 'no', 8);
"""


@pytest.mark.parametrize(("question", "gold"), [
    ("the vegan dishes", "SELECT dish FROM menu_entry WHERE vegan = 'yes'"),
    ("how many vegan dishes are there", "SELECT COUNT(*) FROM menu_entry WHERE vegan = 'yes'"),
    ("what is the vegan dish that costs under 8", "SELECT dish FROM menu_entry WHERE vegan = 'yes' AND price < 8"),
])
def test_a_flag_before_a_plural_of_another_column_is_a_condition(tmp_path, question: str, gold: str) -> None:
    """The rows said by what they hold ("vegan dishes", "the vegan dish" where each row has a dish
    and a vegan flag)."""
    with opened(built_sqlite(tmp_path, "menu", MENU)) as db:
        draft, result = read(db, question)
        assert same_answer(result, all_rows(db, gold)), draft.sql


CREW = """
CREATE TABLE venues (venue_id INTEGER PRIMARY KEY, venue_name TEXT);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT, email TEXT, is_volunteer INTEGER,
                    started_on DATE);
CREATE TABLE shifts (shift_id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff (staff_id),
                     venue_id INTEGER REFERENCES venues (venue_id), hours REAL);
INSERT INTO venues VALUES (1, 'Dock Hall'), (2, 'Mill Yard');
INSERT INTO staff VALUES (1, 'Ines Varga', 'iv@x.org', 1, '2024-03-02'), (2, 'Odd Berg', 'ob@x.org', 0, '2024-05-09'),
    (3, 'Lena Moss', 'lm@x.org', 1, '2023-11-20'), (4, 'Tom Reed', 'tr@x.org', 1, '2024-08-14'),
    (5, 'Ada Kim', 'ak@x.org', 0, '2022-01-10');
INSERT INTO shifts VALUES (1, 1, 1, 4), (2, 2, 1, 6), (3, 3, 2, 5), (4, 1, 2, 3), (5, 5, 1, 8);
"""


@pytest.mark.parametrize(("question", "gold"), [
    ("which volunteers started in 2024?",
     "SELECT full_name FROM staff WHERE is_volunteer = 1 AND started_on BETWEEN '2024-01-01' AND '2024-12-31'"),
    ("show the email of volunteers", "SELECT email FROM staff WHERE is_volunteer = 1"),
    ("list the volunteers", "SELECT full_name FROM staff WHERE is_volunteer = 1"),
])
def test_the_plural_noun_of_a_flag_names_the_rows(tmp_path, question: str, gold: str) -> None:
    """ "volunteers" of ``staff.is_volunteer`` are the staff the flag says yes of, not the flag's
    values: the rows asked about, shown by what the question asks for."""
    with opened(built_sqlite(tmp_path, "crew", CREW)) as db:
        draft, result = read(db, question)
        assert same_answer(result, all_rows(db, gold)), draft.sql


def test_a_flag_noun_leading_a_question_about_other_rows_makes_them_the_rows(tmp_path) -> None:
    """ "which volunteers worked at Dock Hall": staff, not the venue's shifts with a flag column
    shown."""
    with opened(built_sqlite(tmp_path, "crew", CREW)) as db:
        draft, _ = read(db, "which volunteers worked shifts at Dock Hall?")
        assert draft.sql.startswith("SELECT") and "FROM staff" in draft.sql.split("WHERE")[0], draft.sql
        assert "is_volunteer IN (1, -1)" in draft.sql, draft.sql  # yes: 1, or -1 as Access keeps it


@pytest.mark.parametrize(("turns", "gold"), [
    (["horses that have a saddle", "don't count the insured ones"],
     "SELECT name FROM horses WHERE has_saddle = 1 AND is_insured = 0"),
    (["riders", "don't count the active ones"], "SELECT name FROM riders WHERE NOT active"),
    (["how many horses per vaccinated, don't count the insured ones"],
     "SELECT vaccinated, COUNT(*) FROM horses WHERE is_insured = 0 GROUP BY vaccinated"),
])
def test_a_flag_not_counted_leaves_its_rows_out(stable_db, turns: list[str], gold: str) -> None:
    """ "don't count the insured ones" keeps the rows the flag says no of, as "not insured" does."""
    answers_after(stable_db, turns, gold)



@pytest.mark.parametrize("turns", [
    ["list the staff", "not including the volunteer ones"],
    ["list the staff", "not the volunteers"],
    ["list the staff who started before 2025", "not counting the volunteer ones"],
])
def test_a_follow_up_that_denies_a_flag_s_rows_leaves_them_out(tmp_path, turns: list[str]) -> None:
    """ "not including" keeps no columns ("including" adds some after "also"), and "not the
    volunteers" opening a line denies those rows: the staff the flag says no of."""
    with opened(built_sqlite(tmp_path, "crew", CREW)) as db:
        dated = " AND started_on < '2025-01-01'" if "before" in turns[0] else ""
        answers_after(db, turns, f"SELECT full_name FROM staff WHERE is_volunteer = 0{dated}")
