#!/usr/bin/env python3
"""Check the dev11-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: diff-display Q4,
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
