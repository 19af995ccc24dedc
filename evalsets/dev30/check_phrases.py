#!/usr/bin/env python3
"""Check the dev30 eval set against this Python's own documentation (python-docs corpus).

6 topics of 7-8 questions (47), every type used at least 3 times, phrases of 1-5 words;
five unanswerable questions: package-metadata Q8, package-resources Q7, sax-parsing Q8,
asyncio-streams Q8, unittest-discovery-and-cleanups Q8.
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
    "package-metadata": [
        ["importlib.metadata.version"],
        ["importlib.metadata.Distribution.from_name"],
        ["importlib.metadata.entry_points"],
        ["importlib.metadata.entry_points"],
        ["importlib.metadata.EntryPoint.load"],
        ["importlib.metadata.packages_distributions"],
        ["importlib.metadata.requires"],
        None,
    ],
    "package-resources": [
        ["importlib.resources.as_file"],
        ["importlib.resources.path"],
        ["importlib.resources.contents", "importlib.resources.is_resource",
         "importlib.resources.ResourceReader.is_resource"],
        ["importlib.resources.abc.Traversable.open"],
        ["importlib.resources.readers.MultiplexedPath"],
        ["importlib.resources.abc.Traversable.joinpath"],
        None,
    ],
    "email-addresses-and-dates": [
        ["email.utils.formataddr"],
        ["email.utils.make_msgid"],
        ["email.utils.formatdate"],
        ["email.utils.format_datetime"],
        ["email.headerregistry.DateHeader"],
        ["email.utils.localtime"],
        ["email.utils.mktime_tz"],
        ["email.charset.Charset"],
    ],
    "sax-parsing": [
        ["xml.sax.handler.ContentHandler.characters"],
        ["xml.sax.saxutils.quoteattr"],
        ["xml.sax.saxutils.escape"],
        ["xml.sax.handler.ErrorHandler"],
        ["xml.sax.handler.LexicalHandler"],
        ["xml.sax.xmlreader.Locator", "xml.sax.handler.ContentHandler.setDocumentLocator"],
        ["xml.sax.SAXNotRecognizedException", "xml.sax.SAXNotSupportedException"],
        None,
    ],
    "asyncio-streams": [
        ["asyncio.StreamReader.read"],
        ["asyncio.StreamReader.readexactly"],
        ["asyncio.StreamReader.readuntil"],
        ["asyncio.StreamReader.readline", "asyncio.open_connection"],
        ["asyncio.StreamWriter.drain"],
        ["asyncio.start_server"],
        ["asyncio.StreamReader.read"],
        None,
    ],
    "unittest-discovery-and-cleanups": [
        ["unittest.TestLoader.discover"],
        ["unittest.TestLoader.discover"],
        ["unittest.TestCase.addCleanup"],
        ["unittest.TestCase.enterContext"],
        ["unittest.TestCase.shortDescription"],
        ["unittest.SkipTest", "unittest.TestCase.skipTest"],
        ["unittest.TestResult"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("package-metadata", 7): {
        "terms": ["editable", "pip install -e", "development mode", "develop mode", "egg-link",
                  "setup.py develop", "pep 660"],
        "context": ["metadata", "distribution", "importlib"],
    },
    ("package-resources", 6): {
        "terms": ["package_data", "include_package_data", "manifest.in", "pyproject", "setup.cfg",
                  "wheel", "data_files"],
        "context": ["resource", "package data", "importlib"],
    },
    ("sax-parsing", 7): {
        "terms": ["billion laughs", "entity expansion", "vulnerab", "defusedxml", "malicious",
                  "quadratic", "denial of service", "untrusted"],
        "context": ["xml", "sax", "expat", "entity", "entities"],
    },
    ("asyncio-streams", 7): {
        "terms": ["65536", "64 kib", "64 kb", "64kb", "2 ** 16", "2**16", "_default_limit",
                  "default limit"],
        "context": ["streamreader", "stream", "limit"],
    },
    ("unittest-discovery-and-cleanups", 7): {
        "terms": ["parallel", "concurrently", "multiple processes", "cpu cores", "processes",
                  "workers"],
        "context": ["unittest", "test case", "test suite", "testrunner", "test runner"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=47, per_topic=(7, 8),
                       min_per_type=3, n_unanswerable=5, phrase_words=(1, 5)))
