#!/usr/bin/env python3
"""Check the dev28-apache eval set against the English Apache httpd manual.

6 topics of 7 or 8 questions (46); four unanswerable questions (the last
question of ftp-through-the-proxy, sql-database-connections, isapi-extensions
and tracing-requests), whose key-term hits read by hand are in REVIEWED_HITS.
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
    "as-is-and-meta-files": [
        # mod_asis: the send-as-is handler, "Usage"
        ["mod/mod_asis.html"],
        # Content-Length inserted or corrected
        ["mod/mod_asis.html"],
        # Date: and Server: always added
        ["mod/mod_asis.html"],
        # no Last-Modified header
        ["mod/mod_asis.html"],
        # the httpd/send-as-is MIME type, "for historical reasons"
        ["mod/mod_asis.html"],
        # mod_cern_meta's summary
        ["mod/mod_cern_meta.html"],
        # MetaDir "."
        ["mod/mod_cern_meta.html"],
    ],
    "ftp-through-the-proxy": [
        # "How can I force an FTP ASCII download of file xxx?"
        ["mod/mod_proxy_ftp.html"],
        # the summary and "How can I do FTP upload?"
        ["mod/mod_proxy_ftp.html"],
        # "How can I access FTP files outside of my home directory?"
        ["mod/mod_proxy_ftp.html"],
        # "How can I hide the FTP cleartext password ...": the anonymous login
        ["mod/mod_proxy_ftp.html"],
        # the same section: user name only, 401, and the note on base64
        ["mod/mod_proxy_ftp.html"],
        # "Why do I get a file listing when I expected a file to be downloaded?"
        ["mod/mod_proxy_ftp.html"],
        # ProxyFtpEscapeWildcards
        ["mod/mod_proxy_ftp.html"],
        None,
    ],
    "isapi-extensions": [
        # "Usage": isapi-handler instead of isapi-isa
        ["mod/mod_isapi.html"],
        # "Usage", "Additional Notes" and ISAPICacheFile
        ["mod/mod_isapi.html"],
        # "Additional Notes": no ISAPI filters
        ["mod/mod_isapi.html"],
        # "Usage": the permissions of CGI scripts, Options ExecCGI
        ["mod/mod_isapi.html"],
        # ISAPIReadAheadBuffer
        ["mod/mod_isapi.html"],
        # "Programmer's Journal": HSE_APPEND_LOG_PARAMETER
        ["mod/mod_isapi.html"],
        # "Programmer's Journal": HSE_REQ_SEND_URL(_REDIRECT_RESP)
        ["mod/mod_isapi.html"],
        None,
    ],
    "response-cache-in-socache": [
        # "Caching to memcached" in the caching guide
        ["caching.html"],
        # CacheSocacheMaxSize
        ["mod/mod_cache_socache.html"],
        # CacheSocacheMaxSize
        ["mod/mod_cache_socache.html"],
        # the note in the summary: mod_cache loaded first
        ["mod/mod_cache_socache.html"],
        # the summary: partial content
        ["mod/mod_cache_socache.html"],
        # CacheSocacheMinTime
        ["mod/mod_cache_socache.html"],
        # CacheSocacheReadSize and CacheSocacheReadTime
        ["mod/mod_cache_socache.html"],
    ],
    "sql-database-connections": [
        # DBDMax
        ["mod/mod_dbd.html"],
        # "Connection Pooling" and DBDMin/DBDKeep/DBDMax/DBDExptime
        ["mod/mod_dbd.html"],
        # the MySQL caveat under "SQL Prepared Statements"
        ["mod/mod_dbd.html"],
        # "SECURITY WARNING"
        ["mod/mod_dbd.html"],
        # DBDKeep and DBDMax
        ["mod/mod_dbd.html"],
        # DBDPersist
        ["mod/mod_dbd.html"],
        # mod_authz_dbd: Require dbd-group and AuthzDBDQuery
        ["mod/mod_authz_dbd.html"],
        None,
    ],
    "tracing-requests": [
        # mod_dumpio's summary
        ["mod/mod_dumpio.html"],
        # "Enabling dumpio Support"
        ["mod/mod_dumpio.html"],
        # LogMessage
        ["mod/mod_log_debug.html"],
        # the examples: sub-requests
        ["mod/mod_log_debug.html"],
        # the examples: hook=all
        ["mod/mod_log_debug.html"],
        # LogMessage: the table of hooks
        ["mod/mod_log_debug.html"],
        # LogMessage: the Vary header
        ["mod/mod_log_debug.html"],
        None,
    ],
}

# Key terms of the unanswerable questions (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
PASV = r"\bpasv\b"
EPSV = r"\bepsv\b"
PASSIVE = r"passive"
DATA_CONN = r"data connection"
ACTIVE_MODE = r"active mode"
REPLICA = r"\breplicas?\b"
FAILOVER = r"fail[- ]?over"
STANDBY = r"standby"
ASPNET = r"asp\.net"
ASPNET2 = r"aspnet"
ASP = r"\basp\b"
TCPDUMP = r"tcpdump"
WIRESHARK = r"wireshark"
PCAP = r"\bpcap\b"

UNANSWERABLE_TERMS = {
    # passive-mode FTP data connections
    ("ftp-through-the-proxy", 7): [PASV, EPSV, PASSIVE, DATA_CONN, ACTIVE_MODE],
    # mod_dbd switching to a database replica
    ("sql-database-connections", 7): [REPLICA, FAILOVER, STANDBY],
    # ASP.NET under mod_isapi
    ("isapi-extensions", 7): [ASPNET, ASPNET2, ASP],
    # a tcpdump command line
    ("tracing-requests", 7): [TCPDUMP, WIRESHARK, PCAP],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_auth_digest.html", PASSIVE): ("'even a passive eavesdropper can brute-force the password' "
                                           "of digest authentication: nothing on FTP"),
    ("howto/index.html", FAILOVER): ("the reverse proxy how-to's summary: 'load balancing and "
                                     "failover' of backend servers, no database"),
    ("howto/reverse_proxy.html", FAILOVER): ("'Failover' of balancer members (hot spares, "
                                             "hot standby): HTTP backends, no database"),
    ("howto/reverse_proxy.html", STANDBY): ("the hot-standby balancer member "
                                            "hstandby.example.com: HTTP backends, no database"),
    ("mod/directives.html", FAILOVER): "MDRetryFailover in the list of all directives",
    ("mod/mod_md.html", FAILOVER): ("MDRetryFailover: errors before mod_md switches to another "
                                    "ACME certificate authority"),
    ("mod/mod_proxy.html", FAILOVER): ("the balancer parameters maxattempts and nofailover: "
                                       "failover between balancer members"),
    ("mod/mod_proxy.html", STANDBY): "the hot-standby status flag of a balancer member",
    ("mod/quickreference.html", FAILOVER): "MDRetryFailover in the directive quick reference",
    ("sections.html", FAILOVER): ("a ProxyPass line with nofailover=on in an example of "
                                  "sections: balancer members"),
    ("howto/http2.html", WIRESHARK): ("'for really deep inspection wireshark' among tools for "
                                      "HTTP/2: no capture command, nothing on tcpdump"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 46, 4


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8))


if __name__ == "__main__":
    sys.exit(main())
