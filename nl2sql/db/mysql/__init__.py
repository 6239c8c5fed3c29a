"""MySQL and MariaDB servers: the adapter (PyMySQL, read-only transactions), its catalogue, and
connecting (``connect``)."""

from nl2sql.db.mysql.adapter import MysqlDatabase

__all__ = ["MysqlDatabase"]
