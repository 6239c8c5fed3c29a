"""Write planned SQLite tables into MySQL or MariaDB: ``fixtures build --out mysql://...`` and the
benchmark copies of ``eval --on mysql://...``.

This is the one place nl2sql writes to such a server, on a connection of its own (the reading
adapter is never writable). MySQL commits every CREATE and DROP at once, so a build cannot replace
tables inside one transaction as PostgreSQL's does; instead the new tables are made and filled
under temporary names, then one ``RENAME TABLE`` swaps every one of them in (MySQL renames a list
atomically), and the old ones are dropped: a reader sees the old rows or the new ones, never half.

Text is stored with a binary collation that does not pad (``utf8mb4_nopad_bin`` on MariaDB,
``utf8mb4_0900_bin`` on MySQL), so equality, grouping and sorting treat text as SQLite does:
case-sensitive, trailing spaces significant, code point order.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from sqlglot import exp

from nl2sql.db.base import table_ref
from nl2sql.db.drivers import load_driver
from nl2sql.db.mysql.connect import MysqlUrl, connect, one_line, parse_mysql_url
from nl2sql.db.targets import Target, redact
from nl2sql.errors import UsageError
from nl2sql.fixture_load.plan import (
    SOFT_KEY_PREFIX,
    SourceTable,
    cell,
    insert_order,
    key_constraints,
    plan,
    read_sqlite,
)

# The longest text key InnoDB indexes: 3072 bytes, four per character in utf8mb4.
_KEY_CHARS = 768
_PARAM = "NL2SQL_PARAM"  # a placeholder in rendered SQL, made the driver's %s after rendering
_TYPES = {"BIGINT": "BIGINT", "DOUBLE": "DOUBLE", "BLOB": "LONGBLOB", "DATE": "DATE"}


def _temporary(name: str, stage: str) -> str:
    return f"nl2sql_{stage}_{hashlib.sha1(name.encode()).hexdigest()[:16]}"


def _key_columns(t: SourceTable, parents: dict[str, set[str]]) -> set[str]:
    """Columns an index needs: the primary key, unique keys, and both ends of foreign keys."""
    keyed = {c.lower() for c in t.primary_key} | {c.lower() for u in t.uniques for c in u}
    keyed |= {c.lower() for cols, _, _ in t.foreign_keys for c in cols}
    return keyed | parents.get(t.name.lower(), set())


def _column_type(t: SourceTable, i: int, keyed: set[str]) -> str:
    """The MySQL type that holds the column's values unchanged: text that a key indexes as a VARCHAR
    as long as its longest value, other text as LONGTEXT; timestamps with fractions as DATETIME(6)."""
    kind = t.types[i]
    if kind in _TYPES:
        return _TYPES[kind]
    values = [r[i] for r in t.rows if r[i] is not None]
    if kind == "TIMESTAMP":
        return "DATETIME(6)" if any("." in str(v) for v in values) else "DATETIME"
    if t.columns[i].lower() in keyed:
        longest = max((len(str(cell(v, kind))) for v in values), default=1)
        if longest <= _KEY_CHARS:
            return f"VARCHAR({max(1, longest)})"
    return "LONGTEXT"


def _drop_unindexable(tables: list[SourceTable], types: dict[str, list[str]]) -> None:
    """Keys over text too long for an index are left out (the rows are kept)."""
    def fits(t: SourceTable, cols: list[str]) -> bool:
        lowered = [c.lower() for c in t.columns]
        return all(c.lower() in lowered and types[t.name][lowered.index(c.lower())] != "LONGTEXT" for c in cols)

    by_name = {t.name.lower(): t for t in tables}
    for t in tables:
        if not fits(t, t.primary_key):
            t.primary_key = []
        t.uniques = [u for u in t.uniques if fits(t, u)]
        t.foreign_keys = [(cols, parent, ref) for cols, parent, ref in t.foreign_keys
                          if fits(t, cols) and parent.lower() in by_name and fits(by_name[parent.lower()], ref)]


def _create(t: SourceTable, types: list[str], names: dict[str, str], collation: str) -> exp.Create:
    defs: list[exp.Expr] = []
    notes = {column: f"{SOFT_KEY_PREFIX}{parent}.{ref}" for column, parent, ref in t.soft_keys}
    for column, kind, not_null in zip(t.columns, types, t.not_null, strict=True):
        constraints = [exp.ColumnConstraint(kind=exp.NotNullColumnConstraint())] if not_null else []
        if column in notes:
            constraints.append(exp.ColumnConstraint(kind=exp.CommentColumnConstraint(
                this=exp.Literal.string(notes[column]))))
        defs.append(exp.ColumnDef(this=exp.to_identifier(column, quoted=True),
                                  kind=exp.DataType.build(kind, dialect="mysql"), constraints=constraints))
    defs.extend(key_constraints(t, lambda parent: table_ref(names[parent])))
    properties = exp.Properties(expressions=[
        exp.EngineProperty(this=exp.var("InnoDB")),
        exp.CharacterSetProperty(this=exp.var("utf8mb4"), default=True),
        exp.CollateProperty(this=exp.var(collation)),
    ])
    return exp.Create(this=exp.Schema(this=table_ref(names[t.name]), expressions=defs), kind="TABLE",
                      properties=properties)


def _insert(name: str, columns: list[str]) -> str:
    """``INSERT INTO t (...) VALUES (%s, ...)``, the form PyMySQL sends as multi-row statements."""
    row = exp.Tuple(expressions=[exp.var(_PARAM) for _ in columns])
    text = exp.insert(exp.Values(expressions=[row]), table_ref(name),
                      columns=[exp.to_identifier(c, quoted=True) for c in columns]).sql("mysql")
    return text.replace("%", "%%").replace(_PARAM, "%s")


def _collation(cur: Any) -> str:
    cur.execute("SELECT @@version")
    (version,) = cur.fetchone()
    return "utf8mb4_nopad_bin" if "mariadb" in str(version).lower() else "utf8mb4_0900_bin"


def _write(cur: Any, tables: list[SourceTable]) -> None:
    """Make and fill every table under a temporary name, then swap them all in with one RENAME."""
    collation = _collation(cur)
    parents: dict[str, set[str]] = {}
    for t in tables:
        for _, parent, ref in t.foreign_keys:
            parents.setdefault(parent.lower(), set()).update(c.lower() for c in ref)
    types = {t.name: [_column_type(t, i, _key_columns(t, parents)) for i in range(len(t.columns))] for t in tables}
    _drop_unindexable(tables, types)
    fresh = {t.name: _temporary(t.name, "new") for t in tables}
    cur.execute("SET SESSION foreign_key_checks = 0, SESSION unique_checks = 0")
    for t in tables:
        cur.execute(exp.Drop(tables=[table_ref(fresh[t.name])], kind="TABLE", exists=True).sql("mysql"))
    for t in insert_order(tables):
        cur.execute(_create(t, types[t.name], fresh, collation).sql("mysql"))
        if t.rows:
            cur.executemany(_insert(fresh[t.name], t.columns),
                            [[cell(v, kind) for v, kind in zip(r, t.types, strict=True)] for r in t.rows])
    cur.connection.commit()
    _swap(cur, [t.name for t in tables], fresh)


def _swap(cur: Any, names: list[str], fresh: dict[str, str]) -> None:
    cur.execute("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()")
    existing = {r[0] for r in cur.fetchall()}
    old = {n: _temporary(n, "old") for n in names if n in existing}
    pairs = [(n, old[n]) for n in names if n in old] + [(fresh[n], n) for n in names]
    renames = ", ".join(f"{table_ref(a).sql('mysql')} TO {table_ref(b).sql('mysql')}" for a, b in pairs)
    cur.execute(exp.Command(this="RENAME", expression=exp.Literal.string(f"TABLE {renames}")).sql("mysql"))
    if old:
        cur.execute(exp.Drop(tables=[table_ref(n) for n in old.values()], kind="TABLE", exists=True).sql("mysql"))


def write_mysql(tables: list[SourceTable], target: Target) -> None:
    """Replace the tables of these names in the database ``target`` names."""
    pymysql = load_driver("pymysql", "Writing to MySQL")
    url = parse_mysql_url(target.url)
    if not url.database:
        raise UsageError(f"{target.display} names no database; give one, as in mysql://user@host/shop.")
    conn = connect(url, target.display, "Writing to MySQL")
    try:
        conn.autocommit(False)
        with conn.cursor() as cur:
            _write(cur, tables)
    except pymysql.Error as err:
        raise UsageError(f"Could not write to {target.display}: {one_line(err, url.secret)}") from None
    finally:
        conn.close()


def database_url(server_url: str, database: str) -> str:
    """``server_url`` pointing at another database of the same server (credentials kept), reading
    that database alone (``databases=``): a benchmark copy shows none of the others."""
    parts = urlsplit(server_url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "databases"]
    return urlunsplit(parts._replace(path="/" + database, query=urlencode([*query, ("databases", "")])))


def _copied(admin: Any, name: str, expected: set[str]) -> bool | None:
    """True when the copy holds every table (the swap that puts them in place is atomic), False when
    the database exists without them, None when it does not exist."""
    with admin.cursor() as cur:
        cur.execute("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = %s", (name,))
        if not cur.fetchone()[0]:
            return None
        cur.execute("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = %s", (name,))
        return {r[0] for r in cur.fetchall()} == expected


def copy_database(source: Path, server_url: str, name: str) -> str:
    """The URL of database ``name`` on the server, holding the copy of ``source`` (made if missing)."""
    url = database_url(server_url, name)
    server: MysqlUrl = parse_mysql_url(server_url)
    tables = read_sqlite(source)
    admin = connect(server, redact(server_url), "Copying benchmark databases into MySQL")
    try:
        state = _copied(admin, name, {t.name for t in tables})
        if state:
            return url
        database = exp.Table(this=exp.to_identifier(name, quoted=True))
        with admin.cursor() as cur:
            if state is False:
                cur.execute(exp.Drop(tables=[database], kind="DATABASE", exists=True).sql("mysql"))
            collation = _collation(cur)
            cur.execute(exp.Create(this=database, kind="DATABASE", properties=exp.Properties(expressions=[
                exp.CharacterSetProperty(this=exp.var("utf8mb4"), default=True),
                exp.CollateProperty(this=exp.var(collation))])).sql("mysql"))
    finally:
        admin.close()
    plan(tables, align=False)
    write_mysql(tables, Target("mysql", Path(), redact(url), url=url))
    return url
