"""Model text held to the rules source text obeys (the report contract in DESIGN.md).

* ``plain_query``: a model-written search query is plain words: no URLs, no search
  operators (``site:``, ``-term``, quotes, boolean words), no blocked domain.
* ``clean_answer``: a model-written answer adds no link, no URL that is not a cited
  source's, no heading, footnote definition or HTML; whitespace is flattened so that no
  line can start a Markdown block.
* ``matching_span``: a quote that is not verbatim in its source is replaced by the
  source's own span only when that span says the same: the same words in the same
  order once case, punctuation, apostrophes, hyphens and whitespace are set aside, with
  at most a few articles or conjunctions added or dropped, and a word-sequence
  similarity of at least ``QUOTE_FLOOR`` (0.9). No content word, number or negation
  may differ, so a changed claim is never let through; the fact is dropped instead.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher

QUOTE_FLOOR = 0.9
# Words whose presence or absence never changes what a quoted sentence claims.
_LOOSE_WORDS = frozenset({"a", "an", "the", "and", "that", "which", "also", "then"})
_URL = re.compile(r"(?i)\b(?:[a-z][a-z0-9+.-]*://|www\.)[^\s<>()\[\]\"']+")
_HOST_PATH = re.compile(r"(?i)\b[a-z0-9-]+(?:\.[a-z0-9-]+)+/[^\s]*")
_OPERATOR = re.compile(
    r"(?i)\b(?:site|inurl|intitle|intext|allintitle|allinurl|filetype|ext|related|cache|"
    r"before|after|source|lang|domain)\s*:\s*\S*")
_EXCLUDED_TERM = re.compile(r"(?:(?<=\s)|^)-+\S*")
_REQUIRED_TERM = re.compile(r"(?:(?<=\s)|^)\++(?=\w)")
_BOOLEAN = re.compile(r"\b(?:AND|OR|NOT)\b|&&|\|\|")
_QUERY_PUNCT = re.compile(r"[\"`“”„«»()\[\]{}<>|*~^\\]")
_DOMAIN = re.compile(r"(?i)\b[a-z0-9-]+(?:\.[a-z0-9-]+)+\b")
_MD_LINK = re.compile(r"!?\[(?!\^)([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)")
_REF_LINK = re.compile(r"\[(?!\^)([^\]\n]*)\]\[[^\]\n]*\]")
_REF_DEF = re.compile(r"(?m)^\s*\[(?!\^)[^\]\n]+\]:\s*\S+.*$")
_AUTOLINK = re.compile(r"<((?:[a-z][a-z0-9+.-]*:|www\.)[^>\s]*)>", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z!][^>]*>")
_FOOTNOTE_DEF = re.compile(r"(\[\^\d+\])\s*:")
_BLOCK_START = re.compile(r"^(?:[#>|=]+|[-+*]\s+|\d+[.)]\s+|`{3,}|~{3,})\s*")
_TOKEN = re.compile(r"\w+(?:'\w+)*")
_NO_QUOTE = re.compile(r"<[A-Za-z]|\]\(|\[\^")


def plain_query(text: str, blocked_domains: Iterable[str] = ()) -> str:
    """A search query as plain words; empty when nothing of substance is left."""
    text = unicodedata.normalize("NFKC", text)
    text = _URL.sub(" ", text)
    text = _HOST_PATH.sub(" ", text)
    text = _OPERATOR.sub(" ", text)
    blocked = [d.lower().lstrip(".") for d in blocked_domains if d.strip()]

    def domain(match: re.Match[str]) -> str:
        host = match.group(0).lower()
        return " " if any(host == d or host.endswith("." + d) for d in blocked) else host

    text = _DOMAIN.sub(domain, text)
    text = _BOOLEAN.sub(" ", text)
    text = _QUERY_PUNCT.sub(" ", text)
    text = _EXCLUDED_TERM.sub(" ", text)
    text = _REQUIRED_TERM.sub("", text)
    text = " ".join(text.split())[:200].strip(" -+:;,.?!")
    return text if sum(c.isalpha() for c in text) >= 2 else ""


def _url_key(url: str) -> str:
    return url.rstrip(".,;:!?").rstrip("/").lower()


def clean_answer(text: str, allowed_urls: Iterable[str]) -> tuple[str, list[str]]:
    """Model answer text with no link, foreign URL or markup; and what was removed."""
    allowed = {_url_key(u) for u in allowed_urls}
    removed: list[str] = []

    def link(match: re.Match[str]) -> str:
        removed.append(match.group(0))
        return match.group(1)

    text = _MD_LINK.sub(link, text)
    text = _REF_LINK.sub(link, text)
    for definition in _REF_DEF.findall(text):
        removed.append(definition.strip())
    text = _REF_DEF.sub("", text)

    def autolink(match: re.Match[str]) -> str:
        url = match.group(1)
        if _url_key(url) in allowed:
            return url
        removed.append(url)
        return ""

    text = _AUTOLINK.sub(autolink, text)
    for tag in _TAG.findall(text):
        removed.append(tag)
    text = _TAG.sub("", text)

    def bare(match: re.Match[str]) -> str:
        url = match.group(0).rstrip(".,;:!?")
        trail = match.group(0)[len(url):]
        if _url_key(url) in allowed:
            return url + trail
        removed.append(url)
        return trail

    text = _URL.sub(bare, text)
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", text):
        lines = []
        for line in paragraph.splitlines():
            line = line.strip()
            while (start := _BLOCK_START.match(line)) and start.group(0):
                removed.append(start.group(0).strip())
                line = line[start.end():]
            lines.append(line)
        flat = " ".join(" ".join(lines).split())
        flat = _FOOTNOTE_DEF.sub(r"\1", flat)
        flat = re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r"\(\s*\)", "", flat))
        if flat:
            paragraphs.append(flat)
    return "\n\n".join(paragraphs), removed


def _normal(token: str) -> str:
    return unicodedata.normalize("NFKC", token).replace("’", "'").lower()


def _tokens(text: str) -> list[tuple[str, int, int]]:
    text = text.replace("’", "'")
    return [(_normal(m.group(0)), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _says_the_same(span: list[str], quote: list[str]) -> float:
    """The similarity of two word sequences, or 0 when any content word differs."""
    matcher = SequenceMatcher(None, span, quote, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" or not set(span[i1:i2] + quote[j1:j2]) <= _LOOSE_WORDS:
            return 0.0
    return matcher.ratio()


def matching_span(quote: str, source_text: str, floor: float = QUOTE_FLOOR) -> str | None:
    """The source's own span that says what ``quote`` says, verbatim, or None.

    A quote already verbatim (whitespace aside) comes back as the source's span.
    """
    wanted = [t for t, _, _ in _tokens(quote)]
    if len(wanted) < 5:
        return None
    source = _tokens(source_text)
    words = [t for t, _, _ in source]
    n = len(wanted)
    starts = {i for i, w in enumerate(words) if w in (wanted[0], wanted[1])}
    best: tuple[float, int, int] | None = None
    for start in sorted(starts):
        for length in range(max(5, n - 3), n + 4):
            end = start + length
            if end > len(words):
                break
            score = _says_the_same(words[start:end], wanted)
            if score >= floor and (best is None or score > best[0]):
                best = (score, start, end)
    if best is None:
        return None
    _, start, end = best
    stop = source[end - 1][2]
    last = quote.rstrip()[-1:]
    if last in ".!?;:)" and source_text[stop:stop + 1] == last:
        stop += 1  # the sentence's own closing mark, when the quote has one too
    span = " ".join(source_text[source[start][1]:stop].split())
    return None if _NO_QUOTE.search(span) or _URL.search(span) else span
