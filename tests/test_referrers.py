"""A table that refers to itself, said as a deed (``referred_by``) or a role (``manager_id``): "who
did X refer" asks for the rows that point to X; "who referred the most members" groups by the key
and names each group by the row it points to (the referrer, not a member of the group); "with the
name of their manager" shows each row beside the row its key points to."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, answers_after, reads_whole, schema_database

CLUB = """
    CREATE TABLE members (member_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
                          email TEXT, referred_by INTEGER REFERENCES members (member_id));
    CREATE TABLE coaches (coach_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, grade TEXT NOT NULL,
                          manager_id INTEGER REFERENCES coaches (coach_id), email TEXT);
    INSERT INTO members VALUES (1, 'Rosa', 'Vale', 'rv@x.org', NULL), (2, 'Tom', 'Hart', 'th@x.org', 1),
                               (3, 'Uma', 'Lind', 'ul@x.org', 1), (4, 'Vic', 'Nash', 'vn@x.org', 2),
                               (5, 'Wes', 'Opie', 'wo@x.org', 1), (6, 'Xia', 'Pell', 'xp@x.org', 4);
    INSERT INTO coaches VALUES (1, 'Ann Head', 'lead', NULL, 'ah@x.org'), (2, 'Bo Lim', 'assistant', 1, 'bl@x.org'),
                               (3, 'Cat Ng', 'assistant', 1, 'cn@x.org'), (4, 'Dan Ode', 'senior', 1, 'do@x.org'),
                               (5, 'Eve Ray', 'assistant', 4, 'er@x.org');
"""  # a rowing club: members who brought in other members, coaches with a manager


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "club", CLUB) as db:
        yield db


@pytest.mark.parametrize("question", ["Who did Rosa Vale refer?", "which members did Rosa Vale refer"])
def test_the_rows_a_named_row_brought_in(club: Database, question: str) -> None:
    reads_whole(club, question, "SELECT first_name, last_name FROM members WHERE referred_by = 1")


def test_who_brought_in_a_named_row_is_still_the_row_it_points_to(club: Database) -> None:
    answers(club, "Who referred Vic Nash?", "SELECT first_name, last_name FROM members WHERE member_id = 2")


def test_a_group_per_referrer_is_named_by_the_referrer(club: Database) -> None:
    answers(club, "who referred the most members",
            "SELECT r.first_name, r.last_name, COUNT(*) FROM members m JOIN members r ON r.member_id = m.referred_by "
            "GROUP BY r.member_id ORDER BY COUNT(*) DESC LIMIT 1")


def test_a_count_per_manager_is_named_by_the_manager(club: Database) -> None:
    answers(club, "how many coaches report to each manager",
            "SELECT m.full_name, COUNT(*) FROM coaches c JOIN coaches m ON m.coach_id = c.manager_id "
            "GROUP BY m.coach_id")


@pytest.mark.parametrize("question", ["List all coaches with the name of their manager.",
                                      "list the coaches and the name of their manager"])
def test_each_row_beside_the_name_of_the_row_it_points_to(club: Database, question: str) -> None:
    reads_whole(club, question, "SELECT c.full_name, m.full_name FROM coaches c "
                                "LEFT JOIN coaches m ON m.coach_id = c.manager_id")


def test_follow_ups_keep_the_row_it_points_to(club: Database) -> None:
    answers_after(club, ["List all coaches with the name of their manager.", "only the assistants",
                         "show their email too"],
                  "SELECT c.full_name, m.full_name, c.email FROM coaches c "
                  "LEFT JOIN coaches m ON m.coach_id = c.manager_id WHERE c.grade = 'assistant'")


@pytest.mark.parametrize("question", ["list assistants with their manager",
                                      "Who does each of the assistants report to?",
                                      "show each assistant with the name of their manager"])
def test_rows_picked_by_a_value_each_beside_the_row_their_key_points_to(club: Database, question: str) -> None:
    reads_whole(club, question, "SELECT c.full_name, m.full_name FROM coaches c "
                                "LEFT JOIN coaches m ON m.coach_id = c.manager_id WHERE c.grade = 'assistant'")


def test_the_row_a_named_row_points_to_is_still_that_row_alone(club: Database) -> None:
    answers(club, "who does Eve Ray report to", "SELECT full_name FROM coaches WHERE coach_id = 4")


def test_rows_listed_alongside_the_row_their_key_points_to(club: Database) -> None:
    reads_whole(club, "List the coaches alongside their manager's name.",
                "SELECT c.full_name, m.full_name FROM coaches c LEFT JOIN coaches m ON m.coach_id = c.manager_id")
