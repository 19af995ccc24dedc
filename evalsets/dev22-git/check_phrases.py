#!/usr/bin/env python3
"""Check the dev22-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: importing-quilt-patches Q3,
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
    "importing-quilt-patches": [
        ["git-quiltimport.html"],
        ["git-quiltimport.html"],
        None,
    ],
    "listing-tree-contents": [
        ["git-ls-tree.html"],
        ["git-ls-tree.html"],
        ["git-ls-tree.html"],
    ],
    "merge-commit-messages": [
        ["git-merge.html", "git-fmt-merge-msg.html", "git-config.html"],
        ["git-merge.html", "git-fmt-merge-msg.html", "git-config.html"],
        ["git-merge.html", "git-fmt-merge-msg.html", "git-config.html"],
    ],
    "moving-files-with-git-mv": [
        ["git-mv.html"],
        ["git-mv.html"],
        ["git-mv.html"],
    ],
    "output-in-columns": [
        ["git-config.html", "git-column.html"],
        ["git-config.html", "git-column.html", "git-branch.html"],
        ["git-config.html", "git-column.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_QUILT = r"\bquilt\w*"
T_SERIES = r"\bseries files?\b"
T_LEVEL = r"\b(patch|strip)[ -]?levels?\b|leading path components"
T_PN = r"(?<![\w-])-p ?(0|1|<n>)(?![\w>])"

UNANSWERABLE_TERMS = {
    ("importing-quilt-patches", 2): [T_QUILT, T_SERIES, T_LEVEL, T_PN],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "quilt", "quiltimport", "QUILT_PATCHES" anywhere.
    ("git-quiltimport.html", T_QUILT): (
        "the quiltimport manual: applies a quilt patchset \"preserving the patch boundaries, "
        "patch order, and patch descriptions\", author and subject handling, --dry-run, "
        "--author, --patches/$QUILT_PATCHES, --series/$QUILT_SERIES and --keep-non-patch "
        "(\"Pass -b flag to git mailinfo\"); the near miss, but it never says what is done "
        "with a -p option written after a patch name in the series file"),
    ("git.html", T_QUILT): (
        "the command list: \"git-quiltimport(1) Applies a quilt patchset onto the current "
        "branch\"; nothing about patch levels"),
    ("index.html", T_QUILT): (
        "the same command list (index.html is a symbolic link to git.html)"),
    ("MyFirstContribution.html", T_QUILT): (
        "a listing of built programs (\"/git-quiltimport\") after building git with a new "
        "command; unrelated"),
    ("howto/rebase-from-internal-branch.html", T_QUILT): (
        "\"with its basing philosophical ancestry on quilt, this is the kind of task StGIT is "
        "designed to do\"; a mail about rebasing, nothing about importing quilt series"),
    # "series file".
    ("git-quiltimport.html", T_SERIES): (
        "--series <file>: \"The quilt series file. The default for the series file is "
        "<patches>/series or the value of the $QUILT_SERIES environment variable\"; where the "
        "file is, not how its per-patch options are read"),
    # "patch level", "strip level", "leading path components".
    ("git-apply.html", T_LEVEL): (
        "git apply's -p<n>: \"Remove <n> leading path components (separated by slashes) from "
        "traditional diff paths\"; git apply's own option, with no word on quiltimport or on "
        "series files"),
    ("git-bisect-lk2009.html", T_LEVEL): (
        "a kernel Makefile diff in an example (\"PATCHLEVEL = 6\"); unrelated"),
    # "-p0", "-p1", "-p<n>".
    ("git-apply.html", T_PN): (
        "the same -p<n> option of git apply (synopsis and OPTIONS); says nothing about "
        "quiltimport"),
    ("git-am.html", T_PN): (
        "git am's -p<n> is one of the flags \"passed to the git apply program\"; git am's "
        "command line, not quiltimport's series file"),
    ("git-diff.html", T_PN): (
        "the combined diff's chunk header \"is modified to prevent people from accidentally "
        "feeding it to patch -p1\"; unrelated"),
    ("git-diff-files.html", T_PN): ("the same combined-diff remark about patch -p1; unrelated"),
    ("git-diff-index.html", T_PN): ("the same combined-diff remark about patch -p1; unrelated"),
    ("git-diff-tree.html", T_PN): (
        "the same combined-diff remark about patch -p1, and an example commit title "
        "\"t4119: test autocomputing -p<n> for traditional diff input\"; unrelated"),
    ("git-log.html", T_PN): (
        "the combined-diff remark about patch -p1 and the same example commit title; "
        "unrelated"),
    ("git-show.html", T_PN): (
        "the combined-diff remark about patch -p1 and the same example commit title; "
        "unrelated"),
    ("git-rev-list.html", T_PN): (
        "the example commit title \"t4119: test autocomputing -p<n> for traditional diff "
        "input\" in a --format example; unrelated"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
