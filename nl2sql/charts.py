"""Results as pictures: a bar or line chart of one label column against numeric columns.

People compare a handful of numbers faster from bar heights than from a table, and see a trend
from a line faster than from a column of months. The shape is read from the result itself: the
first column that is not numeric labels the bars (the first column, when every column is a
number); every numeric column but a key (id, user_id) is a series; a label column of dates or
time buckets (2026-05, 2026-05-31, 2026-Q2) makes a line chart in time order. A result with a
time bucket, one category and one number (status, month, count) is one line per category.

Terminal charts are drawn by plotext (5.x: pure Python; 6.x needs a compiled part that not every
platform has a wheel for), images by matplotlib (the optional ``charts`` extra); both are
imported only when a chart is drawn, so start-up stays light.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from nl2sql.db import QueryResult
from nl2sql.errors import UsageError
from nl2sql.formatting import numeric_columns

BAR, LINE = "bar", "line"
KINDS = (BAR, LINE)
MAX_BARS = 40  # more bars than this are unreadable in a terminal: the first ones are drawn
MAX_POINTS = 1_000
MAX_SERIES = 8  # a legend of more lines than this is noise
# One marker per series: a terminal chart is drawn without colour (the REPL prints text only).
BAR_MARKERS = ("█", "░", "▒", "▓", "#", "=", "+", ":")
LINE_MARKERS = ("•", "x", "o", "+", "*", "#", "=", "~")
_TIME_BUCKET = re.compile(r"\d{4}(-(\d{2}|Q[1-4]|W\d{2})(-\d{2}([ T]\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?)?)?)?$")
_KEY = re.compile(r"(^|_)id$", re.IGNORECASE)
_TIME_NAMES = re.compile(r"(^|_)(year|month|quarter|week|day|date|hour)s?$", re.IGNORECASE)
CHARTS_EXTRA = "Images need matplotlib, which is not installed; run: pip install 'nl2sql[charts]'"


@dataclass(frozen=True)
class ChartData:
    """What a chart draws, read from a result: kept apart from drawing so both outputs agree."""

    kind: str
    label: str  # the label column's name
    labels: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]  # (name, one value per label)
    title: str
    left_out: int = 0  # rows not drawn (past MAX_BARS or MAX_POINTS)


def _is_time(value: Any) -> bool:
    return isinstance(value, (date, datetime)) or isinstance(value, str) and bool(_TIME_BUCKET.match(value))


def _column_kinds(result: QueryResult) -> tuple[list[int], list[int], list[int]]:
    """Indexes of the numeric, the time-bucket and the other (label) columns."""
    numeric: list[int] = []
    time: list[int] = []
    other: list[int] = []
    for index, (name, is_numeric) in enumerate(zip(result.columns, numeric_columns(result), strict=True)):
        values = [row[index] for row in result.rows if row[index] is not None]
        if is_numeric:
            is_year = _TIME_NAMES.search(name) and all(isinstance(v, int) for v in values)
            (time if is_year else numeric).append(index)
        elif values and all(_is_time(v) for v in values):
            time.append(index)
        else:
            other.append(index)
    return numeric, time, other


def _text(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, datetime):
        return value.isoformat(sep=" ", timespec="minutes" if value.second == 0 else "seconds")
    return value.isoformat() if isinstance(value, date) else str(value)


def _number(value: Any) -> float:
    """A bar's height: NULL, NaN and infinity draw as nothing (no axis can hold them)."""
    number = float(value) if value is not None else 0.0
    return number if math.isfinite(number) else 0.0


def chart_data(result: QueryResult, kind: str | None = None) -> ChartData:
    """The chart ``result`` makes; ``kind`` (bar or line) overrides the one its label column suggests."""
    if kind is not None and kind not in KINDS:
        raise UsageError(f"A chart is a bar or a line chart, not {kind!r}: /chart [bar|line].")
    numeric, time, other = _column_kinds(result)
    if len(time) == 1 and len(other) == 1 and len(numeric) == 1 and _few(result, other[0]):
        return _pivoted(result, time[0], other[0], numeric[0], kind or LINE)
    label = min(time + other) if time or other else numeric[0] if numeric else None
    series = _series(result, numeric, label)
    if label is None or not series or not result.rows:
        raise UsageError(_shape_error(result))
    chosen = kind or (LINE if label in time else BAR)
    rows = sorted(result.rows, key=lambda r: _text(r[label])) if label in time else list(result.rows)
    cap = MAX_BARS if chosen == BAR else MAX_POINTS
    drawn, names = rows[:cap], [result.columns[i] for i in series[:MAX_SERIES]]
    return ChartData(chosen, result.columns[label], tuple(_text(r[label]) for r in drawn),
                     tuple((result.columns[i], tuple(_number(r[i]) for r in drawn)) for i in series[:MAX_SERIES]),
                     f"{', '.join(names)} by {result.columns[label]}", len(rows) - len(drawn))


def _series(result: QueryResult, numeric: list[int], label: int | None) -> list[int]:
    """The numeric columns to draw: keys (id, user_id) only when there is nothing else, since the
    height of an id means nothing."""
    drawn = [i for i in numeric if i != label]
    measures = [i for i in drawn if not _KEY.search(result.columns[i])]
    return measures or drawn


def _few(result: QueryResult, column: int) -> bool:
    return len({row[column] for row in result.rows}) <= MAX_SERIES


def _pivoted(result: QueryResult, time: int, category: int, value: int, kind: str) -> ChartData:
    """(category, time bucket, number) rows as one series per category along the time buckets."""
    buckets = sorted({_text(r[time]) for r in result.rows})
    names = list(dict.fromkeys(_text(r[category]) for r in result.rows))
    cells = {(_text(r[category]), _text(r[time])): _number(r[value]) for r in result.rows}
    cap = MAX_BARS if kind == BAR else MAX_POINTS
    shown, kept = buckets[:cap], names[:MAX_SERIES]
    series = tuple((name, tuple(cells.get((name, b), 0.0) for b in shown)) for name in kept)
    left_out = sum(1 for r in result.rows if _text(r[time]) not in shown or _text(r[category]) not in kept)
    columns = result.columns
    return ChartData(kind, columns[time], tuple(shown), series,
                     f"{columns[value]} by {columns[time]}, one line per {columns[category]}", left_out)


def _shape_error(result: QueryResult) -> str:
    if not result.rows:
        return "The result has no rows to chart."
    columns = ", ".join(result.columns) or "none"
    return ("A chart needs a label column and at least one numeric column (say, status and a count); "
            f"this result's columns are: {columns}.")


def chart_text(data: ChartData, width: int = 100, height: int = 22) -> str:
    """The chart drawn with plotext as plain text (no colour codes: the REPL prints text only)."""
    import plotext

    plotext.clear_figure()  # plotext keeps one global figure: start from nothing every time
    try:
        plotext.limit_size(False, False)
        plotext.plot_size(max(40, width), max(10, height))
        plotext.theme("clear")
        plotext.title(data.title)
        names = [name for name, _ in data.series]
        if data.kind == BAR and len(data.series) == 1:
            plotext.bar(list(data.labels), list(data.series[0][1]), marker=BAR_MARKERS[0])
        elif data.kind == BAR:
            plotext.multiple_bar(list(data.labels), [list(v) for _, v in data.series], labels=names,
                                 marker=list(BAR_MARKERS[:len(names)]))
        else:
            positions = list(range(1, len(data.labels) + 1))
            for (name, values), marker in zip(data.series, LINE_MARKERS, strict=False):
                plotext.plot(positions, list(values), marker=marker, label=name if len(names) > 1 else None)
            plotext.xticks(*_ticks(positions, data.labels, width))
        plotext.yticks(*_value_ticks([v for _, values in data.series for v in values], from_zero=data.kind == BAR))
        text = plotext.uncolorize(plotext.build())
    finally:
        plotext.clear_figure()
    lines = [line.rstrip() for line in text.splitlines()]
    if data.left_out:
        lines.append(f"({data.left_out:,} more row{'s' if data.left_out != 1 else ''} not drawn)")
    return "\n".join(lines)


def _value_ticks(values: list[float], *, from_zero: bool) -> tuple[list[float], list[str]]:
    """About five round values up the axis, written as the tables write numbers (7,000, not 7156.0):
    plotext's own ticks are the raw floats it computed."""
    low, high = min(values), max(values)
    if from_zero:  # bars rise from zero
        low, high = min(low, 0.0), max(high, 0.0)
    if high == low:
        return [low], [_tick_text(low, 1.0)]
    rough = (high - low) / 4
    magnitude = 10 ** math.floor(math.log10(rough))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= rough)
    ticks = [n * step for n in range(math.ceil(low / step), math.floor(high / step) + 1)]
    return ticks, [_tick_text(t, step) for t in ticks]


def _tick_text(value: float, step: float) -> str:
    if step >= 1:
        return f"{value:,.0f}"
    decimals = max(0, -math.floor(math.log10(step)))
    return f"{value:,.{decimals}f}"


def _ticks(positions: list[int], labels: tuple[str, ...], width: int) -> tuple[list[int], list[str]]:
    """Labels for the x axis with room between them (plotext drops ones that collide), the last always
    among them: where a time series ends matters as much as where it starts."""
    room = max(len(label) for label in labels) + 3
    step = max(1, -(-len(positions) * room // max(room, width - 10)))
    chosen = list(range(0, len(positions), step))
    if chosen[-1] != len(positions) - 1:
        chosen[-1] = len(positions) - 1
    return [positions[i] for i in chosen], [labels[i] for i in chosen]


def save_chart_image(data: ChartData, path: Path, fmt: str) -> None:
    """The chart as a PNG or SVG file, drawn by matplotlib (the ``charts`` extra). Every text comes
    from the database, so none is read as mathtext: a label like ``$5 and $10`` would be drawn as a
    formula, and ``a$^$b`` would fail to parse."""
    try:
        from matplotlib.figure import Figure  # the object API: no pyplot, no global state, no display
    except ImportError:
        raise UsageError(CHARTS_EXTRA) from None
    try:
        _draw(Figure(figsize=(9, 5), layout="constrained"), data).savefig(path, format=fmt)
    except (ValueError, RuntimeError, OverflowError) as err:  # what matplotlib raises on a figure it cannot draw
        reason = str(err).strip().partition("\n")[0] or type(err).__name__
        raise UsageError(f"Cannot draw this chart as {fmt.upper()}: {reason}") from None


def _draw(figure: Any, data: ChartData) -> Any:
    literal = {"parse_math": False}
    axes = figure.add_subplot()
    positions = list(range(len(data.labels)))
    handles = []
    if data.kind == BAR:
        width = 0.8 / len(data.series)
        for n, (_name, values) in enumerate(data.series):
            offset = (n - (len(data.series) - 1) / 2) * width
            handles.append(axes.bar([p + offset for p in positions], values, width))
    else:
        for _name, values in data.series:
            handles += axes.plot(positions, values, marker="o")
    step = max(1, len(positions) // 24)  # at most about 24 tick labels, or they overlap
    tilted = len(positions) > 6
    axes.set_xticks(positions[::step], data.labels[::step], rotation=45 if tilted else 0,
                    ha="right" if tilted else "center", **literal)
    axes.set_xlabel(data.label, **literal)
    axes.set_title(data.title, **literal)
    if len(data.series) > 1:
        # Labels given with their handles: a name starting with "_" would otherwise be left out of the legend.
        legend = axes.legend(handles, [name for name, _ in data.series])
        for text in legend.get_texts():
            text.set_parse_math(False)
    return figure
