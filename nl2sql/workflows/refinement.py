"""Follow-up + current query -> edited draft -> guarded execution."""

from __future__ import annotations

from nl2sql.db import Database
from nl2sql.engines import Draft, RefinementContext
from nl2sql.workflows.generation import DraftRunner
from nl2sql.workflows.results import Outcome


class SqlRefinementWorkflow(DraftRunner):
    def draft(self, context: RefinementContext, database: Database) -> Draft:
        """The current query edited by ``context.feedback``, not yet run."""
        return self.engine.refine(context, database)

    def refine(self, context: RefinementContext, database: Database) -> Outcome:
        """Edit the current query by ``context.feedback`` and run the result."""
        return self.run(self.draft(context, database), database)
