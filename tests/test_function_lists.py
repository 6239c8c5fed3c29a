"""The allow-lists of read-only functions, checked against the engines' own catalogues: a name
that an engine does not have could be a function someone created under that name, and a
built-in that the engine marks as having side effects must be one reviewed as harmless."""

from __future__ import annotations

from contextlib import closing

import pytest

from nl2sql.db.functions import READ_ONLY_FUNCTIONS

# Volatile in PostgreSQL's catalogue only because their answer changes, not because they write.
_PG_VOLATILE_BUT_HARMLESS = {"random", "clock_timestamp", "timeofday", "gen_random_uuid", "current_query"}
# DuckDB marks these as having side effects for the same reason.
_DUCKDB_CHANGING_BUT_HARMLESS = {"random", "gen_random_uuid", "uuid", "current_query"}


def test_postgres_has_every_listed_function_in_its_catalogue_and_none_writes(pg_server) -> None:
    import psycopg

    with psycopg.connect(pg_server.url(database="postgres"), autocommit=True) as conn:
        rows = conn.execute("SELECT p.proname, bool_or(p.provolatile = 'v') FROM pg_proc p "
                            "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'pg_catalog' "
                            "GROUP BY p.proname").fetchall()
    volatile = dict(rows)
    listed = READ_ONLY_FUNCTIONS["postgres"]
    # The SQL standard's forms PostgreSQL reads as syntax, not as catalogue functions.
    syntax = {"current_date", "current_schema", "extract", "position", "substring", "trim", "overlay", "coalesce",
              "nullif", "greatest", "least", "bit_length", "octet_length", "char_length", "character_length",
              "variance", "every", "count", "min", "max", "sum", "avg"}
    assert sorted(n for n in listed - syntax if n not in volatile) == []
    assert sorted(n for n in listed if volatile.get(n) and n not in _PG_VOLATILE_BUT_HARMLESS) == []


def test_duckdb_has_every_listed_function_and_none_has_side_effects() -> None:
    import duckdb

    with closing(duckdb.connect()) as conn:
        rows = conn.execute("SELECT function_name, bool_or(has_side_effects) FROM duckdb_functions() "
                            "GROUP BY function_name").fetchall()
    effects = dict(rows)
    listed = READ_ONLY_FUNCTIONS["duckdb"]
    syntax = {"coalesce", "current_timestamp"}
    assert sorted(n for n in listed - syntax if n not in effects) == []
    assert sorted(n for n in listed if effects.get(n) and n not in _DUCKDB_CHANGING_BUT_HARMLESS) == []


def test_mariadb_knows_every_listed_function_as_its_own(ecommerce_mysql) -> None:
    """Called with no arguments, a built-in complains of its arguments or syntax; a name the server
    does not have as a built-in is looked up as a stored function (error 1305)."""
    import pymysql

    unknown = []
    conn = ecommerce_mysql._conn
    for name in sorted(READ_ONLY_FUNCTIONS["mysql"]):
        with conn.cursor() as cur:
            try:
                cur.execute(f"SELECT {name}()")  # names from our own list, not user input
                cur.fetchall()
            except pymysql.MySQLError as err:
                if err.args and err.args[0] == 1305:
                    unknown.append(name)
    assert unknown == [], " ".join(unknown)


@pytest.mark.parametrize("dialect", sorted(READ_ONLY_FUNCTIONS))
def test_every_listed_name_is_a_plain_lower_case_name(dialect: str) -> None:
    assert all(name.isidentifier() and name == name.lower() for name in READ_ONLY_FUNCTIONS[dialect])
