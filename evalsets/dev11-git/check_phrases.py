#!/usr/bin/env python3
"""Check the dev11-git evaluation set against the installed git-doc HTML pages.

Adapted from ../dev10-git/check_phrases.py; the HTML parsing, the topic-file
reading and the per-question checks are in ../html_phrases.py
(check_reviewed_set, the stricter of its two checks).

For every question of every topic file in this folder:
  * answerable questions: every expected phrase must occur (case-insensitive,
    whitespace collapsed) in the visible body text of at least one of the
    pages that answer it, with <pre> blocks (code examples, listings) left
    out, so a phrase only counts when it appears in ordinary prose.  The
    page(s) where each phrase was found are printed.  A phrase fails if it
    is copied from the question, if it is made only of words of the
    question, or if it occurs in a section heading of an answering page.
  * the unanswerable question: its key terms (regular expressions) are
    searched in the visible text of ALL pages (<pre> and headings
    included); every hit must be one that was read by hand and is listed
    in REVIEWED_HITS with the reason it does not answer the question, so a
    new or changed page that matches fails the check until it is read.
It also checks the structural rules of this set: YAML front matter with
title/questions/expect and a one-paragraph description, 3-4 questions per
topic, 5 topics, 16 questions, exactly one unanswerable question
(expect []), allowed types with every type used at least once, 1-3 phrases
of 1-5 words per answerable question.

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]
       (DOC_ROOT defaults to /usr/share/doc/git-doc)
Exit status is non-zero if any check fails.
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
    "applying-patches": [
        ["git-apply.html"],
        ["git-apply.html"],
        ["git-apply.html"],
    ],
    "borrowing-objects": [
        ["git-clone.html", "gitrepository-layout.html"],
        ["git-clone.html"],
        ["git-clone.html"],
    ],
    "diff-display": [
        ["git-diff.html"],
        ["git-diff.html"],
        ["git-diff.html"],
        None,
    ],
    "fsck": [
        ["git-fsck.html", "user-manual.html"],
        ["git-fsck.html", "git-config.html"],
        ["git-fsck.html"],
    ],
    "merge-base-and-cherry": [
        ["git-cherry.html", "git-log.html"],
        ["git-merge-base.html"],
        ["git-merge-base.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
COLOURS = (r"(black|red|green|yellow|blue|magenta|cyan|white|gr[ae]y|orange|pink|violet"
           r"|purple|teal|bright\w+|bold|dim|italic|reverse)")
MOVED = r"(\bmoved\b|colou?r-?moved|(old|new)moved)"
T_NEAR_AFTER = MOVED + r".{0,300}\b" + COLOURS + r"\b"
T_NEAR_BEFORE = r"\b" + COLOURS + r"\b.{0,300}" + MOVED
T_SLOTS = r"(old|new)moved\w*"
T_DEFAULT = r"colou?rs?.{0,40}\bdefaults? (to|is)\b|\bdefault colou?rs?\b"

UNANSWERABLE_TERMS = {
    ("diff-display", 3): [T_NEAR_AFTER, T_NEAR_BEFORE, T_SLOTS, T_DEFAULT],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
DIFF_OPTIONS = ("the --color-moved option (shared diff options): the plain mode says moved "
                "lines are coloured with the color.diff.newMoved and color.diff.oldMoved "
                "slots and the other modes name the {old,new}Moved(Alternative) slots; the "
                "colours those slots default to are not given")
DIFF_MODE = ("--color-moved: the <mode> defaults to no without the option and to zebra with "
             "it; a default mode, not a default colour")
BLAME = ("--color-lines: repeated line annotations default to cyan; git blame, not "
         "moved lines in a diff")
REVIEWED_HITS = {
    ("git-config.html", T_SLOTS): ("color.diff.<slot> lists the oldMoved, newMoved and "
                                   "related slots that can be customised, without their "
                                   "default colours"),
    ("git-config.html", T_DEFAULT): ("color.pager defaults to true; diff.colorMoved set to "
                                     "true uses the default colour mode (a mode, not a "
                                     "colour)"),
    ("git-annotate.html", T_DEFAULT): BLAME,
    ("git-blame.html", T_DEFAULT): BLAME,
}
for _page in ("git-diff.html", "git-diff-files.html", "git-diff-index.html",
              "git-diff-tree.html", "git-log.html", "git-show.html"):
    REVIEWED_HITS[_page, T_SLOTS] = DIFF_OPTIONS
    REVIEWED_HITS[_page, T_DEFAULT] = DIFF_MODE + (
        "; git-diff also has the diff.colorMoved entry (true uses the default colour mode)"
        if _page == "git-diff.html" else "")

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
