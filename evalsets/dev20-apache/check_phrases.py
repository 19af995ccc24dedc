#!/usr/bin/env python3
"""Check the dev20-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: apache-license Q3,
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
