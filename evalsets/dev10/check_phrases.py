#!/usr/bin/env python3
"""Check the dev10 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: secrets-tokens Q3, warnings-filters Q3.
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
    "numeric-literals": [
        ["topic:numbers"],
        ["topic:imaginary", "topic:numbers"],
        ["topic:floating"],
    ],
    "secrets-tokens": [
        ["secrets.token_hex"],
        ["secrets.compare_digest"],
        None,
    ],
    "pickle-serialization": [
        ["pickle.dumps"],
        ["pickle.loads"],
        ["pickle.Unpickler.find_class"],
    ],
    "ipaddress-networks": [
        ["ipaddress.ip_network"],
        ["ipaddress.IPv4Network"],
        ["ipaddress.IPv4Network.hosts"],
    ],
    "weakref-references": [
        ["weakref.WeakKeyDictionary", "weakref.WeakValueDictionary"],
        ["weakref.WeakMethod"],
        ["weakref.finalize"],
    ],
    "warnings-filters": [
        ["warnings.simplefilter"],
        ["warnings.catch_warnings"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("secrets-tokens", 2): {
        "terms": ["32", "32 bytes", "256 bits", "default_entropy", "entropy",
                  "reasonable default", "default is", "defaults to", "default length",
                  "default number", "bytes of randomness", "bits"],
        "context": ["secrets", "token_hex", "token_urlsafe", "token_bytes", "urlsafe"],
    },
    ("warnings-filters", 2): {
        "terms": ['"module"', "'module'", "module action", "per module", "each module",
                  "once per", "first occurrence", "only once", "each location",
                  "per location", "location", "__warningregistry__", "registry",
                  "duplicate", "regardless of", "repeated", "suppress", "once"],
        "context": ["warning"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
