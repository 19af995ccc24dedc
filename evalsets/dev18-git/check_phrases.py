#!/usr/bin/env python3
"""Check the dev18-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: unrelated-histories Q3,
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
    "date-display": [
        ["git-log.html", "git-config.html"],
        ["git-log.html"],
        ["git-commit.html"],
    ],
    "remote-branch-selection": [
        ["git-remote.html", "git-clone.html"],
        ["git-remote.html", "gitrevisions.html"],
        ["git-remote.html"],
    ],
    "ssh-commands": [
        ["git.html"],
        ["gitfaq.html"],
        ["git-config.html", "git.html"],
    ],
    "transport-protocols": [
        ["git-config.html", "git.html"],
        ["git.html", "git-config.html"],
        ["git-config.html"],
    ],
    "unrelated-histories": [
        ["git-merge.html", "git-pull.html"],
        ["howto/using-merge-subtree.html"],
        None,
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_SUBTREE_CMD = r"git[ -]subtree"
T_SUBTREE = r"\bsubtrees?\b"
T_SQUASH = r"(?<![\w-])--squash\b"
T_VENDOR = r"\bvendor(ed|ing)?\b"

UNANSWERABLE_TERMS = {
    ("unrelated-histories", 2): [T_SUBTREE_CMD, T_SUBTREE, T_SQUASH, T_VENDOR],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "subtree" anywhere: the subtree merge strategy, trees inside trees, pathspecs.
    ("howto/using-merge-subtree.html", T_SUBTREE): (
        "near miss: the howto for the subtree merge strategy (git merge -s ours --no-commit, "
        "git read-tree --prefix=dir-B/ -u, later git pull -s subtree), its comparison with "
        "submodules and \"Additional tips\" on the other project merging back; the merges "
        "bring in the other project's full history, and the page never mentions the git "
        "subtree command, git subtree add or a --squash option"),
    ("howto-index.html", T_SUBTREE): (
        "the index entry for using-merge-subtree (\"how one can use the subtree merge "
        "strategy\"); a link, no content"),
    ("git-merge.html", T_SUBTREE): (
        "near miss: the subtree merge strategy (\"a modified ort strategy\" that shifts tree "
        "B to match a subtree of A) and the -Xsubtree[=<path>] strategy option; a strategy of "
        "git merge, not the git subtree command, nothing about squashing history"),
    ("git-pull.html", T_SUBTREE): (
        "the same merge-strategy text (subtree strategy, -Xsubtree=<path>) included in git pull"),
    ("git-rebase.html", T_SUBTREE): (
        "the same merge-strategy text included in git rebase (-s/-X options)"),
    ("git-diff.html", T_SUBTREE): (
        "\"Limit diff output to named subtrees\", an example of path limiting; unrelated"),
    ("git-diff-tree.html", T_SUBTREE): (
        "-t \"show tree entry itself as well as subtrees\"; tree objects, unrelated"),
    ("git-fast-import.html", T_SUBTREE): (
        "a file or subtree at a path in fast-import's ls command, and which subtrees an "
        "active branch keeps in memory; unrelated"),
    ("gitformat-index.html", T_SUBTREE): (
        "the cache-tree index extension (\"number of subtrees this tree has\"); unrelated"),
    ("gitglossary.html", T_SUBTREE): (
        "pathspec: \"The scope of that pathspec is limited to that subtree\"; unrelated"),
    ("user-manual.html", T_SUBTREE): (
        "the same pathspec glossary text included in the user manual; unrelated"),
    ("technical/api-merge.html", T_SUBTREE): (
        "the merge library lines up files in the trees (\"rename detection, subtree "
        "shifting\"); internal API, no command"),
    # "--squash" anywhere: other commands' options of that name.
    ("git-merge.html", T_SQUASH): (
        "near miss: git merge --squash produces the working tree and index state \"as if a "
        "real merge happened\" but makes no commit and records no merge; an option of git "
        "merge, never tied to git subtree or to a prefix directory"),
    ("git-pull.html", T_SQUASH): (
        "the same git merge --squash text included in git pull"),
    ("git-commit.html", T_SQUASH): (
        "git commit --squash=<commit> builds a \"squash!\" message for rebase --autosquash; "
        "unrelated"),
    ("git-rebase.html", T_SQUASH): (
        "the --fixup and --squash options of git commit for --autosquash; unrelated"),
    # "vendor" anywhere: importing other people's code without Git's help.
    ("user-manual.html", T_VENDOR): (
        "the submodules chapter: in a centralized model an external project's snapshot is "
        "imported \"on a vendor branch. All the history is hidden\"; motivation for "
        "submodules, nothing about git subtree or --squash"),
    ("git-rm.html", T_VENDOR): (
        "\"accepting a new code drop for a vendor branch\": remove the tracked files, untar "
        "the new code and record it with git add -A; no subtree, no squashing option"),
    ("git-cvsimport.html", T_VENDOR): (
        "a CVS limitation: files \"cvs import\"ed more than once (vendor releases) give wrong "
        "content; unrelated"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
