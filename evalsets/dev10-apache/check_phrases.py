#!/usr/bin/env python3
"""Check the dev10-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: benchmarking-ab Q3,
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
    "file-types-handlers": [["mod/mod_mime.html"], ["mod/mod_mime.html", "mod/core.html"],
                            ["mod/mod_mime.html"]],
    "digest-auth": [["mod/mod_auth_digest.html"]] * 3,
    "webdav": [["mod/mod_dav.html"]] * 4,
    "url-spelling": [["mod/mod_speling.html"]] * 3,
    "benchmarking-ab": [["programs/ab.html"]] * 2 + [None],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_RAMP = r"\bramp"
_GRADUAL = r"gradual"
_WARMUP = r"warm[- ]?up"
_STEP = r"\bstep(s|ped|ping|wise)?\b.{0,30}\b(concurren|users|clients|load)"
_INCREASE = (r"\b(increas|rais|grow)\w* (the )?(concurrency|load|number of "
             r"(concurrent|simultaneous) (users|clients|requests|connections))")
_FROM_TO = r"\b(from|between) \d+ (to|and) \d+ (concurrent|simultaneous|users|clients|connections)"
_LOADTEST = r"virtual users|\bload[- ]?test|\bload (profile|pattern|generator)|\b(load|performance) testing"
_STRESS = r"\bstress[- ]?test"
_TOOLS = r"jmeter|siege|httperf|\bwrk\b|locust|gatling|\bflood\b"
_CONCURRENCY = r"\bconcurrency\b"
_SIMULTANEOUS = r"\b(simultaneous|concurrent) (users|clients)\b"
_BENCHMARK = r"benchmark"

UNANSWERABLE_TERMS = {
    ("benchmarking-ab", 2): [
        _RAMP, _GRADUAL, _WARMUP, _STEP, _INCREASE, _FROM_TO, _LOADTEST, _STRESS,
        _TOOLS, _CONCURRENCY, _SIMULTANEOUS, _BENCHMARK,
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("misc/perf-tuning.html", _RAMP):
        "Apache 1.3 history: the server's own 'ramp-up' period spawning children (one per second)",
    ("mod/mod_md.html", _GRADUAL):
        "gradual shift from mod_ssl's OCSP stapling to mod_md's",
    ("mod/directives.html", _WARMUP):
        "H2TLSWarmUpSize in the directive index",
    ("mod/mod_http2.html", _WARMUP):
        "H2TLSWarmUpSize: TLS record sizes at the start of an HTTP/2 connection",
    ("mod/quickreference.html", _WARMUP):
        "H2TLSWarmUpSize in the directive quick reference",
    ("misc/perf-tuning.html", _INCREASE):
        "users hitting stop and reload on a swapping server, further increasing the load",
    ("misc/security_tips.html", _INCREASE):
        "the increased load of parsing SSI-enabled files",
    ("howto/http2.html", _STRESS):
        "h2load, named as a tool to stress-test an HTTP/2 server; nothing on ab or ramping",
    ("mod/mod_isapi.html", _TOOLS):
        "a flood of log messages (ISAPILogNotSupported)",
    ("mod/mpm_common.html", _TOOLS):
        "ListenBacklog under a TCP SYN flood attack",
    ("misc/perf-tuning.html", _CONCURRENCY):
        "MPMs as concurrency models; compiler flags allowing higher concurrency",
    ("programs/ab.html", _CONCURRENCY):
        "-c: a fixed number of requests at a time for the whole run, and the Concurrency Level "
        "and Time per request output; no option changes it during a run",
    ("misc/perf-tuning.html", _SIMULTANEOUS):
        "Apache 1.3 history: 100 simultaneous clients waiting for the server to spawn children",
    ("mod/mod_unique_id.html", _SIMULTANEOUS):
        "children needed depending on concurrent clients, for the uniqueness of the id",
    ("programs/ab.html", _SIMULTANEOUS):
        "Concurrency Level output: the number of concurrent clients used during the test",
    ("misc/perf-tuning.html", _BENCHMARK):
        "benchmark records and results, benchmarks that run for ten minutes (server-side spawning)",
    ("mod/mod_mime_magic.html", _BENCHMARK):
        "not enabling mime magic while performing a web server benchmark",
    ("programs/ab.html", _BENCHMARK):
        "the ab page itself: -n, -t and -c give a fixed number of requests, time limit and "
        "concurrency; nothing ramps the load",
    ("programs/index.html", _BENCHMARK):
        "the list of programs: 'ab, Apache HTTP server benchmarking tool'",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
