#!/usr/bin/env python3
"""Check the dev26-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: backend-connections Q3,
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
    "backend-connections": [
        # the disablereuse and keepalive rows of the worker parameter table
        ["mod/mod_proxy.html"],
        # proxy-initial-not-pooled in mod_proxy_http's environment variables,
        # and the ttl paragraph of mod_proxy
        ["mod/mod_proxy_http.html", "mod/mod_proxy.html"],
        None,
    ],
    "error-log-setup": [
        ["mod/core.html"],
        ["mod/core.html"],
        # the ErrorLogFormat table and note on %L, and the Error Log section
        ["mod/core.html", "logs.html"],
    ],
    "response-cache": [
        # "Avoiding the Thundering Herd" and CacheLock
        ["mod/mod_cache.html"],
        # the summary's note on 5xx errors, and CacheStaleOnError
        ["mod/mod_cache.html"],
        # CacheMaxExpire
        ["mod/mod_cache.html"],
    ],
    "sticky-sessions": [
        # "Load balancer stickiness", "Details on ..." and "Troubleshooting ..."
        ["mod/mod_proxy_balancer.html"],
        ["mod/mod_proxy_balancer.html"],
        ["mod/mod_proxy_balancer.html"],
    ],
    "user-groups": [
        # "Letting more than one person in" and AuthGroupFile
        ["howto/auth.html", "mod/mod_authz_groupfile.html"],
        ["howto/auth.html"],
        ["mod/mod_authz_dbm.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to name
# Gunicorn (or a WSGI server's settings) and its idle keep-alive timeout.
GUNICORN = r"\bgunicorn\b|green ?unicorn"
KA_TIMEOUT = r"keep-?alive ?time-?out"
WSGI = r"wsgi"

UNANSWERABLE_TERMS = {
    ("backend-connections", 2): [GUNICORN, KA_TIMEOUT, WSGI],
}

# Hits of those terms that were read by hand and do NOT answer the question.
_HTTPD_KA = ("httpd's own KeepAliveTimeout (default 5 seconds) for client connections, "
             "not a backend application server's setting")
_LISTS = "a directive, module or page list; names only"
_UWSGI = "mod_proxy_uwsgi and the uwsgi protocol; nothing on Gunicorn or its timeouts"
REVIEWED_HITS = {
    ("misc/perf-tuning.html", KA_TIMEOUT): _HTTPD_KA + " (the default of 5 seconds keeps "
                                           "children from waiting long on idle clients)",
    ("misc/security_tips.html", KA_TIMEOUT): _HTTPD_KA + " (may be lowered against DoS attacks)",
    ("mod/core.html", KA_TIMEOUT): _HTTPD_KA + " (the directive's own entry)",
    ("mod/directives.html", KA_TIMEOUT): _LISTS,
    ("mod/event.html", KA_TIMEOUT): _HTTPD_KA + " (the event MPM's listener closing idle "
                                    "client sockets)",
    ("mod/mod_proxy.html", KA_TIMEOUT): ("ttl avoids reusing a connection about to be closed "
                                         "because of 'the backend server's keep-alive "
                                         "timeout': no value for any backend product"),
    ("mod/quickreference.html", KA_TIMEOUT): _LISTS + " (KeepAliveTimeout, default 5)",
    ("new_features_2_4.html", KA_TIMEOUT): ("(Portuguese page) KeepAliveTimeout can now be "
                                            "given in milliseconds"),
    ("vhosts/details.html", KA_TIMEOUT): ("a virtual host without KeepAliveTimeout inherits "
                                          "the main server's value"),
    # (apache2-doc 2.4.71-1~deb12u1, November 2026: the CGI how-to gained this advice.)
    ("howto/cgi.html", WSGI): ("the CGI how-to's advice to consider a lightweight WSGI framework "
                               "for more complex applications; nothing on Gunicorn or timeouts"),
    ("mod/index.html", WSGI): _LISTS + " (mod_proxy_uwsgi)",
    ("mod/mod_http2.html", WSGI): ("mod_wsgi placing Python file handles into a response, "
                                   "a note on file lifetimes in HTTP/2"),
    ("mod/mod_proxy.html", WSGI): _LISTS + " (uwsgi among the protocols of mod_proxy)",
    ("mod/mod_proxy_uwsgi.html", WSGI): _UWSGI,
    ("new_features_2_4.html", WSGI): "(Portuguese page) mod_proxy_uwsgi is new in 2.4.30",
    ("sitemap.html", WSGI): _LISTS + " (mod_proxy_uwsgi)",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
