#!/usr/bin/env python3
"""Check the dev31-apache eval set against the English Apache httpd manual.

6 topics of 8 questions (48); four unanswerable questions (the last question
of event-mpm-connections, client-dns-lookups, client-cert-revocation and
sql-sessions), whose key-term hits read by hand are in REVIEWED_HITS.
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
    "client-cert-revocation": [
        # SSLCARevocationCheck (chain, recommended) and SSLCARevocationFile
        ["mod/mod_ssl.html"],
        # SSLCARevocationCheck: CRLs must be present since 2.3.15; no_crl_for_cert_ok
        ["mod/mod_ssl.html"],
        # SSLCARevocationFile: read at start-up, not re-read
        ["mod/mod_ssl.html"],
        # SSLCARevocationCheck chain against leaf
        ["mod/mod_ssl.html"],
        # SSLOCSPEnable: after normal verification (including CRL checks)
        ["mod/mod_ssl.html"],
        # SSLOCSPUseRequestNonce: Microsoft OCSP Responder
        ["mod/mod_ssl.html"],
        # SSLOCSPResponseTimeSkew: default 300
        ["mod/mod_ssl.html"],
        None,
    ],
    "client-dns-lookups": [
        # HostnameLookups: why Off is the default
        ["mod/core.html", "misc/perf-tuning.html"],
        # HostnameLookups: Double
        ["mod/core.html"],
        # logresolve; HostnameLookups' pointer to it; perf-tuning's post-processing advice
        ["programs/logresolve.html", "mod/core.html", "misc/perf-tuning.html"],
        # logresolve: its own hash-table cache
        ["programs/logresolve.html"],
        # perf-tuning: "HostnameLookups and other DNS considerations", scoped directives
        ["misc/perf-tuning.html"],
        # dns-caveats: "A Simple Example"
        ["dns-caveats.html"],
        # dns-caveats: "Denial of Service" and the summary
        ["dns-caveats.html"],
        None,
    ],
    "event-mpm-connections": [
        # "Graceful process termination and Scoreboard usage"
        ["mod/event.html"],
        # AsyncRequestWorkerFactor
        ["mod/event.html"],
        # AsyncRequestWorkerFactor: (AsyncRequestWorkerFactor + 1) * MaxRequestWorkers
        ["mod/event.html"],
        # AsyncRequestWorkerFactor: keep-alive connections closed when all workers are busy
        ["mod/event.html"],
        # "Limitations": output produced by FCGI/CGI/proxied backends
        ["mod/event.html"],
        # mod_status columns "Slot" and "Stopping", "Yes (old gen)"
        ["mod/event.html"],
        # the improvements from 2.4.24 onward
        ["mod/event.html"],
        None,
    ],
    "proxypass-mapping": [
        # ProxyPass: the ! exclusion; "Exclusions ... must come before"
        ["mod/mod_proxy.html"],
        # ProxyPass: mixing server and <Location> contexts
        ["mod/mod_proxy.html"],
        # ProxyPass: the no-proxy environment variable (2.4.26)
        ["mod/mod_proxy.html"],
        # ProxyPass: trailing slashes on both arguments
        ["mod/mod_proxy.html"],
        # ProxyPass: "Additional ProxyPass Keywords", nocanon
        ["mod/mod_proxy.html"],
        # ProxyPass parameters: mapping=servlet
        ["mod/mod_proxy.html"],
        # ProxyPass parameters: connectiontimeout, timeout
        ["mod/mod_proxy.html"],
        # ProxyPass parameters: ping
        ["mod/mod_proxy.html"],
    ],
    "sql-sessions": [
        # "DBD Configuration": four queries
        ["mod/mod_session_dbd.html"],
        # "Database Housekeeping"
        ["mod/mod_session_dbd.html"],
        # "Anonymous Sessions", "Per User Sessions", SessionDBDPerUser
        ["mod/mod_session_dbd.html"],
        # "Per User Sessions": not for mod_auth_form credentials
        ["mod/mod_session_dbd.html"],
        # SessionDBDCookieName2
        ["mod/mod_session_dbd.html"],
        # SessionDBDUpdateLabel: InsertOrUpdate
        ["mod/mod_session_dbd.html"],
        # the module summary: privacy without encryption
        ["mod/mod_session_dbd.html"],
        None,
    ],
    "vhost-matching": [
        # "Phase 1: IP address and port matching", the priority table
        ["vhosts/details.html"],
        # port in the Host: header ignored
        ["vhosts/details.html"],
        # "Persistent connections"
        ["vhosts/details.html"],
        # ports in VirtualHost do not make the server listen
        ["vhosts/details.html"],
        # values inherited from the main server
        ["vhosts/details.html"],
        # merging after the whole main server config is parsed
        ["vhosts/details.html"],
        # "Observations": when the main server is used
        ["vhosts/details.html"],
        # "Observations": common addresses act as name-based, new in 2.3.11
        ["vhosts/details.html"],
    ],
}

# Key terms of the unanswerable questions (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
IO_URING = r"io_?uring"
URING = r"\buring\b"
EPOLL_SUCCESSOR = r"epoll.{0,80}(replace|instead|alternative|successor)"
DNS_TIMEOUT = r"(lookup|resolver|dns|resolution).{0,60}time-?out"
TIMEOUT_DNS = r"time-?out.{0,60}(lookup|resolver|\bdns\b)"
RES_TIMEOUT = r"res_?timeout"
DNS_WAIT = r"(dns|lookups?)\b.{0,50}(give up|gives up|wait)"
DIST_POINT = r"distribution ?point"
CRLDP = r"crldp"
FETCH_CRL = r"(download|fetch|retriev)\w*.{0,60}\bcrls?\b"
CRL_FETCH = r"\bcrls?\b.{0,60}(download|fetch|retriev|https?:)"
CREATE_TABLE = r"create table"
CREATES_TABLES = r"creat\w* .{0,40}\btables?\b"
TABLE_CREATED = r"\btables?\b.{0,40}(creat|automatic)"
SCHEMA = r"\bschema\b"
SESSION_TABLE = r"session table"

UNANSWERABLE_TERMS = {
    # io_uring in the event MPM
    ("event-mpm-connections", 7): [IO_URING, URING, EPOLL_SUCCESSOR],
    # a timeout for reverse look-ups of clients
    ("client-dns-lookups", 7): [DNS_TIMEOUT, TIMEOUT_DNS, RES_TIMEOUT, DNS_WAIT],
    # CRLs fetched from the certificates' distribution points
    ("client-cert-revocation", 7): [DIST_POINT, CRLDP, FETCH_CRL, CRL_FETCH],
    # mod_session_dbd creating its own table
    ("sql-sessions", 7): [CREATE_TABLE, CREATES_TABLES, TABLE_CREATED, SCHEMA, SESSION_TABLE],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("misc/perf-tuning.html", DNS_TIMEOUT): ("the page's list of related directives, 'HostnameLookups "
                                             "EnableMMap ... KeepAliveTimeout': no DNS timeout"),
    ("mod/directives.html", DNS_TIMEOUT): ("the index 'HostnameLookups HttpProtocolOptions IdentityCheck "
                                           "IdentityCheckTimeout': the ident look-up timeout of "
                                           "mod_ident, not DNS"),
    ("developer/API.html", CREATES_TABLES): ("a module's per-directory config function 'creates a couple "
                                             "of tables' (APR tables in memory): no SQL table"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 48, 4


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8))


if __name__ == "__main__":
    sys.exit(main())
