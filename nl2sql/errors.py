"""The project's error hierarchy.

Every error a user can cause carries a one-line message written for that user; the CLI maps the
classes to exit codes at the edge, so nothing below it needs to know about click.
"""

from __future__ import annotations


class Nl2SqlError(Exception):
    """Base of every error nl2sql raises on purpose; ``str(err)`` is the user-facing line."""

    can_retry: bool = True
    kind: str = "error"  # what a failed turn records, so reports can tell failures apart


class UsageError(Nl2SqlError):
    """Bad input from the command line: unknown database, bad flag value."""

    can_retry = False


class DatabaseError(Nl2SqlError):
    """The database refused, failed or timed out while running a statement."""


class QueryTimeout(DatabaseError):
    """The statement ran past its time limit (or was interrupted by the user)."""


class ReadOnlyViolation(DatabaseError):
    """A statement would change data or the database; nl2sql only reads."""

    can_retry = False


class EngineError(Nl2SqlError):
    """The engine could not turn the text into a query (it says what it did not understand)."""


class InvalidSqlError(EngineError):
    """A model's SQL was still refused after its repair rounds (the eval counts these apart)."""

    kind = "invalid_sql"
