"""Helpers and checks shared by the eval sets over a collection of HTML pages.

The helpers read topic files (YAML front matter with ``# type:`` comments) and the visible
text of the pages under a collection root; git-doc and apache use only them and check with
their own code. The other git-doc and apache-manual sets pass their own data (answering
pages, key terms of their unanswerable questions, reviewed hits, counts) to one of two
checks, whose docstrings state the rules: ``check_set`` prints the hits of the unanswerable
questions' terms to be read, the stricter ``check_reviewed_set`` fails on any hit not
already read by hand.
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


def _topic_problems(tid, data, types, body, per_topic):
    """What is wrong with one topic file's id, front matter, body and question counts."""
    problems = []
    if not re.fullmatch(r"[a-z0-9-]+", tid):
        problems.append(f"{tid}: bad id")
    extra = set(data) - ALLOWED_KEYS
    if extra:
        problems.append(f"{tid}: unexpected keys {sorted(extra)}")
    if not isinstance(data.get("title"), str) or "\n" in data["title"]:
        problems.append(f"{tid}: title missing or not one line")
    if not body.strip():
        problems.append(f"{tid}: empty body")
    qs, ex = data.get("questions") or [], data.get("expect") or []
    low, high = per_topic
    if not (low <= len(qs) <= high):
        problems.append(f"{tid}: {len(qs)} questions (need {low}-{high})")
    if len(qs) != len(ex) or len(qs) != len(types):
        problems.append(f"{tid}: {len(qs)} questions, {len(ex)} expect lists, "
                        f"{len(types)} type comments")
    return problems


def _set_problems(topics, asked, unanswerable, n_topics, n_questions, n_unanswerable):
    """What is wrong with a set's counts of topics, questions and unanswerable ones."""
    problems = []
    if topics != n_topics:
        problems.append(f"{topics} topics, expected {n_topics}")
    if asked != n_questions:
        problems.append(f"{asked} questions, expected {n_questions}")
    if unanswerable != n_unanswerable:
        problems.append(f"{unanswerable} unanswerable questions, expected {n_unanswerable}")
    return problems


def check_set(here, root, pages_by_topic, unanswerable_terms, n_topics, n_questions,
              n_unanswerable, per_topic=(2, 4)):
    """Check one set's topic files against the pages that answer them; exit 1 on a failure.

    Prints each question with where its phrases were found, a count per type, the hits of
    the unanswerable questions' key terms, then "ALL CHECKS PASSED" (and returns) or the
    failures and "SOME CHECKS FAILED" (and ``sys.exit(1)``). A topic file that cannot be
    parsed raises. Pages are read by ``page_text``: the visible text (nothing inside
    <head>, <title>, <script> or <style>; HTML entities unescaped), lower-cased with runs of
    white space collapsed; a page's "prose" is that text without the <pre> blocks (headings
    included). Phrases and questions are normalised the same way (``norm``).

    It fails when:

    * a topic id (file name without ``.md``) is not made of ``a-z``, ``0-9`` and ``-``;
      the front matter has a key other than title, questions, expect and max_rounds; the
      title is not a one-line string; the body is empty; the number of questions is
      outside ``per_topic``; the numbers of questions, expect lists and ``# type:``
      comments (the text after ``# type:`` on each front-matter line starting with
      ``- ``) differ;
    * ``pages_by_topic`` has a key that is no topic file, or no list with one entry per
      question for a topic;
    * the first comma-separated word of a type comment is not one of ``TYPES`` (further
      words other than ``unanswerable`` are ignored);
    * a question marked ``unanswerable`` in its type comment, or given ``None`` as its
      pages, does not have all three: that mark, ``None`` pages and ``expect: []``;
    * an answerable question's expect list does not hold 1 to 3 phrases;
    * a phrase is not in the prose of any of the question's pages, has fewer than 1 or
      more than 5 words, or occurs whole in the question;
    * a type of ``TYPES`` is used by no question;
    * the numbers of topics, questions or unanswerable questions are not ``n_topics``,
      ``n_questions`` and ``n_unanswerable`` (unanswerable ones may share a topic).

    Only a warning is printed when all the words of a phrase (runs of letters, digits and
    ``_./@$~^:<>-``) are words of the question, or when a phrase occurs in a heading of a
    page it was found in.

    Unanswerable questions: each regular expression of ``unanswerable_terms`` for the
    question is searched with ``re.search`` (case-sensitive, on the lower-cased text, so
    written in lower case) in the visible text, <pre> blocks included, of every page of
    ``all_pages(root)`` (the .html files of ``root`` and of its direct subfolders); each
    matching page is printed with 60 characters either side of the first match. Hits
    never fail the check, and a question with no terms is no failure: every hit must be
    read by hand, and none may state the answer.

    Args:
        here: the set's folder; its topic files are its ``*.md`` files but README.md.
        root: the collection root the pages are relative to.
        pages_by_topic: topic id -> one entry per question, in order: the list of pages
            (relative to ``root``) answering it, a phrase having to be in one of them, or
            ``None`` for an unanswerable question.
        unanswerable_terms: (topic id, question index from 0) -> regular expressions an
            answer would have to match.
        n_topics: the number of topic files the set must have.
        n_questions: the number of questions it must have.
        n_unanswerable: the number of unanswerable questions it must have.
        per_topic: the (fewest, most) questions a topic may have.
    """
    errors = []
    counts = Counter()
    unanswerable = []
    asked = 0
    topics = topic_files(here)
    stale = set(pages_by_topic) - {os.path.basename(p)[:-3] for p in topics}
    if stale:
        errors.append(f"answering pages given for no topic file: {sorted(stale)}")
    for path in topics:
        tid = os.path.basename(path)[:-3]
        data, types, body = read_topic(path)
        print(f"== {tid}: {data.get('title')}")
        qs, ex = data.get("questions") or [], data.get("expect") or []
        errors += _topic_problems(tid, data, types, body, per_topic)
        if len(qs) != len(ex) or len(qs) != len(types):
            continue
        pages = pages_by_topic.get(tid)
        if pages is None or len(pages) != len(qs):
            errors.append(f"{tid}: no page mapping for every question")
            continue
        for i, (q, phrases, t, srcs) in enumerate(zip(qs, ex, types, pages)):
            asked += 1
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
    print(f"{len(topics)} topics, {asked} questions")
    for t in sorted(TYPES):
        flag = "" if counts[t] >= 1 else "   <-- unused"
        print(f"  {t:11s} {counts[t]}{flag}")
        if flag:
            errors.append(f"type {t} unused")
    print(f"unanswerable: {len(unanswerable)}")
    errors += _set_problems(len(topics), asked, len(unanswerable),
                            n_topics, n_questions, n_unanswerable)

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


def _lower_words(s):
    return set(re.findall(r"[a-z0-9][a-z0-9_./:+*<>'-]*", s.lower()))


def check_reviewed_set(here, root, pages_by_topic, unanswerable_terms, reviewed_hits,
                       n_topics, n_questions, n_unanswerable, per_topic=(2, 4)):
    """Check one set's topic files, failing on anything a reader would have to look at.

    Stricter than ``check_set``: what that one only warns about fails here, a topic's body
    must be one paragraph, and every hit of an unanswerable question's key terms must be
    one already read by hand. Prints each question with where its phrases were found, the
    hits, a count per type, then "all checks passed" or the problems. Pages, phrases and
    questions are read and normalised as in ``check_set`` (``page_text``, ``norm``); a
    page's "prose" is its visible text without the <pre> blocks, headings included.

    It fails when:

    * a topic file cannot be parsed (no front matter, bad YAML);
    * a topic id (file name without ``.md``) is not made of ``a-z``, ``0-9`` and ``-``;
      the front matter has a key other than title, questions, expect and max_rounds; the
      title is not a one-line string; the body is empty or is not exactly one paragraph
      (paragraphs are separated by blank lines); the number of questions is outside
      ``per_topic``; the numbers of questions, expect lists and ``# type:`` comments (the
      text after ``# type:`` on each front-matter line starting with ``- ``) differ;
    * a topic has no list in ``pages_by_topic`` with one entry per question (a key that is
      no topic file is not checked);
    * a type comment is not ``<type>`` or ``<type>, unanswerable`` with a type of ``TYPES``;
    * a question marked ``unanswerable``, given ``None`` as its pages or ``expect: []``
      does not have all three;
    * an answerable question's expect is not a list of 1 to 3 phrases;
    * a phrase is not in the prose of any of the question's pages; has fewer than 1 or
      more than 5 words; occurs whole in the question; is made only of words of the
      question (lower-cased runs of a letter or digit then letters, digits and
      ``_./:+*<>'-``); or occurs in a heading of a page it was found in;
    * an unanswerable question has no key terms, or a key term has a hit not in
      ``reviewed_hits`` (below);
    * a type of ``TYPES`` is used by no question;
    * the numbers of topics, questions or unanswerable questions are not ``n_topics``,
      ``n_questions`` and ``n_unanswerable`` (unanswerable ones may share a topic).

    Unanswerable questions: each regular expression of ``unanswerable_terms`` for the
    question is searched case-insensitively (``re.search``, first match of a page) in the
    visible text, <pre> blocks and headings included, of every page of ``all_pages(root)``
    (the .html files of ``root`` and of its direct subfolders). Every page it matches must
    be listed in ``reviewed_hits`` under (page, term), with why that text does not answer
    the question; a hit not listed (a new or reworded page) is printed with 60 characters
    either side and fails the check until it is read and listed.

    Args:
        here: the set's folder; its topic files are its ``*.md`` files but README.md.
        root: the collection root the pages are relative to.
        pages_by_topic: topic id -> one entry per question, in order: the list of pages
            (relative to ``root``) answering it, a phrase having to be in one of them, or
            ``None`` for an unanswerable question.
        unanswerable_terms: (topic id, question index from 0) -> regular expressions an
            answer would have to match.
        reviewed_hits: (page, term) -> why that page's hit of the term is no answer.
        n_topics: the number of topic files the set must have.
        n_questions: the number of questions it must have.
        n_unanswerable: the number of unanswerable questions it must have.
        per_topic: the (fewest, most) questions a topic may have.

    Returns:
        The exit status: 0 when every check passes, 1 otherwise.
    """
    problems = []
    type_count = Counter()
    asked = 0
    unanswerable = []
    pages_all = list(all_pages(root))
    topics = topic_files(here)
    print(f"manual: {root}  ({len(pages_all)} pages)\n")
    for path in topics:
        tid = os.path.basename(path)[:-3]
        try:
            data, types, body = read_topic(path)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{tid}: cannot parse ({e})")
            continue
        print(f"== {tid}: {data.get('title')}")
        qs, ex = data.get("questions") or [], data.get("expect") or []
        problems += _topic_problems(tid, data, types, body, per_topic)
        if body.strip() and len([p for p in re.split(r"\n\s*\n", body.strip())
                                 if p.strip()]) != 1:
            problems.append(f"{tid}: body is not one paragraph")
        if len(qs) != len(ex) or len(qs) != len(types):
            continue
        pages = pages_by_topic.get(tid)
        if pages is None or len(pages) != len(qs):
            problems.append(f"{tid}: no answering-page list (or wrong length)")
            continue
        for i, (q, phrases, t, srcs) in enumerate(zip(qs, ex, types, pages)):
            asked += 1
            parts = [x.strip() for x in t.split(",")]
            qtype = parts[0]
            unans = "unanswerable" in parts[1:]
            if qtype not in TYPES or any(x != "unanswerable" for x in parts[1:]):
                problems.append(f"{tid} q{i + 1}: bad type comment {t!r}")
            type_count[qtype] += 1
            print(f"  q{i + 1} [{t}] {q}")
            if unans or srcs is None or phrases == []:
                if not (unans and srcs is None and phrases == []):
                    problems.append(f"{tid} q{i + 1}: unanswerable marking inconsistent")
                unanswerable.append((tid, i))
                terms = unanswerable_terms.get((tid, i), [])
                if not terms:
                    problems.append(f"{tid} q{i + 1}: no key terms to check absence")
                unreviewed = 0
                for term in terms:
                    hit_pages = []
                    for rel in pages_all:
                        prose, heads, full = page_text(root, rel)
                        text = full + " " + " ".join(heads)
                        m = re.search(term, text, re.I)
                        if m:
                            hit_pages.append(rel)
                            ctx = text[max(0, m.start() - 60):m.end() + 60]
                            why = reviewed_hits.get((rel, term))
                            if why:
                                print(f"      reviewed hit {term!r} in {rel}: not an answer ({why})")
                            else:
                                unreviewed += 1
                                print(f"      UNREVIEWED hit {term!r} in {rel}: ...{ctx}...")
                    if not hit_pages:
                        print(f"      term {term!r}: no page")
                if unreviewed:
                    problems.append(f"{tid} q{i + 1}: key terms found, review unanswerability")
                else:
                    print(f"      not in the collection: {len(terms)} key terms searched in "
                          f"{len(pages_all)} pages, no unreviewed hit")
                continue
            if not isinstance(phrases, list) or not (1 <= len(phrases) <= 3):
                problems.append(f"{tid} q{i + 1}: expect must hold 1-3 phrases")
                continue
            qnorm = norm(q)
            for ph in phrases:
                p = norm(ph)
                nwords = len(p.split())
                where = [r for r in srcs if p in page_text(root, r)[0]]
                others = [r for r in pages_all if r not in srcs and p in page_text(root, r)[0]]
                if where:
                    print(f"      OK  {ph!r} -> {', '.join(where)}"
                          f"{'  (also in ' + str(len(others)) + ' other pages)' if others else ''}")
                else:
                    print(f"      MISSING {ph!r} not in the prose of {', '.join(srcs)}"
                          f" (found in {others[:5]})")
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} not in prose of {srcs}")
                if not (1 <= nwords <= 5):
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} has {nwords} words")
                if p in qnorm:
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} is copied from the question")
                elif _lower_words(p) <= _lower_words(qnorm):
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} only repeats words of the question")
                for r in where:
                    if any(p in h for h in page_text(root, r)[1]):
                        problems.append(f"{tid} q{i + 1}: phrase {ph!r} occurs in a heading of {r}")
        print()
    print(f"topics: {len(topics)}, questions: {asked}")
    print("per type:", ", ".join(f"{t}={type_count[t]}" for t in sorted(TYPES)))
    for t in sorted(TYPES):
        if type_count[t] < 1:
            problems.append(f"type {t} unused")
    print(f"unanswerable: {len(unanswerable)}")
    problems += _set_problems(len(topics), asked, len(unanswerable),
                              n_topics, n_questions, n_unanswerable)
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print("  -", p)
        return 1
    print("\nall checks passed")
    return 0
