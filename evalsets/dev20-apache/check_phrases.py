#!/usr/bin/env python3
"""Check the dev20-apache evaluation set against the English Apache httpd manual.

Adapted from ../dev19-apache/check_phrases.py; the HTML parsing, the reading of topic files
and the checks below are in ../html_phrases.py (check_reviewed_set).

For every question of every topic file in this folder it
  * finds each expect phrase in the visible prose of the page(s) that answer
    the question (text outside <pre> blocks, HTML entities unescaped,
    whitespace collapsed, case-insensitive) and prints the page it was found in,
  * fails when a phrase is missing, has more than 5 words, is copied from the
    question, consists only of words of the question, or occurs in a heading
    of the answering page,
  * for the unanswerable question, searches the visible text of ALL pages
    (prose, <pre> blocks and headings) for its key terms (regular
    expressions) and fails on any hit that is not in the list of hits read
    by hand (REVIEWED_HITS),
  * checks the front matter and the set's shape: 5 topics, 15 questions,
    3 questions per topic, exactly one unanswerable question (expect []),
    all seven types used, 1-3 phrases of 1-5 words per answerable question.

Usage:  /work/main/.venv/bin/python check_phrases.py [MANUAL_DIR]
Exit status is 0 when everything checks out, 1 otherwise.
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
    "apache-license": [
        ["license.html"],
        ["license.html"],
        None,
    ],
    "config-regex": [
        ["mod/core.html", "sections.html", "mod/mod_proxy.html"],
        ["mod/core.html"],
        ["mod/core.html"],
    ],
    "module-memory-pools": [
        ["developer/API.html", "developer/modguide.html"],
        ["developer/API.html"],
        ["developer/modguide.html", "developer/API.html"],
    ],
    "reading-the-reference": [
        ["mod/module-dict.html", "mod/directive-dict.html"],
        ["mod/directive-dict.html"],
        ["mod/directive-dict.html", "mod/core.html"],
    ],
    "request-hooks": [
        ["developer/request.html"],
        ["developer/request.html"],
        ["developer/request.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.  Every page ends with the footer
# "Licensed under the Apache License, Version 2.0", so the terms leave the bare
# name of the license alone.
_GPL = r"\bgpl|gnu general public|general public licen[cs]e|copyleft|\blgpl"
_FSF = r"free software foundation|\bfsf\b"
_COMPAT = (r"licen[cs]e.{0,40}compatib|compatib.{0,40}licen[cs]|"
           r"licen[cs]e.{0,40}(combin|link)|(combin|link)\w*.{0,40}licen[cs]e|"
           r"merely link|bind by name")
_OTHER = r"(other|different|additional|separate) (licen[cs]es?|terms)|licen[cs]e terms"

UNANSWERABLE_TERMS = {
    ("apache-license", 2): [_GPL, _FSF, _COMPAT, _OTHER],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("install.html", _FSF):
        "the installation page (Brazilian Portuguese in this package) recommends the GNU C "
        "compiler (gcc) of the Free Software Foundation for building httpd; nothing on licenses",
    ("license.html", _COMPAT):
        "the definition of Derivative Works: works that 'merely link (or bind by name) to the "
        "interfaces of' the Work are not Derivative Works of it; a definition inside the Apache "
        "License, no word on the GPL or on whether the two licenses can be combined",
    ("license.html", _OTHER):
        "section 4: you 'may provide additional or different license terms and conditions' for "
        "your own modifications or a Derivative Work as a whole, provided the use of the Work "
        "complies with this License; section 5: contributions are under this License 'without "
        "any additional terms or conditions' unless a 'separate license agreement' says "
        "otherwise; neither names the GPL nor says whether its terms are compatible",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
