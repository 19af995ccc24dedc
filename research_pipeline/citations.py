"""The footnote contract, parsed and verified independently of the code that writes it.

``[^N]: [TITLE](URL): "QUOTE"`` — markers numbered 1..K in order of first use, each
defined once, every quote a verbatim span (whitespace normalised) of at least five
words of the stored text of a source with that URL, no quote footnoted twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

DEFINITION_RE = re.compile(r"^\[\^(\d+)\]:\s")
FOOTNOTE_RE = re.compile(r"^\[\^(\d+)\]: \[(?P<title>.*)\]\((?P<url>[^\s)]+)\): \"(?P<quote>.*)\"$")
MARKER_RE = re.compile(r"\[\^(\d+)\](?!:)")
URL_RE = re.compile(r"^(?:https?://[^/\s]|file:/)", re.IGNORECASE)
# The contract's markup a quote may not carry, written out here apart from the writer's.
QUOTE_MARKUP_RE = re.compile(r"<[A-Za-z/!?]|\]\(|\[\^|\b(?:javascript|vbscript|data):",
                             re.IGNORECASE)
MIN_QUOTE_WORDS = 5


@dataclass(frozen=True)
class Footnote:
    """One parsed footnote definition."""

    marker: int
    title: str
    url: str
    quote: str
    line_no: int


@dataclass
class CitationCheck:
    """The result of checking one report file."""

    footnotes: list[Footnote] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    verified: dict[int, bool] = field(default_factory=dict)
    undefined: set[int] = field(default_factory=set)
    malformed: int = 0

    @property
    def ok(self) -> bool:
        """True when the report meets the contract and every quote was found."""
        return not self.problems

    def counts(self) -> tuple[int, int]:
        """(citations that failed, citations) for the report's Unverified line.

        A footnote that is malformed, unverified or missing counts as failed; a problem
        of the whole (numbering) fails every citation.
        """
        total = len(self.verified) + self.malformed + len(self.undefined)
        failed = sum(not ok for ok in self.verified.values()) + self.malformed + len(
            self.undefined)
        if self.problems and not failed:
            failed = total
        return failed, total


def _norm(text: str) -> str:
    return " ".join(text.split())


def parse_report(markdown: str) -> tuple[list[int], list[Footnote], list[str]]:
    """Body markers in order of appearance, footnote definitions, and format problems."""
    problems: list[str] = []
    markers: list[int] = []
    footnotes: list[Footnote] = []
    for line_no, line in enumerate(markdown.splitlines(), 1):
        if DEFINITION_RE.match(line):
            match = FOOTNOTE_RE.match(line)
            if not match:
                problems.append(f"line {line_no}: footnote is not '[^N]: [TITLE](URL): \"QUOTE\"'")
                continue
            footnotes.append(Footnote(int(match.group(1)), match.group("title"),
                                      match.group("url"), match.group("quote"), line_no))
        else:
            markers.extend(int(m) for m in MARKER_RE.findall(line))
    return markers, footnotes, problems


def check_report(markdown: str, sources_by_url: dict[str, list[str]]) -> CitationCheck:
    """Check a report's footnotes against the stored source texts, keyed by URL."""
    markers, footnotes, problems = parse_report(markdown)
    result = CitationCheck(footnotes=footnotes, problems=problems, malformed=len(problems))
    first_use = list(dict.fromkeys(markers))
    if first_use != list(range(1, len(first_use) + 1)):
        problems.append(f"markers are not numbered 1..K in order of first use: {first_use}")
    defined: dict[int, Footnote] = {}
    for fn in footnotes:
        if fn.marker in defined:
            problems.append(f"footnote [^{fn.marker}] is defined more than once")
        defined[fn.marker] = fn
    for marker in first_use:
        if marker not in defined:
            problems.append(f"marker [^{marker}] has no footnote definition")
            result.undefined.add(marker)
    for marker in defined:
        if marker not in first_use:
            problems.append(f"footnote [^{marker}] is never used in the text")
    seen_quotes: dict[str, int] = {}
    normalized_sources = {url: [_norm(t) for t in texts] for url, texts in sources_by_url.items()}
    for fn in footnotes:
        quote = _norm(fn.quote)
        ok = True
        if len(quote.split()) < MIN_QUOTE_WORDS:
            problems.append(f"footnote [^{fn.marker}]: the quote has fewer than five words")
            ok = False
        if quote in seen_quotes:
            problems.append(
                f"footnote [^{fn.marker}]: the same quote is already footnote "
                f"[^{seen_quotes[quote]}]"
            )
            ok = False
        seen_quotes.setdefault(quote, fn.marker)
        if not URL_RE.match(fn.url):
            problems.append(
                f"footnote [^{fn.marker}]: URL {fn.url[:80]} is not an http, https or file URL"
            )
            ok = False
        if QUOTE_MARKUP_RE.search(quote):
            problems.append(f"footnote [^{fn.marker}]: the quote carries markup")
            ok = False
        texts = normalized_sources.get(fn.url)
        if texts is None:
            problems.append(f"footnote [^{fn.marker}]: no stored source has URL {fn.url}")
            ok = False
        elif not any(quote in text for text in texts):
            problems.append(
                f"footnote [^{fn.marker}]: the quote is not in the stored text of {fn.url}"
            )
            ok = False
        result.verified[fn.marker] = ok
    return result


def unaccounted_questions(markdown: str, questions: list[str]) -> list[str]:
    """Plan questions the report neither answers (a cited section) nor lists as open.

    Read from the written file alone: a question counts as answered when its section
    carries a footnote marker, and as open when it is a bullet of ``## Open questions``
    followed by a reason.
    """
    sections: dict[str, str] = {}
    current: str | None = None
    open_part = markdown.split("\n## Open questions", 1)
    open_lines = open_part[1].split("\n## ", 1)[0] if len(open_part) == 2 else ""
    for line in open_part[0].splitlines():
        heading = re.match(r"^## \d+\. (.+)$", line)
        if heading:
            current = heading.group(1).strip()
            sections[current] = ""
        elif line.startswith("## "):
            current = None
        elif current is not None:
            sections[current] += line + "\n"
    missing = []
    for question in questions:
        answered = bool(MARKER_RE.search(sections.get(question, "")))
        listed = re.search(rf"^- {re.escape(question)} — \S", open_lines, re.MULTILINE)
        if not answered and not listed:
            missing.append(question)
    return missing
