"""Aggregates over one-to-many joins count each row once, judged against hand-written SQL.

Every foreign key of the fixture and of a schema built here is tried: a total over the
referenced table, grouped by a column of the referencing table, must equal the same total
written with correlated subqueries (a formulation that never joins the two tables).
"""

from __future__ import annotations

import math

import pytest
import sqlglot
from sqlglot import exp

from nl2sql.db.schema import ForeignKey, Schema
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.engines.builtin.render import to_sql
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey, QuerySpec
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import rows_of
from tests.helpers import all_rows, built_sqlite, opened, same_answer

LIBRARY = """
    CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born INTEGER);
    CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, genre TEXT,
                        author_id INTEGER REFERENCES authors (id), pages INTEGER, price REAL);
    CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, fee REAL);
    CREATE TABLE loans (id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES books (id),
                        member_id INTEGER REFERENCES members (id), branch TEXT, loaned_at TEXT, returned_at TEXT);
    INSERT INTO authors VALUES (1, 'Le Guin', 1929), (2, 'Achebe', 1930), (3, 'Calvino', 1923);
    INSERT INTO books VALUES (1, 'The Dispossessed', 'SF', 1, 387, 12.5), (2, 'Earthsea', 'Fantasy', 1, 183, 9.0),
        (3, 'Things Fall Apart', 'Literary', 2, 209, 11.0), (4, 'Invisible Cities', 'Literary', 3, 165, 9.0),
        (5, 'The Baron in the Trees', 'Literary', 3, 217, NULL);
    INSERT INTO members VALUES (1, 'Ada', 10), (2, 'Grace', 10), (3, 'Linus', 5);
    INSERT INTO loans VALUES (1, 1, 1, 'North', '2026-05-03', '2026-05-20'), (2, 3, 1, 'North', '2026-06-01', NULL),
        (3, 4, 2, 'South', '2026-05-15', '2026-06-01'), (4, 1, 2, 'North', '2026-06-10', NULL),
        (5, 1, 1, 'North', '2026-06-12', NULL), (6, 2, 3, 'South', '2026-06-13', NULL);
"""


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory):
    with opened(built_sqlite(tmp_path_factory.mktemp("grain"), "library", LIBRARY)) as db:
        yield db


def _pairs(schema: Schema) -> list[tuple[ForeignKey, str, str]]:
    """(foreign key, number column of the referenced table, another column of the referencing table)."""
    out = []
    for child in schema.tables:
        for fk in child.foreign_keys:
            parent = schema.table(fk.ref_table)
            assert parent is not None
            numbers = [c.name for c in parent.columns if c.is_numeric and not c.primary_key
                       and c.name not in parent.fk_columns]
            groups = [c.name for c in child.columns if not c.primary_key and c.name != fk.column]
            if numbers and groups:
                out.append((fk, numbers[0], groups[0]))
    return out


def _hand_written(fk: ForeignKey, number: str, group: str) -> str:
    """The totals per group without joining: each referenced row once per group it is in."""
    rows = (f"FROM {fk.ref_table} p WHERE p.{fk.ref_column} IN "
            f"(SELECT c2.{fk.column} FROM {fk.table} c2 WHERE c2.{group} IS c.{group})")
    return (f"SELECT c.{group}, (SELECT SUM(p.{number}) {rows}), (SELECT AVG(p.{number}) {rows}), "
            f"(SELECT COUNT(*) {rows}), (SELECT MAX(p.{number}) {rows}) FROM {fk.table} c "
            f"WHERE c.{fk.column} IN (SELECT {fk.ref_column} FROM {fk.ref_table}) GROUP BY c.{group}")


def _same_groups(rows: tuple | list, gold: list[tuple]) -> bool:
    """Rows keyed by their first column, values equal up to floating-point noise (sums add up in any order)."""
    def norm(row: tuple) -> tuple:
        return tuple(0.0 if v is None else v for v in row)

    mine, want = {r[0]: norm(r) for r in rows}, {r[0]: norm(r) for r in gold}
    return mine.keys() == want.keys() and len(rows) == len(gold) and all(
        len(mine[k]) == len(want[k]) and all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)
                                             for x, y in zip(mine[k][1:], want[k][1:], strict=True))
        for k in want)


def _check_every_pair(db) -> int:
    checked = 0
    for fk, number, group in _pairs(db.schema):
        measured = ColumnRef(fk.ref_table, number)
        spec = QuerySpec(entity=fk.ref_table, group_by=(GroupKey(ColumnRef(fk.table, group)),),
                         aggregates=(Aggregate("sum", measured), Aggregate("avg", measured), Aggregate("count"),
                                     Aggregate("max", measured)))
        sql = to_sql(spec, db.schema, "sqlite")
        result = db.execute(sql, max_rows=None)
        assert _same_groups(result.rows, rows_of(db, _hand_written(fk, number, group))), (fk, sql)
        checked += 1
    return checked


def test_every_foreign_key_of_the_fixture_counts_each_row_once(ecommerce_db) -> None:
    assert _check_every_pair(ecommerce_db) >= 3


def test_every_foreign_key_of_another_schema_counts_each_row_once(library) -> None:
    assert _check_every_pair(library) >= 2


def test_a_repeated_sum_beside_an_unrepeated_one(library) -> None:
    """Two totals from tables at different grains, per group: each at its own grain."""
    spec = QuerySpec(entity="members", group_by=(GroupKey(ColumnRef("loans", "branch")),),
                     aggregates=(Aggregate("sum", ColumnRef("members", "fee")),
                                 Aggregate("count", ColumnRef("loans", "id"))))
    gold = ("SELECT l.branch, (SELECT SUM(fee) FROM members m WHERE m.id IN "
            "(SELECT member_id FROM loans WHERE branch = l.branch)), COUNT(*) FROM loans l GROUP BY l.branch")
    result = library.execute(to_sql(spec, library.schema, "sqlite"), max_rows=None)
    assert _same_groups(result.rows, rows_of(library, gold))


@pytest.mark.parametrize(("question", "gold"), [
    # an order's total belongs to the order: per category, revenue is the money of its lines
    ("revenue per category",
     "SELECT c.name, SUM(i.unit_price * i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id "
     "JOIN products p ON p.id = i.product_id JOIN categories c ON c.id = p.category_id "
     "WHERE o.status NOT IN ('cancelled', 'refunded') GROUP BY c.name"),
    ("orders per payment method",
     "SELECT method, COUNT(*) FROM (SELECT DISTINCT order_id, method FROM payments) GROUP BY method"),
    ("number of orders per category",
     "SELECT c.name, COUNT(*) FROM orders o JOIN categories c ON c.id IN "
     "(SELECT p.category_id FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id) "
     "GROUP BY c.name"),
])
def test_questions_over_one_to_many_joins(ecommerce_db, shop_engine, question: str, gold: str) -> None:
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=None, clarify="auto")
    result = wf.process_turn(question)
    assert result.ok, result.error
    assert same_answer(result.result, rows_of(ecommerce_db, gold)), result.query



def test_a_key_shown_alone_is_grouped_alone_and_read_from_the_rows_that_hold_it(tmp_path) -> None:
    """"folder ids and the number of files in each": grouped by the key the files hold, with no
    join to the folders and no label grouped beside it, as a person writes it."""
    script = """
    CREATE TABLE folder (folder_id INTEGER PRIMARY KEY, folder_name TEXT);
    CREATE TABLE file (file_id INTEGER PRIMARY KEY, folder_id INTEGER REFERENCES folder(folder_id), bytes INTEGER);
    INSERT INTO folder VALUES (1, 'docs'), (2, 'docs'), (3, 'img');
    INSERT INTO file VALUES (1, 1, 10), (2, 1, 20), (3, 2, 5), (4, 3, 7), (5, 3, 8), (6, 3, 9);
    """
    with opened(built_sqlite(tmp_path, "files", script)) as db:
        draft = BuiltinEngine().draft("folder ids and the number of files in each folder", db)
        gold = all_rows(db, "SELECT folder_id, COUNT(*) FROM file GROUP BY folder_id")
        assert same_answer(db.execute(draft.sql, max_rows=None), gold), draft.sql
        tree = sqlglot.parse_one(draft.sql, read="sqlite")
        assert not list(tree.find_all(exp.Join)), draft.sql
        assert len(tree.args["group"].expressions) == 1, draft.sql
