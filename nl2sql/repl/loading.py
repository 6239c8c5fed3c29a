"""The REPL's workflow, built behind its first prompt.

Most of the time to the first prompt went into importing sqlglot and the engine and building the
engine's indexes, none of which the prompt needs: the banner, the toolbar and the line editor need
only the open database and the display settings. So the REPL draws its prompt first and builds the
rest on a thread while the person reads the banner and types; the first line that needs the
workflow waits for it. A build that fails ends the REPL with its one-line error, as the same
failure before the prompt would have (``on_error`` lets the running prompt stop at once).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nl2sql.db import Database
    from nl2sql.preferences import Preferences
    from nl2sql.workflows import InteractiveWorkflow


class WorkflowLoader:
    """One build of the session's workflow: started once (``start``, or the first ``get``), waited for by
    ``get``, which raises the build's error on every call. ``on_error`` is called from the loading thread,
    so it may only hand the error to the thread that owns the terminal."""

    def __init__(self, build: Callable[[], InteractiveWorkflow], *, database: Database, prefs: Preferences,
                 engine_name: str) -> None:
        self.database = database
        self.prefs = prefs  # until the workflow exists; from then on it holds them
        self.engine_name = engine_name
        self.on_error: Callable[[BaseException], None] | None = None
        self._build = build
        self._steps: list[Callable[[InteractiveWorkflow], None]] = []
        self._workflow: InteractiveWorkflow | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @classmethod
    def built(cls, workflow: InteractiveWorkflow) -> WorkflowLoader:
        """A loader with nothing left to do (tests, and sessions opened before the REPL)."""
        loader = cls(lambda: workflow, database=workflow.database, prefs=workflow.prefs,
                     engine_name=workflow.engine.name)
        loader._workflow = workflow
        return loader

    def configure(self, step: Callable[[InteractiveWorkflow], None]) -> None:
        """Run ``step`` on the workflow once, as soon as it is built (at once if it is)."""
        with self._lock:
            if self._workflow is None:
                self._steps.append(step)
                return
        step(self._workflow)

    @property
    def ready(self) -> bool:
        """Built and usable: what may be asked without waiting (the toolbar, completion)."""
        return self._workflow is not None

    def start(self) -> None:
        """Begin building in the background; calling it again does nothing."""
        with self._lock:
            if self._thread is None and self._workflow is None:
                self._thread = threading.Thread(target=self._run, name="nl2sql-workflow", daemon=True)
                self._thread.start()

    def get(self) -> InteractiveWorkflow:
        """The workflow, waiting for the build if it is still running (or starting it)."""
        if self._workflow is None:
            self.start()
            assert self._thread is not None
            self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._workflow is not None
        return self._workflow

    def _run(self) -> None:
        try:
            workflow = self._build()
            with self._lock:
                for step in self._steps:
                    step(workflow)
                self._workflow = workflow
        except BaseException as err:  # noqa: BLE001 - handed to the main thread, which reports it
            self._error = err
            if self.on_error is not None:
                self.on_error(err)
