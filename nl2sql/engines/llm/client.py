"""Every model call goes through here: litellm imported late and quietly, one retry policy, errors
as one-line messages.

litellm is heavy (seconds to import) and has traps: offline it tries to download a cost map,
``tools=`` pulls in an MCP handler that needs a package it does not declare, its own retries need
``tenacity``, and the OpenAI SDK retries again underneath. So: the environment is set before the
import, every call passes ``timeout``, ``max_retries=0`` and ``num_retries=0`` and skips the MCP
handler, and the retries (transient errors only, with backoff) are ours.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from nl2sql.engines.base import Usage
from nl2sql.errors import Nl2SqlError, UsageError

INSTALL_HINT = "pip install 'nl2sql[llm]'"
RETRY_DELAYS = (0.3, 1.0)  # two retries after the first try, transient errors only, within the time limit
TIMED_OUT = "The model did not answer in time; try again or raise --llm-timeout."
_lock = threading.Lock()
_module: ModuleType | None = None
_loader: Future[ModuleType] | None = None


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
    return litellm


def start_background_import() -> None:
    """Begin importing litellm on a thread, so that a REPL prompt appears at once."""
    global _loader
    with _lock:
        if _module is None and _loader is None:
            _loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="litellm-import").submit(_import)


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


def scrub(text: str, secret: str | None = None) -> str:
    """A provider's message without the key it may echo back: the key we sent, and anything shaped
    like one. Such messages reach the screen, logs and saved sessions."""
    if secret and len(secret) >= 4:
        text = text.replace(secret, "***")
    return _SECRETS.sub("***", text)


def _classify(err: BaseException, secret: str | None = None) -> LlmError:
    """Map litellm's exceptions to one line and whether a retry can help."""
    name = type(err).__name__
    text = scrub(str(err).splitlines()[0][:200], secret) if str(err) else name
    if name in ("AuthenticationError", "PermissionDeniedError"):
        return LlmError(f"The model provider refused the API key ({name}); check the key and try again.", False)
    if name == "RateLimitError":
        return LlmError("The model provider is rate limiting requests; wait a moment and try again.", True)
    if name in ("Timeout", "APITimeoutError") or "timed out" in text.lower() or "timeout" in name.lower():
        return LlmError(TIMED_OUT, True)
    if name in ("APIConnectionError", "InternalServerError", "ServiceUnavailableError", "BadGatewayError"):
        lowered = text.lower()
        if "connect" in lowered or "refused" in lowered or "connection" in lowered:
            return LlmError("Could not reach the model server; check --api-base and that it is running.", True)
        return LlmError(f"The model server failed ({name}); try again.", True)
    if name in ("NotFoundError", "BadRequestError", "UnsupportedParamsError", "ContextWindowExceededError"):
        return LlmError(f"The model provider rejected the request: {text}", False)
    return LlmError(f"The model call failed: {name}: {text}", True)


def _cost(litellm: ModuleType, model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
        return float(prompt_cost + completion_cost)
    except Exception:  # litellm raises for models its cost map does not know: the cost is unknown
        return None


_cancel = threading.Event()
_calls = ThreadPoolExecutor(max_workers=2, thread_name_prefix="llm-call")


def cancel() -> None:
    """Stop waiting for the call in flight (Ctrl-C); the session goes on."""
    _cancel.set()


def _call_cancellable(function: Any, kwargs: dict[str, Any], deadline: float) -> Any:
    """Run the blocking call on a worker thread, so that Ctrl-C, and the time limit as a wall clock
    (a server that trickles bytes never trips the HTTP client's own timeout), stop the wait at once."""
    future = _calls.submit(function, **kwargs)
    while True:
        try:
            return future.result(timeout=0.05)
        except TimeoutError:
            if _cancel.is_set():
                raise LlmError("The model call was cancelled.", True) from None
            if time.monotonic() > deadline:
                future.cancel()
                raise LlmError(TIMED_OUT, True) from None


SAMPLE_TEMPERATURE = 0.8  # several samples at temperature 0 would be one answer several times


def sample(settings: ModelSettings, messages: list[dict[str, Any]], n: int, *, tools: list[dict] | None = None,
           json_mode: bool = False) -> ModelReply:
    """``n`` candidate replies: one request with the provider's ``n`` where litellm says it takes it,
    else ``n`` requests; usage is the sum of them all."""
    if n <= 1:
        return complete(settings, messages, tools=tools, json_mode=json_mode)
    warm = replace(settings, temperature=max(settings.temperature, SAMPLE_TEMPERATURE))
    if "n" in (litellm_module().get_supported_openai_params(model=settings.model) or ()):
        return complete(warm, messages, tools=tools, json_mode=json_mode, n=n)
    replies = [complete(warm, messages, tools=tools, json_mode=json_mode) for _ in range(n)]
    usage = sum((r.usage for r in replies[1:]), replies[0].usage)
    return ModelReply(replies[0].content, replies[0].tool_calls, usage, tuple(r.content for r in replies[1:]))


def complete(settings: ModelSettings, messages: list[dict[str, Any]], *, tools: list[dict] | None = None,
             json_mode: bool = False, n: int = 1) -> ModelReply:
    """One chat completion (``n`` choices of it), with our retries; raises ``LlmError``."""
    _cancel.clear()
    litellm = litellm_module()
    if _cancel.is_set():
        raise LlmError("The model call was cancelled.", True)
    kwargs: dict[str, Any] = {
        "model": settings.model, "messages": messages, "timeout": settings.timeout,
        "max_retries": 0, "num_retries": 0, "temperature": settings.temperature,
    }
    if settings.api_base:
        kwargs["api_base"] = settings.api_base
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
    deadline = time.monotonic() + settings.timeout  # for the whole call, retries included
    for delay in (*RETRY_DELAYS, None):
        try:
            response = _call_cancellable(litellm.completion, {**kwargs, "timeout": max(
                0.1, deadline - time.monotonic())}, deadline)
            break
        except LlmError:
            raise
        except Exception as err:  # litellm's exception classes are many; _classify sorts them
            failure = _classify(err, kwargs.get("api_key"))
            if not failure.can_retry or delay is None or time.monotonic() + delay > deadline:
                raise failure from None
            if _cancel.wait(delay):
                raise LlmError("The model call was cancelled.", True) from None
    if not getattr(response, "choices", None):
        raise LlmError("The model sent an empty answer (no choices); try again.", True)
    choice = response.choices[0].message
    others = tuple(c.message.content or "" for c in response.choices[1:])
    calls = tuple((c.function.name, c.function.arguments or "{}") for c in (getattr(choice, "tool_calls", None) or ()))
    usage = getattr(response, "usage", None)
    prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
    completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
    return ModelReply(choice.content or "", calls,
                      Usage(prompt_tokens, completion_tokens, _cost(litellm, settings.model, prompt_tokens,
                                                                    completion_tokens)), others)
