"""Documents as structure: blocks with their heading path, and passages that keep it.

Every loader (HTML, Markdown, text, PDF, the built-in corpus) turns a file into a list of
``Block``s: headings (with the anchor the document defines there), paragraphs, lists,
tables, definition terms and code. Chunking then packs the content blocks of one section
into passages of about ``CHUNK_TARGET`` characters without ever crossing a heading, so
each passage knows its heading path (``Title › Section › Subsection``), a list stays with
the sentence that leads into it, a table keeps its rows and header, a definition term
stays with its description, and code is marked as code.

The stored text of a passage is plain text that reads as the page does: paragraphs
separated by blank lines, list items one per line (``• item`` or ``1. item``), table rows
one per line (cells separated by `` | ``, a header cell and its value as ``Header: value``),
code between ```` ``` ```` lines. Headings are not part of it: they live in ``section``.
``layout`` records where each block lies in the text, so that answer selection can tell
a list from its lead-in and keep code out of quotes; a zero-width ``start`` entry marks
the passage that opens its section.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from research_pipeline.text import sentence_spans

BlockKind = Literal["heading", "term", "close", "para", "list", "table", "code"]
CHUNK_TARGET = 900
CHUNK_MAX = 1600
SECTION_SEP = " › "
SECTION_START = "start"
# A line this short that does not end a sentence is a caption or label ("Note:").
CAPTION_CHARS = 80
# A paragraph this short right before a list, table or code block travels with it.
LEAD_IN_CHARS = 300
# Definition terms open a sub-section below any heading level.
TERM_LEVEL = 10
_MARKUP_RE = re.compile(r"<(?=[A-Za-z/!?])")
_FENCE = "```"
# A list item's text after its code block: indented under the item.
CONTINUATION = "   "
# A list item no longer than this, on one line and without a full stop, is a label.
LABEL_CHARS = 40
_SEE = re.compile(r"see(?: also)?\b", re.IGNORECASE)


def neutralize_markup(text: str) -> str:
    """Text that can never become markup: ``<`` before a letter, ``/``, ``!`` or ``?``.

    A page that shows ``<Directory>`` (written ``&lt;Directory&gt;`` in its HTML) keeps
    it as the entity, so stored text never holds a tag, and Markdown still renders it
    as the page showed it.
    """
    return _MARKUP_RE.sub("&lt;", text)


@dataclass
class Block:
    """One structural unit of a document.

    ``heading``: ``level`` 1-6 and ``anchor`` (an id the document defines there).
    ``term``: a definition-list term opening a sub-section at ``TERM_LEVEL + depth``;
    ``close`` ends it. ``list``/``table``/``code``: ``text`` holds one line per item,
    row or code line.
    """

    kind: BlockKind
    text: str
    level: int = 0
    anchor: str | None = None

    def key(self) -> str:
        """A digest of the block's text, for spotting blocks that recur across pages."""
        return hashlib.blake2b(" ".join(self.text.split()).lower().encode(),
                               digest_size=6).hexdigest()


@dataclass
class Passage:
    """A chunk of one section: its text, heading path, anchor and block layout."""

    text: str
    section: str
    anchor: str | None
    layout: list[tuple[str, int, int]] = field(default_factory=list)


def list_text(items: Iterable[str], ordered: bool = False, depths: Iterable[int] = (),
              start: int = 0) -> str:
    """A list as stored: one item a line, ``• `` or ``N. `` first, nested items indented.

    ``start``: items already numbered (a list continued after a code block).
    """
    depth_list = list(depths)
    lines = []
    number = start
    for n, item in enumerate(items):
        depth = depth_list[n] if n < len(depth_list) else 0
        number += depth == 0
        mark = f"{number}." if ordered and depth == 0 else "•"
        lines.append(f"{'  ' * depth}{mark} {' '.join(item.split())}")
    return "\n".join(lines)


def table_text(rows: Iterable[tuple[list[str], list[bool]]]) -> str:
    """A table as stored: one row a line; cells joined by `` | ``.

    A row of a header cell and one value reads ``Header: value`` (as a key/value table
    does on the page), so the two never run together.
    """
    lines = []
    for cells, headers in rows:
        cells = [" ".join(c.split()) for c in cells]
        if not any(cells):
            continue
        if len(cells) == 2 and headers[0] and not headers[1] and cells[0]:
            label = cells[0] if cells[0].endswith(":") else cells[0] + ":"
            lines.append(f"{label} {cells[1]}".rstrip())
        else:
            lines.append(" | ".join(cells))
    return "\n".join(lines)


def code_text(code: str) -> str:
    """A code block as stored: fenced, its own lines kept."""
    lines = [line.rstrip() for line in code.strip("\n").splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    return "\n".join([_FENCE, *lines, _FENCE]) if lines else ""


# -- chunking ----------------------------------------------------------------------------


@dataclass
class _Unit:
    """Blocks that must stay together (a lead-in and its list), with their kinds."""

    parts: list[tuple[str, str]]

    @property
    def size(self) -> int:
        return sum(len(text) + 2 for _, text in self.parts)


def _units(blocks: list[Block]) -> list[_Unit]:
    """Group a section's content blocks so that a lead-in travels with what it leads.

    A paragraph right before a list, table or code block that ends with a colon, or is
    short, stays with it.
    """
    units: list[_Unit] = []
    pending: list[tuple[str, str]] = []
    for block in blocks:
        if block.kind == "list" and block.text.startswith(CONTINUATION):
            # A list item's text after its code block continues that item's unit.
            if not pending and units and units[-1].parts[-1][0] == "code":
                units[-1].parts.append((block.kind, block.text))
                continue
            if pending and pending[-1][0] == "code":
                units.extend(_Unit([p]) for p in pending[:-1])
                units.append(_Unit([pending[-1], (block.kind, block.text)]))
                pending = []
                continue
        if block.kind in ("list", "table", "code") and pending:
            kind, text = pending[-1]
            if (kind == "para" and (text.rstrip().endswith(":") or len(text) < LEAD_IN_CHARS)
                    or kind == "list" and block.kind == "code"
                    and (text.rstrip().endswith(":") or _label_item(text))):
                units.extend(_Unit([p]) for p in pending[:-1])
                pending = []
                units.append(_Unit([(kind, text), (block.kind, block.text)]))
                continue
        units.extend(_Unit([p]) for p in pending)
        pending = [(block.kind, block.text)]
    units.extend(_Unit([p]) for p in pending)
    return units


def _label_item(text: str) -> bool:
    """A list item that is only a label ("• reference"): what follows it is its content."""
    return "\n" not in text.strip() and len(text.strip()) <= LABEL_CHARS and not text.rstrip(
        ).endswith((".", "!", "?"))


def _split_lines(kind: str, text: str, lead: list[tuple[str, str]], limit: int,
                 header: str | None) -> list[_Unit]:
    """Split a long list, table or code block by lines.

    Each part keeps the lead-in (and, for a table, its header row; for code, its fences).
    """
    lines = text.splitlines()
    if kind == "code":
        lines = lines[1:-1]
    elif kind == "table" and header is not None:
        lines = lines[1:]
    lead_size = sum(len(t) + 2 for _, t in lead)
    parts: list[_Unit] = []
    current: list[str] = []
    size = lead_size
    for line in lines:
        nested = kind == "list" and line.startswith(" ")
        if nested and current and size + len(line) + 1 <= CHUNK_MAX:
            # A nested item (or an item's continuation) stays with the item it belongs
            # to while the part stays within the hard limit: "2. One of the following
            # aspects of the request:" keeps its "• Remote_Addr ...", "• Request_URI ...".
            current.append(line)
            size += len(line) + 1
            continue
        if current and size + len(line) + 1 > limit:
            cut = len(current)
            if nested:
                # Too long for that: the parent item goes on with its nested items.
                tops = [i for i, c in enumerate(current) if not c.startswith(" ") and i > 0]
                if tops:
                    cut = tops[-1]
            if kind == "code":
                # Prefer to cut code at a blank line (between functions, not inside one).
                blanks = [i for i, c in enumerate(current) if not c.strip() and i > 0]
                if blanks and blanks[-1] > len(current) // 3:
                    cut = blanks[-1]
            elif kind == "table" and len(current) > 1 and _cells(line) < _cells(current[-1]):
                # A row of fewer cells continues the row above it (a description that
                # spans the columns of its directive's row): they stay together.
                cut = len(current) - 1
            parts.append(_Unit(lead + [(kind, _join_lines(kind, current[:cut], header))]))
            current = current[cut:]
            size = lead_size + sum(len(c) + 1 for c in current)
        current.append(line[:CHUNK_MAX])
        size += len(line) + 1
    if current:
        parts.append(_Unit(lead + [(kind, _join_lines(kind, current, header))]))
    return parts


def _cells(line: str) -> int:
    return line.count(" | ") + 1


def _join_lines(kind: str, lines: list[str], header: str | None) -> str:
    if kind == "code":
        return "\n".join([_FENCE, *lines, _FENCE])
    if kind == "table" and header is not None:
        return "\n".join([header, *lines])
    return "\n".join(lines)


def _split_para(text: str) -> list[str]:
    """A paragraph longer than ``CHUNK_MAX``, cut between sentences.

    A single sentence longer than that is cut hard: it is still verbatim text.
    """
    pieces: list[str] = []
    start: int | None = None
    end = 0
    # Split as when the built corpora were chunked: their passages stay as stored.
    for s, e in sentence_spans(text, abbreviations=False):
        if start is None:
            start = s
        elif e - start > CHUNK_TARGET:
            pieces.append(text[start:end])
            start = s
        end = e
    if start is not None:
        pieces.append(text[start:end])
    out = []
    for piece in pieces:
        while len(piece) > CHUNK_MAX * 2:
            out.append(piece[:CHUNK_MAX])
            piece = piece[CHUNK_MAX:]
        out.append(piece)
    return out


def _fit(unit: _Unit, headed: set[str]) -> list[_Unit]:
    """A unit no longer than ``CHUNK_MAX`` (split by sentences, items, rows or lines).

    ``headed``: the texts of tables whose first row is a header row (repeated in each
    part of a split table).
    """
    if unit.size <= CHUNK_MAX:
        return [unit]
    *lead, (kind, text) = unit.parts
    if kind == "para":
        return [_Unit([("para", piece)]) for piece in _split_para(text)]
    header = text.splitlines()[0] if kind == "table" and text in headed else None
    lead = [p for p in lead if len(p[1]) < CHUNK_TARGET // 2]
    return _split_lines(kind, text, lead, CHUNK_TARGET, header)


def _caption(part: tuple[str, str]) -> bool:
    kind, text = part
    stripped = text.strip()
    # A cross-reference ("See: HTTP/2 guide", "See also …") points back at what it ends.
    return kind == "para" and 0 < len(stripped) <= CAPTION_CHARS and not _SEE.match(
        stripped) and (stripped.endswith(":") or stripped[-1:] not in ".!?\"')")


def pack_section(
    blocks: list[Block], term: str | None = None
) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """Pack a section's content blocks into passages: (text, layout).

    A definition term opens the first passage of its section, on a line of its own.
    """
    headed = {b.text for b in blocks if b.kind == "table" and b.level == 1}
    units = [piece for unit in _units(blocks) for piece in _fit(unit, headed)]
    passages: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = [("term", term)] if term else []
    size = len(term) + 2 if term else 0
    for unit in units:
        # A term never ends a passage alone: its description starts in the same one.
        if current and size + unit.size > CHUNK_TARGET and any(
                kind != "term" for kind, _ in current):
            # A caption or label ("Note:", "Warning") belongs with what follows it.
            carried: list[tuple[str, str]] = []
            while len(current) > 1 and _caption(current[-1]) and any(
                    kind != "term" for kind, _ in current[:-1]):
                carried.insert(0, current.pop())
            passages.append(current)
            current = carried
            size = sum(len(text) + 2 for _, text in carried)
        current.extend(unit.parts)
        size += unit.size
    if current:
        passages.append(current)
    out = []
    for parts in passages:
        text = ""
        layout = []
        for kind, part in parts:
            if text:
                text += "\n\n"
            layout.append((kind, len(text), len(text) + len(part)))
            text += part
        out.append((text, layout))
    return out


def passages(blocks: list[Block], skip: frozenset[str] = frozenset()) -> list[Passage]:
    """The passages of a document's blocks, each within one section.

    ``skip`` holds the keys of content blocks to leave out (chrome that recurs across
    the pages of a corpus).
    """
    path: list[tuple[int, str, str | None]] = []
    content: list[Block] = []
    out: list[Passage] = []
    term: list[str] = []
    started: set[str] = set()

    def flush() -> None:
        if content:
            section = SECTION_SEP.join(text for _, text, _ in path)
            anchor = next((a for _, _, a in reversed(path) if a), None)
            first = section not in started
            started.add(section)
            for n, (text, layout) in enumerate(pack_section(content, term[0] if term else None)):
                if n == 0 and first:
                    # A zero-width mark: this passage opens its section (where a section's
                    # defining first sentence is).
                    layout = [(SECTION_START, 0, 0), *layout]
                out.append(Passage(text=text, section=section, anchor=anchor, layout=layout))
        content.clear()
        term.clear()

    carry: list[Block] = []
    for block in blocks:
        if block.kind in ("heading", "term", "close"):
            # A caption or label right before a heading or term ("data:", "Note")
            # introduces what follows, not what precedes. (Not a term's description that
            # ends without a full stop, "The file's i-node number will be included in the
            # calculation": the end of its term closes it, and it stays with its term.)
            while block.kind != "close" and content and content[-1].kind == "para" and (
                    _caption(("para", content[-1].text))):
                carry.insert(0, content.pop())
            flush()
            while path and path[-1][0] >= block.level:
                path.pop()
            if block.kind == "close":
                content.extend(carry)
                carry.clear()
                continue
            title = " ".join(block.text.split())
            path.append((block.level, title, block.anchor))
            if block.kind == "term":
                # The term is also the first line of its passage: it names what follows.
                term.append(title)
            content.extend(carry)
            carry.clear()
        elif block.text.strip() and block.key() not in skip:
            content.append(block)
    flush()
    return out
