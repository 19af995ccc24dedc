#!/usr/bin/env python3
"""Check the dev19 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: site-path-files Q3, socket-connections Q3.
The rules are those of ``pydocs_phrases.check_set`` (../pydocs_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import check_set  # noqa: E402 - the shared checks, one folder up


# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for an unanswerable one).
SOURCES = {
    "class-creation-hooks": [
        ["topic:specialnames"],
        ["topic:specialnames"],
        ["topic:specialnames"],
    ],
    "inspect-signatures": [
        ["inspect.BoundArguments", "inspect.BoundArguments.apply_defaults"],
        ["inspect.getfullargspec", "inspect.unwrap"],
        ["inspect.get_annotations"],
    ],
    "urllib-request-fetching": [
        ["urllib.request.proxy_bypass_environment", "urllib.request.urlopen"],
        ["urllib.request", "urllib.error"],
        ["urllib.request"],
    ],
    "site-path-files": [
        ["site", "site.addpackage"],
        ["site"],
        None,
    ],
    "socket-connections": [
        ["socket.create_server", "socket.has_dualstack_ipv6"],
        ["socket.socket.send", "socket.socket.sendall"],
        None,
    ],
    "sys-interpreter-settings": [
        ["sys.setswitchinterval"],
        ["sys.setrecursionlimit", "sys.getrecursionlimit"],
        ["sys.intern"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("site-path-files", 2): {
        "terms": ["user site", "usersite", "user_site", "per user", "user-specific", "--user",
                  "pip install", "user base", "userbase", "home directory", "precedence",
                  "ahead of", "shadow", "before the global", "before the system", "in front of",
                  "prepend", "comes first", "earlier in", "system-wide", "global site", "order"],
        "context": ["site-packages", "site-package", "site package"],
    },
    ("socket-connections", 2): {
        "terms": ["backlog", "somaxconn", "128", "pending connection", "unaccepted",
                  "queue size", "queued connections", "queue length", "default reasonable",
                  "reasonable value", "refusing new", "waiting connections",
                  "incoming connections", "maximum number of"],
        "context": ["listen(", "listening"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
