#!/usr/bin/env python3
"""Check the dev4-apache evaluation set against the English Apache httpd manual.

Adapted from ../apache/check_phrases.py; the HTML parsing, the reading of topic files
and the checks below are in ../html_phrases.py (check_reviewed_set).

For every question of every topic file in this folder it
  * finds each expect phrase in the visible prose of the page(s) that answer
    the question (text outside <pre> blocks, HTML entities unescaped,
    whitespace collapsed, case-insensitive) and prints the page it was found in,
  * fails when a phrase is missing, has more than 5 words, is copied from the
    question, consists only of words of the question, or occurs in a heading
    of the answering page,
  * for the unanswerable question, searches the visible text of ALL pages
    (prose, <pre> blocks and headings) for its key terms (regular
    expressions) and fails on any hit that is not in the list of hits read
    by hand (REVIEWED_HITS),
  * checks the front matter and the set's shape: 5 topics, 16 questions,
    2-4 questions per topic, exactly one unanswerable question (expect []),
    all seven types used, 1-3 phrases of 1-5 words per answerable question.

Usage:  /work/main/.venv/bin/python check_phrases.py [MANUAL_DIR]
Exit status is 0 when everything checks out, 1 otherwise.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_reviewed_set  # noqa: E402 - the shared checks, one folder up

MANUAL = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/apache2-doc/manual/en"

# Pages (relative to MANUAL) answering each question, in question order; each
# phrase must be found in the prose of at least one of them.  None marks the
# question the collection cannot answer.
PAGES = {
    "directory-index": [["mod/mod_dir.html"]] * 3,
    "config-sections": [["sections.html"]] * 3,
    "host-access-control": [["howto/access.html"], ["mod/mod_authz_host.html"],
                            ["mod/mod_authz_host.html"], None],
    "content-negotiation": [["content-negotiation.html"]] * 3,
    "custom-error-pages": [["mod/core.html"]] * 3,
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
UNANSWERABLE_TERMS = {
    ("host-access-control", 3): [
        r"geo[-_ ]?ip", r"geo[-_ ]?locat", r"geograph", r"\bgeo\b", r"maxmind",
        r"ip2location", r"countr(y|ies)", r"iso[- ]?3166",
        r"\bcontinents?\b", r"\bby (region|nation|location)\b",
        r"\b(region|nation)s? of (the |their |a )?(clients?|visitors?|users?|ip)(?![\w-])",
        r"\b(clients?|visitors?|users?)'?s? (physical |geographic )?location\b",
        r"\b(block|deny|ban)\w* (all )?(visitors|clients|users|requests|traffic) from (a |one |an? )?(whole |entire )?(region|nation|area|location)",
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("platform/win_compiling.html", r"countr(y|ies)"):
        "OpenSSL export note: laws of the country of residence on encryption software",
    ("misc/relevant_standards.html", r"countr(y|ies)"):
        "list of standards: language/country codes used in content negotiation",
    ("misc/relevant_standards.html", r"iso[- ]?3166"):
        "list of standards: ISO 3166 country codes, for content negotiation",
    ("ssl/ssl_intro.html", r"countr(y|ies)"):
        "certificate Distinguished Name field 'Country'",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(2, 4))


if __name__ == "__main__":
    sys.exit(main())
