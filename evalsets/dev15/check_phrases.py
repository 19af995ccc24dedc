#!/usr/bin/env python3
"""Check the dev15 evaluation set against this Python's own documentation.

What is checked, for every question of this folder's topic files, is described in
../pydocs_phrases.py, whose ``check_set`` does it; this file says where each
question is answered and gives the set's structural rules.

Structural rules of this set: 6 topic files, 18 questions, exactly 3
questions per topic, allowed front-matter keys, a non-empty brief, allowed
types with every type used at least once, exactly two unanswerable questions
in two different topics (expect [] and no source), expect lists aligned with
questions, 1-3 phrases of 1-5 words per answerable question.

Usage:  /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
(run it with the project's Python: the texts are those of that interpreter)
Exit status is 0 when everything passes, 1 otherwise.
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
