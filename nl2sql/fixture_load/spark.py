"""Write planned SQLite tables as a ``spark:///`` folder: ``fixtures build --out spark:///dir`` and the
benchmark copies of ``eval --on spark``.

Each table becomes a sub-folder with one Parquet file, written through DuckDB (in memory, with the
same CREATE TABLE and typed inserts as the DuckDB loader), which is far quicker than a JVM and keeps
Spark out of the process that forks eval's workers. Types map one to one (BIGINT -> bigint, DOUBLE
-> double, VARCHAR -> string, DATE -> date, TIMESTAMP -> timestamp_ntz, BLOB -> binary), and rows
keep SQLite's order. Keys, which Parquet cannot hold, go to ``_nl2sql_keys.json`` beside the tables
(a key the rows break as well, as a join key, as the other loaders' soft keys). The folder is built
beside the target and swapped in, so a reader sees the old tables or the new ones; an existing
folder is replaced only when nl2sql made it (it holds the keys file) or it is empty.
"""

from __future__ import annotations

import json
import shutil
from contextlib import closing
from pathlib import Path

from sqlglot import exp

from nl2sql.db.base import table_ref
from nl2sql.db.drivers import load_driver
from nl2sql.db.spark.files import KEYS_FILE
from nl2sql.errors import UsageError
from nl2sql.fixture_load.plan import SourceTable, column_batches, create_table, insert_order, insert_statement


def keys_of(tables: list[SourceTable]) -> dict[str, object]:
    """The keys file's content: what the rows keep of each table's keys (and the broken ones as join keys)."""
    declared: dict[str, dict[str, list]] = {}
    for t in tables:
        foreign = [[cols, parent, ref] for cols, parent, ref in t.foreign_keys]
        foreign += [[[column], parent, [ref]] for column, parent, ref in t.soft_keys]
        declared[t.name] = {
            "primary_key": t.primary_key, "unique": t.uniques, "foreign_keys": foreign,
            "not_null": [c for c, flag in zip(t.columns, t.not_null, strict=True) if flag],
        }
    return {"version": 1, "tables": declared}


def _write_parquet(tables: list[SourceTable], folder: Path) -> None:
    duckdb = load_driver("duckdb", "Writing a spark:/// folder (Parquet is written through DuckDB)")
    with closing(duckdb.connect()) as conn:
        for t in insert_order(tables):
            conn.execute(create_table(t).sql("duckdb"))
            for columns in column_batches(t) if t.rows else ():
                conn.execute(insert_statement(t), columns)
            (folder / t.name).mkdir()
            rows = conn.sql(exp.select("*").from_(table_ref(t.name)).sql("duckdb"))
            rows.write_parquet(str(folder / t.name / "part-00000.parquet"))
    (folder / KEYS_FILE).write_text(json.dumps(keys_of(tables), indent=1))


def _replaceable(out: Path) -> bool:
    return not out.exists() or (out.is_dir() and ((out / KEYS_FILE).is_file() or not any(out.iterdir())))


def write_spark(tables: list[SourceTable], out: Path) -> None:
    """Create the folder ``out`` with a Parquet sub-folder per table, replacing one nl2sql made."""
    if not _replaceable(out):
        raise UsageError(f"{out} exists and was not made by nl2sql (it has no {KEYS_FILE}); "
                         "choose a new or empty folder.")
    out.parent.mkdir(parents=True, exist_ok=True)
    partial, old = out.with_name(f".{out.name}.partial"), out.with_name(f".{out.name}.old")
    for leftover in (partial, old):
        shutil.rmtree(leftover, ignore_errors=True)
    partial.mkdir()
    try:
        _write_parquet(tables, partial)
        if out.exists():
            out.rename(old)
        partial.rename(out)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
