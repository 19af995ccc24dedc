"""Web search through exa-py: rate-limited, retried, cached, costed, canonical URLs."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from research_pipeline.errors import ConfigError
from research_pipeline.live.redact import redact_value
from research_pipeline.live.retry import RetryPolicy, Target, classify, with_retries
from research_pipeline.live.runtime import Runtime, import_sdk, shared, shared_rate_limiter
from research_pipeline.models import SearchHit, Source, stable_hash
from research_pipeline.search import SearchFilters
from research_pipeline.settings import Settings
from research_pipeline.untrusted import safe_url

_TRACKING = ("utm_", "fbclid", "gclid", "mc_cid", "mc_eid", "ref_src")
MAX_TEXT_CHARS = 30_000


def canonical_url(url: str) -> str:
    """One spelling per document: lower-case host, no fragment, tracking or default port."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    if parts.port and not (parts.scheme == "https" and parts.port == 443) and not (
            parts.scheme == "http" and parts.port == 80):
        host = f"{host}:{parts.port}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                       if not k.lower().startswith(_TRACKING)])
    path = parts.path if parts.path not in ("", "/") else "/"
    if len(path) > 1:
        path = path.rstrip("/")
    return urlunsplit((parts.scheme.lower(), host, path, query, ""))


def _citable_url(raw: object) -> str | None:
    """The canonical URL of a result, or None where it breaks the report contract.

    Another scheme, a control character, no host or an unparsable port or address: such
    a result cannot be cited, so it is left out.
    """
    try:
        return safe_url(canonical_url(str(raw or "")))
    except ValueError:
        return None


class ExaSearch:
    """The ``exa`` search provider."""

    name = "exa"
    records_own_calls = True

    def __init__(self, settings: Settings, runtime: Callable[[], Runtime]) -> None:
        if settings.exa_api_key is None:
            raise ConfigError("RESEARCH_SEARCH=exa needs EXA_API_KEY")
        self.settings = settings
        self.runtime = runtime
        # Every topic of the process shares Exa's rate limit and one client.
        self.limiter = shared_rate_limiter("exa", settings.exa_requests_per_s)
        self.policy = RetryPolicy(base_s=settings.retry_base_s,
                                  timeout_attempts=settings.timeout_attempts())
        self._client: Any = None
        self._lock = threading.Lock()

    def _exa(self) -> Any:
        with self._lock:
            if self._client is None:
                key = self.settings.exa_api_key
                assert key is not None
                kwargs: dict[str, Any] = {"api_key": key.get_secret_value(),
                                          "timeout": self.settings.timeout_s()}
                if self.settings.exa_base_url:
                    kwargs["base_url"] = self.settings.exa_base_url
                self._client = shared(("exa-client", *sorted(kwargs.items())),
                                      lambda: _build_exa(kwargs))
            return self._client

    def search(self, query: str, filters: SearchFilters, num_results: int) -> list[SearchHit]:
        """One Exa search with text and highlights, from the cache when allowed."""
        runtime = self.runtime()
        request: dict[str, Any] = {"query": query, "num_results": num_results,
                                   "contents": {"text": True, "highlights": True}}
        if filters.include_domains:
            request["include_domains"] = list(filters.include_domains)
        if filters.exclude_domains:
            request["exclude_domains"] = list(filters.exclude_domains)
        if filters.start_date:
            request["start_published_date"] = filters.start_date.isoformat()
        if filters.end_date:
            request["end_published_date"] = filters.end_date.isoformat()
        request_hash = stable_hash("exa", request, length=32)
        started = time.perf_counter()
        cached = None if runtime.refresh_search else runtime.store.cache_get(request_hash)
        if cached is not None:
            results = cached["results"]
            runtime.calls.search("exa", query, runtime.calls.current_round, request,
                                 len(results), (time.perf_counter() - started) * 1000,
                                 cache_hit=True)
        else:
            results = self._search_paid(runtime, query, request, request_hash)
            runtime.store.cache_put(request_hash, "exa", {"results": results})
        hits: list[SearchHit] = []
        seen: set[str] = set()
        for result in results:
            url = _citable_url(result["url"])
            if url is None or url in seen:
                continue
            seen.add(url)
            text = (result["text"] or " ".join(result["highlights"]))[:MAX_TEXT_CHARS]
            if not text.strip():
                continue
            source = Source(source_id=f"exa:{stable_hash(url)}", url=url,
                            title=" ".join((result["title"] or url).split()), text=text,
                            provider="exa", published_date=result["published_date"])
            hits.append(SearchHit(source=source, rank=len(hits) + 1,
                                  score=float(result["score"] or 0.0)))
        return hits

    def _search_paid(self, runtime: Runtime, query: str, request: dict[str, Any],
                     request_hash: str) -> list[dict[str, Any]]:
        """One search at Exa, retried; every request sent is an audit row written first."""
        price = self.settings.prices.get("exa")
        estimate = price.per_request if price else 0.0
        runtime.budget.check(estimate, "an Exa search")
        target = Target(provider="Exa", action=f"search {query[:80]!r}", key_env="EXA_API_KEY",
                        url_env="RESEARCH_EXA_BASE_URL", timeout_s=self.settings.timeout_s())
        attempt = 0

        def call() -> Any:
            nonlocal attempt
            attempt += 1
            self.limiter.acquire()
            sent = runtime.send("search_calls", {
                "round": runtime.calls.current_round, "provider": "exa", "query": query,
                "request_hash": request_hash, "attempt": attempt}, estimate)
            try:
                response = self._exa().search(**request)
            except Exception as exc:
                failure = classify(exc)
                sent.done(estimate if failure.timeout else 0.0, "failed", error=failure.message)
                raise
            total = getattr(response.cost_dollars, "total", None)
            sent.done(float(total) if total is not None else estimate, "answered",
                      n_results=len(response.results))
            return response

        response = with_retries(call, policy=self.policy, target=target)
        # Whatever a provider sends back passes the redaction before anything keeps it.
        return [redact_value({
            "url": r.url, "title": r.title or r.url, "score": r.score,
            "published_date": r.published_date, "text": r.text or "",
            "highlights": list(r.highlights or [])}) for r in response.results]

    def idf(self, stems: list[str]) -> dict[str, float]:
        """Exa exposes no term statistics."""
        del stems
        return {}

    def versions(self) -> dict[str, str]:
        """Live web search has no corpus version."""
        return {"exa": "live"}


def _build_exa(kwargs: dict[str, Any]) -> Any:
    import_sdk("exa_py")  # without the aiohttp transport, where no run imported it before
    from exa_py import Exa

    return Exa(**kwargs)
