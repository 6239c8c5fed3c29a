"""Server URLs and servers that misbehave: only reviewed URL options reach a driver, and a server
that accepts and stays silent, or drips a byte at a time, costs one line within a bounded time,
at connect (the CLI, a real process) and during a statement (a relay in front of the session's
real PostgreSQL and MariaDB servers that the test makes go quiet or drip)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.errors import DatabaseError, QueryTimeout, UsageError
from tests.mysql_server import READER as MYSQL_READER
from tests.mysql_server import READER_PASSWORD as MYSQL_READER_PASSWORD
from tests.pg_server import READER as PG_READER
from tests.pg_server import READER_PASSWORD as PG_READER_PASSWORD

REPO = Path(__file__).resolve().parents[1]
DRIP_EVERY_S = 0.25  # far below any per-read timeout: only a wall-clock limit ends a drip
# A MySQL greeting that announces 64 KB and a PostgreSQL AuthenticationOk followed by a 4 KB
# ParameterStatus: each client waits for the rest, which comes a byte at a time.
MYSQL_GREETING = b"\xff\xff\x00\x00\x0a5.5.5-10.11.6-MariaDB" + b"x" * 4096
PG_GREETING = b"R\x00\x00\x00\x08\x00\x00\x00\x00" + b"S\x00\x00\x10\x00" + b"a" * 4096


# -- servers that misbehave ----------------------------------------------------------------------

class _Listener:
    """Accepts on 127.0.0.1 in a thread and hands each connection to ``_serve``; ``close`` ends all."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = int(self._listener.getsockname()[1])
        self._stop = threading.Event()
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._sockets.append(client)
            self._serve(client)

    def _serve(self, client: socket.socket) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self._stop.set()
        self._listener.close()
        for end in self._sockets:
            end.close()


class FakeServer(_Listener):
    """Accepts and then says nothing (``greeting`` empty) or sends ``greeting`` a byte every
    DRIP_EVERY_S; what the client sends is read and dropped."""

    def __init__(self, greeting: bytes = b"") -> None:
        self.greeting = greeting
        super().__init__()

    def _serve(self, client: socket.socket) -> None:
        threading.Thread(target=self._drain, args=(client,), daemon=True).start()
        threading.Thread(target=self._drip, args=(client,), daemon=True).start()

    def _drain(self, client: socket.socket) -> None:
        try:
            while not self._stop.is_set() and client.recv(4096):
                pass
        except OSError:
            pass

    def _drip(self, client: socket.socket) -> None:
        for byte in self.greeting:
            if self._stop.wait(DRIP_EVERY_S):
                return
            try:
                client.sendall(bytes([byte]))
            except OSError:
                return


class Relay(_Listener):
    """A TCP relay to a real server that the test can make go quiet (``mode = "freeze"``: what the
    server sends is held back) or drip (one byte every DRIP_EVERY_S), and back (``"pass"``); with
    ``freeze_on`` set, the first request holding those bytes freezes it."""

    def __init__(self, port: int, freeze_on: bytes | None = None) -> None:
        self._upstream = port
        self.mode = "pass"
        self.freeze_on = freeze_on
        super().__init__()

    def _serve(self, client: socket.socket) -> None:
        server = socket.create_connection(("127.0.0.1", self._upstream))
        self._sockets.append(server)
        threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
        threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, from_server: bool) -> None:
        try:
            while data := source.recv(65536):
                self._forward(data, target, from_server)
        except OSError:
            pass
        finally:
            for end in (source, target):
                end.close()

    def _forward(self, data: bytes, target: socket.socket, from_server: bool) -> None:
        if not from_server and self.freeze_on and self.freeze_on in data:
            self.mode = "freeze"
        while from_server and self.mode == "freeze" and not self._stop.wait(0.05):
            pass
        if from_server and self.mode == "drip":
            for byte in data:
                if self._stop.wait(DRIP_EVERY_S):
                    return
                target.sendall(bytes([byte]))
            return
        target.sendall(data)


@contextmanager
def fake_server(greeting: bytes = b"") -> Iterator[FakeServer]:
    server = FakeServer(greeting)
    try:
        yield server
    finally:
        server.close()


@contextmanager
def relay(port: int, freeze_on: bytes | None = None) -> Iterator[Relay]:
    running = Relay(port, freeze_on)
    try:
        yield running
    finally:
        running.close()


def _cli(*args: str, limit: float = 60) -> tuple[subprocess.CompletedProcess, float]:
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "nl2sql", *args], capture_output=True, text=True, cwd=REPO,
                         timeout=limit, env={**os.environ, "MYSQL_PWD": "", "PGPASSWORD": ""})
    return run, time.monotonic() - started


def _one_line_exit_2(run: subprocess.CompletedProcess, expected: str) -> None:
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert expected in run.stderr, run.stderr


# -- URL options by allow-list ---------------------------------------------------------------------

@pytest.mark.parametrize(("url", "expected"), [
    ("mysql://me@127.0.0.1:1/shop?init_command=DELETE+FROM+users", "option 'init_command' is not one"),
    ("mysql://me@127.0.0.1:1/shop?local_infile=1", "option 'local_infile' is not one"),
    ("mysql://me@127.0.0.1:1/shop?connect_timeout=0", "connect_timeout takes whole seconds from 1"),
    ("mysql://me@127.0.0.1:1/shop?connect_timeout=abc", "connect_timeout takes whole seconds from 1"),
    ("mysql://me@127.0.0.1:1/shop?connect_timeout=%C2%B2", "connect_timeout takes whole seconds from 1"),
    ("postgresql://me@127.0.0.1:1/shop?connect_timeout=%C2%B2", "connect_timeout takes whole seconds from 1"),
    ("mysql://me@127.0.0.1:1/shop?charset=binary", "charset takes one of utf8mb4"),
    ("mysql://me@127.0.0.1:1/shop?ssl_verify_cert=maybe", "ssl_verify_cert takes one of"),
    ("postgresql://me@127.0.0.1:1/shop?connect_timeout=0", "connect_timeout takes whole seconds from 1"),
    ("postgresql://me@127.0.0.1:1/shop?connect_timeout=abc", "connect_timeout takes whole seconds from 1"),
    ("postgresql://me@127.0.0.1:1/shop?sslkeylogfile=/tmp/nl2sql-keys", "option 'sslkeylogfile' is not one"),
    ("postgresql://me@127.0.0.1:1/shop?replication=database", "option 'replication' is not one"),
    ("postgresql://me@127.0.0.1:1/shop?passfile=/etc/passwd", "option 'passfile' is not one"),
    ("postgresql://me@127.0.0.1:1/shop?read_default_file=/etc/passwd", "option 'read_default_file' is not one"),
    ("postgresql://me@127.0.0.1:1/shop?sslmode=sometimes", "sslmode takes one of disable"),
    ("postgresql://me@127.0.0.1:1/shop?options=-c%20default_transaction_read_only%3Doff",
     "options takes -c SETTING=VALUE"),
    ("postgresql://me@127.0.0.1:1/shop?options=-c%20search_path%3Dx%20-c%20statement_timeout%3D0",
     "options takes -c SETTING=VALUE"),
])
def test_options_off_the_list_or_with_bad_values_are_refused_by_name(url: str, expected: str) -> None:
    with pytest.raises(UsageError, match=expected) as caught:
        open_database(url)
    assert "\n" not in str(caught.value)


def test_a_refused_option_is_one_line_exit_2_through_the_cli() -> None:
    run, _ = _cli("ask", "--db", "postgresql://me@127.0.0.1:1/shop?connect_timeout=0", "--", "how many users")
    _one_line_exit_2(run, "connect_timeout takes whole seconds from 1")
    odd = "mysql://me@127.0.0.1:1/shop?x%1b%5b31m=1"
    run, _ = _cli("ask", "--db", odd, "--", "how many users")
    _one_line_exit_2(run, "'x\\x1b[31m' is not one")  # the name shown escaped, never raw
    assert "\x1b" not in run.stderr


def test_a_file_that_is_not_an_option_file_is_named_never_quoted(tmp_path: Path) -> None:
    """``read_default_file`` is read by nl2sql as an option file's [client] group: a file that is
    not one (the probe used /etc/passwd) is one line that quotes nothing of it."""
    private = tmp_path / "notes.txt"
    private.write_text("first-line-Secret-77\n[client]\n")
    unreadable = tmp_path / "locked.cnf"
    unreadable.write_text("[client]\nuser = x\n")
    unreadable.chmod(0)
    binary = tmp_path / "binary.cnf"
    binary.write_bytes(b"[client]\n\xff\xfe\n")
    cases = [(private, "is not a MySQL option file"), (binary, "is not a MySQL option file (not UTF-8")]
    if os.geteuid() != 0:  # root reads a file of mode 000
        cases.append((unreadable, "Cannot read the MySQL option file"))
    for path, expected in cases:
        run, _ = _cli("ask", "--db", f"mysql://me@127.0.0.1:1/shop?read_default_file={path}", "--", "how many")
        _one_line_exit_2(run, expected)
        assert "Secret-77" not in run.stderr + run.stdout


def test_allowed_options_reach_postgresql(pg_server) -> None:
    url = (pg_server.url(user=PG_READER, password=PG_READER_PASSWORD) +
           "?sslmode=disable&application_name=nl2sql-probe&connect_timeout=3&options=-c%20search_path%3Dpublic")
    with closing(open_database(url)) as db:
        shown = db._run("SELECT current_setting('application_name'), current_setting('search_path')", None, 5.0)
        assert shown.rows == (("nl2sql-probe", "public"),)


def test_allowed_options_reach_mariadb(mysql_server) -> None:
    url = mysql_server.url(user=MYSQL_READER, password=MYSQL_READER_PASSWORD,
                           query="databases=&charset=utf8mb4&connect_timeout=3&ssl_disabled=true")
    with closing(open_database(url)) as db:
        assert db.execute("SELECT @@character_set_client").rows == (("utf8mb4",),)


# -- connect: a silent or dripping server, through the CLI ------------------------------------------

@pytest.mark.parametrize(("scheme", "greeting", "options"), [
    ("mysql", b"", "connect_timeout=1"),
    ("mysql", MYSQL_GREETING, "connect_timeout=2"),
    ("postgresql", b"", "connect_timeout=2"),
    ("postgresql", PG_GREETING, "connect_timeout=2&sslmode=disable&gssencmode=disable"),
], ids=["mysql-silent", "mysql-drip", "postgresql-silent", "postgresql-drip"])
def test_a_server_that_never_finishes_its_greeting_is_given_up_within_connect_timeout(
        scheme: str, greeting: bytes, options: str) -> None:
    limit = float(options.split("&")[0].split("=")[1])
    with fake_server(greeting) as server:
        url = f"{scheme}://me:Pl4nted-Pw@127.0.0.1:{server.port}/shop?{options}"
        run, took = _cli("ask", "--db", url, "--", "how many users", limit=30)
    _one_line_exit_2(run, f"did not answer within {limit:g} s")
    assert "Pl4nted-Pw" not in run.stderr
    assert took < limit + 4, took  # the limit, a process start, and nothing like a per-byte wait


# -- a statement: the session's real servers behind a relay that goes quiet or drips ------------

def _bounded_failure(db, wait: float, bound: float) -> DatabaseError:
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match=f"did not answer within {wait:g} s") as caught:
        db.execute("SELECT COUNT(*) FROM categories", timeout=1)
    assert time.monotonic() - started < bound
    assert "\n" not in str(caught.value)
    return caught.value


# (server fixture, URL fixture, query-string joiner, seconds until the cut): PostgreSQL's time limit
# (1 s) and backstop (2 s); MariaDB's time limit, KILL QUERY backstop (2 s) and cut (2 s more).
_QUIET_SERVERS = {"postgresql": ("pg_server", "ecommerce_pg_url", "?", 3),
                  "mariadb": ("mysql_server", "ecommerce_mysql_url", "&", 5)}


@pytest.mark.parametrize("mode", ["freeze", "drip"])
@pytest.mark.parametrize("engine", sorted(_QUIET_SERVERS))
def test_a_server_that_goes_quiet_mid_session_costs_one_statement(request: pytest.FixtureRequest, engine: str,
                                                                   mode: str) -> None:
    """The statement's limits run out, then the connection is cut; when the server answers again the
    next statement connects again and runs."""
    server_fixture, url_fixture, joiner, cut_after_s = _QUIET_SERVERS[engine]
    server, base_url = request.getfixturevalue(server_fixture), request.getfixturevalue(url_fixture)
    with relay(server.port) as proxy:
        url = base_url.replace(f":{server.port}/", f":{proxy.port}/") + f"{joiner}connect_timeout=2"
        with closing(open_database(url)) as db:
            assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
            proxy.mode = mode
            _bounded_failure(db, cut_after_s, cut_after_s + 3)
            proxy.mode = "pass"
            assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)


def test_a_server_quiet_while_the_session_is_set_up_is_given_up_within_connect_timeout(
        mysql_server, ecommerce_mysql_url: str) -> None:
    """The handshake passes, then the session's first statement (which asks the version) gets no answer."""
    with relay(mysql_server.port, freeze_on=b"@@version") as proxy:
        url = ecommerce_mysql_url.replace(f":{mysql_server.port}/", f":{proxy.port}/") + "&connect_timeout=2"
        started = time.monotonic()
        with pytest.raises(UsageError, match="did not answer within 2 s") as caught:
            open_database(url)
        assert time.monotonic() - started < 2 + 3
        assert "\n" not in str(caught.value)
