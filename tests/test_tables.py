"""Text tables: wide characters line up, and a table of ASCII never loads wcwidth (nl2sql/tables.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from wcwidth import wcswidth

from nl2sql.tables import tabulate


def test_wide_characters_line_up() -> None:
    rows = [["東京", 3], ["Paris", 12], ["😀 party", 1]]
    lines = tabulate(rows, headers=["city", "visits"], tablefmt="psql").splitlines()
    assert len({wcswidth(line) for line in lines}) == 1, lines


def test_an_ascii_table_after_a_wide_one_is_measured_by_length() -> None:
    tabulate([["東京"]], headers=["city"])
    lines = tabulate([["Paris"], ["Rome"]], headers=["city"], tablefmt="psql").splitlines()
    assert len({len(line) for line in lines}) == 1, lines


def test_an_ascii_answer_does_not_load_wcwidth() -> None:
    """The one-shot ``ask`` prints an ASCII table; wcwidth's 13 ms of import is for tables that need it."""
    code = ("import sys; from nl2sql.cli import main; sys.argv = ['nl2sql', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('wcwidth' in sys.modules, 'tabulate' in sys.modules, file=sys.stderr)")
    env = {**os.environ, "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-c", code, "ask", "how many users are there", "--db", "ecommerce"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert "count" in out.stdout, out.stderr
    assert out.stderr.strip().splitlines()[-1] == "False True", out.stderr
