#!/usr/bin/env python3
"""Check the dev6 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least twice, phrases of 2-6 words;
two unanswerable questions: list-sorting Q3, shelve-persistence Q3.
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
    "attribute-access-hooks": [
        ["topic:attribute-access"],
        ["topic:attribute-access"],
        ["topic:attribute-access"],
    ],
    "list-sorting": [
        ["topic:typesseq", "builtins.list.sort"],
        ["topic:typesseq", "builtins.list.sort"],
        None,
    ],
    "call-arguments-unpacking": [
        ["topic:function"],
        ["topic:calls"],
        ["topic:calls"],
    ],
    "configparser-ini-files": [
        ["configparser"],
        ["configparser.ConfigParser.read", "configparser"],
        ["configparser.BasicInterpolation", "configparser.RawConfigParser", "configparser"],
    ],
    "shelve-persistence": [
        ["shelve"],
        ["shelve"],
        None,
    ],
    "os-walk-directory-trees": [
        ["os.walk"],
        ["os.walk"],
        ["os.walk"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("list-sorting", 2): {
        "terms": ["n log n", "log n", "nlogn", "log(n)", "logarithm",
                  "complexity", "timsort", "merge sort", "mergesort",
                  "worst case", "worst-case", "o(n", "linear time",
                  "quadratic", "algorithm", "how many comparisons",
                  "number of comparisons", "comparisons", "adaptive",
                  "already sorted", "running time", "runtime"],
        "context": ["sort"],
    },
    ("shelve-persistence", 2): {
        "terms": ["context manager", "__enter__", "__exit__",
                  "with statement", '"with"', "with shelve", "with dbm",
                  "with block", "automatically close", "closed automatically",
                  "close", "garbage", "__del__"],
        "context": ["shelve", "shelf", "dbm"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=2, n_unanswerable=2, phrase_words=(2, 6)))
