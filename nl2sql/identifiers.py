"""A name as SQL writes it: quoted only when it must be (a space, a capital rule, a keyword).

Every place that builds SQL from a schema's names (the renderer, the profile's metrics, the
drafts of ``domain init``) quotes them the same way, so that ``unit price`` or a column called
``order`` never breaks a statement.
"""

from __future__ import annotations

import re
from functools import cache

from sqlglot import exp

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@cache
def _keywords() -> frozenset[str]:
    """Every word of a keyword, "ORDER" of "ORDER BY" too: a table named ``order`` is common."""
    from sqlglot.tokens import Tokenizer

    return frozenset(word for k in Tokenizer.KEYWORDS for word in k.upper().split())


# Words PostgreSQL or SQLite reserves that sqlglot reads as names: a table's noun used as an alias
# ("user", "check", "cast").
_RESERVED_ELSEWHERE = frozenset({
    "USER", "CURRENT_USER", "SESSION_USER", "CURRENT_ROLE", "CURRENT_CATALOG", "PLACING", "VARIADIC", "ANALYSE",
    "SYMMETRIC", "ASYMMETRIC", "ABORT", "ACTION", "ADD", "AFTER", "ALTER", "ANALYZE", "ATTACH", "AUTOINCREMENT",
    "BEFORE", "BEGIN", "CAST", "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT", "DATABASE",
    "DEFAULT", "DEFERRABLE", "DEFERRED", "DETACH", "DO", "EACH", "EXCLUSIVE", "EXPLAIN", "FAIL", "FOREIGN", "GLOB",
    "IGNORE", "IMMEDIATE", "INDEX", "INDEXED", "INITIALLY", "INSTEAD", "KEY", "MATCH", "NO", "NOTNULL", "OF",
    "PLAN", "PRAGMA", "PRIMARY", "QUERY", "RAISE", "RECURSIVE", "REFERENCES", "REGEXP", "REINDEX", "RELEASE",
    "RENAME", "REPLACE", "RESTRICT", "ROLLBACK", "ROW", "SAVEPOINT", "TEMP", "TEMPORARY", "TRANSACTION",
    "TRIGGER", "VACUUM", "VIEW", "VIRTUAL", "WITHOUT"})


def identifier(name: str) -> exp.Identifier:
    upper = name.upper()
    return exp.to_identifier(name, quoted=not _PLAIN.fullmatch(name) or upper in _keywords()
                             or upper in _RESERVED_ELSEWHERE)


def column(name: str) -> exp.Column:
    return exp.Column(this=identifier(name))
