"""SQLite files: the adapter (read-only, authorizer, time limit) and the catalogue of its pragmas."""

from nl2sql.db.sqlite.adapter import SqliteDatabase

__all__ = ["SqliteDatabase"]
