"""``nl2sql ask`` reading its turns from standard input: one a line, each answered before the next is
read; and ``/history`` over such a conversation."""

from __future__ import annotations

import io
import json
import select
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.dialog import MAX_TURNS
from nl2sql.line_reader import MAX_LINE_CHARS, read_lines
from nl2sql.workflows.interactive import MAX_QUESTION_CHARS
from tests.conftest import TODAY


def _ask(db: Path, stdin: str, *args: str):
    return CliRunner().invoke(cli, ["ask", "--db", str(db), "--today", TODAY.isoformat(), "--format", "json",
                                    *args], input=stdin)


def _objects(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def _command() -> list[str]:
    script = Path(sys.executable).with_name("nl2sql")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "nl2sql"]


@pytest.mark.parametrize("args", [(), ("-",)])
def test_no_turns_or_dash_reads_stdin_skipping_blank_lines(ecommerce_path: Path, args: tuple[str, ...]) -> None:
    stdin = "How many users are there?\n\n   \n\tonly consumer ones\nHow many categories are there?"
    result = _ask(ecommerce_path, stdin, *args)
    assert result.exit_code == 0, result.output
    turns = _objects(result.output)
    assert [t["turnNumber"] for t in turns] == [1, 2, 3]
    assert turns[0]["rows"] == [[1000]] and turns[2]["rows"] == [[8]]
    assert turns[1]["intent"] == "refinement" and "'consumer'" in turns[1]["query"]


def test_a_failing_line_sets_exit_1_and_the_next_line_still_answers(ecommerce_path: Path) -> None:
    result = _ask(ecommerce_path, "what is the meaning of life\nHow many users are there?\n")
    assert result.exit_code == 1
    failed, ok = _objects(result.output)
    assert failed["error"]["message"] and ok["rows"] == [[1000]] and ok["error"] is None


def test_a_clarification_nobody_answers_stops_with_exit_3(ecommerce_path: Path) -> None:
    result = _ask(ecommerce_path, "How many users are there?\nHow many orders are there?\n",
                  "--confirm-below", "1")
    assert result.exit_code == 3
    turns = _objects(result.output)
    assert len(turns) == 1 and turns[0]["clarification"] is not None  # the second line was never read


def test_an_empty_stdin_runs_nothing(ecommerce_path: Path) -> None:
    result = _ask(ecommerce_path, "")
    assert result.exit_code == 0 and result.output == ""


def test_a_long_question_gets_the_workflows_message_and_the_run_goes_on(ecommerce_path: Path) -> None:
    long = "how many users " * (MAX_QUESTION_CHARS // 10)
    result = _ask(ecommerce_path, f"{long}\nHow many users are there?\n")
    assert result.exit_code == 1
    refused, ok = _objects(result.output)
    assert f"{len(long.strip()):,} characters long" in refused["error"]["message"]
    assert ok["rows"] == [[1000]]


def test_a_huge_line_is_refused_with_its_length_and_the_next_line_answers(ecommerce_path: Path) -> None:
    huge = "x" * (3 * MAX_LINE_CHARS + 17)
    result = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--format", "json"],
                                input=f"How many users are there?\n{huge}\nHow many categories are there?\n")
    assert result.exit_code == 1
    assert f"Error: line 2 is {len(huge):,} characters long" in result.stderr
    assert [t["rows"] for t in _objects(result.stdout)] == [[[1000]], [[8]]]


def test_reading_keeps_no_more_than_the_cap_of_a_line() -> None:
    stream = io.StringIO("a" * (MAX_LINE_CHARS + 5) + "\n\nb\n" + "c" * MAX_LINE_CHARS + "\nd")
    lines = list(read_lines(stream))
    assert [(line.number, line.length, line.cut) for line in lines] == [
        (1, MAX_LINE_CHARS + 5, True), (3, 1, False), (4, MAX_LINE_CHARS, False), (5, 1, False)]
    assert len(lines[0].text) == MAX_LINE_CHARS and lines[1].text == "b" and lines[3].text == "d"


def test_a_real_process_answers_each_line_before_the_next_is_written(ecommerce_path: Path) -> None:
    """A co-process: the second question is only written once the first one's answer has been read."""
    proc = subprocess.Popen([*_command(), "ask", "--db", str(ecommerce_path), "--format", "json"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        answers = []
        for question in ("How many users are there?", "How many categories are there?"):
            proc.stdin.write(question + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 120)  # a guard against hanging, not a timing
            assert ready, "no answer while the input stayed open"
            answers.append(json.loads(proc.stdout.readline()))
        proc.stdin.close()
        assert proc.wait(timeout=120) == 0
    finally:
        proc.kill()
        proc.wait()
    assert [a["rows"] for a in answers] == [[[1000]], [[8]]]


def test_a_real_process_reads_a_piped_file_with_a_huge_line(ecommerce_path: Path, tmp_path: Path) -> None:
    script = tmp_path / "questions.txt"
    script.write_text("How many users are there?\n" + "y" * (10 * 1024 * 1024) + "\n\nblorp zzz\n"
                      "How many categories are there?\n")
    with script.open() as stdin:
        proc = subprocess.run([*_command(), "ask", "-", "--db", str(ecommerce_path), "--format", "csv"],
                              stdin=stdin, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout.split() == ["user_count", "1000", "category_count", "8"]
    errors = proc.stderr.splitlines()
    assert len(errors) == 2 and errors[0].startswith(f"Error: line 2 is {10 * 1024 * 1024:,} characters long")
    assert "blorp" in errors[1]


def test_history_lists_every_turn_with_its_sql_or_error(ecommerce_path: Path) -> None:
    result = _ask(ecommerce_path, "How many users are there?\nblorp zzz\n/history\n", "--format", "table")
    history = result.output.split("/history")[-1] if "/history" in result.output else result.output
    lines = history.splitlines()
    turns = [n for n, line in enumerate(lines) if line[:3].strip().isdigit()]
    assert len(turns) == 2, result.output
    first, second = lines[turns[0]:turns[1]], lines[turns[1]:]
    assert "How many users are there?" in first[0] and first[1].strip() == "SELECT COUNT(*) AS user_count FROM users"
    assert "blorp zzz" in second[0] and any(line.strip().startswith("failed: ") and "'blorp'" in line
                                            for line in second)
    assert "pruned" not in result.output


def test_history_says_how_many_turns_were_pruned(ecommerce_path: Path) -> None:
    subjects = ("users", "orders", "categories", "products", "reviews", "payments")
    questions = [f"How many {subjects[n % len(subjects)]} are there?" for n in range(MAX_TURNS + 3)]
    result = _ask(ecommerce_path, "\n".join([*questions, "/history"]) + "\n", "--format", "table", "--clarify", "auto")
    assert result.exit_code == 0, result.output
    assert "(3 older turns pruned)" in result.output
    listing = result.output.split("older turns pruned)")[-1]
    numbered = [line for line in listing.splitlines() if line[:3].strip().isdigit() and "How many" in line]
    assert [int(line[:3]) for line in numbered] == list(range(4, MAX_TURNS + 4))


def _chat_from(stdin_file: Path, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    with stdin_file.open() as stdin:
        return subprocess.run([*_command(), "chat", "--db", str(db), "--today", TODAY.isoformat(), *args],
                              stdin=stdin, capture_output=True, text=True, timeout=300)


def test_chat_reads_a_file_of_questions_as_a_script(ecommerce_path: Path, tmp_path: Path) -> None:
    """``chat < questions.txt``: every line is a turn of one conversation (before, a file on stdin ran none),
    follow-ups refine, and nothing read is kept as typed history."""
    script = tmp_path / "questions.txt"
    script.write_text("How many users are there?\nShow me all users\nonly from France\nblorp zzz\n/history\n")
    proc = _chat_from(script, ecommerce_path, "--format", "csv")
    assert proc.returncode == 1  # one line failed; the others answered
    assert "1000" in proc.stdout.splitlines()[:2]
    assert "refinement" in proc.stderr and "refinement" not in proc.stdout  # /history is no data: stderr
    assert proc.stderr.count("Error:") == 1 and "blorp" in proc.stderr and "Traceback" not in proc.stderr
    data = Path(tmp_path)  # conftest points NL2SQL_DATA_DIR below tmp_path
    assert not list(data.rglob("history"))


def test_chat_from_a_file_answers_a_clarification_with_the_next_line(ecommerce_path: Path, tmp_path: Path) -> None:
    script = tmp_path / "questions.txt"
    script.write_text("Who are our best customers?\n2\n")
    # --no-learn: each run is asked afresh (an answered question is otherwise not asked again: test_teach_once)
    proc = _chat_from(script, ecommerce_path, "--no-learn")
    assert proc.returncode == 0, proc.stderr
    assert "Rank users by?" in proc.stdout and "COUNT(orders.id)" in proc.stdout
    script.write_text("Who are our best customers?\n")  # the input ends with the question open: cancelled
    ended = _chat_from(script, ecommerce_path, "--no-learn")
    assert ended.returncode == 0 and "Rank users by?" in ended.stdout and "SELECT" not in ended.stdout
    script.write_text("Who are our best customers?\nHow many users are there?\n")  # no answer: the next question
    moved_on = _chat_from(script, ecommerce_path, "--no-learn")
    assert moved_on.returncode == 0 and "Cancelled" in moved_on.stdout
    assert moved_on.stdout.index("Cancelled") < moved_on.stdout.index("There are 1,000 users.")
    # At a confirmation too, a short line that answers nothing is the next line of the script, not a slip
    # to ask again about (as it is for a person at the prompt).
    script.write_text("Show me all users\nConsumer users in Australia\nzz\nHow many users are there?\n")
    confirmed = _chat_from(script, ecommerce_path)
    assert "run it?" in confirmed.stdout and "y runs it" not in confirmed.stdout
    assert "zz" in confirmed.stderr and "There are 1,000 users." in confirmed.stdout


def test_chat_reads_many_lines_of_word_salad_one_turn_each(ecommerce_path: Path, tmp_path: Path) -> None:
    """A large paste or a wrong file piped in: each line gets its one-line answer or error, and the run ends."""
    words = ["users", "orders", "zq1", "between", "sort", "not", "qqq", "price", "top", "month"]
    lines = [" ".join(words[(n * 7 + k * 3) % len(words)] for k in range(12)) for n in range(1000)]
    script = tmp_path / "salad.txt"
    script.write_text("\n".join(lines) + "\n")
    proc = _chat_from(script, ecommerce_path, "--format", "json")
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr
    # Every line came back: as a result (JSON on stdout), or as an error, a reading to confirm or a question
    # (on stderr, since stdout is for a program); a line that answers no question is the next question.
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    said = proc.stderr.count("Error:") + proc.stderr.count("run it?") + proc.stderr.count("? I need")
    assert len(results) + said >= 1000


@pytest.mark.parametrize("command", ["ask", "chat"])
def test_binary_garbage_on_stdin_gets_one_line_each_and_no_raw_control_bytes(command: str, ecommerce_path: Path,
                                                                              tmp_path: Path) -> None:
    """Bytes that are not text (a binary file piped by mistake): read with the bad bytes replaced, each line
    answered or refused in a line of its own, and no control byte from the input reaches the terminal."""
    garbage = (bytes(range(256)) * 4 + b"\n" + bytes((n * 37 + 11) % 256 for n in range(4000))
               + b"\nHow many users are there?\n")
    stdin_file = tmp_path / "garbage.bin"
    stdin_file.write_bytes(garbage)
    with stdin_file.open("rb") as stdin:
        proc = subprocess.run([*_command(), command, "--db", str(ecommerce_path), *(["-"] if command == "ask" else [])],
                              stdin=stdin, capture_output=True, timeout=120)
    assert proc.returncode in (1, 3) and b"Traceback" not in proc.stderr
    if command == "chat":  # ``ask`` stops at the first question nobody answers (exit 3); chat goes on
        assert b"There are 1,000 users." in proc.stdout
    shown = proc.stdout + proc.stderr
    assert not [byte for byte in shown if byte < 32 and byte not in b"\n\t"]
    assert proc.stderr.count(b"Error:") + proc.stdout.count(b"? I need") >= 1


def test_format_as_a_turn_changes_how_the_next_turns_print(ecommerce_path: Path) -> None:
    """``/format`` in a script does what it says, as in the REPL (it used to say so and change nothing)."""
    run = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "/format csv", "How many users are there?",
                                   "/format json", "How many users are there?"])
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert lines[lines.index("user_count") + 1] == "1000"
    assert json.loads(lines[-1])["rows"] == [[1000]]
