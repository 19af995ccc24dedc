#!/usr/bin/env python3
"""Check the dev29-git eval set against the installed git-doc HTML pages.

6 topics of 7 or 8 questions (45); four unanswerable questions, whose key-term hits read
by hand are in REVIEWED_HITS: log-decorations Q8 (whether git log caps the number of ref
names shown next to one commit), bitmaps-and-multi-pack-index Q8 (whether reachability
bitmaps are used for a shallow clone), ref-namespaces Q8 (how many namespaces a
repository can hold before it slows down) and branch-descriptions Q7 (the longest
branch description Git stores).
The rules are those of ``html_phrases.check_reviewed_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_reviewed_set  # noqa: E402 - shared helpers, one folder up

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

CONFIG = ["git-config.html"]
# The decoration and commit-limiting options (--decorate, --source, --cherry-pick,
# --ancestry-path, --boundary ...) are in git-log; the traversal options are included in
# git-rev-list too.
LOG = ["git-log.html"]
LOG_PAGES = ["git-log.html", "git-rev-list.html"]
# The pretty-format placeholders (%d, %D) are included in git-log, git-show and
# git-rev-list.
PRETTY_PAGES = ["git-log.html", "git-show.html", "git-rev-list.html"]
# The --check option is among the diff options that git-diff, git-diff-files,
# git-diff-index, git-diff-tree, git-log and git-show include.
DIFF_PAGES = ["git-diff.html", "git-diff-files.html", "git-diff-index.html",
              "git-diff-tree.html"]
ATTRS = ["gitattributes.html"]
MIDX = ["git-multi-pack-index.html", "technical/multi-pack-index.html", "git-config.html"]
REPACK = ["git-repack.html", "git-config.html"]
NS = ["gitnamespaces.html"]

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks a question the
# collection cannot answer.
PAGES = {
    "log-decorations": [
        ["git-log.html", "git-config.html"],
        ["git-log.html", "git-config.html"],
        PRETTY_PAGES,
        ["git-log.html", "git-config.html"],
        LOG,
        LOG_PAGES,
        ["git-log.html", "git-config.html"],
        None,
    ],
    "whitespace-error-checks": [
        DIFF_PAGES,
        DIFF_PAGES,
        CONFIG + DIFF_PAGES,
        CONFIG,
        CONFIG,
        ATTRS,
        CONFIG,
    ],
    "bitmaps-and-multi-pack-index": [
        MIDX,
        REPACK,
        REPACK,
        ["git-repack.html", "git-multi-pack-index.html"],
        ["git-multi-pack-index.html"],
        CONFIG,
        REPACK,
        None,
    ],
    "symmetric-difference-and-ancestry": [
        LOG_PAGES, LOG_PAGES, LOG_PAGES, LOG_PAGES, LOG_PAGES, LOG_PAGES, LOG_PAGES,
    ],
    "ref-namespaces": [
        NS,
        NS + ["git.html"],
        NS,
        NS,
        NS,
        NS,
        NS,
        None,
    ],
    "branch-descriptions": [
        ["git-branch.html", "git-config.html"],
        ["git-branch.html", "git-config.html"],
        ["git-format-patch.html", "git-config.html"],
        ["git-format-patch.html"],
        ["git-config.html", "git-merge.html"],
        ["git-branch.html"],
        None,
    ],
}

# log-decorations Q8: whether git log caps the ref names shown next to one commit.
T_DEC_LIMIT = (r"\bdecorat\w*[^.]{0,150}\b(limit\w*|maximum|truncat\w*|too many|how many"
               r"|at most)\b|\b(limit\w*|maximum|truncat\w*|too many|at most)\b[^.]{0,150}"
               r"\bdecorat\w*")
T_REFNAMES_LIMIT = r"\bref names\b[^.]{0,100}\b(limit\w*|truncat\w*|at most|maximum)\b"
T_DEC_MANY = r"\b(many|several|multiple) (refs|tags|branches)\b[^.]{0,100}\bdecorat\w*"

# bitmaps-and-multi-pack-index Q8: bitmaps and shallow clones.
T_BM_SHALLOW = r"\bbitmaps?\b[^.]{0,150}\bshallow\b|\bshallow\b[^.]{0,150}\bbitmaps?\b"
T_BM_DEPTH = r"\bbitmaps?\b[^.]{0,150}\b(depth|deepen\w*)\b|\b(depth|deepen\w*)\b[^.]{0,150}\bbitmaps?\b"
T_SHALLOW_COUNT = r"\bshallow\b[^.]{0,150}\b(counting objects|pack-objects|reachability)\b"
T_BM_NOT_USED = r"\bbitmaps?\b[^.]{0,100}\b(not|never|cannot|can't) (be )?used\b"

# ref-namespaces Q8: how many namespaces a repository can hold.
T_NS_LIMIT = (r"\bnamespaces?\b[^.]{0,150}\b(limit|maximum|how many|number of|scal\w*"
              r"|performance|slow\w*)\b")
T_NS_MANY = r"\bnamespaces?\b[^.]{0,100}\b(thousands?|hundreds?|large number|many)\b|\bmany namespaces\b"
T_NS_VAR = r"git_namespace|refs/namespaces"

# branch-descriptions Q7: the longest branch description Git stores.
T_DESC_LENGTH = (r"branch(['’]s)? descriptions?[^.]{0,150}\b(limit\w*|maximum|too long|length"
                 r"|bytes|characters|kilobytes?)\b")
T_DESC_CONFIG = r"branch\.<name>\.description|edit-description"
T_VALUE_LENGTH = (r"\b(values?|variables?)\b[^.]{0,100}\b(maximum length|length limit|too long"
                  r"|at most \d+ (bytes|characters))")

UNANSWERABLE_TERMS = {
    ("log-decorations", 7): [T_DEC_LIMIT, T_REFNAMES_LIMIT, T_DEC_MANY],
    ("bitmaps-and-multi-pack-index", 7): [T_BM_SHALLOW, T_BM_DEPTH, T_SHALLOW_COUNT,
                                          T_BM_NOT_USED],
    ("ref-namespaces", 7): [T_NS_LIMIT, T_NS_MANY, T_NS_VAR],
    ("branch-descriptions", 6): [T_DESC_LENGTH, T_DESC_CONFIG, T_VALUE_LENGTH],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
_NS_PAGE = ("the whole page was read: what namespaces are, GIT_NAMESPACE and --namespace, "
            "refs/namespaces/<ns>/, nested names, upload-pack and receive-pack, the HTTP "
            "backend, the git-remote-ext test and the Security section; nothing on how many "
            "namespaces a repository may hold or on their cost")
_GIT_OPT = ("the --namespace=<path> option: \"Set the Git namespace ... Equivalent to setting "
            "the GIT_NAMESPACE environment variable\"; how to choose one, no number or cost")

REVIEWED_HITS = {
    # --- how many namespaces a repository can hold ---
    ("technical/reftable.html", T_NS_MANY): (
        "the reftable design's motivation: \"large numbers of references\" with common "
        "prefixes such as Gerrit's refs/changes/ namespace, GitHub's refs/pulls/ namespace or "
        "many lightweight tags in the refs/tags/ namespace; ref-name prefixes in general, "
        "not GIT_NAMESPACE namespaces or a limit on them"),
    ("git-config.html", T_NS_VAR): (
        "transfer.hideRefs: the namespace prefix is stripped before matching, so with "
        "namespace foo refs/namespaces/foo/refs/heads/master is hidden, and private data is "
        "best kept in a separate repository; hiding refs, not how many namespaces fit"),
    ("git-http-backend.html", T_NS_VAR): (
        "the Apache sample (in a <pre> block) that sets GIT_NAMESPACE from the URL with "
        "SetEnvIf to serve several repositories from one; configuration, no number"),
    ("git-pack-objects.html", T_NS_VAR): (
        "--delta-islands: several forks in one shared object store, seen as separate "
        "repositories \"through GIT_NAMESPACE or separate repos using the alternates "
        "mechanism\", where a delta against another fork's object must be redone on the "
        "fly; about delta bases between forks, not how many namespaces a repository holds "
        "before it slows down"),
    ("git.html", T_NS_VAR): _GIT_OPT,
    ("index.html", T_NS_VAR): _GIT_OPT + " (index.html is a symbolic link to git.html)",
    ("gitnamespaces.html", T_NS_VAR): _NS_PAGE,
    # --- the longest branch description ---
    ("git-format-patch.html", T_DESC_LENGTH): (
        "the near miss, --cover-from-description=auto: \"if the first paragraph of the "
        "branch description is greater than 100 bytes, then the mode will be message, "
        "otherwise subject will be used\"; where the text goes in a cover letter, not a "
        "limit on how long a description may be"),
    ("git-branch.html", T_DESC_CONFIG): (
        "--edit-description: \"open an editor and edit the text to explain what the branch "
        "is for ... Multi-line explanations may be used\"; lines are allowed, no maximum "
        "length"),
    ("git-config.html", T_DESC_CONFIG): (
        "branch.<name>.description: \"can be edited with git branch --edit-description. "
        "Branch description is automatically added in the format-patch cover letter or "
        "request-pull summary\"; no length limit"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 45, 4


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8)))


if __name__ == "__main__":
    main()
