"""Is the confidence worth believing? Reliability, calibration error, and what the threshold buys.

A turn counts as answered confidently when its confidence is above the confirmation threshold
(the product runs it without asking); a turn without a query or a score abstained. Reported:
accuracy per confidence band (the reliability table), expected calibration error, precision of
the confident answers, their coverage of all questions, the silent-wrong rate (confident and
wrong: what a user would believe and should not), the false low-confidence rate (right answers the
product would still ask the user to confirm), and risk against coverage when the answers are
taken most confident first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nl2sql.config import CONFIRM_BELOW  # the product's --confirm-below: above it a reading runs unasked

BAR_WIDTH = 30


@dataclass(frozen=True)
class Band:
    low: float
    high: float
    count: int
    right: int
    mean_confidence: float

    @property
    def accuracy(self) -> float:
        return self.right / self.count if self.count else 0.0


@dataclass(frozen=True)
class Calibration:
    total: int  # judged turns, answered or not
    scored: int  # turns with a query and a confidence
    bands: tuple[Band, ...]
    ece: float  # expected calibration error over the scored turns
    threshold: float
    confident: int  # scored turns above the threshold
    confident_right: int
    right: int  # scored turns that were right, at any confidence
    curve: tuple[tuple[float, float], ...]  # (coverage, risk) taking the most confident first

    @property
    def precision(self) -> float:
        return self.confident_right / self.confident if self.confident else 0.0

    @property
    def coverage(self) -> float:
        return self.confident / self.total if self.total else 0.0

    @property
    def silent_wrong(self) -> float:
        return (self.confident - self.confident_right) / self.total if self.total else 0.0

    @property
    def false_low(self) -> float:
        """Share of the right answers at or below the threshold: asked about, though right."""
        return (self.right - self.confident_right) / self.right if self.right else 0.0


def calibration(scores: Sequence[tuple[float | None, bool]], threshold: float = CONFIRM_BELOW,
                bands: int = 10) -> Calibration:
    """``scores``: each judged turn's confidence (None: no query) and whether it was right."""
    scored = [(c, ok) for c, ok in scores if c is not None]
    table: list[Band] = []
    for n in range(bands):
        low, high = n / bands, (n + 1) / bands
        inside = [(c, ok) for c, ok in scored if low <= c < high or (n == bands - 1 and c == 1.0)]
        if inside:
            table.append(Band(low, high, len(inside), sum(ok for _, ok in inside),
                              sum(c for c, _ in inside) / len(inside)))
    ece = sum(b.count * abs(b.accuracy - b.mean_confidence) for b in table) / len(scored) if scored else 0.0
    confident = [ok for c, ok in scored if c > threshold]
    ranked = sorted(scored, key=lambda s: -s[0])
    curve, wrong = [], 0
    for taken, (_, ok) in enumerate(ranked, start=1):
        wrong += not ok
        curve.append((taken / len(scores), wrong / taken))
    return Calibration(len(scores), len(scored), tuple(table), ece, threshold, len(confident), sum(confident),
                       sum(ok for _, ok in scored), tuple(curve))


def report_lines(cal: Calibration) -> list[str]:
    """The calibration figures as report lines, with the risk-coverage curve drawn in text."""
    if not cal.total:
        return []
    lines = [
        f"  calibration           ECE {cal.ece:.3f} over {cal.scored} answered turns; above {cal.threshold:.2f} "
        f"(runs unasked): precision {100 * cal.precision:.1f}% ({cal.confident_right}/{cal.confident}), "
        f"coverage {100 * cal.coverage:.1f}%, silent-wrong {100 * cal.silent_wrong:.1f}%, "
        f"false low-confidence {100 * cal.false_low:.1f}% of right answers",
        "  reliability           confidence band: accuracy (turns)",
    ]
    for band in cal.bands:
        bar = "#" * round(BAR_WIDTH * band.accuracy)
        lines.append(f"    {band.low:.1f}-{band.high:.1f}  {bar:<{BAR_WIDTH}} {100 * band.accuracy:5.1f}% "
                     f"({band.count}, mean confidence {band.mean_confidence:.2f})")
    if cal.curve:
        lines.append("  risk by coverage      most confident first: share wrong among those taken")
        for tenth in range(1, 11):
            point = next((p for p in cal.curve if p[0] >= tenth / 10 - 1e-9), None)
            if point is None:
                lines.append(f"    {tenth * 10:>3}%  (no more answers)")
                break
            lines.append(f"    {tenth * 10:>3}%  {'#' * round(BAR_WIDTH * point[1]):<{BAR_WIDTH}} "
                         f"{100 * point[1]:5.1f}% wrong")
    return lines
