"""Retries with exponential backoff and jitter for provider calls.

Retried: HTTP 429 and 5xx, timeouts and dropped connections, honouring Retry-After.
Never retried: authentication, permission and request errors, which fail at once with
a message that names the key or setting to fix.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from research_pipeline.errors import ProviderError

T = TypeVar("T")
_STATUS_IN_MESSAGE = re.compile(r"status code (\d{3})|Error code: (\d{3})|^(\d{3}) ")


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try."""

    attempts: int = 5
    base_s: float = 0.5
    cap_s: float = 20.0


@dataclass(frozen=True)
class Failure:
    """A classified provider failure."""

    retryable: bool
    status: int | None
    retry_after_s: float | None
    message: str


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


def classify(exc: BaseException) -> Failure:
    """Whether a provider exception is worth retrying, with its status and Retry-After."""
    for link in _chain(exc):
        name = type(link).__name__.lower()
        transport = isinstance(link, TimeoutError | ConnectionError)
        if transport or "timeout" in name or "connect" in name:
            return Failure(True, None, None, f"{type(link).__name__}: {link}")
        status = _status_of(link)
        if status is not None:
            retryable = status == 429 or status >= 500 or status == 408
            return Failure(retryable, status, _retry_after(link), str(link)[:300])
    return Failure(False, None, None, f"{type(exc).__name__}: {exc}"[:300])


def with_retries(
    fn: Callable[[], T], *, policy: RetryPolicy, what: str, key_hint: str,
    on_retry: Callable[[Failure, float], None] | None = None,
    is_provider_error: Callable[[BaseException], bool] = lambda _: True,
) -> T:
    """Call ``fn``; retry transient failures; raise ``ProviderError`` on the rest."""
    for attempt in range(1, policy.attempts + 1):
        try:
            return fn()
        except Exception as exc:
            if not is_provider_error(exc):
                raise
            failure = classify(exc)
            if failure.status in (401, 403):
                raise ProviderError(
                    f"{what}: the provider refused the credentials (HTTP {failure.status}); "
                    f"check {key_hint}"
                ) from exc
            if not failure.retryable:
                raise ProviderError(f"{what} failed: {failure.message}") from exc
            if attempt == policy.attempts:
                raise ProviderError(
                    f"{what} failed after {attempt} attempts: {failure.message}"
                ) from exc
            backoff = min(policy.cap_s, policy.base_s * 2 ** (attempt - 1))
            delay = max(failure.retry_after_s or 0.0, backoff * (0.5 + random.random() / 2))
            if on_retry:
                on_retry(failure, delay)
            time.sleep(delay)
    raise AssertionError("unreachable")
