#!/usr/bin/env python3
"""Check the dev11-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: form-login Q4,
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
    "loading-modules": [["dso.html"], ["mod/mod_so.html"], ["programs/apxs.html"]],
    "config-macros": [["mod/mod_macro.html"]] * 3,
    "form-login": [["mod/mod_auth_form.html"]] * 3 + [None],
    "sessions": [["mod/mod_session_crypto.html"], ["mod/mod_session.html"],
                 ["mod/mod_session_cookie.html", "mod/mod_session.html"]],
    "rewrite-maps": [["rewrite/rewritemap.html"],
                     ["rewrite/rewritemap.html", "mod/mod_rewrite.html"],
                     ["rewrite/rewritemap.html"]],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_OTP = r"\btotp\b|\bhotp\b|\botp\b"
_ONE_TIME = r"one[- ]time (password|code|token|pin|passcode)"
_FACTOR = r"two[- ]factor|\b2fa\b|multi[- ]factor|\bmfa\b|second(ary)? factor|two[- ]step"
_AUTHENTICATOR = r"authenticator"
_DIGITS = r"\b(six|6|4|8)[- ]digit"
_CODE = r"verification code|security code|\bpasscode|\bpin code|access code|login code"
_DEVICES = (r"yubikey|google authenticator|hardware token|\bsoft(ware)? token|security key|"
            r"webauthn|\bfido|smart ?card")
_CAPTCHA = r"captcha"
_SMS = r"\bsms\b|text message|mobile (phone|app)|phone app"
_EXTRA = r"\b(extra|additional|second|another) (login |authentication )?(step|field|code|factor)s?\b"
_TIME_BASED = r"\b(time|counter)[- ]based"
_PRODUCTS = r"privacyidea|linotp|\bradius\b|\bduo\b|\bokta\b|keycloak"

UNANSWERABLE_TERMS = {
    ("form-login", 3): [
        _OTP, _ONE_TIME, _FACTOR, _AUTHENTICATOR, _DIGITS, _CODE, _DEVICES, _CAPTCHA,
        _SMS, _EXTRA, _TIME_BASED, _PRODUCTS,
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("howto/cgi.html", _FACTOR):
        "allowing CGI execution in an arbitrary directory requires two steps (handler and Options)",
    ("mod/mod_authnz_fcgi.html", _AUTHENTICATOR):
        "FastCGI authorizer applications (FCGI_APACHE_ROLE=AUTHENTICATOR) used through "
        "AuthBasicProvider/Require; 'arbitrary mechanisms' named in general, nothing on one-time "
        "codes, authenticator apps or a second field on a mod_auth_form login page",
    ("programs/rotatelogs.html", _DIGITS):
        "strftime format strings: 2-digit day, hour, minute, month, 4-digit year",
    ("logs.html", _EXTRA):
        "the Combined Log Format adds two more fields (Referer, User-agent)",
    ("mod/mod_auth_form.html", _EXTRA):
        "body preservation: three additional fields (method, mimetype, body of the original "
        "request) on the login form; no code or second factor",
    ("mod/mod_so.html", _EXTRA):
        "LoadFile loads additional code which may be required for some module to work",
    ("platform/win_compiling.html", _EXTRA):
        "building on Windows from the Unix source tarball takes a few additional steps",
    ("programs/rotatelogs.html", _EXTRA):
        "the hour, minute, and second fields of a strftime format with a rotation time of 86400",
    ("logs.html", _TIME_BASED):
        "a time-based filename pattern for rotated logs",
    ("rewrite/remapping.html", _TIME_BASED):
        "time-based rewriting made unreliable by caching",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
