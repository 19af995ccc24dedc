#!/usr/bin/env python3
"""Check the git-doc evaluation set against the installed git-doc HTML pages.

For every question of every topic file in this folder:
  * the expected phrases are looked up (case-insensitive, whitespace
    collapsed) in the visible body text of the page that answers it,
    with <pre> blocks (code examples, listings) left out, so a phrase
    only counts when it appears in ordinary prose;
  * the page file where each phrase was found is printed;
  * a warning is printed if a phrase is made only of words of the
    question, or occurs in a section heading of the page.
For the unanswerable questions, the key terms are searched in the
visible text of ALL pages and the hits are printed.
Also checks the front-matter format and prints the count per type.

Usage: python3 check_phrases.py [DOC_ROOT]   (default /usr/share/doc/git-doc)
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

# Page (relative to ROOT) answering each question, in question order.
# None marks a question the collection cannot answer.
PAGES = {
    "revision-syntax": ["gitrevisions.html"] * 3,
    "config-files-and-values": ["git-config.html"] * 3,
    "force-pushing-safely": ["git-push.html"] * 3,
    "stashing-work-in-progress": ["git-stash.html"] * 4,
    "bisect-scripts-and-terms": ["git-bisect.html"] * 2,
    "multiple-worktrees": ["git-worktree.html"] * 4,
    "ignoring-files": ["gitignore.html"] * 3,
    "line-endings-and-merge-attributes": ["gitattributes.html", "gitattributes.html", None],
    "glossary-terms": ["gitglossary.html"] * 2,
    "interactive-rebase": ["git-rebase.html"] * 3 + [None],
    "reverting-a-faulty-merge": ["howto/revert-a-faulty-merge.html"] * 2,
    "racy-git-index": ["technical/racy-git.html"] * 2,
}

# Key terms (regular expressions, matched against the whole-word,
# whitespace-collapsed, lower-cased visible text, <pre> included) searched in
# every page to show the two unanswerable questions really have no answer in
# the collection.
UNANSWERABLE_TERMS = {
    ("line-endings-and-merge-attributes", 2): [
        r"\blfs\b", r"git-lfs", r"large file storage", r"pointer file",
        r"filter=lfs", r"\boid sha256"],
    ("interactive-rebase", 3): [
        r"update-refs", r"update-refs.{0,200}\b(git|version|release) ?v?2\.\d+",
        r"\b2\.38\b", r"(added|introduced|new) in (git |version )?2\.\d+"],
}

def main():
    errors = []
    counts = Counter()
    unanswerable = []
    n_questions = 0
    topics = topic_files(HERE)
    for path in topics:
        tid = os.path.basename(path)[:-3]
        print(f"== {tid}")
        if not re.fullmatch(r"[a-z0-9-]+", tid):
            errors.append(f"{tid}: bad id")
        data, types, body = read_topic(path)
        if set(data) - ALLOWED_KEYS:
            errors.append(f"{tid}: extra keys {set(data) - ALLOWED_KEYS}")
        if "\n" in data["title"]:
            errors.append(f"{tid}: title not one line")
        if not body.strip():
            errors.append(f"{tid}: empty body")
        qs, ex = data["questions"], data["expect"]
        if not 2 <= len(qs) <= 4:
            errors.append(f"{tid}: {len(qs)} questions")
        if not (len(qs) == len(ex) == len(types)):
            errors.append(f"{tid}: questions/expect/type counts differ")
            continue
        pages = PAGES.get(tid)
        if pages is None or len(pages) != len(qs):
            errors.append(f"{tid}: no page mapping")
            continue
        for i, (q, phrases, t, page) in enumerate(zip(qs, ex, types, pages)):
            n_questions += 1
            parts = [x.strip() for x in t.split(",")]
            qtype = parts[0]
            if qtype not in TYPES:
                errors.append(f"{tid}[{i}]: bad type {qtype}")
            counts[qtype] += 1
            is_unans = "unanswerable" in parts[1:]
            print(f"  Q{i+1} [{t}] {q}")
            if is_unans or page is None:
                if not (is_unans and page is None and phrases == []):
                    errors.append(f"{tid}[{i}]: unanswerable marking mismatch")
                unanswerable.append((tid, i, q))
                terms = UNANSWERABLE_TERMS.get((tid, i), [])
                for term in terms:
                    hits = [p for p in all_pages(ROOT)
                            if re.search(term, page_text(ROOT, p)[2])]
                    print(f"     term {term!r}: {len(hits)} page(s) "
                          f"{hits[:6]}{' ...' if len(hits) > 6 else ''}")
                print("     -> not in the collection (expect [])")
                continue
            if not 1 <= len(phrases) <= 3:
                errors.append(f"{tid}[{i}]: {len(phrases)} phrases")
            text, heads = page_text(ROOT, page)[:2]
            qnorm = norm(q)
            qwords = set(re.findall(r"[\w./@$~^:-]+", qnorm))
            for ph in phrases:
                pn = norm(ph)
                nwords = len(pn.split())
                found = pn in text
                status = "OK " if found else "MISSING"
                print(f"     {status} {ph!r} in {page}")
                if not found:
                    others = [p for p in all_pages(ROOT) if pn in page_text(ROOT, p)[0]]
                    errors.append(f"{tid}[{i}]: {ph!r} not in {page} "
                                  f"(found in {others[:5]})")
                if not 1 <= nwords <= 5:
                    errors.append(f"{tid}[{i}]: {ph!r} has {nwords} words")
                if set(re.findall(r"[\w./@$~^:-]+", pn)) <= qwords:
                    print(f"     WARNING {ph!r} only uses words of the question")
                if any(pn in h for h in heads):
                    print(f"     WARNING {ph!r} occurs in a heading of {page}")
    print()
    print(f"{len(topics)} topics, {n_questions} questions")
    for t in sorted(TYPES):
        print(f"  {t:11s} {counts[t]}")
        if counts[t] < 3:
            errors.append(f"type {t} used {counts[t]} times")
    print(f"unanswerable: {len(unanswerable)}")
    if len(unanswerable) != 2 or len({u[0] for u in unanswerable}) != 2:
        errors.append("need exactly two unanswerable questions in two topics")
    if errors:
        print("\nFAILURES:")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
