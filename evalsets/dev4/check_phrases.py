#!/usr/bin/env python3
"""Check the dev4 eval set against this Python's own documentation (python-docs corpus).

5 topics of 3-4 questions (16), every type used at least once, phrases of 1-5 words;
one unanswerable question: enum-members Q4.
The rules are those of ``pydocs_phrases.check_set`` (../pydocs_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import check_set  # noqa: E402 - the shared checks, one folder up


# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for the unanswerable one).
SOURCES = {
    "bitwise-operators": [
        ["topic:unary"],
        ["topic:shifting"],
        ["topic:bitwise"],
    ],
    "textwrap-module": [
        ["textwrap.TextWrapper"],
        ["textwrap.dedent"],
        ["textwrap.shorten", "textwrap.TextWrapper"],
    ],
    "struct-packing": [
        ["struct"],
        ["struct"],
        ["struct"],
    ],
    "statistics-functions": [
        ["statistics.mode"],
        ["statistics.stdev", "statistics.pstdev",
         "statistics.variance", "statistics.pvariance", "statistics"],
        ["statistics.quantiles"],
    ],
    "enum-members": [
        ["enum.Enum"],
        ["enum.unique"],
        ["enum.FlagBoundary"],
        None,
    ],
}

# For the unanswerable question: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("enum-members", 3): {
        "terms": ["auto()", "auto(", "enum.auto", "_generate_next_value_",
                  "next value", "appropriate value", "start at 1",
                  "starts at 1", "starting at 1", "start with 1",
                  "starts with 1", "begin at 1", "begins at 1",
                  "start at 0", "starts at 0", "starting at 0",
                  "first member", "first value", "start value",
                  "initial value", "count + 1", "last value", "value of 1",
                  "values start", "numbered from", "increment"],
        "context": ["enum", "auto"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=5, n_questions=16, per_topic=(3, 4),
                       min_per_type=1, n_unanswerable=1, phrase_words=(1, 5)))
