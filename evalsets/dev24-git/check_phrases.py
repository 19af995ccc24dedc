#!/usr/bin/env python3
"""Check the dev24-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: pack-plumbing Q3,
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
    "adding-git-subcommands": [
        ["howto/new-command.html"],
        ["howto/new-command.html"],
        ["howto/new-command.html"],
    ],
    "making-tags-with-mktag": [
        ["git-mktag.html"],
        ["git-mktag.html"],
        ["git-mktag.html"],
    ],
    "merging-with-merge-index": [
        ["git-merge-index.html"],
        ["git-merge-index.html"],
        ["git-merge-index.html"],
    ],
    "pack-plumbing": [
        ["git-unpack-objects.html"],
        ["git-show-index.html"],
        None,
    ],
    "reviewing-git-patches": [
        ["ReviewingGuidelines.html"],
        ["ReviewingGuidelines.html"],
        ["ReviewingGuidelines.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_UF = r"unpack-file"
T_MF = r"\.merge_file"
T_TMP = (r"\btemp(orary)?[ -]?files?\b[^.]{0,150}\b(remov|delet|clean)\w*"
         r"|\b(remov|delet|clean)\w*[^.]{0,150}\btemp(orary)?[ -]?files?\b")

UNANSWERABLE_TERMS = {
    ("pack-plumbing", 2): [T_UF, T_MF, T_TMP],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "unpack-file" anywhere.
    ("git-unpack-file.html", T_UF): (
        "the unpack-file manual, the near miss: it \"Creates a file holding the contents of "
        "the blob specified by sha1\" and \"returns the name of the temporary file in the "
        "following format: .merge_file_XXXXX\"; it never says who removes the file or when"),
    ("git.html", T_UF): (
        "the command list: \"git-unpack-file(1) Creates a temporary file with a blob's "
        "contents\"; nothing about removing it"),
    ("index.html", T_UF): (
        "the same command list (index.html is a symbolic link to git.html)"),
    # ".merge_file" anywhere.
    ("git-unpack-file.html", T_MF): (
        "the name format \".merge_file_XXXXX\" of the file unpack-file writes; no word on "
        "its removal"),
    # "temporary file(s)" near "remove"/"delete"/"clean".
    ("git-config.html", T_TMP): (
        "mergetool.keepTemporaries: git mergetool's own temporary files \"will be preserved, "
        "otherwise they will be removed after the tool has exited\"; about git mergetool, "
        "not git unpack-file"),
    ("git-mergetool.html", T_TMP): (
        "the same mergetool.keepTemporaries text in git mergetool's manual; about the "
        "mergetool's files, not unpack-file"),
    ("git.html", T_TMP): (
        "GIT_EXTERNAL_DIFF: \"GIT_EXTERNAL_DIFF should not worry about unlinking the temporary "
        "file --- it is removed when GIT_EXTERNAL_DIFF exits\"; the diff driver's temporary "
        "file, not unpack-file's"),
    ("index.html", T_TMP): (
        "the same GIT_EXTERNAL_DIFF text (index.html is a symbolic link to git.html)"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
