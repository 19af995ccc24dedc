#!/usr/bin/env python3
"""Check the dev19-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: object-ids Q3,
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
    "commit-message-encoding": [
        ["git-commit.html", "git-config.html", "git-commit-tree.html"],
        ["git-commit.html", "git-log.html", "git-show.html"],
        ["git-commit.html", "git-log.html", "gitfaq.html"],
    ],
    "diff-exit-status": [
        ["git-diff.html"],
        ["git-diff.html", "git-diff-files.html"],
        ["git-diff.html", "git-diff-files.html"],
    ],
    "line-history": [
        ["git-log.html"],
        ["git-log.html", "gitattributes.html"],
        ["git-log.html", "git-blame.html"],
    ],
    "object-ids": [
        ["user-manual.html"],
        ["technical/hash-function-transition.html"],
        None,
    ],
    "ref-sorting": [
        ["git-tag.html", "git-config.html"],
        ["git-config.html", "git-tag.html"],
        ["git-branch.html", "git-for-each-ref.html", "git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_COLLIDE = r"\bcollisions?\b|\bcollid\w*"
T_ODDS = (r"\b(probabilit\w*|odds|chances?|likel\w*|unlikely|improbabl\w*)\W+(?:\w+\W+){0,20}?"
          r"(sha-?1|sha-?256|hash\w*|object (names?|ids?))\b"
          r"|\b(sha-?1|sha-?256|hash\w*|object (names?|ids?))\W+(?:\w+\W+){0,20}?"
          r"(probabilit\w*|odds|chances?|likel\w*|unlikely|improbabl\w*)\b")
T_SAME = r"same (sha-?1|sha-?256|hash(es| values?)?|object (names?|ids?))\b"
T_BIRTHDAY = r"\bbirthday\b|\b2\^?(80|160)\b"
T_ACCIDENT = (r"\b(accident\w*|by chance|coinciden\w*)\W+(?:\w+\W+){0,20}?"
              r"(sha-?1|sha-?256|hash\w*|object (names?|ids?))\b"
              r"|\b(sha-?1|sha-?256|hash\w*|object (names?|ids?))\W+(?:\w+\W+){0,20}?"
              r"(accident\w*|by chance|coinciden\w*)")

UNANSWERABLE_TERMS = {
    ("object-ids", 2): [T_COLLIDE, T_ODDS, T_SAME, T_BIRTHDAY, T_ACCIDENT],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "collision", "collide(s|d)", "colliding" anywhere.
    ("technical/hash-function-transition.html", T_COLLIDE): (
        "near miss: the SHAttered attack of 23 February 2017 \"demonstrated a practical SHA-1 "
        "hash collision\", Git v2.13.0 and later use a hardened SHA-1 that is not vulnerable to "
        "it, \"but SHA-1 is still weak\"; and the new hash must give \"collision and 2nd "
        "preimage resistance\"; deliberate attacks and design goals, no figure for the odds "
        "of an accidental clash between two files"),
    ("technical/parallel-checkout.html", T_COLLIDE): (
        "path collisions: two paths that map to the same file on a case-insensitive file "
        "system during checkout (pc_item_collided, collision detection by the workers); "
        "file names, not object IDs"),
    ("git-maintenance.html", T_COLLIDE): (
        "several git maintenance run commands \"colliding on the object database lock\"; "
        "scheduling, unrelated"),
    ("git-svn.html", T_COLLIDE): (
        "git svn does not handle name collisions of branches and tags taken from different "
        "Subversion paths; ref names, unrelated"),
    ("git.html", T_COLLIDE): (
        "GIT_TRACE2 target directories: files named after the session id with a counter "
        "\"to avoid filename collisions\"; unrelated"),
    ("index.html", T_COLLIDE): (
        "the same GIT_TRACE2 text (index.html is a symbolic link to git.html)"),
    ("technical/api-trace2.html", T_COLLIDE): (
        "the same trace2 file-naming counter \"to avoid filename collisions\"; unrelated"),
    # probability, odds, chance or likely within 20 words of SHA-1/SHA-256/hash/object name.
    ("git-format-patch.html", T_ODDS): (
        "the \"From $sha1 $magic_timestamp\" marker line and a patch title that \"is likely "
        "to be different\" from the discussion's subject; e-mail formatting, unrelated"),
    ("technical/hash-function-transition.html", T_ODDS): (
        "SHA-256 servers \"are likely not to support SHA-1 compatibility\" and broken "
        "signatures \"are likely to be detected quickly\"; transition plans, no odds of a "
        "hash clash"),
    # "same SHA-1 / hash / object name".
    ("user-manual.html", T_SAME): (
        "near miss: two trees have the same SHA-1 name \"if and only if their contents ... "
        "are identical\", and contents from an untrusted source can be trusted because SHA-1 "
        "\"is designed so that it is infeasible to find different contents that produce the "
        "same hash\"; a design property stated without any probability or figure"),
    ("howto/recover-corrupted-object-harder.html", T_SAME): (
        "a repaired object fed back to git hash-object \"didn't produce the same sha1\", so "
        "some bytes were still wrong; recovering a corrupted object, unrelated"),
    # "birthday" (paradox) or 2^80 / 2^160.
    ("git-describe.html", T_BIRTHDAY): (
        "near miss: the length of the abbreviated object name grows with the number of "
        "objects, \"using ... a bit of math around the birthday paradox\", at least 7; how "
        "long an unambiguous abbreviation must be, no odds for full object IDs colliding"),
    ("technical/pack-heuristics.html", T_BIRTHDAY): (
        "an IRC log quoted from \"my father's birthday, March 1\"; unrelated"),
    # accidental, by chance or coincidence within 20 words of SHA-1/SHA-256/hash/object name.
    ("technical/hash-function-transition.html", T_ACCIDENT): (
        "users of SHA-256 repositories avoiding \"accidentally making implicit use of SHA-1 "
        "object names\" and \"accidentally relying on the safety of SHA-1\"; the transition, "
        "no odds of an accidental collision"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
