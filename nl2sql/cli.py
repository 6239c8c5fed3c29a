"""The command line: flags, wiring and exit codes; the work happens in the package below.

Exit codes: 0 success, 1 a turn or command failed, 2 usage (unknown database, bad flag),
3 reserved for a clarification a program must answer.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from nl2sql import __version__
from nl2sql.config import CONFIRM_BELOW, MAX_SAMPLES, function_names
from nl2sql.errors import Nl2SqlError, UsageError

if TYPE_CHECKING:
    from nl2sql.db import Database
    from nl2sql.line_reader import Line, LineStream
    from nl2sql.preferences import Preferences
    from nl2sql.workflows import InteractiveWorkflow
    from nl2sql.workflows.dialogue import Actor


class _UsageFailure(click.ClickException):
    exit_code = 2


@contextmanager
def _edge() -> Iterator[None]:
    """Turn library errors into one-line messages and exit codes; tracebacks only with NL2SQL_DEBUG."""
    try:
        yield
    except UsageError as err:
        raise _UsageFailure(_one_line(str(err))) from None
    except Nl2SqlError as err:
        raise click.ClickException(_one_line(str(err))) from None
    except (click.ClickException, click.exceptions.Exit, click.Abort, KeyboardInterrupt):
        raise
    except Exception as err:
        if os.environ.get("NL2SQL_DEBUG"):
            raise
        refusal = _refusal(err)
        if refusal is not None:
            raise click.ClickException(_one_line(refusal)) from None
        raise click.ClickException(_one_line(
            f"internal error: {type(err).__name__}: {err} (set NL2SQL_DEBUG=1 for the traceback)"
        )) from None


def _one_line(message: str) -> str:
    """An error as one line the terminal only shows: messages quote names and values from the
    database and files (a table named with an escape sequence, a driver's multi-line text)."""
    from nl2sql.escapes import visible

    return visible(" ".join(message.split("\n")))


def _refusal(err: Exception) -> str | None:
    """The one line for what the machine, not nl2sql, refused: a file without read permission, a full
    disk (SQLite says "database or disk is full"). Those are the user's to fix, so they are named, not
    reported as an internal error; None for anything else."""
    if isinstance(err, OSError) and err.strerror:
        return f"{err.filename}: {err.strerror}." if err.filename else f"{err.strerror}."
    sqlite = sys.modules.get("sqlite3")  # only a program that imported it can have raised it
    if sqlite is not None and isinstance(err, sqlite.Error):
        return f"SQLite: {err}."
    return None


def _parse_today(_ctx: click.Context, _param: click.Parameter, value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%d").date()
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date in the form YYYY-MM-DD.") from None


def _db_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--db", "db", required=True, metavar="DB", envvar="NL2SQL_DB", show_envvar=True,
                        help="A fixture name (ecommerce), a SQLite or DuckDB file, a sqlite:/// or duckdb:/// URL, "
                             "a postgresql://user@host:port/db server (password: PGPASSWORD or ~/.pgpass), or a "
                             "mysql:// or mariadb://user@host:port/db server (password: MYSQL_PWD or ~/.my.cnf), or a "
                             "spark:///folder of Parquet/CSV tables. Default: NL2SQL_DB, or database in the "
                             "config file."
                        )(func)




def _model_options(func: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.option("--model", default=None, metavar="MODEL",
                     help="Use a language model through litellm, e.g. openai/gpt-4o-mini (or NL2SQL_MODEL)."),
        click.option("--api-base", default=None, metavar="URL", help="An OpenAI-compatible server for --model."),
        click.option("--api-key-env", default=None, metavar="NAME",
                     help="Read the API key from this variable instead of the provider's usual one."),
        click.option("--llm-timeout", default=None, type=click.FloatRange(min=0.1), metavar="SECONDS",
                     help="Seconds a model call may take (default 30)."),
        click.option("--answer-style", type=click.Choice(["template", "natural"]), default="template",
                     show_default=True, help="natural: the model rewrites one-value answers as a sentence."),
        click.option("--no-data-to-model", is_flag=True, help="Send the model the schema only: no values, no rows."),
        click.option("--samples", type=click.IntRange(min=1, max=MAX_SAMPLES), default=1, show_default=True,
                     metavar="N",
                     help="With a model: draw N candidate queries and run the one most of them agree on."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _session_options(func: Callable[..., Any]) -> Callable[..., Any]:
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        _db_option,
        click.option("--today", callback=_parse_today, metavar="YYYY-MM-DD",
                     help="The date relative phrases such as 'last month' count from (default: today)."),
        click.option("--engine", type=click.Choice(["builtin", "llm", "auto"]), default=None,
                     help="Which engine writes the SQL: builtin (offline), llm (the model), or auto (the built-in "
                          "engine's sure lines, the model for the rest). Default: auto with a model, else builtin."),
        click.option("--domain", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Domain config (TOML): synonyms and metrics. Default: the database's own, if any."),
        click.option("--timeout", default=10.0, show_default=True, type=click.FloatRange(min=0.1),
                     help="Seconds a query may run before it is stopped."),
        click.option("--confirm-below", default=CONFIRM_BELOW, show_default=True, type=click.FloatRange(0, 1),
                     envvar="NL2SQL_CONFIRM_BELOW", show_envvar=True,
                     help="Ask before running a reading whose confidence is at most this."),
        click.option("--learn/--no-learn", default=True, show_default=True, envvar="NL2SQL_LEARN", show_envvar=True,
                     help="Remember answers to clarifications for this database and give them again to the same "
                          "question; --no-learn neither keeps nor uses them."),
        click.option("--allow-function", "allow_function", multiple=True, metavar="NAME",
                     envvar="NL2SQL_ALLOW_FUNCTIONS", show_envvar=True,
                     help="Run this function although it is not on the engine's read-only list (repeatable; "
                          "SCHEMA.NAME for a schema's own). Only for functions you know write nothing."),
        click.option("--no-color", is_flag=True,
                     help="Plain text, no colours (the same as --color never; also when NO_COLOR is set or output "
                          "is not a terminal)."),
        _model_options,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _installed(module: str) -> bool:
    """Whether ``module`` could be imported, without importing it (litellm alone takes seconds)."""
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _open(db: str) -> Database:
    from nl2sql.opening import open_target

    return open_target(db)


def _model(opts: dict[str, Any]) -> Any:
    """The configured model (flags, NL2SQL_MODEL, config file), checked for litellm; None: built-in."""
    from nl2sql.config import model_choice

    choice = model_choice(opts.get("model"), opts.get("api_base"), opts.get("api_key_env"), opts.get("llm_timeout"))
    if choice is not None and not _installed("litellm"):
        raise UsageError("--model needs litellm, which is not installed; run: pip install 'nl2sql[llm]'")
    if choice is None and (opts.get("samples") or 1) > 1:
        raise UsageError("--samples needs a model (--model MODEL): the built-in engine has one reading.")
    return choice


def _workflow(opts: dict[str, Any], *, max_rows: int | None, clarify: str = "ask") -> InteractiveWorkflow:
    model = _model(opts)
    return _build(_database(opts), opts, model, max_rows=max_rows, clarify=clarify)


def _database(opts: dict[str, Any]) -> Database:
    """The session's database, open, with what its login should know said once on stderr."""
    try:
        allowed = function_names(opts.get("allow_function") or ())
    except ValueError as err:
        raise UsageError(f"--allow-function: {err}.") from None
    database = _open(opts["db"])
    database.allowed_functions = allowed
    for caution in database.cautions():
        click.echo(f"Warning: {caution}", err=True)
    return database


def _build(database: Database, opts: dict[str, Any], model: Any, *, max_rows: int | None,
           clarify: str) -> InteractiveWorkflow:
    """The workflow on an open database: the engine (with its domain config) and the turn policy."""
    from nl2sql.engines import engine_for
    from nl2sql.opening import domain_file
    from nl2sql.workflows import SessionOptions, open_session

    options = SessionOptions(
        engine=engine_for(opts.get("engine"), model), model=model, today=opts.get("today"),
        domain=opts.get("domain") or domain_file(opts["db"]),
        max_rows=max_rows, timeout=opts.get("timeout", 10.0), clarify=clarify,
        confirm_below=opts.get("confirm_below", CONFIRM_BELOW), no_data=bool(opts.get("no_data_to_model")),
        answer_style=opts.get("answer_style") or "template", samples=opts.get("samples") or 1,
        learn=bool(opts.get("learn", True)),
    )
    return open_session(database, options)


# The commands whose options the config file's settings fill (through click's default_map).
_CONFIGURED = ("chat", "ask", "schema")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nl2sql")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Ask a database questions in plain English; get read-only SQL and a table back.

    Settings come from the flags, then NL2SQL_* variables, then config.toml (docs/configuration.md).
    """
    level = logging.DEBUG if os.environ.get("NL2SQL_DEBUG") else logging.ERROR
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    from nl2sql import config

    config.write_defaults()
    if ctx.invoked_subcommand not in ("chat", "ask"):  # only those two end start-up themselves
        _started()
    if ctx.invoked_subcommand in _CONFIGURED:
        with _edge():
            defaults = config.option_defaults()
        ctx.default_map = {name: defaults for name in _CONFIGURED}


def _display_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """How the REPL shows and reads: each filled from its NL2SQL_* variable or the config file when not given."""
    from nl2sql.preferences import KEY_MODES, OUTPUT_FORMATS

    options = [
        click.option("--format", "fmt", type=click.Choice(OUTPUT_FORMATS), default="table", show_default=True,
                     envvar="NL2SQL_FORMAT", show_envvar=True, help="How results are shown."),
        click.option("--pager/--no-pager", default=True, show_default=True, envvar="NL2SQL_PAGER", show_envvar=True,
                     help="Send long results through $PAGER."),
        click.option("--key-mode", type=click.Choice(KEY_MODES), default="emacs", show_default=True,
                     envvar="NL2SQL_KEY_MODE", show_envvar=True, help="Line-editing keys."),
        click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
                     envvar="NL2SQL_COLOR", show_envvar=True,
                     help="auto: colour on a terminal unless NO_COLOR is set."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _preferences(fmt: str, pager: bool = False, key_mode: str = "emacs", color: str = "auto") -> Preferences:
    """The resolved display settings, as the workflow holds them (``ask`` never pages)."""
    from nl2sql.preferences import Preferences

    return Preferences(format=fmt, pager=pager, key_mode=key_mode,
                       color={"always": True, "never": False}.get(color))


@cli.command()
@_session_options
@click.option("--max-rows", default=50, show_default=True, type=click.IntRange(min=0), envvar="NL2SQL_MAX_ROWS",
              show_envvar=True,
              help="Rows shown per result; 0 shows all.")
@click.option("--clarify", type=click.Choice(["ask", "auto"]), default="ask", show_default=True,
              help="ask: put questions when the request is ambiguous; auto: take the best reading.")
@_display_options
@click.option("--vi", is_flag=True, help="vi key bindings at the prompt (the same as --key-mode vi).")
@click.option("--resume", default=None, metavar="NAME",
              help="Carry on a conversation saved with /save NAME (/sessions lists them).")
def chat(max_rows: int, clarify: str, fmt: str, pager: bool, key_mode: str, color: str, vi: bool,
         resume: str | None, **opts: Any) -> None:
    """Open the interactive REPL on a database."""
    with _edge():
        prefs = _preferences(fmt, pager, "vi" if vi else key_mode, "never" if opts.get("no_color") else color)
        model = _model(opts)
        database = _database(opts)

        def build() -> InteractiveWorkflow:
            workflow = _build(database, opts, model, max_rows=max_rows or None, clarify=clarify)
            workflow.prefs = prefs
            return workflow

        if sys.stdin.isatty() and resume is None and model is None and opts.get("engine") in (None, "builtin"):
            # The built-in engine cannot fail to build but on a bad domain config, which ends the REPL
            # with its one line as before: so the prompt comes first and the engine loads behind it.
            from nl2sql.repl import run_chat
            from nl2sql.repl.loading import WorkflowLoader

            run_chat(WorkflowLoader(_started_after(build), database=database, prefs=prefs, engine_name="builtin"))
            return
        workflow = build()
        opening = None
        if resume is not None:
            from nl2sql.workflows.session_commands import resume_session

            opening = resume_session(workflow, resume)
        if not sys.stdin.isatty():  # a file or a pipe of questions: read as `ask -` reads them
            if opening is not None:
                from nl2sql.formatting import turn_text

                click.echo(turn_text(opening, workflow.prefs.format))
            _started()
            from nl2sql.line_reader import LineStream

            lines = LineStream(_stdin_lines())
            _finish(*_run_turns(workflow, _reader_actor(lines, workflow), lines, many=True))
        from nl2sql.repl import run_chat

        _started()
        run_chat(workflow, opening)


@cli.command()
@_session_options
@click.option("--format", "fmt", type=click.Choice(["table", "vertical", "json", "csv", "markdown"]),
              default="table", show_default=True, envvar="NL2SQL_FORMAT", show_envvar=True,
              help="How each turn is printed; json prints one object per line.")
@click.option("--clarify", type=click.Choice(["ask", "auto", "never"]), default="ask", show_default=True,
              help="What to do when a question is ambiguous.")
@click.option("--max-rows", default=50, show_default=True, type=click.IntRange(min=0), envvar="NL2SQL_MAX_ROWS",
              show_envvar=True,
              help="Rows returned per turn; --max-rows 0 returns all. A capped result says so: a row line "
                   "(table, markdown), truncated/totalRows (json), a note on stderr (csv).")
@click.option("--answer", "answers", multiple=True, metavar="N=VALUE",
              help="Answer question N of a clarification request (a choice number or text); repeatable.")
@click.argument("turns", nargs=-1)
def ask(fmt: str, clarify: str, max_rows: int, answers: tuple[str, ...], turns: tuple[str, ...],
        **opts: Any) -> None:
    """Run TURNS as one conversation and print every result (use -- before turns that start with -).

    With no TURNS, or -, the turns are read from standard input, one per line (blank lines
    skipped), each answered before the next is read.

    When a turn needs a clarification: --answer supplies it, --clarify auto takes the defaults,
    and otherwise the request is printed and nl2sql exits with status 3 (on a terminal with
    --clarify ask, the questions are asked).
    """

    with _edge():
        workflow = _workflow(opts, max_rows=max_rows or None, clarify="auto" if clarify == "auto" else "ask")
        workflow.prefs = _preferences(fmt, color="never" if opts.get("no_color") else "auto")
        actor = _actor(answers, clarify == "ask" and sys.stdin.isatty())
    _started()
    from nl2sql.line_reader import given_lines

    if turns in ((), ("-",)):
        _finish(*_run_turns(workflow, actor, _stdin_lines(), many=True))
    _finish(*_run_turns(workflow, actor, given_lines(turns), many=len(turns) > 1))


def _finish(failed: bool, waiting: bool) -> None:
    """The exit status of a run of turns: 3 when a clarification is left open, 1 when a turn failed."""
    sys.exit(3 if waiting else 1 if failed else 0)


def _stdin_lines() -> Iterator[Line]:
    from nl2sql.line_reader import read_lines

    return read_lines(sys.stdin)


def _reader_actor(lines: LineStream, workflow: InteractiveWorkflow) -> Actor:
    """``chat`` reading a file or a pipe: a clarification is answered by the lines that follow it, as a
    person at the prompt would have typed them; a line that answers nothing cancels it and is read as
    the next question, and the end of the input cancels it. Its questions go to stderr when stdout is
    for a program (json, csv)."""
    from nl2sql.repl.actor import ConsoleActor

    def next_line(_prompt: str) -> str:
        line = next(lines, None)
        if line is None:
            raise EOFError
        return line.text

    def say(text: str) -> None:
        click.echo(text, err=workflow.prefs.format in ("json", "csv"))

    return ConsoleActor(next_line, say, unread=lines.unread)


def _run_turns(workflow: InteractiveWorkflow, actor: Actor | None, lines: Iterable[Line],
               many: bool) -> tuple[bool, bool]:
    """Answer each line in turn, each printed in the format of the moment (``/format`` changes it, as in
    the REPL); (whether any failed, whether one waits for a clarification)."""
    import dataclasses

    from nl2sql.line_reader import MAX_LINE_CHARS
    from nl2sql.workflows import ErrorInfo
    from nl2sql.workflows.dialogue import PairsActor, settle

    failed = False
    for line in lines:
        if line.cut:
            click.echo(f"Error: line {line.number} is {line.length:,} characters long; nl2sql reads lines of up "
                       f"to {MAX_LINE_CHARS:,} characters. Skipped it.", err=True)
            failed = True
            continue
        with _edge():
            result = settle(workflow, workflow.process_turn(line.text), actor)
            if isinstance(actor, PairsActor) and actor.error and result.request is not None:
                result = dataclasses.replace(result, error=ErrorInfo(actor.error, True))
        _print_turn(result, workflow.prefs.format, many)
        failed = failed or result.error is not None
        if result.request is not None:
            return failed, True
        if result.command == "/exit":
            break
    return failed, False


def _actor(pairs: tuple[str, ...], terminal: bool) -> Actor | None:
    """Who answers a clarification in ``ask``: --answer pairs, the person at a terminal, or nobody (exit 3)."""
    from nl2sql.workflows.dialogue import PairsActor

    if pairs:
        return PairsActor(pairs)
    if not terminal:
        return None
    from nl2sql.repl.actor import ConsoleActor

    return ConsoleActor(_prompt, click.echo)


def _prompt(prompt: str) -> str:
    """A line from the terminal; Ctrl-C or Ctrl-D cancels the question, not the whole run."""
    try:
        return str(click.prompt(prompt, default="", show_default=False, prompt_suffix=""))
    except click.Abort:
        raise EOFError from None


def _print_turn(result: Any, fmt: str, many: bool) -> None:
    from nl2sql.formatting import cap_note, csv_notes, turn_text, visible

    output = turn_text(result, fmt)
    if output and fmt == "csv" and sys.stdout.isatty():
        output = visible(output)  # a stored escape sequence must not drive the screen (JSON escapes its own)
    if output:  # CSV ends its last row itself: no blank line after it
        # CSV and JSON are data: color=True stops click from stripping what looks like a colour code
        # out of a value on its way to a file or a pipe.
        click.echo(output, nl=not output.endswith("\n"), color=fmt in ("csv", "json"))
    if fmt != "json" and many:
        click.echo()
    if fmt == "csv":  # the data stays pure CSV: what a script should know goes to stderr
        note = cap_note(result.result) if result.result is not None else None
        for line in filter(None, [*csv_notes(result), note, *(result.hint or "").splitlines()]):
            click.echo(f"nl2sql: {visible(line)}", err=True)
    if result.error is not None and fmt != "json":
        click.echo(f"Error: {visible(result.error.message)}", err=True)


@cli.command()
@_db_option
@click.argument("table", required=False)
def schema(db: str, table: str | None) -> None:
    """Show the tables of a database, or the columns of one TABLE."""
    from nl2sql.formatting import describe_schema, listing_text

    with _edge():
        database = _open(db)
        click.echo(listing_text(describe_schema(database.schema, table)))


@cli.group()
def fixtures() -> None:
    """Bundled demo databases."""


@fixtures.command("build")
@click.argument("name")
@click.option("--out", required=True, metavar="FILE|URL",
              help="Where to write: a SQLite file, a DuckDB file (.duckdb), a sqlite:/// or duckdb:/// URL, or a "
                   "postgresql:// or mysql:// database, or a spark:///folder (Parquet tables).")
@click.option("--today", callback=_parse_today, metavar="YYYY-MM-DD", help="Last day of the data (default: today).")
@click.option("--scale", default=1.0, show_default=True, type=float, help="Size relative to the default.")
@click.option("--seed", default=42, show_default=True, type=int, help="Random seed; same seed, same rows.")
@click.option("--force", is_flag=True, help="Replace an existing file and the domain config beside it, or a "
                                            "server's tables of the fixture's names.")
def fixtures_build(name: str, out: str, today: date | None, scale: float, seed: int, force: bool) -> None:
    """Build fixture NAME into a SQLite or DuckDB file or a PostgreSQL or MySQL database (the same rows in each)."""
    from nl2sql import fixtures as registry

    with _edge():
        counts = registry.build(name, out, today=today, scale=scale, seed=seed, replace=force)
    from nl2sql.db.targets import redact

    summary = ", ".join(f"{table} {count:,}" for table, count in counts.items())
    click.echo(f"Wrote {redact(out)}: {summary}.")


@fixtures.command("list")
def fixtures_list() -> None:
    """List the bundled fixtures."""
    from nl2sql import fixtures as registry

    for name in registry.available():
        click.echo(name)


@cli.group()
def domain() -> None:
    """A database's domain config: what its words mean beyond the schema."""


@domain.command("init")
@_db_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="Where to write the draft (default: where nl2sql looks for this database's config).")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def domain_init(db: str, out: Path | None, force: bool) -> None:
    """Write a commented domain config draft from what nl2sql reads in the schema of DB."""
    from nl2sql.domain import parse_domain
    from nl2sql.opening import domain_file
    from nl2sql.profile import profile_of
    from nl2sql.profile.draft import default_path, draft_config, write_draft

    with _edge():
        database = _open(db)
        target = out or default_path(db, domain_file(db))
        text = draft_config(database.schema, profile_of(database.schema), database.display_name)
        import tomllib

        parse_domain(tomllib.loads(text), database.schema, target)  # the draft loads as written
        path = getattr(database, "path", None)
        write_draft(text, target, force, Path(path) if path is not None else None)
    # the default place is where nl2sql looks for this database's config; another needs --domain
    after = f"nl2sql reads it with --db {db}" if out is None else f"use it with --db {db} --domain {target}"
    click.echo(f"Wrote {target}: edit it, then {after}.")


@cli.group("eval")
def eval_group() -> None:
    """Measure an engine by execution on Spider, SParC, CoSQL or a question file."""


def _eval_options(func: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.option("--engine", type=click.Choice(["builtin", "llm", "auto"]), default=None,
                     help="Which engine writes the SQL (default: auto with a model, else builtin)."),
        click.option("--model", default=None, metavar="MODEL", help="Use a language model (needs the llm extra)."),
        click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the first N conversations."),
        click.option("--db-id", "db_ids", multiple=True, metavar="ID", help="Only conversations on this database."),
        click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."),
        click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Write every judged turn (SQL, result, time, verdict) as JSON lines."),
        click.option("--cues", "cues", is_flag=True,
                     help="Per entry of the built-in engine's cue table: how often it was used and how often the "
                          "answer was right."),
        click.option("--compare", nargs=2, type=click.Path(dir_okay=False, path_type=Path), default=None,
                     metavar="RUN_A RUN_B", help="Show what RUN_B fixed and broke against RUN_A; runs nothing."),
        click.option("--api-base", default=None, metavar="URL", help="An OpenAI-compatible server for --model."),
        click.option("--api-key-env", default=None, metavar="NAME", help="Variable holding the API key."),
        click.option("--dry-run", is_flag=True,
                     help="With --engine llm: build every prompt, call no model, report schema-pruning recall."),
        click.option("--samples", type=click.IntRange(min=1, max=MAX_SAMPLES), default=1, show_default=True,
                     metavar="N",
                     help="With a model: draw N candidate queries and run the one most of them agree on."),
        click.option("--memory", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
                     metavar="PATH", help="Offer the model examples from this memory file (read only); by default "
                                          "a run uses none, so it depends on nothing before it."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _evaluate(title: str, conversations: list, settings: Any, limit: int | None, db_ids: tuple[str, ...],
              jobs: int, out: Path | None, opts: dict[str, Any]) -> None:
    import dataclasses
    import time

    from nl2sql.evaluation.report import summary, write_run
    from nl2sql.evaluation.runner import run

    if db_ids:
        conversations = [c for c in conversations if c.db_id in db_ids]
    conversations = conversations[:limit] if limit else conversations
    if not conversations:
        raise UsageError("No conversations to run (check --db-id and --limit).")
    if opts.get("dry_run"):
        from nl2sql.evaluation.dry_run import dry_run

        click.echo(dry_run(conversations, settings.data_dir, settings.database, settings.today))
        return
    from nl2sql.engines import engine_for

    choice = _model(opts)
    name = engine_for(opts.get("engine"), choice)
    if name != "builtin":
        if choice is None:
            raise UsageError(f"--engine {name} needs a model: --model MODEL, NL2SQL_MODEL, or the config file.")
        settings = dataclasses.replace(settings, engine=name, model=choice, samples=opts.get("samples") or 1)
    if opts.get("memory") is not None:
        if settings.model is None:
            raise UsageError("--memory holds a model's examples; it needs --model.")
        from nl2sql.engines.llm.memory import Memory

        Memory(opts["memory"], read_only=True).similar("", "")  # a file that is not a memory fails here, once
        settings = dataclasses.replace(settings, memory=opts["memory"])
    records: list = []
    right = 0
    started = time.monotonic()
    progress: Any = click.progressbar(length=len(conversations), label=title, file=sys.stderr,
                                      item_show_func=lambda _: f"{100.0 * right / max(1, len(records)):.1f}% right")
    with progress as bar:
        for batch in run(conversations, settings, jobs):
            records.extend(batch)
            right += sum(r.ok for r in batch)
            bar.update(1)
    elapsed = time.monotonic() - started
    if out is not None:
        write_run(records, out)
    click.echo(summary(records, f"{title}: {len(conversations)} conversations, {len(records)} judged turns, "
                                f"engine {settings.engine}", elapsed))
    if opts.get("cues"):
        from nl2sql.evaluation.report import cue_lines

        click.echo("\n".join(cue_lines(records)))


def _compare_or(compare: tuple[Path, Path] | None) -> bool:
    if compare is None:
        return False
    from nl2sql.evaluation.report import compare as compare_runs

    click.echo(compare_runs(*compare))
    return True


def _benchmark_command(name: str, loader: str) -> None:
    @eval_group.command(name, help=f"Execution accuracy on {name.capitalize()} dev (DIR holds its data and Spider's "
                                   "databases).")
    @click.option("--data", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="DIR",
                  help="The benchmark folder (needed unless --compare).")
    @click.option("--on", "on", default="sqlite", show_default=True, metavar="ENGINE",
                  help="Run the predictions on a copy of each database in this engine: sqlite, duckdb, spark, or a "
                       "postgresql:// or mysql://user@host:port/db server (a database per copy; gold SQL stays on "
                       "SQLite).")
    @_eval_options
    def command(data: Path | None, engine: str | None, limit: int | None, db_ids: tuple[str, ...], jobs: int,
                out: Path | None, compare: tuple[Path, Path] | None, on: str, questions: Path | None = None,
                **opts: Any) -> None:
        from nl2sql.evaluation import datasets
        from nl2sql.evaluation.runner import Settings

        with _edge():
            if _compare_or(compare):
                return
            if data is None:
                raise UsageError("--data DIR is needed (the folder with the benchmark's data and databases).")
            if loader == "spider":
                spider, conversations = datasets.load_spider(data, questions)
            else:
                spider, conversations = datasets.load_context(data, loader)
            from nl2sql.evaluation.copies import check_engine, engine_name

            check_engine(on)
            title = (f"{name} dev" if questions is None else f"{name}: {questions.parent.name}/{questions.name}") \
                + (f" on {engine_name(on)}" if on != "sqlite" else "")
            _evaluate(title, conversations, Settings(data_dir=spider, engine=engine or "builtin", on=on), limit,
                      db_ids, jobs, out, {**opts, "engine": engine})

    if loader == "spider":  # Spider's questions reworded (Spider-Syn), or any file of its format
        click.option("--questions", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
                     metavar="FILE", help="Spider-format questions (db_id, question, query) to ask instead of dev's, "
                                          "on the same databases: a reworded set such as Spider-Syn.")(command)


for _name in ("spider", "sparc", "cosql"):
    _benchmark_command(_name, _name)


@eval_group.command("fit-confidence")
@click.option("--data", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="The benchmark folder (spider/, sparc/, cosql/), as for eval spider.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--write", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the mapping (default: the built-in engine's confidence.json).")
@click.option("--questions", "questions", nargs=2, multiple=True, metavar="FILE DB",
              type=(click.Path(dir_okay=False, exists=True, path_type=Path), str),
              help="Also fit on a question file about DB, read with its domain config (repeatable).")
@click.option("--today", callback=_parse_today, metavar="YYYY-MM-DD",
              help="The date the question files' relative phrases count from (the date DB was built with).")
@click.option("--sets", "manifests", multiple=True, type=click.Path(dir_okay=False, exists=True, path_type=Path),
              metavar="MANIFEST", help="Also fit on the question sets a manifest lists, each with its database "
                                       "and date (eval/as_is/build.py writes one; repeatable).")
def eval_fit_confidence(data: Path, jobs: int, write: Path | None, questions: tuple[tuple[Path, str], ...],
                        today: date | None, manifests: tuple[Path, ...]) -> None:
    """Refit the built-in engine's confidence on Spider, SParC and CoSQL dev (leave-one-database-out report)."""
    from nl2sql.evaluation.fit import QuestionSet, load_sets, refit

    with _edge():
        if today is not None and not questions:
            raise UsageError("--today is the date of the --questions files; give one with it.")
        sets = [QuestionSet(path, db, today) for path, db in questions]
        sets += [qs for manifest in manifests for qs in load_sets(manifest)]
        if write is None:
            import nl2sql.engines.builtin as builtin

            write = Path(builtin.__file__).parent / "confidence.json"
        click.echo(refit(data, jobs, write, sets))


@eval_group.command("questions")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--db", "db", required=True, metavar="DB", help="The database the questions are about.")
@click.option("--today", callback=_parse_today, metavar="YYYY-MM-DD", help="The date relative phrases count from.")
@_eval_options
def eval_questions(file: Path, db: str, today: date | None, engine: str | None, limit: int | None,
                   db_ids: tuple[str, ...], jobs: int, out: Path | None, compare: tuple[Path, Path] | None,
                   **opts: Any) -> None:
    """Accuracy on a question file (the format of shared/eval: single and chain items)."""
    from nl2sql.evaluation import datasets
    from nl2sql.evaluation.runner import Settings

    with _edge():
        if _compare_or(compare):
            return
        conversations = [c for c in datasets.load_questions(file)]
        # Opened once here: a name, file or server that cannot be opened is one line before the progress
        # bar is drawn, not an error from inside the run (from each worker process with --jobs).
        _open(db).close()
        settings = Settings(database=db, engine=engine or "builtin", today=today, rule="lenient", use_domain=True)
        _evaluate(file.name, conversations, settings, limit, db_ids, jobs, out, {**opts, "engine": engine})


def _started_after(build: Callable[[], InteractiveWorkflow]) -> Callable[[], InteractiveWorkflow]:
    """``build``, then the end of start-up: the REPL builds its workflow after its prompt is drawn."""
    def built() -> InteractiveWorkflow:
        workflow = build()
        _started()
        return workflow

    return built


def _started() -> None:
    """Start-up is over: collect garbage again, leaving what start-up built (modules, classes, the
    schema) out of every later collection. A no-op unless ``main`` turned collection off."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def main() -> None:
    import gc

    # Start-up allocates many long-lived objects (sqlglot's and prompt-toolkit's classes, the
    # schema) and little cyclic garbage: collecting while importing costs about a tenth of the time
    # to the first prompt (benchmarks/startup.py). Turned back on by _started(), before any turn.
    gc.disable()
    cli(prog_name="nl2sql")
