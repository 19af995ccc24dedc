#!/usr/bin/env python3
"""Check the dev8-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: request-limits Q4,
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
    "remote-client-ip": [["mod/mod_remoteip.html"],
                         ["mod/mod_remoteip.html", "mod/mod_log_config.html"],
                         ["mod/mod_remoteip.html"]],
    "server-status": [["mod/mod_status.html"]] * 3,
    "keepalive-timeouts": [["mod/core.html"], ["mod/core.html"], ["mod/mod_reqtimeout.html"]],
    "expires-headers": [["mod/mod_expires.html"]] * 3,
    "request-limits": [["mod/core.html"], ["mod/core.html"], ["mod/mod_ratelimit.html"], None],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
UNANSWERABLE_TERMS = {
    ("request-limits", 3): [
        r"\b429\b", r"too many requests",
        r"\brequests? (per|a|each|every|in an?) (second|minute|hour)\b",
        r"rate[- ]?limit", r"throttl",
        r"mod_evasive|mod_qos|fail2ban|limitipconn|mod_security|mod_cband|iptables",
        r"\b(number|count) of (simultaneous |concurrent )?(connections|requests) (from|per|by)",
        r"\brequests? from (a |one |the same |each |any |an )?(single |individual |given |particular )?"
        r"(ip|client|host|address|visitor|user)",
        r"\b(limit|restrict|cap|throttl)\w* (the )?(number|rate|frequency) of (incoming )?requests",
        r"\brequests? rate|\brate of requests",
        r"persistent requests|blocking of robots",
        r"\b(per|each|every|single|individual) (client |remote )?ip( address)?\b",
    ],
}

_PER_MINUTE = r"\brequests? (per|a|each|every|in an?) (second|minute|hour)\b"
_RATE = r"rate[- ]?limit"
_MODS = r"mod_evasive|mod_qos|fail2ban|limitipconn|mod_security|mod_cband|iptables"
_NUMBER_OF = r"\b(number|count) of (simultaneous |concurrent )?(connections|requests) (from|per|by)"
_FROM = (r"\brequests? from (a |one |the same |each |any |an )?(single |individual |given |particular )?"
         r"(ip|client|host|address|visitor|user)")
_LIMIT_NUMBER = r"\b(limit|restrict|cap|throttl)\w* (the )?(number|rate|frequency) of (incoming )?requests"
_ROBOTS = r"persistent requests|blocking of robots"
_PER_IP = r"\b(per|each|every|single|individual) (client |remote )?ip( address)?\b"

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("misc/perf-tuning.html", _PER_MINUTE):
        "benchmark figure (decrease in requests per second) for accept serialization",
    ("mod/mod_status.html", _PER_MINUTE):
        "server-status shows the average requests per second; it measures, it does not limit",
    ("mod/mod_unique_id.html", _PER_MINUTE):
        "how many unique ids per second per process the id format can enumerate",
    ("programs/ab.html", _PER_MINUTE):
        "the ab benchmark reports requests per second",
    ("developer/output-filters.html", _RATE):
        "developer note on buffering inside mod_ratelimit (bandwidth per response)",
    ("filter.html", _RATE):
        "mod_ratelimit listed among the modules providing filters",
    ("mod/index.html", _RATE):
        "module index: mod_dialup and mod_ratelimit limit bandwidth, not request counts",
    ("mod/mod_dialup.html", _RATE):
        "sends static content at a modem's bandwidth; no per-client request limit",
    ("mod/mod_md.html", _RATE):
        "rate limits of the ACME certificate service (Let's Encrypt), not of httpd",
    ("mod/mod_ratelimit.html", _RATE):
        "bandwidth (KiB/s) per response, explicitly not aggregated at IP/client level",
    ("new_features_2_4.html", _RATE):
        "(Portuguese page) mod_ratelimit offers bandwidth limiting for clients",
    ("sitemap.html", _RATE):
        "mod_ratelimit in the list of module pages",
    ("misc/perf-tuning.html", r"throttl"):
        "the worker MPM throttles its listener when all workers are busy",
    ("mod/mod_ratelimit.html", r"throttl"):
        "bandwidth throttling applied to each response, not aggregated per IP",
    ("dso.html", _MODS):
        "mod_security named as an example of a separately packaged extension",
    ("misc/security_tips.html", _NUMBER_OF):
        "firewalls can restrict simultaneous connections per IP; nothing on requests per minute or 429",
    ("mod/mod_dbd.html", _NUMBER_OF):
        "database connections per process (DBDKeep, DBDMax, DBDMin)",
    ("mod/mod_status.html", _NUMBER_OF):
        "the number of requests per second shown on the status page",
    ("programs/ab.html", _NUMBER_OF):
        "ab's requests-per-second output",
    ("developer/API.html", _FROM):
        "request_rec structures built by reading a request from a client",
    ("env.html", _FROM):
        "conditional logging of requests from clients outside the subnet",
    ("glossary.html", _FROM):
        "definition of a proxy accepting requests from clients",
    ("howto/reverse_proxy.html", _FROM):
        "(apache2-doc 2.4.68) how a reverse proxy hands each request from a client to one of "
        "its back-end servers; nothing on limiting requests per client",
    ("mod/mod_proxy_balancer.html", _FROM):
        "sticky sessions: requests from the same user go to the same back-end",
    ("rewrite/intro.html", _FROM):
        "RewriteCond example sending requests from an IP range to another server",
    ("server-wide.html", _FROM):
        "the LimitRequest* directives limit the size of what is read from clients, not how often",
    ("mod/core.html", _LIMIT_NUMBER):
        "MaxKeepAliveRequests limits the requests per persistent connection, not per client and time",
    ("rewrite/access.html", _ROBOTS):
        "pointer to the 'Blocking of robots' recipe in 'When not to use mod_rewrite'",
    ("rewrite/avoid.html", _ROBOTS):
        "blocks one robot's user agent outright with SetEnvIfNoCase and Require (or a firewall); no rate",
    ("misc/security_tips.html", _PER_IP):
        "the same firewall advice on simultaneous connections per IP",
    ("programs/logresolve.html", _PER_IP):
        "logresolve looks up each IP number only once",
    ("vhosts/examples.html", _PER_IP):
        "several name-based sites on a single IP address",
    ("vhosts/index.html", _PER_IP):
        "name-based hosting: several names on each IP address",
    ("vhosts/ip-based.html", _PER_IP):
        "IP-based virtual hosts need an IP address for each host",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
