"""DuckDB files: the adapter (read-only, no file or network access, time limit) and its catalogue."""

from nl2sql.db.duckdb.adapter import DuckdbDatabase

__all__ = ["DuckdbDatabase"]
