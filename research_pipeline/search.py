"""Search providers behind one interface; ``local`` reads named tantivy corpora."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Protocol
from urllib.parse import urlparse

from research_pipeline.corpus.index import CorpusIndex, IndexHit
from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.models import SearchHit, Source
from research_pipeline.text import (
    STOPWORDS,
    code_names,
    joined_names,
    normalize_ws,
    option_names,
    symbols,
    terms,
    title_names,
    without_code_names,
    words,
)
from research_pipeline.untrusted import safe_url


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


# The best few matches bring the other passages of their section along.
SECTION_EXPAND = 3
SIBLINGS = 3


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
        exact = [w for w in words(query) if w not in STOPWORDS and len(w) > 1]
        # A command named as typed ("git bundle") meets its manual page ("git-bundle(1)").
        # An option ("-C", "--ignore-revs-file") is looked for whole, as written; so is a
        # page's name written with its hyphen ("git-am", whose "am" no query keeps).
        code = symbols(query) + joined_names(query) + option_names(query) + title_names(query)
        # A name written with underscores or dots ("__radd__", "threading.Thread") is
        # looked for whole. The words an underscore name splits into ("radd"), where
        # nothing else in the query says them, count only where a corpus does not write
        # the name; a dotted name's words ("threading", "thread") always count.
        outside = set(terms(without_code_names(query)))
        names = {name: [t for t in terms(name) if t not in outside]
                 for name in code_names(query)}
        merged: list[tuple[float, str, IndexHit]] = []
        for corpus, index in self._open().items():
            for hit in index.search(stems, limit=num_results * 3, exact_words=exact,
                                    symbol_terms=code, names=names):
                merged.append((hit.score, corpus, hit))
        merged.sort(key=lambda item: -item[0])
        out: list[SearchHit] = []
        seen: dict[str, IndexHit] = {}
        said: set[str] = set()  # the passages taken, whitespace normalised
        for score, corpus, found in merged:
            citable = self._citable(corpus, found)
            if citable is None or not self._allowed(citable, filters):
                continue
            self._add(out, seen, said, corpus, citable, score)
            if len(out) >= num_results:
                break
        # The rest of the best-matching sections, after the matches themselves.
        indexes = self._open()
        for result in list(out[:SECTION_EXPAND]):
            corpus = result.source.corpus or ""
            anchor = seen.get(result.source.source_id)
            if anchor is None or corpus not in indexes:
                continue
            for found in indexes[corpus].section_siblings(anchor, SIBLINGS):
                sibling = self._citable(corpus, found)
                if sibling is not None and self._allowed(sibling, filters):
                    self._add(out, seen, said, corpus, sibling, result.score * 0.9)
        return out

    def _citable(self, corpus: str, hit: IndexHit) -> IndexHit | None:
        """The hit with a URL fit for a footnote, or None when it has none.

        Indexes built before URLs were checked may hold any URL: such a passage is cited
        by its file's URI, or not at all.
        """
        url = safe_url(hit.url)
        if url is None:
            source = self._open()[corpus].manifest().get("source", "")
            if not source or not hit.doc_id:
                return None
            url = safe_url((Path(source) / hit.doc_id).resolve().as_uri())
            if url is None:
                return None
        return hit if url == hit.url else replace(hit, url=url)

    @staticmethod
    def _add(out: list[SearchHit], seen: dict[str, IndexHit], said: set[str], corpus: str,
             hit: IndexHit, score: float) -> None:
        source_id = f"local:{corpus}:{hit.chunk_id}"
        if source_id in seen:
            return
        # A passage that several pages include word for word (the commit-limiting options
        # git-log, git-rev-list and git-shortlog share) is one result, not three.
        text = normalize_ws(hit.text)
        if text in said:
            return
        seen[source_id] = hit
        said.add(text)
        source = Source(
            source_id=source_id, url=hit.url, title=hit.title, text=hit.text,
            provider="local", corpus=corpus, published_date=hit.published,
            section=hit.section, layout=hit.layout,
        )
        out.append(SearchHit(source=source, rank=len(out) + 1, score=score))

    @staticmethod
    def _allowed(hit: IndexHit, filters: SearchFilters) -> bool:
        if filters.include_domains and not _host_matches(hit.url, filters.include_domains):
            return False
        if filters.exclude_domains and _host_matches(hit.url, filters.exclude_domains):
            return False
        if hit.published and (filters.start_date or filters.end_date):
            day = hit.published[:10]
            if filters.start_date and day < filters.start_date.isoformat():
                return False
            if filters.end_date and day > filters.end_date.isoformat():
                return False
        return True

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
