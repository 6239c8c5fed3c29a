"""Every model call goes through here: litellm imported late and quietly, one retry policy, limits
that hold, and errors as one-line messages without secrets.

litellm is heavy (seconds to import) and has traps: offline it tries to download a cost map,
``tools=`` pulls in an MCP handler that needs a package it does not declare, its own retries need
``tenacity``, and the OpenAI SDK retries again underneath. So: the environment is set before the
import, every call passes ``timeout``, ``max_retries=0`` and ``num_retries=0`` and skips the MCP
handler, and the retries (transient errors only, with backoff) are ours.

An HTTP client's timeout is per read, so a server that drips a byte at a time, or a body that
never ends, would hold a call for ever. Each call therefore runs on a daemon thread of its own that
the caller stops waiting for at the deadline or on Ctrl-C (a daemon, so that exiting never waits
for it either), and the HTTP client litellm's OpenAI-compatible providers use stops reading a
response at the same deadline, on Ctrl-C, or past ``MAX_REPLY_BYTES``, which frees the thread.

What a call holds is its client's: each ``ModelClient`` has its own cancel flag and its own
connection pool. litellm keeps one HTTP client for the process (and caches the SDK clients built
on it), so the one installed here only routes: each request goes to the pool of the client whose
call made it, found through the call's thread. What stays of the module's is the process's own:
the one litellm import, and the threads an exit must not freeze in the middle of an import.
"""

from __future__ import annotations

import atexit
import base64
import functools
import json
import logging
import math
import os
import re
import sys
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any
from urllib.parse import quote

from nl2sql.config import MAX_SAMPLES
from nl2sql.engines.base import Usage
from nl2sql.errors import Nl2SqlError, UsageError
from nl2sql.escapes import visible

INSTALL_HINT = "pip install 'nl2sql[llm]'"
RETRY_DELAYS = (0.3, 1.0)  # two retries after the first try, transient errors only, within the time limit
TIMED_OUT = "The model did not answer in time; try again or raise --llm-timeout."
CANCELLED = "The model call was cancelled."
TURN_CALLS = 3.0  # a turn's model work (samples, repairs, the value check) gets this many --llm-timeouts
MAX_REPLY_BYTES = 8 << 20  # ten long candidates are well under 1 MB; a bigger answer is a broken server
_lock = threading.Lock()
_module: ModuleType | None = None
_loader: Future[ModuleType] | None = None
# The call the current (worker) thread makes, with its limits and its client's pool: the one link litellm
# leaves between a call and the HTTP requests it makes for it.
_local = threading.local()
_threads: set[threading.Thread] = set()  # the import's and the calls' threads still running
_threads_lock = threading.Lock()
_exit_hook = False
IMPORT_WAIT_S = 20.0  # the longest an exit waits for a thread to finish an import (litellm's takes seconds)


class LlmError(Nl2SqlError):
    """A model call failed; ``can_retry`` says whether trying again can help."""

    def __init__(self, message: str, can_retry: bool) -> None:
        super().__init__(message)
        self.can_retry = can_retry


def _import() -> ModuleType:
    # Offline machines must not wait on downloads: use the cost map and headers litellm ships.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS", "True")
    try:
        import litellm
    except ImportError:
        raise UsageError(f"The LLM engine needs litellm, which is not installed; run: {INSTALL_HINT}") from None
    litellm.suppress_debug_info = True
    litellm.disable_hf_tokenizer_download = True  # a llama-named model would block on a hub download
    litellm.telemetry = False
    for name in ("LiteLLM", "litellm", "LiteLLM Router", "LiteLLM Proxy", "httpx"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    if getattr(litellm, "client_session", None) is None:  # a session the embedding program set is its own
        litellm.client_session = _limited_http_client()
    return litellm


class _Limits:
    """One call's deadline and stop flags (the turn's, set by Ctrl-C, and its own, set when it is given
    up), which the worker thread's HTTP reads check, and the connection pool of the client making it."""

    def __init__(self, deadline: float, cancel: threading.Event, pool: Any = None) -> None:
        self.deadline = deadline
        self.cancel = cancel
        self.pool = pool  # an httpx transport; None: the process's shared one
        self.given_up = threading.Event()
        self.received = 0
        self.too_long = False

    def stopped(self) -> bool:
        return self.cancel.is_set() or self.given_up.is_set() or time.monotonic() > self.deadline


def _ssl_verify() -> Any:
    """What litellm verifies servers with (its SSL settings), as its own clients do."""
    try:
        from litellm.llms.custom_httpx.http_handler import get_ssl_configuration

        return get_ssl_configuration()
    except Exception:  # an internal of litellm's that moved: httpx's own default (certifi, SSL_CERT_FILE)
        return True


def _new_pool(verify: Any = None) -> Any:
    """A connection pool (an httpx transport) verifying servers as litellm's clients do."""
    import httpx

    return httpx.HTTPTransport(verify=_ssl_verify() if verify is None else verify)


def _limited_http_client() -> Any:
    """The HTTP client for litellm's OpenAI-compatible providers, as litellm would build it, that sends each
    request through the pool of the client whose call made it, and makes every response body stop at that
    call's limits."""
    import httpx

    verify = _ssl_verify()
    shared = _new_pool(verify)  # for a request no call of ours made (an embedding program's own)

    class Router(httpx.BaseTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            limits = getattr(_local, "limits", None)
            pool = limits.pool if limits is not None and limits.pool is not None else shared
            return pool.handle_request(request)

        def close(self) -> None:
            shared.close()

    class LimitedStream(httpx.SyncByteStream):
        def __init__(self, stream: httpx.SyncByteStream, limits: _Limits) -> None:
            self._stream = stream
            self._limits = limits

        def __iter__(self) -> Any:
            limits = self._limits
            for chunk in self._stream:
                limits.received += len(chunk)
                if limits.received > MAX_REPLY_BYTES:
                    limits.too_long = True
                if limits.too_long or limits.stopped():
                    raise httpx.ReadTimeout("the model call's limit was reached")  # closes the connection
                yield chunk

        def close(self) -> None:
            self._stream.close()

    def limit(response: httpx.Response) -> None:
        limits = getattr(_local, "limits", None)
        if limits is not None and isinstance(response.stream, httpx.SyncByteStream):
            response.stream = LimitedStream(response.stream, limits)

    return httpx.Client(verify=verify, follow_redirects=True, event_hooks={"response": [limit]}, transport=Router())


def _daemon_future(function: Any, *args: Any, name: str = "llm-call") -> Future[Any]:
    """``function(*args)`` on a daemon thread: nothing waits for it at exit, unlike an executor's workers
    (which kept a cancelled call's exit waiting for the call's whole time limit)."""
    global _exit_hook
    future: Future[Any] = Future()

    def run() -> None:
        try:
            future.set_result(function(*args))
        except BaseException as err:  # handed to whoever waits, as the executor would
            future.set_exception(err)
        finally:
            with _threads_lock:
                _threads.discard(threading.current_thread())

    thread = threading.Thread(target=run, name=name, daemon=True)
    with _threads_lock:  # not _lock: start_background_import holds that one while it calls this
        _threads.add(thread)
        if not _exit_hook:
            atexit.register(_settle_at_exit)
            _exit_hook = True
    thread.start()
    return future


def _settle_at_exit() -> None:
    """At exit, wait for a call's thread that is in the middle of an import, and only for that. A daemon
    thread is frozen where it stands when the interpreter finalizes; frozen inside an import it holds
    the import lock, and the next import (litellm imports in a ``__del__``) hangs the exit for ever.
    A thread waiting on a server holds no such lock: nothing waits for it."""
    deadline = time.monotonic() + IMPORT_WAIT_S
    while time.monotonic() < deadline:
        frames = sys._current_frames()
        with _threads_lock:
            threads = list(_threads)
        if not any(_importing(frames.get(t.ident or -1)) for t in threads if t.is_alive()):
            return
        time.sleep(0.02)


def _importing(frame: Any) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def start_background_import() -> None:
    """Begin importing litellm on a thread, so that a REPL prompt appears at once."""
    global _loader
    with _lock:
        if _module is None and _loader is None:
            _loader = _daemon_future(_import, name="litellm-import")


def litellm_module() -> ModuleType:
    global _module
    with _lock:
        if _module is not None:
            return _module
        loader = _loader
    module = loader.result() if loader is not None else _import()
    with _lock:
        _module = module
    return module


@dataclass(frozen=True)
class ModelSettings:
    model: str
    api_base: str | None = None
    api_key_env: str | None = None  # read the key from this variable instead of the provider's usual one
    timeout: float = 30.0
    temperature: float = 0.0
    samples: int = 1  # candidates drawn per question and voted on by their results (--samples)

    def __post_init__(self) -> None:
        # The CLI checks --samples; this catches the Python API and a config file read some other way.
        if not 1 <= self.samples <= MAX_SAMPLES:
            raise UsageError(f"--samples must be between 1 and {MAX_SAMPLES}, not {self.samples}.")


@dataclass(frozen=True)
class ModelReply:
    content: str
    tool_calls: tuple[tuple[str, str], ...] = ()  # (name, JSON arguments)
    usage: Usage = field(default_factory=Usage)
    others: tuple[str, ...] = ()  # the other choices' contents, when several were drawn

    @property
    def contents(self) -> tuple[str, ...]:
        return (self.content, *self.others)


# What an API key or a bearer token looks like in a provider's error text ("Incorrect API key: sk-...").
_SECRETS = re.compile(r"\b(sk|pk|rk|key|xai|gsk|hf|AIza)[-_][A-Za-z0-9_\-]{8,}|(?i:bearer)\s+[A-Za-z0-9._\-]{8,}"
                      r"|(?i:api[_-]?key|token|secret|password)[\"']?\s*[:=]\s*[\"']?[^\s\"',}]+")
# Variables whose values are secrets wherever they show up: provider keys and database passwords.
_KEY_VARIABLES = re.compile(r"(_API_KEY|^PGPASSWORD|^MYSQL_PWD)$")
# ("_PWD", not "PWD": $PWD and $OLDPWD are the current folder, which a query may well name.)
_SECRET_VARIABLES = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|_PWD)$", re.IGNORECASE)
PART = 8  # a run of this many characters of a secret, at either end of it, is shown as it


def configured_secrets(*extra: str | None) -> tuple[str, ...]:
    """The secrets of this environment that a provider's text must never carry back to the screen: the
    keys and passwords given, and the values of variables named like a provider key or a password."""
    found = {s for s in extra if s and len(s) >= 4}
    for name, value in os.environ.items():
        if _KEY_VARIABLES.search(name) and len(value) >= 4 or _SECRET_VARIABLES.search(name) and len(value) >= 8:
            found.add(value)
    found.discard("none")  # what a local server is sent in place of a key
    return tuple(sorted(found))


@functools.lru_cache(maxsize=16)
def _forms(secrets: tuple[str, ...]) -> tuple[str, ...]:
    """Every obvious form of each secret: as is, URL- and JSON-escaped, and base64."""
    forms: set[str] = set()
    for secret in secrets:
        encoded = base64.b64encode(secret.encode()).decode()
        forms |= {secret, quote(secret, safe=""), json.dumps(secret)[1:-1], encoded, encoded.rstrip("=")}
    return tuple(sorted((f for f in forms if len(f) >= 4), key=len, reverse=True))


def _spans(text: str, form: str) -> list[tuple[int, int]]:
    """Where ``form`` stands in ``text`` (any case), or, for a long one, a run of at least PART of its
    characters at either end of it (what a masked echo, "sk-abcd...wxyz", or a cut keeps). Found by
    plain searches for its ends, then widened a character at a time: linear in the text's length."""
    if len(form) < PART + 4:
        return [m.span() for m in re.finditer(re.escape(form), text, re.IGNORECASE)]
    spans = []
    for m in re.finditer(re.escape(form[:PART]), text, re.IGNORECASE):
        end, k = m.end(), PART
        while k < len(form) and end < len(text) and text[end].lower() == form[k].lower():
            end, k = end + 1, k + 1
        spans.append((m.start(), end))
    for m in re.finditer(re.escape(form[-PART:]), text, re.IGNORECASE):
        start, k = m.start(), len(form) - PART
        while k > 0 and start > 0 and text[start - 1].lower() == form[k - 1].lower():
            start, k = start - 1, k - 1
        spans.append((start, m.end()))
    return spans


def scrub(text: str, secret: str | tuple[str, ...] | None = None, *, shapes: bool = True) -> str:
    """A provider's text without the secrets it may echo back: the ones configured (in their obvious
    forms) and, with ``shapes``, anything shaped like a key. Such text reaches the screen, logs and
    saved sessions. A model's reply is SQL, where "pk_user_count" or "password = ..." are names and
    conditions, not keys: it is scrubbed of the configured secrets only (``shapes=False``)."""
    secrets = (secret,) if isinstance(secret, str) else tuple(secret or ())
    spans = sorted(span for form in _forms(tuple(sorted(s for s in secrets if s and len(s) >= 4)))
                   for span in _spans(text, form))
    if spans:
        parts, at = [], 0
        for start, end in spans:
            if end <= at:
                continue
            parts.append(text[at:start] if start > at else "")
            parts.append("***" if start >= at else "")
            at = end
        text = "".join(parts) + text[at:]
    return _SECRETS.sub("***", text) if shapes else text


def shown(text: str, secrets: str | tuple[str, ...] | None = None) -> str:
    """A provider's prose as it may be shown: scrubbed, and its control characters written out."""
    return visible(scrub(text, secrets))


def _classify(err: BaseException, secrets: str | tuple[str, ...] | None = None) -> LlmError:
    """Map litellm's exceptions (by their classes, subclasses included) to one line and whether a retry can
    help. litellm is loaded by then: the call that failed went through it."""
    import httpx
    import openai
    from litellm import exceptions as llm

    name = type(err).__name__
    # Scrubbed before it is cut: a key split at the cut would keep its first half.
    text = " ".join(shown(str(err)[:4000], secrets).split())[:200] if str(err) else name
    status = getattr(err, "status_code", None)  # litellm names a 403 from an OpenAI-compatible server APIError
    if isinstance(err, llm.AuthenticationError) or status == 401:
        return LlmError(f"The model provider refused the API key ({name}); check the key and try again.", False)
    if isinstance(err, llm.PermissionDeniedError) or status == 403:
        return LlmError(f"The model provider refused access (403): {text}", False)
    if status in (400, 404, 422):
        return LlmError(f"The model provider rejected the request: {text}", False)
    if isinstance(err, llm.RateLimitError):
        return LlmError("The model provider is rate limiting requests; wait a moment and try again.", True)
    # litellm's Timeout, and the SDK's, the HTTP client's or the socket's where one comes through unmapped
    if isinstance(err, (llm.Timeout, openai.APITimeoutError, httpx.TimeoutException, TimeoutError)) \
            or "timed out" in text.lower():
        return LlmError(TIMED_OUT, True)
    if isinstance(err, (llm.APIConnectionError, llm.InternalServerError, llm.ServiceUnavailableError,
                        llm.BadGatewayError)):
        lowered = text.lower()
        if "missing credentials" in lowered or "api_key" in lowered and "set the" in lowered:
            return LlmError("No API key for the model provider: set its variable (OPENAI_API_KEY, ...) or name "
                            "one with --api-key-env.", False)
        if "connect" in lowered or "refused" in lowered or "connection" in lowered:
            return LlmError("Could not reach the model server; check --api-base and that it is running.", True)
        return LlmError(f"The model server failed ({name}); try again.", True)
    # (UnsupportedParamsError and ContextWindowExceededError are kinds of BadRequestError)
    if isinstance(err, (llm.NotFoundError, llm.BadRequestError, llm.UnprocessableEntityError)):
        return LlmError(f"The model provider rejected the request: {text}", False)
    return LlmError(f"The model call failed: {name}: {text}", True)


def _cost(litellm: ModuleType, model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
        return float(prompt_cost + completion_cost)
    except Exception:  # litellm raises for models its cost map does not know: the cost is unknown
        return None


SAMPLE_TEMPERATURE = 0.8  # several samples at temperature 0 would be one answer several times


class ModelClient:
    """One engine's model calls. Its cancel flag, its turn's deadline and its connection pool are its own:
    Ctrl-C in one session stops that session's call, and a call abandoned at its deadline keeps the flag
    it was given (set), so that its thread stops reading while the next turn starts afresh."""

    def __init__(self, settings: ModelSettings) -> None:
        self.settings = settings
        self._stop = threading.Event()
        self._turn_deadline = math.inf
        self._pool: Any = None  # an httpx transport, made by the first call (httpx comes with litellm)
        self._pool_lock = threading.Lock()

    def begin_turn(self, budget: float | None = None) -> None:
        """A new turn: a fresh cancel flag, and a deadline for all of its model work (``budget`` seconds,
        by default TURN_CALLS times the call limit) however many samples and repairs it takes."""
        self._stop = threading.Event()
        seconds = budget if budget is not None else self.settings.timeout * TURN_CALLS
        self._turn_deadline = time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left of the turn's budget (infinite outside a turn)."""
        return self._turn_deadline - time.monotonic()

    def cancel(self) -> None:
        """Stop waiting for the call in flight (Ctrl-C), and the rest of the turn's calls; the session goes on."""
        self._stop.set()

    def close(self) -> None:
        """Cancel, and close the connections this client keeps (a call's thread is a daemon and stops
        reading once told); a later call opens new ones."""
        self.cancel()
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def _connections(self) -> Any:
        with self._pool_lock:
            if self._pool is None:
                self._pool = _new_pool()
            return self._pool

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def sample(self, messages: list[dict[str, Any]], n: int, *, tools: list[dict] | None = None,
               json_mode: bool = False) -> ModelReply:
        """``n`` candidate replies: one request with the provider's ``n`` where litellm says it takes it,
        else ``n`` requests; usage is the sum of them all."""
        if n <= 1:
            return self.complete(messages, tools=tools, json_mode=json_mode)
        n = min(n, MAX_SAMPLES)
        warm = replace(self.settings, temperature=max(self.settings.temperature, SAMPLE_TEMPERATURE))
        if "n" in (litellm_module().get_supported_openai_params(model=self.settings.model) or ()):
            return self.complete(messages, tools=tools, json_mode=json_mode, n=n, settings=warm)
        replies = [self.complete(messages, tools=tools, json_mode=json_mode, settings=warm) for _ in range(n)]
        usage = sum((r.usage for r in replies[1:]), replies[0].usage)
        return ModelReply(replies[0].content, replies[0].tool_calls, usage, tuple(r.content for r in replies[1:]))

    def _wait(self, function: Any, kwargs: dict[str, Any], limits: _Limits) -> Any:
        """The blocking call on a daemon thread, waited for until it ends, its deadline passes, or Ctrl-C."""

        def call() -> Any:
            _local.limits = limits
            return function(**kwargs)

        future = _daemon_future(call)
        while True:
            try:
                return future.result(timeout=0.05)
            except TimeoutError:
                if limits.cancel.is_set():
                    limits.given_up.set()
                    raise LlmError(CANCELLED, True) from None
                if time.monotonic() > limits.deadline:
                    limits.given_up.set()  # its reads stop at the next byte, freeing the thread
                    raise LlmError(TIMED_OUT, True) from None
            except Exception:  # the call failed, or its reads stopped at a limit: say which limit
                if limits.too_long:
                    raise LlmError("The model's answer was too long to be one; try again.", True) from None
                if limits.cancel.is_set():
                    raise LlmError(CANCELLED, True) from None
                raise

    def complete(self, messages: list[dict[str, Any]], *, tools: list[dict] | None = None,
                 json_mode: bool = False, n: int = 1, settings: ModelSettings | None = None) -> ModelReply:
        """One chat completion (``n`` choices of it), with our retries, within the call's and the turn's
        time limits; raises ``LlmError``. Everything the model wrote comes back without the secrets."""
        settings = settings or self.settings
        stop = self._stop
        litellm = litellm_module()
        if stop.is_set():
            raise LlmError(CANCELLED, True)
        deadline = min(time.monotonic() + settings.timeout, self._turn_deadline)  # retries included
        if deadline <= time.monotonic():
            raise LlmError(TIMED_OUT, True)
        kwargs: dict[str, Any] = {
            "model": settings.model, "messages": messages, "timeout": settings.timeout,
            "max_retries": 0, "num_retries": 0, "temperature": settings.temperature,
        }
        if settings.api_base:
            kwargs["api_base"] = settings.api_base
        key: str | None = None
        if settings.api_key_env:
            key = os.environ.get(settings.api_key_env)
            if not key:
                raise LlmError(f"The variable {settings.api_key_env} (named by --api-key-env) is not set.", False)
            kwargs["api_key"] = key
        elif settings.api_base and not any(k.endswith("_API_KEY") for k in os.environ):
            kwargs["api_key"] = "none"  # a local OpenAI-compatible server needs no key, but the SDK wants one
        if tools:
            kwargs["tools"] = tools
            kwargs["_skip_mcp_handler"] = True  # else litellm imports an MCP handler needing an undeclared package
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        if n > 1:
            kwargs["n"] = n
        secrets = configured_secrets(key)
        for delay in (*RETRY_DELAYS, None):
            limits = _Limits(deadline, stop, self._connections())
            try:
                response = self._wait(litellm.completion, {**kwargs, "timeout": max(
                    0.1, deadline - time.monotonic())}, limits)
                break
            except LlmError:
                raise
            except Exception as err:  # litellm's exception classes are many; _classify sorts them
                failure = _classify(err, secrets)
                if not failure.can_retry or delay is None or time.monotonic() + delay > deadline:
                    raise failure from None
                if stop.wait(delay):
                    raise LlmError(CANCELLED, True) from None
        return _reply(litellm, settings.model, response, n, secrets)


def _reply(litellm: ModuleType, model: str, response: Any, n: int, secrets: tuple[str, ...]) -> ModelReply:
    """The first ``n`` choices (a server may send more) as text, without the secrets they may repeat."""
    choices = list(getattr(response, "choices", None) or ())[:max(1, n)]
    if not choices:
        raise LlmError("The model sent an empty answer (no choices); try again.", True)
    choice = choices[0].message
    others = tuple(scrub(_text(c.message.content), secrets, shapes=False) for c in choices[1:])
    calls = tuple((scrub(_text(getattr(c.function, "name", "")), secrets, shapes=False),
                   scrub(_text(getattr(c.function, "arguments", None)) or "{}", secrets, shapes=False))
                  for c in (getattr(choice, "tool_calls", None) or ()))
    usage = getattr(response, "usage", None)
    prompt_tokens = _count(getattr(usage, "prompt_tokens", 0))
    completion_tokens = _count(getattr(usage, "completion_tokens", 0))
    return ModelReply(scrub(_text(choice.content), secrets, shapes=False), calls,
                      Usage(prompt_tokens, completion_tokens, _cost(litellm, model, prompt_tokens, completion_tokens),
                            calls=1),
                      others)


def _text(value: object) -> str:
    """A field the provider should have sent as text; anything else (a number, a list) is read as text."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, default=str) if isinstance(
        value, (list, dict)) else str(value)


def _count(value: object) -> int:
    try:
        return max(0, int(value or 0))  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return 0
