#!/usr/bin/env python3
"""Check the dev3-git evaluation set against the installed git-doc HTML pages.

Adapted from ../git-doc/check_phrases.py (the HTML parsing is copied from
there, so that this file does not depend on that one's command line).

For every question of every topic file in this folder:
  * answerable questions: every expected phrase must occur (case-insensitive,
    whitespace collapsed) in the visible body text of at least one of the
    pages that answer it, with <pre> blocks (code examples, listings) left
    out, so a phrase only counts when it appears in ordinary prose.  The
    page(s) where each phrase was found are printed.  A phrase fails if it
    is copied from the question; a warning is printed if it is made only of
    words of the question or occurs in a section heading.
  * the unanswerable question: its key terms (regular expressions) are
    searched in the visible text of ALL pages (<pre> included); every hit is
    printed with a short excerpt, to be read by hand (none may state the
    answer).
It also checks the structural rules of this set: YAML front matter with
title/questions/expect, 2-4 questions per topic, 6 topics, 16 questions,
exactly one unanswerable question (expect []), allowed types with every
type used at least once, 1-3 phrases of 1-5 words per answerable question.

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]
       (DOC_ROOT defaults to /usr/share/doc/git-doc)
Exit status is non-zero if any check fails.
"""
import glob
import os
import re
import sys
from collections import Counter
from html.parser import HTMLParser

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "reset-modes": [["git-reset.html"]] * 3,
    "cleaning-untracked-files": [["git-clean.html", "git-config.html"],
                                 ["git-clean.html"]],
    "cherry-picking": [["git-cherry-pick.html"]] * 2,
    "credential-helpers": [
        ["git-credential-cache.html"],
        ["git-credential-cache.html", "git-credential-store.html", "gitfaq.html"],
        ["gitfaq.html"],
    ],
    "branch-naming-rules": [["git-check-ref-format.html"]] * 3 + [None],
    "garbage-collection": [["git-gc.html", "git-config.html", "git-reflog.html"],
                           ["git-gc.html"]],
}

# Key terms (regular expressions, matched against the lower-cased,
# whitespace-collapsed visible text of every page, <pre> included) that an
# answer to the unanswerable question would have to use.
UNANSWERABLE_TERMS = {
    ("branch-naming-rules", 3): [
        r"maximum length", r"max(imum)? (ref|branch|name) ?length",
        r"(branch|ref|reference) ?names?.{0,80}\b(long|length|characters|bytes)\b",
        r"\b(long|length)\b.{0,80}(branch|ref|reference) ?names?",
        r"(length limit|limited to|at most|no longer than|up to \d+).{0,40}(branch|refname|ref name|reference name)",
        r"\b255\b", r"name_max", r"path_max",
    ],
}

TYPES = {"definition", "list", "procedure", "number", "comparison",
         "reason", "yesno"}
ALLOWED_KEYS = {"title", "questions", "expect", "max_rounds"}
N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 16, 1


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
    return re.sub(r"\s+", " ", s).strip().lower()


_cache = {}


def page_text(rel):
    """(prose, headings, prose + <pre> text) of one page, normalised."""
    if rel not in _cache:
        p = Visible()
        with open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace") as f:
            p.feed(f.read())
        _cache[rel] = (norm("".join(p.prose)), [norm(h) for h in p.headings],
                       norm("".join(p.prose) + " " + " ".join(p.code)))
    return _cache[rel]


def all_pages():
    for path in sorted(glob.glob(os.path.join(ROOT, "*.html")) +
                       glob.glob(os.path.join(ROOT, "*", "*.html"))):
        yield os.path.relpath(path, ROOT)


def read_topic(path):
    raw = open(path, encoding="utf-8").read()
    m = re.match(r"---\n(.*?)\n---\n(.*)", raw, re.S)
    if not m:
        raise ValueError("no front matter")
    front, body = m.group(1), m.group(2)
    data = yaml.safe_load(front)
    types = []
    for line in front.splitlines():
        if line.strip().startswith("- ") and "# type:" in line:
            types.append(line.split("# type:", 1)[1].strip())
    return data, types, body


def words(s):
    return set(re.findall(r"[\w./@$~^:<>-]+", s))


def main():
    errors = []
    counts = Counter()
    unanswerable = []
    n_questions = 0
    topic_files = sorted(f for f in glob.glob(os.path.join(HERE, "*.md"))
                         if os.path.basename(f) != "README.md")
    for path in topic_files:
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
        pages = PAGES.get(tid)
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
                where = [p for p in srcs if pn in page_text(p)[0]]
                if where:
                    print(f"     ok   {ph!r} in {', '.join(where)}")
                else:
                    others = [p for p in all_pages() if pn in page_text(p)[0]]
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
                    if any(pn in h for h in page_text(p)[1]):
                        print(f"     WARNING {ph!r} occurs in a heading of {p}")
    print()
    print(f"{len(topic_files)} topics, {n_questions} questions")
    for t in sorted(TYPES):
        flag = "" if counts[t] >= 1 else "   <-- unused"
        print(f"  {t:11s} {counts[t]}{flag}")
        if flag:
            errors.append(f"type {t} unused")
    print(f"unanswerable: {len(unanswerable)}")
    if len(topic_files) != N_TOPICS:
        errors.append(f"{len(topic_files)} topics, expected {N_TOPICS}")
    if n_questions != N_QUESTIONS:
        errors.append(f"{n_questions} questions, expected {N_QUESTIONS}")
    if len(unanswerable) != N_UNANSWERABLE:
        errors.append(f"{len(unanswerable)} unanswerable questions, "
                      f"expected {N_UNANSWERABLE}")

    if unanswerable:
        pages = list(all_pages())
        print(f"\nUnanswerable question: key terms searched in all {len(pages)} pages "
              "(<pre> included)")
        for tid, i, q in unanswerable:
            print(f"  {tid} Q{i+1}: {q}")
            for term in UNANSWERABLE_TERMS.get((tid, i), []):
                hits = []
                for p in pages:
                    m = re.search(term, page_text(p)[2])
                    if m:
                        a, b = max(0, m.start() - 60), m.end() + 60
                        hits.append((p, page_text(p)[2][a:b]))
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


if __name__ == "__main__":
    main()
