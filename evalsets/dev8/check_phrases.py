#!/usr/bin/env python3
"""Check the dev8 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: logging-setup Q3, zipfile-archives Q3.
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
    "argparse-command-line": [
        ["argparse.Action"],
        ["argparse.Action"],
        ["argparse", "argparse.RawDescriptionHelpFormatter", "argparse.RawTextHelpFormatter"],
    ],
    "datetime-dates-and-durations": [
        ["datetime.date.weekday", "datetime.date.isoweekday"],
        ["datetime.timedelta"],
        ["datetime.datetime.isoformat", "datetime.time.isoformat"],
    ],
    "pathlib-paths": [
        ["pathlib.Path.rename"],
        ["pathlib.Path.absolute"],
        ["pathlib.PurePath.with_suffix"],
    ],
    "logging-setup": [
        ["logging.basicConfig"],
        ["logging.Formatter"],
        None,
    ],
    "zipfile-archives": [
        ["zipfile.ZipFile"],
        ["zipfile.ZipFile"],
        None,
    ],
    "container-emulation": [
        ["topic:in", "topic:sequence-types"],
        ["topic:in"],
        ["topic:slicings", "topic:sequence-types"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("logging-setup", 2): {
        "terms": ["= 10", "=10", "(10)", "level 10", "value 10", "value of 10",
                  "debug is 10", "10 for debug", "debug = ", "debug=",
                  "numeric value", "numeric level", "numeric logging level",
                  "integer severity", "level number", "custom level",
                  "addlevelname", "trace", "below debug", "lower than debug",
                  "notset", "predefined levels"],
        "context": ["logging", "logger", "log level"],
    },
    ("zipfile-archives", 2): {
        "terms": ["delete", "remove", "removing", "rewrite", "rebuild",
                  "in place", "in-place", "overwrit", "duplicate", "unlink",
                  "discard", "truncate", "member", "append"],
        "context": ["zipfile", "zip file", "zip archive", ".zip", "zipinfo", "zip64", "archive"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
