"""The terminal front end (prompt-toolkit lives only here)."""

from nl2sql.repl.app import ChatApp, run_chat

__all__ = ["ChatApp", "run_chat"]
