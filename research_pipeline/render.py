"""Writing the report: markers resolved and renumbered, then the Jinja2 template."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

from research_pipeline.models import Fact, OpenQuestion, ResearchPlan
from research_pipeline.text import normalize_ws
from research_pipeline.untrusted import clean_line, clean_title, may_quote, web_urls

_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=False,  # noqa: S701 - the output is Markdown, not HTML
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
_MARKER = re.compile(r"\[\^(\d+)\]")
# Syntax that makes a block of a paragraph's start: a heading, quote, list item, fence,
# thematic break or table row. Stripping it leaves a verbatim span verbatim.
# A thematic break or setext underline is a line of its own: "*__slots__* are ..." opens
# with emphasis, not a break.
_BLOCK_START = re.compile(r"^(?:#{1,6}(?=\s|$)|>|[-*+](?=\s|$)|\d{1,9}[.)](?=\s|$)|`{3,}|~{3,}"
                          r"|(?:[-*_=][ \t]*){3,}$|\|)\s*")
_LIST_ITEM = re.compile(r"^(?:[-*+]|\d{1,9}[.)]) (?=\S)")
UNVERIFIED_LINE = "> Unverified: {failed} of {total} citations failed the citation check."
# A sentence ends at . ! or ?, with any footnote markers that follow it.
_SENTENCE_END = re.compile(r"(?<=[.!?])((?:\[\^\d+\])*)\s+(?=\S)")


def _sentences(paragraph: str) -> list[str]:
    out, start = [], 0
    for match in _SENTENCE_END.finditer(paragraph):
        end = match.start() + len(match.group(1))
        out.append(paragraph[start:end])
        start = match.end()
    out.append(paragraph[start:])
    return [s.strip() for s in out if s.strip()]

STOP_REASONS = {
    "all_answered": "every question was answered",
    "gaps_abandoned": "the remaining gaps were abandoned after three fruitless rounds",
    "max_rounds": "the round ceiling (max_rounds) was reached",
    "max_queries": "the query budget (max_queries) was used up",
    "max_sources": "the source budget (max_sources) was reached",
    "budget": "the cost budget (max_cost_usd) was reached",
    "no_new_queries": "no follow-up query was left that had not been tried",
    "search_failed": "every search of a round failed after its retries",
}


CONFLICTS_KEY = 1_000_000


@dataclass
class RenderedReport:
    """The markdown and the footnotes it carries."""

    markdown: str
    citations: list[dict]
    dropped_sentences: int


def _block_safe(paragraph: str) -> str:
    """The paragraph with no block syntax at its start but a writer's list-item marker.

    A list item (the writer's own ``- finding``) stays; a heading, quote, fence, break or
    table row that source or model text would open is stripped, also inside an item.
    """
    item = _LIST_ITEM.match(paragraph)
    prefix, rest = (item.group(0), paragraph[item.end():]) if item else ("", paragraph)
    previous = None
    while previous != rest:
        previous, rest = rest, _BLOCK_START.sub("", rest, count=1)
    return prefix + rest if rest else ""


# A table's row break inside a quoted paragraph, kept through sentence splitting and
# whitespace normalising; rendered as a hard line break and an indent of four spaces,
# which no Markdown block (heading, list, quote, fence) can start from inside a paragraph.
_ROW = "\ue000"
_ROW_BREAK = "  \n    "


def _rows_kept(paragraph: str) -> str:
    """A quoted table's rows or list's items, one a line, marked to stay lines.

    Rows are "Level | Description | Example" lines or a reference box's fields
    ("Default: AllowOverride None"); items start with "•" or a number ("2. define a name
    ..."). Other lines of a paragraph run together, as prose does.
    """
    lines = paragraph.split("\n")
    if len(lines) >= 2 and (sum(" | " in line for line in lines) >= 2
                            or sum(bool(_ITEM_LINE.match(line)) for line in lines) >= 2
                            or sum(bool(_FIELD_LINE.match(line)) for line in lines) >= 2):
        return _ROW.join(line.replace(_ROW, " ") for line in lines)
    return paragraph.replace(_ROW, " ")


_ITEM_LINE = re.compile(r"\s*(?:\u2022|\d{1,3}[.)])\s")
# A reference box's field ("Default: AllowOverride None", "Context: directory").
_FIELD_LINE = re.compile(r"\s*[A-Z][\w-]*(?: [\w-]+){0,2}:\s\S")


def _items_on_lines(paragraph: str) -> str:
    """A quoted list's items ("... several means: • Use ... • Use ...") each on a line.

    The items keep their "•" (no Markdown list syntax); a hard line break ends the line
    before each one.
    """
    if paragraph.count(" • ") < 2:
        return paragraph
    return paragraph.replace(" • ", "  \n• ")


def _foreign_url(sentence: str, cited: set[str]) -> bool:
    """True when the sentence holds a web URL that is not a given source's URL."""
    allowed = {c.split("#", 1)[0].rstrip("/") for c in cited}
    return any(url.rstrip("/") not in allowed for url in web_urls(sentence))


def mark_unverified(markdown: str, failed: int, total: int) -> str:
    """The report with the Unverified line after its title (replacing an earlier one)."""
    lines = markdown.split("\n")
    body = [line for line in lines[1:] if not line.startswith("> Unverified: ")]
    while body and not body[0].strip():
        body.pop(0)
    line = UNVERIFIED_LINE.format(failed=failed, total=total)
    return "\n".join([lines[0], "", line, "", *body])


def resolve_markers(
    sections: dict[int, str], given: dict[int, Fact]
) -> tuple[dict[int, str], list[tuple[int, Fact]], int]:
    """Drop sentences whose markers were not given, renumber the rest by first use.

    Returns the rewritten sections, the (new marker, fact) pairs, and how many sentences
    were dropped. A fact whose quote is already cited keeps the first marker.
    """
    order: dict[int, int] = {}
    quote_marker: dict[str, int] = {}
    cited = {fact.url for fact in given.values()}
    numbered: list[tuple[int, Fact]] = []
    dropped = 0
    out: dict[int, str] = {}
    for key in sorted(sections, key=lambda k: (k != 0, k)):
        paragraphs = []
        for paragraph in sections[key].split("\n\n"):
            kept = []
            for sentence in _sentences(_rows_kept(paragraph)):
                sentence = normalize_ws(sentence)
                markers = [int(m) for m in _MARKER.findall(sentence)]
                if any(m not in given for m in markers):
                    dropped += 1
                    continue
                # Source and model text is data: a sentence carrying markup, or a URL
                # that is not a cited source's, is dropped, never escaped.
                bare = _MARKER.sub("", sentence)
                if not may_quote(bare) or _foreign_url(bare, cited):
                    dropped += 1
                    continue

                def renumber(match: re.Match[str]) -> str:
                    old = int(match.group(1))
                    fact = given[old]
                    quote_key = normalize_ws(fact.quote).lower()
                    if quote_key in quote_marker:
                        return f"[^{quote_marker[quote_key]}]"
                    if old not in order:
                        order[old] = len(order) + 1
                        numbered.append((order[old], fact))
                        quote_marker[quote_key] = order[old]
                    return f"[^{order[old]}]"

                kept.append(_MARKER.sub(renumber, sentence))
            text = _items_on_lines(_block_safe(" ".join(kept))).replace(_ROW, _ROW_BREAK)
            if text:
                paragraphs.append(text)
        if paragraphs:
            out[key] = "\n\n".join(paragraphs)
    return out, numbered, dropped


def render_report(
    *, plan: ResearchPlan, plan_version: str, sections: dict[int, str], given: dict[int, Fact],
    open_questions: list[OpenQuestion], researcher: str, rounds: int, n_queries: int,
    n_sources: int, generated_at: str, not_done: list[str],
) -> RenderedReport:
    """The final markdown, footnotes one line each as the report contract says."""
    text, numbered, dropped = resolve_markers(sections, given)
    footnotes = [
        {"marker": n, "title": clean_title(f.title), "url": f.url,
         "quote": normalize_ws(f.quote), "fact_id": f.fact_id, "source_id": f.source_id}
        for n, f in numbered
    ]
    section_rows = []
    still_open = {item.question_id for item in open_questions}
    for q in plan.questions:
        body = text.get(q.id)
        if body is None:
            body = "_No passage in the sources answers this question; see Open questions._"
        elif q.id in still_open:
            # A reader who skips "Open questions" must not take these passages for an answer.
            body += "\n\n_These passages answer the question only in part; see Open questions._"
        section_rows.append({"number": q.id, "question": clean_line(q.text), "text": body})
    markdown = _ENV.get_template("report.md.j2").render(
        title=clean_line(plan.title), generated_at=generated_at, rounds=rounds,
        n_queries=n_queries, n_sources=n_sources, researcher=researcher,
        plan_version=plan_version, overview=text.get(0, ""), sections=section_rows,
        open_questions=[{"text": clean_line(o.text), "reason": clean_line(o.reason)}
                        for o in open_questions],
        conflicts=text.get(CONFLICTS_KEY, ""),
        not_done=[clean_line(line) for line in not_done], footnotes=footnotes,
    )
    markdown = re.sub(r"\n{3,}", "\n\n", markdown).rstrip() + "\n"
    return RenderedReport(markdown=markdown, citations=footnotes, dropped_sentences=dropped)
