"""The LLM path's own cost: per-turn overhead against a local server, prompt sizes, pruning recall.

Prints figures, never asserts. The overhead is process_turn's wall time minus the time spent inside
litellm.completion (the local OpenAI-compatible server's answer and litellm's own work), with a
bare HTTP round trip to the same server measured in the same run as the baseline. Token counts
are approximate (characters / 4).

    python benchmarks/llm_overhead.py [--turns 200] [--questions ../shared/eval/ecommerce_dev.jsonl]
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nl2sql import fixtures  # noqa: E402
from nl2sql.config import ModelChoice  # noqa: E402
from nl2sql.db import open_database  # noqa: E402
from nl2sql.engines import make_engine  # noqa: E402
from nl2sql.engines.llm.client import ModelSettings, litellm_module  # noqa: E402
from nl2sql.engines.llm.engine import LlmEngine  # noqa: E402
from nl2sql.engines.llm.prompts import schema_text  # noqa: E402
from nl2sql.evaluation.classify import shape  # noqa: E402
from nl2sql.workflows import InteractiveWorkflow  # noqa: E402
from tests.llm_server import ScriptedServer  # noqa: E402

TODAY = date(2026, 6, 15)
DEFAULT_QUESTIONS = ROOT.parent / "shared" / "eval" / "ecommerce_dev.jsonl"


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[int(0.95 * (len(ordered) - 1))]


def _widen(path: Path, tables: int) -> None:
    conn = sqlite3.connect(path)
    existing = conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
    previous = None
    for n in range(tables - existing):
        ref = f", ref_id INTEGER REFERENCES module_{previous} (id)" if previous is not None else ""
        conn.execute(f"CREATE TABLE module_{n} (id INTEGER PRIMARY KEY, title TEXT, state TEXT, opened_at TEXT, "
                     f"score REAL{ref})")
        previous = n
    conn.commit()
    conn.close()


def overhead(db_path: Path, turns: int) -> None:
    """process_turn's wall time minus the time spent inside litellm.completion (the server's answer and
    litellm's own work), so what is left is this project's pipeline; a bare HTTP round trip is the baseline."""
    server = ScriptedServer().start()
    db = open_database(str(db_path))
    engine = make_engine("llm", today=TODAY, model=ModelChoice("openai/test-model", server.url, None, 10.0))
    wf = InteractiveWorkflow(db, engine, max_rows=50, clarify="auto", confirm_below=0.0)
    litellm = litellm_module()
    inside: list[float] = []
    real_completion = litellm.completion

    def timed(**kwargs: object) -> object:
        started = time.perf_counter()
        try:
            return real_completion(**kwargs)
        finally:
            inside.append(time.perf_counter() - started)

    litellm.completion = timed
    for _ in range(5):  # warm up connections, imports and the schema prompt
        server.reply_sql("SELECT COUNT(*) FROM users")
        wf.process_turn("How many users are there?")
    baseline, own, model = [], [], []
    for _ in range(turns):
        started = time.perf_counter()
        urllib.request.urlopen(urllib.request.Request(server.url + "/chat/completions", data=b"{}",
                                                      headers={"Content-Type": "application/json"})).read()
        baseline.append(time.perf_counter() - started)
        server.reply_sql("SELECT COUNT(*) FROM users")
        inside.clear()
        started = time.perf_counter()
        wf.process_turn("How many users are there?")
        total = time.perf_counter() - started
        model.append(sum(inside))
        own.append(max(0.0, total - sum(inside)))
    litellm.completion = real_completion
    server.stop()
    print(f"LLM pipeline overhead per turn (process_turn minus time inside litellm.completion): "
          f"p50 {statistics.median(own) * 1000:.2f} ms, p95 {_p95(own) * 1000:.2f} ms; inside litellm "
          f"p50 {statistics.median(model) * 1000:.2f} ms; bare HTTP round trip p50 "
          f"{statistics.median(baseline) * 1000:.2f} ms "
          f"(overhead p50 = {statistics.median(own) / statistics.median(baseline):.1f}x it)")


def prompts(db_path: Path, questions: list[dict], label: str) -> None:
    db = open_database(str(db_path))
    engine = LlmEngine(ModelSettings("dry-run"), today=TODAY)
    full = schema_text(list(db.schema.tables), db.dialect, None, False)
    kept = wanted = 0
    sizes = []
    for item in questions:
        question = item["turns"][0]
        prompt = engine.schema_prompt(question, db).lower()
        sizes.append(len(prompt) / 4)
        gold = shape(item["gold"][0]) if item.get("gold") else None
        if gold is None:
            continue
        real = {c.name.lower() for t in db.schema.tables for c in t.columns}
        for table in gold.tables:
            wanted += 1
            kept += f"create table {table}" in prompt
        for column in (gold.columns | gold.filter_columns) & real:
            wanted += 1
            kept += bool(re.search(rf"\b{re.escape(column)}\b", prompt))
    mean = statistics.mean(sizes)
    print(f"{label:<34} full schema {len(full) / 4:7.0f} tokens; pruned prompt mean {mean:6.0f} tokens "
          f"({mean / (len(full) / 4):.0%} of full); gold tables and columns kept {100 * kept / max(1, wanted):.1f}% "
          f"({kept}/{wanted})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    args = parser.parse_args()
    items = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    singles = [i for i in items if i["kind"] == "single"]
    with tempfile.TemporaryDirectory() as tmp:
        fixture = Path(tmp) / "ecommerce.db"
        fixtures.build("ecommerce", fixture, today=TODAY)
        overhead(fixture, args.turns)
        prompts(fixture, singles, "fixture (7 tables)")
        _widen(fixture, 200)
        prompts(fixture, singles, "fixture inside 200 tables")


if __name__ == "__main__":
    main()
