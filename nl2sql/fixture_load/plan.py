"""A SQLite database read and planned for its copy into another engine: the tables with their keys and
rows, a type for each column that holds every value unchanged, and the keys the rows keep.

A column gets the target's type only when every stored value reads back as the same text (so
``'2026-01-02 03:04:05'`` becomes a TIMESTAMP, ``'2026-1-2'`` stays text), which is how a DuckDB
user's own file would be typed. Keys are declared where the data keeps them (DuckDB and PostgreSQL
enforce primary and foreign keys on insert); a key the rows break is left out and counted, never a
reason to drop rows. The types are named as DuckDB's; each writer spells them in its dialect.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from sqlglot import exp

from nl2sql.db.base import table_ref

BATCH_ROWS = 50_000
# A foreign key the target cannot enforce (the rows break it) is written as this column comment, which
# the adapters read back as a join key; people can declare their own the same way.
SOFT_KEY_PREFIX = "references "


@dataclass
class SourceTable:
    name: str
    columns: list[str]
    declared: list[str]
    primary_key: list[str]
    foreign_keys: list[tuple[list[str], str, list[str]]]  # (columns, parent table, parent columns)
    rows: list[tuple]
    not_null: list[bool] = field(default_factory=list)
    uniques: list[list[str]] = field(default_factory=list)  # unique column sets besides the primary key
    types: list[str] = field(default_factory=list)  # the target's types, filled by the planner
    # Single-column keys the rows break: kept as a "references table.column" column comment.
    soft_keys: list[tuple[str, str, str]] = field(default_factory=list)


def read_sqlite(path: Path) -> list[SourceTable]:
    """Every table of a SQLite file with its keys and rows, in the file's order."""
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        conn.text_factory = lambda b: b.decode(errors="replace")
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
        tables = []
        for name in names:
            info = conn.execute("SELECT * FROM pragma_table_info(?)", (name,)).fetchall()
            pk = [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
            grouped: dict[int, list[tuple]] = {}
            for r in conn.execute("SELECT * FROM pragma_foreign_key_list(?)", (name,)).fetchall():
                grouped.setdefault(r[0], []).append(r)
            fks = [([r[3] for r in rows], rows[0][2], [r[4] for r in rows]) for rows in grouped.values()]
            rows = conn.execute(exp.select("*").from_(table_ref(name)).sql("sqlite")).fetchall()
            tables.append(SourceTable(name, [r[1] for r in info], [r[2] or "" for r in info], pk, fks, rows,
                                      [bool(r[3]) for r in info], _unique_indexes(conn, name)))
    return tables


def _unique_indexes(conn: sqlite3.Connection, table: str) -> list[list[str]]:
    """Column sets of the table's UNIQUE constraints and unique indexes (not its primary key)."""
    found = []
    for idx in conn.execute("SELECT * FROM pragma_index_list(?)", (table,)).fetchall():
        if idx[2] and idx[3] != "pk":
            cols = [r[2] for r in conn.execute("SELECT * FROM pragma_index_info(?)", (idx[1],)).fetchall()]
            if cols and all(cols):
                found.append(cols)
    return found


def _same_text(values: list[object], parse: type[date] | type[datetime]) -> bool:
    try:
        return all(isinstance(v, str) and str(parse.fromisoformat(v)) == v for v in values)
    except ValueError:
        return False


def column_type(declared: str, values: list[object]) -> str:
    """The DuckDB type that holds every value of the column unchanged."""
    present = [v for v in values if v is not None]
    upper = declared.upper()
    if not present:
        if "INT" in upper:
            return "BIGINT"
        return "DOUBLE" if any(k in upper for k in ("REAL", "FLOA", "DOUB")) else "VARCHAR"
    if all(isinstance(v, int) and -(2 ** 63) <= v < 2 ** 63 for v in present):
        return "BIGINT"
    if all(isinstance(v, (int, float)) for v in present):
        return "DOUBLE"
    if all(isinstance(v, bytes) for v in present):
        return "BLOB"
    if _same_text(present, date):
        return "DATE"
    if _same_text(present, datetime):
        return "TIMESTAMP"
    return "VARCHAR"


def cell(value: object, kind: str) -> object:
    if isinstance(value, str) and kind == "BIGINT":
        return int(value)  # a key kept as text beside the numbers it refers to
    if value is None or kind in ("BIGINT", "DOUBLE", "BLOB"):
        return value
    if kind in ("DATE", "TIMESTAMP"):
        return value  # ISO text, cast by the insert
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


def plan(tables: list[SourceTable], *, align: bool = True) -> list[str]:
    """Type every column and drop the keys the rows break; the dropped keys, described.

    ``align``: a key kept as text on one side and integers on the other becomes integers on both
    (DuckDB). PostgreSQL and MySQL copies keep each column's own type, so that rows read back as
    SQLite's, and such columns compare as numbers, as SQLite's affinity does."""
    by_name = {t.name.lower(): t for t in tables}
    dropped = []
    for t in tables:
        t.types = [column_type(d, [r[i] for r in t.rows]) for i, d in enumerate(t.declared)]
        if t.primary_key and not _unique(t, t.primary_key):
            dropped.append(f"{t.name} primary key ({', '.join(t.primary_key)})")
            t.primary_key = []
        t.uniques = [u for u in t.uniques if _unique(t, u) and _lower(u) != _lower(t.primary_key)]
        t.not_null = [flag and all(r[i] is not None for r in t.rows) for i, flag in enumerate(t.not_null)]
    for t in tables:
        kept = []
        for cols, parent, ref in t.foreign_keys:
            target = by_name.get(parent.lower())
            ref = [c for c in ref if c] or (target.primary_key if target else [])
            cols, ref = _spelled(t, cols), _spelled(target, ref) if target else ref
            if target is not None and align:
                _align(t, cols, target, ref)
            if target is None or not _references_hold(t, cols, target, ref):
                dropped.append(f"{t.name} ({', '.join(cols)}) -> {parent}")
                if target is not None and len(cols) == len(ref) == 1 and _index(t, cols) and _index(target, ref):
                    t.soft_keys.append((cols[0], target.name, ref[0]))
                continue
            kept.append((cols, target.name, ref))
            if _lower(ref) != _lower(target.primary_key) and _lower(ref) not in map(_lower, target.uniques):
                target.uniques.append(ref)  # DuckDB references a primary key or a declared unique key
        t.foreign_keys = kept
    return dropped


def _integer_text(values: list[object]) -> bool:
    return all(v is None or isinstance(v, int) or (isinstance(v, str) and v.lstrip("-").isdigit()
                                                   and str(int(v)) == v) for v in values)


def _align(child: SourceTable, cols: list[str], parent: SourceTable, ref: list[str]) -> None:
    """A key column kept as text on one side of a foreign key and as integers on the other becomes
    integers on both when every value reads as one: SQLite joins them through its type affinity,
    DuckDB compares only values of one type."""
    ci, pi = _index(child, cols) or [], _index(parent, ref) or []
    for i, j in zip(ci, pi, strict=False):
        sides = [(child, i), (parent, j)]
        if sorted(t.types[k] for t, k in sides) != ["BIGINT", "VARCHAR"]:
            continue
        if all(_integer_text([r[k] for r in t.rows]) for t, k in sides):
            for t, k in sides:
                t.types[k] = "BIGINT"


def _spelled(t: SourceTable, names: list[str]) -> list[str]:
    """Key columns as the table spells them (SQLite matches names in any case; PostgreSQL's quoted
    names do not)."""
    idx = _index(t, names)
    return [t.columns[i] for i in idx] if idx is not None else names


def _lower(names: list[str]) -> list[str]:
    return [n.lower() for n in names]


def _index(t: SourceTable, names: list[str]) -> list[int] | None:
    lowered = [c.lower() for c in t.columns]
    try:
        return [lowered.index(n.lower()) for n in names]
    except ValueError:
        return None


def _unique(t: SourceTable, names: list[str]) -> bool:
    idx = _index(t, names)
    if idx is None:
        return False
    keys = [tuple(r[i] for i in idx) for r in t.rows]
    return all(None not in k for k in keys) and len(set(keys)) == len(keys)


def _references_hold(child: SourceTable, cols: list[str], parent: SourceTable, ref: list[str]) -> bool:
    """DuckDB accepts the key: the parent's columns are its primary key or unique, every value is
    there, the types agree, and the child is not the parent (rows of one table insert together)."""
    ci, pi = _index(child, cols), _index(parent, ref)
    if ci is None or pi is None or len(ci) != len(pi) or child is parent or not _unique(parent, ref):
        return False
    if [child.types[i] for i in ci] != [parent.types[i] for i in pi]:
        return False
    present = {tuple(cell(r[i], parent.types[i]) for i in pi) for r in parent.rows}
    keys = (tuple(cell(r[i], child.types[i]) for i in ci) for r in child.rows)
    return all(k in present for k in keys if None not in k)


def insert_order(tables: list[SourceTable]) -> list[SourceTable]:
    """Parents before children; tables in a cycle lose the keys that close it."""
    done: list[SourceTable] = []
    waiting = list(tables)
    while waiting:
        ready = [t for t in waiting if all(p in [d.name for d in done] for _, p, _ in t.foreign_keys)]
        if not ready:
            ready = [waiting[0]]
            ready[0].foreign_keys = [fk for fk in ready[0].foreign_keys if fk[1] in [d.name for d in done]]
        for t in ready:
            done.append(t)
            waiting.remove(t)
    return done


def create_table(t: SourceTable, schema: str | None = None) -> exp.Create:
    """CREATE TABLE with the planned types and keys (types named as DuckDB's; each dialect spells them)."""
    defs: list[exp.Expr] = [
        exp.ColumnDef(this=exp.to_identifier(c, quoted=True), kind=exp.DataType.build(kind, dialect="duckdb"),
                      constraints=[exp.ColumnConstraint(kind=exp.NotNullColumnConstraint())] if not_null else [])
        for c, kind, not_null in zip(t.columns, t.types, t.not_null, strict=True)
    ]
    defs.extend(key_constraints(t, lambda parent: table_ref(parent, schema)))
    return exp.Create(this=exp.Schema(this=table_ref(t.name, schema), expressions=defs), kind="TABLE")


def key_constraints(t: SourceTable, parent_ref: Callable[[str], exp.Table]) -> list[exp.Expr]:
    """The primary, unique and foreign keys of a planned table; ``parent_ref`` names a referenced
    table where the target keeps it (a schema, or a renamed copy)."""
    def names(cols: list[str]) -> list[exp.Identifier]:
        return [exp.to_identifier(c, quoted=True) for c in cols]

    keys: list[exp.Expr] = [exp.PrimaryKey(expressions=names(t.primary_key))] if t.primary_key else []
    keys += [exp.UniqueColumnConstraint(this=exp.Schema(expressions=names(cols))) for cols in t.uniques]
    keys += [exp.ForeignKey(expressions=names(cols),
                            reference=exp.Reference(this=exp.Schema(this=parent_ref(parent), expressions=names(ref))))
             for cols, parent, ref in t.foreign_keys]
    return keys


def insert_statement(t: SourceTable) -> str:
    """INSERT ... SELECT UNNEST($1::T[]), ...: whole columns as list parameters, far faster than a row at a time."""
    picks = []
    for n, kind in enumerate(t.types, start=1):
        carried = "VARCHAR" if kind in ("DATE", "TIMESTAMP") else kind
        unnest = exp.Unnest(expressions=[exp.cast(exp.Placeholder(this=str(n)), f"{carried}[]", dialect="duckdb")])
        picks.append(exp.cast(unnest, kind, dialect="duckdb") if carried != kind else unnest)
    return exp.insert(exp.select(*picks), table_ref(t.name)).sql("duckdb")


def column_batches(t: SourceTable) -> Iterator[list[list[object]]]:
    for start in range(0, len(t.rows), BATCH_ROWS):
        chunk = t.rows[start:start + BATCH_ROWS]
        yield [[cell(r[i], kind) for r in chunk] for i, kind in enumerate(t.types)]


def create_statements(t: SourceTable, dialect: str) -> list[str]:
    """CREATE TABLE, then a "references table.column" comment for each key the rows break."""
    comments = [exp.Comment(this=exp.column(column, table=t.name, quoted=True), kind="COLUMN",
                            expression=exp.Literal.string(f"{SOFT_KEY_PREFIX}{parent}.{ref}"))
                for column, parent, ref in t.soft_keys]
    return [create_table(t).sql(dialect), *(c.sql(dialect) for c in comments)]
