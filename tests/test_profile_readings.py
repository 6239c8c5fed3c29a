"""A database brought without a config: money, units, self-references, views and rankings read
through the schema's profile (nl2sql/profile). Every schema here is invented for the test, and
every answer is checked by running the SQL and comparing with rows computed in Python."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from datetime import date
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.db.schema import Column, ForeignKey, Schema, Table
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.profile import build_profile

TODAY = date(2026, 6, 15)
BUYERS = [(1, "Ada", "Moss", "Peru"), (2, "Bo", "Lund", "Chile"), (3, "Cy", "Hart", "Peru")]
ARTICLES = [(1, "Kettle", "kitchen"), (2, "Lamp", "living"), (3, "Mug", "kitchen")]
# (receipt, buyer, issued on, [(article, unit price, qty)])
RECEIPTS = [(1, 1, "2026-04-03", [(1, 30.0, 1), (3, 5.0, 4)]), (2, 2, "2026-04-20", [(2, 12.5, 2)]),
            (3, 1, "2026-05-02", [(2, 12.5, 1), (3, 5.0, 2)]), (4, 3, "2026-05-30", [(1, 30.0, 2)])]
STAFF = [(1, "Rae", "Stone", None), (2, "Tom", "Vale", 1), (3, "Uma", "West", 2), (4, "Vic", "Yates", 2),
         (5, "Wes", "Zane", 1)]
CLIPS = [(1, "Intro", 95_000, 800_000), (2, "Talk", 420_000, 3_500_000), (3, "Outro", 150_000, 1_300_000)]
TAGS = [(1, "news"), (2, "music")]
CLIP_TAGS = [(1, 1), (2, 1), (3, 1), (2, 2)]


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("profile") / "shop.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE buyers (buyer_id INTEGER PRIMARY KEY, given_name TEXT, family_name TEXT, nation TEXT);
        CREATE TABLE articles (article_id INTEGER PRIMARY KEY, title TEXT, kind TEXT);
        CREATE TABLE receipts (receipt_id INTEGER PRIMARY KEY, buyer_id INTEGER REFERENCES buyers (buyer_id),
                               issued_on DATE, grand_total DECIMAL(10, 2));
        CREATE TABLE receipt_lines (line_no INTEGER PRIMARY KEY,
                                    receipt_id INTEGER REFERENCES receipts (receipt_id),
                                    article_id INTEGER REFERENCES articles (article_id),
                                    unit_price DECIMAL(10, 2), qty INTEGER);
        CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                            manager_id INTEGER REFERENCES staff (staff_id));
        CREATE TABLE clips (clip_id INTEGER PRIMARY KEY, caption TEXT, duration_ms INTEGER, size_bytes INTEGER);
        CREATE TABLE tags (tag_id INTEGER PRIMARY KEY, label TEXT);
        CREATE TABLE clip_tags (clip_id INTEGER REFERENCES clips (clip_id), tag_id INTEGER REFERENCES tags (tag_id),
                                PRIMARY KEY (clip_id, tag_id));
    """)
    con.executemany("INSERT INTO buyers VALUES (?, ?, ?, ?)", BUYERS)
    con.executemany("INSERT INTO articles VALUES (?, ?, ?)", ARTICLES)
    line = 0
    for receipt, buyer, day, lines in RECEIPTS:
        con.execute("INSERT INTO receipts VALUES (?, ?, ?, ?)",
                    (receipt, buyer, day, sum(price * qty for _a, price, qty in lines)))
        for article, price, qty in lines:
            line += 1
            con.execute("INSERT INTO receipt_lines VALUES (?, ?, ?, ?, ?)", (line, receipt, article, price, qty))
    con.executemany("INSERT INTO staff VALUES (?, ?, ?, ?)", STAFF)
    con.executemany("INSERT INTO clips VALUES (?, ?, ?, ?)", CLIPS)
    con.executemany("INSERT INTO tags VALUES (?, ?)", TAGS)
    con.executemany("INSERT INTO clip_tags VALUES (?, ?)", CLIP_TAGS)
    con.commit()
    con.close()
    return path


def _ask(path: Path, question: str) -> tuple[str, list[tuple], float, str]:
    db = open_database(str(path))
    draft = BuiltinEngine(today=TODAY).draft(question, db)
    return draft.sql, [tuple(r) for r in db.execute(draft.sql).rows], draft.confidence, draft.explanation


def _lines() -> list[tuple[int, int, str, int, float, int]]:
    """(receipt, buyer, issued on, article, price, qty) for every line."""
    return [(r, b, d, a, p, q) for r, b, d, lines in RECEIPTS for a, p, q in lines]


def test_money_words_read_as_line_revenue_per_group(shop: Path) -> None:
    nation = {b: n for b, _g, _f, n in BUYERS}
    expected: dict[str, float] = defaultdict(float)
    for _r, buyer, _d, _a, price, qty in _lines():
        expected[nation[buyer]] += price * qty
    sql, rows, _sure, explanation = _ask(shop, "revenue by nation")
    assert dict((n, round(v, 2)) for n, v in rows) == expected
    assert "unit price x qty" in explanation  # the explanation names the reading


@pytest.mark.parametrize(("question", "part"), [
    ("what share of revenue came from kitchen articles", lambda buyer, article: article in (1, 3)),
    ("what percentage of sales came from buyers in Peru", lambda buyer, article: buyer in (1, 3)),
])
def test_a_share_of_a_total_is_the_part_its_conditions_keep(shop: Path, question: str, part) -> None:
    lines = _lines()
    whole = sum(price * qty for _r, _b, _d, _a, price, qty in lines)
    kept = sum(price * qty for _r, buyer, _d, article, price, qty in lines if part(buyer, article))
    sql, rows, _sure, explanation = _ask(shop, question)
    assert rows == [(pytest.approx(100.0 * kept / whole),)], sql
    assert "percentage of revenue" in explanation, explanation


@pytest.mark.parametrize(("question", "expected"), [
    ("which buyer placed the most orders", [("Ada", "Moss")]),
    ("how many purchases were made in May 2026", [(2,)]),
])
def test_orders_and_purchases_are_the_sales_the_lines_make_up(shop: Path, question: str, expected) -> None:
    """The sales are kept as receipts: "orders" and "purchases" are those rows, as an analyst means them."""
    sql, rows, _sure, _ = _ask(shop, question)
    assert [tuple(v for v in row if not isinstance(v, int) or len(row) == 1) for row in rows] == expected, sql


def test_spend_per_buyer_is_one_amount_each(shop: Path) -> None:
    spent: dict[str, float] = defaultdict(float)
    given = {b: g for b, g, _f, _n in BUYERS}
    for _r, buyer, _d, _a, price, qty in _lines():
        spent[given[buyer]] += price * qty
    _sql, rows, _sure, _ = _ask(shop, "how much did each buyer spend")
    assert {row[0]: round(row[-1], 2) for row in rows} == spent
    assert all(sum(isinstance(v, (int, float)) for v in row) == 1 for row in rows)  # no second, unasked sum


def test_revenue_per_article_is_measured_on_the_lines(shop: Path) -> None:
    per_article: dict[str, float] = defaultdict(float)
    title = {a: t for a, t, _k in ARTICLES}
    for _r, _b, _d, article, price, qty in _lines():
        per_article[title[article]] += price * qty
    top = sorted(per_article.items(), key=lambda kv: -kv[1])[:2]
    _sql, rows, _sure, _ = _ask(shop, "top 2 articles by revenue")
    assert [(row[0], round(row[-1], 2)) for row in rows] == top


def test_sale_totals_grouped_across_lines_are_taken_per_line(shop: Path) -> None:
    """A receipt's grand total summed per article kind would give each kind the whole receipt."""
    per_kind: dict[str, float] = defaultdict(float)
    kind = {a: k for a, _t, k in ARTICLES}
    for _r, _b, _d, article, price, qty in _lines():
        per_kind[kind[article]] += price * qty
    _sql, rows, _sure, _ = _ask(shop, "total grand total by article kind")
    assert {row[0]: round(row[-1], 2) for row in rows} == per_kind


def test_lines_without_a_date_are_dated_by_their_receipt(shop: Path) -> None:
    may = sum(price * qty for _r, _b, day, _a, price, qty in _lines() if day.startswith("2026-05"))
    _sql, rows, _sure, _ = _ask(shop, "revenue in May 2026")
    assert round(rows[0][0], 2) == may


@pytest.mark.parametrize(("question", "keep"), [
    ("clips longer than 2 minutes", lambda ms, _b: ms > 120_000),
    ("clips shorter than 100 seconds", lambda ms, _b: ms < 100_000),
    ("clips with a duration over 3 minutes", lambda ms, _b: ms > 180_000),
    ("clips bigger than 1 megabyte", lambda _ms, size: size > 1024 ** 2),
    ("clips longer than 2 min", lambda ms, _b: ms > 120_000),  # "min" after a number is a unit, not MIN()
    ("clips shorter than 2 minutes 30 seconds", lambda ms, _b: ms < 150_000),  # one amount in two units
    ("clips longer than 1 minute and 45 seconds", lambda ms, _b: ms > 105_000),
])
def test_numbers_are_compared_in_the_unit_they_are_said_in(shop: Path, question: str, keep) -> None:
    _sql, rows, _sure, _ = _ask(shop, question)
    assert sorted(r[0] for r in rows) == sorted(c for c, _t, ms, size in CLIPS if keep(ms, size))


def test_an_average_is_given_in_the_unit_asked_for(shop: Path) -> None:
    _sql, rows, _sure, _ = _ask(shop, "average clip duration in minutes")
    assert rows[0][0] == pytest.approx(sum(ms for _c, _t, ms, _s in CLIPS) / len(CLIPS) / 60_000)


def test_a_number_in_the_columns_own_unit_is_left_alone(shop: Path) -> None:
    _sql, rows, _sure, _ = _ask(shop, "clips longer than 150000 milliseconds")
    assert sorted(r[0] for r in rows) == [2]


def _named(rows: list[tuple]) -> set[str]:
    return {" ".join(str(v) for v in row if isinstance(v, str)) for row in rows}


@pytest.mark.parametrize(("question", "expected"), [
    ("who reports to Tom Vale", {"Uma West", "Vic Yates"}),
    ("staff managed by Rae Stone", {"Tom Vale", "Wes Zane"}),
    ("who is the manager of Uma West", {"Tom Vale"}),
    ("who is Vic Yates's manager", {"Tom Vale"}),
    ("who does Tom Vale report to", {"Rae Stone"}),
])
def test_a_key_into_the_same_table_is_followed_to_the_other_rows(shop: Path, question: str,
                                                                 expected: set[str]) -> None:
    _sql, rows, _sure, _ = _ask(shop, question)
    assert _named(rows) == expected


@pytest.mark.parametrize(("question", "expected"), [
    ("who does Ola Berg coach?", {"Pia Holm", "Rut Lind"}),  # the verb after "does <X>": the rows below X
    ("who coaches Rut Lind?", {"Ola Berg"}),  # the verb of "who", X its object: the row above
    ("who is Rut Lind's coach?", {"Ola Berg"}),
])
def test_a_key_named_by_a_noun_that_is_also_a_verb_follows_the_verb(tmp_path: Path, question: str,
                                                                    expected: set[str]) -> None:
    path = tmp_path / "squad.db"
    with sqlite3.connect(path) as con:
        con.executescript("""
            CREATE TABLE players (player_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                                  coach_id INTEGER REFERENCES players(player_id));
            INSERT INTO players VALUES (1, 'Ola', 'Berg', NULL), (2, 'Pia', 'Holm', 1), (3, 'Rut', 'Lind', 1),
                                       (4, 'Sam', 'Dahl', 2);""")
    con.close()
    _sql, rows, _sure, _ = _ask(path, question)
    assert _named(rows) == expected, _sql


def test_grouped_by_the_key_to_their_own_table_each_group_is_a_row_pointed_to(shop: Path) -> None:
    _sql, rows, _sure, _ = _ask(shop, "number of staff per manager")
    counts = defaultdict(int)
    first_names = {key: first for key, first, _last, _boss in STAFF}
    for *_n, boss in STAFF:
        if boss is not None:  # the head of the chart has no manager: no group of its own
            counts[first_names[boss]] += 1  # each group shown by its manager's name, not the key
    assert {r[0]: r[-1] for r in rows} == counts


def test_how_many_report_to_someone(shop: Path) -> None:
    _sql, rows, _sure, _ = _ask(shop, "how many staff report to Rae Stone")
    assert rows == [(sum(1 for *_n, boss in STAFF if boss == 1),)]


def test_an_open_ranking_offers_the_rows_own_total_first(shop: Path) -> None:
    db = open_database(str(shop))
    draft = BuiltinEngine(today=TODAY).draft("the biggest receipts", db)
    question = draft.ambiguities[0].question if draft.ambiguities else None
    assert question is not None and question.choices[0].lower().startswith("grand total of each receipt")
    result = db.execute(draft.sql)
    at = result.columns.index("grand_total")
    totals = sorted((sum(p * q for _a, p, q in lines) for *_x, lines in RECEIPTS), reverse=True)
    assert [r[at] for r in result.rows][: len(totals)] == totals


@pytest.mark.parametrize(("question", "pick"), [("which buyer spent the most", max),
                                               ("which buyer has the lowest revenue", min)])
def test_a_superlative_beside_money_ranks_the_rows_by_it(shop: Path, question: str, pick) -> None:
    spent: dict[str, float] = defaultdict(float)
    given = {b: g for b, g, _f, _n in BUYERS}
    for _r, buyer, _d, _a, price, qty in _lines():
        spent[given[buyer]] += price * qty
    _sql, rows, _sure, _ = _ask(shop, question)
    assert [row[0] for row in rows] == [pick(spent, key=spent.__getitem__)]


def test_a_bridge_table_is_crossed_to_count_related_rows(shop: Path) -> None:
    _sql, rows, _sure, _ = _ask(shop, "how many clips per tag")
    label = dict(TAGS)
    expected = {label[t]: sum(1 for _c, tag in CLIP_TAGS if tag == t) for t in label}
    assert {row[0]: row[-1] for row in rows} == expected


def test_the_profile_names_what_an_analyst_would(shop: Path) -> None:
    profile = build_profile(open_database(str(shop)).schema)
    assert profile.revenue is not None and profile.revenue.line is not None
    assert (profile.revenue.line.table, profile.revenue.line.parent) == ("receipt_lines", "receipts")
    assert {(u.column, u.dimension) for u in profile.units} == {("duration_ms", "time"), ("size_bytes", "size")}
    assert [(r.table, r.column) for r in profile.self_references] == [("staff", "manager_id")]
    assert profile.bridges == ("clip_tags",)
    assert ("staff", "first_name, last_name") in profile.labels


def _table(name: str, *refs: tuple[str, str, str], stored: bool = True) -> Table:
    columns = [Column("id", "INTEGER", "integer", primary_key=True)]
    columns += [Column(col, "INTEGER", "integer") for col, _t, _c in refs]
    return Table(name, tuple(columns), tuple(ForeignKey(name, col, t, c) for col, t, c in refs), stored=stored)


def test_joins_go_through_stored_tables_before_a_view() -> None:
    """A view that would make the path shorter is passed by: it may leave rows out."""
    schema = Schema((
        _table("a"), _table("b", ("a_id", "a", "id")), _table("d", ("b_id", "b", "id")),
        _table("c", ("d_id", "d", "id"), ("v_id", "v", "id")),
        _table("v", ("a_id", "a", "id"), stored=False),
    ))
    assert [hop for hop, _fk in schema.join_path("a", "c") or []] == ["b", "d", "c"]
    assert [hop for hop, _fk in schema.join_path("a", "v") or []] == ["v"]  # named: used
    alone = Schema((_table("a"), _table("c", ("v_id", "v", "id")), _table("v", ("a_id", "a", "id"), stored=False)))
    assert [hop for hop, _fk in alone.join_path("a", "c") or []] == ["v", "c"]  # the only way: taken


def test_money_the_profile_cannot_settle_is_asked_not_guessed(tmp_path: Path) -> None:
    """Two tables of events with totals and no lines: which is revenue is a question, and the
    answer chooses the other reading; a refund's amount is never one of them."""
    path = tmp_path / "two.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE guests (id INTEGER PRIMARY KEY, town TEXT);
        CREATE TABLE stays (id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guests (id), began DATE,
                            total_price DECIMAL(8, 2));
        CREATE TABLE meals (id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guests (id), served DATE,
                            bill_amount DECIMAL(8, 2));
        CREATE TABLE refunds (id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guests (id), made DATE,
                              amount DECIMAL(8, 2));
        INSERT INTO guests VALUES (1, 'Ayr'), (2, 'Bude');
        INSERT INTO stays VALUES (1, 1, '2026-01-01', 100), (2, 2, '2026-01-02', 40);
        INSERT INTO meals VALUES (1, 1, '2026-01-01', 7), (2, 1, '2026-01-02', 8);
        INSERT INTO refunds VALUES (1, 2, '2026-01-03', 5);
    """)
    con.commit()
    con.close()
    db = open_database(str(path))
    engine = BuiltinEngine(today=TODAY)
    draft = engine.draft("total revenue", db)
    question = next(a.question for a in draft.ambiguities if a.question is not None)
    assert len(question.choices) == 2 and not any("refund" in c for c in question.choices)
    chosen = engine.draft("total revenue", db, {question.slot: question.values[1]})
    other = [tuple(r) for r in db.execute(chosen.sql).rows]
    first = [tuple(r) for r in db.execute(draft.sql).rows]
    assert sorted([first[0][0], other[0][0]]) == [15, 140]


def test_a_view_named_by_a_piece_of_its_name_is_not_joined_through(tmp_path: Path) -> None:
    """ "invoices" is a piece of big_invoices' name and the whole of invoices': the stored table
    answers, so no invoice the view leaves out goes missing."""
    path = tmp_path / "billing.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE clients (client_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),
                               total REAL);
        CREATE VIEW big_invoices AS SELECT * FROM invoices WHERE total > 5;
        INSERT INTO clients VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
        INSERT INTO invoices VALUES (1, 1, 2.0), (2, 1, 9.0), (3, 2, 1.0);
    """)
    con.commit()
    con.close()
    _sql, rows = _ask(path, "number of invoices per client")[:2]
    assert sorted(rows) == [("Ada", 2), ("Bo", 1)]
    _sql, rows = _ask(path, "clients with no invoices")[:2]
    assert [r[1] for r in rows] == ["Cy"]  # Bo has a small invoice: not a client without invoices
    db = open_database(str(path))
    draft = BuiltinEngine(today=TODAY).draft("best clients", db)
    question = next(a.question for a in draft.ambiguities if a.question is not None)
    assert not any("big" in choice.lower() for choice in question.choices)
