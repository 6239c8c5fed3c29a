"""The REPL in a real terminal: ``nl2sql chat`` inside tmux, typed at with send-keys, read back with
capture-pane.

What pipe input cannot show is checked here: the prompt, completion menu and toolbar drawn on a
terminal, the history suggestion taken with the Right arrow, Up-arrow recall, the spinner, and
Ctrl-C stopping a slow query while the session goes on. Each step waits (bounded) until its text
appears once more than it did before the keys were sent; no step measures time.

No tmux skips these tests (the session's summary line says so); .ci/run installs it and, with
NL2SQL_REQUIRE_SERVERS=1, makes its absence a failure (the ``tmux`` fixture in tests/conftest.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

WAIT_S = 30  # the longest wait for one step's text: a bound on a hung run, not a speed check
SLOW_SQL = ("/sql WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) "
            "SELECT COUNT(*) FROM c")
SPINNER = r"[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+\.\d s"


@dataclass(frozen=True)
class Step:
    """Keys to send (tmux key names, or text typed as is) and a pattern the screen must show one
    more time than before they were sent."""

    keys: tuple[str, ...]
    expect: str
    literal: bool = False  # keys[0] is text to type, the rest are key names

    @staticmethod
    def line(text: str, expect: str, *, regex: bool = False) -> Step:
        """Type a line and press Enter; ``expect`` is plain text unless ``regex``."""
        return Step((text, "Enter"), expect if regex else re.escape(expect), literal=True)

    @staticmethod
    def typed(text: str, expect: str) -> Step:
        return Step((text,), re.escape(expect), literal=True)


# The session the issue describes, one line per step.
STEPS = (
    Step.line("Show me all users", "SELECT * FROM users"),
    Step.line("Only from last month", "refinement of turn 1: added filter"),
    Step(("Up",), re.escape("nl2sql> Only from last month")),  # recalled into the prompt
    Step(("C-u",), r"^nl2sql>$"),  # and dropped again
    Step.line("How many orders per status?", "GROUP BY status"),
    Step.line("/chart", "order_count by status"),  # plotext's bar chart, titled by what it draws
    Step.line("/format vertical", "Results are now shown as vertical."),
    Step.line("Show me all users", r"^\*+ 3\. row \*+$", regex=True),  # one record a row, \G-style
    Step.line(SLOW_SQL, SPINNER, regex=True),  # still running: the spinner counts the seconds
    Step(("C-c",), re.escape("Error: The query was cancelled.")),
    Step.typed("Show me all u", "nl2sql> Show me all users"),  # the greyed suggestion from history
    Step(("Right", "Enter"), re.escape("SELECT * FROM users")),  # taken: the session goes on
    Step.line("/exit", "Bye."),
)


class Terminal:
    """One tmux server of its own (its own socket), one fixed-size window running a command."""

    def __init__(self, tmux: str, env: dict[str, str]) -> None:
        self.base = [tmux, "-L", f"nl2sql-test-{os.getpid()}-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        self.env = env

    def run(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], env=self.env, capture_output=True, text=True, timeout=WAIT_S)
        if done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args[:2])} failed: {done.stderr.strip()}")
        return done.stdout

    def start(self, command: list[str]) -> None:
        self.run("new-session", "-d", "-x", "120", "-y", "40", "-s", "chat", "--", *command)
        self.run("set-option", "-t", "chat", "remain-on-exit", "on")  # the last screen stays to be read

    def screen(self, escapes: bool = False) -> str:
        """Everything shown so far, scrollback included, with trailing blanks dropped; ``escapes``
        keeps the colours and attributes as escape sequences."""
        text = self.run("capture-pane", "-p", "-J", *(["-e"] if escapes else []), "-S", "-", "-t", "chat")
        return "\n".join(line.rstrip() for line in text.splitlines()).rstrip()

    def send(self, step: Step) -> None:
        keys = list(step.keys)
        if step.literal:
            self.run("send-keys", "-t", "chat", "-l", keys.pop(0))
        if keys:
            self.run("send-keys", "-t", "chat", *keys)

    def wait_for(self, pattern: str, more_than: int) -> str:
        deadline = time.monotonic() + WAIT_S
        while True:
            screen = self.screen()
            if len(re.findall(pattern, screen, re.MULTILINE)) > more_than:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {pattern!r} (more than {more_than} times); screen:\n{screen}")
            time.sleep(0.1)

    def stop(self) -> None:
        subprocess.run([*self.base, "kill-server"], env=self.env, capture_output=True, timeout=WAIT_S)


def _nl2sql() -> list[str]:
    """The nl2sql the package installed next to this Python (a console script), as a user runs it."""
    script = Path(sys.executable).with_name("nl2sql")
    return [str(script)] if script.exists() else [sys.executable, "-m", "nl2sql"]


@pytest.fixture
def terminal(tmp_path: Path, tmux: str) -> Iterator[Terminal]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TMUX", "NO_COLOR"))}
    home = tmp_path / "home"
    # The server's socket goes in a directory of its own, short enough for a socket path, removed after.
    sockets = tempfile.mkdtemp(prefix="nl2sql-tmux-")
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_CACHE_HOME=str(home / ".cache"), TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               TMUX_TMPDIR=sockets)
    home.mkdir()
    term = Terminal(tmux, env)
    try:
        yield term
    finally:
        term.stop()
        shutil.rmtree(sockets, ignore_errors=True)


def test_a_session_in_a_real_terminal(terminal: Terminal, ecommerce_path: Path) -> None:
    terminal.start([*_nl2sql(), "chat", "--db", str(ecommerce_path), "--today", "2026-06-15",
                    "--max-rows", "3", "--timeout", "600"])
    terminal.wait_for(r"^nl2sql>$", 0)  # the empty prompt
    terminal.wait_for(r"engine: builtin +\| +turn 1 +\| +next line: new query", 0)  # and its toolbar
    for step in STEPS:
        before = len(re.findall(step.expect, terminal.screen(), re.MULTILINE))
        terminal.send(step)
        screen = terminal.wait_for(step.expect, before)
    assert screen.count("SELECT * FROM users") >= 4  # the first question, its refinement, again, the suggested line
    assert "█" in screen and "delivered" in screen  # the chart's bars and the statuses that label them
    assert "Traceback" not in screen
    coloured = terminal.screen(escapes=True)
    assert "SELECT * FROM users" not in coloured and "\x1b[" in coloured  # a terminal gets colour


def test_no_color_and_vi_keys(terminal: Terminal, ecommerce_path: Path) -> None:
    terminal.start([*_nl2sql(), "chat", "--db", str(ecommerce_path), "--no-color", "--vi"])
    terminal.wait_for(r"\| +vi \[I\] +\|", 0)  # the toolbar says which keys, and which vi mode
    # vi: Escape to normal mode, 0 to the line's start, dw deletes the stray word, Enter runs the rest
    terminal.send(Step(("xx /sql SELECT status, COUNT(*) AS n FROM orders GROUP BY status", "Escape", "0", "d", "w"),
                       "", literal=True))
    terminal.wait_for(r"^nl2sql> /sql SELECT status", 0)
    terminal.send(Step(("Enter",), ""))
    screen = terminal.wait_for(r"cancelled +\| +\d+", 0)
    plain = terminal.screen(escapes=True)
    output = plain[plain.index("nl2sql> /sql"):plain.rindex("nl2sql>")]
    assert "SELECT status, COUNT(*) AS n FROM orders GROUP BY status" in output  # no colour inside the SQL
    assert "\x1b[" not in output.split("\n", 1)[1]  # nothing printed carries an escape sequence
    assert "Traceback" not in screen


BIG_SQL = ("/sql WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 500000) "
           "SELECT n, 'row number ' || n AS label FROM c")


def test_ctrl_c_while_a_large_result_prints_keeps_the_session(terminal: Terminal, ecommerce_path: Path) -> None:
    """Half a million rows take seconds to lay out and print; Ctrl-C then stops the printing, not the REPL."""
    terminal.start([*_nl2sql(), "chat", "--db", str(ecommerce_path), "--max-rows", "0", "--no-pager",
                    "--timeout", "600"])
    terminal.wait_for(r"^nl2sql>$", 0)
    terminal.send(Step.line(BIG_SQL, ""))
    terminal.wait_for(re.escape("Raw SQL, run as typed."), 0)  # the statement ran; its rows are being printed
    terminal.send(Step(("C-c",), ""))
    terminal.wait_for(re.escape("(output interrupted)"), 0)
    terminal.send(Step.line("How many users are there?", ""))
    screen = terminal.wait_for(re.escape("There are 1,000 users."), 0)
    assert "Traceback" not in screen
