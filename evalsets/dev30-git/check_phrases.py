#!/usr/bin/env python3
"""Check the dev30-git eval set against the installed git-doc HTML pages.

6 topics of 7 or 8 questions (47); five unanswerable questions, whose key-term hits read
by hand are in REVIEWED_HITS: fetching-several-remotes Q8 (whether git fetch --all goes
through the remotes in alphabetical order), one-off-config-settings Q8 (the most
GIT_CONFIG_COUNT pairs Git accepts), split-index-and-index-versions Q8 (how many files a
repository needs before the split index pays off), pack-compression-and-delta-search Q8
(how much smaller a pack gets at compression level 9) and push-results-and-atomic-pushes
Q8 (the most refs one atomic push may update).
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
FETCH = ["git-fetch.html"]
# The -c, --config-env and GIT_CONFIG_GLOBAL texts are in git.html (index.html is a
# symbolic link to it); the GIT_CONFIG_COUNT pairs are in git-config.
GIT = ["git.html"]
UPDATE_INDEX = ["git-update-index.html"]
# --window, --depth, --window-memory, -f and -F are in git-repack and (as the options
# git-repack passes on) git-pack-objects.
REPACK = ["git-repack.html", "git-pack-objects.html"]
PUSH = ["git-push.html"]
# The diff options (--relative, --no-prefix, --src-prefix, -O<orderfile>) are included
# in git-diff, git-diff-files, git-diff-index and git-diff-tree (and git-log, git-show,
# git-format-patch).
DIFF_PAGES = ["git-diff.html", "git-diff-files.html", "git-diff-index.html",
              "git-diff-tree.html"]

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks a question the
# collection cannot answer.
PAGES = {
    "fetching-several-remotes": [
        FETCH + ["git-pull.html"],
        FETCH + CONFIG + ["git-remote.html"],
        FETCH,
        FETCH + CONFIG,
        CONFIG + FETCH,
        CONFIG + ["git-remote.html"],
        FETCH,
        None,
    ],
    "one-off-config-settings": [
        GIT,
        GIT,
        GIT,
        CONFIG,
        CONFIG,
        CONFIG,
        GIT + CONFIG,
        None,
    ],
    "split-index-and-index-versions": [
        UPDATE_INDEX + CONFIG,
        UPDATE_INDEX + CONFIG,
        CONFIG,
        CONFIG + UPDATE_INDEX,
        UPDATE_INDEX,
        CONFIG + UPDATE_INDEX,
        CONFIG,
        None,
    ],
    "pack-compression-and-delta-search": [
        CONFIG + ["git-pack-objects.html"],
        CONFIG + REPACK,
        REPACK,
        REPACK,
        ["gitattributes.html"] + REPACK,
        REPACK + CONFIG,
        CONFIG,
        None,
    ],
    "push-results-and-atomic-pushes": [
        PUSH,
        PUSH,
        PUSH,
        PUSH + ["git-send-pack.html"],
        PUSH,
        PUSH + CONFIG,
        PUSH,
        None,
    ],
    "diff-paths-prefixes-and-order": [
        DIFF_PAGES + CONFIG,
        DIFF_PAGES,
        DIFF_PAGES + CONFIG,
        CONFIG + ["git-diff.html"],
        DIFF_PAGES + CONFIG,
        DIFF_PAGES,
        CONFIG,
    ],
}

# fetching-several-remotes Q8: the order in which git fetch --all goes through remotes.
T_FETCH_ORDER = (r"\b(alphabetical\w*|sorted)\b[^.]{0,150}\bremotes\b|\bremotes?\b[^.]{0,150}"
                 r"\b(alphabetical\w*|sorted|in the order (they|of|listed|given))\b")
T_FETCH_SEQ = (r"\b(sequential\w*|one after (the )?other|in turn)\b[^.]{0,150}\bremotes?\b"
               r"|\bremotes?\b[^.]{0,150}\b(sequential\w*|one after (the )?other|in turn)\b")
T_FETCH_MANY = r"fetch --all|--multiple|remotes\.<group>"

# one-off-config-settings Q8: the most pairs GIT_CONFIG_COUNT may announce.
T_CFG_PAIRS = r"git_config_count|git_config_key"
T_ENV_LIMIT = (r"\benvironment\b[^.]{0,150}\b(maximum|limit\w*|at most|too many)\b"
               r"|\b(maximum|limit\w*|at most|too many)\b[^.]{0,150}\benvironment variables?\b")
T_PAIRS_LIMIT = (r"\bpairs?\b[^.]{0,100}\b(maximum|limit\w*|at most)\b"
                 r"|\b(maximum|limit\w*|at most)\b[^.]{0,100}\bpairs?\b")

# split-index-and-index-versions Q8: the repository size from which a split index pays off.
T_SPLIT = r"split[- ]index|sharedindex|shared index"
T_INDEX_COUNT = (r"\bindex(es)?\b[^.]{0,100}\b\d[\d,]* ?(k |thousand |million )?(files|entries"
                 r"|paths)\b|\b\d[\d,]* ?(k |thousand |million )?(files|entries|paths)\b"
                 r"[^.]{0,100}\bindex\b")
T_LARGE_INDEX = r"\b(very large|huge)\b[^.]{0,30}\bindex(es)?\b"

# pack-compression-and-delta-search Q8: how much level 9 saves against the default.
T_LEVEL_SAVING = (r"\blevel 9\b|compression levels?\b[^.]{0,150}\b(\d+ ?%|percent|smaller"
                  r"|savings?|ratio)\b")
T_COMP_PERCENT = (r"\bcompress\w*\b[^.]{0,100}\b\d+ ?(%|percent)|\b\d+ ?(%|percent)[^.]{0,100}"
                  r"\bcompress\w*")
T_COMP_SMALLER = r"\bsmaller\b[^.]{0,100}\bcompress\w*|\bcompress\w*[^.]{0,100}\bsmaller\b"
T_COMP_SETTINGS = r"core\.compression|pack\.compression|loosecompression|compression level"

# push-results-and-atomic-pushes Q8: the most refs one atomic push may update.
T_ATOMIC_LIMIT = (r"\batomic\b[^.]{0,150}\b(limit\w*|maximum|at most|number of (refs|references"
                  r"|branches))\b|\b(limit\w*|maximum|at most|number of (refs|references))\b"
                  r"[^.]{0,150}\batomic\b")
T_PUSH_REF_LIMIT = (r"\b(maximum|limit\w*|at most|too many)\b[^.]{0,60}\b(refs|references)\b"
                    r"[^.]{0,60}\bpush\w*|\bpush\w*\b[^.]{0,60}\b(maximum|limit\w*|at most"
                    r"|too many)\b[^.]{0,60}\b(refs|references)\b")
T_ATOMIC_PAGES = r"--atomic|atomic push"

UNANSWERABLE_TERMS = {
    ("fetching-several-remotes", 7): [T_FETCH_ORDER, T_FETCH_SEQ, T_FETCH_MANY],
    ("one-off-config-settings", 7): [T_CFG_PAIRS, T_ENV_LIMIT, T_PAIRS_LIMIT],
    ("split-index-and-index-versions", 7): [T_SPLIT, T_INDEX_COUNT, T_LARGE_INDEX],
    ("pack-compression-and-delta-search", 7): [T_LEVEL_SAVING, T_COMP_PERCENT, T_COMP_SMALLER,
                                               T_COMP_SETTINGS],
    ("push-results-and-atomic-pushes", 7): [T_ATOMIC_LIMIT, T_PUSH_REF_LIMIT, T_ATOMIC_PAGES],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
_FETCH_PAGE = ("the whole page was read: --all \"Fetch all remotes\", --multiple, -j/--jobs "
               "(\"By default fetches are performed sequentially\"), <group> and remotes.<group>, "
               "fetch.parallel; it says the remotes are fetched, never in which order")
_PULL_FETCH = ("git pull includes git fetch's options (--all, --multiple, -j/--jobs, --atomic); "
               "the same texts as git-fetch, no order of the remotes")
_ATOMIC_FETCH = ("git fetch --atomic (also included in git-pull): \"Use an atomic transaction to "
                 "update local refs. Either all refs are updated, or on error, no refs are "
                 "updated\"; local refs of a fetch, no number of refs for a push")
_SPLIT_CONFIG = ("core.splitIndex (\"False by default\"), splitIndex.maxPercentChange (20 percent) "
                 "and splitIndex.sharedIndexExpire (\"2.weeks.ago\"); when a new shared index is "
                 "written and when old ones are removed, not how large a repository should be")
_CHECKOUT_PARALLEL = ("checkout.workers: \"the size and compression level of a repository might "
                      "also influence how well the parallel version performs\"; parallel checkout, "
                      "no saving of one level over another")

REVIEWED_HITS = {
    # --- the order of the remotes in git fetch --all ---
    ("technical/partial-clone.html", T_FETCH_ORDER): (
        "the near miss: when objects are missing, \"the other promisor remotes will be tried in "
        "the order they appear in the config file\"; promisor remotes of a partial clone "
        "consulted for missing objects, not the remotes git fetch --all goes through"),
    ("technical/partial-clone.html", T_FETCH_SEQ): (
        "the same section: \"promisor remotes are tried one after the other until all the "
        "objects have been fetched\"; lazy fetching of missing objects, not git fetch --all"),
    ("git-fetch.html", T_FETCH_SEQ): (
        "the CONFIGURED REMOTE-TRACKING BRANCHES example: \"master: ... which in turn means "
        "'fetch the master branch'\"; \"in turn\" explains a refspec, not an order of remotes"),
    ("git-fetch.html", T_FETCH_MANY): _FETCH_PAGE,
    ("git-pull.html", T_FETCH_MANY): _PULL_FETCH,
    ("git-config.html", T_FETCH_MANY): (
        "fetch.parallel (\"remotes when the --multiple option of git-fetch(1) is in effect\", "
        "default 1) and remotes.<group> (\"The list of remotes which are fetched by git remote "
        "update <group>\"); how many at a time and which, not in which order"),
    ("git-remote.html", T_FETCH_MANY): (
        "git remote update: remotes.<group>, remotes.default, and all remotes without "
        "remote.<name>.skipDefaultUpdate; which remotes are updated, not in which order"),
    ("git-push.html", T_FETCH_MANY): (
        "the --force-with-lease caveat: the protection \"is of course entirely defeated by "
        "something that runs git fetch --all\" in the background; no order of remotes"),
    # --- the most GIT_CONFIG_COUNT pairs ---
    ("git-config.html", T_CFG_PAIRS): (
        "the ENVIRONMENT entry, read in full: \"If GIT_CONFIG_COUNT is set to a positive number, "
        "all environment pairs GIT_CONFIG_KEY_<n> and GIT_CONFIG_VALUE_<n> up to that number "
        "will be added\", zero-indexed, a missing key or value is an error, an empty count is 0, "
        "overridden by git -c; no upper bound on the count"),
    ("git-mailinfo.html", T_PAIRS_LIMIT): (
        "-b: bracketed [ and ] pairs in a subject are stripped, and \"this option limits the "
        "stripping to only the pairs whose bracketed string contains the word patch\"; e-mail "
        "subjects, not configuration pairs"),
    # --- the repository size from which the split index pays off ---
    ("git-config.html", T_SPLIT): _SPLIT_CONFIG,
    ("git-rev-parse.html", T_SPLIT): (
        "--shared-index-path: \"Show the path to the shared index file in split index mode, or "
        "empty if not in split-index mode\"; a path, no size"),
    ("git-status.html", T_SPLIT): (
        "-u: finding untracked files \"may take some time in a large working tree. Consider "
        "enabling untracked cache and split index if supported\"; a large working tree without "
        "a number"),
    ("git-update-index.html", T_SPLIT): (
        "the whole page was read: --split-index/--no-split-index and the SPLIT INDEX section "
        "(\"designed for repositories with very large indexes\"); no number of files or entries"),
    ("git-update-index.html", T_LARGE_INDEX): (
        "the SPLIT INDEX section: \"This mode is designed for repositories with very large "
        "indexes, and aims at reducing the time it takes to repeatedly write these indexes\"; "
        "the closest text, with no size given"),
    ("gitformat-index.html", T_SPLIT): (
        "the split index extension's format: the hash of the shared index file, the delete and "
        "replace bitmaps; file layout, no advice on size"),
    ("gitrepository-layout.html", T_SPLIT): (
        "the sharedindex.<SHA-1> entry: \"The shared index part ... Only valid in split index "
        "mode\"; what the file is, no size"),
    ("technical/api-trace2.html", T_INDEX_COUNT): (
        "a trace2 data event example: \"this example shows that the index contained 3552 "
        "entries\"; an example value in a trace, not a threshold for the split index"),
    ("technical/reftable.html", T_LARGE_INDEX): (
        "the reftable index block, which may be larger \"in very large files\"; a block of the "
        "reftable format, not the Git index"),
    # --- how much compression level 9 saves ---
    ("git-update-index.html", T_COMP_PERCENT): (
        "--index-version: version 4's \"pathname compression that reduces index size by "
        "30%-50%\"; index file paths, not zlib levels of objects in packs"),
    ("technical/reftable.html", T_COMP_PERCENT): (
        "alternatives considered: bzip2 shrinks a packed-refs file \"(e.g. 62 MiB compresses to "
        "23 MiB, 37%)\"; a rejected format for refs, not pack compression levels"),
    ("user-manual.html", T_COMP_PERCENT): (
        "sample git repack output (\"Delta compression using up to 4 threads. Compressing "
        "objects: 100%\"); a progress meter, not a size saving"),
    ("git-archive.html", T_COMP_SMALLER): (
        "the zip backend's -<digit>: \"larger values allow the command to spend more time to "
        "compress to smaller size ... Default is -6\"; zip archives, and no amount"),
    ("git-archive.html", T_COMP_SETTINGS): (
        "the zip and tar compression levels of git archive; archives, not packs, no saving"),
    ("git-checkout.html", T_COMP_SETTINGS): _CHECKOUT_PARALLEL,
    ("git-switch.html", T_COMP_SETTINGS): _CHECKOUT_PARALLEL,
    ("git-config.html", T_COMP_SETTINGS): (
        "core.compression, core.looseCompression and pack.compression, read in full: the range "
        "-1..9, \"9 being slowest\", the zlib default (\"currently equivalent to level 6\"), "
        "loose objects at 1, no recompression without -F; speed/size tradeoffs with no sizes"),
    ("git-pack-objects.html", T_COMP_SETTINGS): (
        "--no-reuse-object (\"forcing recompression of everything ... wholesale enforcement of a "
        "different compression level\") and --compression=<n> (pack.compression, then "
        "core.compression, then -1); which level is used, not how much smaller a pack gets"),
    ("gitweb.conf.html", T_COMP_SETTINGS): (
        "%feature snapshot formats: gitweb may run gzip \"at level 6\" for snapshots; tarballs "
        "served by gitweb, not packs"),
    # --- the most refs in one atomic push ---
    ("git-push.html", T_ATOMIC_PAGES): (
        "--[no-]atomic: \"Use an atomic transaction on the remote side if available. Either all "
        "refs are updated, or on error, no refs are updated. If the server does not support "
        "atomic pushes the push will fail\"; no number of refs"),
    ("git-send-pack.html", T_ATOMIC_PAGES): (
        "--atomic: \"if any of the refs fails to update then the entire push will fail without "
        "changing any refs\"; no number of refs"),
    ("git-config.html", T_ATOMIC_PAGES): (
        "receive.advertiseAtomic: git-receive-pack advertises \"the atomic push capability\" "
        "unless set to false; whether it is offered, no limit"),
    ("gitprotocol-capabilities.html", T_ATOMIC_PAGES): (
        "the atomic capability: \"the server will update the refs in one atomic transaction. "
        "Either all refs are updated or none\"; no limit"),
    ("githooks.html", T_ATOMIC_PAGES): (
        "proc-receive: its exit status decides only for the commands sent to it \"unless "
        "atomic push is in use\"; hook behaviour, no number of refs"),
    ("technical/reftable.html", T_ATOMIC_PAGES): (
        "the near miss: with packed-refs, \"Atomic pushes modifying multiple references require "
        "copying the entire packed-refs file\", and reftable's goal \"Support atomic push with "
        "O(size_of_update) operations\"; the cost of a ref storage format, not a maximum "
        "number of refs"),
    ("git-fetch.html", T_ATOMIC_PAGES): _ATOMIC_FETCH,
    ("git-pull.html", T_ATOMIC_PAGES): _ATOMIC_FETCH,
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 47, 5


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8)))


if __name__ == "__main__":
    main()
