#!/usr/bin/env python3
"""Check the dev5 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least twice, phrases of 2-6 words;
two unanswerable questions: csv-files Q3, hashlib-digests Q3.
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
    "difflib-similarity": [
        ["difflib.get_close_matches"],
        ["difflib.Differ"],
        ["difflib.Differ"],
    ],
    "csv-files": [
        ["csv"],
        ["csv"],
        None,
    ],
    "queue-workers": [
        ["queue.Queue.join", "queue.Queue.task_done"],
        ["queue.Queue.empty", "queue.Queue.qsize"],
        ["queue.Queue"],
    ],
    "threads-and-semaphores": [
        ["threading.Thread"],
        ["threading.Semaphore", "threading.BoundedSemaphore"],
        ["threading.BoundedSemaphore"],
    ],
    "operator-overloading": [
        ["topic:numeric-types"],
        ["topic:numeric-types"],
        ["topic:numeric-types"],
    ],
    "hashlib-digests": [
        ["hashlib"],
        ["hashlib", "hashlib.file_digest"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("csv-files", 2): {
        "terms": ["has_header", "has header", "header row", "header",
                  "first row", "first line", "column name", "fieldnames",
                  "column", "heuristic", "guess", "sniff", "sample",
                  "type of each", "length of each", "numeric"],
        "context": ["csv", "sniff", "dialect"],
    },
    ("hashlib-digests", 2): {
        "terms": ["iteration", "rounds", "100000", "100,000", "600000",
                  "600,000", "work factor", "pbkdf2", "key derivation",
                  "salt", "recommend", "owasp", "nist",
                  "stretch", "slow", "how many", "at least"],
        "context": ["hashlib", "pbkdf2", "key derivation", "hmac", "password",
                    "salt"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=2, n_unanswerable=2, phrase_words=(2, 6)))
