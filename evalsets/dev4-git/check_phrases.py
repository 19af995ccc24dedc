#!/usr/bin/env python3
"""Check the dev4-git evaluation set against the installed git-doc HTML pages.

Adapted from ../dev3-git/check_phrases.py (itself from ../git-doc/); the HTML parsing and topic-file
reading both use are in ../html_phrases.py.

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
title/questions/expect, 2-4 questions per topic, 5 topics, 16 questions,
exactly one unanswerable question (expect []), allowed types with every
type used at least once, 1-3 phrases of 1-5 words per answerable question.

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]
       (DOC_ROOT defaults to /usr/share/doc/git-doc)
Exit status is non-zero if any check fails.
"""
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import (  # noqa: E402 - the shared helpers, one folder up
    ALLOWED_KEYS, TYPES, all_pages, norm, page_text, read_topic, topic_files)

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "annotated-and-lightweight-tags": [
        ["git-tag.html"],
        ["git-describe.html", "git-tag.html"],
        ["git-tag.html"],
    ],
    "submodules": [
        ["git-submodule.html", "gitsubmodules.html", "git-clone.html"],
        ["git-submodule.html"],
        ["git-submodule.html", "gitsubmodules.html"],
        None,
    ],
    "shallow-clones": [
        ["git-fetch.html", "git-pull.html", "user-manual.html"],
        ["git-fetch.html", "git-pull.html"],
        ["user-manual.html"],
    ],
    "reusing-conflict-resolutions": [
        ["git-rerere.html", "git-config.html"],
        ["git-rerere.html", "git-config.html"],
        ["git-rerere.html", "git-config.html"],
    ],
    "bundles": [
        ["git-bundle.html", "gitformat-bundle.html"],
        ["git-bundle.html"],
        ["git-bundle.html"],
    ],
}

# Key terms (regular expressions, matched against the lower-cased,
# whitespace-collapsed visible text of every page, <pre> included) that an
# answer to the unanswerable question would have to use.
UNANSWERABLE_TERMS = {
    ("submodules", 3): [
        r"set-url",
        r"submodule.{0,150}\b(introduced|added in|since (git )?(version |v)?[12]\.|new in|available since|first appeared)",
        r"\b(introduced|added in|since (git )?(version |v)?[12]\.\d+|new in|available since|first appeared).{0,150}submodule",
        r"\b(git|version) ?v?2\.\d+",
        r"\b2\.25\b",
        r"release ?notes",
    ],
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def words(s):
    return set(re.findall(r"[\w./@$~^:<>-]+", s))


def main():
    errors = []
    counts = Counter()
    unanswerable = []
    n_questions = 0
    topics = topic_files(HERE)
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
                where = [p for p in srcs if pn in page_text(ROOT, p)[0]]
                if where:
                    print(f"     ok   {ph!r} in {', '.join(where)}")
                else:
                    others = [p for p in all_pages(ROOT) if pn in page_text(ROOT, p)[0]]
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
                    if any(pn in h for h in page_text(ROOT, p)[1]):
                        print(f"     WARNING {ph!r} occurs in a heading of {p}")
    print()
    print(f"{len(topics)} topics, {n_questions} questions")
    for t in sorted(TYPES):
        flag = "" if counts[t] >= 1 else "   <-- unused"
        print(f"  {t:11s} {counts[t]}{flag}")
        if flag:
            errors.append(f"type {t} unused")
    print(f"unanswerable: {len(unanswerable)}")
    if len(topics) != N_TOPICS:
        errors.append(f"{len(topics)} topics, expected {N_TOPICS}")
    if n_questions != N_QUESTIONS:
        errors.append(f"{n_questions} questions, expected {N_QUESTIONS}")
    if len(unanswerable) != N_UNANSWERABLE:
        errors.append(f"{len(unanswerable)} unanswerable questions, "
                      f"expected {N_UNANSWERABLE}")

    if unanswerable:
        pages = list(all_pages(ROOT))
        print(f"\nUnanswerable question: key terms searched in all {len(pages)} pages "
              "(<pre> included)")
        for tid, i, q in unanswerable:
            print(f"  {tid} Q{i+1}: {q}")
            for term in UNANSWERABLE_TERMS.get((tid, i), []):
                hits = []
                for p in pages:
                    m = re.search(term, page_text(ROOT, p)[2])
                    if m:
                        a, b = max(0, m.start() - 60), m.end() + 60
                        hits.append((p, page_text(ROOT, p)[2][a:b]))
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
