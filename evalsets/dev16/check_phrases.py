#!/usr/bin/env python3
"""Check the dev16 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: lzma-bz2-compression Q3, selectors-multiplexing Q3.
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
    "lzma-bz2-compression": [
        ["lzma.LZMACompressor", "lzma"],
        ["bz2.BZ2Decompressor.decompress"],
        None,
    ],
    "selectors-multiplexing": [
        ["selectors.DefaultSelector", "selectors.BaseSelector"],
        ["selectors.BaseSelector.unregister"],
        None,
    ],
    "imaplib-mailboxes": [
        ["imaplib.IMAP4.unselect", "imaplib.IMAP4.close"],
        ["imaplib.IMAP4"],
        ["imaplib.IMAP4.select"],
    ],
    "poplib-mail-download": [
        ["poplib.POP3.quit", "poplib.POP3.rset"],
        ["poplib.POP3", "poplib.POP3.pass_"],
        ["poplib.POP3", "poplib.POP3.top"],
    ],
    "pkgutil-packages": [
        ["pkgutil.get_data"],
        ["pkgutil.walk_packages"],
        ["pkgutil.resolve_name"],
    ],
    "telnetlib-sessions": [
        ["telnetlib"],
        ["telnetlib.Telnet"],
        ["telnetlib.Telnet.expect"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("lzma-bz2-compression", 2): {
        "terms": ["memory", "memlimit", "mib", "megabyte", "kib", "dictionary size",
                  "dict_size", "preset", "usage", "requirement"],
        "context": ["lzma", "xz", "bzip2", "bz2", "liblzma"],
    },
    ("selectors-multiplexing", 2): {
        "terms": ["thread", "thread-safe", "threadsafe", "concurren", "wake", "interrupt",
                  "meantime", "already waiting", "while waiting", "takes effect", "during",
                  "register"],
        "context": ["selector", "epoll", "select()", "poll()", "event_read"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
