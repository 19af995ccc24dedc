#!/usr/bin/env python3
"""Check the dev23 evaluation set against this Python's own documentation.

What is checked, for every question of this folder's topic files, is described in
../pydocs_phrases.py, whose ``check_set`` does it; this file says where each
question is answered and gives the set's structural rules.

Structural rules of this set: 6 topic files, 18 questions, exactly 3
questions per topic, allowed front-matter keys, a non-empty brief, allowed
types with every type used at least once, exactly two unanswerable questions
in two different topics (expect [] and no source), expect lists aligned with
questions, 1-3 phrases of 1-5 words per answerable question.

Usage:  /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
(run it with the project's Python: the texts are those of that interpreter)
Exit status is 0 when everything passes, 1 otherwise.
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
