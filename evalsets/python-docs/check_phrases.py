#!/usr/bin/env python3
"""Check the python-docs eval set against this Python's own documentation (python-docs corpus).

12 topics, 35 questions (counts not checked); unanswerable: dict-construction-and-merging Q4,
regex-matching-functions Q3.
The rules are those of ``pydocs_phrases.main`` (../pydocs_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import main  # noqa: E402 - the shared checks, one folder up

# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for the unanswerable ones).
SOURCES = {
    "heapq-priority-queues": [
        ["heapq.heappushpop", "heapq.heapreplace"],
        ["heapq.heapify"],
        ["heapq"],
    ],
    "bisect-insort": [
        ["bisect.insort"],
        ["bisect.insort"],
    ],
    "functools-reduce-and-caching": [
        ["functools.reduce"],
        ["functools.lru_cache"],
        ["functools.lru_cache"],
    ],
    "power-operator": [
        ["topic:power"],
        ["topic:power"],
        ["topic:power"],
    ],
    "integer-literals": [
        ["topic:integers"],
        ["topic:integers"],
        ["topic:integers"],
    ],
    "loop-variables": [
        ["topic:break"],
        ["topic:for"],
    ],
    "dict-construction-and-merging": [
        ["topic:typesmapping"],
        ["topic:typesmapping"],
        ["topic:typesmapping"],
        None,
    ],
    "hashable-classes": [
        ["topic:customization"],
        ["topic:customization"],
        ["topic:customization"],
    ],
    "iterator-builtins": [
        ["builtins.enumerate"],
        ["builtins.iter"],
        ["builtins.next"],
    ],
    "opening-files": [
        ["builtins.open"],
        ["builtins.open"],
        ["builtins.open"],
    ],
    "itertools-filtering-and-grouping": [
        ["itertools.takewhile", "itertools.dropwhile"],
        ["itertools.groupby"],
        ["itertools.zip_longest"],
    ],
    "regex-matching-functions": [
        ["re.match", "re.search"],
        ["re.findall"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to count.
UNANSWERABLE_TERMS = {
    ("dict-construction-and-merging", 3): {
        "terms": ["open addressing", "probing", "probe sequence", "perturb",
                  "collision resolution", "resolve collisions", "hash collision",
                  "collision", "separate chaining", "linear probing"],
        "context": ["dict"],
    },
    ("regex-matching-functions", 2): {
        "terms": ["_maxcache", "maxcache", "cache size", "size of the cache",
                  "maximum cache", "cached patterns", "compiled patterns",
                  "512", "cache", "purge"],
        "context": ["regular expression"],
    },
}


if __name__ == "__main__":
    sys.exit(main(HERE, SOURCES, UNANSWERABLE_TERMS))
