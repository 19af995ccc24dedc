#!/usr/bin/env python3
"""Check the dev16-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: rpm-based-systems Q4,
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
    "accept-filters": [
        ["mod/core.html", "mod/mpm_common.html"],
        ["mod/core.html"],
        ["mod/mpm_common.html"],
    ],
    "httpd-command-line": [
        ["programs/httpd.html", "configuring.html", "new_features_2_2.html"],
        ["programs/httpd.html", "ssl/ssl_faq.html"],
        ["programs/httpd.html"],
    ],
    "ocsp-stapling": [
        ["ssl/ssl_howto.html"],
        ["mod/mod_ssl.html"],
        ["mod/mod_ssl.html", "ssl/ssl_howto.html"],
    ],
    "rewrite-conditions": [
        ["mod/mod_rewrite.html", "rewrite/intro.html"],
        ["mod/mod_rewrite.html", "rewrite/intro.html"],
        ["mod/mod_rewrite.html"],
    ],
    "rpm-based-systems": [["platform/rpm.html"]] * 3 + [None],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_RPMBUILD = r"rpmbuild|\bsrpm\b|source rpm"
_SPEC = r"\.spec\b|spec ?files?\b|rpmmacros|%configure|%\{?_[a-z]+|rpm(build)? --(define|with)"
_RPMOPT = (r"\brpms?\b.{0,200}(configure|\boptions?\b|--with|--enable)|"
           r"(configure|\boptions?\b|--with|--enable).{0,200}\brpms?\b")
_PKGBUILD = (r"config\.nice|binary packages?|"
             r"(distribution|vendor|third.party)[- ]?(supplied |provided )?(packages?|builds?|binar)")

UNANSWERABLE_TERMS = {
    ("rpm-based-systems", 3): [_RPMBUILD, _SPEC, _RPMOPT, _PKGBUILD],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("platform/rpm.html", _RPMBUILD):
        "'rpmbuild -ts' makes a source RPM and 'rpmbuild -tb' builds the binary RPMs from "
        "the tarball; no option, spec file or macro for changing the configure options",
    ("platform/rpm.html", _RPMOPT):
        "introduction: 'how to build, install, configure and run' httpd on RPM systems "
        "('configure' is the verb, the server's configuration)",
    ("platform/index.html", _RPMOPT):
        "the list of platform pages: a one-line summary of the RPM page next to the "
        "NetWare entry ('install, configure and run')",
    ("dso.html", _PKGBUILD):
        "DSO advantages: vendor package maintainers can ship the core and extension "
        "modules as separate packages; nothing on building packages",
    ("howto/auth.html", _PKGBUILD):
        "htpasswd may be in the execution path if Apache came from a third-party package",
    ("install.html", _PKGBUILD):
        "Portuguese page in this package: upgrading a source build by re-running "
        "config.nice with extra configure arguments, and third-party distributions; "
        "no RPM build",
    ("upgrading.html", _PKGBUILD):
        "Portuguese page in this package: the old configure line in build/config.nice "
        "can be reused when compiling 2.4 from source; no RPM build",
    ("platform/netware.html", _PKGBUILD):
        "NetWare build: 'install' on the makefile command line produces a distribution "
        "package under dist",
    ("platform/win_compiling.html", _PKGBUILD):
        "Windows build: patches to third party packages used to build the httpd binary",
    ("platform/windows.html", _PKGBUILD):
        "the project ships no binary releases; binary packages are available from "
        "third-party distributions",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
