"""One local Spark session per process: started on the first ``spark:///`` folder opened (it takes
seconds), then shared by every folder the process opens, each in an isolated child session of its own
(``newSession()``: its own temporary views, the same JVM and SparkContext).

The session is configured so that it reads and never writes beside the user's data: the warehouse,
the scratch space (``spark.local.dir`` via ``SPARK_LOCAL_DIRS``) and Derby's home are in a temporary
directory removed at exit; the catalog is in memory (no Hive metastore, no ``metastore_db``); the UI
and the console progress bar are off and logs are silent; SQL cannot name files
(``spark.sql.runSQLOnFiles=false``: no ``parquet.`/path```), ``${...}`` is never substituted (no
``${env:...}`` in a statement), and ANSI mode is off, as SQLite is lax: a division by zero or a cast
that fails is NULL rather than an error. A forked process (eval's workers) starts its own session.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from nl2sql.db.drivers import load_driver
from nl2sql.errors import UsageError

_LOCK = threading.Lock()
_STATE: dict[str, Any] = {}
# The Python-side loggers pyspark prints every SQL error to (as JSON on stderr); nl2sql reports its own line.
_PY_LOGGERS = ("SQLQueryContextLogger", "DataFrameQueryContextLogger", "py4j", "py4j.clientserver")


# A short-lived, interactive JVM: the client compiler only and the serial collector start in about
# half the time and answer small queries as fast (measured here: 12 s instead of 21 s to open a folder).
_QUICK_START = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


def _settings(scratch: Path) -> dict[str, str]:
    log4j = scratch / "log4j2.properties"
    log4j.write_text("appender.quiet.type = Console\nappender.quiet.name = quiet\nappender.quiet.target = SYSTEM_ERR\n"
                     "appender.quiet.layout.type = PatternLayout\nappender.quiet.layout.pattern = %m%n\n"
                     "rootLogger.level = off\nrootLogger.appenderRef.quiet.ref = quiet\n")
    return {
        "spark.master": "local[2]", "spark.app.name": "nl2sql",
        "spark.ui.enabled": "false", "spark.ui.showConsoleProgress": "false",
        "spark.sql.shuffle.partitions": "2", "spark.default.parallelism": "2",
        "spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1",
        "spark.sql.catalogImplementation": "in-memory",
        "spark.sql.warehouse.dir": str(scratch / "warehouse"),
        "spark.driver.extraJavaOptions": f"-Dderby.system.home={scratch / 'derby'} "
                                         f"-Dlog4j2.configurationFile={log4j} {_QUICK_START}",
        "spark.sql.session.timeZone": "UTC",
        "spark.sql.runSQLOnFiles": "false",
        "spark.sql.variable.substitute": "false",
        "spark.sql.scripting.enabled": "false",
        "spark.sql.ansi.enabled": "false",
        "spark.sql.execution.arrow.pyspark.enabled": "false",
    }


@contextmanager
def _quiet(log: Path) -> Iterator[None]:
    """The JVM's own start-up chatter (JDK notices, Spark's banner lines) goes to ``log``: the launched
    process inherits stdout and stderr while they point there."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with log.open("wb") as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)


def quiet_loggers() -> None:
    """pyspark prints every SQL error as JSON on stderr; nl2sql reports its own one line."""
    for name in _PY_LOGGERS:
        logging.getLogger(name).disabled = True


def java_found() -> bool:
    home = os.environ.get("JAVA_HOME")
    return bool(home and (Path(home) / "bin" / "java").is_file()) or shutil.which("java") is not None


def _start() -> Any:
    load_driver("pyspark", "A spark:/// folder is read by a local Spark session; reading it")
    if not java_found():
        raise UsageError("Spark needs Java 17 or later, which was not found: install a JDK (apt-get install "
                         "openjdk-17-jre-headless) or set JAVA_HOME.")
    from pyspark.sql import SparkSession

    _sweep()
    scratch = Path(tempfile.mkdtemp(prefix=f"nl2sql-spark-{os.getpid()}-"))
    os.environ["SPARK_LOCAL_DIRS"] = str(scratch / "local")  # read by the JVM the builder launches
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    builder = SparkSession.builder
    for key, value in _settings(scratch).items():
        builder = builder.config(key, value)
    previous = signal.getsignal(signal.SIGINT) if threading.current_thread() is threading.main_thread() else None
    try:
        with _quiet(scratch / "launch.log"):
            spark = builder.getOrCreate()
    except Exception as err:  # the JVM did not start: the launcher's own last words, on one line
        said = [ln.strip() for ln in (scratch / "launch.log").read_text(errors="replace").splitlines() if ln.strip()]
        shutil.rmtree(scratch, ignore_errors=True)
        first = said[-1] if said else (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise UsageError(f"Spark could not start: {first}") from None
    finally:
        if previous is not None:  # SparkContext takes over Ctrl-C; the REPL keeps its own handling
            signal.signal(signal.SIGINT, previous)
    spark.sparkContext.setLogLevel("OFF")
    quiet_loggers()
    atexit.register(_stop, spark, scratch)
    return spark


def _sweep() -> None:
    """Remove the scratch directories of processes that ended without their exit handlers (eval's
    workers leave through ``os._exit``): each directory is named after its process."""
    for stale in Path(tempfile.gettempdir()).glob("nl2sql-spark-*-*"):
        pid = stale.name.split("-")[2]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)  # signal 0: only asks whether the process exists
        except ProcessLookupError:
            shutil.rmtree(stale, ignore_errors=True)
        except PermissionError:
            continue  # alive, another user's


def _stop(spark: Any, scratch: Path) -> None:
    try:
        spark.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def local_session() -> Any:
    """A new isolated session on this process's local Spark (started on the first call)."""
    with _LOCK:
        if _STATE.get("pid") != os.getpid():  # never started here, or inherited through a fork
            _STATE.update(pid=os.getpid(), spark=_start())
        return _STATE["spark"].newSession()
