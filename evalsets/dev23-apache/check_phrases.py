#!/usr/bin/env python3
"""Check the dev23-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: proxy-health-checks Q3,
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
    "fastcgi-authorizers": [
        ["mod/mod_authnz_fcgi.html"],
        ["mod/mod_authnz_fcgi.html"],
        ["mod/mod_authnz_fcgi.html"],
    ],
    "php-fpm-backends": [
        ["mod/mod_proxy_fcgi.html"],
        ["mod/mod_proxy_fcgi.html"],
        ["mod/mod_proxy_fcgi.html"],
    ],
    "proxied-html-links": [
        ["mod/mod_proxy_html.html"],
        ["mod/mod_proxy_html.html"],
        # mod_proxy_html's ProxyHTMLMeta entry covers the <meta> declarations.
        ["mod/mod_xml2enc.html", "mod/mod_proxy_html.html"],
    ],
    "proxy-health-checks": [
        ["mod/mod_proxy_hcheck.html"],
        ["mod/mod_proxy_hcheck.html"],
        None,
    ],
    "version-checks": [
        ["mod/mod_version.html"],
        ["mod/mod_version.html"],
        ["mod/mod_version.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to tie the
# health checks (or a balancer member changing state) to some notification:
# mail, an alert, SNMP, a webhook, or a script, command or program being run.
_HC = (r"(health.?check|mod_proxy_hcheck|\bhcmethod|\bhcfails|\bhcpasses|\bproxyhc\w*"
       r"|\bhcexpr|\bhctemplate)")
_RUN = r"(e-?mail|notif|alert|snmp|webhook|pager|\bscript|\bcommand|\bprogram\b|\bexec|\bhook)"
_HC_RUN = _HC + r".{0,300}" + _RUN
_RUN_HC = _RUN + r".{0,300}" + _HC
_NOTE = r"(e-?mail|notif\w*|alert\w*|snmp|webhook|pager)"
_MEMBER = r"\b(balancer|balancermember|worker is|backend)\b"
_MEMBER_NOTE = _MEMBER + r".{0,200}" + _NOTE
_NOTE_MEMBER = _NOTE + r".{0,200}" + _MEMBER

UNANSWERABLE_TERMS = {
    ("proxy-health-checks", 2): [_HC_RUN, _RUN_HC, _MEMBER_NOTE, _NOTE_MEMBER],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/quickreference.html", _HC_RUN):
        "the one-line summaries of ProxyHCTemplate/ProxyHCTPsize followed by that of "
        "ProxyHTMLBufSize ('buffering inline scripts and stylesheets'), a mod_proxy_html "
        "directive",
    ("mod/mod_watchdog.html", _RUN_HC):
        "mod_watchdog 'defines programmatic hooks for other modules to periodically run "
        "tasks' and lists mod_proxy_hcheck among its users: a C API for modules, no "
        "notification of administrators",
    ("mod/mod_auth_basic.html", _MEMBER_NOTE):
        "AuthBasicFake examples: passing a fixed user name, or the e-mail address from a "
        "client certificate, to a backend server",
    ("mod/mod_auth_basic.html", _NOTE_MEMBER):
        "the same AuthBasicFake example: hashing the e-mail address and passing the hash "
        "to the backend server",
    ("mod/mod_authnz_ldap.html", _NOTE_MEMBER):
        "AuthLDAPRemoteUserAttribute: people log in with an e-mail address while a backend "
        "application expects a user id",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
