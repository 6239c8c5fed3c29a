"""A statement as a person reads it back: pretty-printed in its engine's dialect, and, in a list of
turns, capped to its first lines with a note of how to see the rest.

sqlglot is imported on use: listing turns is rare, and startup must not pay for it.
"""

from __future__ import annotations

SHOWN_LINES = 6


def pretty(sql: str, dialect: str) -> str:
    """``sql`` laid out one clause a line; as it was when sqlglot cannot read it (it still ran)."""
    import sqlglot
    from sqlglot.errors import SqlglotError

    try:
        statements = sqlglot.parse(sql, read=dialect)
        return ";\n".join(s.sql(dialect=dialect, pretty=True) for s in statements if s is not None) or sql
    except (SqlglotError, ValueError, RecursionError):
        return sql


SHORT = 72  # a statement this long or shorter reads best on one line, as written


def whole(sql: str, dialect: str) -> list[str]:
    """The statement's lines: a short one as written, a longer one pretty-printed."""
    if "\n" not in sql.strip() and len(sql.strip()) <= SHORT:
        return [sql.strip()]
    return pretty(sql, dialect).splitlines()


def capped(sql: str, dialect: str, number: int, lines: int = SHOWN_LINES) -> tuple[list[str], str | None]:
    """The statement's first ``lines`` lines (``whole``), and what was left out, said as a note:
    "(4 more lines; /history 3 shows all)"; None when nothing was."""
    shown = whole(sql, dialect)
    if len(shown) <= lines:
        return shown, None
    rest = len(shown) - lines
    return shown[:lines], f"({rest} more line{'s' if rest != 1 else ''}; /history {number} shows all)"
