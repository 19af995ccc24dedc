"""Markdown, plain text and PDF text as structure.

Markdown is parsed as CommonMark (with tables) by markdown-it. Plain text has no markup,
so its structure is read from layout, the way a person reads a README or a man page:
underlined titles (``====``), short all-capitals or numbered lines standing alone are
headings; lines starting with a bullet or a number are list items (items split by blank
lines still form one list); indented or prompt-led blocks are code; a short line whose
description is indented below it is a definition term; lines with `` | `` or aligned
columns are table rows; other lines are wrapped paragraphs and are joined.
PDF text is read page by page; lines that recur at the top or bottom of most pages
(running headers, footers, page numbers) are dropped first.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

from markdown_it import MarkdownIt
from markdown_it.token import Token

from research_pipeline.corpus.structure import (
    TERM_LEVEL,
    Block,
    code_text,
    list_text,
    neutralize_markup,
    table_text,
)

_WORD_RE = re.compile(r"\w+")
LINK_SHARE = 0.5

# -- Markdown ----------------------------------------------------------------------------

_MD = MarkdownIt("commonmark", {"html": True}).enable("table")


def _inline_text(token: Token) -> tuple[str, int, int, int]:
    """Plain text of an inline token: (text, words, words in links, links)."""
    parts: list[str] = []
    words = link_words = links = 0
    in_link = 0
    for child in token.children or []:
        if child.type == "link_open":
            in_link += 1
            links += 1
        elif child.type == "link_close":
            in_link = max(0, in_link - 1)
        elif child.type in ("text", "code_inline"):
            parts.append(child.content)
            n = len(_WORD_RE.findall(child.content))
            words += n
            if in_link:
                link_words += n
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split()), words, link_words, links


def markdown_blocks(text: str) -> list[Block]:
    """Blocks of a Markdown body (front matter already removed)."""
    tokens = _MD.parse(text)
    blocks: list[Block] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "heading_open":
            inline = tokens[i + 1]
            heading = _inline_text(inline)[0]
            if heading:
                blocks.append(Block("heading", neutralize_markup(heading), int(tok.tag[1])))
            i += 3
            continue
        if tok.type == "paragraph_open":
            body, words, link_words, links = _inline_text(tokens[i + 1])
            nav = links >= 2 and words and link_words / words >= LINK_SHARE
            if body and not nav:
                blocks.append(Block("para", neutralize_markup(body)))
            i += 3
            continue
        if tok.type in ("bullet_list_open", "ordered_list_open"):
            end, items, depths, words, link_words, links = _md_list(tokens, i)
            nav = links >= 2 and words and link_words / words >= LINK_SHARE
            if items and not nav:
                blocks.append(Block("list", neutralize_markup(
                    list_text(items, tok.type == "ordered_list_open", depths))))
            i = end + 1
            continue
        if tok.type in ("fence", "code_block"):
            code = code_text(tok.content)
            if code:
                blocks.append(Block("code", neutralize_markup(code)))
        elif tok.type == "table_open":
            end = i
            rows: list[tuple[list[str], list[bool]]] = []
            cells: list[str] = []
            heads: list[bool] = []
            while tokens[end].type != "table_close":
                t = tokens[end]
                if t.type == "tr_open":
                    cells, heads = [], []
                elif t.type in ("th_open", "td_open"):
                    cells.append(_inline_text(tokens[end + 1])[0])
                    heads.append(t.type == "th_open")
                elif t.type == "tr_close":
                    rows.append((cells, heads))
                end += 1
            table = table_text(rows)
            if table:
                blocks.append(Block("table", neutralize_markup(table)))
            i = end + 1
            continue
        elif tok.type == "html_block":
            from research_pipeline.corpus.htmldoc import parse_html

            blocks.extend(parse_html(f"<body>{tok.content}</body>").blocks)
        i += 1
    return blocks


def _md_list(tokens: list[Token], start: int) -> tuple[int, list[str], list[int], int, int, int]:
    """A (nested) list from its open token: (index of its close, items, depths, counts)."""
    items: list[str] = []
    depths: list[int] = []
    words = link_words = links = 0
    depth = -1
    pieces: list[str] = []
    i = start
    while True:
        tok = tokens[i]
        if tok.type in ("bullet_list_open", "ordered_list_open"):
            if pieces:
                items.append(" ".join(pieces))
                depths.append(depth)
                pieces = []
            depth += 1
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            if pieces:
                items.append(" ".join(pieces))
                depths.append(depth)
                pieces = []
            depth -= 1
            if depth < 0:
                return i, items, depths, words, link_words, links
        elif tok.type == "list_item_close" and pieces:
            items.append(" ".join(pieces))
            depths.append(depth)
            pieces = []
        elif tok.type == "inline":
            text, w, lw, n = _inline_text(tok)
            words, link_words, links = words + w, link_words + lw, links + n
            if text:
                pieces.append(text)
        elif tok.type in ("fence", "code_block"):
            pieces.append(" ".join(tok.content.split()))
        i += 1


# -- plain text --------------------------------------------------------------------------

_UNDERLINE = re.compile(r"^\s*([=\-~^*#+\"'`])\1{2,}\s*$")
_BULLET = re.compile(
    r"^(\s*)(?:[-*+\u2022\u2023\u25e6\u2043]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+(\S.*)$")
_ORDERED = re.compile(r"^\s*\(?\d{1,3}[.)]\s")
_NUMBERED_HEADING = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+[A-Z][^.!?]{1,80}$")
_PROMPT = re.compile(r"^\s*(>>>|\$ |# |\.\.\. )")
# A column gap: two or more spaces not after a sentence's end (plain text often puts two
# spaces after a full stop).
_COLUMNS = re.compile(r"[^\s.!?:;,]\s{2,}\S")
# "value = call(...)" usage lines at the top of a docstring.
_ASSIGN_SIGNATURE = re.compile(r"^[\w\s,()\[\].]+=\s*[\w.&;<>]+\(.*\)\s*$")
# A line that is one entry of an unmarked list.
_LINE_ENTRY = re.compile(
    r"^\s*(?:'[^']{1,30}'|\"[^\"]{1,30}\"|[\w.]+\([^()]{0,40}\)|[\w.*()\[\]-]{1,40})"
    r"\s+(?:--?|->|=>|\u2013)\s+\S"                                             # a - b
    r"|^\s*[^\s\w:]:\s+\S"                                   # @: native order (a symbol's entry)
    r"|^\s*[\w.]+\([^)]*\):\s+\S"                                            # call(...): text
    r"|^\s*:[\w ]+:"                                                         # :param x:
    r"|^\s*\[\s*\d+\]\s*="                                                  # [ 0] = ...
    r"|^\s*[A-Z]\w*(?:Error|Exception|Warning):\s+\S")                        # KeyError: ...
# A label and the text that hangs beside it: "NB:     the POP protocol locks ...".
_HANGING_LABEL = re.compile(r"^(\s*)([A-Z][A-Za-z]{0,15}:)(\s{2,})(\S.*)$")
# A field of a docstring's field list ("mode: The mode can be ..."), its description wrapped
# under a hanging indent: one entry a line where every other line is indented under one.
# (Fields described together, "left_list, right_list: The files in dir1 and dir2", are one.)
_FIELD_ENTRY = re.compile(r"^\s*\.?[A-Za-z_]\w{0,30}(?:,\s*[A-Za-z_]\w{0,30}){0,3}:\s+\S")
# A call signature on a line of its own ("inet_ntoa(packed_ip) -> ip_address_string").
_SIGNATURE = re.compile(
    r"^(?:(?:class|def|async def|classmethod|staticmethod|abstractmethod|coroutine|"
    r"awaitable|exception)\s+)?[A-Za-z_][\w.]*\(.*\)(\s*->\s*\S.*)?(\s*-->.*)?$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t").replace("\t", "    "))


# More signatures than this over one description are named, not written out in full.
_FAMILY = 4


def _signatures_term(group: list[str]) -> str:
    """The term of signatures documented together.

    Each in full, or for a larger family each name once ("object.__radd__, __rsub__,
    ..."), a prefix they share written only on the first.
    """
    lines = [line.strip() for line in group]
    if len(lines) <= _FAMILY:
        return "; ".join(lines)
    names = [line.split("(", 1)[0] for line in lines]
    prefix = names[0].rsplit(".", 1)[0] + "." if "." in names[0] else ""
    shared = prefix and all(name.startswith(prefix) for name in names)
    return ", ".join(name[len(prefix):] if shared and n else name
                     for n, name in enumerate(names))


def _groups(text: str) -> list[list[str]]:
    groups: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.strip().startswith("-- ") and current and _SIGNATURE.match(current[-1].strip()):
            # A signature too long for the column, its description on the next line
            # ("setcomptype(type, name)" over "-- set the compression type"): one entry.
            current[-1] += " " + line.strip()
        elif line.strip():
            current.append(line.rstrip())
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _split_lead_ins(groups: list[list[str]]) -> list[list[str]]:
    """Split a lead-in from the bullet lines that follow it without a blank line.

    ("...the following:" then "* item" lines) become the lead-in and the list.
    """
    out: list[list[str]] = []
    for group in groups:
        starts = [i for i, line in enumerate(group) if _BULLET.match(line)]
        if len(starts) < 2:
            starts = [i for i, line in enumerate(group) if _LINE_ENTRY.match(line)]
        if starts and starts[0] > 0 and len(starts) >= 2 and not _BULLET.match(group[0]):
            out.append(group[:starts[0]])
            out.append(group[starts[0]:])
        else:
            out.append(group)
    return out


def _is_heading_line(line: str) -> bool:
    stripped = line.strip()
    if not stripped or len(stripped) > 80 or stripped[-1] in ".,;:!?)":
        return False
    letters = [c for c in stripped if c.isalpha()]
    if len(letters) >= 3 and all(c.isupper() for c in letters):
        return True
    return bool(_NUMBERED_HEADING.match(stripped))


def text_blocks(text: str) -> list[Block]:
    """Blocks of plain text, structure read from its layout.

    Indentation carries structure: a signature or short term line followed by indented
    groups opens a definition (``object.__hash__(self)`` and its description), which the
    first group back at or left of the term's indentation closes. An indented group is
    code only when it does not read as prose.
    """
    blocks: list[Block] = []
    underline_levels: list[str] = []
    list_items: list[str] = []
    list_depths: list[int] = []
    list_ordered = False
    list_base = 0
    terms: list[tuple[int, int]] = []  # open terms: (indentation, level)

    def end_list() -> None:
        nonlocal list_items, list_depths
        if list_items:
            blocks.append(Block("list", neutralize_markup(
                list_text(list_items, list_ordered, list_depths))))
        list_items, list_depths = [], []

    def close_terms(indent: int) -> None:
        while terms and indent <= terms[-1][0]:
            end_list()
            blocks.append(Block("close", "", terms.pop()[1]))

    def open_term(text: str, indent: int) -> None:
        end_list()
        level = TERM_LEVEL + len(terms)
        terms.append((indent, level))
        blocks.append(Block("term", neutralize_markup(text), level))

    groups = _split_lead_ins(_groups(text))
    see_also: int | None = None
    for n, group in enumerate(groups):
        first = group[0]
        indent = _indent(first)
        # "See also:" and its indented entries are cross-references, not content.
        if see_also is not None and indent > see_also:
            continue
        see_also = None
        if re.match(r"^\s*see also:?\s*$", first, re.IGNORECASE):
            see_also = indent
            continue
        close_terms(indent)
        base = terms[-1][0] + 1 if terms else 0
        following = groups[n + 1] if n + 1 < len(groups) else None
        # Headings: underlined (setext / reST), all capitals, or numbered.
        if (len(group) in (2, 3) and _UNDERLINE.match(group[-1])
                and (len(group) == 2 or _UNDERLINE.match(group[0]))):
            end_list()
            close_terms(-1)
            char = group[-1].strip()[0]
            if char not in underline_levels:
                underline_levels.append(char)
            title = (group[1] if len(group) == 3 else group[0]).strip()
            if title.startswith("*") and title.endswith("*"):
                blocks.append(Block("para", neutralize_markup(title.strip("* "))))
                continue  # a boxed banner, not a heading
            blocks.append(Block("heading", neutralize_markup(title),
                                min(underline_levels.index(char) + 1, 6)))
            continue
        # Signatures: a definition when an indented description follows, else code. A
        # family documented together ("object.__radd__(self, other)" and thirteen more
        # over one description) is one definition of all of them.
        indented_next = following is not None and _indent(following[0]) > indent
        if all(_SIGNATURE.match(line.strip()) for line in group) and (
                len(group) <= _FAMILY or indented_next):
            if indented_next:
                open_term(_signatures_term(group), indent)
            else:
                end_list()
                blocks.append(Block("code", neutralize_markup(code_text("\n".join(group)))))
            continue
        # A short line standing alone over an indented description ("d | other", then
        # "Create a new dictionary ..."): the term the description defines.
        if (len(group) == 1 and following is not None and _indent(following[0]) > indent
                and len(first.strip()) <= 60 and first.strip()[-1] not in ".,;:!?"
                and _prose(following) and not _is_heading_line(first)):
            open_term(first.strip(), indent)
            continue
        if len(group) == 1 and _is_heading_line(first) and indent == 0:
            end_list()
            close_terms(-1)
            numbered = _NUMBERED_HEADING.match(first.strip())
            level = numbered.group(1).count(".") + 1 if numbered else 1
            blocks.append(Block("heading", neutralize_markup(first.strip()), min(level, 6)))
            continue
        # A signature line on top of its description: the signature is code, unless the
        # description is indented under it, as a docstring lists a class's methods
        # ("getboolean(section, option, ...)" over "Like get(), but convert value to a
        # boolean ..."): then the signature is the term its description defines.
        if len(group) >= 2 and (_SIGNATURE.match(first.strip())
                                or _ASSIGN_SIGNATURE.match(first.strip())) and _prose(group[1:]):
            if all(_indent(line) > indent for line in group[1:]):
                open_term(first.strip(), indent)
            else:
                end_list()
                blocks.append(Block("code", neutralize_markup(code_text(first.strip()))))
            blocks.append(Block("para", neutralize_markup(_unwrap(group[1:]))))
            continue
        # Grid tables (reStructuredText): +---+ borders and | cells.
        if len(group) >= 3 and sum(line.strip()[:1] in "+|" for line in group) == len(group):
            end_list()
            table = table_text((cells, [False] * len(cells)) for cells in _grid_rows(group))
            if table:
                blocks.append(Block("table", neutralize_markup(table)))
            continue
        # One entry a line ("'strict' - raise ...", ":param x: ...", "Error: when ..."),
        # possibly under a label line ("Raises:").
        entries = [_LINE_ENTRY.match(line) or _FIELD_ENTRY.match(line) for line in group]
        # (Or a label with a note, entries of its own under it: "Attributes: [examples for
        # IPv4Network('192.0.2.0/27')]" over ".netmask: IPv4Address(...)" lines.)
        label = len(group) > 2 and (
            first.strip().endswith(":") and len(first.strip()) <= 40
            or len(first.strip()) <= 80 and all(_indent(line) > indent for line in group[1:])
            and sum(bool(m) for m in entries[1:]) >= 2)
        body = group[1:] if label else group
        marks = entries[1:] if label else entries
        # Prose back at the margin after the entries, without a blank line ("close() --
        # close the instance" then "The position returned by tell() and ..."), is a
        # paragraph of its own, read as the next group.
        back = next((i for i, (line, m) in enumerate(zip(body, marks, strict=True))
                     if i and not m and _indent(line) < _indent(body[0])), None)
        if back is not None and sum(bool(m) for m in marks[:back]) >= 2:
            groups.insert(n + 1, body[back:])
            body, marks = body[:back], marks[:back]
            group = group[:len(group) - len(groups[n + 1])]
        starts = [line for line, m in zip(body, marks, strict=True) if m]
        if len(starts) >= 2 and all(m or _indent(line) > _indent(body[0])
                                    for line, m in zip(body, marks, strict=True)):
            end_list()
            if label:
                blocks.append(Block("para", neutralize_markup(first.strip())))
            items: list[str] = []
            for line, m in zip(body, marks, strict=True):
                if m:
                    items.append(line.strip())
                else:
                    items[-1] += " " + line.strip()
            blocks.append(Block("list", neutralize_markup(list_text(items))))
            continue
        # Lists: most lines start with a bullet or number; indented lines continue them.
        bullets = [_BULLET.match(line) for line in group]
        continued = all(b is not None or _indent(line) > indent
                        for line, b in zip(group, bullets, strict=True))
        # Numbered paragraphs, one a group, their lines wrapped at the number's margin
        # ("1) The input is incorrect; ..." and "2) The input is incomplete, ..."): one
        # numbered list, as the text after it counts them ("True in case 2").
        numbered_groups = bool(_ORDERED.match(first)) and (
            bool(list_items) and list_ordered and indent == list_base
            or following is not None and bool(_ORDERED.match(following[0]))
            and _indent(following[0]) == indent)
        if bullets[0] and (continued or numbered_groups
                           or sum(b is not None for b in bullets) >= len(group) / 2):
            ordered = bool(_ORDERED.match(first))
            if list_items and ordered != list_ordered and indent <= list_base:
                end_list()
            if not list_items:
                list_ordered, list_base = ordered, indent
            for line, match in zip(group, bullets, strict=True):
                if match:
                    list_items.append(match.group(2).strip())
                    list_depths.append(min(3, max(0, (_indent(line) - list_base) // 2)))
                elif list_items:
                    list_items[-1] += " " + line.strip()
            continue
        if list_items and indent > list_base and not _PROMPT.match(first):
            # A further paragraph of the last item.
            list_items[-1] += " " + _unwrap(group)
            continue
        end_list()
        # Code: prompt-led blocks, grammar rules, and indented text that is not prose.
        indented = all(_indent(line) >= base + 3 for line in group)
        # (A name over its indented description, ""__bases__"" and "A tuple containing
        # the base classes ...", is a definition: see below.)
        described = (len(group) >= 2 and len(first.strip()) <= 60
                     and not first.rstrip().endswith(":")
                     and all(_indent(line) > indent for line in group[1:])
                     and _prose(group[1:]) and _sentences(group[1:]))
        if _PROMPT.match(first) or any("::=" in line for line in group) or (
                indented and not described and not _prose(group)):
            blocks.append(Block("code", neutralize_markup(
                code_text("\n".join(_dedent(group))))))
            continue
        # Names in a column, each with its description in a second column ("gi_code
        # code object"), under a lead-in line or not: one item per name.
        lead, items = _aligned_entries(group)
        if items:
            if lead:
                blocks.append(Block("para", neutralize_markup(_unwrap(lead))))
            blocks.append(Block("list", neutralize_markup(list_text(items))))
            continue
        # A lead-in over an indented definition list ("Several instance attributes ...:"
        # then "width (default: 70)" over its indented description, and so on): one item
        # per term, the term and its description together.
        items = _indented_definitions(group)
        if items:
            blocks.append(Block("para", neutralize_markup(_unwrap(group[:1]))))
            blocks.append(Block("list", neutralize_markup(list_text(items))))
            continue
        # A label with its text hanging beside it, the text's lines wrapped at its column
        # ("NB:     the POP protocol locks the mailbox from user" over "authorization until
        # QUIT, ..."): one paragraph, not a term over the rest of its sentence.
        hanging = _HANGING_LABEL.match(first)
        if hanging and len(group) >= 2 and all(
                _indent(line) == hanging.end(3) for line in group[1:]):
            end_list()
            blocks.append(Block("para", neutralize_markup(
                f"{hanging.group(2)} {hanging.group(4)} {_unwrap(group[1:])}")))
            continue
        # Definition terms: a short line whose description is indented below it.
        if (len(group) >= 2 and len(first.strip()) <= 60 and _indent(group[1]) > indent
                and all(_indent(line) > indent for line in group[1:])):
            if first.count("(") > first.count(")") and not _prose(group[1:]):
                # A call that goes on over the next lines ("csv_writer =
                # csv.writer(fileobj [, dialect='excel']" then "[optional keyword args])"):
                # code, not a term over its description.
                blocks.append(Block("code", neutralize_markup(
                    code_text("\n".join(_dedent(group))))))
                continue
            open_term(first.strip(), indent)
            blocks.append(Block("para", neutralize_markup(_unwrap(group[1:]))))
            continue
        # Tables: pipes, or aligned columns on most lines.
        piped = sum(" | " in line or line.strip().startswith("|") for line in group)
        columns = sum(bool(_COLUMNS.search(line.strip())) for line in group)
        if len(group) >= 2 and (piped >= len(group) * 2 // 3
                                or columns >= max(2, len(group) * 2 // 3)):
            rows = []
            for line in group:
                if _UNDERLINE.match(line) or set(line.strip()) <= set("|-+: "):
                    continue
                sep = r"\s*\|\s*" if piped else r"\s{2,}"
                cells = [c for c in re.split(sep, line.strip().strip("|")) if c.strip()]
                rows.append((cells, [False] * len(cells)))
            table = table_text(rows)
            if table:
                blocks.append(Block("table", neutralize_markup(table)))
            continue
        for paragraph in _back_at_margin(group):
            blocks.append(Block("para", neutralize_markup(_unwrap(paragraph))))
    end_list()
    close_terms(-1)
    return blocks


def _back_at_margin(group: list[str]) -> list[list[str]]:
    """Prose lines split where a line comes back to the margin after indented ones.

    "Special case (...):", its entries indented below it, then "Whitespace between formats
    is ignored." at the margin: the last line starts a paragraph of its own, not the end
    of the entries' sentence (they end without a full stop).
    """
    margin = _indent(group[0])
    out = [[group[0]]]
    for before, line in zip(group, group[1:], strict=False):
        if (_indent(line) == margin and _indent(before) > margin
                and line.lstrip()[:1].isupper()):
            out.append([line])
        else:
            out[-1].append(line)
    return out


def _grid_rows(group: list[str]) -> list[list[str]]:
    """The rows of a grid table, each cell's lines joined.

    A row runs from one border ("+----+", or "|====|" under the header) to the next; a
    cell wrapped over several lines is one cell.
    """
    border = next((line for line in group if line.strip().startswith("+")), "")
    # The columns' edges, where the border has its "+" (a cell may hold a "|": '"|"').
    edges = [i for i, ch in enumerate(border) if ch == "+"]
    rows: list[list[str]] = []
    current: list[list[str]] = []

    def close_row() -> None:
        if current:
            rows.append([" ".join(" ".join(part).split()) for part in zip(*current,
                                                                          strict=True)])
            current.clear()

    for line in [*group, "+"]:
        stripped = line.strip()
        if stripped.startswith("+") or set(stripped) <= set("|=+-: "):
            close_row()
            continue
        if len(edges) >= 2 and all(line[i:i + 1] == "|" for i in edges):
            cells = [line[a + 1:b].strip() for a, b in itertools.pairwise(edges)]
        else:
            cells = [c.strip() for c in stripped.strip("|").split("|")]
        if current and len(cells) != len(current[0]):
            close_row()
        current.append(cells)
    return rows


_ALIGNED_ENTRY = re.compile(r"^(\s*)([\w.*()\[\]<>-]{1,30})( {2,})\S")
ALIGNED_ENTRIES = 3


def _aligned_entries(group: list[str]) -> tuple[list[str], list[str]]:
    """A two-column list of names and their descriptions, and the lead-in line above it.

    Each entry is a name, two or more spaces, and its description, all names at one
    indentation and all descriptions at one column; a description's further lines are
    indented to its column ("close           raises a new GeneratorExit exception inside
    the" over "generator to terminate the iteration"). Three entries at least.
    """
    lead = group[:1] if group[0].rstrip().endswith(":") else []
    rest = group[len(lead):]
    first = _ALIGNED_ENTRY.match(rest[0]) if rest else None
    if first is None or (lead and _indent(rest[0]) <= _indent(lead[0])):
        return [], []
    margin = len(first.group(1))
    column = first.end() - 1
    items: list[str] = []
    for line in rest:
        entry = _ALIGNED_ENTRY.match(line)
        if re.search(r"\S {2,}\S", line[column:].strip()):
            return [], []  # a third column: a table
        if entry and len(entry.group(1)) == margin and entry.end() - 1 == column:
            items.append(f"{entry.group(2)}: {line[column:].strip()}")
        elif items and _indent(line) == column:
            items[-1] += " " + line.strip()
        else:
            return [], []
    return (lead, items) if len(items) >= ALIGNED_ENTRIES else ([], [])


def _indented_definitions(group: list[str]) -> list[str]:
    """The items of a definition list indented under a lead-in line, if the group is one.

    Each term is a short line at the list's indentation with its description indented
    further below it; a paragraph that only wraps (all its lines at one indentation)
    is no such list.
    """
    rest = group[1:]
    if len(rest) < 4 or any(_indent(line) <= _indent(group[0]) for line in rest):
        return []
    margin = min(_indent(line) for line in rest)
    terms = [i for i, line in enumerate(rest) if _indent(line) == margin]
    if (len(terms) < 2 or terms[0] != 0 or any(b - a < 2 for a, b in itertools.pairwise(terms))
            or terms[-1] == len(rest) - 1 or any(len(rest[i].strip()) > 60 for i in terms)):
        return []
    ends = [*terms[1:], len(rest)]
    return [f"{rest[i].strip()}: {_unwrap(rest[i + 1:end])}"
            for i, end in zip(terms, ends, strict=True)]


# Code quoted inside a sentence ("__rsub__()", "x<=y", ‘<=’): prose mentions it.
_EMPTY_CALL = re.compile(r"\b[A-Za-z_]\w*\(\)")
_INLINE_LITERAL = re.compile(r'"[^"\s][^"]{0,40}"|‘[^’]{1,40}’|“[^”]{1,40}”')
# A comment written after code on its line ("import foo  # foo imported").
_TRAILING_COMMENT = re.compile(r"\S\s+#\s")


def _prose(group: list[str]) -> bool:
    """True when indented lines read as sentences (a description), not code.

    Code a sentence quotes ("operations ("+", "-", "<<") with reflected operands") is
    read as a word. A description of short lines reads as prose when it is whole
    sentences: a capital first and a full stop last.
    """
    joined = " ".join(line.strip() for line in group)
    if any(_TRAILING_COMMENT.search(line) for line in group):
        return False
    # (A call named without its arguments, "Like get(), but ...", is a word too.)
    plain = _EMPTY_CALL.sub("code", _INLINE_LITERAL.sub("code", joined))
    letters = sum(c.isalpha() for c in plain)
    symbols = sum(c in "{}[]()=<>|;\\$#" for c in plain)
    sentence = bool(re.search(r"[a-z]{2,}[)*]?[.!?:](\s|$)", plain))
    average = sum(len(line.strip()) for line in group) / len(group)
    return (letters > 0 and symbols / letters < 0.05 and sentence
            and (average > 40 or len(group) == 1 or _sentences(group))
            and bool(re.search(r"[a-z]{3,} [a-z]{3,}", plain)))


def _sentences(group: list[str]) -> bool:
    """Lines that are whole sentences: a capital first, a full stop last."""
    joined = " ".join(line.strip() for line in group)
    # (A sentence may open with an acronym: "POP is a line-based protocol, ...".)
    return bool(re.match(r"[A-Z][A-Za-z]", joined)) and joined.endswith((".", "!", "?"))


def _dedent(group: list[str]) -> list[str]:
    margin = min(_indent(line) for line in group)
    return [line.replace("\t", "    ")[margin:] for line in group]


def _unwrap(group: list[str]) -> str:
    """Hard-wrapped lines joined into one paragraph.

    A line that ends with a hyphen was wrapped after the hyphen of a compound ("left-" and
    "hand"): text wrappers break there and never split a word, so the hyphen stays. (PDF
    text, where typesetting does split words, is dehyphenated before it gets here.)
    """
    out = ""
    for line in group:
        part = " ".join(line.split())
        if out.endswith("-") and len(out) > 1 and out[-2].isalpha() and part[:1].islower():
            out = out + part
        else:
            out = f"{out} {part}" if out else part
    return out


# -- PDF ---------------------------------------------------------------------------------


def pdf_blocks(pages: list[str]) -> list[Block]:
    """Blocks of a PDF's page texts, without running headers, footers and page numbers."""
    edge: Counter[str] = Counter()
    page_lines = [[line for line in page.splitlines() if line.strip()] for page in pages]

    def edges(lines: list[str]) -> set[int]:
        # The first and last line of a page, and the second ones on a long page.
        depth = 2 if len(lines) > 8 else 1
        return set(range(min(depth, len(lines)))) | set(
            range(max(len(lines) - depth, 0), len(lines)))

    for lines in page_lines:
        for n in edges(lines):
            edge[_edge_key(lines[n])] += 1
    recurring = {k for k, n in edge.items() if len(pages) >= 3 and n >= 0.5 * len(pages)}
    kept = []
    for lines in page_lines:
        at_edge = edges(lines)
        for n, line in enumerate(lines):
            if n in at_edge and (_edge_key(line) in recurring or re.fullmatch(
                    r"\s*(page\s*)?\d+(\s*(of|/)\s*\d+)?\s*", line, re.IGNORECASE)):
                continue
            kept.append(line)
        kept.append("")
    return text_blocks(_paragraphs_from_lines(kept))


def _edge_key(line: str) -> str:
    """A header or footer line with its page number masked, so every page's copy matches."""
    return re.sub(r"\d+", "#", " ".join(line.split()).lower())


_SPLIT_WORD = re.compile(r"[a-z]-\s*$")


def _paragraphs_from_lines(lines: list[str]) -> str:
    """Blank lines between paragraphs, which PDF text lacks.

    A paragraph ends at a line that ends a sentence well short of the usual line length.
    """
    widths = sorted(len(line) for line in lines if line.strip())
    typical = widths[len(widths) * 3 // 4] if widths else 0
    out: list[str] = []
    for line in lines:
        if out and _SPLIT_WORD.search(out[-1]) and line.lstrip()[:1].islower():
            # Typesetting split a word at the line's end ("hyphen-" / "ation"): rejoin it.
            first, _, rest = line.lstrip().partition(" ")
            out[-1] = out[-1].rstrip()[:-1] + first
            if not rest:
                continue
            line = rest
        out.append(line)
        stripped = line.rstrip()
        if stripped.endswith((".", "!", "?", ":")) and len(stripped) < 0.8 * typical:
            out.append("")
    return "\n".join(out)
