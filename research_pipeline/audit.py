"""Audit rows for every researcher step and search call.

Offline steps and cache hits are collected here and written with their round or step;
paid requests are written one by one as they are sent (``live.runtime.Runtime.send``).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from research_pipeline.models import stable_hash

T = TypeVar("T")
_MAX_TEXT = 20_000


def _dump(value: Any) -> str:
    if isinstance(value, BaseModel):
        text = value.model_dump_json()
    elif isinstance(value, list | tuple) and value and isinstance(value[0], BaseModel):
        text = json.dumps([v.model_dump(mode="json") for v in value], ensure_ascii=False)
    else:
        text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT] + "…[truncated]"


@dataclass
class CallLog:
    """Collects ``llm_calls`` and ``search_calls`` rows until the store writes them."""

    topic_id: str
    run_id: str | None
    llm_calls: list[dict] = field(default_factory=list)
    search_calls: list[dict] = field(default_factory=list)
    current_round: int = 0
    fallbacks: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add_llm(self, row: dict) -> None:
        """Append a model call row recorded by a provider (thread-safe)."""
        with self._lock:
            self.llm_calls.append(row)

    def step(
        self, step: str, provider: str, model: str | None, request: dict,
        fn: Callable[[], T], record: bool = True,
    ) -> T:
        """Run one researcher step; record it unless the researcher records its own calls.

        Offline steps cost nothing; a model researcher writes one row per model call.
        """
        if not record:
            return fn()
        started = time.perf_counter()
        result = fn()
        latency = (time.perf_counter() - started) * 1000
        request_hash = stable_hash(provider, model, step, request, length=32)
        self.add_llm({
            "call_id": stable_hash(self.run_id, request_hash, len(self.llm_calls), time.time_ns()),
            "step": step, "provider": provider, "model": model, "template": step,
            "request_hash": request_hash, "prompt": _dump(request), "response": _dump(result),
            "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0,
            "latency_ms": round(latency, 3), "cache_hit": False,
        })
        return result

    def search(
        self, provider: str, query: str, round_no: int, request: dict, n_results: int,
        latency_ms: float, cost_usd: float = 0.0, cache_hit: bool = False,
        error: str | None = None,
    ) -> None:
        """Record one search call."""
        request_hash = stable_hash(provider, request, length=32)
        row = {
            "call_id": stable_hash(self.run_id, request_hash, round_no, len(self.search_calls),
                                   time.time_ns()),
            "round": round_no, "provider": provider, "query": query,
            "request_hash": request_hash, "n_results": n_results,
            "latency_ms": round(latency_ms, 3), "cost_usd": cost_usd, "cache_hit": cache_hit,
            "error": error,
        }
        with self._lock:
            self.search_calls.append(row)

    def drain(self) -> tuple[list[dict], list[dict]]:
        """Hand over the collected rows and start afresh."""
        with self._lock:
            out = (self.search_calls, self.llm_calls)
            self.search_calls, self.llm_calls = [], []
        return out
