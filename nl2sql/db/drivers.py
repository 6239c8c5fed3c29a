"""Optional database drivers, imported only when a database of their kind is opened.

``nl2sql --help`` and every SQLite session start without them; a DuckDB file, a PostgreSQL, MySQL
or Spark URL met without the driver installed is a one-line usage error that names the extra to install.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from nl2sql.errors import UsageError

_EXTRAS = {"duckdb": "duckdb", "psycopg": "postgres", "pymysql": "mysql", "pyspark": "spark"}


def load_driver(module: str, what: str) -> ModuleType:
    """Import ``module`` or say which extra brings it: "install nl2sql[duckdb]"."""
    try:
        return importlib.import_module(module)
    except ImportError:
        extra = _EXTRAS.get(module, module)
        raise UsageError(f"{what} needs the {module} driver, which is not installed; "
                         f"install nl2sql[{extra}] (pip install 'nl2sql[{extra}]').") from None
