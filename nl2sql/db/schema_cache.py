"""A database file's introspected schema, kept between runs and keyed by the file's identity.

Reading a schema samples every table (a first rows, distinct values, a count): on a 500-table file
that is thousands of queries, seconds before the first prompt. The file's device, inode, size,
modification time and header (and those of a ``-wal`` file beside it) name one state of
its contents; while they are unchanged the schema read last time is still true, so it is read
back instead. Any change to the file gives a new key, and the old entry simply ages out.

An entry is named by a CRC of its key and holds the key itself, checked on reading: two keys with one
name (odds of one in four billion) cost a fresh read, never the wrong schema. A cryptographic digest
would buy nothing more and costs OpenSSL's start-up, a hundredth of a one-shot ``ask``.

The entries hold sample values of the user's data, so they are private (0600 in a 0700 folder),
and a cache that cannot be written (read-only home) or an entry that cannot be read costs only
the introspection it would have saved.
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from dataclasses import fields
from pathlib import Path
from typing import Any

from nl2sql import __version__
from nl2sql.db.schema import Column, ForeignKey, Schema, Table
from nl2sql.paths import cache_dir

log = logging.getLogger(__name__)

FORMAT = 5  # bump when what introspection stores changes meaning
MAX_ENTRIES = 64


def file_key(path: Path, dialect: str) -> str | None:
    """The key of ``path``'s current contents; None when the file cannot be looked at.

    A modification time is coarse (a write a few milliseconds after another can keep it), so the
    file's first 100 bytes are part of the key: SQLite's header holds a counter every commit
    changes, the schema's version and the page count."""
    parts: list[object] = [FORMAT, __version__, dialect]
    try:
        with path.open("rb") as handle:
            parts.append(handle.read(100).hex())
        for member in (path, path.with_name(path.name + "-wal")):
            if member.exists():
                st = member.stat()
                parts += [str(member.resolve()), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]
    except OSError:
        return None
    return json.dumps(parts)


def _folder() -> Path:
    return cache_dir() / "schemas"


def _entry(folder: Path, key: str) -> Path:
    return folder / f"{zlib.crc32(key.encode()):08x}.json"


def load(key: str) -> Schema | None:
    entry = _entry(_folder(), key)
    try:
        data = json.loads(entry.read_text(encoding="utf-8"))
        return _schema(data) if data.get("key") == key else None
    except FileNotFoundError:
        return None
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as err:  # a damaged entry is read afresh
        log.debug("schema cache entry %s unreadable: %s", entry.name, err)
        return None


def store(key: str, schema: Schema) -> None:
    import tempfile  # with shutil, a fiftieth of a one-shot ``ask``, and needed only when the file changed

    data = {"key": key, "dialect": schema.dialect, "tables": [
        {**_fields(t), "columns": [_fields(c) for c in t.columns], "foreign_keys": [_fields(k) for k in t.foreign_keys]}
        for t in schema.tables
    ]}
    try:
        folder = _folder()
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(dir=folder, suffix=".partial")  # 0600, unique per writer
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps(data))  # dumps encodes in C; dump to a file goes through Python, 3x slower
        os.replace(partial, _entry(folder, key))
        _prune(folder)
    except OSError as err:
        log.debug("schema cache not written: %s", err)


def _fields(value: Table | Column | ForeignKey) -> dict[str, Any]:
    """One level of a schema value as JSON takes it (``asdict`` deep-copies every value list, a quarter of
    the time to read a 500-table schema)."""
    return {f.name: getattr(value, f.name) for f in fields(value)}


def _prune(folder: Path) -> None:
    entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    for old in entries[:-MAX_ENTRIES]:
        old.unlink(missing_ok=True)


def _schema(data: dict[str, Any]) -> Schema:
    tables = []
    for t in data["tables"]:
        columns = tuple(Column(**{**c, "values": tuple(c["values"])}) for c in t["columns"])
        keys = tuple(ForeignKey(**fk) for fk in t["foreign_keys"])
        tables.append(Table(**{**t, "columns": columns, "foreign_keys": keys}))
    return Schema(tuple(tables), dialect=data["dialect"])
