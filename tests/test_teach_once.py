"""Teach once: an answered clarification (or a new question's SQL edited at its confirmation) is kept
for that database and given again to the same question in a new process; /learned lists, /forget undoes,
--no-learn and learn = false turn it off, eval never learns. Real processes, real files, the test's own
data directory (conftest points NL2SQL_DATA_DIR at it)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from nl2sql.dialog.questions import FREE, MULTIPLE, SINGLE, Answer, ClarificationRequest, Question, SlotKey
from nl2sql.dialog.state import Pending, Round
from nl2sql.learned import Lesson, LessonStore, question_key
from nl2sql.paths import data_dir
from nl2sql.workflows import SessionOptions, open_session
from nl2sql.workflows.teaching import lesson_from
from tests.conftest import TODAY
from tests.helpers import built_sqlite
from tests.test_repl import _chat

REPO = Path(__file__).resolve().parents[1]
BEST = "Who are our best customers?"
# A small store of our own: "best customers" asks what ranks them (invoices' total or their number).
STORE = """
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, country TEXT,
                            email TEXT);
    CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id),
                           total REAL, invoice_date TEXT);
    INSERT INTO customers VALUES (1, 'Ann', 'Smith', 'Germany', 'ann@example.com'),
        (2, 'Bob', 'Jones', 'France', 'bob@example.com'), (3, 'Cid', 'Adams', 'Germany', 'cid@example.com');
    INSERT INTO invoices VALUES (1, 1, 10.5, '2026-01-02'), (2, 1, 4.0, '2026-02-02'), (3, 2, 20.0, '2026-03-01');
"""


@pytest.fixture
def store(tmp_path: Path) -> Path:
    (tmp_path / "a").mkdir()
    return built_sqlite(tmp_path / "a", "store", STORE)


@pytest.fixture
def other_store(tmp_path: Path) -> Path:
    """The same schema and rows in another folder: another database."""
    (tmp_path / "b").mkdir()
    return built_sqlite(tmp_path / "b", "store", STORE)


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nl2sql", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=300, env={**os.environ, **(env or {})})


def _ask(db: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, list[dict], str]:
    """``nl2sql ask --format json`` in a new process: its exit status, one object per turn, and stderr."""
    proc = _cli("ask", "--db", str(db), "--today", TODAY.isoformat(), "--format", "json", *args, env=env)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines() if line.strip()], proc.stderr


def _learned_file() -> Path:
    return data_dir() / "learned.json"


# -- across processes, per database ---------------------------------------------------------------

def test_an_answer_is_taught_once_reused_by_a_new_process_and_asked_again_elsewhere(store: Path,
                                                                                    other_store: Path) -> None:
    code, [asked], _ = _ask(store, "--clarify", "never", "--", BEST)
    assert code == 3 and asked["clarification"]["questions"][0]["choices"][1] == "Number of invoices"
    code, [taught], _ = _ask(store, "--answer", "1=2", "--", BEST)
    assert code == 0 and "COUNT(invoices.invoice_id)" in taught["query"]
    assert taught["message"] == ("Noted: 'who are our best customers' -> Rank customers by: Number of invoices. "
                                 "/forget to undo.")
    path = _learned_file()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700

    # a new process, the same question in other case and punctuation: no question, the same SQL
    code, [again], _ = _ask(store, "--clarify", "never", "--", "who are our BEST customers")
    assert code == 0 and again["mode"] == "idle" and again["clarification"] is None
    assert again["query"] == taught["query"] and again["rows"] == taught["rows"]
    assert "As you answered before: Rank customers by: Number of invoices" in again["message"]
    assert "Noted" not in again["message"]  # announced once, when learned

    # the same schema in another file is another database: asked again
    code, [elsewhere], _ = _ask(other_store, "--clarify", "never", "--", BEST)
    assert code == 3 and elsewhere["mode"] == "awaiting_clarification"


def test_learned_lists_and_forget_undoes(store: Path) -> None:
    _ask(store, "--answer", "1=2", "--", BEST)
    code, [listed, forgot], _ = _ask(store, "--", "/learned", "/forget 1")
    assert code == 0
    assert listed["message"].splitlines()[:2] == [
        "Learned on this database (1):", "  1. 'who are our best customers' -> Rank customers by: Number of invoices"]
    assert forgot["message"] == "Forgot 'who are our best customers'; it will be asked again."
    code, [asked], _ = _ask(store, "--clarify", "never", "--", BEST)
    assert code == 3 and asked["mode"] == "awaiting_clarification"
    code, [nothing, bad, missing], _ = _ask(store, "--", "/learned", "/forget two", "/forget 9")
    assert code == 1 and nothing["message"] == "Nothing learned on this database yet."
    assert bad["error"]["message"] == "Usage: /forget [N], N a number /learned shows (not 'two')."
    assert missing["error"]["message"] == "There is no learned answer 9; /learned lists them."


def test_no_learn_neither_keeps_nor_uses(store: Path, tmp_path: Path) -> None:
    code, [ran], _ = _ask(store, "--no-learn", "--answer", "1=2", "--", BEST)
    assert code == 0 and not (ran["message"] or "") and not _learned_file().exists()
    _ask(store, "--answer", "1=2", "--", BEST)  # now it is learned ...
    kept = _learned_file().read_text()
    code, _, _ = _ask(store, "--no-learn", "--clarify", "never", "--", BEST)  # ... and not used
    assert code == 3
    code, _, _ = _ask(store, "--clarify", "never", "--", BEST, env={"NL2SQL_LEARN": "false"})
    assert code == 3
    config = Path(os.environ["NL2SQL_CONFIG"])
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("learn = false\n")
    code, _, _ = _ask(store, "--clarify", "never", "--", BEST)
    assert code == 3
    code, [listed], _ = _ask(store, "--", "/learned")  # still listed, said to be unused
    assert listed["message"].startswith("Learning is off in this session")
    code, _, _ = _ask(store, "--learn", "--clarify", "never", "--", BEST)  # the flag wins over the file
    assert code == 0
    assert _learned_file().read_text() == kept


def test_eval_never_learns_nor_uses_what_was_learned(store: Path, tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    gold = ("SELECT customers.first_name, SUM(invoices.total) FROM customers JOIN invoices "
            "ON invoices.customer_id = customers.customer_id GROUP BY customers.customer_id ORDER BY 2 DESC LIMIT 1")
    questions.write_text(json.dumps({"id": "q1", "kind": "single", "turns": [BEST], "gold": [gold]}) + "\n")
    out = tmp_path / "run.jsonl"
    run = _cli("eval", "questions", str(questions), "--db", str(store), "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert not _learned_file().exists()  # nothing learned, not even a file
    _ask(store, "--answer", "1=2", "--", BEST)  # taught: rank by the number of invoices
    kept = _learned_file().read_text()
    run = _cli("eval", "questions", str(questions), "--db", str(store), "--out", str(out))
    assert run.returncode == 0, run.stderr
    predicted = json.loads(out.read_text().splitlines()[0])["predicted"]
    assert "SUM(invoices.total)" in predicted and "COUNT" not in predicted  # the default, not what was taught
    assert _learned_file().read_text() == kept


@pytest.mark.parametrize("damage", [b"not json at all", b"\xff\xfe\x00", b'{"format": 1, "databases": {"x": [{}]}}',
                                    b'{"format": 99, "databases": {}}', b"[]"])
def test_a_damaged_file_is_one_warning_and_left_alone(store: Path, damage: bytes) -> None:
    path = _learned_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(damage)
    code, [ran, listed], stderr = _ask(store, "--answer", "1=2", "--", BEST, "/learned")
    warnings = [line for line in ran["message"].splitlines() if line.startswith("Warning:")]
    assert len(warnings) == 1 and f"{path} could not be read" in warnings[0] and "ignored it" in warnings[0]
    assert "Noted" not in ran["message"] and ran["query"] and code == 1  # the turn ran; /learned failed
    assert listed["error"]["message"].startswith(f"{path} could not be read")
    assert path.read_bytes() == damage  # not written over: what it held is the user's to recover


def test_an_unwritable_file_is_one_warning_and_the_turn_stands(store: Path) -> None:
    _learned_file().mkdir(parents=True)  # a folder where the file belongs
    code, [ran], _ = _ask(store, "--answer", "1=2", "--", BEST)
    assert code == 0 and ran["query"] and ran["message"].startswith("Warning: What was learned was not saved")
    assert len(ran["message"].splitlines()) == 1


# -- the REPL: /learned, /forget, and the SQL edited at a confirmation ----------------------------

def test_repl_teaches_lists_and_forgets(ecommerce_path: Path) -> None:
    options = SessionOptions(today=TODAY, learn=True)
    out, _ = _chat(open_session(str(ecommerce_path), options), f"{BEST}\n2\n/learned\n/exit\n")
    assert "Noted: 'who are our best customers' -> Rank users by: Number of orders. /forget to undo." in out
    assert "  1. 'who are our best customers' -> Rank users by: Number of orders" in out
    out, app = _chat(open_session(str(ecommerce_path), options), f"{BEST}\n/forget\n{BEST}\ncancel\n/exit\n")
    assert out.count("I need one detail") == 1  # the first time it ran as taught; after /forget it asks
    assert "As you answered before: Rank users by: Number of orders" in out and "COUNT(orders.id)" in out
    assert "Forgot 1 learned answer on this database." in out
    assert app.workflow.state.turn_count == 1


def test_sql_edited_at_a_confirmation_is_taught_and_run_by_a_new_process(store: Path) -> None:
    # confirm_below=0.99: the reading is shown before it runs, whatever the engine's score
    workflow = open_session(str(store), SessionOptions(learn=True, confirm_below=0.99))
    out, _ = _chat(workflow, "list customers\ne\n WHERE country = 'Germany'\n/exit\n")
    assert "Noted: 'list customers' -> the SQL as you edited it. /forget to undo." in out
    code, [ran], _ = _ask(store, "--clarify", "never", "--", "List customers.")
    assert code == 0 and ran["query"] == "SELECT * FROM customers WHERE country = 'Germany'"
    assert ran["intent"] == "new_query" and ran["rowCount"] == 2 and "you wrote for this question" in ran["explanation"]
    # a follow-up's edited SQL stands on the query it refined: it is not taught
    workflow = open_session(str(store), SessionOptions(learn=True, confirm_below=0.99))
    _chat(workflow, "/forget\nlist customers\ny\nsort by last name\ne\n LIMIT 1\n/exit\n")
    assert LessonStore(str(store.resolve())).lessons() == []


def test_an_edit_left_as_shown_teaches_nothing(store: Path) -> None:
    workflow = open_session(str(store), SessionOptions(learn=True, confirm_below=0.99))
    out, _ = _chat(workflow, "list customers\ne\n\n/exit\n")
    assert "Noted" not in out and not _learned_file().exists()


# -- the pieces --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "key"), [
    ("Who are our best customers?", "who are our best customers"),
    ("  who   are our BEST customers!! ", "who are our best customers"),
    ("Users' orders, by month", "users' orders by month"),
    ("?!", ""),
])
def test_question_key(text: str, key: str) -> None:
    assert question_key(text) == key


def test_the_store_is_bounded_per_database_oldest_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("nl2sql.learned.MAX_PER_DATABASE", 3)
    mine, theirs = LessonStore("/data/mine.db"), LessonStore("/data/theirs.db")
    for n in range(5):
        mine.add(Lesson(f"q{n}", f"Q{n}?", f"answer {n}", ((SlotKey("rank", "t"), str(n)),)))
    theirs.add(Lesson("q0", "Q0?", "theirs", sql="SELECT 1"))
    assert [e.key for e in mine.lessons()] == ["q2", "q3", "q4"]
    mine.add(Lesson("q2", "Q2?", "answer again", ((SlotKey("rank", "t"), "again"),)))  # replaced, now newest
    assert [e.key for e in mine.lessons()] == ["q3", "q4", "q2"] and mine.find("q2").summary == "answer again"
    assert [e.summary for e in theirs.lessons()] == ["theirs"]  # another database's stay as they were
    assert [e.key for e in mine.forget(2)] == ["q4"] and [e.key for e in mine.lessons()] == ["q3", "q2"]
    assert len(mine.forget()) == 2 and mine.lessons() == [] and theirs.find("q0") is not None


def test_lesson_from_every_kind_of_answer_and_not_from_defaults() -> None:
    rank = Question("Rank users by?", SINGLE, ("Total", "Count"), slot=SlotKey("rank", "users"), values=("sum", "n"))
    kinds = Question("Which methods?", MULTIPLE, ("card", "paypal", "bkash"), slot=SlotKey("methods"))
    active = Question("What makes users 'active'? (for example: ordered lately)", FREE,
                      slot=SlotKey("define", "active"))
    request = ClarificationRequest("", "specific", (rank, kinds, active))
    answers = ((1, Answer(SINGLE, (2,), ("Count",))), (2, Answer(MULTIPLE, (1, 3), ("card", "bkash"))),
               (3, Answer(FREE, value="has orders")))
    slots = ((SlotKey("rank", "users"), "n"), (SlotKey("methods"), "card|bkash"), (SlotKey("define", "active"), "x"))
    pending = Pending(1, "Best active users?", "new_query", "Best active users?", slots=slots,
                      log=(Round(request, answers, "user"),))
    lesson = lesson_from(pending, "SELECT 1")
    assert lesson is not None and lesson.key == "best active users" and lesson.slots == slots
    assert lesson.ran == "SELECT 1"
    assert lesson.summary == "Rank users by: Count; Which methods: card, bkash; What makes users 'active': has orders"
    by_defaults = Pending(1, "Best users?", "new_query", "Best users?", slots=slots[:1],
                          log=(Round(request, answers[:1], "defaults"),))
    assert lesson_from(by_defaults, "SELECT 1") is None
