"""Per-step runtime shared by providers: the audit log, the budget, the cache switch."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from research_pipeline.audit import CallLog
from research_pipeline.errors import ResearchPipelineError
from research_pipeline.store import Store


class BudgetExceeded(ResearchPipelineError):
    """The next call would take the topic over its ``max_cost_usd``."""


@dataclass
class Budget:
    """A thread-safe cost meter checked before every paid call."""

    max_cost_usd: float
    spent_usd: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _start_usd: float | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._start_usd = self.spent_usd

    @property
    def step_cost_usd(self) -> float:
        """What was charged since this budget was opened (one asset step's cost)."""
        return self.spent_usd - (self._start_usd or 0.0)

    def check(self, estimate_usd: float, what: str) -> None:
        """Raise ``BudgetExceeded`` if ``estimate_usd`` more would pass the ceiling."""
        with self._lock:
            if self.spent_usd + estimate_usd > self.max_cost_usd + 1e-12:
                raise BudgetExceeded(
                    f"{what} (about ${estimate_usd:.4f}) would pass max_cost_usd "
                    f"${self.max_cost_usd:.2f} (spent ${self.spent_usd:.4f})"
                )

    def charge(self, cost_usd: float) -> None:
        """Add the actual cost of a finished call."""
        with self._lock:
            self.spent_usd += cost_usd


@dataclass
class Runtime:
    """What one asset step's providers share."""

    calls: CallLog
    budget: Budget
    store: Store
    refresh_search: bool = False
    refresh_models: bool = False


class RateLimiter:
    """At most ``rate`` acquisitions per second across threads (a token bucket of one)."""

    def __init__(self, rate_per_s: float) -> None:
        self.interval = 1.0 / rate_per_s if rate_per_s > 0 else 0.0
        self._next = 0.0
        self._lock = threading.Lock()

    def acquire(self) -> None:
        """Block until the next slot."""
        if not self.interval:
            return
        with self._lock:
            now = time.monotonic()
            wait = self._next - now
            self._next = max(now, self._next) + self.interval
        if wait > 0:
            time.sleep(wait)


# -- pools shared by every topic researched in this process --------------------------------
#
# A bulk run researches many topics at once in one process; the provider limits (Exa's
# request rate, how many model calls are in flight) and the SDK clients belong to the
# process, not to one topic's step.

_SHARED: dict[Hashable, Any] = {}
_SHARED_GUARD = threading.Lock()


def shared(key: Hashable, build: Callable[[], Any]) -> Any:
    """The process's one object for ``key``, built on first use."""
    with _SHARED_GUARD:
        if key not in _SHARED:
            _SHARED[key] = build()
        return _SHARED[key]


def shared_rate_limiter(name: str, rate_per_s: float) -> RateLimiter:
    """One rate limiter per provider and rate for the whole process."""
    limiter: RateLimiter = shared(("rate", name, rate_per_s), lambda: RateLimiter(rate_per_s))
    return limiter


def model_slots(slots: int) -> threading.BoundedSemaphore:
    """The process's model-call slots: at most ``slots`` model requests in flight."""
    semaphore: threading.BoundedSemaphore = shared(
        ("model-slots", slots), lambda: threading.BoundedSemaphore(slots))
    return semaphore
