"""One wiring of database, domain config, engine and workflow, for the CLI, the REPL and the evaluator.

Whoever opens a session gets the same product path: the same database seam, the same domain
config lookup, the same engine choice and the same turn policy. Heavy parts (litellm, drivers)
are imported here only when chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database
from nl2sql.opening import domain_file, open_target
from nl2sql.workflows.interactive import InteractiveWorkflow
from nl2sql.workflows.teaching import Teacher

if TYPE_CHECKING:
    from nl2sql.config import ModelChoice
    from nl2sql.engines import Engine


@dataclass(frozen=True)
class SessionOptions:
    """How a session runs (engine, model, limits, clarification), gathered from flags, environment and
    config and handed to ``open_session`` with the database."""
    engine: str = "builtin"  # builtin | llm | auto (engines.engine_for picks it from what was configured)
    model: ModelChoice | None = None
    today: date | None = None
    domain: Path | None = None  # a domain config; None: the one that belongs to what open_session opens by name
    use_domain: bool = True  # False: no domain config at all (benchmarks measure the schema alone)
    max_rows: int | None = DEFAULT_MAX_ROWS
    timeout: float = DEFAULT_TIMEOUT_S
    clarify: str = "ask"
    confirm_below: float = CONFIRM_BELOW
    no_data: bool = False
    answer_style: str = "template"
    samples: int = 1  # model candidates per question, voted on by their results
    memory: Path | None = None  # the model engine's example memory; None: the user's own file
    isolated: bool = False  # an eval run: no example is written, and only ``memory`` (if given) is read
    # Teach once: keep the user's answers per database and give them again (the CLI's --learn/--no-learn,
    # on by default there). Off here, so a program or a benchmark opening a session learns nothing unasked;
    # an isolated session has no lessons at all, not even to list.
    learn: bool = False


def make_session_engine(database: Database, options: SessionOptions) -> Engine[Any]:
    """The engine ``options`` ask for, with their domain config (the caller finds the database's own,
    nl2sql/opening.py)."""
    from nl2sql.domain import load_domain
    from nl2sql.engines import make_engine

    config_path = options.domain if options.use_domain else None
    config = load_domain(config_path, database.schema) if config_path else None
    return make_engine(options.engine, today=options.today, domain=config, model=options.model,
                       no_data=options.no_data, answer_style=options.answer_style, samples=options.samples,
                       memory=options.memory, isolated=options.isolated, sure_above=options.confirm_below)


def open_session(db: str | Database, options: SessionOptions = SessionOptions(), *,
                 engine: Engine[Any] | None = None) -> InteractiveWorkflow[Any]:
    """A ready session on ``db`` (a fixture name, path or URL, or a database already open).

    ``engine`` reuses an engine built for the same database (the evaluator keeps one per database,
    so its schema index is built once)."""
    database = open_target(db) if isinstance(db, str) else db
    if isinstance(db, str) and options.domain is None and options.use_domain:
        options = replace(options, domain=domain_file(db))  # the config that belongs to what ``db`` names
    chosen = engine if engine is not None else make_session_engine(database, options)
    teacher = None if options.isolated else Teacher.for_database(database, enabled=options.learn)
    return InteractiveWorkflow(database, chosen, max_rows=options.max_rows, timeout=options.timeout,
                               clarify=options.clarify, confirm_below=options.confirm_below, teacher=teacher)
