"""What a ``spark:///`` folder holds: one table per sub-folder, and the keys nl2sql declared for them.

A sub-folder is a table when it holds Parquet files (``*.parquet``, partition folders such as
``year=2024/`` included) or, failing that, CSV files with a header row (``*.csv``). A Delta-style
folder (Parquet files and a ``_delta_log``) is read without the delta package: the log's JSON
commits are replayed (``add`` and ``remove`` actions) and only the live Parquet files are read, so a
table that was updated or deleted from reads as its latest version. Logs that need more than that
(a checkpoint without the early commits, deletion vectors, column mapping) are refused with one line.
Hidden and underscore entries (``_SUCCESS``, ``.crc``, ``_nl2sql_keys.json``) are never tables.

Parquet has no keys: the loader writes the keys of the copied database to ``_nl2sql_keys.json``
beside the tables, and people can write the same file for their own folders.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from nl2sql.errors import UsageError

KEYS_FILE = "_nl2sql_keys.json"
PARQUET, CSV = "parquet", "csv"


@dataclass(frozen=True)
class TableSource:
    name: str
    format: str  # PARQUET or CSV
    folder: Path
    files: tuple[str, ...] = ()  # the live files of a Delta folder; empty: every file of the format


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(("_", ".")) for part in path.relative_to(root).parts)


def _delta_files(folder: Path) -> tuple[str, ...]:
    """The Parquet files a Delta log says are live, from its JSON commits alone."""
    log = folder / "_delta_log"
    commits = sorted(p for p in log.glob("*.json") if p.stem.isdigit())
    if not commits or int(commits[0].stem) != 0:
        raise UsageError(f"{folder.name} is a Delta table whose early log was checkpointed away; reading it needs "
                         "the delta-spark package, which nl2sql does not use (see docs/databases.md).")
    live: dict[str, None] = {}
    for commit in commits:
        for line in commit.read_text().splitlines():
            action = json.loads(line) if line.strip() else {}
            if "add" in action:
                live[unquote(action["add"]["path"])] = None
            elif "remove" in action:
                live.pop(unquote(action["remove"]["path"]), None)
            elif _unsupported(action):
                raise UsageError(f"{folder.name} is a Delta table with features nl2sql cannot read as Parquet "
                                 "(deletion vectors or column mapping).")
    return tuple(str(folder / path) for path in live)


def _unsupported(action: dict) -> bool:
    config = action.get("metaData", {}).get("configuration", {})
    features = action.get("protocol", {}).get("readerFeatures", []) or []
    return config.get("delta.columnMapping.mode", "none") != "none" or "deletionVectors" in features


def _source(folder: Path) -> TableSource | None:
    if (folder / "_delta_log").is_dir():
        return TableSource(folder.name, PARQUET, folder, _delta_files(folder))
    suffixes = {p.suffix.lower() for p in folder.rglob("*") if p.is_file() and not _hidden(p, folder)}
    if ".parquet" in suffixes:
        return TableSource(folder.name, PARQUET, folder)
    if ".csv" in suffixes:
        return TableSource(folder.name, CSV, folder)
    return None


def tables_in(folder: Path) -> list[TableSource]:
    """The tables of ``folder``, by name; a missing, unreadable or empty folder is one line (exit 2)."""
    if not folder.is_dir():
        raise UsageError(f"No folder of tables at {folder}.")
    if not os.access(folder, os.R_OK | os.X_OK):
        raise UsageError(f"The folder {folder} cannot be read (permission denied).")
    found = []
    try:
        for sub in sorted(folder.iterdir()):
            if sub.is_dir() and not sub.name.startswith(("_", ".")):
                source = _source(sub)
                if source is not None:
                    found.append(source)
    except (PermissionError, json.JSONDecodeError, KeyError) as err:
        raise UsageError(f"The folder {folder} cannot be read: {err}.") from None
    if not found:
        raise UsageError(f"{folder} holds no tables: each table is a sub-folder of Parquet or CSV files.")
    return found


def read_keys(folder: Path) -> dict[str, dict]:
    """The declared keys per table: ``{"orders": {"primary_key": ["id"], "unique": [["code"]],
    "foreign_keys": [[["user_id"], "users", ["id"]]]}}``; nothing when the file is missing or unreadable."""
    try:
        data = json.loads((folder / KEYS_FILE).read_text())
    except (OSError, ValueError):
        return {}
    tables = data.get("tables") if isinstance(data, dict) else None
    return {str(k).lower(): v for k, v in tables.items() if isinstance(v, dict)} if isinstance(tables, dict) else {}
