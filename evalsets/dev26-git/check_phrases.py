#!/usr/bin/env python3
"""Check the dev26-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: reviewing-before-committing Q3,
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

# The diff options (--stat, --numstat, --name-status, --diff-filter) are included in
# git-diff, git-log and git-show alike.
DIFF_PAGES = ["git-diff.html", "git-log.html", "git-show.html"]

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "diff-summaries": [
        DIFF_PAGES,
        DIFF_PAGES,
        DIFF_PAGES,
    ],
    "removing-files-with-git-rm": [
        ["git-rm.html"],
        ["git-rm.html"],
        ["git-rm.html"],
    ],
    "renaming-branches": [
        ["git-branch.html"],
        ["git-branch.html"],
        ["git-branch.html"],
    ],
    "reviewing-before-committing": [
        ["git-diff.html"],
        ["git-commit.html", "git-config.html"],
        None,
    ],
    "taking-one-side-of-a-conflict": [
        ["git-checkout.html", "git-restore.html"],
        ["git-checkout.html", "git-restore.html", "git-rebase.html"],
        ["git-checkout.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_VERBOSE_CFG = r"commit\.verbose"
T_VERBOSE_DIFF = (r"\bverbose\b[^.]{0,150}\bdiff\b"
                  r"|\bdiff\b[^.]{0,150}\bverbose\b")
T_MESSAGE_LIMIT = (r"\b(commit message|message template)\b[^.]{0,200}"
                   r"\b(truncat\w*|at most|maximum|limit\w*|how many lines|too long|too large|cut off)\b"
                   r"|\b(truncat\w*|at most|maximum|limit\w*|too long|too large|cut off)\b[^.]{0,200}"
                   r"\b(commit message|message template)\b")
T_DIFF_CUT = (r"\b(diffs?|patch)\b[^.]{0,100}\b(truncat\w*|cut off|cut short|shortened)\b"
              r"|\b(truncat\w*|cut off|cut short|shortened)\b[^.]{0,100}\b(diffs?|patch)\b")
T_EDITOR_DIFF = r"\beditor\b[^.]{0,150}\bdiff\b|\bdiff\b[^.]{0,150}\beditor\b"

UNANSWERABLE_TERMS = {
    ("reviewing-before-committing", 2): [T_VERBOSE_CFG, T_VERBOSE_DIFF, T_MESSAGE_LIMIT,
                                         T_DIFF_CUT, T_EDITOR_DIFF],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # commit.verbose anywhere.
    ("git-commit.html", T_VERBOSE_CFG): (
        "the near miss, -v/--verbose: \"Show unified diff between the HEAD commit and what "
        "would be committed at the bottom of the commit message template ... This diff will "
        "not be a part of the commit message. See the commit.verbose configuration variable\", "
        "and given twice it adds the unstaged changes; nothing on how many lines are shown or "
        "any cut; the later match, commit.verbose in the included config list, only says "
        "\"A boolean or int to specify the level of verbose with git commit\""),
    ("git-config.html", T_VERBOSE_CFG): (
        "the alias example \"loud-rebase = -c commit.verbose=true rebase\" and the entry "
        "commit.verbose: \"A boolean or int to specify the level of verbose with git commit. "
        "See git-commit(1)\"; the int is a verbosity level, not a number of lines"),
    # "verbose" near "diff".
    ("git-commit.html", T_VERBOSE_DIFF): (
        "the same -v/--verbose paragraph as above: where the diff is shown (the bottom of "
        "the template), that it is not part of the message and that -v -v adds the unstaged "
        "diff; no size or line limit"),
    # the commit message near a limit or truncation.
    ("SubmittingPatches.html", T_MESSAGE_LIMIT): (
        "\"the first line of the commit message should be a short description (50 characters "
        "is the soft limit ...)\": the length of a subject line the author writes, not of the "
        "diff git commit -v shows"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
