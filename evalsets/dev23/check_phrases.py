#!/usr/bin/env python3
"""Check the dev23 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: clocks-and-timing Q3, combinations-and-products Q3.
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
    "print-and-input": [
        ["builtins.print"],
        ["builtins.input"],
        ["builtins.input"],
    ],
    "clocks-and-timing": [
        ["time.monotonic", "time.time"],
        ["time.process_time"],
        None,
    ],
    "combinations-and-products": [
        ["itertools.product"],
        ["math.perm"],
        None,
    ],
    "thread-events-and-locks": [
        ["threading.Event.wait"],
        ["threading.RLock"],
        ["threading.Condition.wait"],
    ],
    "type-and-attribute-checks": [
        ["builtins.isinstance"],
        ["builtins.issubclass"],
        ["builtins.hasattr"],
    ],
    "none-ellipsis-and-object": [
        ["builtins.object"],
        ["topic:bltin-ellipsis-object"],
        ["topic:bltin-null-object"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("clocks-and-timing", 2): {
        "terms": ["suspend", "sleep", "hibernat", "standby", "asleep", "power", "boot", "pause",
                  "stopped", "starting base", "reference point", "undefined", "system-wide",
                  "adjust", "drift"],
        "context": ["monotonic", "perf_counter", "loop.time()"],
    },
    ("combinations-and-products", 2): {
        "terms": ["position", "unique", "duplicate", "repeated", "repeat", "identical", "twice",
                  "same value", "distinct", "equal", "treated as", "lexicographic",
                  "sorted order"],
        "context": ["combination", "permutation"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
