"""MySQL and MariaDB servers: the adapter (PyMySQL, read-only transactions), its catalogue, connecting
(``connect``), and the SQLite meanings a built-in query keeps there (``portable``)."""

from nl2sql.db.mysql.adapter import MysqlDatabase

__all__ = ["MysqlDatabase"]
