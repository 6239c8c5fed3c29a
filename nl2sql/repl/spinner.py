"""A spinner with the elapsed time while a turn runs: "⠋ 1.2 s" once it has taken over 150 ms.

It draws on its own line, from a background thread, only on a real terminal, and always wipes
that line before anything else is printed or asked: the REPL stops it before it speaks and
starts it again when the turn goes on. Ctrl-C is left to the main thread's handler.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
DELAY_S = 0.15  # a turn answered faster than this never shows the spinner
TICK_S = 0.1
_ERASE = "\r" + " " * 20 + "\r"  # spaces, not an escape sequence: plain even with colour off


class Spinner:
    def __init__(self, stream: TextIO | None) -> None:
        """``stream`` None: a spinner that never draws (not a terminal, or colour and motion are off)."""
        self.stream = stream
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn = False

    def start(self) -> None:
        if self.stream is None or self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._spin, args=(time.monotonic(),), daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop drawing and wipe the spinner's line, so the next output starts on a clean line."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        self._stop.set()
        thread.join()
        with self._lock:
            if self._drawn and self.stream is not None:
                self._write(_ERASE)
            self._drawn = False

    def _spin(self, started: float) -> None:
        if self._stop.wait(DELAY_S):
            return
        frame = 0
        while not self._stop.is_set():
            with self._lock:
                if self._stop.is_set():
                    return
                self._write(f"\r{FRAMES[frame % len(FRAMES)]} {time.monotonic() - started:.1f} s")
                self._drawn = True
            frame += 1
            self._stop.wait(TICK_S)

    def _write(self, text: str) -> None:
        assert self.stream is not None
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: nothing to show it on
            pass
