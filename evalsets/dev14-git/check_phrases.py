#!/usr/bin/env python3
"""Check the dev14-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: http-connections Q4,
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
    "fast-export-import": [
        ["git-fast-export.html"],
        ["git-fast-export.html"],
        ["git-fast-import.html"],
    ],
    "http-connections": [
        ["git-config.html"],
        ["gitfaq.html", "git-config.html"],
        ["git-config.html"],
        None,
    ],
    "merge-conflicts": [
        ["git-merge.html", "git-config.html"],
        ["git-merge.html"],
        ["git-checkout.html", "git-restore.html"],
    ],
    "pull-divergent-branches": [
        ["git-pull.html", "git-config.html"],
        ["git-pull.html", "git-merge.html"],
        ["git-rebase.html", "git-pull.html", "git-config.html"],
    ],
    "pushing-to-server-repos": [
        ["git-config.html", "user-manual.html"],
        ["git-config.html", "githooks.html"],
        ["git-init.html", "git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_LOW_SPEED = r"\blow.?speed"
T_TIMEOUT = r"\b(time.?outs?|timed out|times? out)\b"
T_STALL = (r"\b(inactivity|stall(s|ed|ing)?|unresponsive|hung|hangs?|give up|gives up"
           r"|giving up)\b")
NET = r"(https?|curl|libcurl|transfers?|connections?|clones?|fetch(es|ing)?)"
TIME = r"(seconds|minutes)"
T_NET_TIME = r"\b" + NET + r"\b.{0,100}\b" + TIME + r"\b"
T_TIME_NET = r"\b" + TIME + r"\b.{0,100}\b" + NET + r"\b"

UNANSWERABLE_TERMS = {
    ("http-connections", 3): [T_LOW_SPEED, T_TIMEOUT, T_STALL, T_NET_TIME, T_TIME_NET],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    ("git-config.html", T_LOW_SPEED): (
        "near miss: http.lowSpeedLimit/http.lowSpeedTime (and GIT_HTTP_LOW_SPEED_LIMIT/"
        "GIT_HTTP_LOW_SPEED_TIME) abort a transfer that stays below a speed for a number of "
        "seconds, but the entry gives no default for either setting, so it does not say how "
        "long Git waits when nothing is configured"),
    ("git-config.html", T_STALL): (
        "advice.pushUnqualifiedRefName (git push gives up guessing a ref namespace) and the "
        "near miss uploadpack.keepAlive: the server side sends keepalive packets every 5 "
        "seconds by default because \"some clients and networks may consider the server to be "
        "hung and give up\"; a server setting, silent on how long the Git client waits"),
    ("git-config.html", T_NET_TIME): (
        "the http.lowSpeedLimit/http.lowSpeedTime entry (no defaults given, see above) and "
        "sendemail.smtpReloginDelay (seconds before reconnecting to an SMTP server)"),
    ("git-config.html", T_TIME_NET): (
        "the same http.lowSpeedLimit/http.lowSpeedTime entry; no default timeout"),
    ("git-bisect-lk2009.html", T_TIMEOUT): (
        "Ingo Molnar's boot-hang bisection script treats a kernel that does not boot within "
        "10 minutes as bad; unrelated to HTTP transfers"),
    ("git-bisect-lk2009.html", T_STALL): (
        "the same quotation (a \"bootup-hang bisection script\")"),
    ("git-credential-cache.html", T_TIMEOUT): (
        "how long cached credentials are kept (--timeout, default 900 seconds); not a "
        "network timeout"),
    ("git-credential-cache.html", T_TIME_NET): (
        "the example \"[work for 5 more minutes]\" before a second git push over http; "
        "about cached credentials, not a stalled transfer"),
    ("git-credential-cache--daemon.html", T_TIMEOUT): (
        "each cached credential is held for a timeout given by the client; not a network "
        "timeout"),
    ("git-daemon.html", T_TIMEOUT): (
        "the git:// server's own --init-timeout and --timeout (given in seconds, no defaults "
        "stated) and --reuseaddr (old connections time out); server side, not the HTTPS "
        "client"),
    ("git-daemon.html", T_TIME_NET): (
        "the same --init-timeout option of the git:// server"),
    ("git-svn.html", T_TIMEOUT): (
        "--log-window-size: overly large values may lead to request timeouts of the "
        "Subversion server; not Git's HTTP transport"),
    ("git-upload-pack.html", T_TIMEOUT): (
        "near miss: upload-pack's --timeout=<n> interrupts a transfer after <n> seconds of "
        "inactivity; that is the server-side program and only when the option is given, "
        "not how long the cloning client waits"),
    ("git-upload-pack.html", T_STALL): (
        "the same --timeout option (\"seconds of inactivity\")"),
    ("git-upload-pack.html", T_NET_TIME): (
        "the same --timeout option of upload-pack"),
    ("technical/api-trace2.html", T_TIMEOUT): (
        "the trace2 child_ready event's \"timeout\" value when a background child process "
        "is too slow to start; unrelated to transfers"),
    ("technical/api-trace2.html", T_NET_TIME): (
        "an example trace in which a fetch took 5.199 seconds, 4.932 of them in ssh; not a "
        "limit"),
    ("MyFirstContribution.html", T_STALL): (
        "\"but hang on just a minute\" in the tutorial's documentation step; unrelated"),
    ("gitprotocol-pack.html", T_STALL): (
        "the pack negotiation: the client gives up after sending 256 have lines without an "
        "ACK; a count of lines in the negotiation, not a time limit for a stalled transfer"),
    ("howto/use-git-daemon.html", T_STALL): (
        "the example error \"fatal: the remote end hung up unexpectedly\" from git ls-remote "
        "against a git daemon that does not export the repository; not a timeout"),
    ("user-manual.html", T_STALL): (
        "\"decide to just give up\" on a merge and a maintainer who \"becomes unresponsive\"; "
        "unrelated"),
    ("git-send-email.html", T_NET_TIME): (
        "sendemail.smtpReloginDelay: seconds to wait before reconnecting to the SMTP server; "
        "unrelated to fetching"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
