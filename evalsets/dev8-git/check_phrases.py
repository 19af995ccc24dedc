#!/usr/bin/env python3
"""Check the dev8-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: merge-strategies Q4.
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
    "emailed-patches": [
        ["git-am.html"],
        ["git-format-patch.html"],
        ["git-am.html"],
    ],
    "git-archive": [
        ["git-archive.html"],
        ["git-archive.html"],
        ["git-archive.html"],
    ],
    "git-grep": [
        ["git-grep.html"],
        ["git-grep.html"],
        ["git-grep.html", "git-config.html"],
    ],
    "log-history-limiting": [
        ["git-log.html"],
        ["git-log.html", "git-rev-list.html"],
        ["git-log.html", "git-rev-list.html"],
    ],
    "merge-strategies": [
        ["git-merge.html", "git-pull.html"],
        ["git-merge.html", "gitfaq.html"],
        ["git-merge.html", "git-pull.html"],
        None,
    ],
}

# Key terms (regular expressions, matched against the lower-cased,
# whitespace-collapsed visible text of every page, <pre> included) that an
# answer to the unanswerable question would have to use.
UNANSWERABLE_TERMS = {
    ("merge-strategies", 3): [
        r"\bort\b.{0,200}\b(faster|slower|speed|speedup|performance|quicker|times|benchmarks?|timings?)\b",
        r"\b(faster|slower|speed|speedup|performance|quicker)\b.{0,200}\bort\b",
        r"\brecursive\b.{0,150}\b(faster|slower|speed|speedup|performance|quicker)\b",
        r"\b(faster|slower|speed|speedup|performance|quicker)\b.{0,150}\brecursive\b",
        r"\bmerg(e|es|ing)\b.{0,80}\b(faster|slower|speedup|speed up|quicker)\b",
        r"\b(faster|slower|speedup|speed up|quicker)\b.{0,80}\bmerg(e|es|ing)\b",
        r"\btimes (faster|slower)\b|\b\d+(\.\d+)? ?x (faster|slower)\b|\bspeedup\b|benchmark",
        r"ostensibly recursive",
    ],
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    check_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, N_TOPICS, N_QUESTIONS, N_UNANSWERABLE,
              per_topic=(3, 4))


if __name__ == "__main__":
    main()
