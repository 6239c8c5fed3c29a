"""A line the built-in engine answers costs the same with ``--engine auto`` configured: no model call
and no model import on that path. Times sure turns on the fixture through the workflow, with the
built-in engine alone and with auto (its model an unreachable address: a call would fail loudly),
and prints p50/p95 and their ratio. Prints figures, never asserts.

    python benchmarks/auto_latency.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nl2sql.config import ModelChoice  # noqa: E402
from nl2sql.engines import make_engine  # noqa: E402
from nl2sql.opening import open_target  # noqa: E402
from nl2sql.workflows import InteractiveWorkflow  # noqa: E402

SURE = ["How many users are there?", "How many orders are there?", "How many products are there?",
        "How many categories are there?", "How many reviews are there?"]


def timings(engine_name: str, repeat: int) -> list[float]:
    db = open_target("ecommerce")
    model = ModelChoice("openai/none", "http://127.0.0.1:9/v1", None, 1.0) if engine_name == "auto" else None
    out = []
    for _ in range(repeat):
        wf = InteractiveWorkflow(db, make_engine(engine_name, model=model), clarify="auto")
        for line in SURE:
            started = time.perf_counter()
            result = wf.process_turn(line)
            out.append(1000 * (time.perf_counter() - started))
            assert result.engine == "builtin", (line, result.engine, result.error)
    return out[len(SURE):] if repeat > 1 else out  # the first round warms the schema index


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    base, auto = timings("builtin", args.repeat), timings("auto", args.repeat)
    for name, ms in (("builtin", base), ("auto", auto)):
        ordered = sorted(ms)
        print(f"{name:<8} p50 {statistics.median(ms):6.1f} ms  p95 {ordered[int(0.95 * (len(ordered) - 1))]:6.1f} ms")
    print(f"auto / builtin p50: {statistics.median(auto) / statistics.median(base):.2f}x; "
          f"litellm imported: {'litellm' in sys.modules}")


if __name__ == "__main__":
    main()
