"""A key named for a role plus the table it points to (``chef_cook_id`` into cooks) is named by the
role alone: "who is the chef of kitchen 2" shows that chef's name. An adjective beside the table's
name (``original_cuisine_id``) is no role and is not said alone. A short ranked list ("which 2
kitchens ...") shows each one's count beside it; one ranked row does not. The schema is invented here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.linking.lexicon import COLUMN
from tests.conftest import TODAY
from tests.helpers import schema_database, shown

COOKS = [(1, "Ama", "Berg"), (2, "Ben", "Cole"), (3, "Cai", "Dorn")]
KITCHENS = [(1, "Leeds", 2), (2, "York", 3), (3, "Hull", 2)]
CUISINES = [(1, "Thai"), (2, "Basque")]
# (dish id, kitchen id, cuisine id)
DISHES = [(1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 3, 1), (5, 1, 1), (6, 3, 2)]
DINER = "\n".join([
    "CREATE TABLE cooks (cook_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);",
    "CREATE TABLE cuisines (cuisine_id INTEGER PRIMARY KEY, cuisine_name TEXT);",
    "CREATE TABLE kitchens (kitchen_id INTEGER PRIMARY KEY, city TEXT,",
    "                       chef_cook_id INTEGER REFERENCES cooks (cook_id));",
    "CREATE TABLE dishes (dish_id INTEGER PRIMARY KEY, kitchen_id INTEGER REFERENCES kitchens (kitchen_id),",
    "                     original_cuisine_id INTEGER REFERENCES cuisines (cuisine_id));",
    *(f"INSERT INTO cooks VALUES ({c}, '{f}', '{last}');" for c, f, last in COOKS),
    *(f"INSERT INTO cuisines VALUES ({c}, '{n}');" for c, n in CUISINES),
    *(f"INSERT INTO kitchens VALUES ({k}, '{city}', {chef});" for k, city, chef in KITCHENS),
    *(f"INSERT INTO dishes VALUES ({d}, {k}, {c});" for d, k, c in DISHES),
])


@pytest.fixture(scope="module")
def diner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "diner", DINER) as db:
        yield db


def test_the_role_beside_a_table_of_people_names_the_key(diner: Database) -> None:
    engine = BuiltinEngine(today=TODAY)
    lexicon = engine.lexicon(engine.schema(diner))
    assert ("kitchens", "chef_cook_id") in {(c.table, c.column) for c in lexicon.lookup("chef") if c.kind == COLUMN}
    assert not [c for c in lexicon.lookup("original") if c.kind == COLUMN]


@pytest.mark.parametrize("question", ["who is the chef of kitchen 2?", "who's the chef of the York kitchen"])
def test_the_role_of_one_row_is_shown_by_its_name(diner: Database, question: str) -> None:
    kitchen = 2
    chef = next(c for k, _, c in KITCHENS if k == kitchen)
    _, rows = shown(diner, question)
    assert rows == [next(cook[1:] for cook in COOKS if cook[0] == chef)]


def test_a_short_ranked_list_shows_each_count(diner: Database) -> None:
    columns, rows = shown(diner, "which 2 kitchens have the most dishes?")
    counts = {k: sum(1 for _, kk, _ in DISHES if kk == k) for k, _, _ in KITCHENS}
    assert len(columns) == 2 and len(rows) == 2
    assert sorted(row[-1] for row in rows) == sorted(counts.values())[-2:]


def test_one_ranked_row_is_named_alone(diner: Database) -> None:
    columns, rows = shown(diner, "which kitchen has the most dishes?")
    assert len(columns) == 1 and len(rows) == 1
