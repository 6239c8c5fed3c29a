"""config.toml: written on the first run, and the order flag > environment > file > default for every
setting, through the real command line (click's runner, a real file, real environment variables)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import chat, cli
from nl2sql.config import SETTINGS, default_text
from tests.conftest import TODAY


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The default location in use: no NL2SQL_CONFIG, the config directory under tmp_path."""
    monkeypatch.delenv("NL2SQL_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "nl2sql" / "config.toml"


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    """The file NL2SQL_CONFIG names in every test (tests/conftest.py); absent until a test writes it."""
    path = Path(os.environ["NL2SQL_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _ask(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, ["ask", "--today", TODAY.isoformat(), *args], env=env)


def test_first_run_writes_every_key_commented_at_its_default_owner_only(xdg: Path) -> None:
    assert not xdg.exists()
    result = CliRunner().invoke(cli, ["fixtures", "list"])
    assert result.exit_code == 0, result.output
    text = xdg.read_text()
    assert stat.S_IMODE(xdg.stat().st_mode) == 0o600
    assert stat.S_IMODE(xdg.parent.stat().st_mode) == 0o700
    assert tomllib.loads(text) == {}  # every line commented out: the defaults stay in the code
    for setting in SETTINGS:
        assert f"# {setting.key} = {setting.example}\n" in text and setting.env in text
        uncommented = tomllib.loads(f"{setting.key} = {setting.example}")[setting.key]
        assert setting.default is None or uncommented == setting.default
    assert "# model = " in text and "# [databases]" in text


def test_a_first_run_that_cannot_finish_writing_leaves_no_half_file(xdg: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (injected: writing the text fails) costs the commented file, nothing else."""
    import errno

    from nl2sql import config

    def full_disk() -> str:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(config, "default_text", full_disk)
    result = CliRunner().invoke(cli, ["fixtures", "list"])
    assert result.exit_code == 0 and "ecommerce" in result.output
    assert not xdg.exists() and list(xdg.parent.iterdir()) == []


def test_first_run_file_is_kept_once_the_user_edits_it(xdg: Path) -> None:
    CliRunner().invoke(cli, ["fixtures", "list"])
    xdg.write_text('format = "csv"\n')
    CliRunner().invoke(cli, ["fixtures", "list"])
    assert xdg.read_text() == 'format = "csv"\n'


def test_a_file_named_by_nl2sql_config_is_never_created(config_file: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["fixtures", "list"], env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    assert result.exit_code == 0
    assert not config_file.exists() and not (tmp_path / "xdg").exists()


def test_a_config_directory_that_cannot_be_written_does_not_fail(xdg: Path, tmp_path: Path,
                                                                  ecommerce_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the config directory would go\n")
    result = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "How many users are there?"],
                                env={"XDG_CONFIG_HOME": str(blocker)})
    assert result.exit_code == 0, result.output
    assert "1,000" in result.output


def test_the_written_defaults_read_back_as_the_built_in_behaviour(xdg: Path, ecommerce_path: Path) -> None:
    """Uncommenting every line of the first-run file changes nothing (its defaults are the real ones)."""
    xdg.parent.mkdir(parents=True)
    lines = [line[2:] for line in default_text().splitlines() if line.startswith("# ") and " = " in line
             and not line.startswith(("# model", "# api_", "# llm_", "# shop", "# database"))]
    xdg.write_text("\n".join(lines) + "\n")
    with_file = _ask("--db", str(ecommerce_path), "--format", "json", "List all users")
    xdg.write_text("")
    without = _ask("--db", str(ecommerce_path), "--format", "json", "List all users")
    assert with_file.exit_code == without.exit_code == 0, with_file.output
    assert json.loads(with_file.output)["rowCount"] == json.loads(without.output)["rowCount"] == 50


def test_db_from_the_config_file(config_file: Path, ecommerce_path: Path) -> None:
    config_file.write_text(f"database = {json.dumps(str(ecommerce_path))}\n")
    result = _ask("--format", "json", "How many users are there?")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rows"] == [[1000]]
    schema = CliRunner().invoke(cli, ["schema"])
    assert schema.exit_code == 0 and "orders" in schema.output


def test_db_flag_beats_environment_beats_file(config_file: Path, tmp_path: Path) -> None:
    def tried(flag: bool, env: bool) -> str:
        args = ["--db", str(tmp_path / "from-flag.db")] if flag else []
        variables = {"NL2SQL_DB": str(tmp_path / "from-env.db")} if env else {}
        result = _ask(*args, "How many users are there?", env=variables)
        assert result.exit_code == 2, result.output
        return next(name for name in ("from-flag", "from-env", "from-file") if name in result.output)

    config_file.write_text(f"database = {json.dumps(str(tmp_path / 'from-file.db'))}\n")
    assert tried(flag=True, env=True) == "from-flag"
    assert tried(flag=False, env=True) == "from-env"
    assert tried(flag=False, env=False) == "from-file"


def test_no_db_anywhere_is_a_usage_error(config_file: Path) -> None:
    result = _ask("How many users are there?")
    assert result.exit_code == 2 and "--db" in result.output


def _shown_format(output: str) -> str:
    if output.startswith("{"):
        return "json"
    if output.startswith("user_count\n"):
        return "csv"
    return "markdown" if "```sql" in output else "table"


# key, (file value, environment value, flag value), how the observed value is read from an ask run
@pytest.mark.parametrize("key, values, observe", [
    ("format", ('"csv"', "json", "markdown"), lambda r: _shown_format(r.output)),
    ("max_rows", ("3", "4", "5"), lambda r: json.loads(r.output.splitlines()[0])["rowCount"]),
    ("confirm_below", ("1", "0", "1"), lambda r: r.exit_code),
])
def test_ask_settings_flag_beats_environment_beats_file(key: str, values: tuple[str, str, str], observe,
                                                        config_file: Path, ecommerce_path: Path) -> None:
    file_value, env_value, flag_value = values
    option = "--" + key.replace("_", "-")
    setting = next(s for s in SETTINGS if s.key == key)
    question = "How many users are there?" if key != "max_rows" else "List all users"
    base = ["--db", str(ecommerce_path)] + (["--format", "json"] if key == "max_rows" else [])

    def run(flag: bool, env: bool):
        extra = [option, flag_value] if flag else []
        return _ask(*base, *extra, question, env={setting.env: env_value} if env else {})

    default = run(flag=False, env=False)
    config_file.write_text(f"{key} = {file_value}\n")
    from_file, from_env, from_flag = run(False, False), run(False, True), run(True, True)
    expected = {"format": ("table", "csv", "json", "markdown"), "max_rows": (50, 3, 4, 5),
                "confirm_below": (0, 3, 0, 3)}[key]  # confirming at 1: every reading waits (exit 3)
    assert (observe(default), observe(from_file), observe(from_env), observe(from_flag)) == expected


def _chat_params(*args: str) -> dict:
    """What ``nl2sql chat ARGS`` resolves its options to: the group's real callback (which reads the
    config file into click's default_map) then chat's own parsing, without opening the REPL."""
    with cli.make_context("nl2sql", ["chat", *args]) as group:
        group.invoked_subcommand = "chat"
        group.invoke(cli.callback)
        with chat.make_context("chat", list(args), parent=group) as command:
            return command.params


@pytest.mark.parametrize("key, param, values, flag, expected", [
    ("pager", "pager", ("false", "on"), ("--no-pager",), (True, False, True, False)),
    ("key_mode", "key_mode", ('"vi"', "emacs"), ("--key-mode", "vi"), ("emacs", "vi", "emacs", "vi")),
    ("color", "color", ('"never"', "auto"), ("--color", "always"), ("auto", "never", "auto", "always")),
    ("format", "fmt", ('"csv"', "json"), ("--format", "vertical"), ("table", "csv", "json", "vertical")),
    ("max_rows", "max_rows", ("0", "9"), ("--max-rows", "7"), (50, 0, 9, 7)),
    ("confirm_below", "confirm_below", ("0.5", "0.25"), ("--confirm-below", "1"), (0.75, 0.5, 0.25, 1.0)),
])
def test_chat_settings_flag_beats_environment_beats_file(key: str, param: str, values: tuple[str, str],
                                                         flag: tuple[str, ...], expected: tuple, config_file: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    file_value, env_value = values
    setting = next(s for s in SETTINGS if s.key == key)
    default = _chat_params("--db", "x")[param]
    config_file.write_text(f"{key} = {file_value}\n")
    from_file = _chat_params("--db", "x")[param]
    monkeypatch.setenv(setting.env, env_value)
    from_env = _chat_params("--db", "x")[param]
    from_flag = _chat_params("--db", "x", *flag)[param]
    assert (default, from_file, from_env, from_flag) == expected


def test_chat_opens_on_the_config_files_database_in_a_real_process(config_file: Path, ecommerce_path: Path) -> None:
    config_file.write_text(f'database = {json.dumps(str(ecommerce_path))}\nkey_mode = "vi"\npager = false\n')
    script = Path(sys.executable).with_name("nl2sql")
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "nl2sql"]
    proc = subprocess.run([*command, "chat"], input="How many users are there?\n", capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "There are 1,000 users." in proc.stdout  # the config file's database answered


@pytest.mark.parametrize("line, key", [
    ('format = "yaml"', "format"),
    ("max_rows = -1", "max_rows"),
    ('max_rows = "ten"', "max_rows"),
    ("confirm_below = 1.5", "confirm_below"),
    ('pager = "sometimes"', "pager"),
    ('key_mode = "nano"', "key_mode"),
    ("color = true", "color"),
    ("database = 3", "database"),
])
def test_a_bad_value_in_the_file_is_one_line_naming_key_and_file(line: str, key: str, config_file: Path,
                                                                 ecommerce_path: Path) -> None:
    config_file.write_text(line + "\n")
    result = _ask("--db", str(ecommerce_path), "How many users are there?")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ")
    assert f"{key} = " in result.output and str(config_file) in result.output


def test_a_damaged_file_is_one_line(config_file: Path, ecommerce_path: Path) -> None:
    config_file.write_text("format = \n")
    result = _ask("--db", str(ecommerce_path), "How many users are there?")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "not valid TOML" in result.output and str(config_file) in result.output


def test_a_bad_environment_value_is_a_usage_error(ecommerce_path: Path) -> None:
    result = _ask("--db", str(ecommerce_path), "How many users are there?", env={"NL2SQL_MAX_ROWS": "many"})
    assert result.exit_code == 2 and "Traceback" not in result.output and "--max-rows" in result.output


def test_commands_without_settings_ignore_a_bad_file(config_file: Path) -> None:
    config_file.write_text('format = "yaml"\n')
    result = CliRunner().invoke(cli, ["fixtures", "list"])
    assert result.exit_code == 0 and "ecommerce" in result.output
