"""How /export creates a file: with the permissions an ordinary new file gets, without touching the
process-wide umask (which another thread may be creating files under at that moment)."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nl2sql.db import QueryResult
from nl2sql.export import export_result, write_text

RESULT = QueryResult(("status", "n"), (("paid", 3),), 1, False)


@pytest.fixture
def umask_027() -> Iterator[int]:
    """An umask other than the usual 022, so a file that merely got the default would be caught."""
    before = os.umask(0o027)
    try:
        yield 0o027
    finally:
        os.umask(before)


def _umask_calls(action) -> list[str]:
    """Every call of os.umask made while ``action`` runs, seen by the interpreter's profiler."""
    calls: list[str] = []

    def profile(_frame, event: str, arg) -> None:
        if event == "c_call" and arg is os.umask:
            calls.append(event)

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("name", ["r.csv", "r.json", "r.md", "r.parquet", "r.svg"])
def test_export_never_sets_the_umask_and_the_file_gets_it(umask_027: int, tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    assert _umask_calls(lambda: export_result(RESULT, target)) == []
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask_027


def test_private_and_replaced_files_keep_their_modes(umask_027: int, tmp_path: Path) -> None:
    private = write_text(tmp_path / "p.md", "secret", private=True)
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    shared = tmp_path / "s.csv"
    shared.write_text("old")
    shared.chmod(0o644)
    assert _umask_calls(lambda: export_result(RESULT, shared, force=True)) == []
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644 and shared.read_text().startswith("status,n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.md", "s.csv"]  # no partial file left


def test_a_name_the_file_system_refuses_is_one_line_and_a_long_one_it_takes_is_written(tmp_path: Path) -> None:
    """Over 255 bytes: the file system's own refusal, as a usage error (it was an internal error with a
    traceback); 250 bytes: written, though the temporary name beside it would have been too long."""
    from nl2sql.errors import UsageError

    result = QueryResult(("n",), ((1,),), 1, False)
    with pytest.raises(UsageError, match="File name too long"):
        export_result(result, tmp_path / ("a" * 300 + ".csv"))
    long_name = tmp_path / ("b" * 246 + ".csv")
    assert export_result(result, long_name).read_text() == "n\n1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [long_name.name]
