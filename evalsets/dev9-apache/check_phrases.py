#!/usr/bin/env python3
"""Check the dev9-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: directory-listings Q4,
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
    "directory-listings": [["mod/mod_autoindex.html"]] * 3 + [None],
    "cgi-suexec": [["howto/cgi.html", "mod/mod_cgid.html", "mod/mod_cgi.html"],
                   ["howto/cgi.html", "env.html"],
                   ["suexec.html"]],
    "response-filters": [["mod/mod_substitute.html"], ["mod/mod_substitute.html"],
                         ["mod/mod_filter.html"]],
    "environment-variables": [["mod/mod_setenvif.html"], ["env.html", "mod/mod_env.html"],
                              ["env.html"]],
    "server-identity": [["mod/core.html"], ["mod/core.html"], ["mod/mod_info.html"]],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_LARGE = r"\b(large|huge|big) (directory|directories|folders?|listings?)\b"
_MANY = r"\b(thousands|hundreds) of (files|entries)\b"
_MAX_ENTRIES = r"\b(max|maximum|limit)\w* (the )?(number of )?(files|entries) (shown|listed|displayed|in)\b"
_LISTING_LIMIT = r"listing.{0,60}\b(limit|large|long|huge)"

UNANSWERABLE_TERMS = {
    ("directory-listings", 3): [
        r"paginat", r"\bpaging\b", r"\bper page\b", r"\b(next|previous) page\b",
        r"\bpages? \d+ of\b",
        r"\b(entries|files|items|rows|lines) per (page|screen|listing)\b",
        r"split\w* (the |a |an )?(listing|index|directory)",
        r"\b(several|multiple|separate) pages\b",
        _LARGE, _MANY, _MAX_ENTRIES, _LISTING_LIMIT, r"scroll",
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("developer/API.html", _LARGE):
        "module-writing note: sub-pools matter when listing very large directories (memory use)",
    ("developer/API.html", _MANY):
        "sub-pools in the directory-indexing code avoid excess allocation with thousands of files",
    ("developer/API.html", _LISTING_LIMIT):
        "the same memory-pool note on listing very large directories",
    ("mod/mod_authnz_ldap.html", _LARGE):
        "searching a large LDAP directory with ldap-attribute versus ldap-filter",
    ("mod/mod_ldap.html", _MAX_ENTRIES):
        "LDAPCacheEntries: maximum number of entries in the LDAP cache",
    ("mod/quickreference.html", _MAX_ENTRIES):
        "LDAPCacheEntries in the directive quick reference",
    ("mod/overrides.html", _LISTING_LIMIT):
        "ReadmeName ('end of the index listing') followed by the AllowOverride Limit heading",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
