#!/usr/bin/env python3
"""Check the dev29 eval set against this Python's own documentation (python-docs corpus).

6 topics of 7-8 questions (46), every type used at least 3 times, phrases of 1-5 words;
five unanswerable questions: nntplib-newsgroups Q8, symtable-scopes Q8,
tracemalloc-and-linecache Q8, zipimport-archives Q7, locale-settings Q8.
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
    "nntplib-newsgroups": [
        ["nntplib.NNTP.getwelcome"],
        ["nntplib.NNTP.set_debuglevel", "nntplib.NNTP.debug"],
        ["nntplib.NNTP.over"],
        ["nntplib.NNTPTemporaryError", "nntplib.NNTPPermanentError"],
        ["nntplib.decode_header"],
        ["nntplib.NNTP.description"],
        ["nntplib.NNTP.group"],
        None,
    ],
    "aiff-and-sun-audio": [
        ["aifc"],
        ["aifc"],
        ["aifc"],
        ["sunau"],
        ["sunau"],
        ["aifc"],
        ["sunau"],
    ],
    "symtable-scopes": [
        ["symtable.symtable"],
        ["symtable.SymbolTable.get_type"],
        ["symtable.Symbol.is_imported"],
        ["symtable.Symbol.get_namespace", "symtable.Symbol.get_namespaces"],
        ["symtable.Symbol.is_declared_global"],
        ["symtable.Function.get_frees", "symtable.Function.get_nonlocals", "symtable.Function.get_parameters"],
        ["symtable.Symbol.is_namespace"],
        None,
    ],
    "tracemalloc-and-linecache": [
        ["tracemalloc.get_traceback_limit"],
        ["tracemalloc.start"],
        ["tracemalloc.get_object_traceback"],
        ["tracemalloc.get_traced_memory"],
        ["tracemalloc.reset_peak"],
        ["linecache.checkcache"],
        ["linecache"],
        None,
    ],
    "zipimport-archives": [
        ["zipimport"],
        ["zipimport.zipimporter"],
        ["zipimport.zipimporter.get_source"],
        ["zipimport.zipimporter.find_module", "zipimport.zipimporter.find_spec"],
        ["zipimport.zipimporter.get_data"],
        ["zipimport"],
        None,
    ],
    "locale-settings": [
        ["locale.getdefaultlocale"],
        ["locale.getdefaultlocale"],
        ["locale.format_string"],
        ["locale.delocalize"],
        ["locale.strxfrm", "locale.strcoll"],
        ["locale.setlocale"],
        ["locale.getlocale"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("nntplib-newsgroups", 7): {
        "terms": ["563", "port number", "nntps", "default port", "ssl port", "tls port"],
        "context": ["nntp", "usenet", "newsgroup", "news server"],
    },
    ("symtable-scopes", 7): {
        "terms": ["comprehension", "listcomp", "genexpr", "setcomp", "dictcomp"],
        "context": ["symtable", "symbol table"],
    },
    ("tracemalloc-and-linecache", 7): {
        "terms": ["number of memory blocks", "number of blocks", "count of", "count:", "blocks allocated"],
        "context": ["tracemalloc", "snapshot", "memory block"],
    },
    ("zipimport-archives", 6): {
        "terms": [".so", ".pyd", "extension module", "dynamic module", "shared librar", "shared object",
                  "c extension"],
        "context": ["zipimport", "zipimporter", "zip archive", "zipfile"],
    },
    ("locale-settings", 7): {
        "terms": ["unsupported locale", "locale-gen", "localedef", "install", "generate", "not available",
                  "not supported"],
        "context": ["setlocale", "lc_all", "locale.error"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=46, per_topic=(7, 8),
                       min_per_type=3, n_unanswerable=5, phrase_words=(1, 5)))
