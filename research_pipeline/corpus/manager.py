"""Corpus management: add a folder, list, remove, and build the built-in corpus."""

from __future__ import annotations

import fcntl
import fnmatch
import hashlib
import re
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from research_pipeline.corpus.boilerplate import block_keys, recurring
from research_pipeline.corpus.documents import (
    EXTRACT_VERSION,
    SUPPORTED_SUFFIXES,
    Chunk,
    Document,
    chunk_document,
    load_file,
)
from research_pipeline.corpus.htmldoc import LANGUAGE_TAG
from research_pipeline.corpus.index import INDEX_FORMAT, CorpusIndex
from research_pipeline.corpus.pydocs import BUILD_VERSION, PY_VERSION, all_documents
from research_pipeline.errors import CorpusError
from research_pipeline.untrusted import UnsafeURLError, normalize_url

BUILTIN = "python-docs"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
# ``corpus add --language any``: every page, whatever language it declares.
ANY_LANGUAGE = "any"
# The share of the pages that declare a language one language must pass to be the
# folder's own: a manual with a few pages left untranslated, not a bilingual folder.
MAIN_LANGUAGE_SHARE = 0.5
# Pages named in the warning about pages left out for their language.
NAMED_PAGES = 8

Progress = Callable[[str], None]


@dataclass
class IngestReport:
    """What one ``corpus add`` did."""

    name: str
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    chunks: int = 0
    # Files in the folder left out of the index for the language they declare.
    left_out: int = 0
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _load_all(changed: list[tuple[str, str, Path]], root: Path
              ) -> Iterator[tuple[str, str, Document | CorpusError]]:
    """Each changed file as a document, or the error that names it, in order."""
    for key, digest, path in changed:
        try:
            yield key, digest, read_document(path, root)
        except CorpusError as exc:
            yield key, digest, exc


def _quiet(_: str) -> None:
    return None


def _primary(tag: str) -> str:
    return tag.split("-", 1)[0]


def main_language(declared: Iterable[str | None]) -> str | None:
    """The language (primary subtag) more than half the declaring pages declare, if any."""
    counts = Counter(_primary(tag) for tag in declared if tag)
    if not counts:
        return None
    language, n = counts.most_common(1)[0]
    return language if n > MAIN_LANGUAGE_SHARE * sum(counts.values()) else None


def _speaks(declared: str | None, wanted: str | None) -> bool:
    """A page that declares no language, or the wanted one ("en" takes "en-us" too)."""
    return (wanted is None or declared is None or declared == wanted
            or declared.startswith(f"{wanted}-"))


def _left_out_for_language(declared: dict[str, str | None], language: str | None,
                           directory: Path, report: IngestReport) -> dict[str, str]:
    """The files to leave out for the language they declare, each with its tag.

    ``declared``: each file's declared language (None where it declares none).
    ``language``: the tag asked for, "any", or None for the folder's own. The report gets
    the warning that names what is left out (or that the folder has no main language).
    """
    wanted = (None if language == ANY_LANGUAGE
              else language or main_language(declared.values()))
    left_out = {k: tag for k, tag in declared.items() if tag and not _speaks(tag, wanted)}
    if left_out and len(left_out) == sum(1 for tag in declared.values() if tag):
        raise CorpusError(
            f"no file in {directory} is in {wanted!r} (they declare "
            f"{', '.join(sorted(set(left_out.values())))}); nothing was changed — give "
            f"one of those with --language, or '{ANY_LANGUAGE}'"
        )
    if wanted is None and language is None and len(
            {_primary(tag) for tag in declared.values() if tag}) > 1:
        report.warnings.append(
            "the pages declare several languages and none is declared by most; every "
            "page is kept (add the folder again with '--language <tag>' to keep one)")
    elif left_out and wanted is not None:
        report.warnings.append(_left_out_warning(left_out, wanted))
    report.left_out = len(left_out)
    return left_out


def _left_out_warning(left_out: dict[str, str], wanted: str) -> str:
    by_language: dict[str, list[str]] = {}
    for key, declared in sorted(left_out.items()):
        by_language.setdefault(declared, []).append(key)
    named = "; ".join(
        f"{declared}: {', '.join(keys[:NAMED_PAGES])}"
        + (f" and {len(keys) - NAMED_PAGES} more" if len(keys) > NAMED_PAGES else "")
        for declared, keys in sorted(by_language.items()))
    return (f"{len(left_out)} page(s) declare a language other than {wanted!r} and are left "
            f"out of the corpus ({named}); add the folder again with '--language any' to "
            f"keep every page, or '--language <tag>' to keep another language's")


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_document(path: Path, root: Path) -> Document:
    """``load_file``, with any failure of a parser on hostile bytes a ``CorpusError``.

    The loaders hand bytes to third-party parsers (PyYAML, pypdf, html.parser) that raise
    many kinds of error on malformed input; each becomes one error naming the file, and
    the other files go on.
    """
    try:
        return load_file(path, root)
    except CorpusError:
        raise
    except Exception as exc:  # noqa: BLE001 - hostile bytes: reported, named, skipped
        raise CorpusError(
            f"{path}: cannot be parsed ({type(exc).__name__}: {str(exc)[:200]}); skipped"
        ) from exc


def accept_url(doc: Document, path: Path) -> str | None:
    """Make the document's URL fit the report contract; a warning if it had to be replaced.

    A URL that is not http, https or file (or is malformed) is replaced by the file's
    ``file://`` URI: the document is still ingested. Spaces and parentheses are
    percent-encoded; a fragment is dropped (passages add the anchors the document
    defines). The title is stored as it is: the report cleans titles where it prints them.
    """
    try:
        doc.url = normalize_url(doc.url, keep_fragment=False)
    except UnsafeURLError as exc:
        doc.url = path.resolve().as_uri()
        return f"{path}: {exc}; cited by its file URI instead"
    return None


class CorpusManager:
    """All corpora under ``<data_dir>/corpora``."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)

    def _check_name(self, name: str) -> None:
        if not NAME_RE.match(name):
            raise CorpusError(
                f"corpus name {name!r} is not valid: use lowercase letters, digits, '-' or '_'"
            )

    def get(self, name: str) -> CorpusIndex:
        """An existing corpus (the built-in one is built on first use)."""
        index = CorpusIndex(self.data_dir, name)
        if name == BUILTIN:
            if not self._builtin_fresh(index):
                # Two runs starting together on a new machine must not both build it.
                with _file_lock(self.data_dir / "corpora" / f".{BUILTIN}.lock"):
                    if not self._builtin_fresh(CorpusIndex(self.data_dir, name)):
                        self.build_builtin()
            return CorpusIndex(self.data_dir, name)
        if not index.exists():
            known = ", ".join(n for n in self.names() if n != BUILTIN) or "none yet"
            raise CorpusError(
                f"unknown corpus {name!r} (known: {BUILTIN}, {known}); add it with "
                f"'research-pipeline corpus add DIR --name {name}' or fix RESEARCH_CORPUS"
            )
        manifest = index.manifest()
        if manifest.get("format") != INDEX_FORMAT:
            raise CorpusError(
                f"corpus {name!r} was built by an older version of research-pipeline; "
                f"rebuild it with 'research-pipeline corpus add {manifest.get('source', 'DIR')} "
                f"--name {name}'"
            )
        return index

    @staticmethod
    def _builtin_fresh(index: CorpusIndex) -> bool:
        manifest = index.manifest() if index.exists() else {}
        return (manifest.get("python") == PY_VERSION
                and manifest.get("build") == BUILD_VERSION
                and manifest.get("format") == INDEX_FORMAT)

    def names(self) -> list[str]:
        """Names of the corpora that exist on disk."""
        root = self.data_dir / "corpora"
        if not root.is_dir():
            return []
        return sorted(p.name for p in root.iterdir() if (p / "manifest.json").exists())

    def list(self) -> list[dict]:
        """Name, kind, source, files, chunks, version and update time of each corpus."""
        out = []
        for name in self.names():
            m = CorpusIndex(self.data_dir, name).manifest()
            out.append({
                "name": name, "kind": m.get("kind", "folder"), "source": m.get("source", ""),
                "files": sum(1 for e in m.get("files", {}).values() if not e.get("skipped")),
                "chunks": m.get("chunks", 0),
                "version": m.get("version", ""), "updated_at": m.get("updated_at", ""),
            })
        return out

    def remove(self, name: str) -> None:
        """Delete a corpus's index and manifest."""
        index = CorpusIndex(self.data_dir, name)
        if not index.exists():
            raise CorpusError(
                f"unknown corpus {name!r}: 'research-pipeline corpus list' shows them"
            )
        shutil.rmtree(index.dir)

    def add_folder(self, directory: Path, name: str, progress: Progress = _quiet,
                   include: Sequence[str] | None = None,
                   language: str | None = None) -> IngestReport:
        """Ingest a folder; re-adding updates changed files and drops deleted ones.

        ``include``: glob patterns (``*.html``, ``mod/*.html``) a file's path relative to
        the folder, or its name, must match; by default every supported file is read.
        ``language``: the language tag of the pages to keep ("en", "pt-br"), or "any";
        by default the language more than half the pages that declare one declare (a
        manual's folder that holds a few translated pages). Pages that declare no
        language are always kept; the others are left out with a warning naming them.
        """
        self._check_name(name)
        if name == BUILTIN:
            raise CorpusError(f"{BUILTIN!r} is the built-in corpus; choose another name")
        if language is not None:
            language = language.strip().lower().replace("_", "-")
            if language != ANY_LANGUAGE and not LANGUAGE_TAG.fullmatch(language):
                raise CorpusError(
                    f"--language {language!r} is not a language tag: give one such as 'en' "
                    f"or 'pt-br', or '{ANY_LANGUAGE}' to keep every page"
                )
        directory = Path(directory).resolve()
        if not directory.is_dir():
            raise CorpusError(f"{directory} is not a folder")
        started = time.monotonic()
        index = CorpusIndex(self.data_dir, name)
        manifest = index.manifest()
        if manifest.get("source") and manifest["source"] != str(directory):
            progress(f"corpus {name!r} was built from {manifest['source']}; now from {directory}")
        manifest.update({"name": name, "kind": "folder", "source": str(directory),
                         "include": list(include or []),
                         "language": language or "auto"})
        report = IngestReport(name=name)
        files = sorted(
            p for p in directory.rglob("*")
            if p.is_file() and p.suffix.lower() in SUPPORTED_SUFFIXES
            and not any(part.startswith(".") for part in p.relative_to(directory).parts)
            and (not include or any(
                fnmatch.fnmatch(p.relative_to(directory).as_posix(), pattern)
                or fnmatch.fnmatch(p.name, pattern) for pattern in include))
        )
        if not files and not manifest.get("files"):
            raise CorpusError(
                f"{directory} holds no {', '.join(SUPPORTED_SUFFIXES)} file"
                + (f" matching {', '.join(include)}" if include else "")
            )
        if manifest.get("files") and manifest.get("format") != INDEX_FORMAT:
            progress(f"{name}: built by an older version of research-pipeline; re-reading "
                     "every file")
            index.reset()
            manifest["files"] = {}
        old = manifest.get("files", {})
        if old and manifest.get("extract") != EXTRACT_VERSION:
            progress(f"{name}: files are read differently since this corpus was added; "
                     "re-reading every file")
            old = {k: {**e, "sha": None} for k, e in old.items()}
        manifest["extract"] = EXTRACT_VERSION
        loaded: dict[str, tuple[dict, Document]] = {}
        present: set[str] = set()
        changed: list[tuple[str, str, Path]] = []
        for path in files:
            key = path.relative_to(directory).as_posix()
            present.add(key)
            try:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
            except OSError as exc:
                report.errors.append(f"{path}: cannot be read ({exc.strerror or exc}); skipped")
                continue
            if key in old and old[key].get("sha") == digest:
                report.unchanged += 1
                continue
            changed.append((key, digest, path))
        for n, (key, digest, doc_or_error) in enumerate(
                _load_all(changed, directory), 1):
            if isinstance(doc_or_error, CorpusError):
                report.errors.append(str(doc_or_error))
                continue
            doc = doc_or_error
            warning = accept_url(doc, directory / key)
            if warning:
                report.warnings.append(warning)
            loaded[key] = ({"sha": digest, "doc_id": doc.doc_id, "title": doc.title,
                            "lang": doc.language, "blocks": block_keys(doc.blocks)}, doc)
            if key in old:
                report.updated += 1
            else:
                report.added += 1
            if n % 100 == 0:
                progress(f"{name}: read {n}/{len(changed)} changed files")
        deletions = [k for k in old if k not in present]
        report.removed = len(deletions)
        kept = {k: e for k, e in old.items() if k in present and k not in loaded}
        left_out = _left_out_for_language(
            {k: e.get("lang") for k, e in kept.items()}
            | {k: entry.get("lang") for k, (entry, _) in loaded.items()},
            language, directory, report)
        upserts: dict[str, tuple[dict, list[Chunk]]] = {}
        for key in left_out:
            # Its manifest entry stays (so an unchanged file is not read again), its
            # passages go.
            entry = dict(loaded[key][0] if key in loaded else kept[key])
            if key in loaded or not entry.get("skipped"):
                upserts[key] = ({**entry, "skipped": "language"}, [])
            loaded.pop(key, None)
            kept.pop(key, None)
        # Chrome by repetition over every file the corpus will hold after this add.
        chrome = recurring([e.get("blocks", []) for e in kept.values()]
                           + [entry["blocks"] for entry, _ in loaded.values()])
        flipped = chrome ^ frozenset(manifest.get("chrome", []))
        for key, entry in kept.items():
            # An unchanged file whose blocks became (or stopped being) chrome is re-read,
            # as is one left out before for its language and kept now.
            if flipped & set(entry.get("blocks", [])) or entry.get("skipped"):
                try:
                    doc = read_document(directory / key, directory)
                except CorpusError as exc:
                    report.errors.append(str(exc))
                    continue
                accept_url(doc, directory / key)
                loaded[key] = ({k: v for k, v in entry.items() if k != "skipped"}, doc)
        for key, (entry, doc) in loaded.items():
            chunks = chunk_document(doc, chrome)
            upserts[key] = (entry, chunks)
            report.chunks += len(chunks)
        manifest["chrome"] = sorted(chrome)
        if upserts or deletions or not index.exists() or flipped:
            index.apply(manifest, upserts, deletions)
        report.seconds = time.monotonic() - started
        return report

    def build_builtin(self, progress: Progress = _quiet) -> IngestReport:
        """Build (or rebuild) the ``python-docs`` corpus from this installation."""
        started = time.monotonic()
        index = CorpusIndex(self.data_dir, BUILTIN)
        progress(f"building the built-in {BUILTIN} corpus from Python {PY_VERSION} (once)")
        docs: list[Document] = all_documents(index.dir / "work")
        manifest = {"name": BUILTIN, "kind": "builtin", "python": PY_VERSION,
                    "build": BUILD_VERSION,
                    "source": f"Python {PY_VERSION} pydoc topics and standard-library docstrings",
                    "files": {}}
        if index.index_dir.exists():
            shutil.rmtree(index.index_dir)
        upserts = {}
        total = 0
        for doc in docs:
            chunks = chunk_document(doc)
            total += len(chunks)
            upserts[doc.doc_id] = ({"doc_id": doc.doc_id, "title": doc.title}, chunks)
        CorpusIndex(self.data_dir, BUILTIN).apply(manifest, upserts, [])
        seconds = time.monotonic() - started
        progress(f"{BUILTIN}: {len(docs)} documents, {total} passages in {seconds:.1f}s")
        return IngestReport(name=BUILTIN, added=len(docs), chunks=total, seconds=seconds)
