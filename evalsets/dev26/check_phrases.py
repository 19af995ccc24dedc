#!/usr/bin/env python3
"""Check the dev26 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: running-asyncio-programs Q3, finding-programs-and-disk-space Q3.
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
    "running-asyncio-programs": [
        ["asyncio.run"],
        ["asyncio.to_thread"],
        None,
    ],
    "logging-in-libraries": [
        ["logging.NullHandler"],
        ["logging.Formatter.formatTime"],
        ["logging.Logger.hasHandlers"],
    ],
    "type-variables-and-class-variables": [
        ["typing.TypeVar"],
        ["typing.ClassVar"],
        ["typing.assert_never"],
    ],
    "correlation-and-averages": [
        ["statistics.correlation"],
        ["statistics.harmonic_mean"],
        ["statistics.geometric_mean"],
    ],
    "dataclass-helpers": [
        ["dataclasses.asdict"],
        ["dataclasses.replace"],
        ["dataclasses.asdict", "dataclasses.astuple"],
    ],
    "finding-programs-and-disk-space": [
        ["shutil.which"],
        ["shutil.disk_usage"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("running-asyncio-programs", 2): {
        "terms": ["cancel", "keeps running", "still run", "cannot be cancelled", "interrupt", "stop",
                  "continue", "finish", "timeout", "abandon"],
        "context": ["to_thread", "separate thread", "run_in_executor", "default executor"],
    },
    ("finding-programs-and-disk-space", 2): {
        "terms": ["pathext", ".exe", "extension", "suffix", "windows", ".bat", ".cmd", "executable",
                  "file ending"],
        "context": ["conforms to the given mode", "custom search path", "os.x_ok", "shutil.which",
                    "named executable", "exec_path"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
