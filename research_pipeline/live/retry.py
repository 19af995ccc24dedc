"""Retries with exponential backoff and jitter for provider calls, and what a failure says.

Retried: HTTP 429 and 5xx, dropped connections (five attempts), and timeouts (once more
by default: a timed-out request on a CPU server would only time out again at full
length), honouring Retry-After. Never retried: refused credentials or an unknown model
(``ProviderRefused``: the topic fails, naming the setting to fix) and other refused
requests such as a prompt over the model's context (``ProviderUnavailable``, like
retries that ran out: the step falls back, the search is skipped). Every message names
the action, the provider, what happened and what to do, in one redacted line.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from research_pipeline.errors import ProviderRefused, ProviderUnavailable
from research_pipeline.live.redact import redact, scrubbed

T = TypeVar("T")
_STATUS_IN_MESSAGE = re.compile(r"status code (\d{3})|Error code: (\d{3})|^(\d{3}) ")
_PROVIDER_MESSAGE = re.compile(r"""['"]message['"]\s*:\s*(['"])(.+?)\1\s*[,}]""")
_CONTEXT_SIZES = (
    # llama-server: {"n_prompt_tokens": 4476, "n_ctx": 4096} and "request (4476 tokens)
    # exceeds the available context size (4096 tokens)"; vLLM and OpenAI: "maximum context
    # length is 4096 tokens. However, you requested 4476 tokens".
    re.compile(r"n_prompt_tokens['\"]?\s*:\s*(?P<prompt>\d+).*?n_ctx['\"]?\s*:\s*(?P<ctx>\d+)"),
    re.compile(r"request \((?P<prompt>\d+) tokens\) exceeds the available context size "
               r"\((?P<ctx>\d+) tokens\)"),
    re.compile(r"maximum context length is (?P<ctx>\d+) tokens.*?requested (?P<prompt>\d+)"),
)
_CONTEXT_WORDS = re.compile(r"exceed_context_size|context_length_exceeded|context size|"
                            r"maximum context length|context window", re.IGNORECASE)


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try: ``attempts`` in all, of which at most ``timeout_attempts`` time out."""

    attempts: int = 5
    base_s: float = 0.5
    cap_s: float = 20.0
    timeout_attempts: int = 2


@dataclass(frozen=True)
class Target:
    """Who is called and for what: the words of every message about a failure."""

    provider: str
    action: str
    key_env: str
    url_env: str
    timeout_s: float
    model: str | None = None
    model_env: str | None = None


@dataclass(frozen=True)
class Failure:
    """A classified provider failure; ``message`` is one redacted line."""

    retryable: bool
    status: int | None
    retry_after_s: float | None
    message: str
    timeout: bool = False
    context: tuple[int | None, int | None] | None = None


def one_line(text: str, limit: int = 300) -> str:
    """Redacted, on one line, at most ``limit`` characters."""
    flat = " ".join(redact(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _chain(exc: BaseException) -> list[BaseException]:
    out, seen = [], set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        out.append(current)
        current = current.__cause__ or current.__context__
    return out


def _status_of(exc: BaseException) -> int | None:
    for attr in ("status_code", "code", "status"):
        value = getattr(exc, attr, None)
        if isinstance(value, int) and 100 <= value <= 599:
            return value
    match = _STATUS_IN_MESSAGE.search(str(exc))
    if match:
        return int(next(g for g in match.groups() if g))
    return None


def _retry_after(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    value = headers.get("retry-after") or headers.get("Retry-After")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def provider_message(exc: BaseException) -> str:
    """The provider's own words (its JSON ``message``, else the exception), one line."""
    text = str(exc)
    match = _PROVIDER_MESSAGE.search(text)
    return one_line(match.group(2) if match else text, 200)


def _context_sizes(text: str) -> tuple[int | None, int | None] | None:
    if not _CONTEXT_WORDS.search(text):
        return None
    for pattern in _CONTEXT_SIZES:
        match = pattern.search(text)
        if match:
            return int(match.group("prompt")), int(match.group("ctx"))
    return None, None


def classify(exc: BaseException) -> Failure:
    """Whether a provider exception is worth retrying, with its status and Retry-After."""
    for link in _chain(exc):
        name = type(link).__name__.lower()
        if isinstance(link, TimeoutError) or "timeout" in name:
            return Failure(True, None, None, one_line(f"{type(link).__name__}: {link}"),
                           timeout=True)
        if isinstance(link, ConnectionError) or "connect" in name:
            return Failure(True, None, None, one_line(f"{type(link).__name__}: {link}"))
        status = _status_of(link)
        if status is not None:
            retryable = status == 429 or status >= 500 or status == 408
            context = _context_sizes(str(link)) if status in (400, 413, 422) else None
            return Failure(retryable, status, _retry_after(link), provider_message(link),
                           context=context)
    return Failure(False, None, None, one_line(f"{type(exc).__name__}: {exc}"))


def failure_error(failure: Failure, target: Target, attempts: int) -> Exception:
    """The error a person reads for a failure that retries did not (or cannot) fix."""
    who = target.provider
    if failure.status in (401, 403):
        return ProviderRefused(
            f"{target.action}: {who} rejected the key in {target.key_env} "
            f"(HTTP {failure.status}: {failure.message}); set a valid key in {target.key_env}")
    if failure.status == 404 and target.model:
        return ProviderRefused(
            f"{target.action}: {who} has no model {target.model!r} (HTTP 404: "
            f"{failure.message}); set {target.model_env} to a model the server serves")
    if failure.context is not None:
        prompt, ctx = failure.context
        sizes = (f"the prompt ({prompt} tokens) is longer than the model's context "
                 f"({ctx} tokens)") if prompt and ctx else "the prompt is longer than the " \
            "model's context"
        return ProviderUnavailable(
            f"{target.action}: {who} refused the request: {sizes}; give the server a longer "
            "context (llama-server --ctx-size, Ollama num_ctx) or choose a model with one")
    if not failure.retryable and failure.status is None:
        return ProviderUnavailable(
            f"{target.action}: {who}'s answer could not be used ({failure.message})")
    if not failure.retryable:
        return ProviderUnavailable(
            f"{target.action}: {who} refused the request (HTTP {failure.status}: "
            f"{failure.message})")
    times = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    if failure.timeout:
        what = f"{who} did not answer within {target.timeout_s:g}s ({times})"
        todo = "a CPU server may need RESEARCH_REQUEST_TIMEOUT_S raised"
    elif failure.status is not None:
        what = f"{who} answered HTTP {failure.status} ({times}; last: {failure.message})"
        todo = "try again later"
    else:
        what = f"{who} could not be reached ({times}; {failure.message})"
        todo = f"check that it runs at {target.url_env}"
    return ProviderUnavailable(f"{target.action}: {what}; {todo}")


def with_retries(
    fn: Callable[[], T], *, policy: RetryPolicy, target: Target,
    on_retry: Callable[[Failure, float], None] | None = None,
    is_provider_error: Callable[[BaseException], bool] = lambda _: True,
) -> T:
    """Call ``fn``; retry transient failures; raise ``ProviderRefused``/``Unavailable``.

    The raised error's cause is a redacted stand-in for the provider's exception.
    """
    timeouts = 0
    for attempt in range(1, policy.attempts + 1):
        try:
            return fn()
        except Exception as exc:
            if not is_provider_error(exc):
                raise
            failure = classify(exc)
            timeouts += failure.timeout
            last = attempt == policy.attempts or (
                failure.timeout and timeouts >= policy.timeout_attempts)
            if not failure.retryable or last:
                raise failure_error(failure, target, attempt) from scrubbed(exc)
            backoff = min(policy.cap_s, policy.base_s * 2 ** (attempt - 1))
            delay = max(failure.retry_after_s or 0.0, backoff * (0.5 + random.random() / 2))
            if on_retry:
                on_retry(failure, delay)
            time.sleep(delay)
    raise AssertionError("unreachable")
