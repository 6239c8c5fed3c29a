"""PostgreSQL servers: the adapter (psycopg 3, read-only transactions) and its catalogue."""

from nl2sql.db.postgres.adapter import PostgresDatabase

__all__ = ["PostgresDatabase"]
