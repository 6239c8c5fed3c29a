"""Spark SQL: a local session over a folder of tables (``files``, ``session``) or a Spark Connect server
(``connect``), read-only through Spark's own parser (``plan``), its catalogue, and the SQLite meanings a
built-in query keeps there (``portable``)."""

from nl2sql.db.spark.adapter import SparkDatabase

__all__ = ["SparkDatabase"]
