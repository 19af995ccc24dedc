"""Search providers behind one interface; ``local`` reads named tantivy corpora."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Protocol
from urllib.parse import urlparse

from research_pipeline.corpus.index import CorpusIndex, IndexHit
from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.models import SearchHit, Source
from research_pipeline.text import terms
from research_pipeline.untrusted import clean_title, safe_url


@dataclass(frozen=True)
class SearchFilters:
    """A topic's search filters (exa applies them server-side, local on source URLs)."""

    include_domains: tuple[str, ...] = ()
    exclude_domains: tuple[str, ...] = ()
    start_date: date | None = None
    end_date: date | None = None


class SearchProvider(Protocol):
    """What the round loop needs from a search backend."""

    name: str

    def search(self, query: str, filters: SearchFilters, num_results: int) -> list[SearchHit]:
        """Results for one query, best first."""
        ...

    def idf(self, stems: list[str]) -> dict[str, float]:
        """Inverse document frequencies of stemmed terms, where the backend knows them."""
        ...

    def versions(self) -> dict[str, str]:
        """Versions of the data searched (corpus versions), for the ``runs`` table."""
        ...


def _host_matches(url: str, domains: tuple[str, ...]) -> bool:
    host = (urlparse(url).hostname or "").lower()
    return any(host == d.lower() or host.endswith("." + d.lower()) for d in domains)


@dataclass
class LocalSearch:
    """BM25 over one or more local corpora; the built-in one is built on first use."""

    manager: CorpusManager
    corpus_names: list[str]
    name: str = "local"
    _indexes: dict[str, CorpusIndex] = field(default_factory=dict)

    def _open(self) -> dict[str, CorpusIndex]:
        if not self._indexes:
            for corpus in self.corpus_names:
                self._indexes[corpus] = self.manager.get(corpus)
        return self._indexes

    def search(self, query: str, filters: SearchFilters, num_results: int) -> list[SearchHit]:
        """Merge each corpus's BM25 hits by score, then apply the topic's filters."""
        stems = terms(query)
        merged: list[tuple[float, str, IndexHit]] = []
        for corpus, index in self._open().items():
            for hit in index.search(stems, limit=num_results * 3):
                merged.append((hit.score, corpus, hit))
        merged.sort(key=lambda item: -item[0])
        out: list[SearchHit] = []
        for score, corpus, hit in merged:
            # Indexes built before URLs were checked may hold any URL: such a passage is
            # cited by its file's URI, or not at all.
            url = safe_url(hit.url) or self._file_uri(corpus, hit.doc_id)
            if url is None:
                continue
            if filters.include_domains and not _host_matches(url, filters.include_domains):
                continue
            if filters.exclude_domains and _host_matches(url, filters.exclude_domains):
                continue
            if hit.published and (filters.start_date or filters.end_date):
                day = hit.published[:10]
                if filters.start_date and day < filters.start_date.isoformat():
                    continue
                if filters.end_date and day > filters.end_date.isoformat():
                    continue
            source = Source(
                source_id=f"local:{corpus}:{hit.chunk_id}", url=url, title=clean_title(hit.title),
                text=hit.text, provider="local", corpus=corpus, published_date=hit.published,
            )
            out.append(SearchHit(source=source, rank=len(out) + 1, score=score))
            if len(out) >= num_results:
                break
        return out

    def _file_uri(self, corpus: str, doc_id: str) -> str | None:
        source = self._open()[corpus].manifest().get("source", "")
        if not source or not doc_id:
            return None
        return safe_url((Path(source) / doc_id).resolve().as_uri())

    def idf(self, stems: list[str]) -> dict[str, float]:
        """Mean IDF over the searched corpora."""
        indexes = self._open()
        totals: dict[str, float] = dict.fromkeys(stems, 0.0)
        for index in indexes.values():
            for term, value in index.idf(stems).items():
                totals[term] += value / len(indexes)
        return totals

    def versions(self) -> dict[str, str]:
        """Each corpus's manifest version."""
        return {name: index.manifest().get("version", "") for name, index in self._open().items()}
