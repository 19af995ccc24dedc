#!/usr/bin/env python3
"""Check the dev11 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: graphlib-dependencies Q3, glob-patterns Q3.
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
    "assignment-targets": [
        ["topic:assignment"],
        ["topic:assignment"],
        ["topic:assignment"],
    ],
    "graphlib-dependencies": [
        ["graphlib.TopologicalSorter.get_ready", "graphlib.TopologicalSorter.done",
         "graphlib.TopologicalSorter.prepare", "graphlib.TopologicalSorter.is_active"],
        ["graphlib.TopologicalSorter.add"],
        None,
    ],
    "glob-patterns": [
        ["glob.glob", "glob.iglob"],
        ["fnmatch.fnmatch"],
        None,
    ],
    "typing-at-runtime": [
        ["typing.TypedDict"],
        ["typing.Protocol", "typing.runtime_checkable"],
        ["typing.NewType"],
    ],
    "abc-abstract-classes": [
        ["abc.abstractmethod"],
        ["abc.abstractproperty"],
        ["abc.ABCMeta", "abc.ABCMeta.register"],
    ],
    "base64-encoding": [
        ["base64.urlsafe_b64encode", "base64.b64encode"],
        ["base64"],
        ["base64.b64decode"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("graphlib-dependencies", 2): {
        "terms": ["3.9", "3.8", "new in version", "added in", "versionadded", "version 3",
                  "python 3", "since python", "introduced", "available since",
                  "first appeared", "pep 563"],
        "context": ["graphlib", "topological", "cycleerror", "get_ready"],
    },
    ("glob-patterns", 2): {
        "terms": ["sorted", "sort", "order", "arbitrary", "alphabetical", "file system",
                  "filesystem", "listdir", "scandir", "depends on"],
        "context": ["glob.glob", "iglob", "pathname pattern", "wildcard", "fnmatch",
                    "relative pattern", "glob("],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
