#!/usr/bin/env python3
"""Check the dev31-git eval set against the installed git-doc HTML pages.

6 topics of 7 or 8 questions (47); five unanswerable questions, whose key-term hits read
by hand are in REVIEWED_HITS: log-history-simplification Q8 (in which release git log got
--show-pulls), rebase-exec-root-and-dates Q7 (how long a --exec command may run),
fetch-refspecs-and-tags Q8 (the most refspecs git fetch --stdin reads), clone-setup-options
Q8 (resuming a clone that broke off) and environment-variables-for-scripts Q8 (what a
relative GIT_INDEX_FILE is taken relative to).
The rules are those of ``html_phrases.check_reviewed_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_reviewed_set  # noqa: E402 - shared helpers, one folder up

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# The History Simplification section is included in git-log, git-rev-list and
# git-shortlog (and, shorter, gitk).
LOG = ["git-log.html", "git-rev-list.html", "git-shortlog.html"]
REBASE = ["git-rebase.html"]
# git pull includes git fetch's options and its <refspec> text.
FETCH = ["git-fetch.html", "git-pull.html"]
CLONE = ["git-clone.html"]
CONFIG = ["git-config.html"]
# The environment variables are in git.html (index.html is a symbolic link to it).
GIT = ["git.html"]
GITCLI = ["gitcli.html"]

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks a question the
# collection cannot answer.
PAGES = {
    "log-history-simplification": [
        LOG,
        LOG,
        LOG,
        LOG,
        LOG,
        LOG,
        LOG,
        None,
    ],
    "rebase-exec-root-and-dates": [
        REBASE,
        REBASE,
        REBASE,
        REBASE,
        REBASE,
        REBASE,
        None,
    ],
    "fetch-refspecs-and-tags": [
        FETCH,
        FETCH,
        FETCH,
        FETCH,
        FETCH,
        FETCH,
        FETCH,
        None,
    ],
    "clone-setup-options": [
        CLONE + CONFIG,
        CLONE,
        CLONE,
        CLONE,
        CLONE,
        CLONE + CONFIG,
        CLONE,
        None,
    ],
    "environment-variables-for-scripts": [
        GIT + ["git-status.html"],
        GIT,
        GIT,
        GIT,
        GIT,
        GIT,
        GIT,
        None,
    ],
    "command-line-option-conventions": [
        GITCLI + ["technical/api-parse-options.html"],
        GITCLI,
        GITCLI,
        GITCLI,
        GITCLI,
        GITCLI + GIT,
        GITCLI,
        GITCLI,
    ],
}

# Key terms an answer would have to contain (regular expressions, case-insensitive,
# searched in every page's visible text, <pre> blocks and headings included).

# log-history-simplification Q8: the release that added --show-pulls.
T_SHOW_PULLS = r"show-pulls"
T_PULLS_VERSION = (r"\bpulls?\b[^.]{0,100}\b(version|release)\b"
                   r"|\b(version|release)\b[^.]{0,100}\bshow-pulls")
T_SIMPLIFY_VERSION = (r"\b(history simplification|simplify-merges|full-history)\b[^.]{0,150}"
                      r"\b(version|release) v?\d")
T_226 = r"\b2\.26\b"

# rebase-exec-root-and-dates Q7: a time limit for an --exec command.
T_EXEC_TIME = r"\bexec\b[^.]{0,200}\b(timeout|time limit|time out|seconds|minutes)\b"
T_REBASE_TIMEOUT = (r"\b(timeout|time limit)\b[^.]{0,200}\b(rebase|exec)\b"
                    r"|\b(rebase|exec)\b[^.]{0,200}\b(timeout|time limit)\b")
T_EXEC_HANG = (r"\bexec\b[^.]{0,150}\b(hang\w*|forever|kill\w*|how long)\b"
               r"|\b(hang\w*|forever|kill\w*)\b[^.]{0,150}\bexec\b")

# fetch-refspecs-and-tags Q8: the most refspecs git fetch --stdin reads.
T_READ_REFSPECS = r"read refspecs"
T_REFSPEC_LIMIT = (r"refspecs?\b[^.]{0,100}\b(maximum|limit\w*|at most|too many)\b"
                   r"|\b(maximum|limit\w*|at most|too many)\b[^.]{0,100}\brefspecs?\b")

# clone-setup-options Q8: resuming a clone that broke off.
T_RESUME = r"\bresum\w*"
T_CLONE_INTERRUPT = (r"\bclon\w*\b[^.]{0,120}\b(interrupt\w*|restart\w*|continu\w*)\b"
                     r"|\b(interrupt\w*|restart\w*)\b[^.]{0,120}\bclon\w*\b")
T_PARTIAL_DOWNLOAD = r"partial download|partially (downloaded|fetched)"

# environment-variables-for-scripts Q8: what a relative GIT_INDEX_FILE is relative to.
T_INDEX_FILE = r"GIT_INDEX_FILE"
T_INDEX_RELATIVE = (r"index file[^.]{0,150}\brelative\b"
                    r"|\brelative\b[^.]{0,150}\bindex file")

UNANSWERABLE_TERMS = {
    ("log-history-simplification", 7): [T_SHOW_PULLS, T_PULLS_VERSION, T_SIMPLIFY_VERSION,
                                        T_226],
    ("rebase-exec-root-and-dates", 6): [T_EXEC_TIME, T_REBASE_TIMEOUT, T_EXEC_HANG],
    ("fetch-refspecs-and-tags", 7): [T_READ_REFSPECS, T_REFSPEC_LIMIT],
    ("clone-setup-options", 7): [T_RESUME, T_CLONE_INTERRUPT, T_PARTIAL_DOWNLOAD],
    ("environment-variables-for-scripts", 7): [T_INDEX_FILE, T_INDEX_RELATIVE],
}

REVIEWED_HITS = {
    # --- the release that added --show-pulls ---
    ("git-log.html", T_SHOW_PULLS): (
        "the History Simplification section, read in full: --show-pulls in the option list "
        "(merges \"not TREESAME to the first parent but ... TREESAME to a later parent\") and "
        "the worked example with the merges R and N; what it shows, no Git version"),
    ("git-rev-list.html", T_SHOW_PULLS): (
        "the same History Simplification text as git-log (included); no version"),
    ("git-shortlog.html", T_SHOW_PULLS): (
        "the same History Simplification text as git-log (included for its <paths>); no version"),
    ("git-checkout.html", T_PULLS_VERSION): (
        "--ours/--theirs: \"during git rebase and git pull --rebase, ours and theirs may appear "
        "swapped; --ours gives the version from the branch ...\"; a file version in a conflict, "
        "not a release of git log"),
    ("howto/using-signed-tag-in-pull-request.html", T_PULLS_VERSION): (
        "a pull request message names \"the version of the integrator's commit the contributor "
        "based her work on\"; pull requests, not --show-pulls"),
    ("user-manual.html", T_PULLS_VERSION): (
        "asking Linus \"to pull from the release branch\"; a workflow, no option or version"),
    ("git-config.html", T_226): (
        "core.fsmonitor: \"Git versions 2.26 thru 2.35.1 default to hook protocol v2\"; the "
        "fsmonitor hook protocol, not git log options"),
    # --- the most refspecs git fetch --stdin reads ---
    ("git-fetch.html", T_READ_REFSPECS): (
        "--stdin: \"Read refspecs, one per line, from stdin in addition to those provided as "
        "arguments. The \"tag <name>\" format is not supported\"; how they are read, no upper "
        "bound; the <refspec> section, read in full, gives none either"),
    # --- resuming a clone that broke off ---
    ("git-fast-import.html", T_RESUME): (
        "checkpoint/crash reports: the frontend developer can \"resume the import from the point "
        "where it crashed\"; a fast-import stream, not git clone"),
    ("git-worktree.html", T_RESUME): (
        "an example: \"remove it when done, and then resume your earlier refactoring session\"; "
        "work in a worktree, not a download"),
    ("gitremote-helpers.html", T_RESUME): (
        "the near miss: the 'get' capability of a remote helper downloads a file, and \"if "
        "<path>.temp exists, then Git assumes that the .temp file is a partial download from a "
        "previous attempt and will resume the download\"; a helper's file download (used for "
        "bundle URIs), not resuming git clone's fetch of a repository"),
    ("gitremote-helpers.html", T_PARTIAL_DOWNLOAD): (
        "the same 'get' capability text: a partial <path>.temp download of a remote helper; "
        "git-clone itself says nothing about resuming"),
    # --- what a relative GIT_INDEX_FILE is relative to ---
    ("git.html", T_INDEX_FILE): (
        "the GIT_INDEX_FILE entry, read in full: \"specifies an alternate index file. If not "
        "specified, the default of $GIT_DIR/index is used\"; also <file> is \"almost always "
        "relative to the root of the tree structure GIT_INDEX_FILE describes\" (paths inside the "
        "index, not the index's own path) and GIT_COMMON_DIR \"has lower precedence than other "
        "path variables such as GIT_INDEX_FILE\"; nothing on a relative value"),
    ("index.html", T_INDEX_FILE): "a symbolic link to git.html; the same texts",
    ("git-fsck.html", T_INDEX_FILE): (
        "ENVIRONMENT VARIABLES: GIT_INDEX_FILE \"used to specify the index file of the index\"; "
        "no word on relative paths"),
    ("git-read-tree.html", T_INDEX_FILE): (
        "--index-output=<file>: written instead of $GIT_INDEX_FILE, and the file must be on "
        "\"the same filesystem as the index file itself\"; a rename constraint, not how a "
        "relative GIT_INDEX_FILE is resolved"),
    ("git-rev-parse.html", T_INDEX_FILE): (
        "--git-path \"takes other path relocation variables such as $GIT_OBJECT_DIRECTORY, "
        "$GIT_INDEX_FILE... into account\"; what --git-path prints, not what a relative value "
        "is relative to"),
    ("git-filter-branch.html", T_INDEX_FILE): (
        "an --index-filter example that sets GIT_INDEX_FILE=$GIT_INDEX_FILE.new for git "
        "update-index; an example command, no rule for relative paths"),
    ("gitweb.html", T_INDEX_RELATIVE): (
        "the projects list file: \"path to repository GIT_DIR, relative to $projectroot\"; "
        "gitweb's project index, not Git's index file"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 47, 5


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8)))


if __name__ == "__main__":
    main()
