"""Per-step runtime shared by providers: the audit log, the budget, the cache switch.

Every paid request is one audit row, written before it is sent and completed when its
answer (or failure) arrives, so that a killed process leaves its rows and the budget
counts every attempt: the estimate when sent, corrected to the reported cost after.
"""

from __future__ import annotations

import importlib
import logging
import math
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from research_pipeline.audit import CallLog
from research_pipeline.errors import ResearchPipelineError
from research_pipeline.models import stable_hash
from research_pipeline.store import Store
from research_pipeline.store.calls import CallTable


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
    progress: Callable[[str], None] = field(default=lambda _: None, repr=False)

    def send(self, table: CallTable, row: dict[str, Any], estimate_usd: float) -> PaidRequest:
        """Write the row of a paid request about to be sent; the budget counts its estimate."""
        call_id = stable_hash(self.calls.run_id, row.get("request_hash"), row.get("attempt"),
                              threading.get_ident(), time.time_ns())
        full = {"call_id": call_id, "cost_usd": estimate_usd, "cache_hit": False, **row}
        if table == "llm_calls":
            full.setdefault("round", self.calls.current_round or None)
        self.store.open_call(table, self.calls.topic_id, self.calls.run_id, full)
        self.budget.charge(estimate_usd)
        return PaidRequest(self, table, call_id, estimate_usd)

    def fallback(self, step: str, reason: str, round_no: int | None = None) -> None:
        """Record that a model step fell back to the deterministic researcher, and why."""
        row = {"call_id": stable_hash(self.calls.run_id, step, reason, time.time_ns()),
               "step": step, "provider": "extractive", "model": None, "template": step,
               "request_hash": stable_hash(step, reason, length=32), "error": reason,
               "fallback": True, "status": "fallback",
               "round": round_no if round_no is not None else (self.calls.current_round or None)}
        self.store.open_call("llm_calls", self.calls.topic_id, self.calls.run_id, row)
        self.calls.fallbacks.append(f"{step}: {reason}")
        self.progress(f"{self.calls.topic_id}: {step} fell back to the extractive researcher: "
                      f"{reason}")

    def note(self, step: str, provider: str, what: str, detail: str) -> None:
        """Record a change made to model output (a link removed, a quote replaced)."""
        row = {"call_id": stable_hash(self.calls.run_id, step, what, detail, time.time_ns()),
               "step": step, "provider": provider, "model": None, "template": step,
               "request_hash": stable_hash(step, what, length=32), "prompt": detail,
               "error": what, "status": "sanitized",
               "round": self.calls.current_round or None}
        self.store.open_call("llm_calls", self.calls.topic_id, self.calls.run_id, row)


@dataclass
class PaidRequest:
    """A sent request's audit row, completed once with what came back."""

    runtime: Runtime
    table: CallTable
    call_id: str
    estimate_usd: float
    started: float = field(default_factory=time.perf_counter)
    closed: bool = False

    def done(self, cost_usd: float, status: str, **fields: Any) -> None:
        """Complete the row (status ``answered``, ``invalid`` or ``failed``) and the budget."""
        if self.closed:
            return
        self.closed = True
        self.runtime.budget.charge(cost_usd - self.estimate_usd)
        self.runtime.store.close_call(self.table, self.call_id, {
            "cost_usd": cost_usd, "status": status,
            "latency_ms": round((time.perf_counter() - self.started) * 1000, 3), **fields})


class RateLimiter:
    """At most ``rate`` requests in any one second, across threads (a sliding window).

    A provider's "N requests per second" is met when no second holds more than N: the
    first N go at once and each later one waits until the N-th before it is a second old.
    Requests are granted in the order they ask. A rate below one allows one request per
    ``1 / rate`` seconds; a fractional rate above one allows ``floor(rate)`` requests per
    ``floor(rate) / rate`` seconds.
    """

    def __init__(self, rate_per_s: float) -> None:
        self.burst = max(1, math.floor(rate_per_s)) if rate_per_s > 0 else 0
        self.window_s = self.burst / rate_per_s if rate_per_s > 0 else 0.0
        self._granted: deque[float] = deque(maxlen=self.burst or None)
        self._lock = threading.Lock()

    def acquire(self) -> None:
        """Block until this request's turn."""
        if not self.burst:
            return
        with self._lock:
            now = time.monotonic()
            at = now
            if len(self._granted) == self.burst:
                at = max(now, self._granted[0] + self.window_s)
            self._granted.append(at)
        if at > now:
            time.sleep(at - now)


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


# Modules a process needs only after its first provider request (the search SDK, when the
# plan's model call comes first). Start-up imports are CPU work under the GIL: imported
# before that request they delay it; imported while it waits on the network they cost no
# wall time.
_DEFERRED: list[str] = []
DEFERRED_START_S = 0.05
_DEFERRED_GUARD = threading.Lock()
_log = logging.getLogger(__name__)


# What the provider SDKs import whenever it is installed, only to offer it as an async
# transport: google-genai for its async client, openai (which exa-py and instructor
# import) for its opt-in ``DefaultAioHttpClient``. The pipeline calls their sync clients;
# aiohttp is installed because instructor depends on it.
_UNUSED_EXTRAS = ("aiohttp",)


def import_sdk(module: str) -> None:
    """Import a provider SDK without the optional extras it would not use here.

    Each SDK imports aiohttp inside a ``try`` and takes its no-aiohttp path on ImportError;
    while the SDK is imported, a ``None`` entry in ``sys.modules`` makes ``import aiohttp``
    raise just that (~0.2 s of CPU saved in every process that calls a provider). The entry
    is removed afterwards, so other code can still import aiohttp. Nothing changes if the
    SDK or aiohttp is imported already.
    """
    hidden = [] if module in sys.modules else [
        extra for extra in _UNUSED_EXTRAS if extra not in sys.modules]
    for extra in hidden:
        sys.modules[extra] = None  # type: ignore[assignment]
    try:
        importlib.import_module(module)
    finally:
        for extra in hidden:
            if sys.modules.get(extra, 0) is None:
                del sys.modules[extra]


def import_while_waiting(modules: Iterable[str]) -> None:
    """Import these modules while the process's next provider request waits on the network."""
    with _DEFERRED_GUARD:
        _DEFERRED.extend(m for m in modules if m not in sys.modules and m not in _DEFERRED)


# A topic thread's turn to start (``StartTurns``), held until its first provider request.
_TURN = threading.local()


class StartTurns:
    """Topics start one after another, each until its first provider request is sent.

    Before its first request a topic only does CPU and store work (services, its run row,
    its plan prompt, cache lookups). A hundred topic threads doing that at once share the
    GIL and the store's lock, so every topic's first request waits for nearly all of
    them; taking turns, the first request goes out after one topic's start, and the
    providers are busy while the others start.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def begin(self) -> None:
        """Wait for this thread's turn; it lasts until ``end_start_turn``."""
        self._lock.acquire()
        _TURN.release = self._lock.release


def end_start_turn() -> None:
    """Let the next topic start (this thread's turn, if it holds one, ends)."""
    release = getattr(_TURN, "release", None)
    if release is not None:
        _TURN.release = None
        release()


def waiting_on_network() -> None:
    """A provider request is about to be sent: the next topic starts, imports go on.

    The modules deferred with ``import_while_waiting`` are imported beside the request's
    wait, in one background thread, once. A thread that needs one of them before it is done
    waits on the import system's own lock for it; one that fails to import is left to the
    code that needs it, which raises where the error means something.
    """
    end_start_turn()
    with _DEFERRED_GUARD:
        if not _DEFERRED:
            return
        modules = list(_DEFERRED)
        _DEFERRED.clear()
    threading.Thread(target=_import_all, args=(modules,), name="deferred-imports",
                     daemon=True).start()


def _import_all(modules: list[str]) -> None:
    # The request that set this off still has its own few milliseconds of work to do before
    # it is on the wire; importing beside that work would halve its share of the GIL.
    time.sleep(DEFERRED_START_S)
    for module in modules:
        try:
            import_sdk(module)
        except Exception as exc:  # noqa: BLE001 - the importing code raises it where it is used
            _log.debug("deferred import of %s failed: %s", module, exc)


def model_slots(slots: int) -> threading.BoundedSemaphore:
    """The process's model-call slots: at most ``slots`` model requests in flight."""
    semaphore: threading.BoundedSemaphore = shared(
        ("model-slots", slots), lambda: threading.BoundedSemaphore(slots))
    return semaphore
