#!/usr/bin/env python3
"""Build the development databases brought as is, and the manifest `nl2sql eval fit-confidence --sets` reads.

usage: python3 eval/as_is/build.py OUT

Each folder here is one set: a build.py that writes two SQLite databases beside itself (generated
rows, fixed seed, dated around 2026-11-27, or the day a TODAY file beside it says) and the analyst
questions asked of them, with gold SQL.
Each build.py is copied to OUT/<set>/ and run there; its questions are split per database, so that
a fit can hold out one database at a time. Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
TODAY = "2026-11-27"  # the date every set's rows are generated around, and its relative phrases count from


def _generate(folder: Path, out: Path) -> None:
    target = out / folder.name
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(folder / "build.py", target / "build.py")
    subprocess.run([sys.executable, "build.py"], cwd=target, check=True, stdout=subprocess.DEVNULL)


def build(out: Path) -> Path:
    """Build every set under ``out``; the manifest's path. The generators run side by side, one per core."""
    manifest = []
    folders = sorted(p for p in HERE.iterdir() if (p / "build.py").is_file())
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(lambda folder: _generate(folder, out), folders))
    for folder in folders:
        target = out / folder.name
        by_db: dict[str, list[str]] = defaultdict(list)
        for line in (folder / "questions.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                by_db[json.loads(line)["db"]].append(line)
        dated = folder / "TODAY"  # a set generated around another day says which
        today = dated.read_text(encoding="utf-8").strip() if dated.is_file() else TODAY
        for db, lines in sorted(by_db.items()):
            questions = target / f"{folder.name}-{db}.jsonl"
            questions.write_text("\n".join(lines) + "\n", encoding="utf-8")
            manifest.append({"questions": str(questions.relative_to(out)),
                             "db": f"{folder.name}/dbs/{db}/{db}.sqlite", "today": today})
    path = out / "sets.json"
    path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 eval/as_is/build.py OUT")
    print(f"wrote {build(Path(sys.argv[1]))}")
