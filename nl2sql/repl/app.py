"""The chat REPL: one long-lived prompt-toolkit session around ``InteractiveWorkflow``.

It reads lines, dispatches slash commands, and prints what a turn returns; it decides nothing
about intents or SQL itself.
"""

from __future__ import annotations

import re
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.enums import EditingMode
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import FormattedText, to_plain_text
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.output import ColorDepth, Output

from nl2sql import __version__
from nl2sql.color import color_on
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.escapes import visible
from nl2sql.paths import private_data_dir
from nl2sql.repl.completion import ChatCompleter, Vocabulary
from nl2sql.repl.highlight import STYLE, SqlInputLexer, highlight_sql
from nl2sql.repl.keys import InputMode, input_bindings
from nl2sql.repl.loading import WorkflowLoader
from nl2sql.repl.result_view import show_result
from nl2sql.repl.spinner import Spinner

# The prompt is drawn before these load (nl2sql/repl/loading.py): the workflow brings sqlglot and the engine.
if TYPE_CHECKING:
    from nl2sql.dialog.questions import Answer
    from nl2sql.preferences import Preferences
    from nl2sql.repl.actor import ConsoleActor
    from nl2sql.workflows import InteractiveWorkflow, TurnResult

PROMPT = "nl2sql> "


# The most of the prompt's time redrawing may take. A redraw costs the whole input, and one follows
# every read of the terminal (a pasted line arrives in reads of 1 KB): on a long input, redraws are
# spaced so that they cost a share of the time the input takes to arrive, not its square.
REDRAW_SHARE = 0.2
# A redraw quicker than this (any line typed by hand) is never held back.
QUICK_REDRAW_S = 0.005

# The history file is cut back to its newest half when it grows past this: it must not grow forever.
HISTORY_MAX_BYTES = 1_000_000


def default_history() -> History:
    try:
        path = private_data_dir() / "history"
        path.touch(mode=0o600)
        path.chmod(0o600)
        trim_history(path, HISTORY_MAX_BYTES)
        return FileHistory(str(path))
    except OSError:  # a read-only home still gets a working REPL
        return InMemoryHistory()


def trim_history(path: Path, max_bytes: int) -> None:
    """Keep the newest entries of a prompt-toolkit history file within about half of ``max_bytes``,
    cutting at an entry's start (each begins with a "# <time>" line) and swapping the file in at once."""
    if path.stat().st_size <= max_bytes:
        return
    data = path.read_bytes()
    start = data.find(b"\n# ", len(data) - max_bytes // 2)
    kept = data[start + 1:] if start >= 0 else b""
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(kept)
    partial.chmod(0o600)
    partial.replace(path)


class ChatApp:
    def __init__(self, workflow: InteractiveWorkflow | WorkflowLoader, *, session: PromptSession[str] | None = None,
                 output: Output | None = None) -> None:
        self.loader = workflow if isinstance(workflow, WorkflowLoader) else WorkflowLoader.built(workflow)
        self.output = output
        self.mode = InputMode()
        self._vocabulary: Vocabulary | None = None
        self.session: PromptSession[str] = session or PromptSession(history=default_history())
        self.session.completer = ChatCompleter(self.vocabulary, ready=lambda: self.loader.ready)
        self.session.complete_while_typing = True
        self.session.auto_suggest = AutoSuggestFromHistory()  # greyed; Right arrow (or Ctrl-E) takes it
        self.session.multiline = Condition(lambda: self.mode.multiline)
        own_keys = input_bindings(self.mode)
        given = self.session.key_bindings
        self.session.key_bindings = merge_key_bindings([given, own_keys]) if given else own_keys
        self.session.bottom_toolbar = self.toolbar
        self.session.style = STYLE
        # Drawn only on a terminal of our own: output handed in (tests, pipes) gets no spinner.
        self.spinner = Spinner(sys.stdout if output is None and _isatty(sys.stdout) else None)
        self.edit_next: str | None = None  # SQL to put in the next prompt for editing
        self.loader.configure(self._attach)
        self.session.app.after_render += lambda _app: self.loader.start()  # the prompt is up: load the rest
        self._redraw_began = 0.0
        self.session.app.before_render += self._before_redraw
        self.session.app.after_render += self._after_redraw
        self.loader.on_error = self._stop_prompt

    def _attach(self, workflow: InteractiveWorkflow) -> None:
        """Once, when the workflow exists: this terminal is where /edit opens the editor."""
        workflow.editor = self._edit

    @property
    def workflow(self) -> InteractiveWorkflow:
        """The session's workflow; the first use waits for it to be built."""
        return self.loader.get()

    @property
    def prefs(self) -> Preferences:
        return self.workflow.prefs if self.loader.ready else self.loader.prefs

    @cached_property
    def actor(self) -> ConsoleActor:
        from nl2sql.repl.actor import ConsoleActor

        return ConsoleActor(self._ask_line, self.say,
                            lambda sql: self.say(highlight_sql(sql, self.workflow.database.dialect)))

    def _before_redraw(self, _app: object) -> None:
        self._redraw_began = time.perf_counter()

    def _after_redraw(self, _app: object) -> None:
        """Space the next redraw by what this one cost (``REDRAW_SHARE``); a quick one holds nothing back.
        Never None: a redraw already spaced by a slow one subtracts from the interval when it comes due."""
        took = time.perf_counter() - self._redraw_began
        self.session.app.min_redraw_interval = took / REDRAW_SHARE if took > QUICK_REDRAW_S else 0.0

    def _stop_prompt(self, error: BaseException) -> None:
        """The workflow could not be built: end the prompt now with the error, from the loading thread."""
        app, loop = self.session.app, self.session.app.loop
        if not app.is_running or loop is None:
            return  # no prompt: the next line's wait raises the error

        def stop() -> None:
            try:
                app.exit(exception=error)
            except Exception:  # noqa: BLE001 - the prompt ended meanwhile; the next line's wait raises it
                pass

        try:
            loop.call_soon_threadsafe(stop)
        except RuntimeError:  # the loop closed as the prompt ended: the next line's wait raises the error
            pass

    # -- output ----------------------------------------------------------------------------------

    def vocabulary(self) -> Vocabulary:
        """What completion offers, built on the first key press (not at start-up) and kept."""
        if self._vocabulary is None:
            self._vocabulary = Vocabulary(self.workflow.database.schema, _domain(self.workflow))
        return self._vocabulary

    @property
    def color(self) -> bool:
        # The terminal's own stream decides: an output handed in (tests, a pty) is asked, as stdout is.
        stream = sys.stdout if self.output is None else getattr(self.output, "stdout", None)
        return color_on(self.prefs, stream)

    def say(self, text: str | FormattedText, style: str = "") -> None:
        self.spinner.stop()  # never print over the spinner's line
        # Highlighted SQL too: it quotes names from the database, which may hold escape sequences.
        content = FormattedText([(part[0], visible(part[1]), *part[2:]) for part in text]) \
            if isinstance(text, FormattedText) else FormattedText([(style, visible(text))])
        if self.color:
            print_formatted_text(content, style=STYLE, output=self.output)
            return
        plain = to_plain_text(content) + "\n"  # no colour: not one escape sequence, not even a reset
        if self.output is None:
            sys.stdout.write(plain)
            sys.stdout.flush()
        else:
            self.output.write_raw(plain)
            self.output.flush()

    def toolbar(self) -> FormattedText:
        engine, turn, nxt, cost = self.loader.engine_name, 1, "new query", ""
        if self.loader.ready:  # before, nothing has been asked and nothing spent
            wf = self.workflow
            state = wf.state
            turn = state.next_turn_number
            nxt = f"refines turn {state.current.number}" if state.current else "new query"
            usage = wf.engine.session_usage()
            if usage is not None:
                spent = f"${usage.cost:.4f}" if usage.cost is not None else "cost unknown"
                cost = f"tokens {usage.prompt_tokens:,} in / {usage.completion_tokens:,} out, {spent}"
            model = getattr(getattr(wf.engine, "settings", None), "model", None)  # only a model engine has one
            engine = f"{wf.engine.name} ({model})" if isinstance(model, str) else wf.engine.name
            answered = getattr(wf.engine, "answered", None)  # auto: how many lines needed no model
            if isinstance(answered, dict):
                engine = f"auto ({answered.get('builtin', 0)} built-in, {answered.get('llm', 0)} by the model)"
        keys = f"vi {self._vi_state()}" if self.prefs.key_mode == "vi" else ""
        db = self.loader.database.display_name
        forms = [  # the first that fits the terminal: a narrow one loses labels, then hints, never the state
            ("  |  ", [f"db: {db}", f"engine: {engine}", f"turn {turn}", f"next line: {nxt}", cost, keys,
                       self.mode.label, "/help"]),
            (" | ", [db, engine, f"turn {turn}", nxt, cost, keys, self.mode.label, "/help"]),
            (" | ", [f"turn {turn}", nxt, keys, self.mode.label if self.mode.multiline else "", cost, db, engine]),
        ]
        columns = self._columns()
        texts = [" " + sep.join(p for p in parts if p) + " " for sep, parts in forms]
        return FormattedText([("", next((t for t in texts if len(t) <= columns), texts[-1]))])

    def _columns(self) -> int:
        try:
            return self.session.app.output.get_size().columns
        except Exception:  # noqa: BLE001 - no terminal to ask: as wide as a usual one
            return 120

    def _vi_state(self) -> str:
        """[N] in normal mode, [I] while inserting, as pgcli shows: vi keys mean different things in each."""
        from prompt_toolkit.key_binding.vi_state import InputMode as ViMode

        return "[N]" if self.session.app.vi_state.input_mode == ViMode.NAVIGATION else "[I]"

    def render(self, result: TurnResult) -> None:
        if result.message:
            self.say(result.message)
        if result.query:
            self.say(highlight_sql(result.query, self.workflow.database.dialect))
        if result.refines_turn is not None:
            summary = f": {result.refinement_summary}" if result.refinement_summary else ""
            self.say(f"refinement of turn {result.refines_turn}{summary}", "class:summary")
        if result.explanation and (result.query or result.request is None):
            self.say(result.explanation, "class:explanation")
        if result.answer:
            self.say(result.answer, "class:answer")
        if result.result is not None:
            self.spinner.stop()
            show_result(result.result, self.workflow.prefs, self.output or self.session.output, color=self.color)
        if result.hint:
            self.say(result.hint, "class:summary")
        if result.error is not None:
            self.say(f"Error: {result.error.message}", "class:error")
        if result.query and result.rounds:
            answers = result.rounds[-1].answers
            self.say("(answered: " + "; ".join(_answer_text(a) for _, a in answers) + ")", "class:muted")

    # -- turns -----------------------------------------------------------------------------------

    @contextmanager
    def _interruptible(self) -> Iterator[None]:
        """Ctrl-C while a query runs stops the query, not the REPL."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, lambda *_: self._interrupt())
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def _interrupt(self) -> None:
        if self.loader.ready:  # while the workflow is still being built there is no query to stop
            self.workflow.interrupt()

    def run_turn(self, text: str) -> TurnResult:
        from nl2sql.workflows.dialogue import settle

        self.spinner.start()
        try:
            with self._interruptible():
                result = self.workflow.process_turn(text)
            # The dialogue goes on until the turn runs, is cancelled, or is handed back for editing;
            # the actor shows what a waiting turn asks. Ctrl-C stops a query the answers set running;
            # at the actor's prompt it is a key press, which cancels the question.
            with self._interruptible():
                result = settle(self.workflow, result, self.actor)
        finally:
            self.spinner.stop()
        self.render(result)
        if result.edit_sql:
            self.edit_next = result.edit_sql
        return result

    def _edit(self, sql: str) -> str | None:
        """The editor has the terminal to itself: no spinner drawn over it."""
        from nl2sql.repl.editor import edit_in_editor

        self.spinner.stop()
        try:
            return edit_in_editor(sql)
        finally:
            self.spinner.start()  # the edited statement runs next

    def _ask_line(self, prompt: str) -> str:
        self.spinner.stop()
        line = self.session.prompt(prompt, bottom_toolbar=None)
        self.spinner.start()  # the answer sets the turn going again
        return line

    def _read(self, default: str) -> str:
        """One line from the prompt, typed the way the preferences say (they may have changed)."""
        prefs = self.prefs
        self.session.editing_mode = EditingMode.VI if prefs.key_mode == "vi" else EditingMode.EMACS
        colored = self.color
        self.session.lexer = SqlInputLexer(self.loader.database.dialect) if colored else None
        self.session.color_depth = None if colored else ColorDepth.MONOCHROME
        return self.session.prompt(PROMPT, default=default, prompt_continuation=_continuation)

    def handle(self, line: str) -> bool:
        """Handle one input line; False ends the session."""
        text = line.strip()
        if not text:
            return True
        text = _EXIT_WORDS.get(text.lower(), text)
        try:
            self.loader.get()  # a line typed at once waits for the engine; a failed build ends the REPL here
        except KeyboardInterrupt:
            self.say("Nothing ran: Ctrl-C while nl2sql was still starting.", "class:muted")
            return True
        return self.run_turn(text).command != "/exit"

    def run(self, opening: TurnResult | None = None) -> None:
        """The session, until /exit or Ctrl-D; ``opening`` (a resumed conversation) is shown after the
        banner as any turn is: its result paged and timed like the rest."""
        database = self.loader.database
        self.say(f"nl2sql {__version__} on {database.display_name} "
                 f"({len(database.schema.tables)} tables, engine: {self.loader.engine_name}). "
                 "Ask in plain English; /help for commands, Ctrl-D to quit.", "class:muted")
        if opening is not None:
            self.render(opening)
        self.loader.configure(lambda workflow: workflow.engine.warm_up())  # a model's client loads as the user types
        while True:
            editing, self.edit_next = self.edit_next, None
            try:
                line = self._read(editing or "")
            except KeyboardInterrupt:
                continue  # Ctrl-C drops the line being typed, not the session
            except EOFError:
                break
            if editing and _SQL_START.match(line):
                line = f"/edit {line}"  # the edited SQL runs as typed and becomes the current query
            try:
                if not self.handle(line):
                    break
            except KeyboardInterrupt:  # Ctrl-C while a result prints: the turn stands, the session goes on
                self.say("\n(output interrupted)", "class:muted")
        self.say("Bye.", "class:muted")


def _continuation(width: int, _line_number: int, _wrapped: int) -> str:
    """The second and later lines of a multi-line input start under the first's text, marked as more of it."""
    return "." * (width - 1) + " "


_SQL_START = re.compile(r"\s*(select|with|values)\b", re.IGNORECASE)
_EXIT_WORDS = {"\\q": "/exit", "exit": "/exit", "quit": "/exit"}


def _answer_text(answer: Answer) -> str:
    if answer.skipped:
        return "skipped"
    return ", ".join(answer.texts) if answer.texts else str(answer.value)


def _isatty(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except ValueError:  # closed
        return False


def _domain(workflow: InteractiveWorkflow) -> DomainConfig:
    """The engine's domain config (synonyms, metrics), when it has one."""
    domain = getattr(workflow.engine, "domain", None)
    return domain if isinstance(domain, DomainConfig) else EMPTY


def run_chat(workflow: InteractiveWorkflow | WorkflowLoader, opening: TurnResult | None = None) -> None:
    ChatApp(workflow).run(opening)
