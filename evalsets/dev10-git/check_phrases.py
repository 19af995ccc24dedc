#!/usr/bin/env python3
"""Check the dev10-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: filter-branch Q4,
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
    "assume-unchanged": [
        ["git-update-index.html"],
        ["git-update-index.html", "gitfaq.html"],
        ["git-update-index.html"],
    ],
    "commit-graph": [
        ["gitformat-commit-graph.html"],
        ["gitformat-commit-graph.html"],
        ["git-commit-graph.html", "git-config.html"],
    ],
    "filter-branch": [
        ["git-filter-branch.html"],
        ["git-filter-branch.html"],
        ["git-filter-branch.html"],
        None,
    ],
    "mergetool": [
        ["git-mergetool.html", "git-config.html"],
        ["git-mergetool.html", "git-config.html"],
        ["git-mergetool.html"],
    ],
    "pickaxe-search": [
        ["git-log.html", "gitdiffcore.html"],
        ["git-log.html", "gitdiffcore.html"],
        ["git-log.html", "gitdiffcore.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_NAME = r"filter-repo"
T_NEAR_AFTER = (r"filter-repo.{0,300}\b(remov\w*|delet\w*|strip\w*|purg\w*|drop\w*|expung\w*"
                r"|paths?|files?)\b")
T_NEAR_BEFORE = r"\b(remov\w*|delet\w*|strip\w*|purg\w*|drop\w*|expung\w*)\b.{0,300}filter-repo"
T_OPTIONS = (r"git[ -]filter-repo +-|invert-paths|--path-glob|--path-regex|--path-rename"
             r"|--replace-text|--strip-blobs|--sensitive-data")
T_OTHER_TOOLS = r"\bbfg\b|repo-cleaner|repo cleaner"
T_REMOVE_FILE = (r"\b(remov\w*|delet\w*|purg\w*|forget)\b.{0,40}\bfiles?\b.{0,120}"
                 r"\b(all|every|entire|whole)\b.{0,20}\b(commits?|history)\b")

UNANSWERABLE_TERMS = {
    ("filter-branch", 3): [T_NAME, T_NEAR_AFTER, T_NEAR_BEFORE, T_OPTIONS, T_OTHER_TOOLS,
                           T_REMOVE_FILE],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
FAST_EXPORT = ("names filter-repo only as a tool that relies on fast-export's editable "
               "output for history rewrites; no filter-repo command or option")
FILTER_BRANCH = ("recommends filter-repo instead of filter-branch, mentions its filter-lamely "
                 "drop-in replacement and points to the DISCUSSION section of filter-repo's own "
                 "manual page, which is not in the collection; no filter-repo command or option")
REPLACE = ("says filter-repo, among other commands, can create replacement objects and "
           "lists it under SEE ALSO; no filter-repo command or option")
SVN = ("suggests git-filter-repo when migrating from svn and dropping svn history, for "
       "reformatting metadata and rewriting authorship; no command")
REVIEWED_HITS = {
    ("git-fast-export.html", T_NAME): FAST_EXPORT,
    ("git-fast-export.html", T_NEAR_AFTER): FAST_EXPORT + ("; the word matched after it is "
                                                          "the strip value of fast-export's own "
                                                          "--signed-tags option"),
    ("git-filter-branch.html", T_NAME): FILTER_BRANCH,
    ("git-filter-branch.html", T_NEAR_AFTER): FILTER_BRANCH,
    ("git-filter-branch.html", T_NEAR_BEFORE): FILTER_BRANCH,
    ("git-rebase.html", T_NAME): ("filter-repo as an example of a full history rewriting "
                                  "command the upstream may have used"),
    ("git-replace.html", T_NAME): REPLACE,
    ("git-replace.html", T_NEAR_AFTER): REPLACE + ("; the word matched after it is in "
                                                  "--convert-graft-file of git replace's synopsis"),
    ("git-svn.html", T_NAME): SVN,
    ("git-svn.html", T_NEAR_BEFORE): SVN,
    ("githooks.html", T_NAME): ("full-history rewriting tools such as filter-repo typically "
                                "do not call the post-rewrite hook"),
    ("git-filter-branch.html", T_REMOVE_FILE): ("the EXAMPLES section removes a file from all "
                                                "commits with git filter-branch, not with "
                                                "git filter-repo"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
