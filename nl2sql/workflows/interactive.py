"""The one entry point of every front end: ``InteractiveWorkflow.process_turn(text)``.

It dispatches slash commands, runs one turn step (``turn.TurnStep``: a function from the state
and the line to the next state), swaps the state in once, and only then runs the hooks
(learning an example, counting for ``/stats``), which may fail without undoing the turn.
Whatever a step raises becomes a failed turn on the state as it was before the line.

With a ``Teacher`` (teach once), a line is first looked up among what the user taught for this
database, and what a turn taught is kept after the swap, announced in the turn's message.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Generic, TypeVar

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database, QueryResult
from nl2sql.dialog import ConversationState, Idle
from nl2sql.dialog.questions import Reply
from nl2sql.engines.base import Engine
from nl2sql.errors import EngineError, Nl2SqlError, UsageError
from nl2sql.learned import Lesson
from nl2sql.preferences import Preferences
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows.adoption import adopted
from nl2sql.workflows.generation import SqlGenerationWorkflow
from nl2sql.workflows.refinement import SqlRefinementWorkflow
from nl2sql.workflows.slash import is_command
from nl2sql.workflows.teaching import HandedBack, Teacher, edited_lesson
from nl2sql.workflows.turn import CLARIFY_MODES, Policy, State, Transition, TurnStep

log = logging.getLogger(__name__)
S = TypeVar("S")
# The longest question read: a paragraph. Longer text is refused at once (raw SQL goes through /sql).
MAX_QUESTION_CHARS = 2_000


def _too_long(length: int) -> Transition:
    raise EngineError(f"That question is {length:,} characters long; nl2sql reads questions of up to "
                      f"{MAX_QUESTION_CHARS:,} characters (raw SQL of any length goes through /sql).")


class SessionStats:
    """What /stats reports: how often the session asked, confirmed and was told no."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def record(self, transition: Transition) -> None:
        self.counts.update(transition.effects.events)
        if transition.result.engine is not None:
            self.counts[f"engine:{transition.result.engine}"] += 1

    def text(self) -> str:
        s, turns = self.counts, max(1, self.counts["turn"])
        asked = s["clarified"]
        line = (f"turns {s['turn']}; clarification rate {asked / turns:.0%} ({asked}); "
                f"confirmation rate {s['confirmation'] / turns:.0%} ({s['confirmation']}); "
                f"rejection rate {s['rejection'] / turns:.0%} ({s['rejection']}); "
                f"average rounds per turn {s['round'] / turns:.2f}")
        if s["engine:llm"]:  # a model in the session: how many lines it was not needed for
            line += (f"; answered by the built-in engine {s['engine:builtin']}, by the model {s['engine:llm']} "
                     f"(model calls saved: {s['engine:builtin']})")
        return line


class InteractiveWorkflow(Generic[S]):
    def __init__(self, database: Database, engine: Engine[S], *, max_rows: int | None = DEFAULT_MAX_ROWS,
                 timeout: float = DEFAULT_TIMEOUT_S, state: State[S] | None = None, clarify: str = "ask",
                 confirm_below: float = CONFIRM_BELOW, teacher: Teacher | None = None) -> None:
        if clarify not in CLARIFY_MODES:
            raise UsageError(f"--clarify must be one of {', '.join(CLARIFY_MODES)}.")
        self.database = database
        self.engine = engine
        self.max_rows = max_rows
        self.timeout = timeout
        self.generation: SqlGenerationWorkflow[S] = SqlGenerationWorkflow(engine, max_rows=max_rows, timeout=timeout)
        self.refinement: SqlRefinementWorkflow[S] = SqlRefinementWorkflow(engine, max_rows=max_rows, timeout=timeout)
        self.step = TurnStep(database, engine, self.generation, self.refinement,
                             Policy(clarify=clarify, confirm_below=confirm_below))
        self.state: State[S] = state or ConversationState()
        self.stats = SessionStats()
        self.prefs = Preferences()  # how results are shown; /format and /pager swap it
        # /edit's editor: the SQL in, the saved text out (None: not saved). Only a front end with a
        # terminal (the REPL) has one; raises Nl2SqlError when it cannot run.
        self.editor: Callable[[str], str | None] | None = None
        # The last /sql statement and its rows, with the state they were shown in: /chart and /export use
        # them while that state stands (they are what is on screen); a turn, /undo or /clear replaces it.
        self.raw_shown: tuple[State[S], str, QueryResult] | None = None
        self.hooks: list[Callable[[Transition[S]], None]] = [self._learn, self.stats.record]
        # What the user taught on this database (None: this session neither learns nor lists anything).
        self.teacher = teacher
        self._handed_back: HandedBack | None = None  # the reading the last turn handed back to edit

    def process_turn(self, text: str) -> TurnResult:
        """Run one line of the conversation (a question, an answer, or a slash command)."""
        text = text.strip()
        if is_command(text):
            from nl2sql.workflows.commands import run_command  # the registry: loaded by the first command

            return run_command(self, text)
        if len(text) > MAX_QUESTION_CHARS:  # reading a question costs more than its length: bound it first
            return self._apply(text[:MAX_QUESTION_CHARS], lambda state: _too_long(len(text)))
        lesson = self.teacher.recall(text) if self.teacher is not None and isinstance(self.state.mode, Idle) else None
        if lesson is not None and lesson.sql is not None:
            taught_sql = lesson.sql  # the statement the user wrote for this question: it runs as written
            return self._apply(text, lambda state: adopted(state, text, taught_sql, self.database,
                                                           max_rows=self.max_rows, timeout=self.timeout, taught=True))
        return self._apply(text, lambda state: self.step.line(state, text, lesson))

    def scratch(self) -> InteractiveWorkflow[S]:
        """A workflow on the same database and engine that reads lines to themselves (``/resume`` reads
        the saved questions again in one): it asks nothing, confirms nothing, and learns and counts nothing."""
        scratch = InteractiveWorkflow(self.database, self.engine, max_rows=self.max_rows, timeout=self.timeout,
                                      clarify="auto", confirm_below=0.0)
        scratch.hooks = []  # reading again is not a turn the user took
        return scratch

    def answer(self, reply: Reply) -> TurnResult:
        """A typed reply to the open clarification or confirmation (what front ends' actors collect).

        A line typed instead of an answer (a new question, a slash command) is processed as typed."""
        if reply.instead is not None:
            return self.process_turn(reply.instead)
        return self._apply("", lambda state: self.step.reply(state, reply))

    def adopt(self, text: str, sql: str) -> TurnResult:
        """Run a statement the user wrote or edited as a turn: it becomes the current query (``/edit``).

        Run in place of a new question's reading handed back to edit, it is what that question means here."""
        handed = self._handed_back
        result = self._apply(text, lambda state: adopted(state, text, sql, self.database, max_rows=self.max_rows,
                                                         timeout=self.timeout))
        lesson = edited_lesson(handed, sql) if handed is not None and result.ok else None
        return self._taught(result, lesson)

    def _apply(self, text: str, step: Callable[[State[S]], Transition[S]]) -> TurnResult:
        before = self.state
        try:
            transition = step(before)
        except Nl2SqlError as err:
            transition = self._failed(before, text, str(err), err.can_retry, err.kind)
        except Exception as err:  # the session must survive any bug below this line
            log.exception("turn failed")
            detail = f" ({type(err).__name__}: {err})" if os.environ.get("NL2SQL_DEBUG") else ""
            transition = self._failed(before, text, f"Internal error while answering{detail}.", True, "internal")
        self.swap(transition.state)
        self._handed_back = transition.effects.handed_back
        for hook in self.hooks:
            try:
                hook(transition)
            except Exception:  # a hook is a nicety; the turn stands
                log.exception("hook %r failed after turn %d", hook, transition.result.turn_number)
        return self._taught(transition.result, transition.effects.lesson)

    def swap(self, state: State[S]) -> None:
        """The swap: the one place the conversation changes, whole, for a turn and for a command alike."""
        self.state = state

    def _taught(self, result: TurnResult, lesson: Lesson | None) -> TurnResult:
        """``result`` with what learning has to say: the lesson it kept, or why the file of lessons is not used."""
        if self.teacher is None:
            return result
        try:
            noted = self.teacher.keep(lesson) if lesson is not None else None
            # a turn that waits for answers may not show its message: its warning waits for the turn's end too
            lines = [line for line in (self.teacher.warnings(keep=result.request is not None), result.message, noted)
                     if line]
        except Exception:  # learning is a nicety; the turn stands
            log.exception("learning failed after turn %d", result.turn_number)
            return result
        return replace(result, message="\n".join(lines)) if lines and lines != [result.message] else result

    def _failed(self, before: State[S], text: str, message: str, can_retry: bool, kind: str) -> Transition[S]:
        try:
            return self.step.failed(before, text, message, can_retry, kind)
        except Exception:  # even the record could not be built: keep the conversation exactly as it was
            log.exception("could not record the failed turn")
            return Transition(before, TurnResult.of(before, error=ErrorInfo(message, can_retry, kind)))

    def _learn(self, transition: Transition[S]) -> None:
        learned = transition.effects.learn
        if learned is not None:
            self.engine.learn(*learned)

    def command_result(self, name: str, message: str | None, error: ErrorInfo | None = None,
                       **shown: Any) -> TurnResult:
        """What the command ``name`` shows, on the state as it stands (after the command's swap, if any)."""
        return TurnResult.of(self.state, command=name, message=message, error=error, **shown)

    def interrupt(self) -> None:
        """Ctrl-C: stop the query or the model call in flight."""
        self.database.interrupt()
        self.engine.interrupt()
