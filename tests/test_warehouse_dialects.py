"""What the guard already does in the warehouse dialects nl2sql does not connect to (Trino, BigQuery,
Snowflake, Redshift; see docs/databases.md, "Warehouses"): a read parses and passes, and every
statement that writes or moves data out of the warehouse is refused before anything could run it."""

from __future__ import annotations

import pytest

from nl2sql.db.guard import ensure_read_only
from nl2sql.errors import Nl2SqlError

READS = {
    "trino": "SELECT c.name, COUNT(*) AS n FROM hive.shop.orders AS o JOIN customers AS c ON o.cid = c.id GROUP BY 1",
    "bigquery": "SELECT country, COUNT(*) AS n FROM `proj.shop.users` GROUP BY country ORDER BY n DESC LIMIT 5",
    "snowflake": "SELECT DATE_TRUNC('month', created_at) AS m, COUNT(*) FROM shop.public.orders GROUP BY m",
    "redshift": "SELECT TOP 5 name FROM products ORDER BY price DESC",
}
REFUSED = [
    ("trino", "CALL system.flush_metadata_cache()"),
    ("trino", "INSERT INTO orders SELECT * FROM orders"),
    ("bigquery", "EXPORT DATA OPTIONS (uri = 'gs://bucket/x-*.csv', format = 'CSV') AS SELECT * FROM t"),
    ("bigquery", "DELETE FROM `proj.shop.users` WHERE TRUE"),
    ("snowflake", "COPY INTO @my_stage/out FROM orders"),
    ("snowflake", "PUT file:///etc/passwd @my_stage"),
    ("snowflake", "CREATE TABLE x AS SELECT * FROM orders"),
    ("redshift", "UNLOAD ('SELECT * FROM orders') TO 's3://bucket/x' IAM_ROLE 'arn:aws:iam::1:role/r'"),
    ("redshift", "COPY orders FROM 's3://bucket/x' IAM_ROLE 'arn:aws:iam::1:role/r'"),
]


@pytest.mark.parametrize("dialect", sorted(READS))
def test_a_read_passes_in_each_warehouse_dialect(dialect: str) -> None:
    assert ensure_read_only(READS[dialect], dialect) is not None


@pytest.mark.parametrize(("dialect", "sql"), REFUSED)
def test_writes_and_exports_are_refused_in_each_warehouse_dialect(dialect: str, sql: str) -> None:
    with pytest.raises(Nl2SqlError):
        ensure_read_only(sql, dialect)
