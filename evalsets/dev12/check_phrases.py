#!/usr/bin/env python3
"""Check the dev12 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: gzip-files Q3, filecmp-comparisons Q3.
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
    "traceback-output": [
        ["traceback.format_exc", "traceback.format_exception"],
        ["traceback.print_exception", "traceback.print_tb"],
        ["traceback.print_tb", "traceback.extract_tb", "traceback.print_exc",
         "traceback.print_exception"],
    ],
    "gzip-files": [
        ["gzip.compress"],
        ["gzip.open", "gzip.GzipFile"],
        None,
    ],
    "calendar-month-grids": [
        ["calendar"],
        ["calendar.Calendar.yeardatescalendar", "calendar.Calendar.monthdatescalendar"],
        ["calendar.monthcalendar", "calendar.Calendar.itermonthdays"],
    ],
    "object-string-representations": [
        ["topic:customization", "builtins.repr"],
        ["topic:customization", "builtins.str"],
        ["topic:customization"],
    ],
    "filecmp-comparisons": [
        ["filecmp.cmp"],
        ["filecmp.cmpfiles"],
        None,
    ],
    "sched-event-scheduler": [
        ["sched"],
        ["sched.scheduler.run"],
        ["sched.scheduler.run"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("gzip-files", 2): {
        "terms": ["concatenat", "member", "multiple", "several", "stream", "append",
                  "cat ", "one after", "back to back", "eof", "end of", "unused",
                  "trailing", "rest of", "whole", "all of", "first", "multi"],
        "context": ["gzip", ".gz", "rfc 1952"],
    },
    ("filecmp-comparisons", 2): {
        "terms": ["default_ignores", "'rcs'", "'cvs'", "'tags'", ".git", ".hg", ".bzr",
                  "_darcs", "__pycache__", "version control", "ignored by default",
                  "ignore"],
        "context": ["filecmp", "dircmp", "cmpfiles", "compare two files",
                    "comparison of 2 directories"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
