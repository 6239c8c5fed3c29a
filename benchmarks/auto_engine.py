"""What ``--engine auto`` saves and gains over the model alone, on Spider dev, with a model that is
right on a fixed share of questions (``tests.gold_model``: the gold SQL at that rate, a confident
wrong answer otherwise), served on 127.0.0.1 and called through litellm like any provider.

Prints, per rate: accuracy and model calls of the model alone and of auto, auto's share of lines
answered by each engine and the accuracy of each. Prints figures, never asserts.

    python benchmarks/auto_engine.py --data ../shared/benchmarks [--rates 0.5 0.7 0.9] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nl2sql.config import ModelChoice  # noqa: E402
from nl2sql.evaluation import datasets  # noqa: E402
from nl2sql.evaluation.datasets import Conversation  # noqa: E402
from nl2sql.evaluation.runner import Settings, run  # noqa: E402
from tests.gold_model import GoldModel  # noqa: E402
from tests.llm_server import ScriptedServer  # noqa: E402


def measure(engine: str, spider: Path, conversations: list[Conversation], jobs: int,
            right: float) -> tuple[float, int, int, list]:
    """(accuracy, model calls, turns, records) of one run."""
    server = ScriptedServer(responder=GoldModel(conversations, right=right)).start()
    settings = Settings(data_dir=spider, engine=engine, model=ModelChoice("openai/gold-model", server.url, None, 30.0))
    try:
        records = [r for batch in run(conversations, settings, jobs) for r in batch]
    finally:
        server.stop()
    return sum(r.ok for r in records) / max(1, len(records)), len(server.requests), len(records), records


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "benchmarks")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None, help="only the first N questions")
    parser.add_argument("--rates", type=float, nargs="+", default=[0.5, 0.7, 0.9])
    args = parser.parse_args()
    spider, questions = datasets.load_spider(args.data)
    questions = questions[:args.limit]
    for rate in args.rates:
        alone, alone_calls, turns, _ = measure("llm", spider, questions, args.jobs, rate)
        auto, auto_calls, _, records = measure("auto", spider, questions, args.jobs, rate)
        by = {e: [r for r in records if getattr(r, "engine", None) == e] for e in ("builtin", "llm")}
        shares = ", ".join(f"{e} {len(rs) / max(1, turns):.0%} of lines, {sum(r.ok for r in rs) / max(1, len(rs)):.1%}"
                           f" right" for e, rs in by.items())
        print(f"model right {rate:.0%}: model alone {alone:.1%} with {alone_calls} calls; "
              f"auto {auto:.1%} with {auto_calls} calls ({auto_calls / max(1, alone_calls):.0%} of them), "
              f"{100 * (auto - alone):+.1f} points; {shares}")


if __name__ == "__main__":
    main()
