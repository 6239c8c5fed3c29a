"""Typing at the chat prompt: completion, history suggestions, multi-line keys, colour and the spinner.

The completer is asked as prompt-toolkit asks it (a Document with the cursor at the end); the keys
go through a real PromptSession on pipe input, as a user would type them.
"""

from __future__ import annotations

import dataclasses
import io
import re
import threading

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.data_structures import Size
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding.vi_state import InputMode as ViMode
from prompt_toolkit.output import DummyOutput, Output
from prompt_toolkit.output.plain_text import PlainTextOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from nl2sql.color import color_on
from nl2sql.db.schema import TEXT, Column, Schema, Table
from nl2sql.preferences import Preferences
from nl2sql.repl import ChatApp
from nl2sql.repl.completion import MAX_VALUES, ChatCompleter, Vocabulary
from nl2sql.repl.highlight import SqlInputLexer
from nl2sql.repl.spinner import Spinner
from nl2sql.workflows import InteractiveWorkflow

F3 = "\x1bOR"
ALT_ENTER = "\x1b\r"


@pytest.fixture
def shop(ecommerce_db, shop_engine) -> InteractiveWorkflow:
    return InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=5)


@pytest.fixture
def completer(shop: InteractiveWorkflow) -> ChatCompleter:
    return ChatCompleter(lambda: Vocabulary(shop.database.schema, shop.engine.domain))


def offered(completer: ChatCompleter, typed: str, tab: bool = False) -> list[str]:
    event = CompleteEvent(completion_requested=True) if tab else CompleteEvent(text_inserted=True)
    return [c.text for c in completer.get_completions(Document(typed), event)]


def test_a_slash_completes_to_command_names(completer: ChatCompleter) -> None:
    assert offered(completer, "/sc")[0] == "/schema"
    assert "/history" in offered(completer, "/hist")
    assert set(offered(completer, "/")) >= {"/help", "/exit", "/sql", "/schema", "/new"}


def test_a_command_completes_its_own_arguments(completer: ChatCompleter) -> None:
    assert set(offered(completer, "/schema ord")[:2]) == {"orders", "order_items"}
    assert offered(completer, "/answer nat") == ["natural"]
    assert offered(completer, "/format ver") == ["vertical"]
    assert offered(completer, "/pager o") == ["on", "off"] and offered(completer, "/chart li") == ["line"]
    assert offered(completer, "/schema orders ") == []  # one argument only


def test_sql_completes_a_column_after_its_table_or_alias(completer: ChatCompleter) -> None:
    """As pgcli: users.cou and u.cou (u given in the FROM, before or after the cursor) become .country."""
    assert offered(completer, "/sql SELECT users.cou") == ["users.country"]
    aliased = Document("/sql SELECT u.cou FROM users u JOIN orders o ON o.user_id = u.id", len("/sql SELECT u.cou"))
    assert [c.text for c in completer.get_completions(aliased, CompleteEvent(text_inserted=True))] == ["u.country"]
    assert "o.total_amount" in offered(completer, "/sql SELECT * FROM orders AS o WHERE o.tot")
    joined = "/sql SELECT * FROM users JOIN orders o ON o.user_id = users.id WHERE o.tot"
    assert "o.total_amount" in offered(completer, joined)  # JOIN is no alias of users
    assert "o.total_amount" in offered(completer, "/sql SELECT * FROM users, orders o WHERE o.tot")
    assert offered(completer, "/sql SELECT x.cou") == []  # no table called x, no alias x


def test_nothing_is_offered_while_the_words_are_still_loading(shop: InteractiveWorkflow) -> None:
    """A key press before the engine has loaded gets no menu rather than wait for it in the prompt's loop."""
    loading = ChatCompleter(lambda: Vocabulary(shop.database.schema, shop.engine.domain), ready=lambda: False)
    assert offered(loading, "/sc") == [] and offered(loading, "ord", tab=True) == []


def test_resume_completes_the_names_of_saved_sessions(completer: ChatCompleter, shop: InteractiveWorkflow) -> None:
    assert offered(completer, "/resume mon") == []  # nothing saved yet
    assert shop.process_turn("How many users are there?").ok
    assert shop.process_turn("/save monday-report").ok and shop.process_turn("/save friday").ok
    assert offered(completer, "/resume mon") == ["monday-report"]
    assert offered(completer, "/resume fri") == ["friday"]


def test_sql_completes_keywords_tables_and_columns(completer: ChatCompleter) -> None:
    assert offered(completer, "/sql SEL")[0] == "SELECT"
    assert "total_amount" in offered(completer, "/sql SELECT total_am")
    assert "order_items" in offered(completer, "/sql SELECT * FROM order_it")
    assert offered(completer, "/sql SELECT COUNT(*) FROM us")[0] == "users"
    assert offered(completer, "/sql SELECT * FROM orders WHERE status = 'canc")[0] == "'cancelled'"


def test_a_space_opens_no_menu_but_tab_does(completer: ChatCompleter, shop: InteractiveWorkflow) -> None:
    assert offered(completer, "How many ") == [] and offered(completer, "/sql SELECT ") == []
    assert "orders" in offered(completer, "How many ", tab=True)
    assert set(offered(completer, "/sql SELECT * FROM ", tab=True)) == {t.name for t in shop.database.schema.tables}
    assert "orders" in offered(completer, "/schema ")  # a command's arguments are few: shown at once


def test_a_question_completes_names_values_and_synonyms(completer: ChatCompleter) -> None:
    assert {"cancelled", "canceled"} <= set(offered(completer, "How many orders were cance")[:3])  # value, synonym
    assert "Bangladesh" in offered(completer, "users from Bangl")  # users.country
    assert "shopper" in offered(completer, "top shop")  # a domain synonym of users
    assert "total_amount" in offered(completer, "sum of total_a")
    assert "order_items" in offered(completer, "ordit")  # fuzzy: its letters in order


def test_completion_meta_says_what_a_word_is(completer: ChatCompleter) -> None:
    metas = {c.text: c.display_meta_text for c in completer.get_completions(Document("cancel"), CompleteEvent())}
    assert metas["cancelled"] == "orders.status"


def test_values_offered_are_bounded() -> None:
    many = tuple(f"v{i}" for i in range(MAX_VALUES + 100))
    table = Table("things", (Column("kind", "TEXT", TEXT, values=many),))
    assert len(Vocabulary(Schema((table,))).values) == MAX_VALUES


def _chat(workflow: InteractiveWorkflow, typed: str, output: Output | None = None) -> tuple[str, ChatApp]:
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        pipe.close()
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        app = ChatApp(workflow, session=session, output=output or PlainTextOutput(buffer))
        app.run()
    return buffer.getvalue().replace("\r\n", "\n"), app


def test_completion_data_is_built_on_first_use_only(shop: InteractiveWorkflow) -> None:
    _out, app = _chat(shop, "/exit\n")
    assert app._vocabulary is None
    assert app.vocabulary() is app.vocabulary()


def test_history_suggests_the_rest_of_an_earlier_line(shop: InteractiveWorkflow) -> None:
    """The greyed suggestion (Right arrow takes it; the tmux test presses it in a real terminal).
    Pipe input delivers every key before the suggestion is computed, so it is asked here directly."""
    _out, app = _chat(shop, "How many users are there?\n/exit\n")
    assert app.session.auto_suggest is not None
    buffer = Buffer(history=app.session.history)
    suggestion = app.session.auto_suggest.get_suggestion(buffer, Document("How many u"))
    assert suggestion is not None and suggestion.text == "sers are there?"
    assert app.session.auto_suggest.get_suggestion(buffer, Document("List all")) is None


def test_alt_enter_starts_a_new_line_and_enter_runs_both(shop: InteractiveWorkflow) -> None:
    _out, app = _chat(shop, f"How many{ALT_ENTER}users are there?\n/exit\n")
    turns = app.workflow.state.turns
    assert [t.text for t in turns] == ["How many\nusers are there?"]
    assert turns[0].ok


def test_f3_makes_enter_a_new_line_and_alt_enter_run(shop: InteractiveWorkflow) -> None:
    typed = f"{F3}/sql SELECT COUNT(*) AS n\nFROM users{ALT_ENTER}{F3}List all orders\n/exit\n"
    out, app = _chat(shop, typed)
    assert "1,000" in out  # a count, with its thousands separator
    assert [t.text for t in app.workflow.state.turns] == ["List all orders"]  # F3 again: Enter runs
    assert not app.mode.multiline


def test_toolbar_shows_the_input_mode(shop: InteractiveWorkflow) -> None:
    _out, app = _chat(shop, "/exit\n")
    bar = lambda: "".join(text for _, text in app.toolbar())  # noqa: E731
    assert "F3: multi-line" in bar() and "vi" not in bar().split("|")
    app.mode.toggle()
    shop.prefs = dataclasses.replace(shop.prefs, key_mode="vi")
    assert "multi-line (Alt-Enter runs)" in bar() and " vi [I] " in bar()
    app.session.app.vi_state.input_mode = ViMode.NAVIGATION  # Escape, as typed at the prompt
    assert " vi [N] " in bar()


@pytest.mark.parametrize("columns", [70, 140])
def test_the_toolbar_fits_a_narrow_terminal_state_first(shop: InteractiveWorkflow, columns: int) -> None:
    """At 70 columns the labels go and the state stays whole (it was cut mid-word: "refines t")."""
    stream = io.StringIO()
    output = Vt100_Output(stream, lambda: Size(rows=40, columns=columns), term="xterm-256color")
    with create_pipe_input() as pipe:
        pipe.send_text("Show me all users\n/exit\n")
        pipe.close()
        app = ChatApp(shop, session=PromptSession(input=pipe, output=output), output=PlainTextOutput(io.StringIO()))
        app.run()
    bar = "".join(text for _, text in app.toolbar())
    assert len(bar) <= columns and "turn 2" in bar and "refines turn 1" in bar
    assert ("next line: refines turn 1" in bar) is (columns == 140)


def test_a_multi_line_question_shows_its_second_line_as_a_continuation(shop: InteractiveWorkflow) -> None:
    """The prompt as drawn on a terminal: the line after Alt-Enter starts with dots under the prompt."""
    stream, output = _terminal_output()
    with create_pipe_input() as pipe:
        pipe.send_text(f"How many{ALT_ENTER}users are there?\n/exit\n")
        pipe.close()
        ChatApp(shop, session=PromptSession(input=pipe, output=output), output=output).run()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "." * (len("nl2sql> ") - 1) + " users are there?" in drawn
    assert [t.text for t in shop.state.turns] == ["How many\nusers are there?"]


def _terminal_output() -> tuple[io.StringIO, Vt100_Output]:
    stream = io.StringIO()
    return stream, Vt100_Output(stream, lambda: Size(rows=40, columns=120), term="xterm-256color")


@pytest.mark.parametrize("color", [False, True])
def test_colour_off_prints_no_escape_sequences(shop: InteractiveWorkflow, color: bool) -> None:
    shop.prefs = dataclasses.replace(shop.prefs, color=color)
    stream, output = _terminal_output()
    _chat(shop, "/sql SELECT status FROM orders LIMIT 2\nHow many users are there?\n/nope\n/exit\n", output)
    printed = stream.getvalue()
    # Coloured SQL has escapes between its words: read it with them taken out.
    assert "SELECT status FROM orders" in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", printed)
    assert "1,000" in printed and "Unknown command /nope" in printed
    assert ("\x1b" in printed) is color


def test_colour_is_automatic_unless_forced(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    with open(tmp_path / "file", "w") as not_a_terminal:
        assert color_on(Preferences(), not_a_terminal) is False
        assert color_on(Preferences(color=True), not_a_terminal) is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert color_on(Preferences(), None) is False
    assert color_on(Preferences(color=True), None) is True


def test_sql_is_coloured_while_typed_and_questions_are_not() -> None:
    lexer = SqlInputLexer("sqlite")
    line = lexer.lex_document(Document("/sql SELECT name FROM users WHERE id = 3"))(0)
    styles = {text: style for style, text in line}
    assert styles["SELECT"] == "class:sql.keyword" and styles["3"] == "class:sql.number"
    assert "".join(text for _, text in line) == "/sql SELECT name FROM users WHERE id = 3"
    assert lexer.lex_document(Document("select the users"))(0) == [("", "select the users")]
    second = lexer.lex_document(Document("/sql SELECT 1\nFROM users"))(1)
    assert ("class:sql.keyword", "FROM") in second


def test_spinner_draws_after_a_while_and_wipes_its_line() -> None:
    drawn = threading.Event()

    class Watched(io.StringIO):
        def write(self, text: str) -> int:
            if " s" in text:
                drawn.set()
            return super().write(text)

    stream = Watched()
    spinner = Spinner(stream)
    spinner.start()
    assert drawn.wait(20)  # a bounded wait for the first frame, not a timing assertion
    spinner.stop()
    written = stream.getvalue()
    assert written.startswith("\r") and " s" in written
    assert written.endswith("\r" + " " * 20 + "\r")  # wiped with spaces: no escape sequence at all
    assert "\x1b" not in written
    Spinner(None).start()  # no terminal: nothing to draw on, nothing started


def test_toolbar_names_the_model_of_a_model_engine(ecommerce_db) -> None:
    from nl2sql.engines.llm.client import ModelSettings
    from nl2sql.engines.llm.engine import LlmEngine

    workflow = InteractiveWorkflow(ecommerce_db, LlmEngine(ModelSettings("openai/gpt-test")))
    with create_pipe_input() as pipe:  # not run: its warm-up would load litellm, which is not the point here
        app = ChatApp(workflow, session=PromptSession(input=pipe, output=DummyOutput()))
    bar = "".join(text for _, text in app.toolbar())
    assert "llm (openai/gpt-test)" in bar and "tokens 0 in / 0 out" in bar


def test_ask_takes_no_color(ecommerce_path) -> None:
    from click.testing import CliRunner

    from nl2sql.cli import cli

    run = CliRunner().invoke(cli, ["ask", "--no-color", "--db", str(ecommerce_path), "How many users are there?"])
    assert run.exit_code == 0, run.output
    assert "1,000" in run.output and "\x1b" not in run.output


def test_a_long_sql_line_completes_the_word_being_typed(completer: ChatCompleter) -> None:
    """Issue 29: the completer reads the end of the line only. It looked for the word under the cursor
    from every start in the line, which on a pasted 100 KB literal took minutes per key."""
    literal = "/sql SELECT '" + "x" * 100_000 + "' AS t, id FROM "
    assert offered(completer, literal + "us") == offered(completer, "/sql SELECT id FROM us")
    assert offered(completer, literal + "us")[0] == "users" and "USING" not in offered(completer, literal + "us")
    assert "USING" in offered(completer, "/sql SELECT " + "a" * 300 + "FROM us")  # FROM ends a word: no table
    assert offered(completer, "/sql SELECT " + "x" * 200, tab=True) == []  # a pasted run is no word to complete
    assert offered(completer, "how many " * 20_000 + "ord")[0] == "orders"


def test_a_long_sql_line_is_shown_uncoloured_while_typed() -> None:
    from nl2sql.repl.highlight import MAX_COLORED_INPUT

    lexer = SqlInputLexer("sqlite")
    long = "/sql SELECT " + ", ".join(["1"] * MAX_COLORED_INPUT)
    assert lexer.lex_document(Document(long))(0) == [("", long)]
    short = long[:MAX_COLORED_INPUT]
    assert ("class:sql.keyword", "SELECT") in lexer.lex_document(Document(short))(0)


@pytest.mark.parametrize(("key_mode", "typed", "sql"), [
    ("emacs", "SELECT 5 AS k\x01/sql \n", "SELECT 5 AS k"),  # Ctrl-A, then typing at the line's start
    ("vi", "/sql SELECT 17 AS nn\x1bx\n", "SELECT 17 AS n"),  # Escape, then x deletes in normal mode
])
def test_keys_that_arrive_together_keep_their_meaning(shop: InteractiveWorkflow, key_mode: str, typed: str,
                                                      sql: str) -> None:
    """Characters read together are inserted together, but only up to a key with a binding of its own:
    what follows it is read as that key left things (the cursor moved, the mode changed)."""
    shop.prefs = dataclasses.replace(shop.prefs, key_mode=key_mode)
    _out, app = _chat(shop, typed + "/exit\n")
    assert app.workflow.raw_shown is not None and app.workflow.raw_shown[1] == sql
