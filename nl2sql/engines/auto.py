"""Sure answers free and instant, the model for the rest: the built-in engine reads each line
first, and the model is called only when that reading is incomplete or unsure.

The built-in engine is right about nine times in ten above the confirmation threshold, in
milliseconds and at no cost; a model answers more lines but costs a call each. So a line the
built-in engine reads completely and surely runs as it read it; any other line goes to the model
with the same conversation a model turn has. A follow-up to either engine's SQL is an edit of that
SQL: the built-in engine edits foreign SQL as a derived table, and takes the edit when it is sure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database, QueryResult
from nl2sql.dialog.questions import NO_SLOTS, Slots
from nl2sql.engines.base import Capabilities, Draft, Engine, History, RefinementContext, Usage
from nl2sql.errors import EngineError
from nl2sql.narrowing import only_narrows, unique_keys

BUILTIN, MODEL = "builtin", "llm"


def _complete(draft: Draft[Any]) -> bool:
    """SQL read word for word, with nothing to ask."""
    return bool(draft.sql) and draft.read_whole and not draft.ambiguities


class AutoEngine:
    """Both engines behind one: every draft says which of them wrote it (``Draft.engine``)."""

    name = "auto"
    capabilities = Capabilities(learns=True, natural_answers=True, calls_model=True, accounts_words=False)

    def __init__(self, builtin: Engine[Any], model: Engine[Any], *, sure_above: float = CONFIRM_BELOW) -> None:
        self.builtin = builtin
        self.model = model
        self.sure_above = sure_above
        self.answered = {BUILTIN: 0, MODEL: 0}  # drafts each engine gave, for /stats and the eval

    def _sure(self, draft: Draft[Any]) -> bool:
        """Read word for word, nothing to ask, and above the threshold: no model needed."""
        return _complete(draft) and draft.confidence > self.sure_above

    def _mine(self, draft: Draft[Any], engine: str) -> Draft[Any]:
        self.answered[engine] += 1
        return replace(draft, engine=engine)

    def draft(self, question: str, database: Database, slots: Slots = NO_SLOTS,
              history: History = ()) -> Draft[Any]:
        try:
            first = self.builtin.draft(question, database, slots, history)
        except EngineError:
            first = None
        if first is not None and self._sure(first):
            return self._mine(first, BUILTIN)
        return self._mine(self.model.draft(question, database, slots, history), MODEL)

    def refine(self, context: RefinementContext[Any], database: Database) -> Draft[Any]:
        spec = context.current_spec
        own = spec is not None and type(spec).__module__.startswith("nl2sql.engines.builtin")
        try:  # the built-in engine reads a model's SQL as a derived table: no spec of its own
            first = self.builtin.refine(context if own else replace(context, current_spec=None), database)
        except EngineError:
            first = None
        if first is not None and (self._sure(first) or self._narrows(context.current_query, first, database)):
            return self._mine(first, BUILTIN)
        return self._mine(self.model.refine(context if not own else replace(context, current_spec=None), database),
                          MODEL)

    @staticmethod
    def _narrows(before: str, draft: Draft[Any], database: Database) -> bool:
        """An edit read word for word that only adds conditions, an order or a limit to the current
        SQL: sure whoever wrote that SQL (its own confidence is not the edit's)."""
        return _complete(draft) and only_narrows(before, draft.sql, database.dialect, unique_keys(database.schema))

    def answer(self, draft: Draft[Any], result: QueryResult) -> str | None:
        engine = self.builtin if draft.engine == BUILTIN else self.model
        return engine.answer(draft, result)

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        self.model.learn(question, sql, confirmed=confirmed)

    def set_answer_style(self, style: str) -> None:
        self.model.set_answer_style(style)

    def interrupt(self) -> None:
        self.model.interrupt()

    def warm_up(self) -> None:
        self.model.warm_up()

    def session_usage(self) -> Usage | None:
        return self.model.session_usage()
