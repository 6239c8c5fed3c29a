"""The chat REPL: one long-lived prompt-toolkit session around ``InteractiveWorkflow``.

It reads lines, dispatches slash commands, and prints what a turn returns; it decides nothing
about intents or SQL itself.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.output import Output

from nl2sql import __version__
from nl2sql.dialog.questions import Answer
from nl2sql.formatting import visible
from nl2sql.paths import private_data_dir
from nl2sql.repl.actor import ConsoleActor
from nl2sql.repl.highlight import STYLE, highlight_sql
from nl2sql.repl.result_view import show_result
from nl2sql.workflows import InteractiveWorkflow, TurnResult, commands
from nl2sql.workflows.dialogue import settle

PROMPT = "nl2sql> "


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
    def __init__(self, workflow: InteractiveWorkflow, *, session: PromptSession[str] | None = None,
                 output: Output | None = None) -> None:
        self.workflow = workflow
        self.output = output
        schema = workflow.database.schema
        words = commands.names() + [t.name for t in schema.tables]
        words += sorted({c.name for t in schema.tables for c in t.columns})
        self.session: PromptSession[str] = session or PromptSession(history=default_history())
        self.session.completer = WordCompleter(words, WORD=True, ignore_case=True)
        self.session.complete_while_typing = False
        self.session.bottom_toolbar = self.toolbar
        self.session.style = STYLE
        self.edit_next: str | None = None  # SQL to put in the next prompt for editing
        self.actor = ConsoleActor(self._ask_line, self.say,
                                  lambda sql: self.say(highlight_sql(sql, self.workflow.database.dialect)))

    # -- output ----------------------------------------------------------------------------------

    def say(self, text: str | FormattedText, style: str = "") -> None:
        content = text if isinstance(text, FormattedText) else FormattedText([(style, visible(text))])
        print_formatted_text(content, style=STYLE, output=self.output)

    def toolbar(self) -> FormattedText:
        wf = self.workflow
        state = wf.state
        nxt = f"refines turn {state.current.number}" if state.current else "new query"
        usage = wf.engine.session_usage()
        cost = ""
        if usage is not None:
            spent = f"${usage.cost:.4f}" if usage.cost is not None else "cost unknown"
            cost = f"  |  tokens {usage.prompt_tokens:,} in / {usage.completion_tokens:,} out, {spent}"
        return FormattedText([
            ("", f" db: {wf.database.display_name}  |  engine: {wf.engine.name}  |  turn {state.next_turn_number}"
                 f"  |  next line: {nxt}{cost}  |  /help "),
        ])

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
            show_result(result.result, self.workflow.prefs, self.output or self.session.output)
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
        previous = signal.signal(signal.SIGINT, lambda *_: self.workflow.interrupt())
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def run_turn(self, text: str) -> TurnResult:
        with self._interruptible():
            result = self.workflow.process_turn(text)
        # The dialogue goes on until the turn runs, is cancelled, or is handed back for editing;
        # the actor shows what a waiting turn asks. Ctrl-C stops a query the answers set running;
        # at the actor's prompt it is a key press, which cancels the question.
        with self._interruptible():
            result = settle(self.workflow, result, self.actor)
        self.render(result)
        if result.edit_sql:
            self.edit_next = result.edit_sql
        return result

    def _ask_line(self, prompt: str) -> str:
        return self.session.prompt(prompt, bottom_toolbar=None)

    def handle(self, line: str) -> bool:
        """Handle one input line; False ends the session."""
        text = line.strip()
        if not text:
            return True
        text = _EXIT_WORDS.get(text.lower(), text)
        return self.run_turn(text).command != "/exit"

    def run(self) -> None:
        schema = self.workflow.database.schema
        self.say(f"nl2sql {__version__} on {self.workflow.database.display_name} "
                 f"({len(schema.tables)} tables, engine: {self.workflow.engine.name}). "
                 "Ask in plain English; /help for commands, Ctrl-D to quit.", "class:muted")
        self.workflow.engine.warm_up()  # a model engine loads its client while the user types
        while True:
            editing, self.edit_next = self.edit_next, None
            try:
                line = self.session.prompt(PROMPT, default=editing or "")
            except KeyboardInterrupt:
                continue  # Ctrl-C drops the line being typed, not the session
            except EOFError:
                break
            if editing and _SQL_START.match(line):
                line = f"/sql {line}"  # the SQL handed back for editing runs as typed; a question stays one
            if not self.handle(line):
                break
        self.say("Bye.", "class:muted")


_SQL_START = re.compile(r"\s*(select|with|values)\b", re.IGNORECASE)
_EXIT_WORDS = {"\\q": "/exit", "exit": "/exit", "quit": "/exit"}


def _answer_text(answer: Answer) -> str:
    if answer.skipped:
        return "skipped"
    return ", ".join(answer.texts) if answer.texts else str(answer.value)


def run_chat(workflow: InteractiveWorkflow) -> None:
    ChatApp(workflow).run()
