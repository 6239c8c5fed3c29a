"""Spark SQL: a local session over a folder of tables (``files``, ``session``) or a Spark Connect server
(``connect``), read-only through Spark's own parser (``plan``), and its catalogue."""

from nl2sql.db.spark.adapter import SparkDatabase

__all__ = ["SparkDatabase"]
