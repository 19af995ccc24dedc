#!/usr/bin/env python3
"""Check the dev12-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: diff-drivers Q4,
whose key-term hits read by hand are in REVIEWED_HITS.
The rules are those of ``html_phrases.check_reviewed_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_reviewed_set  # noqa: E402 - shared helpers, one folder up

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "aliases": [
        ["git-config.html"],
        ["git-config.html"],
        ["git-config.html"],
    ],
    "diff-drivers": [
        ["gitattributes.html"],
        ["gitattributes.html", "git-format-patch.html"],
        ["gitattributes.html", "git-config.html"],
        None,
    ],
    "partial-clone": [
        ["git-clone.html"],
        ["gitrepository-layout.html"],
        ["technical/partial-clone.html"],
    ],
    "rev-parse": [
        ["git-rev-parse.html"],
        ["git-rev-parse.html"],
        ["git-rev-parse.html"],
    ],
    "signing": [
        ["git-config.html", "git-commit.html"],
        ["git-config.html"],
        ["git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
CONV = r"(textconv|text[ -]conver\w*)"
FAILURE = (r"\b(fail\w*|errors?|exit\w*|non-?zero|crash\w*|fall(s|ing)? ?back|abort\w*"
           r"|die[sd]?)\b")
T_CONV_FAIL = CONV + r".{0,300}" + FAILURE
T_FAIL_CONV = FAILURE + r".{0,300}" + CONV
T_FALLBACK_BINARY = r"\bfall(s|ing)?[ -]?back\b.{0,200}binar|binar.{0,200}\bfall(s|ing)?[ -]?back\b"
T_BINARY_DIFFER = r"binary files \S* ?differ"
T_DRIVER_FAIL = (r"(diff driver|external diff|git_external_diff|ext-diff).{0,200}"
                 r"\b(fail\w*|errors?|exit (code|status)|non-?zero|crash\w*|abort\w*|die[sd]?)\b")
T_FILTER_FAIL = (r"\b(filter|conversion|convert\w*) (program|command|driver)s?\b.{0,200}"
                 r"\b(fail\w*|exit\w*|non-?zero|errors?)\b")

UNANSWERABLE_TERMS = {
    ("diff-drivers", 3): [T_CONV_FAIL, T_FAIL_CONV, T_FALLBACK_BINARY, T_BINARY_DIFFER,
                          T_DRIVER_FAIL, T_FILTER_FAIL],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
HEADINGS = ("the match runs across the page's section headings (\"Choosing textconv "
            "versus external diff ... Checking whitespace errors\"), not a sentence "
            "about a failing converter or driver")
DIFF_OPTIONS = ("--exit-code/--quiet (the diff's own exit status) and --ext-diff, followed "
                "by --textconv, which only says when text conversion filters run and that "
                "their output cannot be applied; nothing about a failing filter")
REVIEWED_HITS = {
    ("gitattributes.html", T_CONV_FAIL): HEADINGS,
    ("gitattributes.html", T_DRIVER_FAIL): HEADINGS,
    ("gitattributes.html", T_BINARY_DIFFER): (
        "\"Binary files differ\" is what an unset diff attribute, an unspecified one on "
        "content that does not look like text, and -diff produce; not what happens when "
        "a textconv program fails"),
    ("gitattributes.html", T_FILTER_FAIL): (
        "near miss: the filter attribute's clean/smudge driver that exits with a non-zero "
        "status is not an error but a no-op passthru (unless filter.<driver>.required is "
        "set); that is content filtering on checkout and add, not a diff driver's "
        "textconv program"),
    ("git-grep.html", T_FAIL_CONV): ("grep.fallbackToNoIndex (fall back to git grep "
                                     "--no-index outside a repository) at the end of the "
                                     "page, then the synopsis's --textconv; unrelated"),
}
for _page in ("git-diff.html", "git-diff-files.html", "git-diff-index.html",
              "git-diff-tree.html"):
    REVIEWED_HITS[_page, T_FAIL_CONV] = DIFF_OPTIONS

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
