#!/usr/bin/env python3
"""Check the dev2 eval set against this Python's own documentation (python-docs corpus).

12 topics, 32 questions (counts not checked); unanswerable: sequence-pitfalls Q3,
collections-counter Q4.
The rules are those of ``pydocs_phrases.main`` (../pydocs_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import main  # noqa: E402 - the shared checks, one folder up

# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for the unanswerable ones).
SOURCES = {
    "pass-and-continue": [
        ["topic:pass"],
        ["topic:continue"],
        ["topic:continue"],
    ],
    "augmented-assignment": [
        ["topic:augassign", "topic:assignment"],
        ["topic:augassign", "topic:assignment"],
    ],
    "division-and-modulo": [
        ["topic:binary"],
        ["topic:binary"],
    ],
    "default-parameter-values": [
        ["topic:function"],
        ["topic:function"],
        ["topic:function"],
    ],
    "sequence-pitfalls": [
        ["topic:typesseq"],
        ["topic:typesseq"],
        None,
    ],
    "string-literal-prefixes": [
        ["topic:strings"],
        ["topic:strings"],
        ["topic:strings"],
    ],
    "collections-counter": [
        ["collections.Counter"],
        ["collections.Counter.update"],
        ["collections.Counter.most_common"],
        None,
    ],
    "functools-partial-and-ordering": [
        ["functools.partial"],
        ["functools.total_ordering", "topic:customization"],
    ],
    "os-path-functions": [
        ["os.path.join"],
        ["os.path.exists"],
    ],
    "copying-objects-and-files": [
        ["copy"],
        ["copy"],
        ["shutil.copy", "shutil.copy2"],
    ],
    "subprocess-run": [
        ["subprocess.run"],
        ["subprocess.run"],
        ["subprocess.run"],
    ],
    "timeit-defaults": [
        ["timeit.Timer.timeit"],
        ["timeit.Timer.repeat"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to count.
UNANSWERABLE_TERMS = {
    ("sequence-pitfalls", 2): {
        "terms": ["timsort", "tim sort", "merge sort", "mergesort", "merging runs",
                  "natural runs", "galloping", "gallop", "insertion sort",
                  "binary insertion", "quicksort", "sorting algorithm",
                  "adaptive", "hybrid"],
        "context": ["sort"],
    },
    ("collections-counter", 3): {
        "terms": ["first encountered", "order first", "equal counts", "same count",
                  "equal count", "tie-break", "tiebreak", "break ties", "ties are",
                  "insertion order", "order of insertion", "arbitrary order"],
        "context": ["most_common", "multiset", "collections.counter"],
    },
}


if __name__ == "__main__":
    sys.exit(main(HERE, SOURCES, UNANSWERABLE_TERMS))
