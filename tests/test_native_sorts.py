"""A user's sort is written as a person would write it on each engine: no tie-breaker and no NULLS
FIRST/LAST is added for the sake of SQLite's row order (the benchmark matcher judges tied rows as
a set instead, see test_evaluation.py), while the SQLite meanings that are not about order
(case-blind matching, a grouped value) are still spelled out."""

from __future__ import annotations

import pytest
import sqlglot
from sqlglot import exp

from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.engines.builtin.portable import adapt
from nl2sql.engines.builtin.render import render
from tests.conftest import TODAY

DIALECTS = ["duckdb", "postgres", "mysql", "spark"]


def _sorts(sql: str, dialect: str) -> list[str]:
    """The ORDER BY keys of every SELECT in ``sql``, as written."""
    tree = sqlglot.parse_one(sql, read=dialect)
    return [o.this.sql(dialect=dialect) for s in tree.find_all(exp.Select) if s.args.get("order")
            for o in s.args["order"].expressions]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(("question", "keys"), [
    ("top 5 products by price", 1),
    ("number of users per country sorted by count descending", 1),
    ("users sorted by name", 1),
])
def test_a_sort_gets_no_tie_breaker_and_no_null_ordering(ecommerce_db, dialect: str, question: str,
                                                         keys: int) -> None:
    draft = BuiltinEngine(today=TODAY).draft(question, ecommerce_db)
    assert draft.spec is not None
    sql = adapt(render(draft.spec, ecommerce_db.schema), ecommerce_db.schema, dialect).sql(dialect=dialect)
    assert "NULLS" not in sql.upper() and "IS NULL" not in sql.upper(), sql
    assert len(_sorts(sql, dialect)) == keys, sql
    assert "ctid" not in sql and "rowid" not in sql.lower(), sql


def test_top_products_sort_by_price_alone(ecommerce_db) -> None:
    draft = BuiltinEngine(today=TODAY).draft("top 5 products by price", ecommerce_db)
    assert draft.spec is not None
    tree = render(draft.spec, ecommerce_db.schema)
    assert adapt(tree, ecommerce_db.schema, "postgres").sql(dialect="postgres").endswith(
        "ORDER BY price DESC LIMIT 5")
    assert adapt(tree, ecommerce_db.schema, "mysql").sql(dialect="mysql").endswith("ORDER BY price DESC LIMIT 5")


def test_sqlite_meanings_that_are_not_order_are_kept(ecommerce_db) -> None:
    tree = sqlglot.parse_one("SELECT country, name, COUNT(*) AS n FROM users WHERE name LIKE '%an%' "
                             "GROUP BY country ORDER BY n DESC", read="sqlite")
    sql = adapt(tree, ecommerce_db.schema, "postgres").sql(dialect="postgres")
    assert "ILIKE" in sql and "MIN(name)" in sql, sql  # case-blind LIKE, a value of the group
    assert sql.endswith("ORDER BY n DESC"), sql


@pytest.mark.parametrize(("dialect", "spelled"), [
    ("postgres", "ORDER BY price DESC, name"),  # NULLs first when descending: PostgreSQL's own order
    ("duckdb", "ORDER BY price DESC, name"),
    ("mysql", "ORDER BY price DESC, name"),
])
def test_nulls_sort_where_the_engine_puts_them(ecommerce_db, dialect: str, spelled: str) -> None:
    tree = sqlglot.parse_one("SELECT name FROM products ORDER BY price DESC, name", read="sqlite")
    assert adapt(tree, ecommerce_db.schema, dialect).sql(dialect=dialect).endswith(spelled)
