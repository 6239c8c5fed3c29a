"""A large result: the ecommerce fixture at --scale 100 (about 2.5 M order items) and
``nl2sql ask "list all order items" --format csv --max-rows 1000``, against Python's ``sqlite3``
``fetchall()`` of the same query in the same run.

What it shows: nl2sql fetches the rows it prints and stops, so its peak memory follows the row cap,
not the table (target: at most 1/10 of the fetchall baseline), and the first row is out quickly
(target: under 0.5 s once the process is up; the start-up of ``ask`` on the scale-1 fixture, measured
in the same run, is reported beside it). It also times the generator at scale 1 and at --scale, to show
it is linear (a ratio near the scale, not its square). Prints figures, never asserts.

    python benchmarks/scale.py [--scale 100] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TODAY = "2026-06-15"
QUESTION = "list all order items"


def build(out: Path, scale: float) -> float:
    """Seconds the generator takes to write the fixture at ``scale``."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "nl2sql", "fixtures", "build", "ecommerce", "--out", str(out),
                    "--scale", str(scale), "--today", TODAY, "--force"], check=True, capture_output=True)
    return time.perf_counter() - started


def measured(argv: list[str]) -> tuple[float, float, int]:
    """Run ``argv``: seconds until its second output line (a CSV's first row), seconds in all, peak RSS in MB."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert child.stdout is not None
    first = None
    for n, _line in enumerate(child.stdout, start=1):
        if n == 2 and first is None:
            first = time.perf_counter() - started
    child.stdout.close()
    _pid, status, usage = os.wait4(child.pid, 0)
    total = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{argv[:4]} failed with status {os.waitstatus_to_exitcode(status)}")
    return (first if first is not None else total), total, usage.ru_maxrss // 1024


def ask(db: Path, max_rows: int) -> list[str]:
    return [sys.executable, "-m", "nl2sql", "ask", QUESTION, "--db", str(db), "--today", TODAY,
            "--format", "csv", "--max-rows", str(max_rows)]


def fetchall(db: Path, sql: str) -> list[str]:
    """A child that reads the whole result with fetchall() and prints it as CSV, as a script would."""
    code = ("import csv, sqlite3, sys\n"
            "rows = sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchall()\n"
            "w = csv.writer(sys.stdout)\nw.writerow(['row'])\nw.writerows(rows[:1])\nprint(len(rows))\n")
    return [sys.executable, "-c", code, str(db), sql]


def query_of(db: Path) -> str:
    run = subprocess.run([sys.executable, "-m", "nl2sql", "ask", QUESTION, "--db", str(db), "--today", TODAY,
                          "--format", "json", "--max-rows", "1"], capture_output=True, text=True, check=True)
    return str(json.loads(run.stdout)["query"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=100.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="Reuse (or write) the large fixture here.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        small, large = Path(scratch) / "scale1.db", args.keep or Path(scratch) / "large.db"
        build_small = build(small, 1.0)
        build_large = build(large, args.scale) if not large.exists() else None
        sql = query_of(large)
        rows = [measured(ask(large, 1000)) for _ in range(args.rounds)]
        start_up = [measured(ask(small, 1000)) for _ in range(args.rounds)]
        base = [measured(fetchall(large, sql)) for _ in range(args.rounds)]
    first, peak = statistics.median(r[0] for r in rows), statistics.median(r[2] for r in rows)
    small_first = statistics.median(r[0] for r in start_up)
    base_peak, base_total = statistics.median(r[2] for r in base), statistics.median(r[1] for r in base)
    print(f"query: {sql}")
    if build_large is not None:
        print(f"generator: scale 1 {build_small:.1f} s, scale {args.scale:g} {build_large:.1f} s "
              f"({build_large / build_small:.1f}x for {args.scale:g}x the rows; target under 180 s)")
    print(f"nl2sql ask --max-rows 1000: first row {first:.2f} s after launch "
          f"(the same on the scale-1 fixture: {small_first:.2f} s, so {first - small_first:+.2f} s for the size), "
          f"peak {peak} MB")
    print(f"sqlite3 fetchall() of the whole result: {base_total:.2f} s, peak {base_peak} MB")
    print(f"peak memory ratio: {peak / base_peak:.3f} (target at most 0.100: "
          f"{'holds' if peak <= base_peak / 10 else 'does not hold'})")


if __name__ == "__main__":
    main()
