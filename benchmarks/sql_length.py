"""How long the built-in engine's right answers are beside the reference SQL, in sqlglot tokens.

A person reads the SQL to check an answer and edits it with /edit: it should be as short as the
SQL a person would write. Reads the answers of an eval run (``nl2sql eval spider --out FILE``) and
prints, over the right answers, the length ratio at the median, the 90th percentile and the worst,
and how many answers carry a generated helper name (``_base``, ``_m0``, ``_g1``, ``_p0``).

    nl2sql eval spider --data ../shared/benchmarks --out /tmp/spider.jsonl
    python benchmarks/sql_length.py /tmp/spider.jsonl [--sample 150]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics

from sqlglot.tokens import Tokenizer

HELPER = re.compile(r"\b_(base|m\d+|g\d+|p\d+|a\d+|pairs|k|n)\b")


def tokens(sql: str) -> int:
    return len(Tokenizer().tokenize(sql))


def _reference(gold: str | list[str]) -> str:
    """The reference SQL: the shortest when an item has several."""
    return gold if isinstance(gold, str) else min(gold, key=len)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers")
    parser.add_argument("--sample", type=int, default=0, help="a fixed random sample of this many questions")
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.answers, encoding="utf-8")]
    if args.sample:
        rows = random.Random(26).sample(rows, min(args.sample, len(rows)))
    right = [r for r in rows if r.get("ok") and r.get("predicted")]
    ratios = sorted(tokens(r["predicted"]) / max(1, tokens(_reference(r["gold"]))) for r in right)
    helpers = sum(1 for r in rows if r.get("predicted") and HELPER.search(r["predicted"]))
    p90 = ratios[int(0.9 * (len(ratios) - 1))] if ratios else 0.0
    print(f"questions {len(rows)}, right {len(right)}")
    print(f"length vs reference (tokens): median {statistics.median(ratios):.2f}x, p90 {p90:.2f}x, "
          f"worst {ratios[-1]:.2f}x" if ratios else "no right answers")
    print(f"answers with a generated helper name: {helpers}")


if __name__ == "__main__":
    main()
