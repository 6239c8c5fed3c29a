"""The read-only guard: only a single read statement reaches a database.

The connection is read-only as well; this check runs first so that the user gets a clear reason
("this is a DELETE statement") instead of a driver error, and so that engines on drivers without
a read-only mode are protected the same way.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache

import sqlglot
from sqlglot import exp
from sqlglot.dialects import Dialect
from sqlglot.errors import ErrorLevel, ParseError, SqlglotError
from sqlglot.tokens import Token, TokenType

from nl2sql.db.functions import is_read_only_function
from nl2sql.errors import DatabaseError, ReadOnlyViolation

# sqlglot warns on stderr when it falls back to a generic Command; the guard refuses those anyway.
logging.getLogger("sqlglot").setLevel(logging.ERROR)

TOO_DEEP = "The statement is nested too deeply to be checked; nl2sql runs only statements it can read through."

_WRITE_NODES: tuple[type[exp.Expr], ...] = (
    exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Create, exp.Drop, exp.Alter,
    exp.Command, exp.Pragma, exp.Attach, exp.Detach, exp.Into, exp.TruncateTable,
    exp.Set, exp.Transaction, exp.Commit, exp.Rollback, exp.Use, exp.Copy,
)

# Functions that read or write outside the database, or change the connection.
_FORBIDDEN_FUNCTIONS = frozenset({
    "load_extension", "writefile", "readfile", "edit", "fts3_tokenizer", "sqlite_compileoption_get",
    "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "lo_import", "lo_export", "pg_sleep",
    "dblink", "dblink_exec", "set_config", "pg_terminate_backend", "pg_cancel_backend",
    "nextval", "setval", "read_csv", "read_csv_auto", "read_parquet", "read_json", "read_text",
})
# DuckDB's own: files, URLs, other databases, the environment, stored secrets, SQL in a string.
_DUCKDB_FUNCTIONS = frozenset({
    "glob", "sniff_csv", "parquet_scan", "st_read", "getenv", "query", "query_table", "duckdb_secrets",
    "which_secret", "load_aws_credentials", "checkpoint", "force_checkpoint", "duckdb_logs",
})
# Whole families of DuckDB functions that read files or other databases (read_blob, parquet_metadata,
# sqlite_scan, postgres_query, iceberg_scan, delta_scan, ...).
_FORBIDDEN_PREFIXES = ("read_", "parquet_", "iceberg_", "delta_", "sqlite_", "postgres_", "mysql_", "ducklake_")
# PostgreSQL's own: server files, other servers, large objects, locks, notifications, SQL in a
# string (query_to_xml runs its argument), and the administration functions a superuser has.
_POSTGRES_FUNCTIONS = frozenset({
    "pg_stat_file", "pg_notify", "pg_reload_conf", "pg_rotate_logfile", "pg_switch_wal", "pg_promote",
    "pg_export_snapshot", "pg_logical_emit_message", "pg_import_system_collations", "pg_sleep_for",
    "pg_sleep_until", "pg_current_logfile", "query_to_xml", "query_to_xmlschema", "query_to_xml_and_xmlschema",
    "cursor_to_xml", "cursor_to_xmlschema", "pg_copy_logical_replication_slot", "pg_copy_physical_replication_slot",
})
_POSTGRES_PREFIXES = ("dblink", "lo_", "pg_ls_", "pg_read_", "pg_file_", "pg_advisory", "pg_try_advisory",
                      "pg_create_", "pg_drop_", "pg_replication_", "pg_backup_", "pg_stat_reset", "pg_terminate",
                      "pg_cancel", "pg_wal_", "pg_log_")
# MySQL's and MariaDB's own: server files, statements that only wait (time bombs), session locks that
# outlive the rollback, replication waits, sequences and the session's insert id, and the usual
# command-running UDFs.
_MYSQL_FUNCTIONS = frozenset({
    "load_file", "sleep", "benchmark", "get_lock", "release_lock", "release_all_locks", "is_free_lock",
    "is_used_lock", "master_pos_wait", "source_pos_wait", "master_gtid_wait", "wait_for_executed_gtid_set",
    "wait_until_sql_thread_after_gtids", "last_insert_id", "lastval", "sys_exec", "sys_eval",
})
# Spark's own: static Java methods called by name (``reflect('java.lang.System', 'exit', 1)``), files
# read by a table function, and the paths of the files behind a table.
_SPARK_FUNCTIONS = frozenset({
    "reflect", "java_method", "try_reflect", "read_files", "input_file_name", "input_file_block_start",
    "input_file_block_length",
})
# Data sources Spark reads a file through when a table is named ``parquet.`/path```.
_SPARK_SOURCES = frozenset({"parquet", "csv", "json", "orc", "text", "avro", "delta", "binaryfile", "jdbc", "xml",
                            "file", "hive", "iceberg"})
# Statements sqlglot does not parse in MySQL's and Spark's dialects, refused with their name instead of a
# parse error: the statements named by their first word, and those named by their first two (LOAD DATA).
_UNPARSED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "mysql": (("HANDLER", "DO", "INSTALL", "UNINSTALL", "XA", "RESET", "CHECKSUM", "REPAIR", "OPTIMIZE", "BACKUP",
               "SHUTDOWN", "PURGE", "CHANGE", "START", "STOP", "GRANT", "REVOKE"), ("LOAD",)),
    "spark": (("RESET", "SET", "DECLARE", "EXECUTE", "CALL", "BEGIN"),
              ("INSERT", "LOAD", "ADD", "LIST", "REFRESH", "MSCK", "CACHE", "UNCACHE", "CLEAR", "ANALYZE")),
}
_FILE_SUFFIXES = (".csv", ".tsv", ".txt", ".parquet", ".json", ".jsonl", ".ndjson", ".xlsx", ".arrow", ".gz",
                  ".zst", ".db", ".sqlite", ".duckdb", ".avro")


def _describe(stmt: exp.Expr, text: str = "") -> str:
    if isinstance(stmt, exp.Command):
        return str(stmt.this).upper()
    if isinstance(stmt, (exp.Alias, exp.Column, exp.Identifier)) and text.split():
        return text.split()[0].upper()  # a statement sqlglot does not know (LISTEN, DISCARD) read as a name
    return stmt.key.upper()


# Each engine's own forbidden functions: by name, and by the prefixes of whole families.
_ENGINE_FUNCTIONS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "duckdb": (_DUCKDB_FUNCTIONS, _FORBIDDEN_PREFIXES), "postgres": (_POSTGRES_FUNCTIONS, _POSTGRES_PREFIXES),
    "mysql": (_MYSQL_FUNCTIONS, ()), "spark": (_SPARK_FUNCTIONS, ()),
}


def _forbidden(name: str, dialect: str) -> bool:
    """A function that reaches outside the database, changes the session, or runs SQL of its own."""
    own, prefixes = _ENGINE_FUNCTIONS.get(dialect, (frozenset(), ()))
    return name in _FORBIDDEN_FUNCTIONS or name in own or name.startswith(prefixes)


def _tokens(text: str, dialect: str) -> list[Token]:
    """``text``'s tokens as ``dialect`` reads them; none when it does not tokenize (the parser says why)."""
    try:
        return Dialect.get_or_raise(dialect).tokenize(text)
    except SqlglotError:
        return []


def _spark_file(table: exp.Table) -> bool:
    """A table Spark would read from a path: ``parquet.`/data/x```, ``delta.`s3://...```, or a name that
    is a path or URL."""
    source = table.args.get("db")
    named_source = source is not None and (source.name.lower() in _SPARK_SOURCES or "." in source.name)
    return named_source or _names_a_file(table.name) or ":" in table.name


def _unparsed_refusal(text: str, dialect: str) -> str | None:
    """Why a MySQL or Spark statement is refused, read from its words where sqlglot cannot parse it
    (``LOAD DATA``, ``HANDLER``, ``SELECT ... INTO OUTFILE``; ``INSERT OVERWRITE DIRECTORY``, ``ADD JAR``):
    a clear reason, not a parse error."""
    tokens = _tokens(text, dialect)
    mysql = dialect == "mysql"
    if mysql and any(comment.lstrip().upper().startswith(("!", "M!")) for t in tokens for comment in t.comments):
        return ("nl2sql only reads data; refusing an executable comment (/*! ... */), which the server runs "
                "although it reads as a comment.")
    words = [t.text.upper() for t in tokens]
    one_word, two_words = _UNPARSED[dialect]
    if words and words[0] in one_word + two_words and tokens[0].token_type != TokenType.STRING:
        name = " ".join(words[:2]) if words[0] in two_words else words[0]
        return f"nl2sql only reads data; refusing a {name} statement."
    for here, after in zip(tokens, words[1:], strict=False):
        if mysql and here.token_type == TokenType.INTO and after in ("OUTFILE", "DUMPFILE"):
            return f"nl2sql only reads data; refusing SELECT ... INTO {after}, which writes a file on the server."
    return None


@lru_cache(maxsize=256)
def statement_text(sql: str, dialect: str) -> str:
    """The statement as the database should get it: without the empty statements and comments after it.

    Models and people end a query with ``;;`` or ``; -- note``; drivers that run one statement at a
    time refuse the tail although it holds nothing. The cut is made on sqlglot's tokens, so a ``;``
    inside a string or a quoted name stays where it is; text that does not tokenize is left whole
    for the parser to report. Kept per text: a turn checks and runs the same statement.
    """
    tokens = _tokens(sql, dialect)
    ends = [t.end for t in tokens if t.token_type != TokenType.SEMICOLON]
    first_stop = next((i for i, t in enumerate(tokens) if t.token_type == TokenType.SEMICOLON), len(tokens))
    if any(t.token_type != TokenType.SEMICOLON for t in tokens[first_stop:]) or not ends:
        return sql.strip()  # more than one statement, or none: the guard says which
    return sql[:ends[-1] + 1].strip()


@dataclass(frozen=True)
class CheckedStatement:
    """A statement the guard approved, and the text a server is sent for it.

    The text is sqlglot's rendering of ``tree``, never the text typed: a server reads comments
    (MySQL's ``/*! ... */``) and escapes (PostgreSQL's ``U&"..."``) that a parser may not, so what
    runs is what was checked, with no comment and every name spelled plainly."""
    tree: exp.Expr
    text: str


def ensure_read_only(sql: str, dialect: str, allowed: frozenset[str] = frozenset(),
                     refused: frozenset[str] = frozenset()) -> exp.Expr:
    """Parse ``sql`` and return its tree, or raise if it is not exactly one read statement.

    ``allowed`` names the functions the user opted in to beyond the engine's read-only ones, ``refused``
    the read-only names the database has redefined (a ``public.upper(integer)`` beside the built-in). A turn
    checks the same statement several times (validation, value hints, execution), so the verdict
    is kept: the tree returned is shared, and a caller that changes it copies it first."""
    return checked_statement(sql, dialect, allowed, refused).tree


def checked_statement(sql: str, dialect: str, allowed: frozenset[str] = frozenset(),
                      refused: frozenset[str] = frozenset()) -> CheckedStatement:
    """The guard's verdict on ``sql`` with the text to send to the server; raises if it is refused."""
    try:
        return _checked(sql, dialect, allowed, refused)
    except RecursionError:  # thousands of nested parentheses: the parser's stack, not ours to grow
        raise DatabaseError(TOO_DEEP) from None


@lru_cache(maxsize=256)
def _checked(sql: str, dialect: str, allowed: frozenset[str], refused: frozenset[str]) -> CheckedStatement:
    text = statement_text(sql, dialect).rstrip(";").strip()
    if not text:
        raise DatabaseError("There is no SQL statement to run.")
    refusal = _unparsed_refusal(text, dialect) if dialect in _UNPARSED else None
    if refusal is not None:
        raise ReadOnlyViolation(refusal)
    if dialect == "postgres":
        text = decode_unicode_names(text)
    try:
        statements = [s for s in sqlglot.parse(text, read=dialect) if s is not None]
    except ParseError as err:
        detail = err.errors[0]["description"] if err.errors else str(err).splitlines()[0]
        detail = re.sub(r"<Token token_type: TokenType\.(\w+)[^>]*>", lambda m: m.group(1).lower(), detail)
        raise DatabaseError(f"The SQL does not parse: {detail}.") from None
    except SqlglotError:  # the tokenizer's: an unterminated comment or string
        raise DatabaseError("The SQL does not parse: a comment or quoted text is not closed.") from None
    if len(statements) != 1:
        raise ReadOnlyViolation(f"Only one statement can run at a time; this text has {len(statements)}.")
    stmt = statements[0]
    if not isinstance(stmt, exp.Query):
        raise ReadOnlyViolation(f"nl2sql only reads data; refusing a {_describe(stmt, text)} statement.")
    policy = _Policy(dialect, allowed, refused)
    for node in stmt.walk():
        _refuse_node(node, policy)
    return CheckedStatement(stmt, _faithful_rendering(stmt, policy))


@dataclass(frozen=True)
class _Policy:
    """What one statement is checked against: its engine, the functions the user allowed, and the
    read-only names the database has redefined."""
    dialect: str
    allowed: frozenset[str]
    refused: frozenset[str]


def _refuse_node(node: exp.Expr, policy: _Policy) -> None:
    """Raise if ``node`` writes, locks, reads a file, or calls a function not known to read only."""
    dialect = policy.dialect
    if isinstance(node, _WRITE_NODES):
        raise ReadOnlyViolation(f"nl2sql only reads data; refusing a {_describe(node)} inside the query.")
    if isinstance(node, exp.PropertyEQ) and dialect == "mysql":
        raise ReadOnlyViolation("nl2sql only reads data; refusing an assignment to a session variable (:=).")
    if isinstance(node, exp.Lock):
        raise ReadOnlyViolation("nl2sql only reads data; refusing SELECT ... FOR UPDATE/SHARE, which locks rows.")
    if isinstance(node, exp.Func):
        _refuse_function(node, policy)
    if dialect == "postgres":
        _refuse_postgres(node)
    if dialect == "duckdb" and isinstance(node, exp.Table) and _names_a_file(node.name):
        raise ReadOnlyViolation(f"nl2sql only reads the database; refusing to read the file {node.name!r}.")
    if dialect == "spark" and isinstance(node, exp.Table) and _spark_file(node):
        raise ReadOnlyViolation(f"nl2sql only reads its tables; refusing to read the path {node.name!r}.")


def _refuse_function(node: exp.Func, policy: _Policy) -> None:
    """A typed sqlglot function runs unless it is one of the few that reach outside the database, or
    a name the database redefined; an untyped one runs only if its engine's list names it or the user
    allowed it."""
    untyped = isinstance(node, exp.Anonymous)
    name = (node.name if untyped else node.sql_name()).lower()
    if _forbidden(name, policy.dialect):
        raise ReadOnlyViolation(f"nl2sql only reads data; the function {name}() is not allowed.")
    schema = _qualifier(node)
    if not untyped and schema is None and name not in policy.refused:
        return
    if name in policy.refused and name not in policy.allowed:
        raise ReadOnlyViolation(f"nl2sql only reads data; this database defines a function {name}() of its own "
                                f"beside the built-in, so a call could run either (--allow-function {name} "
                                "runs it).")
    if not is_read_only_function(name, policy.dialect, policy.allowed, schema):
        called = f"{schema}.{name}" if schema else name
        raise ReadOnlyViolation(f"nl2sql runs only functions known to read data; refusing {called}() "
                                f"(--allow-function {called} runs it).")


def _qualifier(node: exp.Func) -> str | None:
    """The schema a call names (``pg_catalog.lower(x)``, ``FROM app.report(1)``), lower case; None if bare."""
    parent = node.parent
    if isinstance(parent, exp.Dot) and parent.expression is node:
        return parent.this.sql().lower().replace('"', "").replace("`", "")
    if isinstance(parent, exp.Table) and parent.this is node and parent.args.get("db") is not None:
        return ".".join(part.name.lower() for part in parent.parts[:-1])
    return None


def _faithful_rendering(stmt: exp.Expr, policy: _Policy) -> str:
    """``stmt`` written by sqlglot, comments dropped, and the statement that text reads as checked too.

    sqlglot may write a tree in another form (``'a' 'b'`` as ``CONCAT('a', 'b')``), so the tree read
    back from the text is what the server will run: it passes the same checks, and reads back to the
    same text, or nothing runs. A construct sqlglot cannot write for the engine is refused, not dropped."""
    dialect = policy.dialect
    refused = DatabaseError("nl2sql cannot check this statement exactly: sqlglot does not write it back as "
                            "the same statement for this database; rewrite the part it changes.")
    try:
        text = stmt.sql(dialect=dialect, comments=False, normalize_functions=False,
                        unsupported_level=ErrorLevel.RAISE)
        again = sqlglot.parse_one(text, read=dialect)
        if again.sql(dialect=dialect, comments=False, normalize_functions=False) != text:
            raise refused
    except SqlglotError:
        raise refused from None
    if not isinstance(again, exp.Query):
        raise refused
    for node in again.walk():
        _refuse_node(node, policy)
    return text


# PostgreSQL's views of the server's own files: the configuration, its access rules, its user maps.
_POSTGRES_FILE_VIEWS = frozenset({"pg_file_settings", "pg_hba_file_rules", "pg_ident_file_mappings"})


def _refuse_postgres(node: exp.Expr) -> None:
    """PostgreSQL's ways past the function check: views that read server files, and operators named
    through a schema (``OPERATOR(app.+)`` runs whatever function that operator was made of)."""
    if isinstance(node, exp.Table) and node.name.lower() in _POSTGRES_FILE_VIEWS:
        raise ReadOnlyViolation(f"nl2sql only reads data; refusing {node.name}, which reads the server's files.")
    if isinstance(node, exp.Operator):
        schema = node.text("operator").rpartition(".")[0].strip().lower()
        if schema and schema != "pg_catalog":
            raise ReadOnlyViolation(f"nl2sql only reads data; refusing the operator {node.text('operator')}, "
                                    "which is the schema's own.")


def decode_unicode_names(text: str) -> str:
    """PostgreSQL's ``U&"d\\0061ta"`` (optionally ``UESCAPE '!'``) written as the plain ``"data"``.

    sqlglot reads ``U&"..."`` as a column ``U`` and-ed with a quoted name, so a function spelled
    with escapes would pass a comparison of names; decoded first, every name is compared as the
    server will read it. Only a ``U``, ``&`` and quoted name with nothing between them are one."""
    if "&" not in text:
        return text  # the common case: no escape can be there, and no second tokenizing is paid
    tokens = _tokens(text, "postgres")  # none when it does not tokenize: the parser reports it
    pieces: list[str] = []
    last = 0
    for i, token in enumerate(tokens[:-2]):
        amp, body = tokens[i + 1], tokens[i + 2]
        if not (token.token_type == TokenType.VAR and token.text.upper() == "U" and amp.token_type == TokenType.AMP
                and amp.start == token.end + 1 and body.token_type == TokenType.IDENTIFIER
                and body.start == amp.end + 1) or token.start < last:
            continue
        end, escape = body.end, "\\"
        after = tokens[i + 3:i + 5]
        if len(after) == 2 and after[0].text.upper() == "UESCAPE" and after[1].token_type == TokenType.STRING:
            end, escape = after[1].end, after[1].text
        name = _unescape(body.text, escape)
        pieces += [text[last:token.start], '"' + name.replace('"', '""') + '"']
        last = end + 1
    return "".join(pieces) + text[last:] if pieces else text


_HEX = frozenset("0123456789abcdefABCDEF")


def _unescape(body: str, escape: str) -> str:
    """Decode ``\\XXXX``, ``\\+XXXXXX`` and a doubled escape character, as PostgreSQL does."""
    if len(escape) != 1 or escape in _HEX or escape in "+'\" \t\n\r":
        raise DatabaseError("The SQL does not parse: a UESCAPE character must be one character, not a hex digit, "
                            "+, a quote or white space.")
    out: list[str] = []
    i = 0
    while i < len(body):
        char = body[i]
        if char != escape:
            out.append(char)
            i += 1
            continue
        if body[i + 1:i + 2] == escape:
            out.append(escape)
            i += 2
            continue
        start, count = (i + 2, 6) if body[i + 1:i + 2] == "+" else (i + 1, 4)
        digits = body[start:start + count]
        if len(digits) != count or not set(digits) <= _HEX:
            raise DatabaseError("The SQL does not parse: a Unicode escape in a quoted name is malformed.")
        code = int(digits, 16)
        if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or code == 0:
            raise DatabaseError("The SQL does not parse: a Unicode escape names no character.")
        out.append(chr(code))
        i = start + count
    return "".join(out)


def _names_a_file(name: str) -> bool:
    """DuckDB reads ``FROM 'data.csv'`` or ``FROM 'https://...'`` as a file: a table name that
    looks like a path, a URL, a glob or a data file is refused."""
    lowered = name.lower()
    return "/" in lowered or "\\" in lowered or "*" in lowered or lowered.endswith(_FILE_SUFFIXES)
