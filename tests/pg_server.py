"""A throwaway PostgreSQL cluster for the test session: initdb into a temporary directory, start it on
127.0.0.1 with a random free port and a unix socket beside the data, stop and remove it at the end.

Debian's postgresql packages put the binaries in /usr/lib/postgresql/<version>/bin (not on PATH).
PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres`` system user
(``runuser``); as anyone else it is the current user's. Host connections need a password
(scram-sha-256), so the tests can plant a wrong one; two roles exist: the superuser that loads the
fixtures and ``reader``, a plain role that may only read, as a careful deployment would connect.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

SUPERUSER, SUPER_PASSWORD = "nl2sql_admin", "admin-pw-7d1c"
READER, READER_PASSWORD = "reader", "reader-pw-93ab"
DATABASE = "nl2sql_test"


def find_bin() -> Path | None:
    """The newest PostgreSQL bin directory with initdb: Debian's layout, then PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def free_port() -> int:
    """A port nothing listens on now, for a test server on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PgServer:
    bin: Path
    root: Path
    port: int = 0
    host: str = "127.0.0.1"

    @property
    def data(self) -> Path:
        return self.root / "data"

    def url(self, database: str = DATABASE, user: str = SUPERUSER, password: str | None = SUPER_PASSWORD) -> str:
        auth = quote(user) + (f":{quote(password, safe='')}" if password else "")
        return f"postgresql://{auth}@{self.host}:{self.port}/{database}"

    def _as_owner(self, *args: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else list(args)

    def _run(self, *args: str) -> None:
        subprocess.run(self._as_owner(*args), check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        """initdb, start, and create the test database and the reading role."""
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        secret = self.root / "pw"
        secret.write_text(SUPER_PASSWORD + "\n")
        if os.geteuid() == 0:
            os.chown(secret, pwd.getpwnam("postgres").pw_uid, -1)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--pwfile", str(secret),
                  "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")
        secret.unlink()
        settings = (f"-c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root} -c fsync=off "
                    "-c synchronous_commit=off -c full_page_writes=off -c shared_buffers=64MB -c max_connections=60")
        for _attempt in range(5):
            self.port = free_port()
            try:
                self._run(str(self.bin / "pg_ctl"), "start", "-w", "-t", "60", "-D", str(self.data),
                          "-l", str(self.root / "log"), "-o", f"-p {self.port} {settings}")
                break
            except subprocess.CalledProcessError:
                continue  # the port was taken between the probe and the start
        else:
            raise RuntimeError(f"PostgreSQL did not start: {(self.root / 'log').read_text()[-2000:]}")
        self.admin(f"CREATE ROLE {READER} LOGIN PASSWORD '{READER_PASSWORD}'", f"CREATE DATABASE {DATABASE}")

    def admin(self, *statements: str, database: str = "postgres") -> None:
        """Run statements as the superuser over the unix socket (trust), for set-up only."""
        import psycopg

        with psycopg.connect(host=str(self.root), port=self.port, user=SUPERUSER, dbname=database,
                             autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)  # test set-up text written here, never user input

    def stop(self) -> None:
        try:
            if self.port:
                self._run(str(self.bin / "pg_ctl"), "stop", "-m", "immediate", "-D", str(self.data))
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def start_server() -> PgServer | None:
    """A started cluster, or None when no PostgreSQL binaries are installed."""
    found = find_bin()
    if found is None:
        return None
    server = PgServer(found, Path(tempfile.mkdtemp(prefix="nl2sql-pg-")))
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    return server
