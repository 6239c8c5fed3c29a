"""Text tables: wide characters line up, and a table of ASCII never loads wcwidth (nl2sql/tables.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from wcwidth import wcswidth

from nl2sql.tables import tabulate


def _in_a_fresh_process(code: str) -> str:
    """Output of ``code`` run where nothing has imported wcwidth or tabulate yet."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "NO_COLOR": "1"})
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_wide_characters_line_up_when_wcwidth_loads_late() -> None:
    """The table that first holds wide text imports wcwidth into a tabulate loaded without it."""
    code = ("import sys\nfrom nl2sql.tables import tabulate\n"
            "print(tabulate([['Paris', 12]], headers=['city', 'visits'], tablefmt='psql'))\n"
            "assert 'wcwidth' not in sys.modules\n"
            "print(tabulate([['東京', 3], ['Paris', 12], ['😀 party', None]], headers=['city', 'visits'],"
            " tablefmt='psql', missingval='—'))\n")
    lines = _in_a_fresh_process(code).splitlines()[5:]
    assert len(lines) == 7 and "東京" in lines[3], lines
    assert len({wcswidth(line) for line in lines}) == 1, lines


def test_missing_values_count_as_table_text() -> None:
    lines = tabulate([[None, 3], ["a", 4]], headers=["x", "n"], tablefmt="psql", missingval="東京").splitlines()
    assert len({wcswidth(line) for line in lines}) == 1, lines


def test_an_ascii_table_after_a_wide_one_is_measured_by_length() -> None:
    tabulate([["東京"]], headers=["city"])
    assert sys.modules["tabulate"].WIDE_CHARS_MODE
    tabulate([["Paris"], ["Rome"]], headers=["city"], tablefmt="psql")
    assert not sys.modules["tabulate"].WIDE_CHARS_MODE


def test_headers_named_as_tabulate_names_them() -> None:
    text = tabulate([{"city": "東京", "visits": 3}], headers="keys", tablefmt="plain")
    assert text.splitlines()[0].split() == ["city", "visits"]


def test_an_ascii_answer_does_not_load_wcwidth() -> None:
    """The one-shot ``ask`` prints an ASCII table; wcwidth's 13 ms of import is for tables that need it."""
    code = ("import sys; from nl2sql.cli import main; sys.argv = ['nl2sql', 'ask', 'how many users are there',"
            " '--db', 'ecommerce']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('wcwidth' in sys.modules, 'tabulate' in sys.modules)")
    out = _in_a_fresh_process(code)
    assert "user_count" in out and out.splitlines()[-1] == "False True", out
