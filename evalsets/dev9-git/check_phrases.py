#!/usr/bin/env python3
"""Check the dev9-git evaluation set against the installed git-doc HTML pages.

Adapted from ../dev8-git/check_phrases.py; the HTML parsing, the topic-file
reading and the per-question checks are in ../html_phrases.py (check_set).

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
title/questions/expect, 3-4 questions per topic, 5 topics, 16 questions,
exactly one unanswerable question (expect []), allowed types with every
type used at least once, 1-3 phrases of 1-5 words per answerable question.

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]
       (DOC_ROOT defaults to /usr/share/doc/git-doc)
Exit status is non-zero if any check fails.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_set  # noqa: E402 - shared helpers, one folder up

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "fetch-pruning": [
        ["git-fetch.html", "git-config.html"],
        ["git-fetch.html"],
        ["git-fetch.html"],
    ],
    "range-diff": [
        ["git-range-diff.html"],
        ["git-range-diff.html"],
        ["git-range-diff.html"],
    ],
    "replace-refs": [
        ["git-replace.html"],
        ["git-replace.html"],
        ["git-replace.html", "git.html"],
    ],
    "shortlog-and-mailmap": [
        ["git-shortlog.html"],
        ["gitmailmap.html", "git-shortlog.html"],
        ["git-shortlog.html"],
        None,
    ],
    "status-output": [
        ["git-status.html"],
        ["git-status.html"],
        ["git-status.html"],
    ],
}

# Key terms (regular expressions, matched against the lower-cased,
# whitespace-collapsed visible text of every page, <pre> included) that an
# answer to the unanswerable question would have to use.
UNANSWERABLE_TERMS = {
    ("shortlog-and-mailmap", 3): [
        r"\bgithub\b.{0,200}\b(mailmap|contributors?|authors?|shortlog|insights)\b",
        r"\b(mailmap|contributors?|shortlog)\b.{0,200}\bgithub\b",
        r"\bgithub\b.{0,200}\b(names?|e-?mails?|identit(y|ies))\b",
        r"\b(gitlab|bitbucket|gitea|sourcehut)\b",
        r"\bcontributors? (page|graph|list|stats|statistics|insights)\b",
        r"\bhosting (services?|sites?|providers?|platforms?)\b.{0,200}\bmailmap\b",
        r"\bmailmap\b.{0,200}\b(hosting|web ?sites?|web interfaces?|web ui|forges?)\b",
    ],
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    check_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, N_TOPICS, N_QUESTIONS, N_UNANSWERABLE,
              per_topic=(3, 4))


if __name__ == "__main__":
    main()
