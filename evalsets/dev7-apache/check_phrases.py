#!/usr/bin/env python3
"""Check the dev7-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: per-user-directories Q4,
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
    "url-aliases-redirects": [["mod/mod_alias.html"]] * 3,
    "server-side-includes": [["howto/ssi.html", "mod/mod_include.html"],
                             ["mod/mod_include.html"], ["mod/mod_include.html"]],
    "response-headers": [["mod/mod_headers.html"]] * 3,
    "per-user-directories": [["howto/public_html.html", "mod/mod_userdir.html"],
                             ["mod/mod_userdir.html"], ["urlmapping.html"], None],
    "mass-virtual-hosting": [["vhosts/mass.html"], ["mod/mod_vhost_alias.html"],
                             ["vhosts/mass.html"]],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
UNANSWERABLE_TERMS = {
    ("per-user-directories", 3): [
        r"\bskel\b", r"useradd", r"adduser",
        r"\bnew (user |linux |unix |system |shell )?accounts?\b", r"\bmkdir\b",
        r"automatic\w* creat", r"creat\w* automatic",
        r"\b(creat|make|set up|populat)\w* (a |the |their |each |every )?(user\W?s? )?(own )?public_html",
        r"public_html (director(y|ies)|folders?) (is |are |gets? )?(created|made)",
        r"\bhome director(y|ies)\b.{0,40}\bcreat", r"\bcreat\w* .{0,40}\bhome director",
        r"\b(each|every|a) new (unix |linux )?users?\b", r"user (account )?creation",
        r"userdir.{0,80}\bcreat", r"\bcreat\w*.{0,80}userdir",
        r"\b(user|home) (directory )?templates?\b", r"\bcreate[_-]?home\b",
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("programs/dbmmanage.html", r"adduser"):
        "dbmmanage's adduser command adds a user to a DBM password file, not a system account",
    ("misc/security_tips.html", r"\bmkdir\b"):
        "creating the ServerRoot directories as root (bin, conf, logs), nothing about user folders",
    ("mod/mod_lua.html", r"\bmkdir\b"):
        "the Lua request API function r:mkdir, no account or public_html set-up",
    ("rewrite/vhosts.html", r"automatic\w* creat"):
        "mod_rewrite recipe that creates a virtual host for every host name, not user directories",
    ("mod/mod_session.html", r"\b(each|every|a) new (unix |linux )?users?\b"):
        "a web application registering a new user and storing its credentials in the session",
    ("mod/mod_unixd.html", r"\b(each|every|a) new (unix |linux )?users?\b"):
        "advice to set up a new user and group for running the server",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
