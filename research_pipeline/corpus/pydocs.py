"""The built-in ``python-docs`` corpus: this Python installation's own documentation.

Two sources, both offline: the language-reference topics that ``pydoc`` ships
(``pydoc_data.topics``) and the docstrings of standard-library modules and their public
classes and functions. Importing modules has side effects (some open browsers, print,
or need a display), so the modules are imported in a child process, from a deliberate
list, and that process only writes JSON lines.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

from research_pipeline.corpus.documents import Document
from research_pipeline.corpus.textdoc import text_blocks
from research_pipeline.errors import CorpusError

PY_VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"
# Bump when what the corpus is built from changes, so existing caches are rebuilt.
BUILD_VERSION = 46
DOCS_BASE = f"https://docs.python.org/{PY_VERSION}"

# Modules never imported: side effects on import (antigravity opens a browser, this prints),
# GUI, platform-specific or changing the terminal, tests, and tools that are not the
# library's. (The deprecated modules Python 3.11 still ships and documents, telnetlib or
# cgi, are read: an installation's users still ask about them.)
SKIPPED_MODULES = frozenset({
    "antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "lib2to3",
    "ensurepip", "pydoc_data", "test", "msvcrt", "winreg", "winsound", "nt", "nturl2path",
    "msilib", "_winapi", "ntpath", "xxsubtype", "xxlimited", "xxlimited_35", "__phello__",
    "pip", "setuptools", "distutils", "tabnanny", "pydoc", "webbrowser", "crypt", "spwd",
    "nis", "ossaudiodev", "imp", "readline", "curses",
})
_MIN_DOC = 60
# Modules documented and imported under another name: ``os.path`` is ``posixpath`` here,
# and ``posixpath`` takes its common functions (``exists``, ``getsize``) from
# ``genericpath``; ``os`` takes its system calls (``fork``, ``stat``, ``register_at_fork``)
# from ``posix``, and the library manual documents them as ``os.fork``.
_PUBLIC_NAMES = {"posixpath": "os.path", "genericpath": "os.path", "posix": "os"}
# A function's docstring may be one short sentence and still answer questions about it
# ("Transform list into a heap, in-place, in O(len(heap)) time.").
_MIN_MEMBER_DOC = 30
# Shorter still, a sentence of its own that a report may quote (five words or more) says
# what a thing does ("Return the cube root of x."); a bare name ("LtE"), a placeholder ("XXX
# to be provided") or two words ("Epoll-based selector.") do not.
_MIN_SENTENCE_WORDS = 5


def _documented(doc: str | None) -> bool:
    """A docstring worth an entry of its own."""
    if not doc:
        return False
    return len(doc) >= _MIN_MEMBER_DOC or (
        doc.rstrip().endswith(".") and len(doc.split()) >= _MIN_SENTENCE_WORDS
        and not doc.startswith("XXX"))


def _topic_pages() -> dict[str, str]:
    """Topic label -> the documentation page that defines it.

    Checked against the 3.11 sources: each label is a ``.. _label:`` target there, so
    ``page.html#label`` exists.
    """
    path = Path(__file__).with_name("data") / "pydoc_topic_pages.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def topic_documents() -> Iterator[Document]:
    """The ``pydoc`` language-reference topics as documents, cited at their own pages."""
    from pydoc_data.topics import topics

    pages = _topic_pages()
    for label, raw in sorted(topics.items()):
        blocks = text_blocks(raw)
        if sum(len(b.text) for b in blocks) < _MIN_DOC:
            continue
        title = label
        if blocks and blocks[0].kind == "heading":
            title = blocks[0].text if len(blocks[0].text) <= 100 else label
            blocks = blocks[1:]
        page = pages.get(label)
        url = f"{DOCS_BASE}/{page}.html#{label}" if page else f"{DOCS_BASE}/search.html?q={label}"
        # The part of the documentation the topic comes from, after a dash: a citation's
        # title may carry no parentheses (the report contract replaces them), and the
        # debugger or sequence-type topics are the library reference's, not the language's.
        part = "library" if page and page.startswith("library/") else "language"
        yield Document(
            doc_id=f"topic/{label}",
            title=f"{title} — Python {PY_VERSION} {part} reference",
            url=url,
            blocks=blocks,
        )


def _public_modules() -> list[str]:
    import pkgutil

    names = []
    for name in sorted(sys.stdlib_module_names):
        if name.startswith("_") or name in SKIPPED_MODULES:
            continue
        names.append(name)
    out = []
    for name in names:
        out.append(name)
        spec = None
        try:
            import importlib.util

            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec and spec.submodule_search_locations:
            # Every level down: xml.etree.ElementTree, email.mime.text and xml.dom.minidom
            # are documented modules two packages deep. (walk_packages imports the
            # packages on the way, as the records do anyway; this runs in a child process.)
            for info in pkgutil.walk_packages(spec.submodule_search_locations, f"{name}.",
                                              onerror=lambda _name: None):
                subs = info.name.split(".")[1:]
                if any(sub.startswith("_") or "test" in sub for sub in subs):
                    continue
                out.append(info.name)
    return out


def _doc_url(module: str, member: str | None = None) -> str:
    page = f"{DOCS_BASE}/library/{module.split('.')[0].lower()}.html"
    if "." in module and module.split(".")[0] in {"os", "collections", "urllib", "concurrent",
                                                  "email", "http", "xml", "json", "logging"}:
        page = f"{DOCS_BASE}/library/{module.lower()}.html"
    anchor = f"{module}.{member}" if member else f"module-{module}"
    return f"{page}#{anchor}"


def _parents(name: str) -> list[str]:
    """The packages a dotted module name sits in, innermost first."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


def _offered(module: object) -> Iterator[tuple[str, object]]:
    """A module's members: its namespace, then the lazy names of its ``__all__``.

    ``concurrent.futures.ThreadPoolExecutor`` is loaded on first use, not at import.
    """
    names = vars(module)
    yield from sorted(names.items())
    exported = getattr(module, "__all__", None)
    if not isinstance(exported, (list, tuple)):
        return
    for attr in sorted({a for a in exported if isinstance(a, str) and a not in names}):
        try:
            yield attr, getattr(module, attr)
        except Exception:  # noqa: BLE001 - a lazy name that fails to load is left out
            continue


def _offered_by(package: object, attr: str, obj: object) -> bool:
    """Whether a package offers a submodule's member as its own (and so documents it)."""
    try:
        return getattr(package, attr, None) is obj
    except Exception:  # noqa: BLE001 - a lazy name that fails to load is not offered
        return False


def _class_doc(cls: type) -> str | None:
    """A class's docstring, unless it only inherits a built-in base's.

    What imaplib.IMAP4.abort inherits from Exception ("Common base class for all non-exit
    exceptions.") says nothing of it.
    """
    doc = inspect.getdoc(cls)
    inherited = {inspect.getdoc(base) for base in cls.__mro__[1:] if base.__module__ == "builtins"}
    return None if doc in inherited else doc


def _public_twin(base: type) -> type | None:
    """The public class a private base is offered as: ssl.SSLContext for _ssl._SSLContext.

    The class of the private name without its underscore, in the base's module or that
    module's public namesake ("_io" is "io"), that derives from it.
    """
    name = base.__name__.lstrip("_")
    for module_name in dict.fromkeys((base.__module__, base.__module__.lstrip("_"))):
        module = sys.modules.get(module_name)
        twin = getattr(module, name, None) if module is not None else None
        if inspect.isclass(twin) and twin is not base and issubclass(twin, base):
            return twin
    return None


def _class_members(cls: type) -> dict[str, object]:
    """A class's own members, and those it has from a private base no public class offers.

    ssl.SSLContext's get_ca_certs is defined in the C base _ssl._SSLContext, and
    ipaddress.IPv4Network's subnets in ipaddress._BaseNetwork: a user calls them on the
    public class, whose page is the only one that can document them. (What io.FileIO has
    from _io._RawIOBase is io.RawIOBase's: that class's page documents it.)
    """
    members = dict(vars(cls))
    for base in cls.__mro__[1:]:
        if not base.__name__.startswith("_") or base.__module__ == "builtins":
            continue
        if _public_twin(base) not in (None, cls):
            continue
        for attr, value in vars(base).items():
            if attr not in members and next(
                    (b for b in cls.__mro__ if attr in vars(b)), None) is base:
                members[attr] = value
    return members


def _own_docstring(obj: object) -> bool:
    """An object (not a module) documented by a docstring of its own, not its type's.

    Not an alias of a class documented elsewhere (typing.List, typing.ChainMap: "A generic
    version of collections.ChainMap."): its documentation is the class's.
    """
    doc = getattr(obj, "__doc__", None)
    return (not inspect.ismodule(obj) and isinstance(doc, str) and bool(doc.strip())
            and doc != getattr(type(obj), "__doc__", None)
            and not hasattr(obj, "__origin__"))


def _module_records(name: str) -> Iterator[dict]:
    import importlib

    module = importlib.import_module(name)
    # Cited by the name people import it as: posixpath.join is os.path.join.
    public = _PUBLIC_NAMES.get(name, name)
    doc = inspect.getdoc(module)
    # genericpath's own docstring says "Do not use directly": its page is os.path's. (And
    # posix's says to read the library manual, whose page is os's.)
    if doc and len(doc) >= _MIN_DOC and name not in ("genericpath", "posix"):
        yield {"doc_id": f"module/{name}", "title": f"{public} module",
               "url": _doc_url(public), "text": doc}
    parents = [sys.modules[p] for p in _parents(name) if p in sys.modules]
    exported = getattr(module, "__all__", None)
    exported = set(exported) if isinstance(exported, (list, tuple)) else set()
    for attr, obj in _offered(module):
        # Functions implemented in C live in a private twin (heapq.heappush in _heapq).
        # What a package defines in a submodule and offers itself is documented under the
        # name people import it by: concurrent.futures.wait (defined in the private
        # concurrent.futures._base), asyncio.wait_for (in asyncio.tasks); the submodule's
        # own page leaves it to the package.
        # So is what a module exports from a private module of another name:
        # secrets.compare_digest (from _hashlib), threading.Lock (from _thread).
        owner = getattr(obj, "__module__", None)
        if attr.startswith("_") or not isinstance(owner, str) or not (
                owner in (name, f"_{name}") or owner.startswith(f"{name}.")
                or attr in exported and any(p.startswith("_") for p in owner.split("."))):
            continue
        if any(_offered_by(parent, attr, obj) for parent in parents):
            continue
        # (Any routine: urllib.parse.urlsplit is an lru_cache wrapper of a function. And
        # any object with a docstring of its own, not its type's: typing.ClassVar,
        # typing.Optional and typing.Literal are instances of private special forms.)
        if not (inspect.isclass(obj) or inspect.isroutine(obj) or _own_docstring(obj)):
            continue
        # (The builtins module's own classes are documented as they are: ExceptionGroup's
        # docstring is BaseExceptionGroup's.)
        member_doc = (_class_doc(obj) if inspect.isclass(obj) and name != "builtins"
                      else inspect.getdoc(obj))
        if inspect.isclass(obj):
            # Many classes document their constructor's behaviour in __init__ alone.
            init = vars(obj).get("__init__")
            init_doc = inspect.getdoc(init) if callable(init) else None
            if init_doc and init_doc != inspect.getdoc(object.__init__) and (
                    init_doc != member_doc):
                member_doc = f"{member_doc}\n\n{init_doc}" if member_doc else init_doc
        if _documented(member_doc):
            yield {"doc_id": f"module/{name}/{attr}", "title": f"{public}.{attr}",
                   "url": _doc_url(public, attr), "text": member_doc}
        elif not inspect.isclass(obj):
            continue
        if inspect.isclass(obj):
            # (A class without a docstring of its own still has its methods' entries:
            # symtable.SymbolTable says nothing itself, its get_type says "Return the type
            # of the symbol table. The values returned are 'class', 'module' and
            # 'function'.")
            for meth_name, meth in sorted(_class_members(obj).items()):
                if meth_name.startswith("_"):
                    continue
                if inspect.isclass(meth):
                    # A class defined inside another (imaplib.IMAP4.abort, an exception).
                    meth_doc = _class_doc(meth)
                else:
                    # Through getattr: vars() holds a staticmethod's wrapper, whose
                    # docstring is staticmethod's own.
                    bound = getattr(obj, meth_name, meth)
                    meth_doc = inspect.getdoc(bound) if callable(bound) else None
                if not _documented(meth_doc):
                    continue
                yield {"doc_id": f"module/{name}/{attr}.{meth_name}",
                       "title": f"{public}.{attr}.{meth_name}",
                       "url": _doc_url(public, f"{attr}.{meth_name}"), "text": meth_doc}


def _dump(out_path: Path) -> None:
    """Child-process entry point: write one JSON line per documented object."""
    warnings.simplefilter("ignore")
    with out_path.open("w", encoding="utf-8") as out:
        for name in _public_modules():
            try:
                for record in _module_records(name):
                    out.write(json.dumps(record) + "\n")
            except BaseException:  # noqa: BLE001 - a module that fails to import is skipped
                continue


def module_documents(work_dir: Path, timeout_s: float = 300.0) -> list[Document]:
    """Standard-library docstrings, collected in a child process."""
    work_dir.mkdir(parents=True, exist_ok=True)
    out_path = work_dir / "stdlib-docstrings.jsonl"
    proc = subprocess.run(
        [sys.executable, "-m", "research_pipeline.corpus.pydocs", str(out_path)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        timeout=timeout_s, check=False, env=_child_env(),
    )
    if proc.returncode != 0 or not out_path.exists():
        raise CorpusError(
            "could not collect the standard library's docstrings for the python-docs corpus: "
            + proc.stderr.decode("utf-8", "replace")[-500:]
        )
    docs = []
    for line in out_path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        text = record["text"]
        if _documented(text):
            docs.append(Document.from_text(record["doc_id"], record["title"], record["url"],
                                           text))
    out_path.unlink()
    return docs


def _child_env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env["BROWSER"] = "true"
    return env


def all_documents(work_dir: Path) -> list[Document]:
    """Every document of the built-in corpus."""
    return list(topic_documents()) + module_documents(work_dir)


if __name__ == "__main__":
    _dump(Path(sys.argv[1]))
