"""The built-in engine, judged by execution against hand-written SQL on the fixture."""

from __future__ import annotations

import copy
import subprocess
import sys
from datetime import date

import pytest
import sqlglot
from sqlglot import expressions as exp

from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.analysis import analyse
from nl2sql.engines.builtin.dates import find_dates
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import EngineError
from nl2sql.linking import linked_tables
from nl2sql.linking.text import tokenize
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.helpers import LIBRARY_TABLES, built_sqlite, opened, same_answer

QUESTIONS = [
    ("How many reviews are there?", "SELECT COUNT(*) FROM reviews", False),
    ("Show orders that are refunded", "SELECT * FROM orders WHERE status = 'refunded'", False),
    ("Users from Germany or France", "SELECT * FROM users WHERE country IN ('Germany', 'France')", False),
    ("Products cheaper than 30", "SELECT * FROM products WHERE price < 30", False),
    ("Products with fewer than 10 in stock", "SELECT * FROM products WHERE stock < 10", False),
    ("Orders between 100 and 200", "SELECT * FROM orders WHERE total_amount BETWEEN 100 AND 200", False),
    ("Users not in Germany", "SELECT * FROM users WHERE country != 'Germany'", False),
    ("Number of orders per status", "SELECT status, COUNT(*) FROM orders GROUP BY status", False),
    ("Average price per category",
     "SELECT c.name, AVG(p.price) FROM products p JOIN categories c ON c.id = p.category_id GROUP BY c.name", False),
    ("Total payment amount per method", "SELECT method, SUM(amount) FROM payments GROUP BY method", False),
    ("Payments made in 2025",
     "SELECT * FROM payments WHERE paid_at >= '2025-01-01' AND paid_at < '2026-01-01'", False),
    ("How many users joined this year?", "SELECT COUNT(*) FROM users WHERE created_at >= '2026-01-01'", False),
    ("Orders from the last 7 days", "SELECT * FROM orders WHERE created_at >= '2026-06-08'", False),
    ("5 most expensive products", "SELECT name, price FROM products ORDER BY price DESC LIMIT 5", True),
    ("Which city has the most users?",
     "SELECT city FROM users GROUP BY city ORDER BY COUNT(*) DESC LIMIT 1", True),
    ("Highest product price", "SELECT MAX(price) FROM products", False),
    ("Users who have never placed an order",
     "SELECT * FROM users WHERE id NOT IN (SELECT user_id FROM orders)", False),
    ("Reviews with rating 1", "SELECT * FROM reviews WHERE rating = 1", False),
    ("Cancelled orders from users in Brazil",
     "SELECT o.* FROM orders o JOIN users u ON u.id = o.user_id WHERE o.status = 'cancelled' AND u.country = 'Brazil'",
     False),
    ("How many different countries do users come from?", "SELECT COUNT(DISTINCT country) FROM users", False),
    ("Number of products per category",
     "SELECT c.name, COUNT(*) FROM products p JOIN categories c ON c.id = p.category_id GROUP BY c.name", False),
    ("emails of users from Japan", "SELECT email FROM users WHERE country = 'Japan'", False),
    ("distinct cities of users", "SELECT DISTINCT city FROM users", False),
    ("orders per month this year",
     "SELECT strftime('%Y-%m', created_at), COUNT(*) FROM orders WHERE created_at >= '2026-01-01' GROUP BY 1", False),
    ("users with more than 20 orders",
     "SELECT u.name, COUNT(*) FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.id HAVING COUNT(*) > 20",
     False),
    ("countries with at least 100 users",
     "SELECT country FROM users GROUP BY country HAVING COUNT(*) >= 100", False),
    ("categories where the average price is above 200",
     "SELECT c.name, AVG(p.price) FROM products p JOIN categories c ON c.id = p.category_id "
     "GROUP BY c.name HAVING AVG(p.price) > 200", False),
    ("lowest rated product",
     "SELECT p.name, AVG(r.rating) AS a FROM products p JOIN reviews r ON r.product_id = p.id "
     "GROUP BY p.id ORDER BY a ASC, p.id LIMIT 1", False),
    ("which product has the highest price?", "SELECT name FROM products ORDER BY price DESC LIMIT 1", True),
    ("Users from Germny", "SELECT * FROM users WHERE country = 'Germany'", False),
    ("Users from Frnace", "SELECT * FROM users WHERE country = 'France'", False),
    ("products in home and kitchen",
     "SELECT p.* FROM products p JOIN categories c ON c.id = p.category_id WHERE c.name = 'Home & Kitchen'", False),
    ("products with zero stock", "SELECT * FROM products WHERE stock = 0", False),
    ("payments by status", "SELECT status, COUNT(*) FROM payments GROUP BY status", False),
    ("orders paid by bank transfer",
     "SELECT DISTINCT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.method = 'bank_transfer'",
     False),
    ("users who never reviewed anything",
     "SELECT * FROM users WHERE id NOT IN (SELECT user_id FROM reviews)", False),
    ("Top 3 categories by number of products",
     "SELECT c.name, COUNT(*) AS n FROM categories c JOIN products p ON p.category_id = c.id GROUP BY c.name "
     "ORDER BY n DESC LIMIT 3", False),
    ("How many products are out of stock?", "SELECT COUNT(*) FROM products WHERE stock = 0", False),
    ("Average price of products not higher than 100", "SELECT AVG(price) FROM products WHERE price <= 100", False),
    ("List the prices of products in descending order", "SELECT price FROM products ORDER BY price DESC", True),
    ("What are the names of products ordered by price?", "SELECT name FROM products ORDER BY price", True),
]


@pytest.mark.parametrize(("question", "gold", "ordered"), QUESTIONS)
def test_questions_by_execution(workflow: InteractiveWorkflow, ecommerce_db, question: str, gold: str,
                                ordered: bool) -> None:
    result = workflow.process_turn(question)
    assert result.ok, result.error
    assert same_answer(result.result, rows_of(ecommerce_db, gold), ordered=ordered), result.query


CHAINS = [
    (["Users from Germany", "what about France?"], "SELECT * FROM users WHERE country = 'France'", False),
    (["Average price per category", "top 3"],
     "SELECT c.name, AVG(p.price) AS a FROM products p JOIN categories c ON c.id = p.category_id "
     "GROUP BY c.name ORDER BY a DESC LIMIT 3", True),
    (["Products in Books", "how many are there"],
     "SELECT COUNT(*) FROM products p JOIN categories c ON c.id = p.category_id WHERE c.name = 'Books'", False),
    (["List all payments", "only failed ones", "by bank transfer"],
     "SELECT * FROM payments WHERE status = 'failed' AND method = 'bank_transfer'", False),
    (["Show me all products", "sort by price descending", "first 10"],
     "SELECT name, price FROM products ORDER BY price DESC LIMIT 10", True),
    (["Show orders from last month", "only shipped ones", "oldest first"],
     "SELECT * FROM orders WHERE status = 'shipped' AND created_at >= '2026-05-01' AND created_at < '2026-06-01' "
     "ORDER BY created_at", True),
    (["Users in Japan", "just the emails"], "SELECT email FROM users WHERE country = 'Japan'", False),
    (["Number of users per country", "only consumer users"],
     "SELECT country, COUNT(*) FROM users WHERE segment = 'consumer' GROUP BY country", False),
    (["Users from Germany", "what about France?", "remove the country filter"], "SELECT * FROM users", False),
    (["Show me all orders", "only delivered ones", "all statuses"], "SELECT * FROM orders", False),
    (["Average price per category", "maximum instead"],
     "SELECT c.name, MAX(p.price) FROM products p JOIN categories c ON c.id = p.category_id GROUP BY c.name", False),
    (["Average price per category", "top 3", "remove the limit"],
     "SELECT c.name, AVG(p.price) AS a FROM products p JOIN categories c ON c.id = p.category_id "
     "GROUP BY c.name ORDER BY a DESC", True),
    (["Show me all products", "sort by price", "reverse"], "SELECT name, price FROM products ORDER BY price DESC",
     True),
    (["Show me all orders", "exclude cancelled", "top 5 by amount"],
     "SELECT total_amount FROM orders WHERE status != 'cancelled' ORDER BY total_amount DESC LIMIT 5", True),
    (["Number of orders per status", "only those above 1000"],
     "SELECT status, COUNT(*) FROM orders GROUP BY status HAVING COUNT(*) > 1000", False),
    (["list the orders placed by users living in Japan", "how many?", "per status"],
     "SELECT o.status, COUNT(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.country = 'Japan' "
     "GROUP BY o.status", False),
    (["List orders", "how about last year?", "break it down by status"],
     "SELECT status, COUNT(*) FROM orders WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01' "
     "GROUP BY status", False),
    (["Show products", "in Electronics", "cheaper than 50", "what's the total stock?"],
     "SELECT SUM(p.stock) FROM products p JOIN categories c ON c.id = p.category_id "
     "WHERE c.name = 'Electronics' AND p.price < 50", False),
    (["Show all payments", "what's the total?", "average?"], "SELECT AVG(amount) FROM payments", False),
    (["Users from Canada", "and their emails"], "SELECT name, email FROM users WHERE country = 'Canada'", False),
    (["Orders from last month", "which were cancelled", "show the count"],
     "SELECT COUNT(*) FROM orders WHERE status = 'cancelled' AND created_at >= '2026-05-01' "
     "AND created_at < '2026-06-01'", False),
    (["List categories", "with more than 20 products"],
     "SELECT c.name, COUNT(*) FROM categories c JOIN products p ON p.category_id = c.id GROUP BY c.name "
     "HAVING COUNT(*) > 20", False),
    (["Number of orders per status", "now by country"],
     "SELECT u.country, COUNT(*) FROM orders o JOIN users u ON u.id = o.user_id GROUP BY u.country", False),
    (["How many users are from Japan?", "What are their names?"],
     "SELECT name FROM users WHERE country = 'Japan'", False),
    (["Show all users", "from Germany", "sorted by name", "just the emails"],
     "SELECT email FROM users WHERE country = 'Germany' ORDER BY name", True),
    (["Users in Brazil", "and India"], "SELECT * FROM users WHERE country IN ('Brazil', 'India')", False),
    (["Show reviews", "with rating 5", "count them"], "SELECT COUNT(*) FROM reviews WHERE rating = 5", False),
    (["Show products", "cheapest first", "top 5"], "SELECT name, price FROM products ORDER BY price LIMIT 5", True),
    (["Products in Books", "also show the category name"],
     "SELECT p.*, c.name FROM products p JOIN categories c ON c.id = p.category_id WHERE c.name = 'Books'", False),
]


@pytest.mark.parametrize(("turns", "gold", "ordered"), CHAINS)
def test_refinement_chains(workflow: InteractiveWorkflow, ecommerce_db, turns: list[str], gold: str,
                           ordered: bool) -> None:
    results = [workflow.process_turn(t) for t in turns]
    assert all(r.ok for r in results), [r.error for r in results]
    assert [r.intent for r in results] == ["new_query"] + ["refinement"] * (len(turns) - 1)
    assert all(r.refinement_summary for r in results[1:])
    assert same_answer(results[-1].result, rows_of(ecommerce_db, gold), ordered=ordered), results[-1].query


def test_counting_a_metric_counts_the_rows_it_is_made_of(ecommerce_db, shop_engine) -> None:
    """"revenue per month" then "count them": the orders revenue sums (its own condition drops cancelled and
    refunded ones), not every order; the explanation says whose rows they are."""
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=None, clarify="auto")
    for text in ("revenue per month", "only from France"):
        assert wf.process_turn(text).ok
    counted = wf.process_turn("count them")
    gold = ("SELECT COUNT(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.country = 'France' "
            "AND o.status NOT IN ('cancelled', 'refunded')")
    assert counted.intent == "refinement" and list(counted.result.rows) == rows_of(ecommerce_db, gold)
    assert "revenue" in counted.explanation and "cancelled" in counted.explanation
    plain = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=None, clarify="auto")
    plain.process_turn("Show orders from users in France")
    assert list(plain.process_turn("count them").result.rows) != list(counted.result.rows)  # the metric mattered


def test_an_explanation_never_says_the_function_twice(workflow: InteractiveWorkflow) -> None:
    """SUM(total_amount) is "the total amount", not "the total total amount"; SUM(price) is "the total price"."""
    named = workflow.process_turn("total amount of orders per country")
    assert "SUM(" in named.query and "total total" not in named.explanation and "total amount" in named.explanation
    assert "the total price" in workflow.process_turn("total price of all products").explanation


def test_refinement_summary_names_the_sql_conditions(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("Users from Germany")
    result = workflow.process_turn("what about France?")
    assert result.refinement_summary == "removed filter: country = 'Germany'; added filter: country = 'France'"


@pytest.mark.parametrize(("question", "answer"), [
    ("How many users are there?", "There are 1,000 users."),
    ("How many categories are there?", "There are 8 categories."),
    ("How many users are from Canada?", "There are {n} users whose country is Canada."),
])
def test_one_value_answers_read_as_a_sentence(workflow: InteractiveWorkflow, ecommerce_db, question: str,
                                              answer: str) -> None:
    n = rows_of(ecommerce_db, "SELECT COUNT(*) FROM users WHERE country = 'Canada'")[0][0]
    assert workflow.process_turn(question).answer == answer.format(n=f"{n:,}")


def test_lists_get_no_answer_sentence(workflow: InteractiveWorkflow) -> None:
    assert workflow.process_turn("Show users from Canada").answer is None


def test_refinement_never_mutates_the_previous_spec(workflow: InteractiveWorkflow) -> None:
    workflow.process_turn("Show payments made with paypal")
    first = workflow.state.current
    snapshot = copy.deepcopy(first.outcome.spec)
    workflow.process_turn("what about bkash?")
    assert first.outcome.spec == snapshot
    assert "'paypal'" in first.query and "'paypal'" not in workflow.state.current.query
    assert "'bkash'" in workflow.state.current.query


QUOTED_MEMBERS = """
CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, country TEXT);
INSERT INTO members VALUES (1, 'Ann', 'Côte d''Ivoire'), (2, 'Bob', 'France'),
    (3, 'Cy', 'Côte d''Ivoire; DROP TABLE members'), (4, 'Dee', 'Chad');
"""


@pytest.mark.parametrize(("question", "value", "member"), [
    ("members from Côte d'Ivoire", "Côte d'Ivoire", 1),
    ("Members from 'Côte d''Ivoire; DROP TABLE members'", "Côte d'Ivoire; DROP TABLE members", 3),
])
def test_user_text_is_quoted_by_sqlglot(tmp_path, question: str, value: str, member: int) -> None:
    with opened(built_sqlite(tmp_path, "club", QUOTED_MEMBERS)) as db:
        draft = BuiltinEngine(today=TODAY).draft(question, db)
        # One statement, whose one string literal is the user's text, quote and all.
        (statement,) = sqlglot.parse(draft.sql, read="sqlite")
        assert isinstance(statement, exp.Select)
        assert [lit.this for lit in statement.find_all(exp.Literal) if lit.is_string] == [value]
        assert [row[0] for row in db.execute(draft.sql, max_rows=None).rows] == [member]
        assert len(db.execute("SELECT * FROM members", max_rows=None).rows) == 4


@pytest.mark.parametrize(("phrase", "start", "end"), [
    ("last month", date(2026, 5, 1), date(2026, 6, 1)),
    ("this year", date(2026, 1, 1), date(2027, 1, 1)),
    ("in 2025", date(2025, 1, 1), date(2026, 1, 1)),
    ("yesterday", date(2026, 6, 14), date(2026, 6, 15)),
    ("today", date(2026, 6, 15), date(2026, 6, 16)),
    ("last 7 days", date(2026, 6, 8), date(2026, 6, 16)),
    ("in March", date(2026, 3, 1), date(2026, 4, 1)),
    ("in December", date(2025, 12, 1), date(2026, 1, 1)),
    ("since 2026-02-10", date(2026, 2, 10), None),
    ("from 2024 onwards", date(2024, 1, 1), None),  # "from <date> onwards" is "since <date>"
    ("from March 2025 onward", date(2025, 3, 1), None),
    # ahead of today: the next calendar period, or a span starting today
    ("next month", date(2026, 7, 1), date(2026, 8, 1)),
    ("next week", date(2026, 6, 22), date(2026, 6, 29)),  # from the Monday after TODAY (a Monday)
    ("in the coming quarter", date(2026, 7, 1), date(2026, 10, 1)),
    ("next year", date(2027, 1, 1), date(2028, 1, 1)),
    ("tomorrow", date(2026, 6, 16), date(2026, 6, 17)),
    ("in the next 10 days", date(2026, 6, 15), date(2026, 6, 26)),
    ("upcoming", date(2026, 6, 15), None),
])
def test_relative_dates_use_the_injected_today(phrase: str, start: date, end: date | None) -> None:
    (match,) = find_dates(tokenize(f"orders {phrase}"), TODAY)
    assert (match.range.start, match.range.end) == (start, end)


@pytest.mark.parametrize(("phrase", "start", "end"), [
    ("in the fourth quarter of 2024", date(2024, 10, 1), date(2025, 1, 1)),
    ("in the last quarter of 2024", date(2024, 10, 1), date(2025, 1, 1)),  # of the year said, not before today
    ("in Q2 2025", date(2025, 4, 1), date(2025, 7, 1)),
    ("on March 3, 2025", date(2025, 3, 3), date(2025, 3, 4)),
    ("between May 1 and May 10, 2025", date(2025, 5, 1), date(2025, 5, 11)),  # the year said once
    ("between June 1 and June 15, 2027", date(2027, 6, 1), date(2027, 6, 16)),  # not the year before today's
    ("between December 1 and January 15, 2026", date(2025, 12, 1), date(2026, 1, 16)),  # across a new year
    ("between February 29 and March 3, 2024", date(2024, 2, 29), date(2024, 3, 4)),  # a leap day of that year
])
def test_quarters_and_days_of_a_year_said(phrase: str, start: date, end: date) -> None:
    (match,) = find_dates(tokenize(f"orders {phrase}"), TODAY)
    assert (match.range.start, match.range.end) == (start, end)


@pytest.mark.parametrize(("phrase", "start", "end"), [
    ("on 3 March 2025", date(2025, 3, 3), date(2025, 3, 4)),  # the day said before its month
    ("on the 3rd of March 2025", date(2025, 3, 3), date(2025, 3, 4)),
    ("on 3 March", date(2026, 3, 3), date(2026, 3, 4)),  # the last one passed, as "March 3"
    ("between 1 May and 10 May 2025", date(2025, 5, 1), date(2025, 5, 11)),  # the year said once
    ("between 20 December and 5 January", date(2025, 12, 20), date(2026, 1, 6)),
    ("between 28 December and 3 January 2026", date(2025, 12, 28), date(2026, 1, 4)),  # into the year said
])
def test_days_said_before_their_month(phrase: str, start: date, end: date) -> None:
    (match,) = find_dates(tokenize(f"orders {phrase}"), TODAY)
    assert (match.range.start, match.range.end) == (start, end)


def test_a_count_before_a_month_is_no_day() -> None:
    """ "the top 5 June orders": five of June's, not the 5th of June."""
    (match,) = find_dates(tokenize("the top 5 June orders"), TODAY)
    assert (match.range.start, match.range.end) == (date(2026, 6, 1), date(2026, 7, 1))


def test_a_day_a_month_does_not_have_is_one_line() -> None:
    with pytest.raises(EngineError, match="is not a date"):
        find_dates(tokenize("orders on February 30, 2025"), TODAY)
    with pytest.raises(EngineError, match="31 june is not a date"):
        find_dates(tokenize("orders on 31 June"), TODAY)


def test_last_month_crosses_a_year_boundary() -> None:
    (match,) = find_dates(tokenize("last month"), date(2026, 1, 10))
    assert (match.range.start, match.range.end) == (date(2025, 12, 1), date(2026, 1, 1))


def test_explanations_follow_the_spec(workflow: InteractiveWorkflow) -> None:
    result = workflow.process_turn("How many orders are pending?")
    assert "pending" in result.explanation and result.explanation.startswith("Counts the orders whose status is")


@pytest.fixture(scope="module")
def library_db(tmp_path_factory: pytest.TempPathFactory):
    """A schema the engine has never seen, to show nothing in it is fitted to the fixture."""
    rows = """
    INSERT INTO authors VALUES (1, 'Ursula Le Guin', 'American'), (2, 'Chinua Achebe', 'Nigerian'),
                               (3, 'Italo Calvino', 'Italian');
    INSERT INTO books VALUES (1, 'The Dispossessed', 'Science Fiction', 1, 387, '1974-05-01'),
        (2, 'A Wizard of Earthsea', 'Fantasy', 1, 183, '1968-11-01'),
        (3, 'Things Fall Apart', 'Literary', 2, 209, '1958-06-17'),
        (4, 'Invisible Cities', 'Literary', 3, 165, '1972-11-01'),
        (5, 'The Baron in the Trees', 'Literary', 3, 217, '1957-01-01');
    INSERT INTO members VALUES (1, 'Ada', '2025-01-10 10:00:00'), (2, 'Grace', '2026-03-02 09:00:00'),
                               (3, 'Linus', '2026-06-01 12:00:00');
    INSERT INTO loans VALUES (1, 1, 1, '2026-05-03 10:00:00', '2026-05-20 10:00:00'),
        (2, 3, 1, '2026-06-01 11:00:00', NULL), (3, 4, 2, '2026-05-15 15:00:00', '2026-06-01 09:00:00'),
        (4, 1, 2, '2026-06-10 16:00:00', NULL);
    """
    with opened(built_sqlite(tmp_path_factory.mktemp("library"), "library", LIBRARY_TABLES + rows)) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("How many books are there?", "SELECT COUNT(*) FROM books"),
    ("Books by Italo Calvino",
     "SELECT b.* FROM books b JOIN authors a ON a.id = b.author_id WHERE a.name = 'Italo Calvino'"),
    ("Literary books with more than 200 pages", "SELECT * FROM books WHERE genre = 'Literary' AND pages > 200"),
    ("Number of books per genre", "SELECT genre, COUNT(*) FROM books GROUP BY genre"),
    ("Loans from last month", "SELECT * FROM loans WHERE loaned_at >= '2026-05-01' AND loaned_at < '2026-06-01'"),
    ("Members with no loans", "SELECT * FROM members WHERE id NOT IN (SELECT member_id FROM loans)"),
    ("Number of books per author",
     "SELECT a.name, COUNT(*) FROM books b JOIN authors a ON a.id = b.author_id GROUP BY a.name"),
    ("Which genre has the most books?", "SELECT genre FROM books GROUP BY genre ORDER BY COUNT(*) DESC LIMIT 1"),
    ("Longest book", "SELECT MAX(pages) FROM books"),
    ("Books published before 1960", "SELECT * FROM books WHERE published < '1960-01-01'"),
    ("Average pages per genre", "SELECT genre, AVG(pages) FROM books GROUP BY genre"),
    ("Authors with more than 1 book",
     "SELECT a.name, COUNT(*) FROM authors a JOIN books b ON b.author_id = a.id GROUP BY a.id HAVING COUNT(*) > 1"),
    ("Books not in Literary", "SELECT * FROM books WHERE genre != 'Literary'"),
    ("Loans by Ada", "SELECT l.* FROM loans l JOIN members m ON m.id = l.member_id WHERE m.name = 'Ada'"),
])
def test_a_schema_it_has_never_seen(library_db, question: str, gold: str) -> None:
    # The reading is under test, not the dialogue: a confirmation it asks for is taken, as --clarify auto does.
    wf = InteractiveWorkflow(library_db, BuiltinEngine(today=TODAY), max_rows=None, clarify="auto")
    result = wf.process_turn(question)
    assert result.ok, result.error
    assert same_answer(result.result, rows_of(library_db, gold)), result.query


def test_unknown_words_are_named_in_the_error(library_db) -> None:
    with pytest.raises(EngineError, match="spaceships"):
        BuiltinEngine(today=TODAY).draft("show spaceships", library_db)


def test_a_typo_is_matched_but_lowers_confidence(workflow: InteractiveWorkflow) -> None:
    exact = workflow.process_turn("Users from Germany")
    typo = workflow.process_turn("/new") and workflow.process_turn("Users from Germny")
    assert typo.result.rows == exact.result.rows
    assert typo.confidence < exact.confidence


def test_a_linked_word_the_query_dropped_is_unused(ecommerce_db) -> None:
    """A comparison with nothing to compare is linked, but the query does not use it."""
    draft = BuiltinEngine(today=TODAY).draft("users older than 30", ecommerce_db)
    assert "older" in draft.unused and "30" in draft.unused
    assert draft.accounted < 0.5
    used = BuiltinEngine(today=TODAY).draft("products cheaper than 30", ecommerce_db)
    assert used.unused == () and used.accounted == 1.0
    assert used.confidence > draft.confidence


def test_a_refinement_reports_what_it_used(ecommerce_db) -> None:
    engine = BuiltinEngine(today=TODAY)
    first = engine.draft("Show me all users", ecommerce_db)
    edited = engine.refine(RefinementContext("Show me all users", first.sql, "only business users",
                                             current_spec=first.spec), ecommerce_db)
    assert edited.unused == () and edited.accounted == 1.0


def test_the_analysis_reads_cues_and_links(ecommerce_db) -> None:
    lexicon = BuiltinEngine(today=TODAY).lexicon(ecommerce_db.schema)
    analysis = analyse("top 3 products cheaper than 30", lexicon, TODAY)
    (comparison,) = analysis.comparisons
    assert (comparison.op, comparison.values, comparison.concept) == ("<", (30.0,), "price")
    assert (analysis.limit, analysis.limit_from_top) == (3, True)
    assert [c.table for link in analysis.links for c in link.candidates if c.kind == "table"] == ["products"]
    assert analyse("top 3 products cheaper than 30", lexicon, TODAY) == analysis  # the same line, the same reading


def test_linking_names_the_tables_a_question_touches(ecommerce_db) -> None:
    lexicon = BuiltinEngine(today=TODAY).lexicon(ecommerce_db.schema)
    assert {"users", "orders"} <= linked_tables("orders of users from Germany", lexicon)
    assert linked_tables("hello there", lexicon) == set()


def test_the_model_engine_needs_no_part_of_the_builtin_engine() -> None:
    code = ("import sys, nl2sql.engines.llm.engine, nl2sql.engines.llm.prompts; "
            "print([m for m in sys.modules if m.startswith('nl2sql.engines.builtin')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
