#!/usr/bin/env python3
"""Check the dev25-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: client-side-hooks Q3,
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
    "client-side-hooks": [
        ["githooks.html"],
        ["githooks.html"],
        None,
    ],
    "comparing-with-difftool": [
        ["git-difftool.html"],
        ["git-difftool.html", "git-config.html"],
        ["git-difftool.html"],
    ],
    "debugging-ignore-and-attributes": [
        ["git-check-ignore.html"],
        ["git-check-ignore.html"],
        ["git-check-attr.html"],
    ],
    "reverting-commits": [
        ["git-revert.html"],
        ["git.html", "git-revert.html"],
        ["git-revert.html", "git-cherry-pick.html"],
    ],
    "stashing-automatically": [
        ["git-rebase.html", "git-config.html"],
        ["git-merge.html", "git-config.html"],
        ["git-rebase.html", "git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_PREPUSH = r"pre-push"
T_HOOK_TIMEOUT = (r"\bhooks?\b[^.]{0,150}\b(time ?outs?|time limits?|timed out|kill(s|ed)?)\b"
                  r"|\b(time ?outs?|time limits?|timed out|kill(s|ed)?)\b[^.]{0,150}\bhooks?\b")
T_HOOK_WAIT = (r"\b(wait|waits|waiting|give up|gives up)\b[^.]{0,100}\bhooks?\b"
               r"|\bhooks?\b[^.]{0,100}\b(wait|waits|waiting|give up|gives up)\b")
T_PREPUSH_TIME = r"pre-push[^.]{0,200}\b(seconds|minutes|long|slow|time)\b"
T_HOOK_DURATION = r"\bhooks?\b[^.]{0,100}\b(seconds|minutes|long-running|takes too long|how long)\b"

UNANSWERABLE_TERMS = {
    ("client-side-hooks", 2): [T_PREPUSH, T_HOOK_TIMEOUT, T_HOOK_WAIT, T_PREPUSH_TIME,
                               T_HOOK_DURATION],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "pre-push" anywhere.
    ("githooks.html", T_PREPUSH): (
        "the near miss, the pre-push section: called by git push \"and can be used to prevent "
        "a push from taking place\", two parameters (name and location of the remote), the "
        "refs on standard input, and \"If this hook exits with a non-zero status, git push "
        "will abort without pushing anything\"; nothing on how long git push waits or any "
        "time limit; the later match, the hook list at the end of the page, is only names"),
    ("git-push.html", T_PREPUSH): (
        "--[no-]verify: \"Toggle the pre-push hook ... The default is --verify, giving the hook "
        "a chance to prevent the push. With --no-verify, the hook is bypassed completely\"; "
        "no time limit"),
    # a hook near "wait"/"give up".
    ("technical/send-pack-pipeline.html", T_HOOK_WAIT): (
        "send-pack's internals: \"if the remote side is new enough (v1.1.0 or later), wait for "
        "the unpack and hook status from the other end\"; the remote side's hooks during a push, "
        "and no limit on how long"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
