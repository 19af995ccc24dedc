#!/usr/bin/env python3
"""Check the dev27-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: intranet-proxy Q3,
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
    "brotli-compression": [
        # BrotliCompressionQuality
        ["mod/mod_brotli.html"],
        # BrotliAlterETag (AddSuffix, the default)
        ["mod/mod_brotli.html"],
        # BrotliFilterNote and its Input/Output/Ratio types
        ["mod/mod_brotli.html"],
    ],
    "buggy-backends": [
        # "Protocol Adjustments" of mod_proxy, and the environment variables
        # of mod_proxy_http
        ["mod/mod_proxy.html", "mod/mod_proxy_http.html"],
        # "Request Bodies" of mod_proxy, and proxy-sendcl/proxy-sendchunked
        ["mod/mod_proxy.html", "mod/mod_proxy_http.html"],
        # ProxyBadHeader
        ["mod/mod_proxy.html"],
    ],
    "cache-overrides": [
        # CacheIgnoreCacheControl
        ["mod/mod_cache.html"],
        # CacheIgnoreURLSessionIdentifiers
        ["mod/mod_cache.html"],
        # CacheIgnoreQueryString
        ["mod/mod_cache.html"],
    ],
    "intranet-proxy": [
        # "Intranet Proxy" and NoProxy
        ["mod/mod_proxy.html"],
        # AllowCONNECT
        ["mod/mod_proxy_connect.html"],
        None,
    ],
    "proxy-workers": [
        # "Worker Sharing" under "Workers"
        ["mod/mod_proxy.html"],
        # "Worker matching with backreferences" under ProxyPassMatch, and
        # the default workers under "Workers"
        ["mod/mod_proxy.html"],
        # "DNS resolution for origin domains", and the disablereuse and
        # addressttl parameters
        ["mod/mod_proxy.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to name Squid
# and its default port (3128, set with Squid's http_port directive).
SQUID = r"\bsquid\b"
PORT_3128 = r"\b3128\b"
HTTP_PORT = r"http_port"

UNANSWERABLE_TERMS = {
    ("intranet-proxy", 2): [SQUID, PORT_3128, HTTP_PORT],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_proxy_ftp.html", SQUID): ("the 'Squid %2f hack' for FTP URLs outside the home "
                                        "directory, 'also used by ... the Squid Proxy Cache': "
                                        "no port, nothing on chaining to Squid"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
