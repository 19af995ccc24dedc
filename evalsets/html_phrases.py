"""Helpers shared by the eval sets checked against a collection of HTML pages
(git-doc, dev3-git, dev4-git, apache, dev4-apache).

Each set's ``check_phrases.py`` keeps its own data (answering pages, key terms
of its unanswerable questions, counts and rules) and its own checks; this
module holds what they read the same way: topic files (YAML front matter with
``# type:`` comments) and the visible text of the pages of a collection root.
"""
import glob
import os
import re
import sys
from collections import Counter
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


# The checks of the sets that name their answering pages per question (dev3-git,
# dev4-git); each passes its own data.
def words(s):
    return set(re.findall(r"[\w./@$~^:<>-]+", s))


def check_set(here, root, pages_by_topic, unanswerable_terms, n_topics, n_questions,
              n_unanswerable):
    """Check one set's topic files against the pages that answer them (see a set's
    check_phrases.py for what is checked); exits non-zero when a check fails."""
    errors = []
    counts = Counter()
    unanswerable = []
    n_questions = 0
    topics = topic_files(here)
    for path in topics:
        tid = os.path.basename(path)[:-3]
        data, types, body = read_topic(path)
        print(f"== {tid}: {data.get('title')}")
        if not re.fullmatch(r"[a-z0-9-]+", tid):
            errors.append(f"{tid}: bad id")
        if set(data) - ALLOWED_KEYS:
            errors.append(f"{tid}: extra keys {set(data) - ALLOWED_KEYS}")
        if not isinstance(data.get("title"), str) or "\n" in data["title"]:
            errors.append(f"{tid}: title missing or not one line")
        if not body.strip():
            errors.append(f"{tid}: empty body")
        qs, ex = data.get("questions", []), data.get("expect", [])
        if not 2 <= len(qs) <= 4:
            errors.append(f"{tid}: {len(qs)} questions")
        if not (len(qs) == len(ex) == len(types)):
            errors.append(f"{tid}: questions/expect/type counts differ")
            continue
        pages = pages_by_topic.get(tid)
        if pages is None or len(pages) != len(qs):
            errors.append(f"{tid}: no page mapping for every question")
            continue
        for i, (q, phrases, t, srcs) in enumerate(zip(qs, ex, types, pages)):
            n_questions += 1
            parts = [x.strip() for x in t.split(",")]
            qtype = parts[0]
            if qtype not in TYPES:
                errors.append(f"{tid}[{i}]: bad type {qtype}")
            counts[qtype] += 1
            is_unans = "unanswerable" in parts[1:]
            print(f"  Q{i+1} [{t}] {q}")
            if is_unans or srcs is None:
                if not (is_unans and srcs is None and phrases == []):
                    errors.append(f"{tid}[{i}]: unanswerable marking mismatch")
                unanswerable.append((tid, i, q))
                print("     -> not in the collection (expect []); key terms searched below")
                continue
            if not phrases or not 1 <= len(phrases) <= 3:
                errors.append(f"{tid}[{i}]: expect must hold 1 to 3 phrases")
                continue
            qnorm = norm(q)
            for ph in phrases:
                pn = norm(ph)
                nwords = len(pn.split())
                where = [p for p in srcs if pn in page_text(root, p)[0]]
                if where:
                    print(f"     ok   {ph!r} in {', '.join(where)}")
                else:
                    others = [p for p in all_pages(root) if pn in page_text(root, p)[0]]
                    print(f"     FAIL {ph!r} not in {', '.join(srcs)}")
                    errors.append(f"{tid}[{i}]: {ph!r} not in {srcs} "
                                  f"(found in {others[:5]})")
                if not 1 <= nwords <= 5:
                    errors.append(f"{tid}[{i}]: {ph!r} has {nwords} words")
                if pn in qnorm:
                    errors.append(f"{tid}[{i}]: {ph!r} is copied from the question")
                elif words(pn) <= words(qnorm):
                    print(f"     WARNING {ph!r} only uses words of the question")
                for p in where:
                    if any(pn in h for h in page_text(root, p)[1]):
                        print(f"     WARNING {ph!r} occurs in a heading of {p}")
    print()
    print(f"{len(topics)} topics, {n_questions} questions")
    for t in sorted(TYPES):
        flag = "" if counts[t] >= 1 else "   <-- unused"
        print(f"  {t:11s} {counts[t]}{flag}")
        if flag:
            errors.append(f"type {t} unused")
    print(f"unanswerable: {len(unanswerable)}")
    if len(topics) != n_topics:
        errors.append(f"{len(topics)} topics, expected {n_topics}")
    if n_questions != n_questions:
        errors.append(f"{n_questions} questions, expected {n_questions}")
    if len(unanswerable) != n_unanswerable:
        errors.append(f"{len(unanswerable)} unanswerable questions, "
                      f"expected {n_unanswerable}")

    if unanswerable:
        pages = list(all_pages(root))
        print(f"\nUnanswerable question: key terms searched in all {len(pages)} pages "
              "(<pre> included)")
        for tid, i, q in unanswerable:
            print(f"  {tid} Q{i+1}: {q}")
            for term in unanswerable_terms.get((tid, i), []):
                hits = []
                for p in pages:
                    m = re.search(term, page_text(root, p)[2])
                    if m:
                        a, b = max(0, m.start() - 60), m.end() + 60
                        hits.append((p, page_text(root, p)[2][a:b]))
                print(f"     term {term!r}: {len(hits)} page(s)")
                for p, snip in hits:
                    print(f"        {p}: ...{snip}...")
        print("  (every hit above must be read by hand: none may state the answer)")

    if errors:
        print("\nFAILURES:")
        for e in errors:
            print("  " + e)
        print("\nSOME CHECKS FAILED")
        sys.exit(1)
    print("\nALL CHECKS PASSED")
