"""Domain config: loaded, validated, and used for synonyms, metrics and date columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.domain import load_domain, parse_domain
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import UsageError
from nl2sql.opening import domain_file
from nl2sql.sidecars import sidecar_for
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.helpers import same_answer


@pytest.fixture(scope="module")
def shop(ecommerce_db, ecommerce_path: Path):
    domain = load_domain(domain_file(str(ecommerce_path)), ecommerce_db.schema)
    return ecommerce_db, domain


@pytest.fixture
def wf(shop) -> InteractiveWorkflow:
    db, domain = shop
    return InteractiveWorkflow(db, BuiltinEngine(today=TODAY, domain=domain), max_rows=None, clarify="auto")


def test_building_a_fixture_writes_its_domain_config_beside_it(ecommerce_path: Path, ecommerce_db) -> None:
    assert sidecar_for(ecommerce_path).is_file()
    assert domain_file(str(ecommerce_path)) == sidecar_for(ecommerce_path)


@pytest.mark.parametrize(("question", "gold"), [
    ("How many customers are there?", "SELECT COUNT(*) FROM users"),
    ("customers who signed up this year", "SELECT * FROM users WHERE created_at >= '2026-01-01'"),
    ("payments by credit card", "SELECT * FROM payments WHERE method = 'card'"),
    ("customers in the UK", "SELECT * FROM users WHERE country = 'United Kingdom'"),
    ("Revenue in 2025",
     "SELECT SUM(total_amount) FROM orders WHERE status NOT IN ('cancelled', 'refunded') "
     "AND created_at >= '2025-01-01' AND created_at < '2026-01-01'"),
    ("revenue per country",
     "SELECT u.country, SUM(o.total_amount) FROM orders o JOIN users u ON u.id = o.user_id "
     "WHERE o.status NOT IN ('cancelled', 'refunded') GROUP BY u.country"),
    ("How much did customers in France spend?",
     "SELECT SUM(o.total_amount) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.country = 'France'"),
    ("top 3 categories by units sold",
     "SELECT c.name, SUM(oi.quantity) AS q FROM order_items oi JOIN products p ON p.id = oi.product_id "
     "JOIN categories c ON c.id = p.category_id GROUP BY c.name ORDER BY q DESC LIMIT 3"),
    ("payments made this month", "SELECT * FROM payments WHERE paid_at >= '2026-06-01'"),
    ("Average order total", "SELECT AVG(total_amount) FROM orders"),
    ("Users who never placed an order", "SELECT * FROM users WHERE id NOT IN (SELECT user_id FROM orders)"),
])
def test_questions_that_need_the_domain(wf: InteractiveWorkflow, shop, question: str, gold: str) -> None:
    db, _ = shop
    result = wf.process_turn(question)
    assert result.ok, result.error
    ordered = "LIMIT" in gold
    assert same_answer(result.result, rows_of(db, gold), ordered=ordered), result.query


def test_metric_explanation_and_answer(wf: InteractiveWorkflow) -> None:
    result = wf.process_turn("Revenue this year")
    assert "revenue" in result.explanation and "cancelled" in result.explanation
    assert result.answer and result.answer.startswith("The revenue")


def test_clarifying_questions_are_read(shop) -> None:
    _db, domain = shop
    question = domain.metrics["revenue"].question
    assert question is not None and question.choices == ("Order date", "Payment date") and question.default == 1


def test_without_a_config_the_engine_still_works_from_names(ecommerce_db) -> None:
    wf = InteractiveWorkflow(ecommerce_db, BuiltinEngine(today=TODAY))
    assert wf.process_turn("How many users are there?").ok
    revenue = wf.process_turn("Revenue this year")  # no metric configured: the profile's, on the order lines
    assert revenue.ok and "order_items.unit_price * order_items.quantity" in (revenue.query or "")
    assert "unit price x quantity of the order items" in revenue.explanation


@pytest.mark.parametrize(("data", "message"), [
    ({"tables": {"nope": {"synonyms": ["x"]}}}, "names no table"),
    ({"columns": {"users.nope": ["x"]}}, "not a table.column"),
    ({"columns": {"users.name": [1]}}, "list of strings"),
    ({"metrics": {"m": {"table": "orders"}}}, "needs a table"),
    ({"metrics": {"m": {"table": "orders", "expression": "SUM(("}}}, "not valid SQL"),
    ({"tables": {"orders": {"date_column": "nope"}}}, "not a table.column"),
    ({"metrics": {"m": {"table": "orders", "expression": "SUM(total_amount)", "question": {"choices": ["a"]}}}},
     "needs a text"),
    ({"tables": {"users": {"question": {"text": "Which?", "choices": ["a", "b"], "default": 3}}}},
     "default must be"),
])
def test_config_mistakes_are_clear_errors(ecommerce_db, data: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_domain(data, ecommerce_db.schema)


def test_cli_domain_flag_and_bad_toml(ecommerce_path: Path, tmp_path: Path) -> None:
    config = tmp_path / "shop.toml"
    config.write_text('[tables.users]\nsynonyms = ["patron"]\n')
    runner = CliRunner()
    base = ["ask", "--db", str(ecommerce_path), "--format", "json"]
    ok = runner.invoke(cli, [*base, "--domain", str(config), "how many patrons are there"])
    assert ok.exit_code == 0 and '"rows": [[1000]]' in ok.output
    config.write_text("[tables.users\n")
    bad = runner.invoke(cli, [*base, "--domain", str(config), "how many users"])
    assert bad.exit_code == 2 and "not valid TOML" in bad.output
    missing = runner.invoke(cli, [*base, "--domain", str(tmp_path / "none.toml"), "how many users"])
    assert missing.exit_code == 2
