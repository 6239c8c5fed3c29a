"""The development sets of databases brought as is (``eval/as_is``), which the shipped confidence
is fitted on: they build from a clean clone with the standard library alone, the manifest lists
every database with its own questions, and every gold query runs on the database it is about."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_set_builds_and_every_gold_runs_on_its_database(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "eval" / "as_is" / "build.py"), str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "sets.json").read_text())
    sets = sorted(p.name for p in (ROOT / "eval" / "as_is").iterdir() if (p / "build.py").is_file())
    assert len(manifest) == 2 * len(sets) and len(sets) >= 5
    assert len({item["db"] for item in manifest}) == len(manifest)  # two sets may name a database alike
    for item in manifest:
        lines = [json.loads(line) for line in (tmp_path / item["questions"]).read_text().splitlines() if line]
        dated = ROOT / "eval" / "as_is" / item["db"].split("/")[0] / "TODAY"  # a set dated another day says so
        assert lines and item["today"] == (dated.read_text().strip() if dated.is_file() else "2026-11-27")
        with closing(sqlite3.connect(tmp_path / item["db"])) as conn:
            for line in lines:
                golds = [line["gold"]] if line["kind"] == "single" else [g for g in line["gold_turns"] if g]
                for sql in (sql for gold in golds for sql in gold):
                    conn.execute(sql).fetchall()  # raises on a gold that does not run here
