#!/usr/bin/env python3
"""Check the dev14 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: smtplib-sending-mail Q3, venv-environments Q3.
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
    "range-objects": [
        ["topic:typesseq"],
        ["topic:typesseq"],
        ["topic:typesseq"],
    ],
    "smtplib-sending-mail": [
        ["smtplib.SMTP.sendmail"],
        ["smtplib.SMTP.starttls", "smtplib.SMTP_SSL"],
        None,
    ],
    "socketserver-servers": [
        ["socketserver.BaseServer.shutdown", "socketserver.TCPServer.shutdown"],
        ["socketserver", "socketserver.ThreadingMixIn"],
        ["socketserver.BaseServer", "socketserver.BaseServer.serve_forever", "socketserver.TCPServer"],
    ],
    "doctest-examples": [
        ["doctest"],
        ["doctest.testmod", "doctest.testfile", "doctest.DocTestFinder.find"],
        ["doctest.testmod"],
    ],
    "venv-environments": [
        ["venv.EnvBuilder", "site"],
        ["venv.EnvBuilder"],
        None,
    ],
    "py-compile-bytecode": [
        ["py_compile.compile"],
        ["py_compile.compile"],
        ["py_compile.compile"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("smtplib-sending-mail", 2): {
        "terms": ["timeout", "time out", "timed out", "setdefaulttimeout", "seconds",
                  "indefinite", "forever", "wait", "block", "no response", "socket"],
        "context": ["smtp", "sendmail", "ehlo", "mail transaction",
                    "new socket objects", "global default timeout"],
    },
    ("venv-environments", 2): {
        "terms": ["relocat", "move", "moving", "rename", "absolute", "shebang", "#!",
                  "portable", "location", "copied", "copy", "path", "placeholder",
                  "hard-cod", "activate"],
        "context": ["virtual environment", "venv", "pyvenv", "created environment",
                    "environment creation", "env_dir", "environment's python"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
