"""The REPL's prompt comes before the heavy imports: sqlglot, tabulate and the engine load behind it.

Run in a real pseudo-terminal with ``-X importtime``, whose lines go to the same terminal as the
prompt, so their order on the screen is the order they happened in.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import TODAY

CURSOR_QUERY = b"\x1b[6n"  # prompt-toolkit asks where the cursor is; a terminal would answer
HEAVY = ("sqlglot", "tabulate", "nl2sql.engines.builtin", "nl2sql.workflows")


class Terminal:
    def __init__(self, *args: str) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "TERM": "xterm-256color", "PYTHONPROFILEIMPORTTIME": "1", "COLUMNS": "120",
               "LINES": "40"}
        self.proc = subprocess.Popen([sys.executable, "-m", "nl2sql", "chat", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.seen = b""

    def wait_for(self, text: bytes, timeout: float = 60.0) -> bytes:
        """Everything written up to the first ``text`` after what was already read."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while text not in self.seen[start:]:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {text!r} in {timeout:.0f} s; the screen: {self.seen[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the other end closed: the process ended
                chunk = b""
            if not chunk:
                raise AssertionError(f"ended before {text!r}; the screen: {self.seen[-2000:]!r}")
            self.seen += chunk
            if CURSOR_QUERY in chunk:
                os.write(self.master, b"\x1b[1;1R")
        return self.seen[start:self.seen.index(text, start) + len(text)]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 30.0) -> int:
        """The exit status, reading the screen until the end."""
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:
                    break
        return self.proc.wait(timeout=max(deadline - time.monotonic(), 1))

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        os.close(self.master)


def _imported(screen: bytes) -> set[str]:
    return {line.rsplit(b"|", 1)[1].strip().decode() for line in screen.splitlines() if b"import time:" in line
            and b"|" in line}


@pytest.fixture()
def seen_fixture(ecommerce_path: Path) -> Path:
    """The fixture file once opened, so its schema is cached (the first opening reads it with sqlglot)."""
    subprocess.run([sys.executable, "-m", "nl2sql", "schema", "--db", str(ecommerce_path)], check=True,
                   capture_output=True, timeout=120)
    return ecommerce_path


def test_the_prompt_is_drawn_before_sqlglot_and_the_engine_load_and_the_first_question_answers(
        seen_fixture: Path) -> None:
    terminal = Terminal("--db", str(seen_fixture), "--today", TODAY.isoformat())
    try:
        before = _imported(terminal.wait_for(b"nl2sql>"))
        assert "prompt_toolkit" in before and "nl2sql.repl.app" in before  # the screen does show imports
        assert not [name for name in before if name.startswith(HEAVY)]
        terminal.type("How many users are there?\r")
        after = terminal.wait_for(b"There are 1,000 users.")
        assert "sqlglot" in _imported(terminal.seen) and b"Counts the users." in after
        terminal.wait_for(b"nl2sql>")
        terminal.type("\x04")  # Ctrl-D
        assert terminal.finish() == 0
    finally:
        terminal.close()


def test_a_domain_config_that_fails_to_load_ends_the_repl_with_its_one_line(seen_fixture: Path,
                                                                           tmp_path: Path) -> None:
    """The engine is built behind the prompt; its failure still ends the session as it did before the prompt."""
    domain = tmp_path / "bad.toml"
    domain.write_text('[tables.no_such_table]\nsynonyms = ["things"]\n')
    terminal = Terminal("--db", str(seen_fixture), "--domain", str(domain))
    try:
        terminal.wait_for(b"nl2sql>")
        terminal.type("u")  # a key press while the build fails: completion must not wait for it or raise
        status = terminal.finish()
        screen = terminal.seen.decode(errors="replace")
        assert status == 2, screen[-2000:]
        assert "names no table of this database" in screen
        assert "Traceback" not in screen and "Press ENTER" not in screen
    finally:
        terminal.close()
