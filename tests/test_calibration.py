"""The eval's calibration figures, on scores whose answers are known."""

from __future__ import annotations

import pytest

from nl2sql.evaluation.calibration import calibration, report_lines

# Ten judged turns: four confident (three right), four unsure (one right), two with no query.
SCORES = [(0.95, True), (0.92, True), (0.85, True), (0.80, False),
          (0.70, True), (0.60, False), (0.55, False), (0.30, False), (None, False), (None, False)]


def test_threshold_figures() -> None:
    cal = calibration(SCORES, threshold=0.75)
    assert (cal.total, cal.scored, cal.confident, cal.confident_right) == (10, 8, 4, 3)
    assert cal.precision == pytest.approx(0.75) and cal.coverage == pytest.approx(0.4)
    assert cal.silent_wrong == pytest.approx(0.1)
    assert cal.right == 4 and cal.false_low == pytest.approx(0.25)  # one right answer of four was asked about


def test_reliability_bands_and_expected_calibration_error() -> None:
    cal = calibration(SCORES, threshold=0.75)
    bands = {round(b.low, 1): (b.count, b.right) for b in cal.bands}
    assert bands == {0.9: (2, 2), 0.8: (2, 1), 0.7: (1, 1), 0.6: (1, 0), 0.5: (1, 0), 0.3: (1, 0)}
    expected = (2 * abs(1.0 - 0.935) + 2 * abs(0.5 - 0.825) + abs(1 - 0.7) + 0.6 + 0.55 + 0.3) / 8
    assert cal.ece == pytest.approx(expected)


def test_a_perfectly_calibrated_run_has_no_error_and_the_curve_takes_the_surest_first() -> None:
    perfect = [(1.0, True)] * 3 + [(0.0, False)] * 3
    cal = calibration(perfect)
    assert cal.ece == pytest.approx(0.0)
    assert cal.curve[0] == (pytest.approx(1 / 6), 0.0) and cal.curve[-1] == (pytest.approx(1.0), 0.5)


def test_report_lines_name_every_figure() -> None:
    text = "\n".join(report_lines(calibration(SCORES)))
    assert "false low-confidence 25.0% of right answers" in text
    assert "precision 75.0% (3/4)" in text and "coverage 40.0%" in text and "silent-wrong 10.0%" in text
    assert "0.9-1.0" in text and "risk by coverage" in text
    assert report_lines(calibration([])) == []
