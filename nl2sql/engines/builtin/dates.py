"""Date phrases ("last month", "in 2025", "since March", "last 7 days") as half-open ranges.

Every phrase is resolved against an injected ``today``, so that tests and evaluations are
repeatable; "last month" is the previous calendar month, "this year" runs to the end of the year.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from nl2sql.errors import EngineError
from nl2sql.linking.text import Token, number_value

MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_UNITS = {"day": 1, "week": 7, "month": 30, "year": 365}
_LEADING = {"from", "in", "during", "for", "of", "on", "within", "over", "at"}


@dataclass(frozen=True)
class DateRange:
    """A period a question names, half-open, with the words the explanation uses for it."""
    start: date | None  # inclusive
    end: date | None  # exclusive
    label: str  # how the explanation names it: "in May 2026", "since 2026-03-01"


@dataclass(frozen=True)
class DateMatch:
    """A period and the words of the question that named it."""
    first: int  # token indices covered, inclusive
    last: int
    range: DateRange


def _month_start(d: date) -> date:
    return d.replace(day=1)


def _add_months(d: date, months: int) -> date:
    total = d.year * 12 + d.month - 1 + months
    return date(total // 12, total % 12 + 1, 1)


def _end_after_months(d: date, months: int) -> date | None:
    """The exclusive end ``months`` after ``d``; None (open) when it falls past 9999-12-31, the last
    day a date can hold: "in December 9999" runs to the end of the calendar."""
    return _add_months(d, months) if d.year * 12 + d.month - 1 + months < (date.max.year + 1) * 12 else None


def _next_day(d: date) -> date | None:
    """The exclusive end of the day ``d``; None (open) for the calendar's last day."""
    return d + timedelta(days=1) if d < date.max else None


def _end_after_days(d: date, days: int) -> date | None:
    return d + timedelta(days=days) if (date.max - d).days >= days else None


def month_range(year: int, month: int) -> DateRange:
    start = date(year, month, 1)
    return DateRange(start, _end_after_months(start, 1), f"in {calendar.month_name[month]} {year}")


def _number(text: str) -> int | None:
    value = number_value(text)
    return int(value) if value is not None and value.is_integer() else None


def _relative(words: list[str], i: int, today: date) -> tuple[int, DateRange] | None:
    """Match a phrase starting at word i; return (words used, range)."""
    w = words[i]
    nxt = words[i + 1] if i + 1 < len(words) else ""
    tomorrow = _next_day(today)
    if w == "today":
        return 1, DateRange(today, tomorrow, "today")
    if w == "tonight":
        return 1, DateRange(today, tomorrow, "tonight")
    if w == "yesterday":
        return 1, DateRange(today - timedelta(days=1), today, "yesterday")
    if w in ("this", "current") and nxt in ("week", "month", "year", "quarter"):
        return 2, _this_period(today, nxt)
    if w in ("last", "previous", "past") and nxt in ("week", "month", "year", "quarter"):
        return 2, _last_period(today, nxt)
    if w in _AHEAD and nxt in ("week", "month", "year", "quarter") and (ahead := _next_period(today, nxt)):
        return 2, ahead
    if w == "tomorrow" and tomorrow is not None:
        return 1, DateRange(tomorrow, _next_day(tomorrow), "tomorrow")
    onward = _AHEAD_PHRASES.get((w, nxt, words[i + 2] if i + 2 < len(words) else ""), 2 if (w, nxt) in (
        ("coming", "up"), ("in", "future")) else 0)
    if onward:
        return onward, DateRange(today, None, "from today on")  # "<rows> coming up", "still to come"
    if w == "upcoming" or (w in _AHEAD and _number(nxt) is not None and words[i + 2:i + 3] != []
                           and words[i + 2].rstrip("s") not in _UNITS):
        return 1, DateRange(today, None, "from today on")  # "upcoming visits", "the next 5 visits"
    day = _one_weekday(words, i, today)
    if day is not None:
        return day
    span = _span(words, i, today)
    return (3, span) if span is not None else None


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")  # date.weekday()


def _one_weekday(words: list[str], i: int, today: date) -> tuple[int, DateRange] | None:
    """ "last Monday", "next Friday", and "on Monday" in a line about what happened ("did we ...")
    or what is coming ("are we delivering ..."): that one day, not every Monday ("on Mondays")."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if nxt not in _WEEKDAYS:
        return None
    number = _WEEKDAYS.index(nxt)
    before = today - timedelta(days=(today.weekday() - number) % 7 or 7)
    after = today + timedelta(days=(number - today.weekday()) % 7 or 7)
    said = set(words)
    happened = bool(_PAST_WORDS & said) or any(len(w) > 4 and w.endswith("ed") for w in said)
    coming = bool(_FUTURE_WORDS & said) or bool({"are", "is", "am"} & said and any(w.endswith("ing") for w in said))
    if words[i] in ("last", "previous") or (words[i] == "on" and happened and not coming):
        day = before
    elif words[i] in _AHEAD or (words[i] == "on" and coming and not happened):
        day = after
    else:
        return None
    return 2, DateRange(day, day + timedelta(days=1), f"on {nxt.capitalize()} {day.isoformat()}")


def _span(words: list[str], i: int, today: date) -> DateRange | None:
    """ "the last 3 months" up to today, "the next 10 days" from today: a number of units either way."""
    n = _number(words[i + 1]) if i + 2 < len(words) else None
    unit = words[i + 2].rstrip("s") if n is not None else ""
    tomorrow = _next_day(today)
    if n is None or unit not in _UNITS:
        return None
    plural = "s" if n != 1 else ""
    if words[i] in ("last", "past", "previous"):
        return DateRange(_back(today, n, unit), tomorrow, f"in the last {n} {unit}{plural}")
    if words[i] in _AHEAD and tomorrow is not None:
        return DateRange(today, _ahead(tomorrow, n, unit), f"in the next {n} {unit}{plural}")
    return None


# Words of a period after today: "next month", "the coming week", "in the next 30 days".
_AHEAD = frozenset({"next", "coming", "upcoming", "following"})
# Phrases of three words that say from today on.
_AHEAD_PHRASES = {("in", "the", "future"): 3, ("still", "to", "come"): 3}


def _quarter_start(today: date) -> date:
    return date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)


def _this_period(today: date, unit: str) -> DateRange:
    """The calendar week, month, quarter or year today is in."""
    if unit == "week":
        start = today - timedelta(days=today.weekday())
        return DateRange(start, _end_after_days(start, 7), "this week")
    if unit == "month":
        start = _month_start(today)
        return DateRange(start, _end_after_months(start, 1), "this month")
    if unit == "quarter":
        start = _quarter_start(today)
        return DateRange(start, _end_after_months(start, 3), "this quarter")
    return DateRange(date(today.year, 1, 1), _end_after_months(date(today.year, 1, 1), 12), "this year")


def _last_period(today: date, unit: str) -> DateRange:
    """The calendar week, month, quarter or year before the one today is in."""
    if unit == "week":
        start = today - timedelta(days=today.weekday() + 7)
        return DateRange(start, start + timedelta(days=7), "last week")
    if unit == "month":
        start = _add_months(_month_start(today), -1)
        return DateRange(start, _add_months(start, 1), f"in {calendar.month_name[start.month]} {start.year}")
    if unit == "quarter":
        this_q = _quarter_start(today)
        return DateRange(_add_months(this_q, -3), this_q, "last quarter")
    return DateRange(date(today.year - 1, 1, 1), date(today.year, 1, 1), f"in {today.year - 1}")


def _next_period(today: date, unit: str) -> DateRange | None:
    """The calendar week, month, quarter or year after the one today is in (None past the calendar's end)."""
    try:
        if unit == "week":
            start = today - timedelta(days=today.weekday()) + timedelta(days=7)
            return DateRange(start, _end_after_days(start, 7), "next week")
        if unit == "month":
            start = _add_months(_month_start(today), 1)
            return DateRange(start, _end_after_months(start, 1), f"in {calendar.month_name[start.month]} {start.year}")
        if unit == "quarter":
            start = _add_months(_quarter_start(today), 3)
            return DateRange(start, _end_after_months(start, 3), "next quarter")
        start = date(today.year + 1, 1, 1)
        return DateRange(start, _end_after_months(start, 12), f"in {today.year + 1}")
    except (OverflowError, ValueError):
        return None


def _ahead(day: date, n: int, unit: str) -> date:
    """``n`` units after ``day``; a span reaching past the calendar's end stops at its last day."""
    try:
        if unit in ("day", "week"):
            return day + timedelta(days=n * _UNITS[unit])
        if unit == "month":
            return _add_months(day.replace(day=1), n) + timedelta(days=day.day - 1)
        return day.replace(year=day.year + n) if not (day.month == 2 and day.day == 29) else date(day.year + n, 2, 28)
    except (OverflowError, ValueError):
        return date.max


def _back(today: date, n: int, unit: str) -> date:
    """``n`` units before today; a span reaching past the calendar's start ("the last 10000 years")
    starts at its first day: every date the database can hold is inside it."""
    try:
        if unit in ("day", "week"):
            return today - timedelta(days=n * _UNITS[unit])
        if unit == "month":
            return _add_months(today.replace(day=1), -n) + timedelta(days=today.day - 1)
        return today.replace(year=today.year - n) if not (today.month == 2 and today.day == 29) \
            else date(today.year - n, 2, 28)
    except (OverflowError, ValueError):
        return date.min


_YEAR = re.compile(r"(19|20)\d\d")
_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": 4}


def _quarter_of_year(words: list[str], i: int) -> tuple[int, DateRange] | None:
    """ "the fourth quarter of 2023", "last quarter of 2023", "Q3 2024": three months of a year
    (a quarter said with its year is that year's, not the one before today)."""
    w = words[i]
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if re.fullmatch(r"q[1-4]", w) and _YEAR.fullmatch(nxt):
        quarter, year, used = int(w[1]), int(nxt), 2
    elif w in _QUARTERS and nxt == "quarter" and words[i + 2:i + 3] in (["of"], ["in"]) \
            and i + 3 < len(words) and _YEAR.fullmatch(words[i + 3]):
        quarter, year, used = _QUARTERS[w], int(words[i + 3]), 4
    else:
        return None
    start = date(year, 3 * quarter - 2, 1)
    return used, DateRange(start, _add_months(start, 3), f"in Q{quarter} {year}")


def _day_of_month(words: list[str], i: int, month: int, today: date) -> tuple[int, DateRange] | None:
    """ "June 15, 2024", "June 15": one day, of the year said, else the last one it has passed in."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    day = int(nxt) if re.fullmatch(r"\d{1,2}", nxt) else 0
    if not 1 <= day <= 31:
        return None
    year_word = words[i + 2] if i + 2 < len(words) else ""
    year = int(year_word) if _YEAR.fullmatch(year_word) else (today.year if (month, day) <= (today.month, today.day)
                                                              else today.year - 1)
    try:
        when = date(year, month, day)
    except ValueError as err:
        raise EngineError(f"{' '.join(words[i:i + 3])} is not a date ({err}).") from None
    return (3 if _YEAR.fullmatch(year_word) else 2), DateRange(when, _next_day(when), f"on {when.isoformat()}")


_DAY_FIRST = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_ORDINAL_ENDS = frozenset({"st", "nd", "rd", "th"})
# Words before a number that make it a count of rows, not a day: "top 5 December sales".
_RANKS = frozenset({"top", "bottom", "first", "last", "best", "worst", "biggest", "largest", "smallest", "latest",
                    "newest", "oldest", "earliest", "recent", "next", "highest", "lowest"})


def _range_year(words: list[str], at: int) -> int | None:
    """The year said once at the end of a range of two days ("1 June and 15 June 2025", "1 to 15 June
    2025" aside) for the first day, which has none of its own."""
    if _YEAR.fullmatch(_word(words, at + 1)) or _word(words, at + 1) not in ("and", "to", "until", "till", "through"):
        return None
    year = next((w for w in words[at + 2:at + 7] if _YEAR.fullmatch(w)), None)
    end = next((MONTHS[w] for w in words[at + 2:at + 7] if w in MONTHS), None)
    if year is None:
        return None
    # "28 December and 3 January 2026": the range crosses into the year said
    return int(year) - 1 if end is not None and end < MONTHS[words[at]] else int(year)


def _word(words: list[str], i: int) -> str:
    return words[i] if i < len(words) else ""


def _listed_year(words: list[str], i: int) -> int | None:
    """The year said once after a list of months ("March and April 2025", "May, June or in July 2024"):
    each month's in the list."""
    last = k = i
    while k + 1 < len(words) and (words[k + 1] in MONTHS or words[k + 1] in (",", "and", "or", "in")):
        k += 1
        last = k if words[k] in MONTHS else last
    return int(words[last + 1]) if last > i and last + 1 < len(words) and _YEAR.fullmatch(words[last + 1]) else None


def _absolute(words: list[str], i: int, today: date) -> tuple[int, DateRange] | None:
    w = words[i]
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if _YEAR.fullmatch(w):
        year = int(w)
        return 1, DateRange(date(year, 1, 1), date(year + 1, 1, 1), f"in {year}")
    if quarter := _quarter_of_year(words, i):
        return quarter
    if w in MONTHS:
        month = MONTHS[w]
        if _YEAR.fullmatch(nxt):
            return 2, month_range(int(nxt), month)
        if nxt == "of" and i + 2 < len(words) and _YEAR.fullmatch(words[i + 2]):  # "May of 2025"
            return 3, month_range(int(words[i + 2]), month)
        shift = {"last": -1, "this": 0, "next": 1}.get(nxt)
        if shift is not None and i + 2 < len(words) and words[i + 2] == "year":  # "October last year"
            return 3, month_range(today.year + shift, month)
        if one_day := _day_of_month(words, i, month, today):
            return one_day
        year = _listed_year(words, i) or (today.year if month <= today.month else today.year - 1)
        return 1, month_range(year, month)
    at = i + 1 + (nxt in _ORDINAL_ENDS)  # "17th" is read as "17" "th"
    at += _word(words, at) == "of"
    if (day_first := _DAY_FIRST.fullmatch(w)) and _word(words, at) in MONTHS and (i == 0 or words[i - 1] not in _RANKS):
        # "17 December", "the 17th of December 2025": the day said first, as the month's
        if (range_year := _range_year(words, at)) is not None:  # "between 1 June and 15 June 2025": its year
            today = date(range_year, 12, 31)
        try:
            found = _day_of_month([*words[:at], day_first.group(1), *words[at + 1:]], at - 1, MONTHS[words[at]], today)
        except EngineError:
            raise EngineError(f"{' '.join(words[i:at + 1])} is not a date.") from None
        return (found[0] + at - i - 1, found[1]) if found else None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", w):
        try:
            day = date.fromisoformat(w)
        except ValueError as err:  # "2026-02-30": a typo the user should hear about, not a crash
            raise EngineError(f"{w} is not a date ({err}).") from None
        return 1, DateRange(day, _next_day(day), f"on {w}")
    return None


def find_dates(tokens: list[Token], today: date) -> list[DateMatch]:
    """Every date phrase in the question, with the tokens it covers (leading "from"/"in" included).

    A phrase that reaches outside the years 1 to 9999 (what a date can hold) is one line to the user,
    never a crash: "after 9999-12-31", "the last month" counted from 0001-01-01."""
    words = [t.text for t in tokens]
    try:
        return _find_dates(words, today)
    except (OverflowError, ValueError) as err:
        raise EngineError(f"A date in the question falls outside the years 1 to 9999 ({err}).") from None


def _year_of_line(words: list[str]) -> int | None:
    """The one year a line says as a period ("in 2025", "during 2024"): a month said bare elsewhere
    in it ("in 2025 in May") is that year's, not the last May before today."""
    years = {w for k, w in enumerate(words) if _YEAR.fullmatch(w) and k > 0 and words[k - 1] in _LEADING}
    if len(years) != 1 or len({w for w in words if _YEAR.fullmatch(w)}) != 1:
        return None
    return int(years.pop())


# Words of a line about what is still to happen, and of one about what happened.
_FUTURE_WORDS = frozenset({"due", "upcoming", "will", "scheduled", "expire", "expires", "expiring", "renew",
                           "renews", "coming", "forthcoming", "planned", "ahead"})
_PAST_WORDS = frozenset({"was", "were", "did", "had", "been", "happened", "last"})


# Words that say rows are on the calendar: "what have we got on in December", "booked for March".
_ON_THE_CALENDAR = frozenset({("got", "on"), ("have", "on"), ("has", "on")})
_BOOKED = frozenset({"booked", "confirmed", "scheduled", "planned", "arranged", "reserved", "pencilled", "penciled"})


def _looks_ahead(words: list[str]) -> bool:
    """Whether the line asks about what is still to come ("which renewals fall due in March", "what
    have we got on in December", "confirmed for May"), so that a month said bare is its next one,
    not its last."""
    pairs = set(zip(words, words[1:], strict=False))
    # "booked for May", "booked for 17 May"; not "billed for May"
    booked = any(done in _BOOKED and w == "for" and (month in MONTHS or _DAY_FIRST.fullmatch(month))
                 for done, w, month in zip(words, words[1:], words[2:], strict=False))
    ahead = bool(_FUTURE_WORDS & set(words) or _ON_THE_CALENDAR & pairs or booked)
    return ahead and not _PAST_WORDS & set(words)


def _find_dates(words: list[str], today: date) -> list[DateMatch]:
    found: list[DateMatch] = []
    year = _year_of_line(words)
    months_today = date(year, 12, 31) if year is not None else today
    if year is None and _looks_ahead(words):  # "due in January": the next January, from this month on
        months_today = _add_months(_month_start(today), 12) - timedelta(days=1)
    i = 0
    while i < len(words):
        bound = _bound(words, i, today)
        hit = bound or _quarter_of_year(words, i) or _relative(words, i, today) \
            or (_absolute(words, i, months_today if words[i] in MONTHS or _DAY_FIRST.fullmatch(words[i]) else today)
                if words[i] not in _LEADING else None)
        if hit is None:
            hit = _between_dates(words, i, today)
        if hit is None:
            i += 1
            continue
        used, rng = hit
        first = i - 1 if i > 0 and words[i - 1] in _LEADING and not bound else i
        found.append(DateMatch(first, i + used - 1, rng))
        i += used
    return found


def _bound(words: list[str], i: int, today: date) -> tuple[int, DateRange] | None:
    """ "since <date>", "after <date>", "before <date>", "until <date>": one open end of a range.
    "after" a period starts where it ends, and nothing comes after the calendar's last day."""
    w = words[i]
    if w not in ("since", "after", "before", "until", "from") or i + 1 >= len(words):
        return None
    k = i + 1
    while k + 1 < len(words) and words[k] in ("the", "year"):  # "after the year <N>"
        k += 1
    inner = _relative(words, k, today) or _absolute(words, k, today)
    if not inner:
        return None
    used, rng = inner
    used += k - i
    if w == "from":  # "from 2024 onwards" is "since 2024"; "from 2024 to 2025" is a range
        if words[i + used:i + used + 1] not in (["onwards"], ["onward"]):
            return None
        w, used = "since", used + 1
    if w == "after" and rng.end is None:
        raise EngineError(f"Nothing comes {w} {rng.label.removeprefix('on ').removeprefix('in ')}: "
                          f"{date.max.isoformat()} is the last date that can be compared.")
    if w in ("since", "after"):
        start = rng.start if w == "since" else rng.end
        return used, DateRange(start, None, f"{w} {start.isoformat() if start else ''}")
    end = rng.start
    return used, DateRange(None, end, f"before {end.isoformat() if end else ''}")


def _between_dates(words: list[str], i: int, today: date) -> tuple[int, DateRange] | None:
    """ "between <date> and <date>", "from <date> to <date>": from the start of the first period to
    the end of the second. A year said only after the second ("between June 1 and June 15, 2024")
    is the first's too, or the year before when the first would come after the second."""
    if words[i] not in ("between", "from") or i + 3 >= len(words):
        return None
    bare = words[i + 1] in MONTHS and not _YEAR.fullmatch(words[i + 2]) and re.fullmatch(r"\d{1,2}", words[i + 2]) \
        and i + 3 < len(words) and not _YEAR.fullmatch(words[i + 3])
    if bare:  # a month and a day, no year: its length is known before the year is
        b = _absolute(words, i + 4, today) if words[i + 3] in ("and", "to", "until") else None
        year = b[1].start.year if b is not None and b[1].start is not None and _said_year(words, i + 4, b[0]) \
            else None
        a = _absolute(words, i + 1, date(year, 12, 31) if year else today)
        if a is not None and b is not None and year and a[1].start and b[1].start and a[1].start > b[1].start:
            a = _absolute(words, i + 1, date(year - 1, 12, 31))
    else:
        a = _absolute(words, i + 1, today)
    if not a or i + 1 + a[0] >= len(words) or words[i + 1 + a[0]] not in ("and", "to", "until"):
        return None
    b = _absolute(words, i + 2 + a[0], today)
    if not b:
        return None
    start, end = a[1].start, b[1].end
    return 2 + a[0] + b[0], DateRange(start, end, f"between {start} and {end or date.max}")


def _said_year(words: list[str], i: int, used: int) -> bool:
    """Whether the date phrase of ``used`` words at ``i`` says its year."""
    return any(_YEAR.fullmatch(w) for w in words[i:i + used])
