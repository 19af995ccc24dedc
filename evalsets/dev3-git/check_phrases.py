#!/usr/bin/env python3
"""Check the dev3-git eval set against the installed git-doc HTML pages.

6 topics of 2-4 questions (16); one unanswerable question: branch-naming-rules Q4.
The rules are those of ``html_phrases.check_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_set  # noqa: E402 - the shared helpers, one folder up

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

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 16, 1


def main():
    check_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, N_TOPICS, N_QUESTIONS, N_UNANSWERABLE)


if __name__ == "__main__":
    main()
