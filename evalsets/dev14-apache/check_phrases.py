#!/usr/bin/env python3
"""Check the dev14-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: server-user-account Q4,
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
    "etags-and-ranges": [["mod/core.html"]] * 3,
    "strict-request-parsing": [["mod/core.html"]] * 3,
    "server-user-account": [["mod/mod_unixd.html"]] * 3 + [None],
    "guest-logins": [["mod/mod_authn_anon.html"]] * 3,
    "file-owner-access": [["mod/mod_authz_owner.html"]] * 3,
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_CHROOT = r"chroot|\bjail"
_SYSFILES = (r"/dev/(null|u?random|zero|tty)|"
             r"/etc/(passwd|group|resolv\.conf|nsswitch|localtime|hosts\b)|\bldd\b")
_SHLIB = r"shared (object )?librar(y|ies)"
_COPY = (r"(copy|copie[sd]|copying) (the |all |any |every )?(needed |required |necessary )?"
         r"(files|librar\w*|binar\w*|programs?|executables?|interpreters?) (in)?to")
_CONFINE = r"sandbox|confine[sd]?\b|confinement|restricted (file ?system|environment|directory tree)"
_PHPNEEDS = r"php.{0,80}(needs?|requires?|depend\w*) .{0,40}(librar|files|binar)"

UNANSWERABLE_TERMS = {
    ("server-user-account", 3): [_CHROOT, _SYSFILES, _SHLIB, _COPY, _CONFINE, _PHPNEEDS],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_unixd.html", _CHROOT):
        "ChrootDir: chroot(8) to the directory after startup, before accepting requests; "
        "'running the server under chroot is not simple, and requires additional setup, "
        "particularly if you are running scripts such as CGI or PHP' - which setup is not said",
    ("mod/directives.html", _CHROOT):
        "alphabetical directive index: the name ChrootDir",
    ("mod/quickreference.html", _CHROOT):
        "directive quick reference: 'ChrootDir /path/to/directory ... Directory for apache to "
        "run chroot(8) after startup'",
    ("caching.html", _SYSFILES):
        "file-handle caching example: 'time cat testfile > /dev/null' to show the page cache",
    ("developer/thread_safety.html", _SYSFILES):
        "checking third-party libraries (libphp4.so) for thread safety with ldd(1) and nm(1); "
        "about threaded MPMs, not about a chroot directory",
    ("dns-caveats.html", _SYSFILES):
        "put the host name into /etc/hosts and have resolv.conf/nsswitch.conf use it when DNS "
        "is down; not about chroot",
    ("getting-started.html", _SYSFILES):
        "editing the client's hosts file (/etc/hosts) to test a virtual host name",
    ("mod/mod_ssl.html", _SYSFILES):
        "SSLRandomSeed with /dev/random and /dev/urandom as entropy sources",
    ("rewrite/intro.html", _SYSFILES):
        "path traversal example: a request for /files/../../etc/passwd",
    ("ssl/ssl_faq.html", _SYSFILES):
        "entropy: /dev/random as randomness device and why it can block SSL start-up",
    ("urlmapping.html", _SYSFILES):
        "UserDir: home directories as listed in /etc/passwd",
    ("dso.html", _SHLIB):
        "how DSO works: shared libraries libfoo.so loaded with dlopen(); nothing on chroot",
    ("mod/mod_lua.html", _SHLIB):
        "LuaPackageCPath: adds a path to Lua's shared library search path",
    ("mod/mod_so.html", _SHLIB):
        "Windows: modules compiled as DLLs, shared libraries loaded with LoadModule",
    ("mod/mod_md.html", _CONFINE):
        "example configuration with an <MDomain sandbox.example.org> section",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
