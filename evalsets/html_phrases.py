"""Helpers shared by the eval sets checked against a collection of HTML pages
(git-doc, dev3-git, apache).

Each set's ``check_phrases.py`` keeps its own data (answering pages, key terms
of its unanswerable questions, counts and rules) and its own checks; this
module holds what they read the same way: topic files (YAML front matter with
``# type:`` comments) and the visible text of the pages of a collection root.
"""
import glob
import os
import re
from html.parser import HTMLParser

import yaml

TYPES = {"definition", "list", "procedure", "number", "comparison",
         "reason", "yesno"}
ALLOWED_KEYS = {"title", "questions", "expect", "max_rounds"}


class Visible(HTMLParser):
    """Collects visible body text; <pre> text and heading text kept apart."""
    HIDDEN = {"script", "style", "head", "title"}
    BLOCK = {"p", "div", "br", "li", "tr", "td", "th", "dt", "dd",
             "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hidden = 0
        self.pre = 0
        self.heading = 0
        self.prose = []
        self.code = []
        self.headings = []

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag == "pre":
            self.pre += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self.heading += 1
            self.headings.append("")
        if tag in self.BLOCK:
            self.prose.append(" ")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag == "pre":
            self.pre = max(0, self.pre - 1)
        elif re.fullmatch(r"h[1-6]", tag):
            self.heading = max(0, self.heading - 1)
        if tag in self.BLOCK:
            self.prose.append(" ")

    def handle_data(self, data):
        if self.hidden:
            return
        if self.pre:
            self.code.append(data)
            return
        self.prose.append(data)
        if self.heading:
            self.headings[-1] += data


def norm(s):
    """Lower-cased, with runs of white space collapsed to one space."""
    return re.sub(r"\s+", " ", s).strip().lower()


_cache = {}


def page_text(root, rel):
    """(prose, headings, prose + <pre> text) of page ``rel`` under ``root``, normalised."""
    if (root, rel) not in _cache:
        p = Visible()
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            p.feed(f.read())
        _cache[root, rel] = (norm("".join(p.prose)), [norm(h) for h in p.headings],
                             norm("".join(p.prose) + " " + " ".join(p.code)))
    return _cache[root, rel]


def all_pages(root):
    """The .html pages of ``root`` and of its direct subfolders, relative to ``root``."""
    for path in sorted(glob.glob(os.path.join(root, "*.html")) +
                       glob.glob(os.path.join(root, "*", "*.html"))):
        yield os.path.relpath(path, root)


def topic_files(folder):
    """The topic files (*.md but README.md) of a set's folder, sorted."""
    return sorted(f for f in glob.glob(os.path.join(folder, "*.md"))
                  if os.path.basename(f) != "README.md")


def split_front_matter(path, error="no front matter"):
    """(YAML front matter text, body) of a topic file; ValueError(error) if it has none."""
    raw = open(path, encoding="utf-8").read()
    m = re.match(r"---\n(.*?)\n---\n(.*)", raw, re.S)
    if not m:
        raise ValueError(error)
    return m.group(1), m.group(2)


def read_topic(path):
    """(front matter data, "# type:" comment of each question line, body)."""
    front, body = split_front_matter(path)
    data = yaml.safe_load(front)
    types = []
    for line in front.splitlines():
        if line.strip().startswith("- ") and "# type:" in line:
            types.append(line.split("# type:", 1)[1].strip())
    return data, types, body
