"""HTML pages as structure: main content only, headings with their anchors, lists, tables.

Parsed with lexbor (selectolax), an HTML5 parser that recovers from broken markup the
way browsers do. What is not main content never becomes a block: scripts and styles,
``nav``/``aside``/``footer`` and page-level ``header`` elements, elements whose role or
class/id names navigation, menus, breadcrumbs, tables of contents or footers, and any
paragraph or list made mostly of links (menus, breadcrumbs, language bars, in-page
tables of contents). Chrome that is plain text and recurs on most pages of a corpus
("Apache HTTP Server Version 2.4", a copyright line) is left out later, by repetition
across the corpus (see ``boilerplate``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import cast

from selectolax.lexbor import LexborHTMLParser, LexborNode

from research_pipeline.corpus.structure import (
    CONTINUATION,
    TERM_LEVEL,
    Block,
    code_text,
    list_text,
    neutralize_markup,
    table_text,
)

_SKIP_TAGS = frozenset({
    "script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed",
    "canvas", "button", "select", "option", "input", "textarea", "nav", "aside", "footer",
    "head", "title", "meta", "link", "img", "map", "area", "audio", "video", "dialog",
    "form", "label", "-comment",
})
_BLOCK_TAGS = frozenset({
    "p", "div", "section", "article", "main", "blockquote", "address", "figure",
    "figcaption", "center", "details", "summary", "body", "html", "hr", "header", "li",
    "dd", "dt", "td", "th", "tr", "caption", "fieldset", "legend",
})
_CODE_TAGS = frozenset({"code", "tt", "kbd", "samp", "var"})
# Boxes whose headings are captions, not sections of the page.
_BOX_TOKENS = frozenset({"note", "warning", "example", "tip", "caution", "important",
                         "admonition", "callout", "hint", "attention", "danger", "seealso",
                         "sidebar", "box", "alert", "notice"})
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_NAV_ROLES = frozenset({"navigation", "banner", "contentinfo", "search", "complementary",
                        "menu", "menubar", "toolbar", "tablist"})
_CHROME_TOKENS = frozenset({
    "nav", "navbar", "navbox", "navigation", "menu", "menubar", "breadcrumb", "breadcrumbs",
    "toc", "toctree", "pager", "pagination", "skiplink", "banner", "masthead",
    "headerlink", "permalink", "sphinxsidebar",
})
# Chrome only as a whole class or id: as a part of one they also name content.
_WEAK_CHROME = frozenset({"contents", "footer", "skip", "cookie", "cookies", "related",
                          "share", "social"})
_WORD_RE = re.compile(r"\w+")
# Permalink marks that pages put after headings.
_HEADING_MARKS = " \u00b6\u00a7#\u2693\U0001f517"
# Definition lists whose descriptions are all this short are kept together as one list.
SHORT_DEFINITION = 320
# A paragraph or list whose words are mostly link text is navigation, not content.
LINK_SHARE = 0.5


def _chrome_name(value: str) -> bool:
    for raw in value.split():
        low = raw.lower().strip("_-")
        if low.startswith(("no-", "has-", "with-", "show-", "hide-")):
            continue  # a page state ("no-sidebar"), not what the element is
        if low in _CHROME_TOKENS or low in _WEAK_CHROME or low.startswith("nav") or low.endswith(
                ("nav", "sidebar")):
            return True
        # Inside a compound name only the unambiguous words count: "skip", "related" or
        # "footer" also name content ("_skip_algorithm", "Reading the footer").
        parts = [p for p in re.split(r"[-_:.]", low) if p]
        if any(p in _CHROME_TOKENS or p.startswith("nav") for p in parts):
            return True
    return False


def _is_chrome(node: LexborNode, in_main: bool) -> bool:
    tag = node.tag
    if tag in _SKIP_TAGS:
        return True
    if tag in ("html", "body", "main", "article"):
        return False
    attrs = node.attributes
    if tag == "header" and not in_main:
        return True
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return False  # a heading is content, whatever its id says
    if "hidden" in attrs or (attrs.get("aria-hidden") or "").lower() == "true":
        return True
    if (attrs.get("role") or "").lower() in _NAV_ROLES:
        return True
    style = (attrs.get("style") or "").replace(" ", "").lower()
    if "display:none" in style:
        return True
    return _chrome_name(attrs.get("class") or "") or _chrome_name(attrs.get("id") or "")


def _in_box(node: LexborNode, root: LexborNode) -> bool:
    """True when a heading sits inside a note, warning or example box."""
    parent = node.parent
    while parent is not None and parent.mem_id != root.mem_id:
        if parent.tag in ("div", "aside", "section", "blockquote", "table"):
            names = re.split(r"[\s_-]+", (parent.attributes.get("class") or "").lower())
            if _BOX_TOKENS.intersection(names):
                return True
        parent = parent.parent
    return False


def _norm(text: str) -> str:
    return " ".join(text.split())


def _box_label(text: str) -> str:
    """The kind of box a caption or icon cell names ("Note", "Warning:"), else ""."""
    label = _norm(text).lower().rstrip(":")
    return label if label in _BOX_TOKENS else ""


def _anchor(node: LexborNode) -> str | None:
    """The anchor a heading or term carries.

    Its own id, an id or name inside it, or the id of the section element it opens.
    """
    attrs = node.attributes
    if attrs.get("id"):
        return attrs["id"]
    for inner in node.css("[id], a[name]"):
        value = inner.attributes.get("id") or inner.attributes.get("name")
        if value:
            return value
    parent = node.parent
    if parent is not None and parent.tag in ("section", "div", "article") and (
            parent.attributes.get("id")):
        first = parent.first_child
        while first is not None and (first.tag == "-text" and not (first.text_content or "").strip()
                                     or first.tag == "-comment"):
            first = first.next
        if first is not None and first.mem_id == node.mem_id:
            return parent.attributes["id"]
    return None


def _inline(node: LexborNode, skip_lists: bool = False, skip_tables: bool = False
            ) -> tuple[str, int, int]:
    """The text of a node (whitespace collapsed), its word count and its words in links.

    ``skip_lists`` leaves out nested lists and code, ``skip_tables`` nested tables (a
    cell's own text, not the table of choices it holds).
    """
    words = 0
    link_words = 0
    parts: list[str] = []
    stack: list[tuple[LexborNode, bool]] = [(node, False)]
    while stack:
        current, in_link = stack.pop()
        tag = current.tag
        if tag == "-text":
            text = current.text_content or ""
            parts.append(text)
            n = len(_WORD_RE.findall(text))
            words += n
            if in_link:
                link_words += n
            continue
        if current is not node and (tag in _SKIP_TAGS
                                    or (skip_lists and tag in ("ul", "ol", "pre"))
                                    or (skip_tables and tag == "table")):
            continue
        if tag in ("br", "p", "div", "li", "dd", "dt", "tr") and current is not node:
            parts.append(" ")
        child = current.last_child
        link = in_link or (tag == "a" and not (current.attributes.get("href") or "").lower()
                           .startswith("mailto:"))
        children = []
        while child is not None:
            children.append((child, link))
            child = child.prev
        if tag in ("td", "th") and current is not node:
            parts.append(" ")
        stack.extend(children)
    return _norm("".join(parts)), words, link_words


def _mostly_links(words: int, link_words: int, links: int) -> bool:
    """Navigation: two or more links making up most of the words, or only a link."""
    if links and words and link_words >= words:
        return True
    return links >= 2 and words > 0 and link_words / words >= LINK_SHARE


@dataclass
class HtmlPage:
    """What a page yields: title, canonical URL and content blocks."""

    title: str | None
    canonical: str | None
    blocks: list[Block] = field(default_factory=list)
    # The language the page declares (``<html lang>``, ``xml:lang`` or the
    # Content-Language header as a meta tag), lower case: "en", "pt-br".
    language: str | None = None


class _Term:
    """A stack marker: a definition term opening a sub-section."""

    def __init__(self, text: str, level: int, anchor: str | None) -> None:
        self.text, self.level, self.anchor = text, level, anchor


class _Close:
    """A stack marker: the end of a term's description."""

    def __init__(self, level: int) -> None:
        self.level = level


class _Walker:
    """Walks the main content in document order, emitting blocks."""

    def __init__(self, in_main: bool) -> None:
        self.blocks: list[Block] = []
        self.parts: list[str] = []
        self.words = 0
        self.link_words = 0
        self.links = 0
        self.code_chars = 0
        self.in_main = in_main
        # The label of an admonition laid out as a table ("Note"), until its text follows.
        self.label = ""
        self.label_at = 0

    def flush(self) -> None:
        raw = "".join(self.parts)
        text = _norm(raw)
        solid = len(text) - text.count(" ") if self.code_chars else 0
        if text and solid and self.code_chars >= 0.9 * solid:
            # A paragraph that is all inline code (an example set in <p><code>, lines
            # broken by <br>) is a code block.
            lines = [" ".join(line.split()) for line in raw.split("\n")]
            code = code_text("\n".join(line for line in lines if line))
            if code:
                self.blocks.append(Block("code", neutralize_markup(code)))
        elif text and self.label and _box_label(text) == self.label:
            pass  # the admonition's icon cell: its label opens the text that follows
        elif text and not _mostly_links(self.words, self.link_words, self.links):
            if self.label and self.label_at == len(self.blocks):
                text = f"{self.label.capitalize()}: {text}"
            self.label = ""
            self.blocks.append(Block("para", neutralize_markup(text)))
        self.parts, self.words, self.link_words, self.links = [], 0, 0, 0
        self.code_chars = 0

    def text(self, node: LexborNode, in_link: bool, in_code: bool = False) -> None:
        value = node.text_content or ""
        self.parts.append(value)
        n = len(_WORD_RE.findall(value))
        self.words += n
        if in_link:
            self.link_words += n
        if in_code:
            self.code_chars += len("".join(value.split()))

    def walk(self, root: LexborNode) -> list[Block]:
        stack: list[object] = [(root, False, False)]
        while stack:
            item = stack.pop()
            if isinstance(item, _Term):
                self.flush()
                self.blocks.append(Block("term", neutralize_markup(item.text), item.level,
                                         item.anchor))
                continue
            if isinstance(item, _Close):
                self.flush()
                self.blocks.append(Block("close", "", item.level))
                continue
            if isinstance(item, str):  # the end of a block element
                self.flush()
                continue
            node, in_link, in_code = cast(tuple[LexborNode, bool, bool], item)
            tag = node.tag
            if tag == "-text":
                self.text(node, in_link, in_code)
                continue
            if tag is None or _is_chrome(node, self.in_main):
                continue
            if tag in _HEADINGS:
                self.flush()
                text = _inline(node)[0].rstrip(_HEADING_MARKS)
                if text and _in_box(node, root):
                    # The caption of a note, warning or example box, not a section. A
                    # caption that only says what kind of box it is ("Note") opens the
                    # box's text instead.
                    if label := _box_label(text):
                        self.label, self.label_at = label, len(self.blocks)
                    else:
                        self.blocks.append(Block("para", neutralize_markup(text)))
                elif text:
                    self.blocks.append(Block("heading", neutralize_markup(text),
                                             _HEADINGS[tag], _anchor(node)))
                continue
            if tag == "pre":
                self.flush()
                self.code_block(node)
                continue
            if tag in ("ul", "ol"):
                self.flush()
                self.list_block(node, tag == "ol")
                continue
            if tag == "dl":
                self.flush()
                if not self.short_definitions(node):
                    stack.extend(reversed(self.definition_items(node)))
                continue
            if tag == "table" and self.data_table(node):
                continue
            if tag == "br":
                self.parts.append("\n" if in_code or self.code_chars else " ")
                continue
            href = node.attributes.get("href") if tag == "a" else None
            if href is not None and not href.lower().startswith("mailto:"):
                self.links += 1
            block = tag in _BLOCK_TAGS or tag == "table"
            if block:
                self.flush()
                stack.append("end")
            child = node.last_child
            link = in_link or (href is not None and not href.lower().startswith("mailto:"))
            coded = in_code or tag in _CODE_TAGS
            while child is not None:
                stack.append((child, link, coded))
                child = child.prev
        self.flush()
        return self.blocks

    def list_block(self, node: LexborNode, ordered: bool) -> None:
        _, words, link_words = _inline(node)
        links = len(node.css("a[href]"))
        if _mostly_links(words, link_words, links) or (links and link_words >= words):
            return  # a menu, a table of contents, or a list of bare links
        pending: list[LexborNode] = []
        number = 0
        for li in [c for c in _children(node) if c.tag == "li"]:
            codes = li.css("pre")
            if not codes:
                pending.append(li)
                continue
            number = self.emit_items(pending, ordered, number)
            pending = []
            if li.css_first("ul, ol") is not None:
                # Code inside an item with nested lists: the item and its lists, then
                # the code.
                number = self.emit_items([li], ordered, number)
                for pre in codes:
                    self.code_block(pre)
                continue
            # Code inside an item, in page order: the item's first text is the item, the
            # code follows as a block, text after it continues the item (indented, so it
            # is never read as the lead-in of the next items).
            item = False
            for _, value in _segments(li):
                if isinstance(value, str):
                    if not item:
                        self.blocks.append(Block("list", neutralize_markup(
                            list_text([value], ordered, [0], start=number))))
                        number += 1
                        item = True
                    else:
                        self.blocks.append(Block("list", neutralize_markup(
                            CONTINUATION + value)))
                else:
                    self.code_block(value)
        self.emit_items(pending, ordered, number)

    def code_block(self, pre: LexborNode) -> None:
        code = code_text(pre.text(deep=True, strip=False))
        if code:
            self.blocks.append(Block("code", neutralize_markup(code)))

    def emit_items(self, items: list[LexborNode], ordered: bool, start: int) -> int:
        """Emit list items as one list block; returns the count of items numbered so far."""
        texts, depths = _collect_items(items, 0, self.in_main)
        if texts:
            self.blocks.append(Block("list", neutralize_markup(
                list_text(texts, ordered, depths, start=start))))
        return start + sum(d == 0 for d in depths)

    def short_definitions(self, node: LexborNode) -> bool:
        """A definition list of short entries, emitted as one list (``term: description``).

        A glossary of one-line descriptions reads as a list and answers "which ..."
        questions with its lead-in; long descriptions become sections of their own.
        """
        pairs: list[tuple[list[str], str]] = []
        terms: list[str] = []
        for child in _children(node):
            inner = ([c for c in _children(child) if c.tag in ("dt", "dd")]
                     if child.tag == "div" else [child])
            for item in inner:
                if item.tag == "dt":
                    terms.append(_inline(item)[0])
                elif item.tag == "dd":
                    if item.css_first("pre, table, ul, ol, dl") is not None:
                        return False
                    text = _inline(item)[0]
                    if len(text) > SHORT_DEFINITION or len(item.css("p")) > 2:
                        return False
                    pairs.append((terms, text))
                    terms = []
        if len(pairs) < 2:
            return False
        items = [f"{', '.join(t for t in names if t)}: {text}" if text else ", ".join(names)
                 for names, text in pairs]
        self.blocks.append(Block("list", neutralize_markup(list_text(items))))
        return True

    def definition_items(self, node: LexborNode) -> list[object]:
        """A definition list as stack items: term, its description's nodes, close."""
        out: list[object] = []
        terms: list[LexborNode] = []
        level = TERM_LEVEL + self.dl_depth_of(node)
        for child in _children(node):
            if child.tag == "div":  # HTML allows dt/dd groups wrapped in a div
                inner = [c for c in _children(child) if c.tag in ("dt", "dd")]
            else:
                inner = [child]
            for item in inner:
                if item.tag == "dt":
                    terms.append(item)
                elif item.tag == "dd":
                    if terms:
                        text = ", ".join(t for t in (_inline(x)[0] for x in terms) if t)
                        anchor = next((a for a in (_anchor(x) for x in terms) if a), None)
                        out.append(_Term(text, level, anchor))
                        out.append((item, False, False))
                        out.append(_Close(level))
                        terms = []
                    else:
                        out.append((item, False, False))
        return out

    @staticmethod
    def dl_depth_of(node: LexborNode) -> int:
        depth = 0
        parent = node.parent
        while parent is not None:
            if parent.tag == "dl":
                depth += 1
            parent = parent.parent
        return depth

    def data_table(self, node: LexborNode) -> bool:
        """Emit a data table as one block; False for a layout table (walked as content).

        A table of data may hold tables of its own in its cells (the choices of one
        parameter, under "Choices are:"): each row keeps its cells' own text, and each table
        a cell holds follows as a table of its own, after the one that holds it.
        """
        if any(inner.mem_id != node.mem_id for inner in node.css("h1, h2, h3, h4, h5, h6")):
            return False
        nested = [inner for inner in node.css("table")
                  if inner.mem_id != node.mem_id and _holding_table(inner) == node.mem_id]
        rows: list[tuple[list[str], list[bool]]] = []
        for tr in _table_rows(node):
            cells = [c for c in _children(tr) if c.tag in ("td", "th")]
            if cells:
                rows.append(([_inline(c, skip_tables=True)[0] for c in cells],
                             [c.tag == "th" for c in cells]))
        if not rows:
            return not nested
        if max(len(cells) for cells, _ in rows) == 1:
            return False  # a one-column table is layout: its cells read as paragraphs
        label = _box_label(rows[0][0][0])
        if len(rows) == 1 and len(rows[0][0]) == 2 and label:
            if nested:
                return False  # an admonition's box that holds a table: walked as content
            # An admonition laid out as a table (AsciiDoc's "Note" icon cell beside its
            # text): a note, not a row of data. Its text reads as a paragraph that opens
            # with the label ("Note: Using this helper will store ...").
            self.flush()
            self.label, self.label_at = label, len(self.blocks)
            return False
        self.flush()
        caption = node.css_first("caption")
        if caption is not None and _inline(caption)[0]:
            self.blocks.append(Block("para", neutralize_markup(_inline(caption)[0])))
        text = table_text(rows)
        if text:
            header = rows[0][1] and all(rows[0][1]) and len(rows[0][0]) > 1
            self.blocks.append(Block("table", neutralize_markup(text), 1 if header else 0))
        for inner in nested:
            if not self.data_table(inner):
                # A layout table in a cell: its text, read as a paragraph.
                inline = _inline(inner)[0]
                if inline:
                    self.blocks.append(Block("para", neutralize_markup(inline)))
        return True


def _holding_table(node: LexborNode) -> int | None:
    """The ``mem_id`` of the nearest table that holds this node, if any."""
    parent = node.parent
    while parent is not None:
        if parent.tag == "table":
            return int(parent.mem_id)
        parent = parent.parent
    return None


def _table_rows(table: LexborNode) -> list[LexborNode]:
    """A table's own rows (in its head, bodies and foot), not those of tables in its cells."""
    rows = []
    for child in _children(table):
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(c for c in _children(child) if c.tag == "tr")
    return rows


_BLOCK_TAGS = frozenset({"p", "div", "dl", "dt", "dd", "table", "blockquote", "h1", "h2",
                         "h3", "h4", "h5", "h6", "section", "figure", "br"})


def _segments(node: LexborNode) -> list[tuple[str, str | LexborNode]]:
    """A node's content in page order as text runs and ``pre`` elements.

    Wrappers that hold code (an AsciiDoc ``listingblock`` or ``openblock``) are opened,
    so no paragraph beside the code is lost.
    """
    out: list[tuple[str, str | LexborNode]] = []
    buf: list[str] = []

    def flush() -> None:
        text = _norm("".join(buf))
        buf.clear()
        if text:
            out.append(("text", text))

    child = node.first_child
    while child is not None:
        tag = child.tag
        if tag == "-text":
            buf.append(child.text_content or "")
        elif tag == "-comment" or tag in _SKIP_TAGS:
            pass
        elif tag == "pre":
            flush()
            out.append(("code", child))
        elif child.css_first("pre") is not None:
            flush()
            out.extend(_segments(child))
        else:
            text = _inline(child)[0]
            buf.append(f" {text} " if tag in _BLOCK_TAGS else text)
        child = child.next
    flush()
    return out


def _nested_lists(li: LexborNode) -> list[LexborNode]:
    """The lists nested in an item, also inside wrappers (AsciiDoc's ``div.ulist``)."""
    out: list[LexborNode] = []
    stack = list(reversed(_children(li)))
    while stack:
        node = stack.pop()
        if node.tag in ("ul", "ol"):
            out.append(node)
        elif node.tag != "li":
            stack.extend(reversed(_children(node)))
    return out


def _children(node: LexborNode) -> list[LexborNode]:
    out = []
    child = node.first_child
    while child is not None:
        if child.tag not in ("-text", "-comment"):
            out.append(child)
        child = child.next
    return out


def _collect(lists: list[LexborNode], depth: int, in_main: bool) -> tuple[list[str], list[int]]:
    """The items of (nested) lists in document order, with their nesting depth."""
    items: list[str] = []
    depths: list[int] = []
    for lst in lists:
        sub_items, sub_depths = _collect_items(_children(lst), depth, in_main)
        items.extend(sub_items)
        depths.extend(sub_depths)
    return items, depths


def _collect_items(nodes: list[LexborNode], depth: int, in_main: bool
                   ) -> tuple[list[str], list[int]]:
    """The text of list items (``li`` nodes) and their nested lists, with depths."""
    items: list[str] = []
    depths: list[int] = []
    for li in nodes:
        if li.tag != "li" or _is_chrome(li, in_main):
            continue
        text = _inline(li, skip_lists=True)[0]
        if text:
            items.append(text)
            depths.append(depth)
        subs = _nested_lists(li)
        if subs:
            sub_items, sub_depths = _collect(subs, depth + 1, in_main)
            items.extend(sub_items)
            depths.extend(sub_depths)
    return items, depths


def parse_html(raw: str | bytes) -> HtmlPage:
    """The title, canonical URL and main-content blocks of an HTML page."""
    tree = LexborHTMLParser(raw)
    title_node = tree.css_first("title")
    title = _norm(title_node.text(deep=True)) if title_node is not None else None
    canonical = None
    for link in tree.css("link[rel]"):
        if (link.attributes.get("rel") or "").lower() == "canonical":
            canonical = link.attributes.get("href") or canonical
            break
    if canonical is None:
        meta = tree.css_first('meta[property="og:url"]')
        if meta is not None:
            canonical = meta.attributes.get("content")
    language = _declared_language(tree)
    mains = tree.css("main, [role=main]")
    root = mains[0] if len(mains) == 1 else tree.body
    if root is None:
        return HtmlPage(title or None, canonical, language=language)
    blocks = _Walker(in_main=len(mains) == 1).walk(root)
    # The page's own first heading is its title, not a section, when no other heading
    # comes before it (what precedes it is page chrome or a lead).
    first = next((i for i, b in enumerate(blocks) if b.kind in ("heading", "term")), None)
    if first is not None and blocks[first].kind == "heading" and blocks[first].level == 1:
        title = blocks[first].text
        blocks = blocks[:first] + blocks[first + 1:]
    return HtmlPage(title or None, canonical, blocks, language)


# A language tag as pages declare it, lower case: "en", "pt-br", "zh-hant-tw".
LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{1,8})*")


def _declared_language(tree: LexborHTMLParser) -> str | None:
    """The page's declared language tag, lower case, or None where it declares none."""
    declared: list[str | None] = []
    html = tree.css_first("html")
    if html is not None:
        declared += [html.attributes.get("lang"), html.attributes.get("xml:lang")]
    for meta in tree.css("meta[http-equiv]"):
        if (meta.attributes.get("http-equiv") or "").lower() == "content-language":
            # The header may list several ("en, de"): the first is the page's own.
            declared.append((meta.attributes.get("content") or "").split(",")[0])
    for value in declared:
        tag = (value or "").strip().lower().replace("_", "-")
        if LANGUAGE_TAG.fullmatch(tag):
            return tag
    return None
