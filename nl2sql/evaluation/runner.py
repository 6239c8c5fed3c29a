"""Replay conversations through ``InteractiveWorkflow.process_turn`` and judge every turn.

Each conversation is one session, so what is measured is the product path: the dialog manager's
intent, the refinement workflow, the engine and the read-only execution. Conversations run in
worker processes; each worker opens a database once and keeps it.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nl2sql.errors import Nl2SqlError
from nl2sql.evaluation.classify import INVALID_SQL, difficulty, failure_category, main_table
from nl2sql.evaluation.datasets import Conversation, database_path
from nl2sql.evaluation.matching import Ties, lenient_match, strict_match

if TYPE_CHECKING:
    from nl2sql.db import Database
    from nl2sql.results import TurnResult
    from nl2sql.workflows import InteractiveWorkflow

GOLD_TIMEOUT_S = 20.0
PREDICTION_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class TurnRecord:
    conversation: str
    db_id: str
    turn: int
    question: str
    gold: tuple[str, ...]
    predicted: str | None
    intent: str | None
    expected_intent: str | None
    ok: bool
    error: str | None
    seconds: float
    difficulty: str
    category: str | None  # why it is wrong; None when right
    context_kept: bool | None  # the gold query keeps the previous turn's main table (derived signal)
    confidence: float | None = None  # the engine's confidence score; None when no query ran
    unused: tuple[str, ...] = ()  # content words of the question the reading did not use
    signals: dict[str, float] | None = None  # what the confidence was computed from (to refit it)
    cues: tuple[str, ...] = ()  # the cue-table entries the engine's reading used
    engine: str | None = None  # which engine wrote the SQL (builtin or llm; both appear under --engine auto)
    model_calls: int = 0  # the turn's model calls, tokens and cost (none for the built-in engine)
    tokens: int = 0
    cost: float | None = None
    # The answer holds every gold column with the gold rows, extra columns allowed (the rule of the
    # project's question files); under the lenient rule this is ``ok``.
    contains: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Settings:
    data_dir: Path | None = None  # Spider layout: database/<db_id>/<db_id>.sqlite
    database: str | None = None  # or one database for every conversation (a path or fixture name)
    engine: str = "builtin"
    today: date | None = None
    rule: str = "strict"  # strict: benchmark execution match; lenient: the project's question files
    use_domain: bool = False
    model: Any = None  # a ModelChoice for the LLM engine
    samples: int = 1  # model candidates per question (--samples)
    memory: Path | None = None  # examples the model engine may read (--memory); none by default
    # The engine predictions run on (--on: sqlite, duckdb, or a postgresql:// server URL, which may
    # hold a password: it is never printed or written); gold SQL always runs on the SQLite file.
    on: str = "sqlite"


_settings: Settings | None = None
_databases: dict[str, Database] = {}
_gold_cache: dict[tuple[str, str], tuple[list[str], list[tuple]] | None] = {}
_ties_cache: dict[tuple[str, str], Ties | None] = {}
_engines: dict[tuple[str, Settings], Any] = {}


def _init(settings: Settings) -> None:
    global _settings
    _settings = settings


def _source_of(settings: Settings, db_id: str) -> str:
    return str(database_path(settings.data_dir, db_id)) if settings.data_dir is not None \
        else settings.database or db_id


def _source(db_id: str) -> str:
    """The database the benchmark ships (gold SQL runs here)."""
    assert _settings is not None
    return _source_of(_settings, db_id)


def _target(db_id: str) -> str:
    """The database predictions run on: the source, or its copy in the engine of ``--on``."""
    assert _settings is not None
    if _settings.on == "sqlite":
        return _source(db_id)
    from nl2sql.evaluation.copies import copy_target

    return copy_target(Path(_source(db_id)), _settings.on)


def _open(db_id: str, target: str | None = None) -> Database:
    """One handle per database file and worker, whichever run asks for it."""
    target = target or _target(db_id)
    if target not in _databases:
        from nl2sql.db import open_database

        _databases[target] = open_database(target)
    return _databases[target]


def _gold(db_id: str, sql: str) -> tuple[list[str], list[tuple]] | None:
    """The gold query's result on the benchmark's own SQLite file (its SQL is SQLite's), read
    through the same ``Database`` seam as the prediction."""
    database = _open(db_id, _source(db_id))
    key = (_source(db_id), sql)
    if key not in _gold_cache:
        try:
            result = database.execute(sql, max_rows=None, timeout=GOLD_TIMEOUT_S)
            _gold_cache[key] = (list(result.columns), list(result.rows))
        except Nl2SqlError:
            _gold_cache[key] = None
    return _gold_cache[key]


def _ties(db_id: str, sql: str, rows: list[tuple]) -> Ties | None:
    """Which of the gold query's rows tie on its sort keys (a set within the order), and which rows
    its LIMIT chose among; None where that cannot be read (the order is then compared row by row)."""
    from nl2sql.evaluation.ranking import gold_ties

    key = (_source(db_id), sql)
    if key not in _ties_cache:
        _ties_cache[key] = gold_ties(_open(db_id, _source(db_id)), sql, rows, timeout=GOLD_TIMEOUT_S)
    return _ties_cache[key]


def _session(conversation: Conversation, database: Database) -> InteractiveWorkflow[Any]:
    from nl2sql.opening import domain_file
    from nl2sql.workflows import SessionOptions, open_session
    from nl2sql.workflows.session import make_session_engine

    assert _settings is not None
    # Benchmarks have no one to answer questions: the best reading runs, as with --clarify auto.
    options = SessionOptions(engine=_settings.engine, model=_settings.model, today=_settings.today,
                             use_domain=_settings.use_domain,
                             domain=domain_file(_target(conversation.db_id)) if _settings.use_domain else None,
                             max_rows=None, timeout=PREDICTION_TIMEOUT_S,
                             clarify="auto", samples=_settings.samples, memory=_settings.memory, isolated=True)
    key = (_target(conversation.db_id), _settings)
    engine = _engines.get(key)
    if engine is None:  # one engine per database, settings and worker: its schema index is built once
        engine = _engines[key] = make_session_engine(database, options)
    return open_session(database, options, engine=engine)


def replay(conversation: Conversation) -> list[TurnRecord]:
    """One conversation as one session; every turn that has gold SQL is judged."""
    assert _settings is not None
    settings = _settings
    database = _open(conversation.db_id)
    workflow = _session(conversation, database)
    records = []
    previous_main: str | None = None
    for n, text in enumerate(conversation.turns):
        started = time.perf_counter()
        result = workflow.process_turn(text)
        seconds = time.perf_counter() - started
        golds = conversation.golds[n] if n < len(conversation.golds) else ()
        if not golds:
            previous_main = None if text.startswith("/") else previous_main
            continue
        ordered = conversation.ordered[n] if n < len(conversation.ordered) else False
        ok = contains = False
        if result.result is not None:
            for gold in golds:
                executed = _gold(conversation.db_id, gold)
                if executed is None:
                    continue
                columns, rows = executed
                pred_rows = list(result.result.rows)
                ties = _ties(conversation.db_id, gold, rows) if ordered else None
                contains = contains or lenient_match(columns, rows, pred_rows, ordered=ordered, ties=ties)
                ok = strict_match(rows, pred_rows, ordered=ordered, ties=ties) if settings.rule == "strict" \
                    else contains
                if ok:
                    break
        main = main_table(golds[0])
        kept = None if n == 0 or previous_main is None else main == previous_main
        previous_main = main
        expected = conversation.intents[n] if n < len(conversation.intents) else None
        records.append(TurnRecord(
            conversation=conversation.id, db_id=conversation.db_id, turn=n + 1, question=text, gold=golds,
            predicted=result.query, intent=result.intent, expected_intent=expected, ok=ok,
            error=result.error.message if result.error else None, seconds=round(seconds, 5),
            difficulty=difficulty(golds[0]), category=None if ok else _category(result, golds[0]),
            context_kept=kept, confidence=result.confidence if result.query else None, unused=result.unused,
            signals=dict(result.signals) if result.query else None, cues=result.cues if result.query else (),
            engine=result.engine, contains=contains, **_spent(result),
        ))
    return records


def _spent(result: TurnResult) -> dict[str, Any]:
    """The model calls, tokens and cost of one turn, from its usage (absent for the built-in engine)."""
    turn = result.usage or {}
    return {"model_calls": int(turn.get("calls") or 0),
            "tokens": int(turn.get("promptTokens") or 0) + int(turn.get("completionTokens") or 0),
            "cost": turn.get("cost")}


def _category(result: TurnResult, gold: str) -> str:
    """Why a turn is wrong; a model's SQL that validation refused after its repairs is its own kind."""
    if result.query is None and result.error is not None and result.error.kind == "invalid_sql":
        return INVALID_SQL
    return failure_category(result.query, gold)


def run(conversations: list[Conversation], settings: Settings, jobs: int = 1) -> Iterator[list[TurnRecord]]:
    """Yield each conversation's records as it finishes (in any order when ``jobs`` > 1)."""
    if settings.on != "sqlite":  # copied once, before any worker opens them
        from nl2sql.evaluation.copies import prepare_copies

        prepare_copies([Path(_source_of(settings, db_id)) for db_id in dict.fromkeys(c.db_id for c in conversations)],
                       settings.on)
    if jobs <= 1:
        _init(settings)
        for conversation in conversations:
            yield replay(conversation)
        return
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs, initializer=_init, initargs=(settings,)) as pool:
        yield from pool.imap_unordered(replay, conversations, chunksize=4)
