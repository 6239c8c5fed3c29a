"""nl2sql: ask a database questions in plain English, get read-only SQL and a table back."""

__version__ = "0.1.0"
