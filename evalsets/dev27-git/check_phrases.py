#!/usr/bin/env python3
"""Check the dev27-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: ignoring-whitespace-in-diffs Q3,
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

# The diff options (-b, -w, --ignore-cr-at-eol) are included in git-diff, git-log and
# git-show alike (and in the plumbing diff pages and git-format-patch).
DIFF_PAGES = ["git-diff.html", "git-log.html", "git-show.html"]
# The commit-limiting options (--max-parents, --left-right) are included in git-rev-list
# and git-log; --count is in git-rev-list only.
REV_LIST_PAGES = ["git-rev-list.html", "git-log.html"]

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "committing-only-some-files": [
        ["git-commit.html"],
        ["git-commit.html"],
        ["git-commit.html"],
    ],
    "counting-commits": [
        ["git-rev-list.html"],
        REV_LIST_PAGES,
        REV_LIST_PAGES,
    ],
    "ignoring-whitespace-in-diffs": [
        DIFF_PAGES,
        DIFF_PAGES,
        None,
    ],
    "managing-remotes": [
        ["git-remote.html"],
        ["git-remote.html"],
        ["git-remote.html"],
    ],
    "multi-valued-config": [
        ["git-config.html"],
        ["git-config.html"],
        ["git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_NBSP = r"non-?breaking|no-break|\bnbsp\b|u\+00a0|0xa0"
T_UNICODE_SPACE = (r"\bunicode\b[^.]{0,150}\b(white ?space|spaces?)\b"
                   r"|\b(white ?space|spaces?)\b[^.]{0,150}\bunicode\b")
T_LOCALE_SPACE = (r"\b(locale|utf-8|multibyte|multi-byte)\b[^.]{0,150}\bwhite ?space\b"
                  r"|\bwhite ?space\b[^.]{0,150}\b(locale|utf-8|multibyte|multi-byte)\b")
T_WS_DEFINED = (r"whitespace characters? as defined|\b(counts?|treated|regarded) as (a )?whitespace\b"
                r"|\bwhich characters?\b[^.]{0,60}\bwhite ?space\b")
T_IGNORE_ALL_SPACE = r"ignore-all-space"
T_SPACE_CLASS = r"\[:space:\]"

UNANSWERABLE_TERMS = {
    ("ignoring-whitespace-in-diffs", 2): [T_NBSP, T_UNICODE_SPACE, T_LOCALE_SPACE,
                                          T_WS_DEFINED, T_IGNORE_ALL_SPACE, T_SPACE_CLASS],
}

_ALL_SPACE_DIFF = (
    "the near miss, the diff option -w/--ignore-all-space: \"Ignore whitespace when "
    "comparing lines. This ignores differences even if one line has whitespace where the "
    "other line has none\" (and the same mode of --color-moved-ws); it never says which "
    "characters are whitespace, nothing on non-breaking spaces or Unicode")
_ALL_SPACE_MERGE = (
    "the ort/recursive strategy option ignore-all-space: \"Treats lines with the indicated "
    "type of whitespace change as unchanged for the sake of a three-way merge\"; which "
    "characters count as whitespace is not said")
_SPACE_CLASS_DIFF = (
    "--word-diff-regex: \"you may want to append |[^[:space:]] to your regular expression "
    "to make sure that it matches all non-whitespace characters\"; a regex class for word "
    "diffs, nothing on what -w ignores")

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # whitespace near locale / UTF-8.
    ("git-config.html", T_LOCALE_SPACE): (
        "core.checkRoundtripEncoding: \"A comma and/or whitespace separated list of "
        "encodings that Git performs UTF-8 round trip checks on\"; the syntax of a setting, "
        "not the characters a diff ignores"),
    # a definition of whitespace characters.
    ("gitweb.html", T_WS_DEFINED): (
        "the projects list file: reserved characters are ... \"all whitespace characters as "
        "defined in Perl, including SP, TAB and LF\" (to separate fields in a record); gitweb's "
        "file format, not git diff -w"),
    # --ignore-all-space anywhere.
    ("git-diff.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_DIFF,
    ("git-log.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_DIFF,
    ("git-show.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_DIFF,
    ("git-diff-files.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_DIFF,
    ("git-diff-index.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_DIFF,
    ("git-diff-tree.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_DIFF,
    ("git-format-patch.html", T_IGNORE_ALL_SPACE): (
        "the same -w/--ignore-all-space entry among format-patch's diff options; no "
        "character list"),
    ("git-merge.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_MERGE,
    ("git-pull.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_MERGE,
    ("git-rebase.html", T_IGNORE_ALL_SPACE): _ALL_SPACE_MERGE,
    # the POSIX [:space:] class.
    ("git-diff.html", T_SPACE_CLASS): _SPACE_CLASS_DIFF,
    ("git-log.html", T_SPACE_CLASS): _SPACE_CLASS_DIFF,
    ("git-show.html", T_SPACE_CLASS): _SPACE_CLASS_DIFF,
    ("git-diff-files.html", T_SPACE_CLASS): _SPACE_CLASS_DIFF,
    ("git-diff-index.html", T_SPACE_CLASS): _SPACE_CLASS_DIFF,
    ("git-diff-tree.html", T_SPACE_CLASS): _SPACE_CLASS_DIFF,
    ("gitattributes.html", T_SPACE_CLASS): (
        "the example wordRegex for TeX, \"[^\\\\{}[:space:]]+\", in a <pre> block; a word "
        "regex for --word-diff, nothing on -w"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
