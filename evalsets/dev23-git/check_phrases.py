#!/usr/bin/env python3
"""Check the dev23-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: counting-objects Q3,
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
    "comparing-branches-with-show-branch": [
        ["git-show-branch.html"],
        ["git-show-branch.html"],
        ["git-show-branch.html"],
    ],
    "counting-objects": [
        ["git-count-objects.html", "gitcore-tutorial.html", "user-manual.html"],
        ["git-count-objects.html"],
        None,
    ],
    "exporting-the-index": [
        ["git-checkout-index.html", "user-manual.html", "gitcore-tutorial.html"],
        ["git-checkout-index.html"],
        ["git-checkout-index.html"],
    ],
    "reading-manuals-in-a-browser": [
        ["git-web--browse.html", "git-help.html"],
        ["git-web--browse.html", "git-config.html", "git-help.html"],
        ["git-help.html", "git-config.html"],
    ],
    "topic-branches-and-the-trunk": [
        ["howto/keep-canonical-history-correct.html"],
        ["howto/separating-topic-branches.html"],
        ["howto/keep-canonical-history-correct.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_CO = r"count-objects"
T_FIELDS = r"\bin-pack\b|size-pack"
T_ALT = (r"alternates?\b[^.]{0,150}\b(count\w*|size|disk (space|usage))\b"
         r"|\b(count\w*|disk (space|usage))\b[^.]{0,150}\balternates?\b")
T_BORROW = (r"borrow\w*[^.]{0,150}\b(count\w*|size|disk)"
            r"|\b(count\w*|disk space)\b[^.]{0,150}borrow\w*")

UNANSWERABLE_TERMS = {
    ("counting-objects", 2): [T_CO, T_FIELDS, T_ALT, T_BORROW],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "count-objects" anywhere.
    ("git-count-objects.html", T_CO): (
        "the count-objects manual, the near miss: it \"counts the number of unpacked object "
        "files and disk space consumed by them\"; -v adds count, size, in-pack (\"the number "
        "of in-pack objects\"), size-pack (\"disk space consumed by the packs\"), "
        "prune-packable, garbage, size-garbage and \"alternate: absolute path of alternate "
        "object databases\"; it lists the paths of the alternates but never says whether "
        "their objects or packs are counted in in-pack and size-pack"),
    ("git-rev-list.html", T_CO): (
        "an example of --disk-usage: \"alternative to du: add up \"size\" and \"size-pack\" "
        "fields\" of git count-objects -v for the total disk size used; nothing about "
        "alternates or borrowed objects"),
    ("git.html", T_CO): (
        "the command list: \"git-count-objects(1) Count unpacked number of objects and their "
        "disk consumption\"; nothing about alternates"),
    ("index.html", T_CO): (
        "the same command list (index.html is a symbolic link to git.html)"),
    ("gitcore-tutorial.html", T_CO): (
        "after git prune-packed, \"git count-objects would tell you how many unpacked objects "
        "are in your repository and how much space they are consuming\"; nothing about "
        "alternates"),
    ("user-manual.html", T_CO): (
        "an example: git count-objects before git repack (\"6930 objects, 47620 kilobytes\") "
        "and after git prune (\"0 objects, 0 kilobytes\"); a repository of its own, no "
        "alternates"),
    # "in-pack", "size-pack".
    ("git-count-objects.html", T_FIELDS): (
        "the -v fields in-pack (\"the number of in-pack objects\") and size-pack (\"disk "
        "space consumed by the packs, in KiB\"); which packs, local or borrowed, is not said"),
    ("git-rev-list.html", T_FIELDS): (
        "the same --disk-usage example adding up the size and size-pack fields; unrelated to "
        "alternates"),
    # "alternate(s)" near "count"/"size"/"disk space".
    ("git-count-objects.html", T_ALT): (
        "\"alternate: absolute path of alternate object databases; may appear multiple times, "
        "one line per path\" right after the size-garbage line; the paths are printed, but "
        "whether the objects found there are counted is not said"),
    ("git-diagnose.html", T_ALT): (
        "git diagnose's archive holds \"The name and size of each packfile, including those in "
        "alternate object stores\" and \"The total count of loose objects\"; about git "
        "diagnose, not git count-objects"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
