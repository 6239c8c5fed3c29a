"""PostgreSQL servers: the adapter (psycopg 3, read-only transactions), its catalogue, and the SQLite
meanings a built-in query keeps there (``portable``)."""

from nl2sql.db.postgres.adapter import PostgresDatabase

__all__ = ["PostgresDatabase"]
