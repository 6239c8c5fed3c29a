"""Turns read from a stream (``nl2sql ask -``), one a line, each handed over before the next is read.

A line is read with a cap: a 10 MB line without a newline must not sit in memory whole. Past the
cap the rest of the line is counted and dropped, so the caller can say how long it was and go on
with the next line. The workflow refuses questions far shorter than the cap; the cap only bounds
what one line can cost (a long ``/sql`` statement still fits).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TextIO

MAX_LINE_CHARS = 1_000_000
_CHUNK_CHARS = 65_536


@dataclass(frozen=True)
class Line:
    """One input line as read, cut to a bounded length, with its number for messages."""
    number: int  # 1-based, counting blank lines, as an editor would
    text: str  # the line without its surrounding space; only its first MAX_LINE_CHARS when cut
    length: int  # characters in the whole line (without its newline)

    @property
    def cut(self) -> bool:
        return self.length > MAX_LINE_CHARS


def read_lines(stream: TextIO) -> Iterator[Line]:
    """The stream's non-blank lines, read lazily, none holding more than MAX_LINE_CHARS characters."""
    number = 0
    while head := stream.readline(MAX_LINE_CHARS):
        number += 1
        length = len(head.rstrip("\r\n"))
        ended = head.endswith("\n")
        while not ended:  # cut at the cap: count the rest of the line without keeping it
            rest = stream.readline(_CHUNK_CHARS)
            if not rest:
                break
            ended = rest.endswith("\n")
            length += len(rest.rstrip("\r\n"))
        text = head.strip()
        if text:
            yield Line(number, text, length)


def given_lines(turns: Iterable[str]) -> Iterator[Line]:
    """Turns given as arguments, numbered the same way."""
    for number, text in enumerate(turns, start=1):
        yield Line(number, text, len(text))


class LineStream:
    """Lines with the last one read able to go back: an answer read from a file that answers
    nothing is the next line of the conversation, read again by whoever reads next."""

    def __init__(self, lines: Iterator[Line]) -> None:
        self._lines = lines
        self._last: Line | None = None
        self._back: Line | None = None

    def __iter__(self) -> LineStream:
        return self

    def __next__(self) -> Line:
        if self._back is not None:
            line, self._back = self._back, None
        else:
            line = next(self._lines)
        self._last = line
        return line

    def unread(self) -> None:
        self._back = self._last
