"""Amounts said the way people say them, on a schema nobody configured: money compared "altogether"
is each row's total of the rows that refer to it; "how many kilos of <value>" adds up the quantity;
a number said in days or weeks is compared with the rows' one duration, in its unit; "later than
they were due" compares a row's two dates; "did people skip" names the state the rows are left in.
Of two tables that both keep a "quantity", the one nearest the value said is the one meant."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from tests.helpers import all_rows, answers, drafted, read, reads_whole, same_answer, schema_database

FARM = """
    CREATE TABLE growers (grower_id INTEGER PRIMARY KEY, grower_name TEXT NOT NULL, miles_away INTEGER);
    CREATE TABLE crops (crop_id INTEGER PRIMARY KEY, crop_name TEXT NOT NULL, grower_id INTEGER
                        REFERENCES growers (grower_id), life_days INTEGER NOT NULL);
    CREATE TABLE members (member_id INTEGER PRIMARY KEY, member_name TEXT NOT NULL);
    CREATE TABLE rounds (round_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                         due_on TEXT NOT NULL, delivered_on TEXT, outcome TEXT NOT NULL, fee REAL NOT NULL);
    CREATE TABLE round_items (round_id INTEGER REFERENCES rounds (round_id), crop_id INTEGER
                              REFERENCES crops (crop_id), qty REAL NOT NULL, PRIMARY KEY (round_id, crop_id));
    CREATE TABLE extras (extra_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                         ordered_on TEXT NOT NULL, item TEXT NOT NULL, qty INTEGER NOT NULL);
    INSERT INTO growers VALUES (1, 'Oak Farm', 12), (2, 'Hill Farm', 40);
    INSERT INTO crops VALUES (1, 'Leeks', 1, 10), (2, 'Chard', 2, 4), (3, 'Squash', 1, 30);
    INSERT INTO members VALUES (1, 'Ada'), (2, 'Bram'), (3, 'Cleo');
    INSERT INTO rounds VALUES (1, 1, '2026-05-04', '2026-05-04', 'dropped', 15.0),
                              (2, 2, '2026-05-04', '2026-05-06', 'dropped', 20.0),
                              (3, 1, '2026-05-11', NULL, 'skipped', 12.0),
                              (4, 3, '2025-05-11', '2025-05-12', 'dropped', 15.0),
                              (5, 2, '2026-05-18', NULL, 'skipped', 0.0);
    INSERT INTO round_items VALUES (1, 1, 2.0), (1, 2, 1.0), (2, 1, 3.5), (4, 1, 1.0), (4, 3, 2.0);
    INSERT INTO extras VALUES (1, 1, '2026-05-01', 'eggs', 6), (2, 2, '2025-06-01', 'honey', 2);
"""  # a veg round: rounds dropped (or skipped) to members, the crops on each, and extras ordered


@pytest.fixture(scope="module")
def farm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "farm", FARM) as db:
        yield db


@pytest.mark.parametrize("question", ["members who have paid more than £25 altogether",
                                      "members who paid more than £25 in total"])
def test_money_compared_altogether_is_each_rows_total(farm: Database, question: str) -> None:
    draft, result = read(farm, question)  # the total may be shown beside the name
    gold = all_rows(farm, "SELECT m.member_name FROM members m JOIN rounds r ON r.member_id = m.member_id "
                          "GROUP BY m.member_id HAVING SUM(r.fee) > 25")  # one member, though no one fee is
    assert gold and same_answer(result, gold), draft.sql


def test_how_many_kilos_adds_up_the_quantity(farm: Database) -> None:
    reads_whole(farm, "how many kilos of leeks",
                "SELECT SUM(i.qty) FROM round_items i JOIN crops c ON c.crop_id = i.crop_id "
                "WHERE c.crop_name = 'Leeks'")


def test_the_quantity_nearest_the_value_said(farm: Database) -> None:
    answers(farm, "total quantity of leeks in 2026",
            "SELECT SUM(i.qty) FROM round_items i JOIN crops c ON c.crop_id = i.crop_id "
            "JOIN rounds r ON r.round_id = i.round_id WHERE c.crop_name = 'Leeks' AND r.due_on >= '2026-01-01'")


@pytest.mark.parametrize(("question", "gold"), [
    ("crops that keep for less than a week", "SELECT * FROM crops WHERE life_days < 7"),
    ("crops with a life of more than 2 weeks", "SELECT * FROM crops WHERE life_days > 14"),
])
def test_a_length_of_time_said_in_another_unit(farm: Database, question: str, gold: str) -> None:
    answers(farm, question, gold)


def test_later_than_they_were_due(farm: Database) -> None:
    answers(farm, "how many rounds turned up later than they were due?",
            "SELECT COUNT(*) FROM rounds WHERE delivered_on > due_on")


def test_the_state_a_verb_leaves_after_its_subject(farm: Database) -> None:
    answers(farm, "how many rounds did people skip in May 2026?",
            "SELECT COUNT(*) FROM rounds WHERE outcome = 'skipped' "
            "AND due_on >= '2026-05-01' AND due_on < '2026-06-01'")


def test_what_we_raised_is_money_taken(farm: Database) -> None:
    """Read as the money taken, not as the one amount a table happens to keep: nothing to doubt."""
    question = "how much have we raised from rounds in 2026?"
    reads_whole(farm, question, "SELECT SUM(fee) FROM rounds WHERE due_on >= '2026-01-01'")
    assert drafted(farm, question).confidence > CONFIRM_BELOW


def test_a_verb_of_coming_to_be_said_after_its_period(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "Since March, how many new members have signed up?": the start date keeps them; the verb adds nothing."""
    club = """
        CREATE TABLE members (member_id INTEGER PRIMARY KEY, started_on TEXT NOT NULL, paused_from TEXT,
                              cancelled_on TEXT);
        INSERT INTO members VALUES (1, '2026-01-10', NULL, NULL), (2, '2026-03-05', '2026-04-01', NULL),
                                   (3, '2026-05-20', NULL, NULL), (4, '2025-11-11', NULL, '2026-02-02');
    """
    with schema_database(tmp_path_factory, "club", club) as db:
        reads_whole(db, "Since March, how many new members have signed up?",
                    "SELECT COUNT(*) FROM members WHERE started_on >= '2026-03-01'")


def test_a_yes_no_column_is_never_compared_with_an_age(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "patients who are 65 or over" on rows that keep no birth date: the one number they keep is
    a 0/1 flag, which never holds 65; the reading says so and asks."""
    clinic = """
        CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, surname TEXT NOT NULL, is_private INTEGER NOT NULL);
        INSERT INTO patients VALUES (1, 'Ash', 0), (2, 'Birch', 1), (3, 'Cole', 1);
    """
    with schema_database(tmp_path_factory, "clinic", clinic) as db:
        draft = drafted(db, "how many patients are 65 or over?")
        assert "is_private" not in draft.sql and draft.confidence <= CONFIRM_BELOW, (draft.sql, draft.confidence)


def test_the_most_rows_of_a_kind_are_dated_by_their_own_date(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "which keeper has done the most feeds this year": the feeds (visits of that kind) are the
    rows the period dates, not the keepers' hiring date."""
    zoo = """
        CREATE TABLE keepers (keeper_id INTEGER PRIMARY KEY, keeper_name TEXT NOT NULL, hired_on TEXT NOT NULL);
        CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, keeper_id INTEGER REFERENCES keepers (keeper_id),
                             visit_kind TEXT NOT NULL, visited_on TEXT NOT NULL);
        INSERT INTO keepers VALUES (1, 'Ola', '2026-02-01'), (2, 'Pim', '2019-05-05');
        INSERT INTO visits VALUES (1, 1, 'Feed', '2026-03-01'), (2, 2, 'Feed', '2026-03-02'),
                                  (3, 2, 'Feed', '2026-04-02'), (4, 1, 'Clean', '2026-04-03'),
                                  (5, 1, 'Feed', '2025-03-03'), (6, 1, 'Feed', '2025-04-04');
    """
    with schema_database(tmp_path_factory, "zoo", zoo) as db:
        answers(db, "which keeper has done the most feeds this year?",
                "SELECT k.keeper_name FROM keepers k JOIN visits v ON v.keeper_id = k.keeper_id "
                "WHERE v.visit_kind = 'Feed' AND v.visited_on >= '2026-01-01' GROUP BY k.keeper_id "
                "ORDER BY COUNT(*) DESC LIMIT 1")
