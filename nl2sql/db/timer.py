"""A time limit enforced from beside the statement, for the adapters whose driver has no clock of
its own to stop a query by (DuckDB's interrupt, Spark's job-group cancel)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


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
