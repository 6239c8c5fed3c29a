"""Follow-up + current query -> edited draft -> guarded execution."""

from __future__ import annotations

from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database
from nl2sql.engines import Engine, RefinementContext
from nl2sql.workflows.generation import run_draft
from nl2sql.workflows.results import Outcome


class SqlRefinementWorkflow:
    def __init__(self, engine: Engine, *, max_rows: int | None = DEFAULT_MAX_ROWS,
                 timeout: float = DEFAULT_TIMEOUT_S) -> None:
        self.engine = engine
        self.max_rows = max_rows
        self.timeout = timeout

    def refine(self, context: RefinementContext, database: Database) -> Outcome:
        """Edit the current query by ``context.feedback`` and run the result."""
        draft = self.engine.refine(context, database)
        return run_draft(draft, database, max_rows=self.max_rows, timeout=self.timeout)
