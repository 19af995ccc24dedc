"""Loading documents from files as structure, and chunking them into passages with stable ids."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import yaml

from research_pipeline.corpus.htmldoc import parse_html
from research_pipeline.corpus.structure import Block, passages
from research_pipeline.corpus.textdoc import markdown_blocks, pdf_blocks, text_blocks
from research_pipeline.errors import CorpusError
from research_pipeline.untrusted import load_yaml

# Bump when what a file turns into changes, so that re-adding a corpus re-reads every file.
EXTRACT_VERSION = 22
SUPPORTED_SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm", ".pdf")
MAX_FILE_BYTES = 50 * 1024 * 1024


@dataclass
class Document:
    """A whole document as structure (see ``structure``): title, URL, blocks."""

    doc_id: str
    title: str
    url: str
    blocks: list[Block]
    published_date: str | None = None
    # True where the URL may carry a #fragment the document defines (HTML).
    anchors: bool = False
    # The language the document declares (an HTML page's ``lang``), lower case.
    language: str | None = None

    @classmethod
    def from_text(cls, doc_id: str, title: str, url: str, text: str,
                  published_date: str | None = None) -> Document:
        """A document whose structure is read from plain text."""
        return cls(doc_id, title, url, text_blocks(text), published_date)


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
    section: str = ""
    layout: list[tuple[str, int, int]] = field(default_factory=list)


def _with_fragment(url: str, anchor: str | None) -> str:
    if not anchor:
        return url
    return f"{url.split('#', 1)[0]}#{quote(anchor, safe='-._~:@!$&*+,;=/?')}"


def chunk_document(doc: Document, skip: frozenset[str] = frozenset()) -> list[Chunk]:
    """The passages of a document, each within one section and knowing its heading path.

    A chunk id is a hash of the document id, the section and the chunk's own text (plus a
    counter for repeated text), so unchanged passages keep their ids when a document is
    re-ingested. ``skip`` holds keys of blocks that recur across the corpus (chrome).
    """
    chunks: list[Chunk] = []
    seen: dict[str, int] = {}
    for ordinal, passage in enumerate(passages(doc.blocks, skip)):
        digest = hashlib.sha256(
            f"{doc.doc_id}\0{passage.section}\0{passage.text}".encode()).hexdigest()[:16]
        repeat = seen.get(digest, 0)
        seen[digest] = repeat + 1
        chunk_id = digest if repeat == 0 else f"{digest}-{repeat}"
        url = _with_fragment(doc.url, passage.anchor) if doc.anchors else doc.url
        chunks.append(
            Chunk(chunk_id=chunk_id, doc_id=doc.doc_id, title=doc.title, url=url,
                  text=passage.text, ordinal=ordinal, published_date=doc.published_date,
                  section=passage.section, layout=passage.layout)
        )
    return chunks


# -- file loaders ----------------------------------------------------------------------


def _decode(raw: bytes, path: Path) -> str:
    if b"\x00" in raw[:8192]:
        raise CorpusError(f"{path}: looks binary, not text; skipped")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _load_markdown(
    path: Path, raw: bytes
) -> tuple[list[Block], str | None, str | None, str | None]:
    text = _decode(raw, path).replace("\r\n", "\n")
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
    blocks = markdown_blocks(text)
    first = next((i for i, b in enumerate(blocks) if b.kind == "heading"), None)
    if first is not None and blocks[first].level == 1 and (
            title is None or " ".join(title.split()) == blocks[first].text):
        # The document's own top heading is its title, not a section.
        title = blocks[first].text
        blocks = blocks[:first] + blocks[first + 1:]
    return blocks, title, url, published


def _load_pdf(path: Path) -> tuple[list[Block], str | None]:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = reader.metadata.title if reader.metadata else None
    except (PdfReadError, OSError, ValueError) as exc:
        raise CorpusError(f"{path}: cannot read this PDF ({exc}); skipped") from exc
    if not any(page.strip() for page in pages):
        raise CorpusError(f"{path}: the PDF has no extractable text (scanned?); skipped")
    return pdf_blocks(pages), (str(meta_title) if meta_title else None)


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
    anchors = False
    language: str | None = None
    if suffix in (".md", ".markdown"):
        blocks, title, url, published = _load_markdown(path, raw)
    elif suffix in (".html", ".htm"):
        page = parse_html(raw)
        blocks, title, url, anchors = page.blocks, page.title, page.canonical, True
        language = page.language
    elif suffix == ".pdf":
        blocks, title = _load_pdf(path)
    else:
        text = _decode(raw, path)
        blocks = text_blocks(text)
        first = text.strip().split("\n", 1)[0].strip()
        title = first if 0 < len(first) <= 120 else None
        if blocks and blocks[0].kind == "heading" and blocks[0].text == first:
            blocks = blocks[1:]
    if not any(b.text.strip() for b in blocks if b.kind not in ("heading", "term", "close")):
        raise CorpusError(f"{path}: no text in this file; skipped")
    return Document(
        doc_id=rel,
        title=title or path.stem.replace("-", " ").replace("_", " "),
        url=url or path.resolve().as_uri(),
        blocks=blocks,
        published_date=published,
        anchors=anchors,
        language=language,
    )
