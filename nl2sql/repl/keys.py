"""The chat prompt's own keys: Alt-Enter and F3 for questions and SQL longer than a line.

Single-line mode (the default): Enter runs the line, Alt-Enter (or Esc then Enter) starts a new
line. F3 switches to multi-line mode, where Enter starts a new line and Alt-Enter runs it, for
pasting or writing a long ``/sql`` statement; F3 switches back. The toolbar shows the mode.
"""

from __future__ import annotations

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


class InputMode:
    """Whether Enter runs the line or starts a new one; the key bindings flip it, the toolbar shows it."""

    def __init__(self, multiline: bool = False) -> None:
        self.multiline = multiline

    def toggle(self) -> None:
        self.multiline = not self.multiline

    @property
    def label(self) -> str:
        return "multi-line (Alt-Enter runs)" if self.multiline else "F3: multi-line"


def input_bindings(mode: InputMode) -> KeyBindings:
    bindings = KeyBindings()
    multiline = Condition(lambda: mode.multiline)

    @bindings.add("escape", "enter", filter=~multiline)
    def _new_line(event: KeyPressEvent) -> None:
        """Alt-Enter in single-line mode: a new line, so a long question can be laid out."""
        event.current_buffer.newline(copy_margin=False)

    @bindings.add("escape", "enter", filter=multiline)
    def _run(event: KeyPressEvent) -> None:
        """Alt-Enter in multi-line mode: run what was typed."""
        event.current_buffer.validate_and_handle()

    @bindings.add("f3")
    def _toggle(event: KeyPressEvent) -> None:
        """F3: switch between Enter runs the line and Enter starts a new line."""
        mode.toggle()
        event.app.invalidate()  # the toolbar shows the mode

    return bindings
