#!/usr/bin/env python3
"""Check the dev25-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: traffic-logging Q3,
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
    "balancer-failover": [
        # the status table of ProxyPass's parameters, and the guide's
        # "Failover" and "BalancerMember status flags" sections
        ["mod/mod_proxy.html", "howto/reverse_proxy.html"],
        ["mod/mod_proxy.html", "howto/reverse_proxy.html"],
        ["mod/mod_proxy.html"],
    ],
    "client-certificates": [
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html"],
    ],
    "legacy-access-control": [
        ["mod/mod_access_compat.html"],
        ["mod/mod_access_compat.html"],
        ["mod/mod_access_compat.html"],
    ],
    "proxy-backend-headers": [
        # "Reverse Proxy Request Headers" and ProxyAddHeaders
        ["mod/mod_proxy.html"],
        ["mod/mod_proxy.html"],
        ["mod/mod_proxy.html"],
    ],
    "traffic-logging": [
        # mod_log_config's note on %b/%B, and mod_logio's summary
        ["mod/mod_log_config.html", "mod/mod_logio.html"],
        ["mod/mod_logio.html"],
        None,
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to tie the TLS
# handshake to a measured time (a duration, milliseconds, a round trip), or
# name an SSL_* variable holding such a time.
_HS = r"\bhandshake"
_TIME = (r"\b(time|timing|duration|milliseconds?|microseconds?|took|rtt|round.?trip"
         r"|latency)\b")
HANDSHAKE_TIME = _HS + r".{0,200}" + _TIME
TIME_HANDSHAKE = _TIME + r".{0,200}" + _HS
SSL_TIME_VAR = r"\bssl_handshake\w*|\bhandshake_rtt\b|\bssl_\w*_(time|rtt)\b"

UNANSWERABLE_TERMS = {
    ("traffic-logging", 2): [HANDSHAKE_TIME, TIME_HANDSHAKE, SSL_TIME_VAR],
}

# Hits of those terms that were read by hand and do NOT answer the question.
_REQTIMEOUT = ("RequestReadTimeout's handshake= limit: how long the handshake may take "
               "before a 408, a timeout setting, not a value that can be logged")
_SSL = ("SSLCertificateFile's note on DH parameters chosen 'at handshake time', and "
        "SSLStaplingResponseTimeSkew for OCSP responses sent in the handshake; "
        "no measurement of the handshake")
_INTRO = ("the session cache 'reduce[s] the handshake time' of later connections: "
          "background on TLS, no log field or variable")
# (apache2-doc 2.4.71-1~deb12u1, November 2026: the security tips gained a paragraph on slow
# TLS handshakes.)
_TIPS = ("security tips: RequestReadTimeout limits the time a client may take to complete the "
         "TLS handshake, and its handshake stage times out clients that stall; a limit, not a "
         "value that can be logged")
REVIEWED_HITS = {
    ("misc/security_tips.html", TIME_HANDSHAKE): _TIPS,
    ("misc/security_tips.html", HANDSHAKE_TIME): _TIPS,
    ("mod/mod_reqtimeout.html", HANDSHAKE_TIME): _REQTIMEOUT,
    ("mod/mod_reqtimeout.html", TIME_HANDSHAKE): _REQTIMEOUT,
    ("mod/mod_ssl.html", HANDSHAKE_TIME): _SSL,
    ("mod/mod_ssl.html", TIME_HANDSHAKE): _SSL,
    ("ssl/ssl_intro.html", HANDSHAKE_TIME): _INTRO,
    ("ssl/ssl_intro.html", TIME_HANDSHAKE): _INTRO,
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
