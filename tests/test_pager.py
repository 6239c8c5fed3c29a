"""The pager on a real pseudo-terminal: what it shows, and that a failing one loses nothing."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest
from prompt_toolkit.output.vt100 import Vt100_Output

from nl2sql.repl.pager import page


@pytest.fixture
def terminal():
    master, slave = os.openpty()
    stream = os.fdopen(slave, "w")
    yield Vt100_Output.from_pty(stream)
    stream.close()
    os.close(master)


def _pager(code: str) -> str:
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


def test_a_pager_that_fails_hands_the_text_back(terminal, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGER", _pager("import sys; sys.stdin.read(); sys.exit(2)"))  # as less with a bad option
    assert page("a\nb\n", terminal) is False


def test_a_pager_that_shows_the_text_keeps_it(terminal, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    copy = tmp_path / "shown.txt"
    monkeypatch.setenv("PAGER", _pager(f"import sys; open({str(copy)!r}, 'w').write(sys.stdin.read())"))
    assert page("a\nb", terminal) is True
    assert copy.read_text() == "a\nb\n"
