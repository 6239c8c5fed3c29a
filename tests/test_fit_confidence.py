"""Fitting the built-in engine's confidence: a logistic mapping, doubts never rewarded, no database scoring itself."""

from __future__ import annotations

import json
import math
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.engines.builtin.signals import DOUBTS, Mapping, shipped_mapping
from nl2sql.evaluation.fit import LIFTS, Example, cv_scores, fit
from tests.test_evaluation import tiny_benchmark  # noqa: F401 - the fixture, reused


def _synthetic(n: int = 600, seed: int = 7) -> list[Example]:
    """Right answers get likelier with 'heuristic' and rarer with 'unused_words', as the truth is set here."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        heuristic, unused = rng.random(), float(rng.randint(0, 3))
        p = 1 / (1 + math.exp(-(-1.0 + 4.0 * heuristic - 1.2 * unused)))
        out.append(Example(f"db{i % 5}", {"heuristic": heuristic, "unused_words": unused}, rng.random() < p))
    return out


def test_the_fit_recovers_the_direction_of_each_signal() -> None:
    mapping = fit(_synthetic(), ["heuristic", "unused_words"])
    assert mapping.weights["heuristic"] > 0 > mapping.weights["unused_words"]
    sure = mapping.probability((("heuristic", 0.95), ("unused_words", 0.0)))
    unsure = mapping.probability((("heuristic", 0.2), ("unused_words", 3.0)))
    assert sure > 0.8 and unsure < 0.1


def test_a_doubt_is_never_rewarded_and_more_doubt_never_raises_the_score() -> None:
    rng = random.Random(3)
    # In this data an unused word goes with right answers; the fit must not learn to reward it.
    examples = [Example("a", {"heuristic": h, "unused_words": float(ok)}, ok)
                for h, ok in ((rng.random(), rng.random() < 0.5) for _ in range(300))]
    mapping = fit(examples, ["heuristic", "unused_words"])
    assert "unused_words" in DOUBTS and mapping.weights["unused_words"] <= 0
    scores = [mapping.probability((("heuristic", 0.7), ("unused_words", float(k)))) for k in range(5)]
    assert scores == sorted(scores, reverse=True)


def test_cross_validation_scores_each_database_with_a_fit_that_never_saw_it() -> None:
    examples = _synthetic(300)
    features = ["heuristic", "unused_words"]
    scores = cv_scores(examples, features)
    held_out = fit([e for e in examples if e.database != "db0"], features)
    for example, score in zip(examples, scores, strict=True):
        if example.database == "db0":
            assert score == pytest.approx(held_out.probability(tuple(example.signals.items())))


def test_the_mapping_round_trips_through_json() -> None:
    mapping = fit(_synthetic(200), ["heuristic", "unused_words"])
    again = Mapping.from_json(json.loads(json.dumps(mapping.to_json())))
    signals = (("heuristic", 0.4), ("unused_words", 1.0))
    assert again.probability(signals) == pytest.approx(mapping.probability(signals))


def test_fit_confidence_command_writes_a_mapping_and_reports_held_out_calibration(
        tiny_benchmark: Path, tmp_path: Path) -> None:  # noqa: F811 - the imported fixture
    target = tmp_path / "confidence.json"
    one_db = CliRunner().invoke(cli, ["eval", "fit-confidence", "--data", str(tiny_benchmark), "--write",
                                      str(target)])
    assert one_db.exit_code == 2 and "at least two databases" in one_db.output and not target.exists()
    dateless = CliRunner().invoke(cli, ["eval", "fit-confidence", "--data", str(tiny_benchmark), "--today",
                                        "2026-06-15", "--write", str(target)])
    assert dateless.exit_code == 2 and "--questions" in dateless.output and not target.exists()
    spider = tiny_benchmark / "spider"
    (spider / "database" / "farm").mkdir()
    shutil.copy(spider / "database" / "zoo" / "zoo.sqlite", spider / "database" / "farm" / "farm.sqlite")
    questions = json.loads((spider / "dev.json").read_text())
    questions += [{**q, "db_id": "farm"} for q in questions if q["db_id"] == "zoo"]
    (spider / "dev.json").write_text(json.dumps(questions))
    asked = tmp_path / "zoo.jsonl"  # a question file about a database of one's own joins the fit
    asked.write_text(json.dumps({"id": "z1", "kind": "single", "turns": ["How many keepers are there?"],
                                 "gold": ["SELECT COUNT(*) FROM keeper"]}) + "\n")
    result = CliRunner().invoke(cli, ["eval", "fit-confidence", "--data", str(tiny_benchmark), "--write",
                                      str(target), "--questions", str(asked),
                                      str(spider / "database" / "zoo" / "zoo.sqlite"), "--today", "2026-06-15"])
    assert result.exit_code == 0, result.output
    assert "leave-one-database-out" in result.output and "calibration" in result.output
    assert "zoo.jsonl (1 turns)" in result.output
    written = json.loads(target.read_text())
    assert set(written["mapping"]) == {"weights", "means", "scales", "bias"}
    weights = written["mapping"]["weights"]
    assert "unused_words" in weights and "heuristic" not in weights  # the heuristic is a sum of the others
    assert written["fitted_on"] == ["spider", "sparc", "zoo.jsonl"]


def test_the_shipped_mapping_never_rewards_doubt() -> None:
    mapping = shipped_mapping()
    assert mapping is not None
    assert all(mapping.weights.get(name, 0.0) <= 0 for name in DOUBTS)
    base = {name: mapping.means[name] for name in mapping.weights}
    for name in DOUBTS:
        if name in base:
            scores = [mapping.probability(tuple({**base, name: base[name] + k}.items())) for k in range(4)]
            assert scores == sorted(scores, reverse=True), name


def test_a_lift_seen_on_one_database_is_held_to_its_limit() -> None:
    """A domain config seen on one database where everything was right may not outweigh every doubt."""
    rng = random.Random(5)
    examples = _synthetic(400)
    examples += [Example("configured_db", {"heuristic": rng.random(), "unused_words": 2.0, "configured": 1.0}, True)
                 for _ in range(40)]
    mapping = fit(examples, ["heuristic", "unused_words", "configured"])
    lift = mapping.weights["configured"] / mapping.scales["configured"]
    assert lift == pytest.approx(LIFTS["configured"])  # unheld, this data would push it far higher


def test_question_sets_of_a_manifest_join_the_fit_each_with_its_own_date(
        tiny_benchmark: Path, tmp_path: Path) -> None:  # noqa: F811 - the imported fixture
    target = tmp_path / "confidence.json"
    broken = tmp_path / "broken.json"
    broken.write_text('[{"questions": "zoo.jsonl"}]')  # no database
    refused = CliRunner().invoke(cli, ["eval", "fit-confidence", "--data", str(tiny_benchmark), "--write",
                                       str(target), "--sets", str(broken)])
    assert refused.exit_code == 2 and "not a question-set manifest" in refused.output
    assert len(refused.output.strip().splitlines()) == 1 and not target.exists()
    zoo = tiny_benchmark / "spider" / "database" / "zoo" / "zoo.sqlite"
    sets = tmp_path / "sets"
    (sets / "dbs").mkdir(parents=True)
    shutil.copy(zoo, sets / "dbs" / "zoo.sqlite")
    (sets / "zoo-keepers.jsonl").write_text(json.dumps(
        {"id": "z1", "db": "zoo", "kind": "single", "turns": ["How many keepers are there?"],
         "gold": ["SELECT COUNT(*) FROM keeper"]}) + "\n")
    manifest = sets / "sets.json"  # paths relative to the manifest, as eval/as_is/build.py writes them
    manifest.write_text(json.dumps([{"questions": "zoo-keepers.jsonl", "db": "dbs/zoo.sqlite",
                                     "today": "2026-11-27"}]))
    result = CliRunner().invoke(cli, ["eval", "fit-confidence", "--data", str(tiny_benchmark), "--write",
                                      str(target), "--sets", str(manifest)])
    assert result.exit_code == 0, result.output
    assert "zoo-keepers.jsonl (1 turns)" in result.output
    assert json.loads(target.read_text())["fitted_on"][-1] == "zoo-keepers.jsonl"
