"""The profile written out as a domain config draft: what nl2sql read, for the owner to correct.

Everything the profile is sure enough to act on is written as a setting (date columns, the
revenue metric); what it only noticed (labels, money, units, self-references, bridges, views) is
written as comments, so that the draft loads as it is and says where to look.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from nl2sql.db.schema import Schema
from nl2sql.domain import DomainConfig, Metric
from nl2sql.errors import UsageError
from nl2sql.linking.text import spoken
from nl2sql.profile import Profile
from nl2sql.profile.inferred import received_metrics, revenue_metrics, spent_metrics
from nl2sql.profile.roles import said_unit

_KINDS = {"time": "a duration", "size": "a size", "length": "a length", "weight": "a weight"}


def _toml(value: str | list[str]) -> str:
    """A TOML string or list of strings (JSON's quoting is valid TOML for these)."""
    return json.dumps(value, ensure_ascii=False)


def _table_notes(profile: Profile, name: str) -> list[str]:
    notes = []
    labels = [c for t, c in profile.labels if t == name]
    if labels:
        notes.append(f"# a row is named by its {', '.join(labels)}")
    money = [c for t, c in profile.money if t == name]
    if money:
        notes.append(f"# money: {', '.join(money)}")
    notes += [f"# {u.column} is {_KINDS[u.dimension]} in {said_unit(u.unit)}"
              for u in profile.units if u.table == name]
    notes += [f"# {r.column} refers back to this table's {r.ref_column} (a manager, a parent)"
              for r in profile.self_references if r.table == name]
    if name in profile.bridges:
        notes.append("# a bridge: it links the rows of the tables it refers to, many to many")
    if name in profile.views:
        notes.append("# a view: nl2sql joins base tables, and reads this one when a question names it")
    return notes


def _metric(metric: Metric) -> list[str]:
    lines = [f"[metrics.{metric.name}]", f"table = {_toml(metric.table)}", f"expression = {_toml(metric.expression)}",
             f"description = {_toml(metric.description)}"]
    if metric.where:  # the rows counted (no sale called off), for the owner to check
        lines.append(f"where = {_toml(metric.where)}")
    if metric.synonyms:
        lines.append(f"synonyms = {_toml(list(metric.synonyms))}")
    if metric.question is not None:
        q = metric.question
        lines.append(f"question = {{ text = {_toml(q.text)}, choices = {_toml(list(q.choices))}, "
                     f"values = {_toml(list(q.values))}, default = {q.default or 1} }}")
    return lines


def draft_config(schema: Schema, profile: Profile, source: str) -> str:
    """The commented TOML draft of ``profile`` for the database ``source`` names."""
    out = [f"# A domain config draft for {source}, written by `nl2sql domain init` from its schema.",
           "# Format: docs/domain-config.md. Correct what is wrong and delete what you do not want:",
           "# nl2sql checks this file against the schema each time it loads it.", ""]
    for table in schema.tables:
        out.append(f'[tables.{_toml(table.name)}]')
        out.append(f"# synonyms = [\"another word for {spoken(table.name)}\"]")
        date = table.default_date_column
        if date is not None:
            out.append(f"date_column = {_toml(date.name)}  # the date a row is from")
        out += _table_notes(profile, table.name)
        out.append("")
    out += ["[columns]", '# "table.column" = ["another word for the column"]', ""]
    for said, metrics in (("Revenue", revenue_metrics(profile, schema, DomainConfig())),
                          ("Money received", received_metrics(schema, DomainConfig())),
                          ("Money the business spent", spent_metrics(profile, schema, DomainConfig()))):
        if metrics:
            out.append(f"# {said} as nl2sql reads it when no metric is configured:")
        for metric in metrics:
            out += [*_metric(metric), ""]
    return "\n".join(out)


def default_path(target: str, database_file: Path | None) -> Path:
    """Where the database's own config is looked for: beside a file, or in the data directory for
    a server. A bundled fixture's config ships with nl2sql and is never the default."""
    from nl2sql import fixtures
    from nl2sql.db.targets import parse_url
    from nl2sql.sidecars import server_sidecar, sidecar_for

    if "://" in target:
        url = parse_url(target)
        return server_sidecar(url) if url.is_server else sidecar_for(url.path)
    path = Path(target).expanduser()
    if path.is_file():
        return database_file if database_file is not None else sidecar_for(path)
    if target in fixtures.available():
        raise UsageError(f"{target} is a bundled fixture with its own config; give --out FILE for the draft.")
    raise UsageError(f"I cannot tell where {target}'s config lives; give --out FILE.")


def write_draft(text: str, out: Path, force: bool, database_file: Path | None = None) -> None:
    """Write the draft whole or not at all; an existing file is replaced only when asked, and the
    database the draft describes never, whatever is asked."""
    if not out.name or out.is_dir():
        raise UsageError(f"--out needs a file name, not {str(out) or 'an empty name'!r}.")
    if database_file is not None and out.resolve() == database_file.resolve():
        raise UsageError(f"{out} is the database itself; give --out another file.")
    if out.exists() and not force:
        raise UsageError(f"{out} exists; nl2sql replaces it only with --force.")
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)
    except OSError as err:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise UsageError(f"Could not write {out}: {err.strerror or err}.") from None
