#!/usr/bin/env python3
"""Check the dev22-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: shared-object-cache Q3,
whose key terms match no page (REVIEWED_HITS is empty).
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
    "external-filters": [
        ["mod/mod_ext_filter.html"],
        ["mod/mod_ext_filter.html"],
        ["mod/mod_ext_filter.html"],
    ],
    "file-handle-caching": [
        ["mod/mod_file_cache.html"],
        ["mod/mod_file_cache.html"],
        ["mod/mod_file_cache.html"],
    ],
    "forensic-logging": [
        ["mod/mod_log_forensic.html"],
        ["mod/mod_log_forensic.html"],
        ["mod/mod_log_forensic.html"],
    ],
    "shared-object-cache": [
        # caching.html lists the providers too, but without shmcb's "cyclic buffer".
        ["socache.html", "caching.html"],
        ["mod/mod_socache_memcache.html"],
        None,
    ],
    "solaris-privileges": [
        ["mod/mod_privileges.html"],
        ["mod/mod_privileges.html"],
        ["mod/mod_privileges.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to say that the
# Redis provider can (or cannot) send a password / AUTH, a user name or use TLS
# towards the Redis server.
_CRED = r"(password|passwd|credential|requirepass|sasl|\bacl\b|\bauth\b|authenticat|login|username|tls)"
_REDIS_CRED = r"\bredis\b.{0,300}" + _CRED
_CRED_REDIS = _CRED + r"\w*.{0,300}\bredis\b"

UNANSWERABLE_TERMS = {
    ("shared-object-cache", 2): [_REDIS_CRED, _CRED_REDIS],
}

# Hits of those terms that were read by hand and do NOT answer the question.
# There are none: every page naming Redis (socache.html, mod/mod_socache_redis.html,
# mod/index.html, mod/directives.html, mod/quickreference.html, sitemap.html and the
# Portuguese new_features_2_4.html) was read, and none speaks of credentials or TLS.
REVIEWED_HITS = {}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
