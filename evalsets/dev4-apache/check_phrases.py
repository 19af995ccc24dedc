#!/usr/bin/env python3
"""Check the dev4-apache eval set against the English Apache httpd manual.

5 topics of 2-4 questions (16); one unanswerable question: host-access-control Q4,
whose key-term hits read by hand are in REVIEWED_HITS.
The rules are those of ``html_phrases.check_reviewed_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [MANUAL_DIR]
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
