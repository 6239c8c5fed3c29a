"""New question -> engine reading -> guarded execution."""

from __future__ import annotations

from typing import Generic, TypeVar

from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database
from nl2sql.dialog.questions import NO_SLOTS, Slots
from nl2sql.engines.base import Draft, Engine, History
from nl2sql.results import Outcome

S = TypeVar("S")


class DraftRunner(Generic[S]):
    """Runs an engine's reading under the session's row cap and time limit."""

    def __init__(self, engine: Engine[S], *, max_rows: int | None = DEFAULT_MAX_ROWS,
                 timeout: float = DEFAULT_TIMEOUT_S) -> None:
        self.engine = engine
        self.max_rows = max_rows
        self.timeout = timeout

    def run(self, draft: Draft[S], database: Database) -> Outcome[S]:
        result = database.execute(draft.sql, max_rows=self.max_rows, timeout=self.timeout)
        return Outcome(draft.sql, draft.explanation, draft.confidence, draft.spec, result, draft.refinement_summary,
                       self.engine.answer(draft, result))


class SqlGenerationWorkflow(DraftRunner[S]):
    def read(self, question: str, database: Database, slots: Slots = NO_SLOTS, history: History = ()) -> Draft[S]:
        """The engine's reading of ``question``, with the ambiguities it has, not yet run."""
        return self.engine.draft(question, database, slots, history)

    def execute(self, question: str, database: Database, slots: Slots = NO_SLOTS, *,
                reading: Draft[S] | None = None) -> Outcome[S]:
        """Write SQL for ``question`` (or take the reading the dialogue settled on) and run it.

        Raises ``Nl2SqlError`` with a user-facing message."""
        return self.run(reading if reading is not None else self.read(question, database, slots), database)
