#!/usr/bin/env python3
"""Check the dev21-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: scalar Q3,
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
    "empty-commits": [
        ["git-commit.html", "git-cherry-pick.html"],
        ["git-rebase.html"],
        ["git-cherry-pick.html"],
    ],
    "merging-without-a-worktree": [
        ["git-merge-tree.html"],
        ["git-merge-tree.html"],
        ["git-merge-file.html"],
    ],
    "pull-requests-by-mail": [
        ["git-request-pull.html", "howto/using-signed-tag-in-pull-request.html"],
        ["howto/using-signed-tag-in-pull-request.html"],
        ["git-merge.html", "git-pull.html", "howto/using-signed-tag-in-pull-request.html"],
    ],
    "scalar": [
        ["scalar.html", "technical/scalar.html"],
        ["scalar.html", "technical/scalar.html"],
        None,
    ],
    "staging-with-git-add": [
        ["git-add.html"],
        ["git-add.html", "git-commit.html"],
        ["git-add.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_SCALAR = r"\bscalar\b"
_SIZE = (r"\d[\d,.]*\s*(?:[kmgt]i?b|thousand|million|billion|gigabytes?|megabytes?"
         r"|files|commits|objects|paths|entries|refs)\b")
T_LARGE_SIZE = (r"\b(large|big|huge)\s+(repositor\w*|monorepos?|projects?)\b\W+(?:\w+\W+){0,15}?"
                + _SIZE + r"|" + _SIZE
                + r"\W+(?:\w+\W+){0,15}?(large|big|huge)\s+(repositor\w*|monorepos?|projects?)\b")
T_MANY_FILES = r"\bmany files\b|\bmanyfiles\b"
T_WORTH = (r"\b(large|big)\s+enough\b|\bworth (it|using)\b"
           r"|\bbenefit\w*\W+(?:\w+\W+){0,6}?(large|big)\s+repositor\w*")
T_THRESHOLD = (r"\b(threshold|at least|more than|over|exceeds?)\s+(of\s+)?\d[\d,.]*\s*"
               r"(files|commits|objects|[kmgt]i?b|gigabytes?|megabytes?)\b")

UNANSWERABLE_TERMS = {
    ("scalar", 2): [T_SCALAR, T_LARGE_SIZE, T_MANY_FILES, T_WORTH, T_THRESHOLD],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "scalar" anywhere.
    ("scalar.html", T_SCALAR): (
        "the scalar manual: a tool \"that optimizes Git for use in large repositories\" "
        "(clone, register, run, reconfigure, diagnose ...); \"large\" is never given in "
        "files, commits or bytes and no size is named from which scalar is advised"),
    ("technical/scalar.html", T_SCALAR): (
        "scalar's design notes: its features \"confer substantial performance benefits to "
        "large repositories, but are either too experimental ... or only benefit large "
        "repositories\"; the near miss, but it names no repository size or threshold"),
    ("git.html", T_SCALAR): (
        "the command list: \"scalar(1) A tool for managing large Git repositories\"; no size"),
    ("index.html", T_SCALAR): (
        "the same command list (index.html is a symbolic link to git.html)"),
    ("technical/bundle-uri.html", T_SCALAR): (
        "GVFS cache servers: \"when a user runs gvfs clone or scalar clone against a repo "
        "with cache servers, the client requests all prefetch packfiles, which is at most "
        "24 + 30 + 1 packfiles\"; a pack count of the cache-server protocol, not a repository "
        "size at which scalar pays off"),
    # a size in bytes, files or commits within fifteen words of "large/big repository/project".
    ("git-fast-import.html", T_LARGE_SIZE): (
        "the filedeleteall approach needs \"slightly more memory per active branch (less than "
        "1 MiB for even most large projects)\" (the page also calls projects with \"100,000+ "
        "commits\" considerably large for fast-import); import memory, unrelated to scalar"),
    # "many files", "manyFiles".
    ("git-config.html", T_MANY_FILES): (
        "core.fsmonitor (a working directory \"with many files\"), core.untrackedCache, "
        "index.version and feature.manyFiles (\"optimize for repos with many files in the "
        "working directory\"); settings for big working trees, with no number of files and "
        "nothing about when to use scalar"),
    ("git-sparse-checkout.html", T_MANY_FILES): (
        "a sparse checkout is helpful \"when working in a repository with many files, but only "
        "a few are important to the current user\"; no size, not scalar"),
    ("git-commit.html", T_MANY_FILES): (
        "\"after staging changes to many files, you can alter the order the changes are "
        "recorded in\"; unrelated"),
    ("git-bisect-lk2009.html", T_MANY_FILES): (
        "evil merges are \"much worse if many files have to be fixed to resolve "
        "conflicts\"; unrelated"),
    ("technical/api-trace2.html", T_MANY_FILES): (
        "the \"too_many_files\" event when a trace directory holds too many files "
        "(trace2.maxFiles); unrelated"),
    # "large enough", "worth it", benefits to large repositories.
    ("technical/scalar.html", T_WORTH): (
        "the same near miss as above: scalar's settings \"only benefit large repositories\", "
        "without saying how large"),
    ("git-gc.html", T_WORTH): (
        "git gc --aggressive is \"probably not worth it\" without benchmarks; unrelated"),
    ("SubmittingPatches.html", T_WORTH): (
        "clashes from spelling clean-up patches \"are not worth it\"; unrelated"),
    ("technical/pack-heuristics.html", T_WORTH): (
        "a delta between two objects that \"isn't worth it\" because of size differences; "
        "unrelated"),
    # "more than / at least / over N files, commits, MB".
    ("howto/recover-corrupted-object-harder.html", T_THRESHOLD): (
        "a corrupted blob \"over 20 megabytes, which was far too large to do a "
        "brute-force on\"; object repair, unrelated"),
    ("technical/partial-clone.html", T_THRESHOLD): (
        "a list of 100M missing blobs \"would be at least 2GiB on disk\" (why promisor "
        "packs are used); partial clone's design, no advice on when to use scalar"),
    ("technical/racy-git.html", T_THRESHOLD): (
        "\"the Linux project, for example, there are over 20,000 files in the working "
        "tree\" (timing of the racy-git check); unrelated"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
