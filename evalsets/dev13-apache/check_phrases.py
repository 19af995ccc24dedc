#!/usr/bin/env python3
"""Check the dev13-apache evaluation set against the English Apache httpd manual.

Adapted from ../dev12-apache/check_phrases.py; the HTML parsing, the reading of topic files
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
    3-4 questions per topic, exactly one unanswerable question (expect []),
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
    "sql-logins": [["mod/mod_authn_dbd.html"],
                   ["mod/mod_authn_socache.html"],
                   ["mod/mod_authn_socache.html"]],
    "tracking-cookies": [["mod/mod_usertrack.html"]] * 3 + [None],
    "odd-url-paths": [["mod/core.html", "rewrite/tech.html"],
                      ["mod/core.html"],
                      ["mod/core.html"]],
    "apache-on-windows": [["platform/windows.html"]] * 3,
    "config-file-syntax": [["configuring.html"],
                           ["mod/core.html"],
                           ["configuring.html"]],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_USERTRACK = r"usertrack|tracking cookie|user-tracking|clickstream"
_VALUE = (r"cookie'?s? (value|contents?|string|format)|"
          r"(value|contents?) of (the|a|this|that|its) (\w+ )?cookie")
_GENERATED = (r"cookies? (is |are |will be )?(generated|created|built|made up|composed|derived|"
              r"constructed)|(generat|creat|construct)\w* (a |the |its |new )?(unique |tracking |new )?"
              r"cookie")
_IP = (r"(ip|client|remote|visitor.s|user.s) address.{0,80}cookie|"
       r"cookie.{0,80}(ip|client|remote) address")
_PRIVACY = r"personal (data|information)|personally identifiable|\bpii\b|data protection|gdpr|privacy"
_ANONYMOUS = r"anonymi[sz]|pseudonym"

UNANSWERABLE_TERMS = {
    ("tracking-cookies", 3): [_USERTRACK, _VALUE, _GENERATED, _IP, _PRIVACY, _ANONYMOUS],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_usertrack.html", _USERTRACK):
        "the module's own page: a cookie 'which can be logged' with mod_log_config, and the "
        "directives for its domain, expiry, HttpOnly/SameSite/Secure attributes, name, header "
        "style and on/off switch; nothing says what the value is made of",
    ("mod/core.html", _USERTRACK):
        "AllowOverrideList example that lists the directive names CookieTracking CookieName",
    ("mod/index.html", _USERTRACK):
        "module index: 'mod_usertrack  Clickstream logging of user activity on a site'",
    ("mod/overrides.html", _USERTRACK):
        "list of .htaccess-permitted directives with their one-line descriptions",
    ("mod/quickreference.html", _USERTRACK):
        "directive quick reference: syntax, defaults and one-line descriptions",
    ("platform/ebcdic.html", _USERTRACK):
        "table of modules ported to EBCDIC systems: mod_usertrack untested",
    ("sitemap.html", _USERTRACK):
        "site map: the title 'Apache Module mod_usertrack'",
    ("mod/mod_usertrack.html", _VALUE):
        "CookieHTTPOnly: the attribute blocks JavaScript from reading the value of the cookie; "
        "nothing about what the value contains",
    ("content-negotiation.html", _VALUE):
        "example with SetEnvIf Cookie \"language=(.+)\" and Header append Vary cookie",
    ("mod/mod_log_config.html", _VALUE):
        "table of the format strings whose output is escaped, one row being %C 'Cookie value'; "
        "about logging a cookie, not what the tracking cookie holds",
    ("mod/mod_proxy_balancer.html", _VALUE):
        "stickysession: the balancer reads a route out of the value of the stickiness cookie",
    ("mod/mod_session.html", _VALUE):
        "session cookies: HttpOnly/Secure keep scripts from the contents of the cookie, and "
        "SessionCookieRemove hides them from the backend; mod_session, not mod_usertrack",
    ("mod/mod_session_cookie.html", _VALUE):
        "SessionCookieRemove: revealing the contents of the session cookie to a backend",
    ("mod/mod_usertrack.html", _GENERATED):
        "CookieExpires: 'sets an expiry time on the cookie generated by the usertrack module'; "
        "how the value is generated is not said",
    ("misc/relevant_standards.html", _PRIVACY):
        "RFC list: TLS 1.3 provides communications privacy",
    ("mod/mod_session.html", _PRIVACY):
        "Session Privacy and Cookie Privacy sections: session contents visible in the browser "
        "unless encrypted with mod_session_crypto; about sessions, not the tracking cookie",
    ("mod/mod_session_cookie.html", _PRIVACY):
        "session privacy needs mod_session_crypto; SessionCookieRemove",
    ("mod/mod_session_crypto.html", _PRIVACY):
        "encrypting session contents for privacy",
    ("mod/mod_session_dbd.html", _PRIVACY):
        "SQL-backed sessions are hidden from the browser; SessionDBDCookieRemove",
    ("ssl/ssl_intro.html", _PRIVACY):
        "cryptography background: privacy, integrity, authentication; PEM = Privacy Enhanced Mail",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
