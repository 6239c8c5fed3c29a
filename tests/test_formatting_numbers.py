"""Numbers as people read them: separators for quantities, none for identifiers and years; two
decimals, but never 0.00 for a value that is not zero. Checked in every renderer that shows them."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.db import QueryResult
from nl2sql.formatting import display_value, render_result
from tests.conftest import TODAY

COLUMNS = ("year", "id", "user_id", "customerId", "zip_code", "phone", "order year", "total", "paid", "width",
           "phone_call_count", "zip_code_count")  # a count of phone calls, of zip codes: quantities
ROW = (2024, 12345, 12345, 12345, 90210, 5551234, 2025, 12345, 12345, 12345, 12345, 12345)
SHOWN = ("2024", "12345", "12345", "12345", "90210", "5551234", "2025", "12,345", "12,345", "12,345", "12,345",
         "12,345")


def _cells(text: str, line: int) -> list[str]:
    return [cell.strip() for cell in text.splitlines()[line].strip("|").split("|")]


@pytest.mark.parametrize(("fmt", "line"), [("table", 3), ("markdown", 2)])
def test_identifiers_and_years_have_no_separators_quantities_do(fmt: str, line: int) -> None:
    text = render_result(QueryResult(COLUMNS, (ROW,), 1, False), fmt)
    assert _cells(text, line) == list(SHOWN)


def test_vertical_records_decide_by_column_too() -> None:
    text = render_result(QueryResult(COLUMNS, (ROW,), 1, False), "vertical")
    shown = dict(line.strip().split(": ", 1) for line in text.splitlines()[1:-1])
    assert shown == dict(zip(COLUMNS, SHOWN, strict=True))


@pytest.mark.parametrize(("value", "shown"), [
    (0.004, "0.004"), (0.000123, "0.00012"), (-0.004, "-0.004"), (Decimal("0.0042"), "0.0042"),
    (0.0, "0.00"), (0.01, "0.01"), (0.125, "0.12"), (1234.5, "1,234.50"), (Decimal("1234.5"), "1,234.50"),
    (float("nan"), "nan"), (Decimal("NaN"), "NaN"),
])
def test_small_values_keep_two_significant_digits_instead_of_reading_as_zero(value, shown: str) -> None:
    assert display_value(value) == shown


def test_ask_prints_a_year_without_a_separator(ecommerce_path: Path) -> None:
    run = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(),
                                   "/sql SELECT 2024 AS year, 12345 AS n, 0.004 AS rate"])
    assert run.exit_code == 0, run.output
    lines = run.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("|") and "year" in line)
    assert _cells(run.stdout, header + 2) == ["2024", "12,345", "0.004"]
