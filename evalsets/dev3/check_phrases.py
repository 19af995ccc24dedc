#!/usr/bin/env python3
"""Check the dev3 eval set against this Python's own documentation (python-docs corpus).

12 topics, 32 questions (counts not checked); unanswerable: random-numbers Q3,
math-functions Q3.
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
    "del-statement": [
        ["topic:del"],
        ["topic:del"],
    ],
    "private-names-and-underscores": [
        ["topic:atom-identifiers", "topic:id-classes"],
        ["topic:id-classes"],
    ],
    "match-statement": [
        ["topic:compound"],
        ["topic:compound"],
        ["topic:compound"],
    ],
    "slots": [
        ["topic:attribute-access"],
        ["topic:attribute-access"],
    ],
    "decorators": [
        ["topic:function", "topic:compound"],
        ["topic:function", "topic:compound"],
    ],
    "pdb-debugger": [
        ["topic:debugger"],
        ["topic:debugger"],
        ["topic:debugger"],
        ["topic:debugger"],
    ],
    "string-method-pitfalls": [
        ["topic:string-methods"],
        ["topic:string-methods"],
        ["topic:string-methods"],
    ],
    "temporary-files": [
        ["tempfile.mkstemp"],
        ["tempfile.TemporaryFile", "tempfile.NamedTemporaryFile"],
        ["tempfile", "tempfile.mktemp"],
    ],
    "random-numbers": [
        ["random.sample", "random.choices"],
        ["random"],
        None,
    ],
    "math-functions": [
        ["math.prod"],
        ["math.isclose", "cmath.isclose"],
        None,
    ],
    "collections-mappings": [
        ["collections.ChainMap"],
        ["collections.defaultdict"],
        ["collections.OrderedDict.popitem"],
    ],
    "uuid-generation": [
        ["uuid"],
        ["uuid", "uuid.uuid4"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to count.
UNANSWERABLE_TERMS = {
    ("random-numbers", 2): {
        "terms": ["fisher", "yates", "durstenfeld", "knuth", "algorithm p",
                  "swap", "exchang", "in place", "in-place", "algorithm",
                  "random permutation"],
        "context": ["shuffl"],
    },
    ("math-functions", 2): {
        "terms": ["1e-09", "1e-9", "1e-10", "1e-7", "0.000000001", "e-09",
                  "default tolerance", "relative tolerance", "rel_tol=",
                  "rel_tol defaults", "default rel_tol", "nine decimal",
                  "9 digits", "about 9"],
        "context": ["isclose", "rel_tol", "close in value"],
    },
}


if __name__ == "__main__":
    sys.exit(main(HERE, SOURCES, UNANSWERABLE_TERMS))
