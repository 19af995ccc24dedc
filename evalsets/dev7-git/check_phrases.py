#!/usr/bin/env python3
"""Check the dev7-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: notes Q4.
The rules are those of ``html_phrases.check_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
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
    "background-maintenance": [
        ["git-maintenance.html", "git-config.html"],
        ["git-maintenance.html"],
        ["git-maintenance.html"],
    ],
    "blame": [
        ["git-blame.html", "git-config.html"],
        ["git-blame.html"],
        ["git-blame.html"],
    ],
    "notes": [
        ["git-notes.html"],
        ["git-notes.html", "git-config.html"],
        ["git-notes.html", "git-config.html"],
        None,
    ],
    "sparse-checkout": [
        ["git-sparse-checkout.html"],
        ["git-sparse-checkout.html"],
        ["git-sparse-checkout.html"],
    ],
    "switch-and-restore": [
        ["git-switch.html", "git-checkout.html"],
        ["git-restore.html"],
        ["git-restore.html"],
    ],
}

# Key terms (regular expressions, matched against the lower-cased,
# whitespace-collapsed visible text of every page, <pre> included) that an
# answer to the unanswerable question would have to use.
UNANSWERABLE_TERMS = {
    ("notes", 3): [
        r"\bnotes\b.{0,150}\b(size|limit|maximum|bytes)\b",
        r"\b(size|limit|maximum|bytes)\b.{0,150}\bnotes\b",
        r"\b(git notes|notes? (objects?|messages?|blobs?|refs?|trees?|contents?))\b.{0,150}"
        r"\b(size|limit|maximum|max|bytes?|too large|too big|too long)\b",
        r"\bnotes?\b.{0,80}\b\d+ ?(k|m|g)i?b\b",
        r"\b(max|maximum|largest|limit)\b.{0,40}\bblobs?\b",
        r"\bblobs?\b.{0,60}(size limit|maximum size|too large|largest)",
        r"bigfilethreshold",
    ],
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    check_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, N_TOPICS, N_QUESTIONS, N_UNANSWERABLE,
              per_topic=(3, 4))


if __name__ == "__main__":
    main()
