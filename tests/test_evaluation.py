"""The evaluation harness: scoring rules on hand-made cases, and whole runs on a tiny benchmark."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.db import open_database
from nl2sql.evaluation.classify import difficulty, failure_category, main_table
from nl2sql.evaluation.fit import right_as_shown
from nl2sql.evaluation.matching import Ties, lenient_match, strict_match
from nl2sql.evaluation.ranking import gold_ties, ranking
from nl2sql.evaluation.runner import TurnRecord


@pytest.mark.parametrize(("gold", "pred", "ordered", "expected"), [
    ([(1, "a"), (2, "b")], [(2, "b"), (1, "a")], False, True),  # order ignored
    ([(1, "a"), (2, "b")], [(2, "b"), (1, "a")], True, False),  # order required
    ([(1, "a"), (1, "a")], [(1, "a")], False, False),  # duplicates count
    ([(1, "a"), (1, "a"), (2, "b")], [(1, "a"), (2, "b"), (2, "b")], False, False),  # same set, other multiset
    ([("a", 1)], [(1, "a")], False, True),  # columns in another order
    ([(None,)], [(None,)], False, True),  # NULLs
    ([(None, 1)], [(0, 1)], False, False),  # NULL is not zero
    ([(3.14159,)], [(3.1400001,)], False, True),  # rounded to 2 decimals
    ([(3.14,)], [(3.15,)], False, False),
    ([(1,)], [(1.0,)], False, True),  # int and float alike
    ([(1, "a")], [(1, "a", "extra")], False, False),  # strict: no extra columns
    ([], [], False, True),
    ([], [(1,)], False, False),
    # many look-alike columns: a capped walk over permutations gave up before reaching the identity
    ([("x", "x", "x", None, None, None, None, 0, 0)], [("x", "x", "x", None, None, None, None, 0, 0)], False, True),
    ([(1, 2, 1, 2, 1, 2, 1, 2), (2, 1, 2, 1, 2, 1, 2, 1)], [(1, 2, 1, 2, 1, 2, 1, 2), (2, 1, 2, 1, 2, 1, 2, 1)][::-1],
     False, True),  # rows in another order, columns that can be swapped
    ([(1, 2, 1, 2, 1, 2, 1, 2), (2, 1, 2, 1, 2, 1, 2, 1)], [(1, 1, 1, 1, 1, 2, 2, 2), (2, 2, 2, 2, 2, 1, 1, 1)],
     False, False),  # every column alike, no row alike
])
def test_strict_match(gold: list, pred: list, ordered: bool, expected: bool) -> None:
    assert strict_match(gold, pred, ordered=ordered) is expected


def test_lenient_match_allows_extra_columns_and_any_key() -> None:
    gold_cols = ["id", "n"]
    gold = [(10, 5), (11, 3)]
    assert lenient_match(gold_cols, gold, [("x", 5, "p"), ("y", 3, "q")])  # distinct label stands for the key
    assert lenient_match(gold_cols, gold, [("x", 5), ("x", 3)])  # the rows themselves are distinct
    assert not lenient_match(gold_cols, [(10, 5), (11, 5)], [("x", 5), ("x", 5)])  # nothing tells them apart
    assert not lenient_match(["n"], [(5,)], [(6,)])


# Sorted by price (the second column): 9, 7, 7, 5. The two rows priced 7 tie.
SORTED = [("kettle", 9), ("lamp", 7), ("mug", 7), ("pen", 5)]
SORTED_TIES = Ties.of([(9,), (7,), (7,), (5,)], SORTED, len(SORTED))


def test_rows_that_tie_on_the_sort_keys_compare_as_a_set() -> None:
    assert SORTED_TIES == Ties((1, 2, 1))
    swapped_in_tie = [SORTED[0], SORTED[2], SORTED[1], SORTED[3]]
    assert strict_match(SORTED, swapped_in_tie, ordered=True, ties=SORTED_TIES)
    assert not strict_match(SORTED, swapped_in_tie, ordered=True)  # without the ties, row by row
    swapped_across = [SORTED[1], SORTED[0], SORTED[2], SORTED[3]]  # 7 before 9: a different order
    assert not strict_match(SORTED, swapped_across, ordered=True, ties=SORTED_TIES)
    assert not strict_match(SORTED, [SORTED[0], SORTED[1], SORTED[3], SORTED[2]], ordered=True, ties=SORTED_TIES)


def test_any_member_of_a_tie_the_limit_cut_will_do() -> None:
    shown = SORTED[:2]  # LIMIT 2: the limit cut the tie of lamp and mug
    ties = Ties.of([(9,), (7,), (7,), (5,)], SORTED, len(shown))
    assert ties == Ties((1,), (("lamp", 7), ("mug", 7)))
    assert strict_match(shown, [("kettle", 9), ("mug", 7)], ordered=True, ties=ties)
    assert strict_match(shown, [("kettle", 9), ("lamp", 7)], ordered=True, ties=ties)
    assert not strict_match(shown, [("kettle", 9), ("pen", 5)], ordered=True, ties=ties)  # not of the tie
    assert not strict_match(shown, [("mug", 7), ("kettle", 9)], ordered=True, ties=ties)  # out of order
    assert not strict_match(shown, [("kettle", 9), ("mug", 7)], ordered=True)
    assert lenient_match(["name", "price"], shown, [("kettle", 9, 1), ("mug", 7, 2)], ordered=True, ties=ties)
    only = Ties.of([(9,), (9,)], [("kettle", 9), ("lamp", 9)], 1)  # LIMIT 1 within the first tie
    assert strict_match([("kettle", 9)], [("lamp", 9)], ordered=True, ties=only)
    assert not strict_match([("kettle", 9)], [("lamp", 9), ("kettle", 9)], ordered=True, ties=only)


def test_ties_that_are_not_these_rows_are_not_trusted() -> None:
    wrong = Ties((1, 1, 1, 1, 1))  # more rows than the gold result: compared row by row
    assert not strict_match(SORTED, [SORTED[0], SORTED[2], SORTED[1], SORTED[3]], ordered=True, ties=wrong)


@pytest.mark.parametrize(("sql", "expected"), [
    ("SELECT name FROM item ORDER BY price DESC LIMIT 1",
     "SELECT name, price AS _nl2sql_key0 FROM item ORDER BY price DESC"),
    ("SELECT name, price FROM item ORDER BY price DESC, 1", "SELECT name, price FROM item ORDER BY price DESC, 1"),
    ("SELECT shop, COUNT(*) AS n FROM item GROUP BY shop ORDER BY n DESC LIMIT 2",
     "SELECT shop, COUNT(*) AS n FROM item GROUP BY shop ORDER BY n DESC"),
    ("SELECT shop FROM item GROUP BY shop ORDER BY COUNT(*) DESC LIMIT 1",
     "SELECT shop, COUNT(*) AS _nl2sql_key0 FROM item GROUP BY shop ORDER BY COUNT(*) DESC"),
    ("SELECT DISTINCT shop FROM item ORDER BY price", None),  # another column changes what DISTINCT keeps
    ("SELECT * FROM item ORDER BY 2", None),  # which column is second is not in the SQL
    ("SELECT name FROM item ORDER BY price LIMIT 1 OFFSET 2", None),
    ("SELECT name FROM item", None),
])
def test_the_gold_sort_is_read_from_its_sql(sql: str, expected: str | None) -> None:
    found = ranking(sql)
    assert (found.sql if found else None) == expected


def test_gold_ties_run_the_gold_without_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with sqlite3.connect(path) as con:
        con.executescript("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, shop TEXT, price REAL);"
                          "INSERT INTO item (name, shop, price) VALUES ('kettle', 'north', 9), ('lamp', 'south', 7),"
                          " ('mug', 'north', 7), ('pen', 'south', 5), ('cup', 'east', NULL);")
    db = open_database(str(path))
    try:
        sql = "SELECT name FROM item ORDER BY price DESC LIMIT 2"
        rows = list(db.execute(sql, max_rows=None).rows)
        ties = gold_ties(db, sql, rows, timeout=5)
        assert ties == Ties((1,), (("lamp",), ("mug",)))
        assert strict_match(rows, [("kettle",), ("mug",)], ordered=True, ties=ties)
        by_shop = "SELECT shop, COUNT(*) FROM item GROUP BY shop ORDER BY COUNT(*) DESC"
        rows = list(db.execute(by_shop, max_rows=None).rows)
        assert gold_ties(db, by_shop, rows, timeout=5) == Ties((2, 1))
        assert gold_ties(db, "SELECT name FROM item ORDER BY nothing_here", [], timeout=5) is None
    finally:
        db.close()


@pytest.mark.parametrize(("sql", "level"), [
    ("SELECT count(*) FROM singer", "easy"),
    ("SELECT name FROM singer WHERE age > 20 ORDER BY name", "easy"),
    ("SELECT name FROM singer WHERE age > 20 AND country = 'x' ORDER BY name", "medium"),
    ("SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.a GROUP BY T1.name ORDER BY count(*) DESC",
     "hard"),
    ("SELECT name FROM a WHERE x > (SELECT avg(x) FROM a) INTERSECT SELECT name FROM b", "extra"),
])
def test_difficulty(sql: str, level: str) -> None:
    assert difficulty(sql) == level


@pytest.mark.parametrize(("pred", "gold", "category"), [
    (None, "SELECT a FROM t", "no parse"),
    ("SELECT a FROM t", "SELECT a FROM t WHERE b IN (SELECT b FROM u)", "missing nesting"),
    ("SELECT a FROM t", "SELECT a FROM u", "wrong table"),
    ("SELECT count(*) FROM t", "SELECT max(a) FROM t", "wrong aggregation"),
    ("SELECT a FROM t", "SELECT b FROM t", "wrong column"),
    ("SELECT a FROM t WHERE b = 1", "SELECT a FROM t WHERE b = 2", "wrong value"),
])
def test_failure_categories(pred: str | None, gold: str, category: str) -> None:
    assert failure_category(pred, gold) == category


def test_main_table() -> None:
    assert main_table("SELECT T2.name FROM a AS T1 JOIN b AS T2 ON T1.x = T2.y") == "a"


@pytest.fixture
def tiny_benchmark(tmp_path: Path) -> Path:
    """A Spider-shaped folder: one database, three questions, and a two-turn SParC interaction."""
    root = tmp_path / "bench"
    db_dir = root / "spider" / "database" / "zoo"
    db_dir.mkdir(parents=True)
    conn = sqlite3.connect(db_dir / "zoo.sqlite")
    conn.executescript("""
        CREATE TABLE keeper (keeper_id INTEGER PRIMARY KEY, name TEXT, age INTEGER);
        CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, name TEXT, species TEXT, weight REAL,
                             keeper_id INTEGER REFERENCES keeper (keeper_id));
        INSERT INTO keeper VALUES (1, 'Ann', 40), (2, 'Ben', 30);
        INSERT INTO animal VALUES (1, 'Leo', 'lion', 190.5, 1), (2, 'Zed', 'zebra', 300, 2),
                                  (3, 'Lia', 'lion', 150, 1);
    """)
    conn.commit()
    conn.close()
    questions = [
        {"db_id": "zoo", "question": "How many animals are there?", "query": "SELECT count(*) FROM animal"},
        {"db_id": "zoo", "question": "Show the names of lions.",
         "query": "SELECT name FROM animal WHERE species = 'lion'"},
        {"db_id": "zoo", "question": "Which species has the heaviest average weight and why?",
         "query": "SELECT species FROM animal GROUP BY species ORDER BY avg(weight) DESC LIMIT 1"},
        {"db_id": "missing_db", "question": "x", "query": "SELECT 1"},
    ]
    (root / "spider" / "dev.json").write_text(json.dumps(questions))
    (root / "sparc").mkdir()
    (root / "sparc" / "dev.json").write_text(json.dumps([{"database_id": "zoo", "interaction": [
        {"utterance": "Show all animals", "query": "SELECT * FROM animal"},
        {"utterance": "only lions", "query": "SELECT * FROM animal WHERE species = 'lion'"},
    ]}]))
    return root


def test_eval_spider_on_a_tiny_benchmark(tiny_benchmark: Path, tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    result = CliRunner().invoke(cli, ["eval", "spider", "--data", str(tiny_benchmark), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 conversations" in result.output  # the question on a missing database is skipped
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3
    by_question = {r["question"]: r for r in rows}
    assert by_question["How many animals are there?"]["ok"]
    assert by_question["Show the names of lions."]["ok"]
    assert {"predicted", "gold", "seconds", "difficulty", "category", "intent", "confidence", "unused"} <= set(rows[0])
    assert all(0.0 <= r["confidence"] <= 1.0 for r in rows if r["predicted"])
    assert "execution accuracy" in result.output and "by difficulty" in result.output
    right = sum(r["ok"] for r in rows if r["predicted"] and r["confidence"] > 0.75)
    confident = sum(1 for r in rows if r["predicted"] and r["confidence"] > 0.75)
    assert f"({right}/{confident})" in result.output and "reliability" in result.output
    all_right = sum(r["ok"] for r in rows if r["predicted"])
    false_low = 100 * (all_right - right) / all_right
    assert f"false low-confidence {false_low:.1f}% of right answers" in result.output


def test_eval_spider_asks_a_reworded_question_file_on_the_same_databases(tiny_benchmark: Path,
                                                                        tmp_path: Path) -> None:
    reworded = tmp_path / "reworded.json"
    reworded.write_text(json.dumps([
        {"db_id": "zoo", "question": "Count the animals.", "query": "SELECT count(*) FROM animal",
         "spider_question": "How many animals are there?"},
        {"db_id": "zoo", "question": "Give the names of the lions.",
         "query": "SELECT name FROM animal WHERE species = 'lion'"},
    ]))
    out = tmp_path / "run.jsonl"
    result = CliRunner().invoke(cli, ["eval", "spider", "--data", str(tiny_benchmark), "--questions", str(reworded),
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["question"] for r in rows] == ["Count the animals.", "Give the names of the lions."]
    assert f"{reworded.parent.name}/reworded.json: 2 conversations" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps([{"db_id": "zoo", "question": 3}]))
    result = CliRunner().invoke(cli, ["eval", "spider", "--data", str(tiny_benchmark), "--questions", str(broken)])
    assert result.exit_code != 0 and "item 0 has no db_id, question and query" in result.output


def test_whole_rows_that_hold_the_gold_columns_are_right_as_shown(tiny_benchmark: Path, tmp_path: Path) -> None:
    """The benchmark rule stays strict; the confidence learns from a listing of whole rows that holds
    the gold's columns and rows as right, and from nothing else that merely holds them."""
    asked = tmp_path / "asked.json"
    asked.write_text(json.dumps([
        {"db_id": "zoo", "question": "List the lions.", "query": "SELECT name FROM animal WHERE species = 'lion'"},
        {"db_id": "zoo", "question": "List the zebras.", "query": "SELECT name FROM animal WHERE species = 'lion'"},
        {"db_id": "zoo", "question": "How many animals does each keeper look after?",
         "query": "SELECT count(*) FROM animal GROUP BY keeper_id"},
    ]))
    out = tmp_path / "run.jsonl"
    result = CliRunner().invoke(cli, ["eval", "spider", "--data", str(tiny_benchmark), "--questions", str(asked),
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = [TurnRecord(**{**r, "gold": tuple(r["gold"]), "unused": tuple(r["unused"]), "cues": tuple(r["cues"])})
               for r in map(json.loads, out.read_text().splitlines())]
    lions, zebras, per_keeper = records
    assert lions.predicted is not None and "*" in lions.predicted and lions.signals["all_columns"] == 1.0
    assert not lions.ok and lions.contains and right_as_shown(lions)
    assert not zebras.contains and not right_as_shown(zebras)  # whole rows, but other rows
    assert per_keeper.signals["grouped"] == 1.0 and per_keeper.contains and not per_keeper.ok
    assert not right_as_shown(per_keeper)  # a grouped total with its group beside it: the benchmark's rule


def test_eval_cues_counts_each_cue_over_the_turns_that_used_it(tiny_benchmark: Path, tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    result = CliRunner().invoke(cli, ["eval", "spider", "--data", str(tiny_benchmark), "--cues", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    by_cue: dict[str, list[bool]] = {}
    for row in rows:
        for cue in row["cues"]:
            by_cue.setdefault(cue, []).append(row["ok"])
    assert "count.rows" in by_cue and "aggregate.avg" in by_cue  # "How many ...", "... average weight ..."
    for cue, oks in by_cue.items():
        line = next(line for line in result.output.splitlines() if line.strip().startswith(cue + " "))
        assert f"{len(oks)} turns" in line and f"({sum(oks)}/{len(oks)})" in line
    assert "never used:" in result.output and "bucket.month" in result.output.split("never used:")[1]


def test_eval_sparc_reports_turn_and_interaction_accuracy(tiny_benchmark: Path) -> None:
    result = CliRunner().invoke(cli, ["eval", "sparc", "--data", str(tiny_benchmark), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "turn accuracy         100.0% (2/2)" in result.output
    assert "interaction accuracy  100.0% (1/1)" in result.output
    assert "context kept" in result.output and "derived signal" in result.output


def test_eval_compare_shows_fixed_and_broken(tmp_path: Path) -> None:
    def run(path: Path, oks: list[bool]) -> None:
        path.write_text("\n".join(json.dumps({"conversation": f"c{i}", "turn": 1, "ok": ok, "question": f"q{i}",
                                              "predicted": "SELECT 1"}) for i, ok in enumerate(oks)))
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run(a, [True, False, False])
    run(b, [False, True, False])
    result = CliRunner().invoke(cli, ["eval", "spider", "--compare", str(a), str(b)])  # runs nothing: no --data
    assert result.exit_code == 0, result.output
    assert "(1 fixed, 1 broken)" in result.output
    assert CliRunner().invoke(cli, ["eval", "sparc"]).exit_code == 2
    assert "fixed  c1#1" in result.output and "broken c0#1" in result.output


def test_eval_questions_file(ecommerce_path: Path, tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(item) for item in [
        {"id": "q1", "kind": "single", "turns": ["How many users are there?"], "gold": ["SELECT COUNT(*) FROM users"]},
        {"id": "q2", "kind": "chain", "turns": ["Show payments made with paypal", "what about bkash?"],
         "intents": ["new_query", "refinement"],
         "gold_turns": [["SELECT * FROM payments WHERE method = 'paypal'"],
                        ["SELECT * FROM payments WHERE method = 'bkash'"]]},
        {"id": "q3", "kind": "ambiguous", "turns": ["tell me something"], "gold": []},
    ]))
    result = CliRunner().invoke(cli, ["eval", "questions", str(questions), "--db", str(ecommerce_path),
                                      "--today", "2026-06-15"])
    assert result.exit_code == 0, result.output
    assert "turn accuracy         100.0% (3/3)" in result.output
    assert "intent                100.0% (2/2)" in result.output


def test_eval_usage_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["eval", "spider", "--data", str(tmp_path)]).exit_code == 2
    assert runner.invoke(cli, ["eval", "questions", str(tmp_path / "none.jsonl"), "--db", "ecommerce"]).exit_code == 2
