"""Named databases from the config file (``[databases]``): which name wins, where the password comes
from, and that a password kept in the file never shows up in output, errors, logs, history or saved
state, on real PostgreSQL and MariaDB servers through real processes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nl2sql import fixtures
from nl2sql.db import open_database
from nl2sql.db.named import named_url
from nl2sql.errors import UsageError
from nl2sql.opening import domain_file, open_target
from tests.conftest import TODAY
from tests.test_postgres_cli import _cli, _closed_port, _files_under, _one_line_usage_error

# Characters that mean something in a URL, so quoting it into the URL is exercised too.
PLANTED = "Pl4nted&Cfg/x9?#"


def _config(text: str, mode: int = 0o600) -> Path:
    path = Path(os.environ["NL2SQL_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(mode)
    return path


def test_a_name_opens_the_url_stored_under_it(ecommerce_path: Path) -> None:
    _config(f'[databases]\nlocal = "sqlite:///{ecommerce_path}"\n[databases.other]\nurl = "{ecommerce_path}"\n')
    for name in ("local", "other"):
        db = open_database(name)
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
        db.close()
    assert named_url("nowhere") is None and named_url("postgresql://x@h/db") is None


def test_a_file_wins_over_a_name_which_wins_over_a_fixture(ecommerce_path: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _config(f'[databases]\necommerce = "sqlite:///{ecommerce_path}"\nshop = "sqlite:///{tmp_path / "none.db"}"\n')
    assert named_url("ecommerce") == f"sqlite:///{ecommerce_path}"  # the user's name, not the bundled fixture
    assert _display("ecommerce")[0] == f"sqlite:///{ecommerce_path}"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shop").write_bytes(ecommerce_path.read_bytes())
    assert named_url("shop") is None and _display("shop")[0] == "shop"  # the file on disk
    _config("")
    assert _display("ecommerce") == ("ecommerce", fixtures.domain_file("ecommerce"))


def _display(target: str) -> tuple[str, Path | None]:
    """What ``target`` opens, by the name it is shown under, and the domain config found with it."""
    db = open_target(target)
    db.close()
    return db.display_name, domain_file(target)


def test_bad_entries_are_one_line_usage_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_SUCH_PW", raising=False)
    _config('[databases.a]\nurl = "postgresql://u@h/db"\npassword_env = "NO_SUCH_PW"\n'
            '[databases.b]\nurl = "sqlite:///x.db"\npassword = "p"\n'
            '[databases.c]\nurl = "postgresql://u:p@h/db"\npassword = "q"\n'
            '[databases.d]\nhost = "h"\n'
            '[databases.e]\nurl = "postgresql://u@h/db"\npassword = "p"\npassword_env = "X"\n')
    for name, expected in [("a", "$NO_SUCH_PW, which is not set"), ("b", "sqlite:// databases take none"),
                           ("c", "in its url and beside it"), ("d", "needs url"), ("e", "keep one")]:
        with pytest.raises(UsageError, match=expected.replace("$", r"\$")):
            named_url(name)


def test_a_readable_file_with_a_password_gets_one_warning(capfd: pytest.CaptureFixture[str]) -> None:
    path = _config('[databases.shop]\nurl = "postgresql://u@h/db"\npassword = "p"\n', mode=0o600)
    assert named_url("shop") == "postgresql://u@h/db?password=p"
    assert capfd.readouterr().err == ""
    path.chmod(0o644)
    named_url("shop")
    named_url("shop")
    warned = capfd.readouterr().err.strip().splitlines()
    assert len(warned) == 1 and "chmod 600" in warned[0] and "group or others" in warned[0]
    path.write_text('[databases]\nshop = "postgresql://u@h/db"\n')  # no password in the file: no warning
    named_url("shop")
    assert capfd.readouterr().err == ""


def _named_server_session(url: str, tmp_path: Path, expected_error: str) -> None:
    """``--db shop`` with the password in the config file (and then from an environment variable): the
    session works, a wrong password is one line, and PLANTED is nowhere to be seen or found."""
    data, cache, home = tmp_path / "data", tmp_path / "cache", tmp_path / "home"
    config = tmp_path / "config.toml"
    config.write_text(f'[databases.shop]\nurl = "{url}"\npassword = {json.dumps(PLANTED)}\n'
                      f'[databases.env]\nurl = "{url}"\npassword_env = "SHOP_PW"\n'
                      f'[databases.wrong]\nurl = "{url}"\npassword = "{PLANTED}-not"\n')
    config.chmod(0o600)
    env = {"NL2SQL_DATA_DIR": str(data), "NL2SQL_CACHE_DIR": str(cache), "HOME": str(home),
           "NL2SQL_CONFIG": str(config), "SHOP_PW": PLANTED}
    runs = [
        _cli("schema", "--db", "shop", env=env),
        _cli("ask", "--db", "shop", "--today", TODAY.isoformat(), "--format", "json", "--",
             "How many categories are there?", "/sql SELECT nope FROM users", "/sql DELETE FROM users", env=env),
        _cli("ask", "--db", "env", "--format", "json", "--", "How many categories are there?",
             env={**env, "NL2SQL_DEBUG": "1"}),
        _cli("chat", "--db", "shop", "--today", TODAY.isoformat(), env={**env, "NL2SQL_DEBUG": "1"},
             stdin="How many categories are there?\n/sql SELECT nope FROM users\n/history\n/stats\n/exit\n"),
    ]
    assert runs[0].returncode == 0 and "categories" in runs[0].stdout, runs[0].stderr
    assert json.loads(runs[1].stdout.splitlines()[0])["rows"] == [[8]], runs[1].stdout + runs[1].stderr
    assert json.loads(runs[2].stdout.splitlines()[0])["rows"] == [[8]], runs[2].stdout + runs[2].stderr
    assert "There are 8 categories" in runs[3].stdout, runs[3].stdout + runs[3].stderr
    wrong = _cli("schema", "--db", "wrong", env=env)
    _one_line_usage_error(wrong, expected_error)
    written = _files_under(data, cache, home)
    # chat read its lines from a pipe, as a script: nothing it read is kept as typed history
    assert not any(p.name == "history" for p in written)
    for run in [*runs, wrong]:
        assert PLANTED not in run.stdout + run.stderr, (run.args, run.stdout, run.stderr)
        assert "warning" not in run.stderr  # the file is 0600
    for path in written:
        assert PLANTED.encode() not in path.read_bytes(), path


def test_postgres_password_from_the_config_file_never_shows(pg_server, ecommerce_pg_url: str,
                                                           tmp_path: Path) -> None:
    pg_server.admin(f"CREATE ROLE named_planted LOGIN PASSWORD '{PLANTED}'")
    pg_server.admin("GRANT SELECT ON ALL TABLES IN SCHEMA public TO named_planted", database="nl2sql_test")
    url = pg_server.url(user="named_planted", password=None)
    _named_server_session(url, tmp_path, "password authentication failed")


def test_mysql_password_from_the_config_file_never_shows(mysql_server, ecommerce_mysql_url: str,
                                                        tmp_path: Path) -> None:
    mysql_server.admin(f"CREATE USER named_planted IDENTIFIED BY '{PLANTED}'",
                       "GRANT SELECT ON nl2sql_test.* TO named_planted")
    url = mysql_server.url(user="named_planted", password=None, query="databases=")
    _named_server_session(url, tmp_path, "Access denied")


def test_an_unreachable_named_server_is_one_line_without_the_password(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[databases.gone]\nurl = "postgresql://me@127.0.0.1:{_closed_port()}/shop"\n'
                      f'password = {json.dumps(PLANTED)}\n')
    config.chmod(0o600)
    run = _cli("schema", "--db", "gone", env={"NL2SQL_CONFIG": str(config)})
    _one_line_usage_error(run, "Connection refused")
    assert PLANTED not in run.stdout + run.stderr and "postgresql://me@127.0.0.1" in run.stderr
