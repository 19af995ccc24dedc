#!/usr/bin/env python3
"""Check the dev18 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: xmlrpc-services Q3, class-special-attributes Q3.
The rules are those of ``pydocs_phrases.check_set`` (../pydocs_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import check_set  # noqa: E402 - the shared checks, one folder up


# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for an unanswerable one).
SOURCES = {
    "ast-node-transformers": [
        ["ast.NodeTransformer"],
        ["ast.fix_missing_locations", "ast.copy_location"],
        ["ast.literal_eval"],
    ],
    "http-client-connections": [
        ["http.client.HTTPConnection.getresponse", "http.client"],
        ["http.client"],
        ["http.client.HTTPResponse.getheader"],
    ],
    "xmlrpc-services": [
        ["xmlrpc.server.SimpleXMLRPCServer.register_instance"],
        ["xmlrpc.client.MultiCall", "xmlrpc.server.SimpleXMLRPCServer.register_multicall_functions",
         "xmlrpc.server.SimpleXMLRPCServer.system_multicall"],
        None,
    ],
    "class-special-attributes": [
        ["topic:specialattrs"],
        ["topic:specialattrs", "builtins.dir"],
        None,
    ],
    "rlcompleter-tab-completion": [
        ["rlcompleter"],
        ["rlcompleter", "rlcompleter.Completer.attr_matches"],
        ["rlcompleter"],
    ],
    "email-policies": [
        ["email.policy.EmailPolicy", "email.policy.Policy"],
        ["email.policy.EmailPolicy"],
        ["email.policy.EmailPolicy", "email.policy.Compat32"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("xmlrpc-services", 2): {
        "terms": ["maximum", "largest", "limit", "overflow", "exceed", "32-bit", "32 bit",
                  "2147483647", "2**31", "<i4>", "<int>", "i8", "integer", "long",
                  "too large", "too big", "signed", "bits", "range", "big number"],
        "context": ["xml-rpc", "xmlrpc"],
    },
    ("class-special-attributes", 2): {
        "terms": ["<locals>", "locals>", "pep 3155", "3155", "dotted path", "path from",
                  "nested", "enclosing", "defined inside", "defined in the body",
                  "inside a function", "local scope", "local function", "qualified"],
        "context": ["qualname", "qualified name"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
