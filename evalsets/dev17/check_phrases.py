#!/usr/bin/env python3
"""Check the dev17 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: codecs-error-handlers Q3, shared-memory-blocks Q3.
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
    "elementtree-writing": [
        ["xml.etree.ElementTree.ElementTree.write"],
        ["xml.etree.ElementTree.register_namespace", "xml.etree.ElementTree.ElementTree.write"],
        ["xml.etree.ElementTree.indent"],
    ],
    "wsgiref-apps": [
        ["wsgiref.simple_server"],
        ["wsgiref.util.shift_path_info"],
        ["wsgiref.validate"],
    ],
    "codecs-error-handlers": [
        ["codecs.Codec"],
        ["codecs.register_error", "codecs.Codec"],
        None,
    ],
    "shared-memory-blocks": [
        ["multiprocessing.shared_memory.SharedMemory.close",
         "multiprocessing.shared_memory.SharedMemory.unlink",
         "multiprocessing.shared_memory.SharedMemory"],
        ["multiprocessing.shared_memory.SharedMemory"],
        None,
    ],
    "pyclbr-source-scanning": [
        ["pyclbr.readmodule_ex"],
        ["pyclbr.readmodule", "pyclbr.readmodule_ex", "pyclbr"],
        ["pyclbr"],
    ],
    "exec-namespaces": [
        ["topic:dynamic-features"],
        ["topic:dynamic-features", "builtins.exec"],
        ["topic:bltin-code-objects"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("codecs-error-handlers", 2): {
        "terms": ["overrid", "overwrit", "already registered", "same name", "predefined",
                  "built-in handler", "builtin handler", "builtin unicode codecs",
                  "replaces the", "precedence", "shadow", "fast path", "performance",
                  "internally", "hard-coded", "hardcoded", "custom", "user-defined",
                  "your own", "own handler"],
        "context": ["register_error", "lookup_error", "error handler"],
    },
    ("shared-memory-blocks", 2): {
        "terms": ["maximum", "limit", "largest", "how large", "/dev/shm", "tmpfs",
                  "shm_open", "ftruncate", "gigabyte", "gib", "mib", "size", "bytes",
                  "memory available", "available memory", "physical memory",
                  "page", "allocat", "lazily", "sparse"],
        "context": ["shared memory", "sharedmemory", "shareablelist"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
