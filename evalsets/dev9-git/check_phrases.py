#!/usr/bin/env python3
"""Check the dev9-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: shortlog-and-mailmap Q4.
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
