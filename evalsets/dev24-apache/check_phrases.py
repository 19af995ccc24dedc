#!/usr/bin/env python3
"""Check the dev24-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: scgi-uwsgi-backends Q3,
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
    "express-proxy-map": [
        ["mod/mod_proxy_express.html"],
        ["mod/mod_proxy_express.html"],
        ["mod/mod_proxy_express.html"],
    ],
    "http2-backends": [
        ["mod/mod_proxy_http2.html"],
        ["mod/mod_proxy_http2.html"],
        ["mod/mod_proxy_http2.html"],
    ],
    "scgi-uwsgi-backends": [
        ["mod/mod_proxy_scgi.html"],
        ["mod/mod_proxy_scgi.html"],
        None,
    ],
    "tomcat-ajp": [
        # mod_proxy's ProxyPass parameter table describes `secret` as well.
        ["mod/mod_proxy_ajp.html", "mod/mod_proxy.html"],
        ["mod/mod_proxy_ajp.html"],
        ["mod/mod_proxy_ajp.html"],
    ],
    "websocket-proxying": [
        ["mod/mod_proxy_wstunnel.html"],
        # the "Protocol Upgrade" note of mod_proxy's ProxyPass entry
        ["mod/mod_proxy.html"],
        ["mod/mod_proxy_wstunnel.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to name the
# uwsgi packet's modifier field (modifier1/modifier2), or tie uwsgi to some
# setting of the packet, a parameter or variable, or PHP.
_UWSGI = r"\buwsgi\b"
_SETTING = r"(modifier|packet|php|param\w*|variable|header)"
UWSGI_SETTING = _UWSGI + r".{0,300}" + _SETTING
SETTING_UWSGI = _SETTING + r".{0,300}" + _UWSGI
MODIFIER_N = r"\bmodifier ?[12]\b"

UNANSWERABLE_TERMS = {
    ("scgi-uwsgi-backends", 2): [UWSGI_SETTING, SETTING_UWSGI, MODIFIER_N],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
