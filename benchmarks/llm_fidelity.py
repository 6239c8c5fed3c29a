"""How much of a perfect model's work the LLM pipeline keeps: Spider and SParC through ``--engine llm``
with a model that answers every prompt with the gold SQL (``tests.gold_model``), served by an
OpenAI-compatible server on 127.0.0.1 and called through litellm like any provider.

Prints figures, never asserts:
- accuracy with the clean gold model (the pipeline's own losses), with calls per turn;
- the same with the noisy model (fences, prose, case, a misspelled column, an undefined alias);
- a model right 60% of the time at random, with one sample and with ``--samples 5``.

    python benchmarks/llm_fidelity.py --data ../shared/benchmarks [--jobs 2] [--limit N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nl2sql.config import ModelChoice  # noqa: E402
from nl2sql.evaluation import datasets  # noqa: E402
from nl2sql.evaluation.datasets import Conversation  # noqa: E402
from nl2sql.evaluation.runner import Settings, run  # noqa: E402
from tests.gold_model import GoldModel  # noqa: E402
from tests.llm_server import ScriptedServer  # noqa: E402


def measure(label: str, spider: Path, conversations: list[Conversation], jobs: int, *, noisy: bool = False,
            right: float = 1.0, samples: int = 1) -> None:
    model = GoldModel(conversations, noisy=noisy, right=right)
    server = ScriptedServer(responder=model).start()
    settings = Settings(data_dir=spider, engine="llm", model=ModelChoice("openai/gold-model", server.url, None, 30.0),
                        samples=samples)
    started = time.monotonic()
    try:
        records = [r for batch in run(conversations, settings, jobs) for r in batch]
    finally:
        server.stop()
    right_turns = sum(r.ok for r in records)
    wrong = Counter(r.category for r in records if not r.ok)
    print(f"{label:<44} {100 * right_turns / max(1, len(records)):5.1f}% of {len(records)} turns "
          f"({right_turns} right); {len(server.requests) / max(1, len(records)):.2f} calls per turn; "
          f"{time.monotonic() - started:.0f} s; wrong: {dict(wrong.most_common(4)) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "benchmarks")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None, help="only the first N conversations of each set")
    parser.add_argument("--samples-limit", type=int, default=300, help="questions in the voting comparison")
    args = parser.parse_args()
    spider, questions = datasets.load_spider(args.data)
    _, interactions = datasets.load_context(args.data, "sparc")
    questions, interactions = questions[:args.limit], interactions[:args.limit]
    measure("Spider dev, gold model", spider, questions, args.jobs)
    measure("SParC dev turns, gold model", spider, interactions, args.jobs)
    measure("Spider dev, noisy gold model", spider, questions, args.jobs, noisy=True)
    measure("SParC dev turns, noisy gold model", spider, interactions, args.jobs, noisy=True)
    voting = questions[:args.samples_limit]
    measure("Spider, model right 60%, 1 sample", spider, voting, args.jobs, right=0.6)
    measure("Spider, model right 60%, --samples 5", spider, voting, args.jobs, right=0.6, samples=5)


if __name__ == "__main__":
    main()
