#!/usr/bin/env python3
"""Check the dev20 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: fork-hooks Q3, ctypes-c-calls Q3.
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
    "ssl-certificate-checks": [
        ["ssl.SSLSocket.getpeercert", "ssl"],
        ["ssl"],
        ["ssl.SSLContext.get_ca_certs", "ssl.SSLContext.cert_store_stats"],
    ],
    "time-zones-and-tuples": [
        ["time.tzset"],
        ["time.mktime"],
        ["time.strftime"],
    ],
    "io-stream-details": [
        ["io.TextIOWrapper"],
        ["io.TextIOWrapper.seek"],
        ["io.FileIO.read"],
    ],
    "fork-hooks": [
        ["os.register_at_fork"],
        ["os.register_at_fork"],
        None,
    ],
    "ctypes-c-calls": [
        ["ctypes.CDLL", "ctypes.PyDLL"],
        ["ctypes.CFUNCTYPE"],
        None,
    ],
    "static-and-class-methods": [
        ["builtins.staticmethod"],
        ["builtins.classmethod"],
        ["topic:types"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("fork-hooks", 2): {
        "terms": ["thread", "multithreaded", "multi-threaded", "other threads", "calling thread",
                  "only one thread", "deadlock", "async-signal-safe", "unsafe", "not safe",
                  "safe to", "lock", "mutex", "deprecat"],
        "context": ["fork"],
    },
    ("ctypes-c-calls", 2): {
        "terms": ["nul", "null", "terminat", "\\0", "\\x00", "zero byte", "extra byte", "one more",
                  "+ 1", "plus one", "sizeof", "size in bytes", "length of", "len(", "bytes long",
                  "appended"],
        "context": ["create_string_buffer", "string_buffer", "character array", "c_char",
                    "c_buffer"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
