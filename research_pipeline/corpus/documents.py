"""Loading documents from files, and chunking them into passages with stable ids."""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import yaml

from research_pipeline.errors import CorpusError
from research_pipeline.text import sentence_spans
from research_pipeline.untrusted import load_yaml

SUPPORTED_SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm", ".pdf")
MAX_FILE_BYTES = 50 * 1024 * 1024
CHUNK_TARGET = 900
CHUNK_MAX = 1600


@dataclass
class Document:
    """A whole document before chunking."""

    doc_id: str
    title: str
    url: str
    text: str
    published_date: str | None = None


@dataclass
class Chunk:
    """A passage of a document: the unit that is indexed, retrieved and cited."""

    chunk_id: str
    doc_id: str
    title: str
    url: str
    text: str
    ordinal: int
    published_date: str | None = None
    extra: dict = field(default_factory=dict)


def _paragraphs(text: str) -> list[str]:
    paras = [p.strip() for p in re.split(r"\n\s*\n", text)]
    return [p for p in paras if p]


def _split_long(paragraph: str) -> list[str]:
    if len(paragraph) <= CHUNK_MAX:
        return [paragraph]
    pieces: list[str] = []
    current_start: int | None = None
    current_end = 0
    for start, end in sentence_spans(paragraph):
        if current_start is None:
            current_start = start
        elif end - current_start > CHUNK_TARGET:
            pieces.append(paragraph[current_start:current_end])
            current_start = start
        current_end = end
    if current_start is not None:
        pieces.append(paragraph[current_start:current_end])
    # A single sentence longer than CHUNK_MAX is cut hard: it is still verbatim text.
    out: list[str] = []
    for piece in pieces:
        while len(piece) > CHUNK_MAX * 2:
            out.append(piece[:CHUNK_MAX])
            piece = piece[CHUNK_MAX:]
        out.append(piece)
    return out


def chunk_document(doc: Document) -> list[Chunk]:
    """Group paragraphs into passages of about ``CHUNK_TARGET`` characters.

    A chunk id is a hash of the document id and the chunk's own text (plus a counter for
    repeated text), so unchanged passages keep their ids when a document is re-ingested.
    """
    groups: list[str] = []
    current: list[str] = []
    size = 0
    for para in _paragraphs(doc.text):
        for piece in _split_long(para):
            if current and size + len(piece) > CHUNK_TARGET:
                groups.append("\n\n".join(current))
                current, size = [], 0
            current.append(piece)
            size += len(piece) + 2
    if current:
        groups.append("\n\n".join(current))
    chunks: list[Chunk] = []
    seen: dict[str, int] = {}
    for ordinal, text in enumerate(groups):
        digest = hashlib.sha256(f"{doc.doc_id}\0{text}".encode()).hexdigest()[:16]
        repeat = seen.get(digest, 0)
        seen[digest] = repeat + 1
        chunk_id = digest if repeat == 0 else f"{digest}-{repeat}"
        chunks.append(
            Chunk(chunk_id=chunk_id, doc_id=doc.doc_id, title=doc.title, url=doc.url,
                  text=text, ordinal=ordinal, published_date=doc.published_date)
        )
    return chunks


# -- file loaders ----------------------------------------------------------------------


class _HTMLText(HTMLParser):
    _SKIP = {"script", "style", "noscript", "template", "svg", "nav", "footer"}
    _BLOCK = {"p", "div", "section", "article", "li", "ul", "ol", "h1", "h2", "h3", "h4",
              "h5", "h6", "pre", "blockquote", "table", "tr", "br", "dd", "dt", "header"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self.canonical: str | None = None
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag in self._SKIP:
            self._skip += 1
        elif tag == "title":
            self._in_title = True
        elif tag == "link" and (attr.get("rel") or "").lower() == "canonical":
            self.canonical = attr.get("href") or self.canonical
        elif tag == "meta" and attr.get("property") == "og:url" and not self.canonical:
            self.canonical = attr.get("content")
        if tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP and self._skip:
            self._skip -= 1
        elif tag == "title":
            self._in_title = False
        if tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip:
            self.parts.append(data)


def _clean_block_text(text: str) -> str:
    paras = []
    for para in re.split(r"\n\s*\n", text):
        line = " ".join(para.split())
        if line:
            paras.append(line)
    return "\n\n".join(paras)


def _decode(raw: bytes, path: Path) -> str:
    if b"\x00" in raw[:8192]:
        raise CorpusError(f"{path}: looks binary, not text; skipped")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _load_markdown(path: Path, raw: bytes) -> tuple[str, str | None, str | None, str | None]:
    text = _decode(raw, path)
    title = url = published = None
    if text.startswith("---"):
        parts = re.split(r"^---[ \t]*$", text, maxsplit=2, flags=re.MULTILINE)
        if len(parts) == 3:
            try:
                meta = load_yaml(parts[1]) or {}
            except yaml.YAMLError as exc:
                raise CorpusError(f"{path}: front matter is not valid YAML ({exc})") from exc
            if isinstance(meta, dict):
                title = str(meta["title"]) if meta.get("title") else None
                url = str(meta["url"]) if meta.get("url") else None
                date = meta.get("date") or meta.get("published")
                published = str(date) if date else None
            text = parts[2]
    lines = []
    for line in text.splitlines():
        heading = re.match(r"^#{1,6}\s+(.*)$", line)
        if heading:
            if title is None:
                title = heading.group(1).strip()
            lines.append("")
            lines.append(heading.group(1).strip())
            lines.append("")
        else:
            lines.append(line)
    return _clean_block_text("\n".join(lines)), title, url, published


def _load_pdf(path: Path) -> tuple[str, str | None]:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = reader.metadata.title if reader.metadata else None
    except (PdfReadError, OSError, ValueError) as exc:
        raise CorpusError(f"{path}: cannot read this PDF ({exc}); skipped") from exc
    text = _clean_block_text("\n\n".join(pages))
    if not text.strip():
        raise CorpusError(f"{path}: the PDF has no extractable text (scanned?); skipped")
    return text, (str(meta_title) if meta_title else None)


def load_file(path: Path, root: Path) -> Document:
    """Load one corpus file as a Document, or raise ``CorpusError`` naming the file."""
    suffix = path.suffix.lower()
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise CorpusError(f"{path}: {size} bytes is over the {MAX_FILE_BYTES} limit; skipped")
        raw = b"" if suffix == ".pdf" else path.read_bytes()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot be read ({exc.strerror or exc}); skipped") from exc
    rel = path.relative_to(root).as_posix()
    title: str | None
    url: str | None = None
    published: str | None = None
    if suffix in (".md", ".markdown"):
        text, title, url, published = _load_markdown(path, raw)
    elif suffix in (".html", ".htm"):
        parser = _HTMLText()
        parser.feed(_decode(raw, path))
        text = _clean_block_text(html.unescape("".join(parser.parts)))
        title = " ".join(parser.title.split()) or None
        url = parser.canonical
    elif suffix == ".pdf":
        text, title = _load_pdf(path)
    else:
        text = _clean_block_text(_decode(raw, path))
        first = text.split("\n\n", 1)[0]
        title = first if len(first) <= 120 else None
    if not text.strip():
        raise CorpusError(f"{path}: no text in this file; skipped")
    return Document(
        doc_id=rel,
        title=title or path.stem.replace("-", " ").replace("_", " "),
        url=url or path.resolve().as_uri(),
        text=text,
        published_date=published,
    )
