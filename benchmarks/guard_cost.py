"""What the read-only guard costs per statement: the function allow-list alone, and the whole
check (parse, node checks, rendering, reading the rendering back) against sqlglot's parse alone,
all measured in this run on the same statements. Verdicts are cached per text in a session, so
this is the cost of a statement seen for the first time.

Prints figures, never asserts. Target: the allow-list under 1 ms a statement.

    python benchmarks/guard_cost.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

import sqlglot
from sqlglot import exp

from nl2sql.db import guard
from nl2sql.errors import ReadOnlyViolation

# Statements of the shapes the engines write and people type, on an invented shop schema.
STATEMENTS = (
    "SELECT COUNT(*) AS order_count FROM orders WHERE status = 'cancelled'",
    "SELECT u.name, SUM(o.total) AS total_spent FROM users AS u JOIN orders AS o ON o.user_id = u.id "
    "GROUP BY u.name ORDER BY total_spent DESC LIMIT 10",
    "SELECT strftime('%Y-%m', created_at) AS month, COUNT(*) FROM orders GROUP BY month",
    "SELECT name, LOWER(email), LENGTH(name), ROUND(AVG(price), 2) FROM products GROUP BY name, email",
    "SELECT * FROM products WHERE price > (SELECT AVG(price) FROM products) AND name LIKE '%lamp%'",
    "SELECT c.name, COUNT(DISTINCT p.id) FROM categories c LEFT JOIN products p ON p.category_id = c.id "
    "GROUP BY c.name HAVING COUNT(DISTINCT p.id) > 3",
    "SELECT id FROM users EXCEPT SELECT user_id FROM orders",
    "SELECT COALESCE(city, 'unknown'), IFNULL(country, '-'), printf('%d', id) FROM users",
    "SELECT name, ROW_NUMBER() OVER (PARTITION BY category_id ORDER BY price DESC) AS rank FROM products",
    "WITH spend AS (SELECT user_id, SUM(total) AS s FROM orders GROUP BY user_id) "
    "SELECT u.name, s FROM spend JOIN users u ON u.id = spend.user_id WHERE s > 100",
)


def _per_statement(run, rounds: int) -> float:
    """Median over rounds of the mean milliseconds per statement."""
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        for sql in STATEMENTS:
            run(sql)
        samples.append((time.perf_counter() - started) * 1000 / len(STATEMENTS))
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--dialect", default="sqlite")
    args = parser.parse_args()
    dialect = args.dialect
    trees = {sql: sqlglot.parse_one(sql, read=dialect) for sql in STATEMENTS}
    policy = guard._Policy(dialect, frozenset(), frozenset())

    def functions_only(sql: str) -> None:
        for node in trees[sql].find_all(exp.Func):
            try:
                guard._refuse_function(node, policy)
            except ReadOnlyViolation:
                pass  # a refusal costs the same as an approval

    def whole_guard(sql: str) -> None:
        try:
            guard._checked.__wrapped__(sql, dialect, frozenset(), frozenset())
        except ReadOnlyViolation:
            pass

    parse = _per_statement(lambda sql: sqlglot.parse_one(sql, read=dialect), args.rounds)
    functions = _per_statement(functions_only, args.rounds)
    whole = _per_statement(whole_guard, args.rounds)
    print(f"guard cost on {len(STATEMENTS)} statements ({dialect}), median of {args.rounds} rounds")
    print(f"  sqlglot parse alone          {parse:7.3f} ms a statement (baseline)")
    print(f"  function allow-list alone    {functions:7.3f} ms a statement ({functions / parse:.2f}x the parse)")
    print(f"  whole guard, first sight     {whole:7.3f} ms a statement ({whole / parse:.2f}x the parse)")


if __name__ == "__main__":
    main()
