"""Write planned SQLite tables into PostgreSQL: ``fixtures build --out postgresql://...`` and the
benchmark copies of ``eval --on postgresql://...``.

This is the one place nl2sql writes to a server, on a connection of its own (the reading adapter
is never writable). A build replaces the fixture's tables in one transaction, so a reader sees the
old rows or the new ones, never half; rows go in through ``COPY ... FROM STDIN``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from sqlglot import exp

from nl2sql.db.base import table_ref
from nl2sql.db.drivers import load_driver
from nl2sql.db.postgres.adapter import one_line
from nl2sql.db.targets import Target, redact
from nl2sql.db.url_options import POSTGRES, check_options, query_options
from nl2sql.errors import UsageError
from nl2sql.fixture_load.plan import SourceTable, cell, create_statements, insert_order, plan, read_sqlite

# A copy's database carries this comment once every row is in; one without it is made again.
COPY_DONE = "nl2sql benchmark copy, complete"


def _connect(url: str, what: str, *, autocommit: bool = False) -> Any:
    """A connection for writing, within 10 s; the URL's options pass the same review as for reading."""
    check_options(query_options(url), POSTGRES, "PostgreSQL")
    psycopg = load_driver("psycopg", what)
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=10, application_name="nl2sql-loader")
    except psycopg.Error as err:
        secret = psycopg.conninfo.conninfo_to_dict(url).get("password")
        raise UsageError(f"Cannot connect to {redact(url)}: {one_line(err, secret)}") from None


def _pg_cell(value: object, kind: str) -> object:
    value = cell(value, kind)
    return value.replace("\x00", "") if isinstance(value, str) else value  # PostgreSQL text holds no NUL


def _fill(conn: Any, t: SourceTable) -> None:
    columns = [exp.to_identifier(c, quoted=True) for c in t.columns]
    copy = exp.Copy(this=exp.Schema(this=table_ref(t.name), expressions=columns), kind=True,
                    files=[exp.to_identifier("STDIN")])
    with conn.cursor().copy(copy.sql("postgres")) as stream:
        for row in t.rows:
            stream.write_row([_pg_cell(v, kind) for v, kind in zip(row, t.types, strict=True)])


def _write(conn: Any, tables: list[SourceTable]) -> None:
    """Drop the tables of these names (CASCADE: views and keys on them go too), create and fill them."""
    for t in tables:
        conn.execute(exp.Drop(tables=[table_ref(t.name)], kind="TABLE", exists=True, cascade=True).sql("postgres"))
    for t in insert_order(tables):
        for statement in create_statements(t, "postgres"):
            conn.execute(statement)
        _fill(conn, t)


def write_postgres(tables: list[SourceTable], target: Target) -> None:
    """Replace the tables in the database ``target`` names (its first search_path schema), in one transaction."""
    psycopg = load_driver("psycopg", "Writing to PostgreSQL")
    with _connect(target.url, "Writing to PostgreSQL") as conn:
        try:
            _write(conn, tables)
            conn.commit()
        except psycopg.Error as err:
            conn.rollback()
            raise UsageError(f"Could not write to {target.display}: {one_line(err)}") from None


def database_url(server_url: str, database: str) -> str:
    """``server_url`` pointing at another database of the same server (credentials kept)."""
    parts = urlsplit(server_url)
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "dbname"])
    return urlunsplit(parts._replace(path="/" + database, query=query))


def _copy_state(admin: Any, name: str) -> str | None:
    """"done", "partial" (exists without the completion mark) or None (absent)."""
    row = admin.execute("SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
                        [name]).fetchone()
    if row is None:
        return None
    return "done" if row[0] == COPY_DONE else "partial"


def copy_database(source: Path, server_url: str, name: str) -> str:
    """The URL of database ``name`` on the server, holding the copy of ``source`` (made if missing)."""
    url = database_url(server_url, name)
    with _connect(server_url, "Copying benchmark databases into PostgreSQL", autocommit=True) as admin:
        state = _copy_state(admin, name)
        if state == "done":
            return url
        database = exp.Table(this=exp.to_identifier(name, quoted=True))
        if state == "partial":
            admin.execute(exp.Drop(tables=[database], kind="DATABASE", exists=True).sql("postgres"))
        admin.execute(exp.Create(this=database, kind="DATABASE").sql("postgres"))
        tables = read_sqlite(source)
        plan(tables, align=False)
        write_postgres(tables, Target("postgresql", Path(), redact(url), url=url))
        admin.execute(exp.Comment(this=database, kind="DATABASE",
                                  expression=exp.Literal.string(COPY_DONE)).sql("postgres"))
    return url
