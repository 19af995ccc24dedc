#!/usr/bin/env python3
"""Check the dev25 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: deleting-and-moving-trees Q3, signal-handlers Q3.
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
    "deleting-and-moving-trees": [
        ["shutil.rmtree"],
        ["shutil.move"],
        None,
    ],
    "regex-substitution-and-splitting": [
        ["re.sub"],
        ["re.split"],
        ["re.split"],
    ],
    "making-directories-and-renaming": [
        ["os.makedirs"],
        ["os.makedirs", "os.mkdir"],
        ["os.replace"],
    ],
    "signal-handlers": [
        ["signal.signal"],
        ["signal.getsignal"],
        None,
    ],
    "asyncio-gather": [
        ["asyncio.gather"],
        ["asyncio.gather"],
        ["asyncio.gather"],
    ],
    "name-binding-rules": [
        ["topic:naming"],
        ["topic:naming"],
        ["topic:naming"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("deleting-and-moving-trees", 2): {
        "terms": ["symlink", "symbolic link", "follow", "link", "symlink attack", "islink", "lstat",
                  "dir_fd", "outside the tree", "points to"],
        "context": ["rmtree", "delete a directory tree", "recursively delete", "remove a directory",
                    "directory tree", "rmdir", "removedirs"],
    },
    ("signal-handlers", 2): {
        "terms": ["main thread", "thread", "only works", "main interpreter", "valueerror", "worker",
                  "calling thread", "any thread"],
        "context": ["signal handler", "set the action for the given signal", "sig_dfl", "sig_ign",
                    "signal.signal"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
