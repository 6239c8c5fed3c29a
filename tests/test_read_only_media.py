"""A database on read-only media, and read-only cache and data folders: nl2sql reads, answers, and
creates nothing. As root, permissions do not bind, so the folder is a real read-only file system (a
tmpfs mounted, filled, then remounted read-only); as anyone else, a folder without write permission."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from tests.conftest import TODAY


@contextmanager
def read_only_folder(where: Path, fill: Callable[[Path], None]) -> Iterator[Path]:
    """``where``, filled by ``fill``, then made read-only for the test's duration."""
    where.mkdir()
    if os.geteuid() == 0:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(where)], check=True)
        try:
            fill(where)
            subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)
            yield where
        finally:
            subprocess.run(["umount", str(where)], check=True)
        return
    fill(where)
    paths = [where, *where.rglob("*")]
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield where
    finally:
        for path in paths:
            path.chmod(0o755 if path.is_dir() else 0o644)


def _ask(db: Path | str, question: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(db), "--today", TODAY.isoformat(),
                           "--format", "csv", question], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def _listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_a_wal_database_on_read_only_media_answers_and_gains_no_files(ecommerce_path: Path, tmp_path: Path) -> None:
    def fill(folder: Path) -> None:
        copy = folder / "shop.db"
        shutil.copy(ecommerce_path, copy)
        with closing(sqlite3.connect(copy)) as conn:
            assert conn.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
        for stale in (folder / "shop.db-wal", folder / "shop.db-shm"):
            stale.unlink(missing_ok=True)

    with read_only_folder(tmp_path / "media", fill) as media:
        before = _listing(media)
        run = _ask(media / "shop.db", "How many users are there?")
        assert run.returncode == 0, run.stderr
        assert run.stdout.split() == ["user_count", "1000"]
        assert _listing(media) == before == ["shop.db"]


def test_read_only_cache_and_data_folders_cost_only_what_they_would_hold(ecommerce_path: Path,
                                                                         tmp_path: Path) -> None:
    """History falls back to memory and the schema is read afresh; a fixture that was never built
    there cannot be, and says so in one line."""
    def fill(folder: Path) -> None:
        (folder / "data").mkdir()
        (folder / "cache").mkdir()

    with read_only_folder(tmp_path / "home", fill) as home:
        env = {"NL2SQL_DATA_DIR": str(home / "data"), "NL2SQL_CACHE_DIR": str(home / "cache")}
        run = _ask(ecommerce_path, "How many users are there?", env)
        assert run.returncode == 0, run.stderr
        assert run.stdout.split() == ["user_count", "1000"] and "Traceback" not in run.stderr
        fixture = _ask("ecommerce", "How many users are there?", env)
        assert fixture.returncode == 2 and "Traceback" not in fixture.stderr
        assert len(fixture.stderr.strip().splitlines()) == 1 and fixture.stderr.startswith("Error: ")
        assert _listing(home) == ["cache", "data"]
