#!/usr/bin/env python3
"""Check the dev18-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: module-development Q3,
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
    "child-recycling": [
        ["mod/mpm_common.html", "mod/prefork.html", "mod/worker.html", "misc/perf-tuning.html"],
        ["mod/mpm_common.html"],
        ["mod/mpm_common.html"],
    ],
    "options-directive": [
        ["mod/core.html", "howto/ssi.html"],
        ["mod/core.html"],
        ["mod/core.html"],
    ],
    "openssl-integration": [
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html"],
    ],
    "crypto-background": [
        ["ssl/ssl_intro.html", "glossary.html"],
        ["ssl/ssl_faq.html", "ssl/ssl_intro.html", "mod/mod_ssl.html"],
        ["ssl/ssl_intro.html"],
    ],
    "module-development": [
        ["developer/modguide.html"],
        ["developer/hooks.html"],
        None,
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_TESTFW = (r"unit[ -]?tests?|test[ -]?(suite|framework|harness|cases?)|apache::test|"
           r"perl[ -]?framework|httpd[ -]tests?|t/test|regression[ -]tests?|\bmock")
_TESTMOD = (r"\btest(s|ing|ed)?\b.{0,60}\bmodules?\b|"
            r"\bmodules?\b.{0,60}\btest(s|ing|ed)?\b")
_AUTOTEST = r"automat\w* test|test automation|continuous integration|\bcunit\b|check\.h"

UNANSWERABLE_TERMS = {
    ("module-development", 2): [_TESTFW, _TESTMOD, _AUTOTEST],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_headers.html", _TESTFW):
        "RequestHeader/Header 'early' processing can simulate different requests and 'set up "
        "test cases' for a configuration; nothing on testing a module",
    ("mod/mod_rewrite.html", _TESTFW):
        "RewriteCond's 'nocase|NC' flag 'makes the test case-insensitive'",
    ("mod/mod_version.html", _TESTFW):
        "mod_version (<IfVersion>) 'is designed for the use in test suites and large networks' "
        "with different httpd versions: configuration sections, not a test framework",
    ("mod/mod_version.html", _TESTMOD):
        "the same mod_version summary ('test suites ... different httpd versions')",
    ("platform/netware.html", _TESTFW):
        "starting httpd with another configuration file, e.g. 'apache -f test/test.conf'",
    ("sections.html", _TESTFW):
        "the <IfVersion> paragraph repeating mod_version's 'test suites and large networks'",
    ("sections.html", _TESTMOD):
        "the same <IfVersion>/mod_version paragraph",
    ("developer/modguide.html", _TESTMOD):
        "the module guide shows 'a configuration that lets us test how the module works' "
        "(a <Location> block to request the example module by hand); no automated tests",
    ("developer/request.html", _TESTMOD):
        "type_checker hook: 'the modules have an opportunity to test the URI or filename "
        "against the target resource'",
    ("mod/core.html", _TESTMOD):
        "<IfDefine test> example, <IfModule> 'reverses the test', nested <IfModule> sections "
        "for 'multiple-module tests' (conditions in the configuration)",
    ("mod/mod_authz_core.html", _TESTMOD):
        "Require 'tests whether an authenticated user is authorized'",
    ("mod/mod_filter.html", _TESTMOD):
        "protocol handling 'largely untested ... modules using it should test it carefully' "
        "and FilterTrace, debug output in the error log 'to help test and debug providers "
        "(filter modules)': a debugging aid for filters, no test framework or test runner",
    ("mod/mod_md.html", _TESTMOD):
        "MDCACertificateFile is 'mainly used in test setups' with a test ACME server",
    ("programs/apxs.html", _TESTMOD):
        "'For a quick test of the apxs mechanism' apxs -g -n foo creates a sample module and "
        "Makefile, then 'make all reload' builds, installs and restarts: checking the build "
        "mechanism, no tests of a module's behaviour",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
