"""The command-line contract: click's runner for flags and output, real processes for the rest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from tests.conftest import TODAY

REPO = Path(__file__).resolve().parents[1]


def _ask(db: Path, *turns: str, extra: tuple[str, ...] = ()):
    args = ["ask", "--db", str(db), "--today", TODAY.isoformat(), "--format", "json", *extra, "--", *turns]
    return CliRunner().invoke(cli, args)


def _lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_ask_json_one_object_per_turn(ecommerce_path: Path) -> None:
    result = _ask(ecommerce_path, "Show me all orders", "only delivered ones", "/new", "How many categories are there?")
    assert result.exit_code == 0, result.output
    turns = _lines(result.output)
    assert [t["intent"] for t in turns] == ["new_query", "refinement", None, "new_query"]
    assert [t["turnNumber"] for t in turns] == [1, 2, 2, 3]
    assert len({t["sessionId"] for t in turns}) == 1
    first, second, command, last = turns
    assert first["truncated"] and first["rowCount"] == 50 and first["totalRows"] == 10_000
    assert second["refinementSummary"] and second["confidence"] in ("high", "medium", "low")
    assert command["command"] == "/new" and command["query"] is None
    assert last["rows"] == [[8]] and last["error"] is None and last["clarification"] is None


def test_ask_max_rows_zero_means_no_cap(ecommerce_path: Path) -> None:
    turns = _lines(_ask(ecommerce_path, "List all users", extra=("--max-rows", "0")).output)
    assert turns[0]["rowCount"] == 1000 and not turns[0]["truncated"]


def test_failed_turn_exits_1_but_every_turn_prints(ecommerce_path: Path) -> None:
    result = _ask(ecommerce_path, "what is the meaning of life", "How many users are there?")
    assert result.exit_code == 1
    failed, ok = _lines(result.output)
    assert failed["error"]["message"] and failed["error"]["canRetry"] in (True, False)
    assert ok["rows"] == [[1000]]


@pytest.mark.parametrize("args", [
    ["ask", "--db", "no_such_db", "hi"],
    ["ask", "--db", "ecommerce", "--format", "yaml", "hi"],
    ["ask", "--db", "ecommerce", "--today", "yesterday", "hi"],
    ["ask", "--db", "ecommerce", "--max-rows", "-1", "hi"],
    ["schema", "--db", "ecommerce", "no_such_table"],
    ["fixtures", "build", "nope", "--out", "x.db"],
])
def test_usage_errors_exit_2_with_one_line(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "Error" in result.output


def test_a_folder_given_as_the_database_is_named_as_a_folder(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["ask", "--db", str(tmp_path), "hi"])
    assert result.exit_code == 2 and f"{tmp_path} is a folder, not a database file" in result.output
    assert f"spark://{tmp_path}" in result.output  # what a folder of tables is opened as


def test_table_csv_and_markdown_formats(ecommerce_path: Path) -> None:
    runner = CliRunner()
    base = ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat()]
    table = runner.invoke(cli, [*base, "Number of users per country"])
    assert table.exit_code == 0 and "SELECT" in table.output and "(10 rows)" in table.output
    csv_out = runner.invoke(cli, [*base, "--format", "csv", "Number of users per country"])
    lines = csv_out.output.strip().splitlines()
    assert lines[0] == "country,user_count" and len(lines) == 11
    md = runner.invoke(cli, [*base, "--format", "markdown", "Number of users per country"])
    assert "```sql" in md.output and "| country" in md.output


def test_fixtures_build_and_schema(tmp_path: Path) -> None:
    out = tmp_path / "small.db"
    runner = CliRunner()
    built = runner.invoke(cli, ["fixtures", "build", "ecommerce", "--today", "2026-01-31", "--scale", "0.1",
                                "--seed", "3", "--out", str(out)])
    assert built.exit_code == 0 and out.is_file() and "orders 1,000" in built.output
    shown = runner.invoke(cli, ["schema", "--db", str(out), "payments"])
    assert shown.exit_code == 0 and "method" in shown.output and "-> orders.id" in shown.output
    again = ["fixtures", "build", "ecommerce", "--today", "2026-01-31", "--scale", "0.05", "--out", str(out)]
    kept = runner.invoke(cli, again)
    assert kept.exit_code == 2 and "already exists; pass --force" in kept.output and "orders 1,000" not in kept.output
    assert "orders 500" in runner.invoke(cli, [*again, "--force"]).output


def test_model_without_litellm_names_the_install_command(tmp_path: Path) -> None:
    blocker = tmp_path / "block" / "sitecustomize.py"
    blocker.parent.mkdir()
    blocker.write_text(
        "import sys\n"
        "class _Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'litellm':\n"
        "            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, _Block())\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{blocker.parent}{os.pathsep}{REPO}"}
    proc = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", "ecommerce", "--model", "openai/gpt-4o-mini",
                           "hi"], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 2
    assert "pip install 'nl2sql[llm]'" in proc.stderr
    assert "Traceback" not in proc.stderr


def _console_script() -> list[str]:
    """The installed ``nl2sql`` script beside this interpreter (what README's commands install)."""
    script = Path(sys.executable).with_name("nl2sql")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "nl2sql"]


def test_real_process_ask(ecommerce_path: Path) -> None:
    proc = subprocess.run(
        [*_console_script(), "ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(),
         "--format", "json", "--", "How many orders are pending?", "what about paid?"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    first, second = _lines(proc.stdout)
    assert second["intent"] == "refinement" and "'paid'" in second["query"]
    assert first["rows"][0][0] > 0 and second["rows"][0][0] > 0


def test_importing_the_cli_stays_light() -> None:
    code = ("import sys, nl2sql.cli; heavy = [m for m in ('litellm', 'openai', 'prompt_toolkit', 'httpx') "
            "if m in sys.modules]; print(','.join(heavy))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""


def test_ask_never_imports_litellm(ecommerce_path: Path) -> None:
    code = ("import sys\nfrom nl2sql.cli import cli\n"
            f"try:\n    cli(['ask', '--db', {str(ecommerce_path)!r}, 'How many users are there?'])\n"
            "except SystemExit:\n    pass\n"
            "print('LOADED' if 'litellm' in sys.modules else 'CLEAN', file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stderr.strip().endswith("CLEAN")
