"""What nl2sql keeps about a user (every line typed, with its literals) is theirs alone and bounded."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from nl2sql.paths import data_dir
from nl2sql.repl.app import default_history, trim_history


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_history_is_readable_by_its_owner_only() -> None:
    folder = data_dir()  # the test's own directory (conftest points NL2SQL_DATA_DIR at tmp_path)
    folder.mkdir(parents=True)
    folder.chmod(0o755)
    (folder / "history").write_text("\n# 2026-01-01 00:00:00\n+how many users\n")
    (folder / "history").chmod(0o644)
    history = default_history()
    assert list(history.load_history_strings()) == ["how many users"]
    assert _mode(folder) == 0o700 and _mode(folder / "history") == 0o600


def test_a_long_history_keeps_its_newest_entries_whole(tmp_path: Path) -> None:
    path = tmp_path / "history"
    path.write_text("".join(f"\n# 2026-01-01 00:00:{n % 60:02d}\n+question number {n}\n" for n in range(5000)))
    os.chmod(path, 0o600)
    trim_history(path, 20_000)
    text = path.read_text()
    assert 0 < len(text.encode()) <= 10_000 and text.startswith("# 2026-01-01")
    assert text.rstrip().endswith("+question number 4999") and "+question number 10\n" not in text
    assert _mode(path) == 0o600
    before = path.read_text()
    trim_history(path, 20_000)  # under the limit: untouched
    assert path.read_text() == before


def _nl2sql(*args: str, env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nl2sql", *args], input=stdin, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=120)


def test_an_unusable_cache_folder_is_one_line_and_status_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    run = _nl2sql("ask", "--db", "ecommerce", "how many users are there?",
                  env={"NL2SQL_CACHE_DIR": str(blocker / "cache")})
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("Error: Cannot build the ecommerce fixture") and run.stderr.count("\n") == 1


def test_an_unusable_data_folder_still_answers(tmp_path: Path) -> None:
    """History then lives in memory for the session: nothing to write is no reason to refuse to read."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = {"NL2SQL_DATA_DIR": str(blocker / "data")}
    db = tmp_path / "shop.db"
    assert _nl2sql("fixtures", "build", "ecommerce", "--out", str(db), "--today", "2026-06-15", env=env).returncode == 0
    run = _nl2sql("chat", "--db", str(db), "--today", "2026-06-15", env=env, stdin="how many users are there?\n")
    assert run.returncode == 0 and "1,000 users" in run.stdout and "Traceback" not in run.stderr
    assert blocker.read_text() == "not a folder"
