"""Follow-up + current query -> edited draft -> guarded execution."""

from __future__ import annotations

from nl2sql.db import Database
from nl2sql.engines import RefinementContext
from nl2sql.workflows.generation import DraftRunner
from nl2sql.workflows.results import Outcome


class SqlRefinementWorkflow(DraftRunner):
    def refine(self, context: RefinementContext, database: Database) -> Outcome:
        """Edit the current query by ``context.feedback`` and run the result."""
        return self.run(self.engine.refine(context, database), database)
