#!/usr/bin/env python3
"""Check the dev9 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: executor-pools Q3, objects-and-garbage-collection Q3.
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
    "asyncio-coroutines": [
        ["topic:async"],
        ["asyncio.wait_for", "asyncio.shield"],
        ["asyncio.Task.cancel"],
    ],
    "executor-pools": [
        ["concurrent.futures.wait"],
        ["concurrent.futures.Executor.map", "concurrent.futures.as_completed"],
        None,
    ],
    "unittest-mock": [
        ["unittest.mock.MagicMock"],
        ["unittest.mock.Mock"],
        ["unittest.mock.patch"],
    ],
    "urllib-parse-urls": [
        ["urllib.parse.quote"],
        ["urllib.parse.parse_qs"],
        ["urllib.parse.urlsplit"],
    ],
    "decimal-and-fractions": [
        ["decimal.Decimal.from_float"],
        ["decimal.Decimal.quantize"],
        ["fractions.Fraction"],
    ],
    "objects-and-garbage-collection": [
        ["topic:objects"],
        ["topic:objects"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("executor-pools", 2): {
        "terms": ["max_workers", "max workers", "cpu_count", "cpu count", "cpu",
                  "min(32", "+ 4", "processors", "number of threads",
                  "how many threads", "worker thread", "number of worker",
                  "default executor", "default number", "pool size", "threads",
                  "workers", "pool"],
        "context": ["threadpoolexecutor", "thread pool", "threadpool",
                    "concurrent.futures", "max_workers"],
    },
    ("objects-and-garbage-collection", 2): {
        "terms": ["700", "10, 10", "threshold", "threshold0", "generation 0",
                  "generations", "youngest", "allocations", "allocation",
                  "deallocations", "how often", "automatic collection",
                  "automatic garbage collection", "default threshold",
                  "collection counts", "get_count"],
        "context": ["gc.", "garbage collect", "garbage-collect", "collector",
                    "cyclic garbage", "collection threshold", "set_threshold",
                    "get_threshold"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
