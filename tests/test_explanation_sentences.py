"""Explanations, one-value answers and ranking choices read as sentences a person would write.

The templates are checked on specs over a kennel schema invented here, comparing whole sentences;
then the engine reads a range of questions on the same schema and no sentence says a word twice.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from nl2sql.db import QueryResult
from nl2sql.domain import Metric
from nl2sql.engines.builtin.answer import answer_sentence
from nl2sql.engines.builtin.doubts import rank_options
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.engines.builtin.explain import explain, plural, spoken
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, OrderKey, QuerySpec
from nl2sql.errors import Nl2SqlError
from tests.conftest import TODAY
from tests.helpers import schema_database

KENNEL = """
CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, FullName TEXT, city TEXT, joined_on DATE);
CREATE TABLE dogs (id INTEGER PRIMARY KEY, name TEXT, breed TEXT, WeightKg REAL, born_at DATE,
                   owner_id INTEGER REFERENCES owners (owner_id), mother_id INTEGER REFERENCES dogs (id));
CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, dog_id INTEGER REFERENCES dogs (id), visit_date DATE,
                     Total REAL, fee_amount REAL, length_ms INTEGER, rating INTEGER);
INSERT INTO owners VALUES (1, 'Ana Moe', 'Lund', '2024-01-05'), (2, 'Bo Lin', 'Oslo', '2025-02-11'),
    (3, 'Cy Dee', 'Lund', '2026-03-02');
INSERT INTO dogs VALUES (1, 'Rex', 'beagle', 12.5, '2020-04-01', 1, NULL),
    (2, 'Fido', 'collie', 20.0, '2021-06-10', 1, 1),
    (3, 'Max', 'beagle', 11.0, '2022-09-15', 2, 1), (4, 'Lola', 'pug', 8.0, '2023-01-20', 3, NULL);
INSERT INTO visits VALUES (1, 1, '2026-05-03', 80, 60, 1800000, 4), (2, 2, '2026-05-20', 120, 90, 3600000, 5),
    (3, 3, '2026-06-01', 45, 30, 900000, 3), (4, 1, '2026-06-10', 60, 40, 1200000, 4),
    (5, 4, '2025-12-24', 200, 150, 5400000, 2);
"""

DOG_NAME = ColumnRef("dogs", "name")
MAY = Filter(ColumnRef("visits", "visit_date"), "range", (date(2026, 5, 1), date(2026, 6, 1)), label="in May 2026")


def test_names_are_spoken_as_words() -> None:
    assert [spoken(n) for n in ("created_at", "UnitPrice", "total_amount", "sale_date", "owner_id", "TVShow")] == [
        "created at", "unit price", "total amount", "sale date", "owner ID", "TV show"]
    assert [plural(n) for n in ("dogs", "Friend", "city", "box", "cars_data")] == [
        "dogs", "friends", "cities", "boxes", "cars data"]


SENTENCES = [
    # a listing with filters
    (QuerySpec("dogs", projections=(DOG_NAME, ColumnRef("dogs", "WeightKg")),
               filters=(Filter(ColumnRef("dogs", "breed"), "=", ("beagle",)),
                        Filter(ColumnRef("dogs", "WeightKg"), ">", (10.0,)))),
     "Lists the name and weight kg of dogs whose breed is beagle and whose weight kg is over 10."),
    # a count over a date range: the date column is said by its verb
    (QuerySpec("owners", count_rows=True,
               filters=(Filter(ColumnRef("owners", "joined_on"), "range", (date(2026, 1, 1), date(2027, 1, 1)),
                               label="in 2026"),)),
     "Counts the owners joined in 2026."),
    # a date column not named for a verb
    (QuerySpec("visits", aggregates=(Aggregate("count"),), filters=(MAY,)),
     "Counts the visits whose visit date is in May 2026."),
    # grouped by a column of a joined table
    (QuerySpec("dogs", aggregates=(Aggregate("count"),), group_by=(GroupKey(ColumnRef("owners", "city")),)),
     "Shows the number of dogs per owner city."),
    # grouped by a key beside its label: the key is not said, the rows are
    (QuerySpec("visits", aggregates=(Aggregate("sum", ColumnRef("visits", "fee_amount")),),
               group_by=(GroupKey(ColumnRef("owners", "owner_id")), GroupKey(ColumnRef("owners", "FullName")))),
     "Shows the total fee amount of visits per owner."),
    # a metric keeps its description
    (QuerySpec("visits", aggregates=(Aggregate("metric", metric=Metric(
        "takings", "visits", "SUM(fee_amount)", description="the sum of fee amount of the visits")),),
        group_by=(GroupKey(ColumnRef("visits", "visit_date"), "month"),)),
     "Shows takings (the sum of fee amount of the visits) per month of visit date."),
    # order and limit: a ranking said in the head
    (QuerySpec("dogs", projections=(DOG_NAME,), order_by=(OrderKey(ColumnRef("dogs", "WeightKg"), descending=True),),
               limit=3),
     "Lists the name of the 3 dogs with the highest weight kg."),
    (QuerySpec("dogs", projections=(ColumnRef("dogs", "breed"),), order_by=(OrderKey(ColumnRef("dogs", "born_at")),),
               limit=1),
     "Lists the breed of the dog with the earliest born at."),
    (QuerySpec("dogs", projections=(DOG_NAME, ColumnRef("dogs", "breed")),
               order_by=(OrderKey(ColumnRef("dogs", "breed")), OrderKey(DOG_NAME, descending=True))),
     "Lists the name and breed of dogs, sorted by breed, then by name (highest first)."),
    # a having condition on a count, over groups that are the listed rows
    (QuerySpec("owners", projections=(ColumnRef("owners", "FullName"),),
               aggregates=(Aggregate("count", ColumnRef("dogs", "id"), shown=False),),
               group_by=(GroupKey(ColumnRef("owners", "owner_id")), GroupKey(ColumnRef("owners", "FullName"))),
               having=((0, ">", 1.0),)),
     "Lists the full name of owners with more than 1 dog."),
    # ranked by a count
    (QuerySpec("owners", projections=(ColumnRef("owners", "FullName"),),
               aggregates=(Aggregate("count", ColumnRef("dogs", "id"), shown=False),),
               group_by=(GroupKey(ColumnRef("owners", "owner_id")), GroupKey(ColumnRef("owners", "FullName"))),
               order_by=(OrderKey(aggregate=0, descending=True),), limit=1),
     "Lists the full name of the owner with the most dogs."),
    # a having condition on a total
    (QuerySpec("visits", aggregates=(Aggregate("sum", ColumnRef("visits", "Total")),),
               group_by=(GroupKey(ColumnRef("dogs", "breed")),), having=((0, ">=", 100.0),)),
     "Shows the total of visits per dog breed, with the total at least 100."),
    # a column of another table named for the function says it once ("the visit total amount", not
    # "the total visit total amount")
    (QuerySpec("owners", projections=(ColumnRef("owners", "FullName"),),
               aggregates=(Aggregate("sum", ColumnRef("visits", "total_amount")),),
               group_by=(GroupKey(ColumnRef("owners", "owner_id")), GroupKey(ColumnRef("owners", "FullName")))),
     "Shows the visit total amount of owners per owner."),
    # a self-referencing condition: the rows pointing at the one named
    (QuerySpec("dogs", projections=(DOG_NAME,), filters=(Filter(
        ColumnRef("dogs", "mother_id"), "in_rows", (Filter(DOG_NAME, "=", ("Rex",)),),
        other=ColumnRef("dogs", "id")),)),
     "Lists the name of dogs whose mother ID is the ID of the dog whose name is Rex."),
    # an aggregate converted to the unit asked for
    (QuerySpec("visits", aggregates=(Aggregate("metric", metric=Metric(
        "avg_length_ms_in_minutes", "visits", "AVG(length_ms) / 60000.0",
        description="converted from milliseconds")),)),
     "Shows average length ms in minutes (converted from milliseconds)."),
    # no related rows, and some
    (QuerySpec("owners", projections=(ColumnRef("owners", "FullName"),), filters=(
        Filter(ColumnRef("owners", "owner_id"), "not_exists", other=ColumnRef("dogs", "owner_id")),)),
     "Lists the full name of owners with no dogs."),
    (QuerySpec("dogs", filters=(Filter(ColumnRef("dogs", "breed"), "in", ("beagle", "pug")),), limit=10),
     "Lists dogs whose breed is beagle or pug, only the first 10."),
]


@pytest.mark.parametrize(("spec", "sentence"), SENTENCES, ids=[s for _, s in SENTENCES])
def test_explanations_are_whole_sentences(spec: QuerySpec, sentence: str) -> None:
    assert explain(spec) == sentence


def _one(value: object, column: str = "n") -> QueryResult:
    return QueryResult(columns=(column,), rows=((value,),), total_rows=1, truncated=False)


def test_one_value_answers_are_sentences() -> None:
    counted = QuerySpec("visits", aggregates=(Aggregate("count"),), filters=(MAY,))
    assert answer_sentence(counted, _one(2)) == "There are 2 visits whose visit date is in May 2026."
    assert answer_sentence(counted, _one(1)) == "There is 1 visit whose visit date is in May 2026."
    joined = QuerySpec("owners", count_rows=True, filters=(
        Filter(ColumnRef("owners", "joined_on"), "range", (date(2026, 1, 1), date(2027, 1, 1)), label="in 2026"),))
    assert answer_sentence(joined, _one(1)) == "There is 1 owner joined in 2026."
    heaviest = QuerySpec("dogs", aggregates=(Aggregate("max", ColumnRef("dogs", "WeightKg")),),
                         filters=(Filter(ColumnRef("dogs", "breed"), "=", ("beagle",)),))
    assert answer_sentence(heaviest, _one(12.5)) == "The largest weight kg of dogs whose breed is beagle is 12.50."


@pytest.fixture(scope="module")
def kennel(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "kennel", KENNEL) as db:
        yield db


def test_ranking_choices_say_each_word_once(kennel) -> None:
    labels = [label for label, _ in rank_options(BuiltinEngine(today=TODAY).schema(kennel), "dogs")]
    assert labels[:2] == ["Total of visits", "Total fee amount of visits"]
    assert not any(_doubled(label) for label in labels), labels


QUESTIONS = [
    "How many dogs are there?", "List all dogs", "Show dogs of breed beagle", "dogs heavier than 10",
    "How many visits in May 2026?", "total fee amount of visits", "average rating of visits",
    "number of dogs per breed", "number of dogs per owner city", "total fee amount per owner",
    "top 3 dogs by weight kg", "the heaviest dog", "the lightest dog", "owners with more than 1 dog",
    "owners without dogs", "dogs with no visits", "visits per month", "average length of visits in minutes",
    "owners who joined in 2026", "How many owners joined in 2025?", "dogs sorted by name",
    "total of visits per dog", "which owner has the most dogs", "name and breed of dogs born before 2022",
    "dogs whose name contains ax", "visits with rating at least 4", "owners from Lund or Oslo",
    "the most recent visit", "largest total of a visit", "number of distinct breeds",
    "dogs whose mother is Rex", "average fee amount per dog breed sorted by the average",
]

_DOUBLED = re.compile(r"\b(\w+)\W+\1\b", re.IGNORECASE)


def _doubled(text: str) -> str | None:
    found = next((m for m in _DOUBLED.finditer(text) if not m.group(1).isdigit()), None)
    return found.group(0) if found else None


def test_no_explanation_says_a_word_twice(kennel) -> None:
    engine = BuiltinEngine(today=TODAY)
    read = 0
    for question in QUESTIONS:
        try:
            draft = engine.draft(question, kennel)
        except Nl2SqlError:
            continue
        read += 1
        sentence = draft.explanation.split(" I did not use: ")[0]  # the quoted words are the question's
        assert _doubled(sentence) is None, (question, draft.explanation)
        assert "_" not in sentence, (question, draft.explanation)
        answer = engine.answer(draft, kennel.execute(draft.sql))
        assert answer is None or _doubled(answer) is None, (question, answer)
    assert read >= 25
