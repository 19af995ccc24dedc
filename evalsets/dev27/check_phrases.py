#!/usr/bin/env python3
"""Check the dev27 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: tar-archives Q3, zlib-streams Q3.
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
    "tar-archives": [
        ["tarfile.open"],
        ["tarfile.TarFile.add"],
        None,
    ],
    "http-request-handlers": [
        ["http.server.BaseHTTPRequestHandler"],
        ["http.server.BaseHTTPRequestHandler.log_message"],
        ["http.server.BaseHTTPRequestHandler"],
    ],
    "running-scripts-and-zipapps": [
        ["runpy.run_path"],
        ["runpy.run_path"],
        ["zipapp.create_archive"],
    ],
    "zlib-streams": [
        ["zlib.compressobj"],
        ["zlib.decompressobj"],
        None,
    ],
    "file-locks-and-memory-maps": [
        ["fcntl.lockf"],
        ["mmap.mmap"],
        ["mmap.mmap"],
    ],
    "password-prompts": [
        ["getpass.getpass"],
        ["getpass", "getpass.getpass"],
        ["getpass.getuser"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("tar-archives", 2): {
        "terms": ["fully_trusted", "data_filter", "tar_filter", "'data'", "\"data\"", "'tar'",
                  "outside the destination", "absolute path", "traversal", "common filters",
                  "unsafe", "untrusted", "malicious", "security"],
        "context": ["tarfile", "tarinfo", "extractall", "tar archive"],
    },
    ("zlib-streams", 2): {
        "terms": ["automatic", "detect", "auto", "+40", "40 to 47", "32 +", "32+", "either", "header",
                  "gzip or zlib", "zlib or gzip", "both"],
        "context": ["wbits", "window buffer size", "zlib container", "gzip container", "zlib.decompress",
                    "decompressobj"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
