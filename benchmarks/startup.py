"""Start-up against litecli on the same SQLite file, in the same run: a one-shot answer, the time
to the first interactive prompt, and nl2sql's memory at that prompt.

Targets (issue 13): both ratios at most 1.0 (paired medians, nl2sql over litecli) and under 80 MB
resident at the prompt. Prints figures and whether each target holds; never asserts, so it can be
run before and after a change. litecli is installed once into its own environment (a gitignored
benchmarks/.venv-litecli-pyX.Y, for the Python running this script) so it shares no packages with nl2sql.

nl2sql's REPL draws its prompt before it loads sqlglot and the engine (nl2sql/repl/loading.py), so
the run also times a first answer (a question typed as soon as the prompt shows, against the same
count typed into litecli) and the memory after it: what the prompt's head start costs later.

    python benchmarks/startup.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
# One per Python version: both tools run on the interpreter that runs this script.
LITECLI_ENV = HERE / f".venv-litecli-py{sys.version_info.major}.{sys.version_info.minor}"
QUESTION = "How many users are there?"
LITECLI_SQL = "select count(*) from users"
PROMPT_WAIT_S = 30.0
CURSOR_QUERY = b"\x1b[6n"  # prompt-toolkit asks where the cursor is; a terminal would answer


@dataclass(frozen=True)
class Tools:
    nl2sql: str
    litecli: str
    database: Path
    env: dict[str, str]


@dataclass(frozen=True)
class Figures:
    name: str
    ours: list[float]
    theirs: list[float]

    @property
    def ratio(self) -> float:
        return statistics.median(a / b for a, b in zip(self.ours, self.theirs, strict=True))

    def line(self, *, target: bool = True) -> str:
        ours, theirs = statistics.median(self.ours), statistics.median(self.theirs)
        verdict = f"target <= 1.00: {'holds' if self.ratio <= 1.0 else 'MISSED'}" if target else "no target"
        return (f"{self.name:<14} nl2sql {ours * 1000:7.1f} ms  litecli {theirs * 1000:7.1f} ms  "
                f"ratio {self.ratio:.2f} (median of {len(self.ours)} pairs; {verdict})")


def litecli_binary() -> str:
    """litecli in an environment of its own, made on the first run and kept."""
    binary = LITECLI_ENV / "bin" / "litecli"
    if not binary.exists():
        print(f"installing litecli into {LITECLI_ENV} (once)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(LITECLI_ENV)], check=True)
        subprocess.run([str(LITECLI_ENV / "bin" / "pip"), "install", "-q", "litecli"], check=True)
    return str(binary)


def prepare(workdir: Path) -> Tools:
    """Both tools pointed at private home directories, and the ecommerce fixture built once."""
    nl2sql = str(Path(sys.executable).parent / "nl2sql")
    env = {**os.environ, "HOME": str(workdir / "home"), "XDG_CONFIG_HOME": str(workdir / "config"),
           "NL2SQL_DATA_DIR": str(workdir / "data"), "NL2SQL_CACHE_DIR": str(workdir / "cache"),
           "TERM": "xterm-256color", "PAGER": "cat", "COLUMNS": "120", "LINES": "40"}
    # PYTHONDONTWRITEBYTECODE would make nl2sql (installed editable here) compile its source on every
    # start, unlike an installed wheel or litecli's environment: the untimed warm-up run writes the caches.
    for name in ("NL2SQL_CONFIG", "NL2SQL_MODEL", "NL2SQL_DEBUG", "NL2SQL_DB", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    database = workdir / "ecommerce.db"
    subprocess.run([nl2sql, "fixtures", "build", "ecommerce", "--out", str(database)], env=env, check=True,
                   capture_output=True)
    return Tools(nl2sql, litecli_binary(), database, env)


def wall(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and its descendants, from /proc."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, StopIteration):
            continue
    return total


def to_prompt(command: list[str], prompt: bytes, env: dict[str, str], *, typed: bytes = b"",
              answer: bytes = b"") -> tuple[float, int]:
    """Seconds until ``prompt`` appears on a pseudo-terminal, and the tree's RSS (kB) at that moment;
    with ``typed``, both when ``answer`` appears after it is typed at that prompt."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    started = time.perf_counter()
    proc = subprocess.Popen(command, env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    try:
        _read_until(master, prompt, started, command[0])
        elapsed, rss = time.perf_counter() - started, _tree_rss_kb(proc.pid)
        if typed:
            os.write(master, typed)
            _read_until(master, answer, started, command[0])
            elapsed, rss = time.perf_counter() - started, _tree_rss_kb(proc.pid)
        return elapsed, rss
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)


def _read_until(master: int, text: bytes, started: float, name: str) -> None:
    """Read the terminal until ``text`` shows, answering prompt-toolkit's cursor query as a terminal would."""
    shown = b""
    while text not in shown:
        if time.perf_counter() - started > PROMPT_WAIT_S:
            raise RuntimeError(f"no {text!r} from {name} in {PROMPT_WAIT_S:.0f} s; it printed: {shown[-500:]!r}")
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            chunk = os.read(master, 65536)
            if not chunk:
                raise RuntimeError(f"{name} ended before {text!r}; it printed: {shown[-500:]!r}")
            shown += chunk
            if CURSOR_QUERY in chunk:
                os.write(master, b"\x1b[1;1R")


def paired(name: str, rounds: int, ours: Callable[[], float], theirs: Callable[[], float]) -> Figures:
    """Alternate which runs first, so that a warming cache or a busy neighbour favours neither side."""
    ours(), theirs()  # warm the file cache and any first-run files, untimed
    a: list[float] = []
    b: list[float] = []
    for index in range(rounds):
        if index % 2:
            b.append(theirs())
            a.append(ours())
        else:
            a.append(ours())
            b.append(theirs())
    return Figures(name, a, b)


def measure(tools: Tools, rounds: int) -> None:
    db, env = str(tools.database), tools.env
    one_shot = paired("one-shot", rounds, lambda: wall([tools.nl2sql, "ask", QUESTION, "--db", db], env),
                      lambda: wall([tools.litecli, db, "-e", LITECLI_SQL], env))
    memory: list[int] = []

    def ours() -> float:
        seconds, rss = to_prompt([tools.nl2sql, "chat", "--db", db], b"nl2sql>", env)
        memory.append(rss)
        return seconds

    first_prompt = paired("first prompt", rounds, ours,
                          lambda: to_prompt([tools.litecli, db, "--prompt", "litecli> "], b"litecli>", env)[0])
    # Not a target: the prompt comes before the engine loads (nl2sql/repl/loading.py), so this shows
    # what a question typed at once costs, against the same query typed into litecli.
    answered: list[int] = []

    def ours_answer() -> float:
        seconds, rss = to_prompt([tools.nl2sql, "chat", "--db", db], b"nl2sql>", env, typed=QUESTION.encode() + b"\r",
                                 answer=b"1,000")
        answered.append(rss)
        return seconds

    first_answer = paired(
        "first answer", rounds, ours_answer,
        lambda: to_prompt([tools.litecli, db, "--prompt", "litecli> "], b"litecli>", env,
                          typed=LITECLI_SQL.encode() + b"\r", answer=b"1000")[0])
    rss_mb = statistics.median(memory) / 1024
    print(one_shot.line())
    print(first_prompt.line())
    print(first_answer.line(target=False))
    print(f"{'memory':<14} nl2sql {rss_mb:7.1f} MB resident at its prompt (median; target < 80 MB: "
          f"{'holds' if rss_mb < 80 else 'MISSED'})")
    print(f"{'':<14} nl2sql {statistics.median(answered) / 1024:7.1f} MB resident after its first answer (median)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="Pairs per measurement (default 15).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="nl2sql-startup-") as workdir:
        tools = prepare(Path(workdir))
        measure(tools, args.rounds)


if __name__ == "__main__":
    main()
