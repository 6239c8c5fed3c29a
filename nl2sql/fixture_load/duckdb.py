"""Write planned SQLite tables as a new DuckDB file: ``fixtures build --out x.duckdb`` and the benchmark
copies of ``eval --on duckdb``."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from nl2sql.db.drivers import load_driver
from nl2sql.fixture_load.plan import SourceTable, column_batches, create_statements, insert_order, insert_statement


def write_duckdb(tables: list[SourceTable], out: Path) -> None:
    """Create and fill a new DuckDB file at ``out`` (which must not exist yet)."""
    duckdb = load_driver("duckdb", "Writing a DuckDB file")
    with closing(duckdb.connect(str(out))) as conn:
        conn.execute("BEGIN")
        for t in insert_order(tables):
            for statement in create_statements(t, "duckdb"):
                conn.execute(statement)
            if t.rows:
                for columns in column_batches(t):
                    conn.execute(insert_statement(t), columns)
        conn.execute("COMMIT")
        conn.execute("CHECKPOINT")
