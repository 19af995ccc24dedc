#!/usr/bin/env python3
"""Check the dev22 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: set-methods Q3, max-min-and-sum Q3.
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
    "set-methods": [
        ["builtins.set.discard", "builtins.set.remove"],
        ["builtins.set.symmetric_difference"],
        None,
    ],
    "dict-displays": [
        ["topic:dict"],
        ["topic:dict"],
        ["topic:dict"],
    ],
    "star-imports": [
        ["topic:import"],
        ["topic:import"],
        ["topic:import"],
    ],
    "max-min-and-sum": [
        ["builtins.max"],
        ["builtins.sum"],
        None,
    ],
    "operator-precedence": [
        ["topic:operator-summary"],
        ["topic:operator-summary"],
        ["topic:operator-summary"],
    ],
    "code-points": [
        ["builtins.chr"],
        ["builtins.ord"],
        ["builtins.ascii"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("set-methods", 2): {
        "terms": ["o(1)", "constant time", "constant-time", "time complexity", "complexity",
                  "average case", "hash table", "hashtable", "lookup", "linear time", "o(n)",
                  "faster", "fast membership", "performance", "hashing"],
        "context": ["frozenset", "set object", "set type", "membership", "x in s"],
    },
    ("max-min-and-sum", 2): {
        "terms": ["first one encountered", "encountered", "maximal", "minimal", " tie", "ties",
                  "first occurrence", "stable", "equal", "several", "multiple items",
                  "order-preserving", "first of"],
        "context": ["max(", "min(", "largest", "smallest", "biggest", "maximum", "minimum"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
