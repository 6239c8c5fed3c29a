"""Benchmark files -> conversations to replay, each turn with its gold SQL.

Spider items are one-turn conversations; SParC and CoSQL interactions are many turns on one
database. Only items whose database is present are kept (Spider dev ships 19 of its 20).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from nl2sql.errors import UsageError


@dataclass(frozen=True)
class Conversation:
    id: str
    db_id: str
    turns: tuple[str, ...]
    # Acceptable gold SQL per turn (any one matching counts); empty for a command such as /new.
    golds: tuple[tuple[str, ...], ...]
    ordered: tuple[bool, ...] = ()
    intents: tuple[str | None, ...] = ()  # expected intents, where the data gives them


def database_path(data_dir: Path, db_id: str) -> Path:
    return data_dir / "database" / db_id / f"{db_id}.sqlite"


def _spider_dir(data: Path) -> Path:
    """Spider's folder (with database/), whether DATA is it or the folder holding all benchmarks."""
    for candidate in (data, data / "spider", data.parent / "spider"):
        if (candidate / "database").is_dir():
            return candidate
    raise UsageError(f"No Spider databases under {data} (expected a database/ folder).")


def _has_order(sql: str) -> bool:
    return "order by" in " ".join(sql.lower().split())


def load_spider(data: Path, questions: Path | None = None) -> tuple[Path, list[Conversation]]:
    """Spider dev questions whose database is present: ``dev_19db.json`` or ``dev.json``, or
    ``questions``: any file of Spider's format over the same databases (a reworded set, say)."""
    spider = _spider_dir(data)
    source = spider / "dev_19db.json" if (spider / "dev_19db.json").is_file() else spider / "dev.json"
    if questions is not None:
        source = questions
    elif not source.is_file():
        raise UsageError(f"No dev.json in {spider}.")
    prefix = "spider" if questions is None else questions.stem
    out = []
    for n, item in enumerate(_spider_items(source)):
        if not database_path(spider, item["db_id"]).is_file():
            continue
        gold = item["query"]
        out.append(Conversation(f"{prefix}-{n}", item["db_id"], (item["question"],), ((gold,),), (_has_order(gold),)))
    return spider, out


def _spider_items(source: Path) -> list[dict[str, str]]:
    """The items of a Spider-format file; what is not one is a line naming the file, not a traceback."""
    try:
        items = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise UsageError(f"Cannot read {source} as Spider questions: {err}.") from None
    if not isinstance(items, list):
        raise UsageError(f"{source} is not a list of Spider questions.")
    for n, item in enumerate(items):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("db_id", "question", "query")):
            raise UsageError(f"{source}: item {n} has no db_id, question and query texts.")
    return items


def _squash(sql: str) -> str:
    return "".join(sql.lower().split())


def load_context(data: Path, name: str) -> tuple[Path, list[Conversation]]:
    """SParC or CoSQL dev interactions, gold SQL from the ``_opsfixed`` file where it is present."""
    folder = data / name if (data / name / "dev.json").is_file() else data
    if not (folder / "dev.json").is_file():
        raise UsageError(f"No {name} dev.json in {data}.")
    spider = _spider_dir(folder.parent if (folder.parent / "spider").is_dir() else data)
    fixed: dict[tuple[str, tuple[str, ...]], list[str]] = defaultdict(list)
    fixed_file = folder / "dev_19db_gold_opsfixed.txt"
    if fixed_file.is_file():
        for block in fixed_file.read_text().strip().split("\n\n"):
            rows = [line.rsplit("\t", 1) for line in block.splitlines() if line.strip()]
            fixed[(rows[0][1], tuple(_squash(q) for q, _ in rows))] = [q for q, _ in rows]
    out = []
    for n, item in enumerate(json.loads((folder / "dev.json").read_text())):
        db_id = item["database_id"]
        if not database_path(spider, db_id).is_file():
            continue
        turns = item["interaction"]
        queries = [t["query"] for t in turns]
        queries = fixed.get((db_id, tuple(_squash(q) for q in queries)), queries)
        out.append(Conversation(
            f"{name}-{n}", db_id, tuple(t["utterance"] for t in turns), tuple((q,) for q in queries),
            tuple(_has_order(q) for q in queries),
        ))
    return spider, out


def load_questions(path: Path) -> list[Conversation]:
    """A question file in the format of shared/eval (single and chain items; others are skipped)."""
    try:
        if not path.is_file():
            raise UsageError(f"No question file at {path}.")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(f"{path} is not UTF-8 text (byte {err.start}).") from None
    except OSError as err:
        raise UsageError(f"Cannot read {path}: {err.strerror or err}.") from None
    out = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as err:
            raise UsageError(f"{path}:{line_no} is not JSON ({getattr(err, 'msg', 'nested too deeply')}).") from None
        try:
            conversation = _question_item(item)
        except (KeyError, TypeError, ValueError):  # a number where text or a list belongs: the file's to fix
            raise UsageError(f"{path}:{line_no} is not a question item: it needs an id, turns (a list of text) "
                             'and gold (kind "single") or gold_turns (kind "chain"), as in shared/eval.') from None
        if conversation is not None:
            out.append(conversation)
    return out


def _question_item(item: object) -> Conversation | None:
    """One line of a question file; None for a kind this does not replay. A line of the wrong shape
    raises KeyError, TypeError or ValueError."""
    if not isinstance(item, dict):
        raise TypeError("an item is a JSON object")
    turns = _texts(item["turns"])
    if item.get("kind") == "single":
        golds = tuple(() for _ in turns[:-1]) + (_texts(item["gold"]),)
        ordered = tuple(False for _ in turns[:-1]) + (bool(item.get("ordered")),)
    elif item.get("kind") == "chain":
        golds = tuple(_texts(g) if g else () for g in item["gold_turns"])
        ordered = tuple(bool(o) for o in item.get("ordered_turns") or [False] * len(turns))
    else:
        return None
    intents = tuple(item.get("intents") or [None] * len(turns))
    return Conversation(str(item["id"]), str(item.get("db", "")), turns, golds, ordered, intents)


def _texts(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise TypeError("a list of text")
    return tuple(value)
