"""A throwaway MariaDB server for the test session: ``mariadb-install-db`` into a temporary directory,
``mariadbd`` on 127.0.0.1 with a random free port and a unix socket beside the data, stopped and
removed at the end.

Debian's mariadb-server packages put ``mariadbd`` in /usr/sbin. MariaDB refuses to run as root
unless told which user to be, so as root the server belongs to the ``mysql`` system user; as anyone
else it is the current user's. No option file is read (``--no-defaults``), so the machine's own
configuration (and any system service) plays no part. TCP connections need a password; two users
exist: an administrator that loads the fixtures and ``reader``, who may only SELECT, as a careful
deployment would connect. The server runs with ``ONLY_FULL_GROUP_BY`` (as MySQL's default does) so
that the SQL the engine writes is shown to be valid either way.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from tests.pg_server import free_port

ADMIN, ADMIN_PASSWORD = "nl2sql_admin", "admin-pw-51e0"
READER, READER_PASSWORD = "reader", "reader-pw-c4d2"
DATABASE = "nl2sql_test"
_SQL_MODE = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"


def find_bin() -> tuple[Path, Path] | None:
    """``mariadbd`` and ``mariadb-install-db`` (or their older mysqld names), if installed."""
    server = shutil.which("mariadbd") or shutil.which("mariadbd", path="/usr/sbin:/usr/local/sbin")
    install = shutil.which("mariadb-install-db") or shutil.which("mysql_install_db")
    return (Path(server), Path(install)) if server and install else None


@dataclass
class MysqlServer:
    server: Path
    install: Path
    root: Path
    port: int = 0
    host: str = "127.0.0.1"
    process: subprocess.Popen | None = field(default=None, repr=False)
    installing: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def socket(self) -> Path:
        return self.root / "sock"

    def url(self, database: str = DATABASE, user: str = ADMIN, password: str | None = ADMIN_PASSWORD,
            query: str = "") -> str:
        auth = quote(user) + (f":{quote(password, safe='')}" if password else "")
        return f"mysql://{auth}@{self.host}:{self.port}/{database}" + (f"?{query}" if query else "")

    def _owner(self) -> list[str]:
        return ["--user=mysql"] if os.geteuid() == 0 else []

    def begin_install(self) -> None:
        """Start writing the system tables (a few seconds, mostly waiting on the disk) in the background."""
        if os.geteuid() == 0:
            owner = pwd.getpwnam("mysql")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        self.installing = subprocess.Popen(
            [str(self.install), "--no-defaults", f"--datadir={self.root / 'data'}", *self._owner(),
             "--auth-root-authentication-method=normal", "--skip-test-db"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=self.root)

    def start(self) -> None:
        """Finish installing the system tables, start the server, create the test database and users."""
        if self.installing is None:
            self.begin_install()
        assert self.installing is not None
        output, _ = self.installing.communicate(timeout=180)
        if self.installing.returncode != 0:
            raise RuntimeError(f"mariadb-install-db failed: {output[-2000:]}")
        for _attempt in range(5):
            self.port = free_port()
            if self._launch():
                break
        else:
            raise RuntimeError(f"MariaDB did not start: {(self.root / 'error.log').read_text()[-2000:]}")
        self.admin(
            f"CREATE USER '{ADMIN}'@'%' IDENTIFIED BY '{ADMIN_PASSWORD}'",
            f"GRANT ALL PRIVILEGES ON *.* TO '{ADMIN}'@'%' WITH GRANT OPTION",
            f"CREATE USER '{READER}'@'%' IDENTIFIED BY '{READER_PASSWORD}'",
            f"CREATE DATABASE {DATABASE}",
            f"GRANT SELECT ON {DATABASE}.* TO '{READER}'@'%'",
        )

    def _launch(self) -> bool:
        """Start ``mariadbd`` on ``self.port``; False when it exits at once (the port was taken)."""
        self.process = subprocess.Popen([
            str(self.server), "--no-defaults", *self._owner(), f"--datadir={self.root / 'data'}",
            f"--port={self.port}", "--bind-address=127.0.0.1", f"--socket={self.socket}",
            f"--pid-file={self.root / 'pid'}", f"--log-error={self.root / 'error.log'}", f"--tmpdir={self.root}",
            "--skip-log-bin", "--performance-schema=OFF", "--innodb-buffer-pool-size=64M",
            "--innodb-log-file-size=32M", "--innodb-flush-log-at-trx-commit=0", "--innodb-doublewrite=0",
            "--innodb-flush-method=nosync", "--max-connections=100", "--character-set-server=utf8mb4",
            "--collation-server=utf8mb4_general_ci", f"--sql-mode={_SQL_MODE}", "--skip-name-resolve",
        ], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            if self.socket.exists() and self._answers():
                return True
            time.sleep(0.05)
        return False

    def _answers(self) -> bool:
        try:
            self.admin("SELECT 1")
        except Exception:  # noqa: BLE001 - not accepting connections yet
            return False
        return True

    def admin(self, *statements: str, database: str | None = None) -> None:
        """Run statements as root over the unix socket, for set-up only."""
        import pymysql

        conn = pymysql.connect(unix_socket=str(self.socket), user="root", database=database, autocommit=True)
        try:
            with conn.cursor() as cur:
                for statement in statements:
                    cur.execute(statement)  # test set-up text written here, never user input
        finally:
            conn.close()

    def stop(self) -> None:
        if self.installing is not None and self.installing.poll() is None:
            self.installing.kill()
            self.installing.wait(timeout=30)
        try:
            if self.process is not None and self.process.poll() is None:
                self.process.send_signal(signal.SIGKILL)  # its data goes with the directory
                self.process.wait(timeout=30)
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def new_server() -> MysqlServer | None:
    """A server not started yet (its directory made), or None when MariaDB is not installed."""
    found = find_bin()
    if found is None:
        return None
    return MysqlServer(found[0], found[1], Path(tempfile.mkdtemp(prefix="nl2sql-mysql-")))


def start_server(server: MysqlServer | None = None) -> MysqlServer | None:
    """``server`` (or a new one) started, or None when MariaDB is not installed."""
    server = server or new_server()
    if server is None:
        return None
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    return server
