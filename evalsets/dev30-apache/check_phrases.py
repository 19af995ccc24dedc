#!/usr/bin/env python3
"""Check the dev30-apache eval set against the English Apache httpd manual.

6 topics of 7 or 8 questions (47); four unanswerable questions (the last
question of expression-syntax, balancer-scheduling, ssl-cipher-suites and
proxy-cookies-and-via), whose key-term hits read by hand are in REVIEWED_HITS.
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
# phrase must be found in the prose of at least one of them.  None marks a
# question the collection cannot answer.
PAGES = {
    "balancer-scheduling": [
        # BalancerMember: the loadfactor parameter
        ["mod/mod_proxy.html"],
        # BalancerMember: loadfactor between 1.0 (default) and 100.0
        ["mod/mod_proxy.html"],
        # "Request Counting Algorithm": lbfactor values are normalized
        ["mod/mod_lbmethod_byrequests.html"],
        # "Weighted Traffic Counting Algorithm"
        ["mod/mod_lbmethod_bytraffic.html"],
        # "Pending Request Counting Algorithm"
        ["mod/mod_lbmethod_bybusyness.html"],
        # ProxyPass balancer parameters: failonstatus
        ["mod/mod_proxy.html"],
        # BalancerPersist
        ["mod/mod_proxy.html"],
        None,
    ],
    "cgi-actions": [
        # mod_actions' description and summary
        ["mod/mod_actions.html"],
        # Action: action-type is a handler or a MIME content type
        ["mod/mod_actions.html"],
        # Action: PATH_INFO, PATH_TRANSLATED, REDIRECT_HANDLER
        ["mod/mod_actions.html"],
        # Action: the virtual modifier
        ["mod/mod_actions.html"],
        # Script: GET only with query arguments
        ["mod/mod_actions.html"],
        # Script: method names are case-sensitive
        ["mod/mod_actions.html"],
        # Script: default actions only
        ["mod/mod_actions.html"],
    ],
    "conditional-config": [
        # Error
        ["mod/core.html"],
        # Error: evaluated at configuration processing time, not in <If>
        ["mod/core.html"],
        # <IfFile>: relative names are ServerRoot relative
        ["mod/core.html"],
        # <IfFile>: the 2.4.34 warning about quoted file names
        ["mod/core.html"],
        # <IfSection>: section-name without "<" and ">"
        ["mod/core.html"],
        # <IfDirective>
        ["mod/core.html"],
        # UnDefine: "Virtual Host scope and pitfalls"
        ["mod/core.html"],
        # <IfFile>, <IfDirective>, <IfSection>: Compatibility lines
        ["mod/core.html"],
    ],
    "expression-syntax": [
        # "Variables": <If> is evaluated before authentication; REMOTE_USER
        ["expr.html"],
        # "Binary operators": -strmatch, -fnmatch
        ["expr.html"],
        # "Variables": REQUEST_URI
        ["expr.html"],
        # "Variables": TIME_WDAY
        ["expr.html"],
        # "Unary operators": -F (and -U)
        ["expr.html"],
        # "Functions"
        ["expr.html"],
        # "Binary operators": -ipmatch (and -R)
        ["expr.html"],
        None,
    ],
    "proxy-cookies-and-via": [
        # ProxyPassReverseCookieDomain
        ["mod/mod_proxy.html"],
        # ProxyPassReverseCookiePath
        ["mod/mod_proxy.html"],
        # ProxyVia
        ["mod/mod_proxy.html"],
        # ProxyVia Block
        ["mod/mod_proxy.html"],
        # ProxyMaxForwards
        ["mod/mod_proxy.html"],
        # ProxySourceAddress
        ["mod/mod_proxy.html"],
        # ProxyPassInterpolateEnv: "Performance warning"
        ["mod/mod_proxy.html"],
        None,
    ],
    "ssl-cipher-suites": [
        # SSLHonorCipherOrder
        ["mod/mod_ssl.html"],
        # SSLCipherSuite: the prefixes
        ["mod/mod_ssl.html"],
        # SSLCipherSuite: !aNULL:!eNULL:!EXP added since 2.4.7
        ["mod/mod_ssl.html"],
        # SSLCipherSuite: the attributes of a cipher specification
        ["mod/mod_ssl.html"],
        # SSLCipherSuite per directory; the how-to's strong cipher for one URL
        ["mod/mod_ssl.html", "ssl/ssl_howto.html"],
        # SSLCipherSuite: Table 1, the MEDIUM alias
        ["mod/mod_ssl.html"],
        # SSL FAQ: handshake failures with Java-based clients
        ["ssl/ssl_faq.html"],
        None,
    ],
}

# Key terms of the unanswerable questions (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
SHA256 = r"sha-?256"
SHA512 = r"sha-?512"
SHA2 = r"sha-?2\b"
SLIDING = r"sliding"
TIME_WINDOW = r"time window"
DECAY = r"\bdecay"
SINCE_START = r"since (the )?(server )?(start|restart)"
RESET_COUNT = r"(reset|cleared|zeroed|forgotten).{0,80}(traffic|transferred|lbstatus)"
MLKEM = r"ml-?kem"
KYBER = r"kyber"
QUANTUM = r"quantum"
X25519 = r"x25519"
PSEUDONYM = r"pseudonym"
RECEIVED_BY = r"received-by"
VIA_NAME = r"via:? header.{0,150}(\bname\b|pseudonym|alias)"

UNANSWERABLE_TERMS = {
    # a SHA-256 function in ap_expr
    ("expression-syntax", 7): [SHA256, SHA512, SHA2],
    # the time span of bytraffic's byte counts
    ("balancer-scheduling", 7): [SLIDING, TIME_WINDOW, DECAY, SINCE_START, RESET_COUNT],
    # post-quantum key exchange in mod_ssl
    ("ssl-cipher-suites", 7): [MLKEM, KYBER, QUANTUM, X25519],
    # a made-up name in the Via header
    ("proxy-cookies-and-via", 7): [PSEUDONYM, RECEIVED_BY, VIA_NAME],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_md.html", SHA256): ("MDCertificateMonitor: 'the SHA256 fingerprint of the certificate "
                                  "is appended to the configured URL': no expression function"),
    ("mod/mod_ssl.html", SHA256): ("SSLCipherSuite: SHA256 as the MAC digest of a cipher suite: "
                                   "no expression function"),
    ("programs/htpasswd.html", SHA256): ("'SHA-2-based hashes (SHA-256 and SHA-512) are supported "
                                         "for crypt()': password hashes, no expression function"),
    ("programs/htpasswd.html", SHA512): "the same htpasswd sentence on crypt()",
    ("programs/htpasswd.html", SHA2): "the same htpasswd sentence on crypt()",
    ("mod/mod_brotli.html", SLIDING): ("BrotliCompressionWindow: 'Brotli sliding compression window "
                                       "size': compression, not balancer traffic counts"),
    ("mod/quickreference.html", SLIDING): "the BrotliCompressionWindow line of the index",
    ("mod/mod_md.html", TIME_WINDOW): ("MDStaplingKeepResponse: 'this time window specifies when OCSP "
                                       "response data ... shall be removed': not balancer traffic"),
    ("mod/quickreference.html", TIME_WINDOW): "the MDWarnWindow line of the index",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 47, 4


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8))


if __name__ == "__main__":
    sys.exit(main())
