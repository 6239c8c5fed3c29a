"""Wall-clock limits: on a statement whose driver has no clock of its own, and on waiting for a server.

``expire_after`` stops a statement from beside it, for the adapters whose driver cannot time one
itself (DuckDB's interrupt, Spark's job-group cancel).

``cut_after`` bounds a whole exchange with a server. A driver's own timeouts bound each wait for a
byte, not the whole exchange: a server that accepts a connection and never answers, or that sends
one byte a second, holds PyMySQL (and a psycopg query) for ever. Here a timer shuts the
connection's socket down when the time is up, from its own thread, through a second descriptor of
the same socket; the driver's blocked read then ends as a lost connection, and the caller, seeing
``Cut.fired``, says the server did not answer in time. The descriptor is duplicated when the limit
is armed, in the thread that owns the connection and while the connection is open, so the timer can
never reach a socket that has since been reused.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass


@dataclass
class Cut:
    """Whether the limit ran out (and the connection was cut), and what the limit was."""

    seconds: float
    fired: bool = False


@contextmanager
def cut_after(fd: int | None, seconds: float) -> Iterator[Cut]:
    """Shut the socket behind ``fd`` down if the block has not ended after ``seconds``.

    ``fd`` None (no connection to watch) arms nothing; the block still runs."""
    cut = Cut(seconds)
    if fd is None or fd < 0:
        yield cut
        return
    watch = socket.socket(fileno=os.dup(fd))

    def fire() -> None:
        cut.fired = True
        with suppress(OSError):
            watch.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(max(0.0, seconds), fire)
    timer.daemon = True
    timer.start()
    try:
        yield cut
    finally:
        timer.cancel()
        timer.join()
        watch.close()


@contextmanager
def expire_after(seconds: float, expire: Callable[[], None]) -> Iterator[None]:
    """Call ``expire`` from a timer thread once ``seconds`` have passed, unless the body ends first."""
    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
