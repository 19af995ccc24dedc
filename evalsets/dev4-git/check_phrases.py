#!/usr/bin/env python3
"""Check the dev4-git eval set against the installed git-doc HTML pages.

5 topics of 2-4 questions (16); one unanswerable question: submodules Q4.
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


def main():
    check_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, N_TOPICS, N_QUESTIONS, N_UNANSWERABLE)


if __name__ == "__main__":
    main()
