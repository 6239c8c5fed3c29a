"""Follow-up + current query -> edited reading -> guarded execution."""

from __future__ import annotations

from typing import TypeVar

from nl2sql.db import Database
from nl2sql.engines.base import Draft, RefinementContext
from nl2sql.results import Outcome
from nl2sql.workflows.generation import DraftRunner

S = TypeVar("S")


class SqlRefinementWorkflow(DraftRunner[S]):
    def read(self, context: RefinementContext[S], database: Database) -> Draft[S]:
        """The current query edited by ``context.feedback``, not yet run."""
        return self.engine.refine(context, database)

    def refine(self, context: RefinementContext[S], database: Database, *,
               reading: Draft[S] | None = None) -> Outcome[S]:
        """Edit the current query by ``context.feedback`` (or take the settled reading) and run it."""
        return self.run(reading if reading is not None else self.read(context, database), database)
