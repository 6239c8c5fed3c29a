"""The chat prompt's own keys: Alt-Enter and F3 for questions and SQL longer than a line.

Single-line mode (the default): Enter runs the line, Alt-Enter (or Esc then Enter) starts a new
line. F3 switches to multi-line mode, where Enter starts a new line and Alt-Enter runs it, for
pasting or writing a long ``/sql`` statement; F3 switches back. The toolbar shows the mode.

Characters that arrive together (a paste the terminal does not mark as one, type-ahead, a pipe)
are inserted together: prompt-toolkit would otherwise insert, complete and draw per character,
each costing the whole line so far, and a 100 KB line would take an hour.
"""

from __future__ import annotations

from typing import Any

from prompt_toolkit.filters import Condition, emacs_insert_mode, vi_insert_mode
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys


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

    # As prompt-toolkit's own self-insert (same filter, same undo step per run of typing), but with
    # the plain characters queued behind this one: one insert, one completion, one redraw per read.
    @bindings.add(Keys.Any, filter=vi_insert_mode | emacs_insert_mode, save_before=lambda e: not e.is_repeat)
    def _insert(event: KeyPressEvent) -> None:
        event.current_buffer.insert_text(event.data * event.arg + queued_text(event))

    return bindings


def queued_text(event: KeyPressEvent) -> str:
    """Take from the key queue the characters right behind ``event``'s key that would only insert
    themselves (no binding of their own is active, and no macro is being recorded), and return them."""
    processor = event.key_processor
    registry: Any = getattr(processor, "_bindings", None)  # the bindings the processor matches against
    app = event.app
    if registry is None or app.emacs_state.is_recording or app.vi_state.recording_register:
        return ""
    queue = processor.input_queue
    plain: dict[str, bool] = {}
    taken: list[str] = []
    while queue:
        key = queue[0].key
        if len(key) != 1 or queue[0].data != key:  # a named key (Enter, arrows, Escape...) ends the run
            break
        if key not in plain:
            plain[key] = _inserts_itself(registry, key)
        if not plain[key]:
            break
        taken.append(queue.popleft().data)
    return "".join(taken)


def _inserts_itself(registry: Any, key: str) -> bool:
    """Whether every binding active now for ``key``, or starting with it, is a catch-all (an insert)."""
    bindings = [*registry.get_bindings_for_keys((key,)), *registry.get_bindings_starting_with_keys((key,))]
    return all(b.keys == (Keys.Any,) for b in bindings if b.filter())
