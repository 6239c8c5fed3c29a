"""Fit the built-in engine's confidence: logistic regression over its signals, one fold per database.

Reproducible and small on purpose: Newton's method on a handful of standardised signals, an L2
penalty, and signals that can only count against a reading held at weights <= 0 (an active set:
a weight that comes out positive is fixed at zero and the rest refitted). Cross-validation leaves
one database out at a time, so no database scores itself; the shipped mapping is then fitted on
all of them. No training framework, here or at run time.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from nl2sql.engines.builtin.signals import DOUBTS, Mapping, capped
from nl2sql.errors import UsageError

if TYPE_CHECKING:
    from nl2sql.evaluation.runner import TurnRecord

L2 = 1.0
UNCLEAR_CAP = 0.5  # what the session does to a reading reached through an unclear routing
NEWTON_STEPS = 30
# The session caps a reading after an unclear routing, and one that read a state from a verb, itself;
# the heuristic score is a sum of other signals, and fitting it beside them would give it a weight
# of either sign.
NOT_FITTED = frozenset({"route_low", "heuristic", "guessed_state"})
# Lifts learned from too few databases to trust in full, at most this many logits (odds x e^2 ~ 7):
# a domain config is seen on one database of the fit, where every reading was right.
LIFTS = {"configured": 2.0}


@dataclass(frozen=True)
class QuestionSet:
    """A question file, the database it asks about, and the date its relative phrases count from
    (the date the database was built with)."""
    questions: Path
    database: str
    today: date | None = None


@dataclass(frozen=True)
class Example:
    database: str
    signals: dict[str, float]
    right: bool


def fit(examples: Sequence[Example], features: Sequence[str]) -> Mapping:
    """The logistic mapping that best predicts ``right`` from ``features``, doubts kept non-positive."""
    means = {f: sum(e.signals.get(f, 0.0) for e in examples) / len(examples) for f in features}
    scales = {}
    for f in features:
        var = sum((e.signals.get(f, 0.0) - means[f]) ** 2 for e in examples) / len(examples)
        scales[f] = math.sqrt(var) or 1.0
    rows = [[(e.signals.get(f, 0.0) - means[f]) / scales[f] for f in features] for e in examples]
    labels = [1.0 if e.right else 0.0 for e in examples]
    free = [i for i, f in enumerate(features)]
    fixed: dict[int, float] = {}  # held weights: 0 for a rewarded doubt, the limit for a capped lift
    while True:
        offsets = [sum(w * r[i] for i, w in fixed.items()) for r in rows]
        bias, weights = _newton([[r[i] for i in free] for r in rows], labels, offsets)
        held = {free[k]: 0.0 for k, w in enumerate(weights) if features[free[k]] in DOUBTS and w > 0}
        held |= {free[k]: LIFTS[features[free[k]]] * scales[features[free[k]]] for k, w in enumerate(weights)
                 if features[free[k]] in LIFTS and w > LIFTS[features[free[k]]] * scales[features[free[k]]]}
        if not held:
            break
        fixed |= held
        free = [i for i in free if i not in held]
    fitted = dict.fromkeys(features, 0.0)
    fitted.update({features[i]: w for i, w in fixed.items()})
    for k, i in enumerate(free):
        fitted[features[i]] = weights[k]
    return Mapping(fitted, means, scales, bias)


def _newton(rows: list[list[float]], labels: list[float], offsets: list[float]) -> tuple[float, list[float]]:
    """Penalised logistic regression by Newton's method; column 0 of the system is the bias, and each
    row's offset is what the held weights add to it."""
    width = len(rows[0]) + 1 if rows else 1
    beta = [0.0] * width
    for _ in range(NEWTON_STEPS):
        grad = [0.0] * width
        hess = [[0.0] * width for _ in range(width)]
        for row, y, offset in zip(rows, labels, offsets, strict=True):
            x = [1.0, *row]
            z = offset + sum(b * v for b, v in zip(beta, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            w = p * (1.0 - p)
            for i in range(width):
                grad[i] += (y - p) * x[i]
                for j in range(i, width):
                    hess[i][j] += w * x[i] * x[j]
        for i in range(width):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:  # no penalty on the bias
                grad[i] -= L2 * beta[i]
                hess[i][i] += L2
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return beta[0], beta[1:]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems here are a few dozen wide)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= factor * a[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        if abs(a[r][r]) < 1e-12:
            continue
        out[r] = (a[r][n] - sum(a[r][c] * out[c] for c in range(r + 1, n))) / a[r][r]
    return out


def session_score(mapping: Mapping, signals: dict[str, float]) -> float:
    """The confidence the session would report: the mapping, capped for a partial reading and after
    an unclear routing."""
    p = capped(mapping.probability(tuple(signals.items())), tuple(signals.items()))
    return min(p, UNCLEAR_CAP) if signals.get("route_low") else p


BENCHMARKS = ("spider", "sparc", "cosql")


def load_sets(manifest: Path) -> list[QuestionSet]:
    """The question sets a manifest lists: a JSON list of {"questions", "db", "today"}, paths
    relative to the manifest (``eval/as_is/build.py`` writes one beside the databases it builds)."""
    try:
        items = json.loads(manifest.read_text(encoding="utf-8"))
        return [QuestionSet(manifest.parent / item["questions"], str(manifest.parent / item["db"]),
                            date.fromisoformat(item["today"]) if item.get("today") else None) for item in items]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"{manifest}: not a question-set manifest ({exc}).") from None


def collect(data: Path, jobs: int, questions: Sequence[QuestionSet] = ()) -> dict[str, list[TurnRecord]]:
    """Every judged turn of the development benchmarks and question files (each with the database
    it asks about, read with that database's domain config), with its signals, through the product path."""
    from nl2sql.evaluation import datasets
    from nl2sql.evaluation.runner import Settings, run

    out: dict[str, list[TurnRecord]] = {}
    for name in BENCHMARKS:
        try:
            spider, conversations = datasets.load_spider(data) if name == "spider" else \
                datasets.load_context(data, name)
        except UsageError:  # a benchmark that is not there is left out; the report says which ran
            continue
        out[name] = [r for batch in run(conversations, Settings(data_dir=spider), jobs) for r in batch]
    for qs in questions:
        settings = Settings(database=qs.database, rule="lenient", use_domain=True, today=qs.today)
        # held out as one database by its path: two sets may name different databases alike
        batches = run(datasets.load_questions(qs.questions), settings, jobs)
        out[qs.questions.name] = [replace(r, db_id=qs.database) for batch in batches for r in batch]
    if not out:
        raise UsageError(f"No benchmark under {data} (expected spider/, sparc/ or cosql/).")
    return out


def right_as_shown(record: TurnRecord) -> bool:
    """What the confidence learns to predict. Whole rows (``SELECT *``) are how the engine shows the
    rows a question asks for, as the project's own question files expect; a benchmark gold that
    picks one column of those rows judges that presentation, not the reading. So a listing of whole
    rows is right when it holds the gold's columns and rows; every other shape is judged by the
    benchmark's own rule, and the reports below stay on that rule."""
    return record.ok or bool(record.contains and record.signals and record.signals.get("all_columns"))


def refit(data: Path, jobs: int, target: Path, questions: Sequence[QuestionSet] = ()) -> str:
    """Cross-validated calibration per benchmark, then the mapping fitted on all of them, written to ``target``."""
    from nl2sql.evaluation.calibration import calibration, report_lines

    runs = collect(data, jobs, questions)
    examples = {name: [Example(r.db_id, r.signals, right_as_shown(r)) for r in records if r.signals is not None]
                for name, records in runs.items()}
    every = [e for group in examples.values() for e in group]
    if len({e.database for e in every}) < 2:
        raise UsageError("Fitting needs answered turns on at least two databases (one is held out at a time).")
    features = sorted({f for e in every for f in e.signals} - NOT_FITTED)
    scored = {id(e): s for e, s in zip(every, cv_scores(every, features), strict=True)}
    lines = [f"confidence fitted on {len(every)} answered turns of {', '.join(runs)} "
             f"({len({e.database for e in every})} databases; scores below are leave-one-database-out)"]
    for name, records in runs.items():
        by_record = iter(examples[name])
        scores: list[tuple[float | None, bool]] = []
        for r in records:
            scores.append((scored[id(next(by_record))], r.ok) if r.signals is not None else (None, r.ok))
        lines.append(f"{name} ({len(records)} turns)")
        lines += report_lines(calibration(scores))
    mapping = fit(every, features)
    target.write_text(json.dumps({"fitted_on": list(runs), "turns": len(every), "l2": L2,
                                  "mapping": mapping.to_json()}, indent=1, sort_keys=True) + "\n")
    lines.append(f"wrote {target}")
    return "\n".join(lines)


def cv_scores(examples: list[Example], features: list[str]) -> list[float]:
    """Each example's score from the fold without its database, in the order given."""
    scores: dict[int, float] = {}
    for database in sorted({e.database for e in examples}):
        mapping = fit([e for e in examples if e.database != database], features)
        for e in examples:
            if e.database == database:
                scores[id(e)] = session_score(mapping, e.signals)
    return [scores[id(e)] for e in examples]
