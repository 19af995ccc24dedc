"""Untrusted text stays data: the rules applied where it enters and where it leaves.

Documents, search results and model output are untrusted. The report contract
(DESIGN.md) says what may pass:

* URLs: ``http``, ``https`` or ``file`` only, with spaces, parentheses and the other
  characters that end or bend a Markdown link percent-encoded (``normalize_url``).
* Titles and heading paths: ``[ ] ( ) < >`` and control characters replaced, never
  backslash-escaped (``clean_title``).
* Quotes and answers: verbatim and unescaped, so a span that carries markup is never
  used at all (``may_quote``).
* YAML front matter (topic files, Markdown documents): bounded in size, depth and alias
  expansion, dates left as text (``load_yaml``).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import yaml

from research_pipeline.errors import ResearchPipelineError

ALLOWED_SCHEMES = ("http", "https", "file")
MAX_URL_CHARS = 2048
MAX_TITLE_CHARS = 200

# C0 and C1 control characters (tab and newlines included: a URL or a title has none).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Bidirectional overrides, embeddings, isolates and marks: they reorder what a reader sees.
BIDI_CHARS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_BIDI = re.compile(f"[{BIDI_CHARS}]")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
# Characters that end a Markdown link destination or could open markup inside one.
_URL_ENCODE = frozenset(' ()<>"[]`\\{}|^')

# Markup a quoted or answering span may not carry: an HTML tag, comment or declaration
# (``<`` then a letter, ``/``, ``!`` or ``?``), a link or image (``](``), a footnote marker
# or definition (``[^``), a link reference definition (``]:``), or a URL whose scheme is
# not http, https or file (hierarchical ``x://`` or the script-carrying ones).
_MARKUP = re.compile(
    r"<[A-Za-z/!?]|\]\(|\[\^|\]:"
    r"|\b(?!(?:https?|file)://)[A-Za-z][A-Za-z0-9+.-]*://"
    r"|\b(?:javascript|vbscript|livescript|data):",
    re.IGNORECASE,
)

_TITLE_MAP = str.maketrans({"[": "［", "]": "］", "(": "（", ")": "）", "<": "＜", ">": "＞"})
_LINE_MAP = str.maketrans({"[": "［", "]": "］", "<": "＜", ">": "＞"})


class UnsafeURLError(ResearchPipelineError):
    """A URL from untrusted text breaks the report contract; the message says why."""


def normalize_url(url: object, *, keep_fragment: bool = True) -> str:
    """The URL as the report may print it, or ``UnsafeURLError`` saying what is wrong.

    The scheme is lower-cased; spaces, parentheses and the other characters that would
    end or bend a Markdown link are percent-encoded. Refused: other schemes (``javascript:``,
    ``data:``), relative or scheme-less URLs, control or bidirectional characters
    (a newline could add a line to the report), an http(s) URL without a host, and URLs
    over ``MAX_URL_CHARS``.
    """
    if not isinstance(url, str):
        raise UnsafeURLError(f"the URL is a {type(url).__name__}, not text")
    text = url.strip(" \t\r\n")
    shown = repr(text[:80] + ("…" if len(text) > 80 else ""))
    if not text:
        raise UnsafeURLError("the URL is empty")
    if _CONTROL.search(text) or _BIDI.search(text):
        raise UnsafeURLError(f"the URL {shown} contains control or bidirectional characters")
    if len(text) > MAX_URL_CHARS:
        raise UnsafeURLError(f"the URL is {len(text)} characters; at most {MAX_URL_CHARS}")
    match = _SCHEME.match(text)
    if match is None:
        raise UnsafeURLError(f"the URL {shown} has no scheme; use an absolute http(s) URL")
    scheme = match.group(1).lower()
    if scheme not in ALLOWED_SCHEMES:
        raise UnsafeURLError(
            f"the URL {shown} has scheme {scheme!r}; only http, https and file are allowed"
        )
    text = scheme + text[len(scheme):]
    try:
        parts = urlsplit(text)
        host, _ = parts.hostname, parts.port
    except ValueError as exc:
        raise UnsafeURLError(f"the URL {shown} cannot be parsed ({exc})") from exc
    if scheme in ("http", "https") and not host:
        raise UnsafeURLError(f"the URL {shown} has no host")
    if scheme == "file" and not text.startswith("file:/"):
        raise UnsafeURLError(f"the file URL {shown} is not absolute (file:///path)")
    if not keep_fragment and "#" in text:
        text = text.split("#", 1)[0]
    return "".join(_encode_char(ch) for ch in text)


def _encode_char(ch: str) -> str:
    if ch in _URL_ENCODE or ch.isspace():
        return "".join(f"%{byte:02X}" for byte in ch.encode("utf-8"))
    return ch


def safe_url(url: object, *, keep_fragment: bool = True) -> str | None:
    """``normalize_url``, or None where the URL breaks the rules."""
    try:
        return normalize_url(url, keep_fragment=keep_fragment)
    except UnsafeURLError:
        return None


def clean_title(text: object, fallback: str = "untitled") -> str:
    """A title or heading path fit for ``[TITLE](URL)``: markup characters replaced.

    ``[ ] ( ) < >`` become their full-width forms, control and bidirectional characters
    a space; whitespace is collapsed and the result cut to ``MAX_TITLE_CHARS``. ``_`` and
    ``*`` are left alone (never escaped).
    """
    # A heading the corpus stored with ``&lt;`` for a shown ``<`` ("git reset [&lt;mode>]")
    # reads like the rest of the title once both brackets are replaced alike.
    value = _BIDI.sub("", _CONTROL.sub(" ", str(text))).replace("&lt;", "<").translate(
        _TITLE_MAP)
    value = " ".join(value.split())
    if len(value) > MAX_TITLE_CHARS:
        value = value[: MAX_TITLE_CHARS - 1].rstrip() + "…"
    return value or fallback


def clean_line(text: object) -> str:
    """One line of untrusted text for a template slot (a heading, a reason, a note).

    Control and bidirectional characters become spaces and whitespace is collapsed, so no
    new line, heading or footnote can start. Where the line carries markup (see
    ``may_quote``), ``[ ] < >`` become their full-width forms so that no link, footnote
    or tag can form; a line without markup keeps them (``list[int]``). Idempotent.
    """
    value = " ".join(_BIDI.sub("", _CONTROL.sub(" ", str(text))).split())
    if _MARKUP.search(value):
        value = value.translate(_LINE_MAP)
    return value


_WEB_URL = re.compile(r"(?i)\b(?:https?://|www\.)[^\s<>\"]+")


def web_urls(text: str) -> list[str]:
    """The web addresses in prose (``http(s)://`` or ``www.``), trailing punctuation off.

    A Markdown renderer turns each into a link, so a report's body may only hold those
    of the sources it cites.
    """
    return [m.group(0).rstrip(".,;:!?'\")") for m in _WEB_URL.finditer(text)]


def _refused_at(text: str) -> int | None:
    """Where the first markup, refused URL scheme, control or bidirectional character starts."""
    found = [m.start() for m in (_MARKUP.search(text), _BIDI.search(text),
                                 _CONTROL.search(text.replace("\t", " ").replace("\n", " ")
                                                 .replace("\r", " "))) if m]
    return min(found, default=None)


def unsafe_at(text: str, own_url: str = "") -> int | None:
    """Where the first thing a quote may not carry starts in the text, or None.

    What ``may_quote`` refuses, or a web URL other than ``own_url`` (its fragment and a
    trailing slash aside).
    """
    own = own_url.split("#", 1)[0].rstrip("/")
    found = [m.start() for m in _WEB_URL.finditer(text)
             if m.group(0).rstrip(".,;:!?'\")").rstrip("/") != own]
    refused = _refused_at(text)
    return min(found + ([] if refused is None else [refused]), default=None)


def may_quote(text: str) -> bool:
    """True when a span may be used verbatim as a quote or an answer.

    Never a span with ``<`` followed by a letter (or ``/``, ``!``, ``?``), ``](``, ``[^``,
    ``]:``, a URL whose scheme is not http, https or file, or a control or
    bidirectional character other than whitespace.
    """
    return _refused_at(text) is None


# -- bounded YAML ----------------------------------------------------------------------

MAX_YAML_CHARS = 64 * 1024
MAX_YAML_DEPTH = 16
MAX_YAML_NODES = 20_000


class YAMLLimitError(yaml.MarkedYAMLError):
    """YAML refused before it is built: too large, too deep, too many aliases expanded.

    Like PyYAML's own errors it carries ``problem`` and, where there is one, the
    ``problem_mark`` (line and column) of the offending node.
    """

    def __init__(self, problem: str, mark: Any = None) -> None:
        super().__init__(problem=problem, problem_mark=mark)


class _BoundedLoader(yaml.SafeLoader):
    """A safe loader with limits; timestamps stay text (validated by whoever reads them).

    PyYAML builds a date for ``2024-01-01`` and raises ``ValueError`` for ``2024-13-45``;
    a recursive composer overflows on deep nesting; aliases expand without bound once
    the document is walked. Here nesting depth is counted while composing, the expanded
    size (aliases included) is counted once on the composed graph, and duplicate keys
    are refused.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D102 - PyYAML hook
        self._depth += 1
        try:
            if self._depth > MAX_YAML_DEPTH:
                raise YAMLLimitError(f"nesting deeper than {MAX_YAML_DEPTH} levels",
                                     self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:  # noqa: D102
        seen: set[object] = set()
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                if key_node.value in seen:
                    raise YAMLLimitError(f"the key {key_node.value[:40]!r} is given twice",
                                         key_node.start_mark)
                seen.add(key_node.value)
        return super().construct_mapping(node, deep=deep)


def _timestamp_as_text(loader: yaml.SafeLoader, node: yaml.Node) -> str:
    return str(loader.construct_scalar(node))  # type: ignore[arg-type]


_BoundedLoader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp_as_text)
_BoundedLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _expanded_size(root: yaml.Node) -> int:
    """Nodes in the document once every alias is expanded (memoised on the graph)."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        if children_done:
            sizes[id(node)] = min(1 + sum(sizes.get(id(c), 0) for c in children),
                                  MAX_YAML_NODES + 1)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(root)]


def load_yaml(text: str) -> Any:
    """Parse untrusted YAML within bounds; every failure is a ``yaml.YAMLError``.

    Refuses more than ``MAX_YAML_CHARS`` characters, nesting deeper than
    ``MAX_YAML_DEPTH``, more than ``MAX_YAML_NODES`` nodes once aliases are expanded, and
    duplicate keys. Dates stay strings. Python-level errors of the constructors (an
    integer of 5,000 digits, say) become ``YAMLLimitError`` too.
    """
    if len(text) > MAX_YAML_CHARS:
        raise YAMLLimitError(f"front matter of {len(text)} characters; at most {MAX_YAML_CHARS}")
    loader = _BoundedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded_size(node) > MAX_YAML_NODES:
            raise YAMLLimitError(
                f"more than {MAX_YAML_NODES} values once aliases (*name) are expanded"
            )
        return loader.construct_document(node)
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise YAMLLimitError(f"a value cannot be read ({type(exc).__name__}: {exc})") from exc
    finally:
        loader.dispose()
