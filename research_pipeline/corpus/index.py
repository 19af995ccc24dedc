"""A corpus's full-text index (tantivy, BM25) and its manifest of ingested files."""

from __future__ import annotations

import json
import math
import os
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import tantivy

from research_pipeline.corpus.documents import Chunk
from research_pipeline.errors import CorpusError
from research_pipeline.models import stable_hash
from research_pipeline.text import indexed_names, option_names, symbols, title_names

# 2: passages know their section (heading path) and layout; an exact-word field.
# 3: a section id, to fetch the other passages of a matched section.
# 4: code symbols ("HEAD~2", "@{-1}"), as written and by shape, which words lose.
# 5: a title's hyphenated names ("git-bundle") among the heading symbols.
# 6: names written with underscores or dots ("__radd__", "threading.Thread") among the
#    symbols, whole, and by their shorter forms (``text.indexed_names``).
# 7: command-line options ("-C", "--ignore-revs-file") among the symbols, as written.
INDEX_FORMAT = 7
# Where a query word matches counts differently: the heading path names what a passage
# is about, the title what its document is about; a word matched exactly (not only by
# its stem) is the word asked about.
TITLE_BOOST = 1.5
SECTION_BOOST = 2.0
EXACT_BOOST = 0.6
# A code symbol the query writes ("@{-1}", "HEAD~2") or its shape ("~n") scores this
# many times its IDF, as a rare word matched once does: most passages hold no symbol, so
# BM25's length norm, measured against that near-empty average, would all but drop it.
SYMBOL_WEIGHT = 1.5
# A name written with underscores or dots that the corpus writes ("__radd__",
# "threading.Thread") is what the query is about, more than any of its words: it scores
# this many times its IDF.
NAME_WEIGHT = 3.0


def _schema() -> tantivy.Schema:
    sb = tantivy.SchemaBuilder()
    sb.add_text_field("chunk_id", stored=True, tokenizer_name="raw")
    sb.add_text_field("doc_id", stored=True, tokenizer_name="raw")
    sb.add_text_field("section_id", stored=True, tokenizer_name="raw")
    sb.add_text_field("url", stored=True, tokenizer_name="raw")
    sb.add_text_field("title", stored=True, tokenizer_name="en_stem")
    sb.add_text_field("section", stored=True, tokenizer_name="en_stem")
    sb.add_text_field("body", stored=True, tokenizer_name="en_stem")
    # Lowercased words, unstemmed, of the title, the section and the body.
    sb.add_text_field("exact", stored=False, tokenizer_name="default")
    # Code symbols (``text.symbols``) of the body, and of the title and section.
    sb.add_text_field("symbol", stored=False, tokenizer_name="raw")
    sb.add_text_field("head_symbol", stored=False, tokenizer_name="raw")
    sb.add_text_field("published", stored=True, tokenizer_name="raw")
    sb.add_bytes_field("layout", stored=True)
    return sb.build()


def section_id(doc_id: str, section: str) -> str:
    """The id of one section of one document (its passages share it)."""
    return stable_hash(doc_id, section)


@dataclass
class IndexHit:
    """One chunk matched by a query."""

    chunk_id: str
    doc_id: str
    url: str
    title: str
    text: str
    published: str | None
    score: float
    section: str = ""
    layout: list[tuple[str, int, int]] = field(default_factory=list)
    section_id: str = ""


class CorpusIndex:
    """One named corpus on disk: ``<data_dir>/corpora/<name>/{index/, manifest.json}``."""

    def __init__(self, root: Path, name: str) -> None:
        self.name = name
        self.dir = root / "corpora" / name
        self.index_dir = self.dir / "index"
        self.manifest_path = self.dir / "manifest.json"
        self._index: tantivy.Index | None = None

    # -- manifest ----------------------------------------------------------------------

    def exists(self) -> bool:
        """True once the corpus has been built."""
        return self.manifest_path.exists()

    def manifest(self) -> dict:
        """The manifest: kind, source, files with their hashes and chunk ids, version."""
        if not self.exists():
            return {"name": self.name, "files": {}, "format": INDEX_FORMAT}
        return json.loads(self.manifest_path.read_text(encoding="utf-8"))

    def _write_manifest(self, manifest: dict) -> None:
        manifest["format"] = INDEX_FORMAT
        manifest["updated_at"] = datetime.now(UTC).isoformat(timespec="seconds")
        chunk_ids = sorted(c for f in manifest["files"].values() for c in f["chunk_ids"])
        manifest["version"] = stable_hash(chunk_ids)
        manifest["chunks"] = len(chunk_ids)
        tmp = self.manifest_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.manifest_path)

    # -- index -------------------------------------------------------------------------

    def reset(self) -> None:
        """Drop the index (its schema changed); the next ``apply`` builds it anew."""
        self._index = None
        if self.index_dir.exists():
            shutil.rmtree(self.index_dir)

    def _open(self, create: bool = False) -> tantivy.Index:
        if self._index is None:
            if not create and not self.index_dir.exists():
                raise CorpusError(f"corpus {self.name!r} has no index at {self.index_dir}")
            self.index_dir.mkdir(parents=True, exist_ok=True)
            self._index = tantivy.Index(_schema(), path=str(self.index_dir), reuse=True)
        return self._index

    def apply(
        self, manifest: dict, upserts: dict[str, tuple[dict, list[Chunk]]],
        deletions: Iterable[str],
    ) -> None:
        """Replace changed files' chunks, drop deleted files, then write the manifest.

        ``upserts`` maps a file key to (its manifest entry, its chunks).
        """
        self.dir.mkdir(parents=True, exist_ok=True)
        index = self._open(create=True)
        writer = index.writer(heap_size=64_000_000, num_threads=1)
        files = manifest.setdefault("files", {})
        for key in list(deletions) + list(upserts):
            if key in files:
                writer.delete_documents_by_term("doc_id", files[key]["doc_id"])
                del files[key]
        for key, (entry, chunks) in upserts.items():
            for chunk in chunks:
                writer.add_document(
                    tantivy.Document(
                        chunk_id=chunk.chunk_id, doc_id=chunk.doc_id, url=chunk.url,
                        section_id=section_id(chunk.doc_id, chunk.section),
                        title=chunk.title, section=chunk.section, body=chunk.text,
                        exact=f"{chunk.title}\n{chunk.section}\n{chunk.text}",
                        symbol=symbols(chunk.text) + indexed_names(chunk.text)
                        + option_names(chunk.text),
                        head_symbol=symbols(heading := f"{chunk.title}\n{chunk.section}")
                        + indexed_names(heading) + title_names(chunk.title)
                        + option_names(heading),
                        published=chunk.published_date or "",
                        layout=json.dumps(chunk.layout, separators=(",", ":")).encode(),
                    )
                )
            entry["chunk_ids"] = [c.chunk_id for c in chunks]
            files[key] = entry
        writer.commit()
        writer.wait_merging_threads()
        index.reload()
        self._write_manifest(manifest)

    def searcher(self) -> tantivy.Searcher:
        """A searcher over the committed index."""
        return self._open().searcher()

    def search(self, query_terms: list[str], limit: int,
               exact_words: Iterable[str] = (), symbol_terms: Iterable[str] = (),
               names: Mapping[str, list[str]] | None = None) -> list[IndexHit]:
        """BM25 for stemmed terms over body, title and section (boosted).

        Words of ``exact_words`` matched unstemmed add a bonus, and so do the code
        symbols of ``symbol_terms`` (``text.symbols`` of the query). ``names`` maps each
        name the query writes with underscores or dots (``text.code_names``) to the terms
        only it supplies: a name this corpus writes is a symbol, and those terms are
        dropped.
        """
        index = self._open()
        searcher = index.searcher()
        symbol_terms = list(dict.fromkeys(symbol_terms))
        dropped: set[str] = set()
        known: set[str] = set()
        for name, parts in (names or {}).items():
            if searcher.doc_freq("symbol", name) or searcher.doc_freq("head_symbol", name):
                known.add(name)
                dropped.update(parts)
        symbol_terms += [name for name in known if name not in symbol_terms]
        if dropped:
            query_terms = [t for t in query_terms if t not in dropped]
            exact_words = [w for w in exact_words if w not in dropped]
        if not query_terms and not symbol_terms:
            return []
        schema = index.schema
        clauses = []
        for term in dict.fromkeys(query_terms):
            clauses.append((tantivy.Occur.Should, tantivy.Query.term_query(schema, "body", term)))
            for name, boost in (("title", TITLE_BOOST), ("section", SECTION_BOOST)):
                clauses.append((tantivy.Occur.Should, tantivy.Query.boost_query(
                    tantivy.Query.term_query(schema, name, term), boost)))
        for word in dict.fromkeys(exact_words):
            clauses.append((tantivy.Occur.Should, tantivy.Query.boost_query(
                tantivy.Query.term_query(schema, "exact", word), EXACT_BOOST)))
        n = max(searcher.num_docs, 1)
        for symbol in symbol_terms:
            weight = NAME_WEIGHT if symbol in known else SYMBOL_WEIGHT
            for name, boost in (("symbol", 1.0), ("head_symbol", SECTION_BOOST)):
                df = searcher.doc_freq(name, symbol)
                if df:
                    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                    clauses.append((tantivy.Occur.Should, tantivy.Query.const_score_query(
                        tantivy.Query.term_query(schema, name, symbol), weight * boost * idf)))
        query = tantivy.Query.boolean_query(clauses)
        result = searcher.search(query, limit)
        return [self._hit(searcher, address, float(score)) for score, address in result.hits]

    def section_siblings(self, hit: IndexHit, limit: int) -> list[IndexHit]:
        """The other passages of a hit's section, in document order (scored like the hit).

        An answer often sits beside the passage that matched the question's words: the
        reason after the claim, the value after the description.
        """
        if not hit.section_id:
            return []
        index = self._open()
        searcher = index.searcher()
        query = tantivy.Query.term_query(index.schema, "section_id", hit.section_id)
        result = searcher.search(query, limit + 1)
        out = [self._hit(searcher, address, hit.score) for _, address in result.hits]
        return [h for h in out if h.chunk_id != hit.chunk_id][:limit]

    @staticmethod
    def _hit(searcher: tantivy.Searcher, address: tantivy.DocAddress, score: float) -> IndexHit:
        doc = searcher.doc(address)
        layout = doc["layout"][0] if doc["layout"] else b"[]"
        return IndexHit(
            chunk_id=doc["chunk_id"][0], doc_id=doc["doc_id"][0], url=doc["url"][0],
            title=doc["title"][0], text=doc["body"][0],
            published=(doc["published"][0] or None) if doc["published"] else None,
            score=score, section=doc["section"][0] if doc["section"] else "",
            layout=[tuple(x) for x in json.loads(bytes(layout))],
            section_id=doc["section_id"][0] if doc["section_id"] else "",
        )

    def idf(self, stems: Iterable[str]) -> dict[str, float]:
        """BM25-style inverse document frequency of stemmed terms in this corpus."""
        searcher = self.searcher()
        n = max(searcher.num_docs, 1)
        out = {}
        for term in stems:
            df = searcher.doc_freq("body", term)
            out[term] = math.log(1 + (n - df + 0.5) / (df + 0.5))
        return out
