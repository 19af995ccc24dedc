#!/usr/bin/env python3
"""Check the dev24 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: contextlib-helpers Q3, iterator-slices-and-pairs Q3.
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
    "unittest-assertions": [
        ["unittest.TestCase.assertAlmostEqual"],
        ["unittest.TestCase.assertRaises"],
        ["unittest.TestCase.subTest"],
    ],
    "contextlib-helpers": [
        ["contextlib.ExitStack", "contextlib.ExitStack.enter_context"],
        ["contextlib.suppress"],
        None,
    ],
    "iterator-slices-and-pairs": [
        ["itertools.islice"],
        ["itertools.pairwise"],
        None,
    ],
    "int-conversion": [
        ["builtins.int"],
        ["builtins.int"],
        ["builtins.int"],
    ],
    "object-identity-and-vars": [
        ["builtins.id"],
        ["builtins.id"],
        ["builtins.vars"],
    ],
    "bytes-and-bytearray": [
        ["builtins.bytearray"],
        ["builtins.bytearray"],
        ["builtins.bytes", "builtins.bytearray"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("contextlib-helpers", 2): {
        "terms": ["subprocess", "child process", "child", "file descriptor", "fileno", "dup2",
                  "os.write", "sys.stdout", "thread", "global", "library code", "side effect",
                  "external", "not suitable", "inherit"],
        "context": ["redirect_stdout", "redirect_stderr", "redirect stdout", "redirecting stdout",
                    "redirecting stderr"],
    },
    ("iterator-slices-and-pairs", 2): {
        "terms": ["negative", "sys.maxsize", "valueerror", "non-negative", "nonnegative", ">= 0",
                  "from the end", "last", "reverse", "-1", "must be none", "count backwards"],
        "context": ["islice"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
