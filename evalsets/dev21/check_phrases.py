#!/usr/bin/env python3
"""Check the dev21 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: terminal-settings Q3, faulthandler-dumps Q3.
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
    "terminal-settings": [
        ["termios.tcsendbreak"],
        ["os.get_terminal_size"],
        None,
    ],
    "generic-functions": [
        ["functools.singledispatch"],
        ["functools.singledispatch"],
        ["functools.singledispatchmethod", "functools.singledispatch"],
    ],
    "users-and-groups": [
        ["pwd", "pwd.struct_passwd"],
        ["grp"],
        ["grp.getgrnam"],
    ],
    "changing-lists-in-place": [
        ["topic:typesseq-mutable"],
        ["topic:typesseq-mutable"],
        ["builtins.list.pop", "topic:typesseq-mutable"],
    ],
    "faulthandler-dumps": [
        ["faulthandler.dump_traceback_later", "topic:debugger"],
        ["faulthandler.register", "topic:debugger"],
        None,
    ],
    "file-mode-bits": [
        ["stat.filemode"],
        ["stat.S_IMODE", "stat.S_IFMT"],
        ["os.lstat", "os.stat"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("terminal-settings", 2): {
        "terms": ["echo", "icanon", "canonical", "isig", "iexten", "ctrl-c", "control-c", "interrupt",
                  "signal", "line buffer", "line-buffer", "one character", "character at a time",
                  "opost", "output processing", "postprocess", "special character", "vmin",
                  "cbreak", "raw mode", "keypress", "getch"],
        "context": ["tty", "terminal", "termios", "cbreak", "raw mode"],
    },
    ("faulthandler-dumps", 2): {
        "terms": ["pythonfaulthandler", "-x faulthandler", "environment variable", "-x ", "xoptions",
                  "command line", "command-line", "sys.flags", "startup", "start-up",
                  "enable(", "is_enabled"],
        "context": ["faulthandler", "fault handler", "fatal error", "segmentation", "sigsegv",
                    "dump the traceback"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
