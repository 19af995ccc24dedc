#!/usr/bin/env python3
"""Check the dev28-git eval set against the installed git-doc HTML pages.

6 topics of 7 or 8 questions (46); four unanswerable questions, whose key-term hits read
by hand are in REVIEWED_HITS: conditional-config-includes Q8 (how deeply includes may be
nested), commit-message-trailers Q8 (the Git version that brought git commit --trailer),
clean-and-smudge-filters Q8 (whether git archive runs smudge filters) and
server-side-push-hooks Q8 (what happens to a pre-receive hook when the client is
interrupted).
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
TRAILERS = ["git-interpret-trailers.html"]
LS_FILES = ["git-ls-files.html"]
ATTRS = ["gitattributes.html"]
# The commit-limiting options (--grep, --author, --all-match, --invert-grep, -F,
# --grep-reflog) are included in git-log and git-rev-list alike (and in git-shortlog).
LOG_PAGES = ["git-log.html", "git-rev-list.html"]
# The pretty-format placeholders (%(trailers:...)) are included in git-log, git-show and
# git-rev-list (and git-diff-tree).
PRETTY_PAGES = ["git-log.html", "git-show.html", "git-rev-list.html"]
# githooks describes the server-side hooks; git-receive-pack, which runs them, repeats
# part of it and has the quarantine section.
HOOK_PAGES = ["githooks.html", "git-receive-pack.html"]

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks a question the
# collection cannot answer.
PAGES = {
    "conditional-config-includes": [
        CONFIG, CONFIG, CONFIG, CONFIG, CONFIG, CONFIG, CONFIG,
        None,
    ],
    "commit-message-trailers": [
        ["git-commit.html", "git-interpret-trailers.html"],
        TRAILERS,
        TRAILERS,
        TRAILERS,
        TRAILERS,
        PRETTY_PAGES,
        TRAILERS,
        None,
    ],
    "listing-files-with-ls-files": [
        LS_FILES, LS_FILES, LS_FILES, LS_FILES, LS_FILES, LS_FILES, LS_FILES,
    ],
    "clean-and-smudge-filters": [
        ATTRS,
        ATTRS,
        ATTRS,
        ATTRS,
        ["gitattributes.html", "git-add.html"],
        ATTRS,
        ["gitattributes.html", "git-merge.html", "git-config.html"],
        None,
    ],
    "searching-commit-messages": [
        LOG_PAGES, LOG_PAGES, LOG_PAGES, LOG_PAGES, LOG_PAGES, ["git-log.html"], LOG_PAGES,
    ],
    "server-side-push-hooks": [
        HOOK_PAGES,
        HOOK_PAGES,
        HOOK_PAGES,
        ["githooks.html", "git-config.html", "git-push.html"],
        ["git-receive-pack.html"],
        ["git-receive-pack.html"],
        HOOK_PAGES,
        None,
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to an unanswerable question would have to use.

# conditional-config-includes Q8: how many levels of nested includes Git follows.
T_INC_LIMIT = r"include depth|maximum include|circular include|include loop|includes? (can|may) be nested"
T_INC_NESTED = r"\bnest(ed|ing)?\b[^.]{0,80}\binclud|\binclud\w*[^.]{0,80}\bnest(ed|ing)?\b"
T_INC_DEEP = r"\binclud\w*[^.]{0,100}\b(levels? deep|deep|depth|recursion|recursively)\b"
T_INC_INDIRECT = r"directly or indirectly"
T_INC_SECTION = r"\binclude\.path\b|\bincludeif\b"

# commit-message-trailers Q8: the Git version that first had git commit --trailer.
T_TR_AVAILABLE = r"--trailer\b[^.]{0,200}\b(since|versions?|releases?|introduced|added in|available)\b"
T_TR_VERSION = r"\btrailers?\b[^.]{0,150}\b(git |v)?2\.\d+|\b(git |v)?2\.\d+\b[^.]{0,150}\btrailers?\b"
T_TR_SINCE = r"\btrailers?\b[^.]{0,100}\b(since|introduced|added in|new in)\b"
T_COMMIT_TRAILER = r"commit --trailer"

# clean-and-smudge-filters Q8: whether git archive runs smudge filters.
T_ARCH_SMUDGE = r"\barchives?\b[^.]{0,150}\b(smudge|smudged|smudging)\b|\bsmudg\w*[^.]{0,150}\barchives?\b"
T_ARCH_FILTER = r"\barchives?\b[^.]{0,150}\bfilter(s|ed|ing)?\b|\bfilter(s|ed|ing)?\b[^.]{0,150}\barchives?\b"
T_ARCH_CONVERT = r"git[ -]archive[^.]{0,200}\b(convert\w*|conversion|checkout|checked out)\b"
T_ARCH_ATTR = r"\battributes?\b[^.]{0,120}\barchiv\w*|\barchiv\w*[^.]{0,120}\battributes?\b"

# server-side-push-hooks Q8: a pre-receive hook when the pushing client is interrupted.
T_INTERRUPT = r"\binterrupt\w*|ctrl-c|control-c|with \^c\b|\bsigint\b|\bsigpipe\b"
T_HOOK_KILLED = (r"\bhooks?\b[^.]{0,150}\b(killed|kill|terminat\w*|abort\w*|disconnect\w*|hang(s|ed)? up"
                 r"|hung up)\b|\b(killed|terminat\w*|disconnect\w*|hung up)\b[^.]{0,150}\bhooks?\b")
T_CLIENT_GONE = r"\bclients?\b[^.]{0,100}\b(disconnect\w*|goes away|gone|hangs? up|hung up|dies|died)\b"
T_CONN_DROPPED = (r"drop(s|ped)? the (tcp )?connection"
                  r"|connection (is |was )?(dropped|closed|lost|broken)")

UNANSWERABLE_TERMS = {
    ("conditional-config-includes", 7): [T_INC_LIMIT, T_INC_NESTED, T_INC_DEEP,
                                         T_INC_INDIRECT, T_INC_SECTION],
    ("commit-message-trailers", 7): [T_TR_AVAILABLE, T_TR_VERSION, T_TR_SINCE,
                                     T_COMMIT_TRAILER],
    ("clean-and-smudge-filters", 7): [T_ARCH_SMUDGE, T_ARCH_FILTER, T_ARCH_CONVERT,
                                      T_ARCH_ATTR],
    ("server-side-push-hooks", 7): [T_INTERRUPT, T_HOOK_KILLED, T_CLIENT_GONE,
                                    T_CONN_DROPPED],
}

_EVERYDAY_INTERRUPT = "an interrupted piece of everyday work, nothing on server-side hooks or pushes"

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # --- nested includes ---
    ("git-fast-import.html", T_INC_DEEP): (
        "filedelete \"included in a commit command to remove a file or recursively delete "
        "an entire directory\"; fast-import's stream, not config includes"),
    ("git-fetch-pack.html", T_INC_DEEP): (
        "the synopsis \"[--include-tag] ... [--depth=<n>]\": a shallow-fetch depth, not "
        "config includes"),
    ("user-manual.html", T_INC_DEEP): (
        "two trees have the same name iff their contents \"(including, recursively, the "
        "contents of all subdirectories)\" are identical; object names, not config"),
    ("git-config.html", T_INC_INDIRECT): (
        "the near miss, the hasconfig:remote.*.url: condition: \"Files included by this "
        "option (directly or indirectly) are not allowed to contain remote URLs\"; it "
        "shows that included files may include others, but gives no limit on how deep"),
    ("git-fsck.html", T_INC_INDIRECT): (
        "an unreachable object \"isn't actually referred to directly or indirectly in any "
        "of the trees or commits seen\"; object reachability, not config"),
    ("git-reflog.html", T_INC_INDIRECT): (
        "a broken commit \"refers, directly or indirectly, to a missing commit, tree, or "
        "blob object\"; reflog expiry, not config"),
    ("git-config.html", T_INC_SECTION): (
        "the Includes and Conditional includes sections, the include.path and "
        "includeIf.<condition>.path entries and the example file, all read: the included "
        "contents \"are inserted immediately\", the variables \"can be given multiple "
        "times\", relative paths, tilde expansion, gitdir/onbranch/hasconfig; nothing on "
        "how many levels of includes are followed or on an error for too deep or circular "
        "includes"),
    # --- the Git version of git commit --trailer ---
    ("git-interpret-trailers.html", T_TR_AVAILABLE): (
        "the commit-msg hook example 'git interpret-trailers --trim-empty --trailer "
        "\"git-version: $(git describe)\"' (a trailer recording the project's version, in a "
        "<pre> block); no Git version in which an option appeared"),
    ("git-commit.html", T_COMMIT_TRAILER): (
        "the --trailer option itself: \"Specify a (<token>, <value>) pair that should be "
        "applied as a trailer. (e.g. git commit --trailer ...)\"; how to use it, not since "
        "when it exists"),
    # --- git archive and smudge filters ---
    ("git-archive.html", T_ARCH_ATTR): (
        "the ATTRIBUTES section: only export-ignore (\"won't be added to archive files\") "
        "and export-subst (placeholders expanded), and that attributes come from the "
        "archived tree unless --worktree-attributes is given; the filter attribute and "
        "smudge commands are not mentioned"),
    ("gitattributes.html", T_ARCH_ATTR): (
        "\"Creating an archive\": the same export-ignore and export-subst attributes; the "
        "filter section of the same page speaks only of checkout and checkin, never of "
        "git archive"),
    # --- an interrupted push and the pre-receive hook ---
    ("git-http-fetch.html", T_INTERRUPT): (
        "--recover is \"used after an earlier fetch is interrupted\"; a dumb-HTTP fetch, "
        "not a push or hook"),
    ("git-merge.html", T_INTERRUPT): (
        "git merge --continue \"checks whether there is a (interrupted) merge in "
        "progress\"; " + _EVERYDAY_INTERRUPT),
    ("git-rebase.html", T_INTERRUPT): (
        "--exec: \"any command that fails will interrupt the rebase\", the apply backend's "
        "\"ill-timed interrupt\" when the user presses Ctrl-C during a rebase, and the "
        "break command; a local rebase, nothing on a push or a server-side hook"),
    ("git-reset.html", T_INTERRUPT): (
        "the \"Interrupted workflow\" example (interrupted by an urgent fix request); "
        + _EVERYDAY_INTERRUPT),
    ("git-stash.html", T_INTERRUPT): (
        "the \"Interrupted workflow\" example of stashing; " + _EVERYDAY_INTERRUPT),
    ("git-upload-pack.html", T_INTERRUPT): (
        "--timeout=<n>: \"interrupt transfer after <n> seconds of inactivity\"; the "
        "fetch-side server program, nothing on receive-pack or its hooks"),
    ("technical/api-trace2.html", T_INTERRUPT): (
        "the trace2 \"signal\" event example (\"# SIGTERM, SIGINT, etc.\"); a trace "
        "format, not how hooks react to a client going away"),
    ("user-manual.html", T_INTERRUPT): (
        "dangling objects left \"because you interrupted a git fetch with ^C\"; a fetch "
        "on the client, not a push or the server's hooks"),
    ("githooks.html", T_HOOK_KILLED): (
        "hooks that abort a command: pre-commit, commit-msg (\"aborts the commit\"), "
        "pre-push (\"git push will abort without pushing anything\"), and "
        "reference-transaction (\"a non-zero exit status will cause the transaction to be "
        "aborted\"); a hook stopping Git, never Git or a lost client stopping a hook"),
    ("gitglossary.html", T_HOOK_KILLED): (
        "hook: \"the hooks allow for a command to be pre-verified and potentially "
        "aborted\"; the glossary definition, nothing on interrupted pushes"),
    ("user-manual.html", T_HOOK_KILLED): (
        "the same glossary definition of hook (\"pre-verified and potentially aborted\")"),
    ("git-config.html", T_CONN_DROPPED): (
        "receive.keepAlive: while receive-pack processes the pack it may produce no "
        "output, \"causing some networks to drop the TCP connection\", so it sends "
        "keepalive packets; it prevents a dropped connection but says nothing about what "
        "happens to a running hook when the client goes away"),
    ("technical/bundle-uri.html", T_CONN_DROPPED): (
        "bundle-URI error conditions (\"a connection is lost without any chance to "
        "recover\"); downloading bundles on clone/fetch, not pushes or hooks"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 46, 4


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8)))


if __name__ == "__main__":
    main()
