"""Workflows: the orchestration every front end shares. No click, no prompt-toolkit."""

from nl2sql.engines.base import RefinementContext
from nl2sql.results import ErrorInfo, Outcome, TurnResult
from nl2sql.workflows.generation import SqlGenerationWorkflow
from nl2sql.workflows.interactive import InteractiveWorkflow
from nl2sql.workflows.refinement import SqlRefinementWorkflow
from nl2sql.workflows.session import SessionOptions, open_session

__all__ = [
    "ErrorInfo", "InteractiveWorkflow", "Outcome", "RefinementContext", "SessionOptions", "SqlGenerationWorkflow",
    "SqlRefinementWorkflow", "TurnResult", "open_session",
]
