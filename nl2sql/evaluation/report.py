"""Figures from judged turns: overall, by difficulty and database, failure categories, and what a
second run fixed or broke."""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path

from nl2sql.errors import UsageError
from nl2sql.evaluation.calibration import calibration, report_lines
from nl2sql.evaluation.classify import EASY, EXTRA, HARD, MEDIUM
from nl2sql.evaluation.runner import TurnRecord


def _pct(ok: int, n: int) -> str:
    return f"{100.0 * ok / n:.1f}% ({ok}/{n})" if n else "n/a"


def summary(records: list[TurnRecord], title: str, seconds: float) -> str:
    lines = [title]
    n, ok = len(records), sum(r.ok for r in records)
    by_conv: dict[str, list[TurnRecord]] = defaultdict(list)
    for r in records:
        by_conv[r.conversation].append(r)
    multi = any(len(v) > 1 for v in by_conv.values())
    if multi:
        lines.append(f"  turn accuracy         {_pct(ok, n)}")
        whole = sum(all(r.ok for r in v) for v in by_conv.values())
        lines.append(f"  interaction accuracy  {_pct(whole, len(by_conv))}")
        judged = [r for r in records if r.context_kept is not None]
        agree = sum((r.intent == "refinement") == r.context_kept for r in judged)
        lines.append(f"  context kept          intent agrees with the gold query keeping the previous main table "
                     f"(a derived signal): {_pct(agree, len(judged))}")
    else:
        lines.append(f"  execution accuracy    {_pct(ok, n)}")
    with_intents = [r for r in records if r.expected_intent]
    if with_intents:
        right = sum(r.intent == r.expected_intent for r in with_intents)
        lines.append(f"  intent                {_pct(right, len(with_intents))}")
    times = sorted(r.seconds for r in records)
    if times:
        p50, p95 = statistics.median(times) * 1000, times[int(0.95 * (len(times) - 1))] * 1000
        lines.append(f"  time                  {seconds:.1f} s wall; per turn p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    levels = Counter(r.difficulty for r in records)
    lines.append("  by difficulty         " + "  ".join(
        f"{level} {_pct(sum(r.ok for r in records if r.difficulty == level), levels[level])}"
        for level in (EASY, MEDIUM, HARD, EXTRA) if levels[level]))
    dbs = sorted({r.db_id for r in records})
    if len(dbs) > 1:
        lines.append("  by database")
        for db in dbs:
            mine = [r for r in records if r.db_id == db]
            lines.append(f"    {db:<32} {_pct(sum(r.ok for r in mine), len(mine))}")
    wrong = Counter(r.category for r in records if not r.ok)
    if wrong:
        lines.append("  wrong answers by category: " + ", ".join(f"{c} {k}" for c, k in wrong.most_common()))
    lines += _model_lines(records)
    lines += report_lines(calibration([(r.confidence, r.ok) for r in records]))
    return "\n".join(lines)


def _model_lines(records: list[TurnRecord]) -> list[str]:
    """With a model: its calls, tokens and cost per question, and, when two engines answered
    (--engine auto), each one's share of the questions and its accuracy."""
    calls = sum(r.model_calls for r in records)
    if not calls:
        return []
    n = max(1, len(records))
    costs = [r.cost for r in records if r.cost is not None]
    cost = f", cost ${sum(costs) / n:.5f}" if costs else ", cost unknown"
    lines = [f"  model                 {calls / n:.2f} calls, {sum(r.tokens for r in records) / n:,.0f} tokens"
             f"{cost} per question ({calls} calls)"]
    engines = Counter(r.engine for r in records if r.engine is not None)
    if len(engines) > 1:
        lines.append("  answered by           " + "  ".join(
            f"{name} {_pct(count, n)}, right {_pct(sum(r.ok for r in records if r.engine == name), count)}"
            for name, count in engines.most_common()))
    return lines


def cue_lines(records: list[TurnRecord]) -> list[str]:
    """Per entry of the built-in engine's cue table: on how many turns the reading used it, and how
    many of those were right, beside the accuracy of all turns: a cue whose turns fall well below it
    is a rule worth reading again."""
    from nl2sql.engines.builtin.cues import cues

    n, ok = len(records), sum(r.ok for r in records)
    lines = [f"  cues                  turns whose reading used the cue, and how many were right (all turns: "
             f"{_pct(ok, n)})"]
    silent = []
    for cue in cues():
        used = [r for r in records if cue.id in r.cues]
        if used:
            lines.append(f"    {cue.id:<30} {len(used):>5} turns  {_pct(sum(r.ok for r in used), len(used))}")
        else:
            silent.append(cue.id)
    if silent:
        lines.append("    never used: " + ", ".join(silent))
    return lines


def write_run(records: list[TurnRecord], path: Path) -> None:
    with path.open("w") as out:
        for r in sorted(records, key=lambda r: (r.conversation, r.turn)):
            out.write(json.dumps(r.to_json()) + "\n")


def _load(path: Path) -> dict[tuple[str, int], dict]:
    if not path.is_file():
        raise UsageError(f"No run file at {path}.")
    rows = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            rows[(row["conversation"], row["turn"])] = row
    return rows


def compare(before: Path, after: Path, show: int = 15) -> str:
    a, b = _load(before), _load(after)
    common = sorted(set(a) & set(b))
    fixed = [k for k in common if b[k]["ok"] and not a[k]["ok"]]
    broken = [k for k in common if a[k]["ok"] and not b[k]["ok"]]
    lines = [f"{before.name}: {sum(a[k]['ok'] for k in common)}/{len(common)} right; "
             f"{after.name}: {sum(b[k]['ok'] for k in common)}/{len(common)} right "
             f"({len(fixed)} fixed, {len(broken)} broken)"]
    for label, keys, source in (("fixed", fixed, b), ("broken", broken, b)):
        for key in keys[:show]:
            row = source[key]
            lines.append(f"  {label:<6} {key[0]}#{key[1]} {row['question']!r} -> {row['predicted']!r}")
    return "\n".join(lines)
