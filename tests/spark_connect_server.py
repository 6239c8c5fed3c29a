"""A throwaway Spark Connect server on 127.0.0.1 for the test session: pyspark's own
``sbin/start-connect-server.sh`` (the server's jar ships in the pyspark wheel), its logs, PID file,
warehouse and scratch space in a temporary directory, a random free port, stopped and removed at the end."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.pg_server import free_port


@dataclass
class ConnectServer:
    home: Path
    port: int
    env: dict[str, str]
    scratch: Path

    def url(self) -> str:
        return f"sc://127.0.0.1:{self.port}"

    def stop(self) -> None:
        script = self.home / "sbin" / "stop-connect-server.sh"
        subprocess.run(["bash", str(script)], env=self.env, capture_output=True, timeout=60)
        shutil.rmtree(self.scratch, ignore_errors=True)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def start_server(timeout: float = 120) -> ConnectServer | None:
    """A started server, or None when pyspark, its Connect jar or Java is missing."""
    try:
        import pyspark
    except ImportError:
        return None
    home = Path(pyspark.__file__).parent
    if not (home / "sbin" / "start-connect-server.sh").is_file() or shutil.which("java") is None:
        return None
    scratch = Path(tempfile.mkdtemp(prefix="nl2sql-connect-"))
    port = free_port()
    env = {**os.environ, "SPARK_HOME": str(home), "SPARK_LOG_DIR": str(scratch / "logs"),
           "SPARK_PID_DIR": str(scratch / "pid"), "SPARK_LOCAL_DIRS": str(scratch / "local"),
           "SPARK_LOCAL_IP": "127.0.0.1", "SPARK_IDENT_STRING": f"nl2sql{port}"}
    subprocess.run(["bash", str(home / "sbin" / "start-connect-server.sh"),
                    "--conf", f"spark.connect.grpc.binding.port={port}", "--conf", "spark.ui.enabled=false",
                    "--conf", "spark.sql.shuffle.partitions=2", "--conf", f"spark.sql.warehouse.dir={scratch / 'wh'}",
                    "--conf", "spark.sql.catalogImplementation=in-memory", "--conf", "spark.sql.ansi.enabled=false",
                    "--conf", "spark.sql.session.timeZone=UTC",
                    "--conf", "spark.connect.grpc.binding.address=127.0.0.1",
                    "--driver-java-options", f"-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dderby.system.home={scratch}"],
                   env=env, capture_output=True, timeout=120, cwd=scratch)
    server = ConnectServer(home, port, env, scratch)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _listening(port):
            return server
        time.sleep(0.5)
    server.stop()
    raise RuntimeError(f"the Spark Connect server did not start; see {scratch / 'logs'}")
