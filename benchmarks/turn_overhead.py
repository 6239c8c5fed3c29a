"""Per-turn overhead of process_turn without engine and database, intent detection, routing with the
built-in engine's two readings on the fixture, and start-up.

Prints figures, never asserts: run it before and after a change and compare. Ratios are given
against a baseline measured in the same run (a bare function call), so that a slower or busier
machine shifts both sides.

    python benchmarks/turn_overhead.py [--turns 1000]
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time

from nl2sql.db import Database, QueryResult
from nl2sql.db.schema import Schema
from nl2sql.dialog import DialogManager
from nl2sql.dialog.questions import NO_SLOTS, Slots
from nl2sql.engines.base import Capabilities, Draft, History, RefinementContext, Usage
from nl2sql.workflows import InteractiveWorkflow, open_session

FOLLOW_UPS = ["only delivered ones", "from last month", "newest first", "what about France?", "top 3",
              "How many categories are there?", "Consumer users in Australia", "sort them by name"]


class NullDatabase(Database):
    """Answers instantly, so what is timed is the workflow alone."""

    display_name = "null"
    _result = QueryResult(("n",), ((1,),), 1, False)

    @property
    def schema(self) -> Schema:
        return Schema(())

    def _run(self, sql: str, max_rows: int | None, timeout: float, started: bool = False) -> QueryResult:
        return self._result

    def execute(self, sql: str, *, max_rows: int | None = 50, timeout: float = 10.0) -> QueryResult:
        return self._result

    def interrupt(self) -> None:
        pass


class NullEngine:
    name = "null"
    capabilities = Capabilities()
    _draft: Draft[None] = Draft("SELECT 1 AS n", "One.", 0.9)

    def draft(self, question: str, database: Database, slots: Slots = NO_SLOTS, history: History = ()) -> Draft[None]:
        return self._draft

    def refine(self, context: RefinementContext[None], database: Database) -> Draft[None]:
        return self._draft

    def answer(self, draft: Draft[None], result: QueryResult) -> str | None:
        return None

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        pass

    def set_answer_style(self, style: str) -> None:
        pass

    def interrupt(self) -> None:
        pass

    def warm_up(self) -> None:
        pass

    def session_usage(self) -> Usage | None:
        return None


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]


def _time(fn, n: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=1000)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)  # as the CLI runs: the unclear-intent warning is not printed

    baseline = _time(lambda: None, args.turns)
    wf = InteractiveWorkflow(NullDatabase(), NullEngine())
    texts = iter(FOLLOW_UPS * (args.turns // len(FOLLOW_UPS) + 1))
    turn_times = _time(lambda: wf.process_turn(next(texts)), args.turns)

    dm = DialogManager()
    texts = iter(FOLLOW_UPS * (args.turns // len(FOLLOW_UPS) + 1))
    intent_times = _time(lambda: dm.detect_intent(next(texts), True), args.turns)

    # The whole routing decision on the fixture: the wording's prior and, where it is not clear,
    # the built-in engine reading the line as a new question and as an edit of the current query.
    fixture = open_session("ecommerce")
    fixture.process_turn("Show me all orders")
    state, step = fixture.state, fixture.step
    texts = iter(FOLLOW_UPS * (args.turns // len(FOLLOW_UPS) + 1))

    def route() -> None:
        step.route(state, next(texts))

    route_times = _time(route, max(50, args.turns // 5))

    base50, base95 = _percentiles(baseline)
    for label, samples in (("process_turn overhead", turn_times), ("intent detection", intent_times),
                           ("routing, two readings", route_times)):
        p50, p95 = _percentiles(samples)
        print(f"{label:<22} p50 {p50 * 1000:.4f} ms  p95 {p95 * 1000:.4f} ms  "
              f"(p95 = {p95 / max(base95, 1e-9):.0f}x an empty call)")

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "NL2SQL_CACHE_DIR": tmp}
        cmd = [sys.executable, "-m", "nl2sql", "ask", "--db", "ecommerce", "How many users are there?"]
        subprocess.run(cmd, env=env, capture_output=True, check=True)  # builds the fixture once
        empty = _time(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 5)
        walls = _time(lambda: subprocess.run(cmd, env=env, capture_output=True, check=True), 5)
        imports = subprocess.run([sys.executable, "-X", "importtime", *cmd[1:]], env=env, capture_output=True,
                                 text=True).stderr
    litellm = "imported" if "| litellm" in imports else "not imported"
    print(f"nl2sql ask (fixture built) wall median {statistics.median(walls):.3f} s "
          f"({statistics.median(walls) / statistics.median(empty):.1f}x a bare python start-up); litellm {litellm}")


if __name__ == "__main__":
    main()
