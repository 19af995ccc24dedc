#!/usr/bin/env python3
"""Check the dev21-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: heartbeat-load-balancing Q3,
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
    "declaring-hooks": [
        ["developer/hooks.html"],
        ["developer/hooks.html"],
        ["developer/hooks.html"],
    ],
    "ebcdic-port": [
        ["platform/ebcdic.html"],
        ["platform/ebcdic.html"],
        ["platform/ebcdic.html"],
    ],
    "example-hooks-module": [
        ["mod/mod_example_hooks.html"],
        ["mod/mod_example_hooks.html"],
        ["mod/mod_example_hooks.html"],
    ],
    "heartbeat-load-balancing": [
        # mod_heartmonitor.html and mod_lbmethod_heartbeat.html say the same, but their
        # module names head those pages, so only mod_heartbeat.html is listed here.
        ["mod/mod_heartbeat.html"],
        ["mod/mod_heartbeat.html"],
        None,
    ],
    "lingering-close": [
        ["mod/event.html"],
        ["misc/perf-tuning.html"],
        ["misc/perf-tuning.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  An answer would have to say that the
# heartbeat packets (multicast) are, or are not, authenticated, signed, checked
# against a sender address or otherwise secured.
_SEC = r"(authenticat|spoof|forg|secret|signed|signature|encrypt|trust|verif|secur|firewall)"
_HB_SEC = r"heartbeat.{0,300}" + _SEC
_SEC_HB = _SEC + r"\w*.{0,300}heartbeat"
_MC_SEC = r"multicast.{0,300}(" + _SEC[1:-1] + r"|restrict)"
_SEC_MC = _SEC + r"\w*.{0,300}multicast"
_SENDER = (r"(heartbeat|multicast).{0,300}(source|sender|peer) (address|ip)|"
           r"(source|sender|peer) (address|ip).{0,300}(heartbeat|multicast)")
_HB_DIRECTIVE = r"heartbeat(listen|address|maxservers|storage).{0,200}(allow|deny|require|only from)"

UNANSWERABLE_TERMS = {
    ("heartbeat-load-balancing", 2): [_HB_SEC, _SEC_HB, _MC_SEC, _SEC_MC, _SENDER, _HB_DIRECTIVE],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("developer/new_api_2_4.html", _HB_SEC):
        "the list of new APIs: 'heartbeat (new!) common structures for heartbeat modules', then "
        "'ap_parse_htaccess (changed) the function signature ...'; the word is a C function "
        "signature of another API, nothing on securing heartbeat packets",
    ("mod/mod_proxy_balancer.html", _HB_SEC):
        "the list of scheduler modules (mod_lbmethod_heartbeat among them) followed by the "
        "general warning 'do not enable proxying until you have secured your server' (open "
        "forward proxies); nothing on who may send heartbeat packets",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
