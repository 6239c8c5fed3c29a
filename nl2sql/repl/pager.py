"""Long results through a pager: a real ``$PAGER`` subprocess (``less -SRXF`` unless set), used
only when the text is taller than the screen and the output is a terminal a person reads.

Anything else (output to a file or a pipe, a short result, ``/pager off``, a pager that will not
start) prints the text as it is: a pager must never stand between a script and its output.
"""

from __future__ import annotations

import io
import os
import shlex
import signal
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from prompt_toolkit.output import Output

DEFAULT_PAGER = "less -SRXF"  # chop long lines, keep colours, leave the text on screen, quit if it fits


def terminal_fd(output: Output) -> int | None:
    """The descriptor of a terminal ``output`` writes to; None for files, pipes and test outputs."""
    try:
        fd = output.fileno()
    except (NotImplementedError, OSError, ValueError, io.UnsupportedOperation):
        return None
    return fd if os.isatty(fd) else None


def wants_pager(text: str, output: Output, enabled: bool) -> bool:
    """Whether ``text`` would scroll off a terminal's screen (the prompt's line counted)."""
    if not enabled or terminal_fd(output) is None:
        return False
    return text.count("\n") + 1 >= output.get_size().rows


def pager_command() -> list[str] | None:
    """``$PAGER`` as words, the default when unset; None when it is set empty or cannot be split."""
    try:
        words = shlex.split(os.environ.get("PAGER", DEFAULT_PAGER))
    except ValueError:
        return None
    return words or None


def page(text: str, output: Output) -> bool:
    """Show ``text`` through the pager on ``output``'s terminal; False when no pager ran, so that
    the caller prints the text itself."""
    command, fd = pager_command(), terminal_fd(output)
    if command is None or fd is None:
        return False
    output.flush()
    try:
        with _pager_owns_ctrl_c():
            done = subprocess.run(command, input=text if text.endswith("\n") else text + "\n", stdout=fd,
                                  text=True, encoding="utf-8", errors="replace", check=False)
    except OSError:  # no such program, or it could not start
        return False
    # A pager that failed (a bad option in $PAGER) may have shown nothing: the text is printed instead,
    # twice at worst, never lost. less and more exit 0 when the user quits.
    return done.returncode == 0


@contextmanager
def _pager_owns_ctrl_c() -> Iterator[None]:
    """Ctrl-C while paging is the pager's key (less stops a search with it), not the REPL's.

    A handler, not SIG_IGN: a handled signal is reset to its default in the child, an ignored one
    would stay ignored in the pager."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, lambda *_: None)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
