#!/usr/bin/env python3
"""Check the dev15 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: ftplib-file-transfers Q3, sqlite3-databases Q3.
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
    "ftplib-file-transfers": [
        ["ftplib.FTP_TLS", "ftplib.FTP_TLS.prot_p"],
        ["ftplib.FTP.ntransfercmd", "ftplib.FTP.retrbinary"],
        None,
    ],
    "profiling-cprofile-pstats": [
        ["pstats.Stats"],
        ["pstats.Stats"],
        ["profile.Profile", "cProfile.Profile.getstats", "pstats.Stats"],
    ],
    "sqlite3-databases": [
        ["sqlite3.Connection.close", "sqlite3.Connection.commit"],
        ["sqlite3.Connection.setlimit"],
        None,
    ],
    "tokenize-source-encoding": [
        ["tokenize.detect_encoding"],
        ["tokenize.detect_encoding"],
        ["tokenize.generate_tokens", "tokenize.tokenize", "tokenize"],
    ],
    "wave-audio-files": [
        ["wave"],
        ["wave"],
        ["wave.Wave_read", "wave"],
    ],
    "platform-identification": [
        ["platform.processor"],
        ["platform.uname", "os.uname"],
        ["platform.platform"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("ftplib-file-transfers", 2): {
        "terms": ["passive", "pasv", "epsv", "port mode", "port command", "active",
                  "default", "firewall", "passiveserver"],
        "context": ["ftp", "pasv", "port command", "data connection"],
    },
    ("sqlite3-databases", 2): {
        "terms": ["timeout", "time out", "locked", "lock", "busy", "wait", "seconds",
                  "5.0", "five", "retry", "concurren", "another process", "abort"],
        "context": ["sqlite", "database", "sql statement", "db-api"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
