"""New question -> engine draft -> guarded execution."""

from __future__ import annotations

from collections.abc import Mapping

from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database
from nl2sql.engines import Engine
from nl2sql.engines.base import Draft
from nl2sql.workflows.results import Outcome


class DraftRunner:
    """Runs an engine's draft under the session's row cap and time limit."""

    def __init__(self, engine: Engine, *, max_rows: int | None = DEFAULT_MAX_ROWS,
                 timeout: float = DEFAULT_TIMEOUT_S) -> None:
        self.engine = engine
        self.max_rows = max_rows
        self.timeout = timeout

    def run(self, draft: Draft, database: Database) -> Outcome:
        result = database.execute(draft.sql, max_rows=self.max_rows, timeout=self.timeout)
        return Outcome(draft.sql, draft.explanation, draft.confidence, draft.spec, result, draft.refinement_summary,
                       self.engine.answer(draft, result))


class SqlGenerationWorkflow(DraftRunner):
    def draft(self, question: str, database: Database, slots: Mapping[str, str] | None = None) -> Draft:
        """The engine's reading of ``question``, with the ambiguities it has, not yet run."""
        return self.engine.draft(question, database, slots or {})

    def execute(self, question: str, database: Database, slots: Mapping[str, str] | None = None) -> Outcome:
        """Write SQL for ``question`` and run it; raises ``Nl2SqlError`` with a user-facing message."""
        return self.run(self.draft(question, database, slots), database)
