#!/usr/bin/env python3
"""Check the dev17-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: tls-tickets-compression Q4,
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
    "per-directory-rewrites": [
        ["rewrite/htaccess.html", "mod/mod_rewrite.html"],
        ["rewrite/htaccess.html", "mod/mod_rewrite.html"],
        ["rewrite/htaccess.html", "mod/mod_rewrite.html"],
    ],
    "tls-to-backends": [
        ["mod/mod_ssl.html", "mod/mod_proxy.html"],
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html"],
    ],
    "tls-tickets-compression": [
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html", "ssl/ssl_faq.html"],
        None,
    ],
    "configure-build": [
        ["programs/configure.html"],
        ["programs/configure.html"],
        ["programs/configure.html", "mpm.html"],
    ],
    "internal-recursion": [
        ["mod/core.html", "glossary.html", "rewrite/flags.html"],
        ["mod/core.html", "rewrite/htaccess.html"],
        ["mod/core.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_EARLYDATA = r"early[ _-]?data|0-?rtt|zero[ -]round|round[ -]trip|max_early|SSLEarly"
_EARLY = (r"\bearly\b.{0,60}(tls|handshake|ssl|session)|"
          r"(tls|handshake|ssl|session).{0,60}\bearly\b")
_TLS13 = r"tls ?v?1\.3|rfc ?8446"
_RESUME = (r"resumption|resum\w* (an? |the )?(tls |ssl )?sessions?|"
           r"session (re-?use|reuse|resum)")
_CONFCMD = r"SSLOpenSSLConfCmd|SSL_CONF"
_REPLAY = r"replay"

UNANSWERABLE_TERMS = {
    ("tls-tickets-compression", 3): [_EARLYDATA, _EARLY, _TLS13, _RESUME, _CONFCMD, _REPLAY],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_session.html", _EARLY):
        "sessions (mod_session, not TLS) may expire up to 'interval' seconds early",
    ("mod/mod_ssl.html", _EARLY):
        "SSLProtocol in name-based virtual hosts: SNI determines the virtual host 'early "
        "in the TLS handshake' (before OpenSSL 1.1.1 the protocol could not be switched)",
    ("ssl/ssl_faq.html", _EARLY):
        "MSIE workaround: ciphers are needed 'as early as the SSL handshake phase'",
    ("mod/mod_ssl.html", _TLS13):
        "SSLCipherSuite: the 'TLSv1.3' protocol specifier for TLS 1.3 cipher suites, which "
        "cannot be set per directory (no renegotiation in TLS 1.3); SSLProtocol: TLSv1.3 "
        "as defined in RFC 8446; nothing on early data or 0-RTT",
    ("ssl/ssl_intro.html", _TLS13):
        "protocol history table: TLS v1.3 removes legacy cryptography and mandates perfect "
        "forward secrecy; reference to RFC 8446",
    # (apache2-doc 2.4.71-1~deb12u1, November 2026: the standards page gained a TLS/SSL list.)
    ("misc/relevant_standards.html", _TLS13):
        "list of standards mod_ssl follows: RFC 8446, TLS 1.3, 'the current version of the "
        "Transport Layer Security protocol'; nothing on early data or 0-RTT",
    ("mod/mod_ssl.html", _RESUME):
        "SSL_SESSION_RESUMED variable (initial or resumed session) and SSLSessionCacheTimeout "
        "(also applies to RFC 5077 TLS session resumption); nothing on early data",
    ("mod/mod_ssl.html", _CONFCMD):
        "SSLOpenSSLConfCmd passes commands to OpenSSL's SSL_CONF API (examples: Options "
        "-SessionTicket,ServerPreference, ECDHParameters, ServerInfoFile, Protocol, "
        "SignatureAlgorithms); the list of commands is left to OpenSSL's SSL_CONF_cmd(3) "
        "page, no early-data command is named",
    ("mod/directives.html", _CONFCMD):
        "index of directives: the name SSLOpenSSLConfCmd",
    ("mod/quickreference.html", _CONFCMD):
        "quick reference line of SSLOpenSSLConfCmd ('configure OpenSSL parameters through "
        "its SSL_CONF API')",
    ("ssl/ssl_intro.html", _REPLAY):
        "the record protocol's message authentication code protects against replay attacks",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
