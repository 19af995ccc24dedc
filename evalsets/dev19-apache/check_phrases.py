#!/usr/bin/env python3
"""Check the dev19-apache eval set against the English Apache httpd manual.

5 topics of 3 questions (15); one unanswerable question: serverroot-permissions Q3,
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
    "output-filters": [
        ["developer/output-filters.html"],
        ["developer/filters.html"],
        ["developer/output-filters.html"],
    ],
    "module-porting": [
        ["developer/new_api_2_4.html"],
        ["developer/new_api_2_4.html", "mod/core.html"],
        ["developer/new_api_2_4.html"],
    ],
    "threaded-mpms": [
        ["developer/thread_safety.html"],
        ["developer/thread_safety.html"],
        ["mod/mpm_common.html", "server-wide.html"],
    ],
    "server-name": [
        ["mod/core.html"],
        ["mod/core.html"],
        ["mod/core.html", "server-wide.html"],
    ],
    "serverroot-permissions": [
        ["misc/security_tips.html", "mod/core.html", "mod/mod_log_config.html", "server-wide.html"],
        ["misc/security_tips.html", "mod/core.html", "server-wide.html"],
        None,
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_WRITABLE = r"writ(e)?able by|writ(e)?able \(by|world[- ]?writ|group[- ]?writ|unwritable"
_NOSTART = (r"(refuse|fail|abort|decline)s? to (re)?(start|run)|won'?t (re)?start|"
            r"will not (re)?start|not start up")
_PERMCHECK = (r"insecure (permission|file|director|mode)|"
              r"(check|verif)\w*.{0,40}(permissions|ownership|owned by)|"
              r"(permissions|ownership|owned by).{0,40}(check|verif)")
_STARTPERM = (r"(start\w*|startup|boot).{0,60}\bpermissions?\b|"
              r"\bpermissions?\b.{0,60}(start\w*|startup)|"
              r"\bwarn\w*.{0,60}(permission|writ(e)?able|owner)|"
              r"(permission|writ(e)?able|owner)\w*.{0,60}\bwarn")

UNANSWERABLE_TERMS = {
    ("serverroot-permissions", 2): [_WRITABLE, _NOSTART, _PERMCHECK, _STARTPERM],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("caching.html", _WRITABLE):
        "the disk cache must be writable by the user httpd runs as, unlike content, which "
        "is usually kept 'unwritable by the apache user': advice, no start-up check",
    ("misc/security_tips.html", _WRITABLE):
        "the ServerRoot permissions section: what can happen 'if the logs directory is "
        "writeable (by a non-root user)' (the answer to the other questions); it tells the "
        "administrator to set the permissions and says nothing of httpd checking them",
    ("mod/core.html", _WRITABLE):
        "ErrorLog: see the security tips on why security 'could be compromised if the "
        "directory where log files are stored is writable by anyone other than the user that "
        "starts the server'; Mutex: avoid a 'world-writable directory' for lock files "
        "(denial of service): advice, no check or warning by httpd",
    ("mod/mod_cgi.html", _WRITABLE):
        "ScriptLog: the script log's directory or file must be writable by the User, and the "
        "main logs directory should not be made writable by that user for it",
    ("mod/mod_dav.html", _WRITABLE):
        "the DavLockDB directory must be writable by the user and group Apache runs as",
    ("mod/mod_dav_fs.html", _WRITABLE):
        "the same DavLockDB note",
    ("mod/mod_dav_lock.html", _WRITABLE):
        "the same lock-database note",
    ("mod/mod_log_config.html", _WRITABLE):
        "CustomLog: the same pointer to the security tips as ErrorLog (log directory writable "
        "by anyone but the user that starts the server)",
    ("mod/mod_log_forensic.html", _WRITABLE):
        "ForensicLog: the same pointer to the security tips",
    ("mod/mpm_common.html", _WRITABLE):
        "CoreDumpDirectory: the ServerRoot 'should not be writable by the user the server "
        "runs as', so a core dump needs another directory",
    ("programs/log_server_status.html", _WRITABLE):
        "the log location of the log_server_status script must be writable by the user "
        "running the script",
    ("server-wide.html", _WRITABLE):
        "File Locations: 'Be careful about locating files in paths which are writable by "
        "non-root users', with a link to the security tips; no check by httpd",
    ("suexec.html", _WRITABLE):
        "suexec's own checks before it runs a CGI/SSI program ('Is the directory not writable "
        "by anyone else?', 'Is the target CGI/SSI program not writable by anyone else?'): "
        "checks of user CGI programs by the suexec wrapper, not of httpd's configuration "
        "files or ServerRoot at start-up",
    ("dns-caveats.html", _NOSTART):
        "a server that needs DNS to parse its configuration 'might not start up'",
    ("mod/mod_privileges.html", _NOSTART):
        "mod_privileges 'will refuse to run' under a threaded MPM",
    ("mod/mpm_common.html", _NOSTART):
        "Listen: without a Listen directive, or with duplicate Listen directives, the server "
        "will 'fail to start'",
    ("stopping.html", _NOSTART):
        "restarts: a syntax check runs first and with a syntax error 'the server will refuse to "
        "restart'; the configuration test checks syntax, not file permissions",
    ("mod/mpm_winnt.html", _NOSTART):
        "Windows: a replacement child cannot start up when the configuration was changed "
        "while a restart is under way",
    ("howto/cgi.html", _PERMCHECK):
        "a 'Forbidden' message means a permissions problem: 'check the httpd error log' "
        "(troubleshooting CGI scripts)",
    ("mod/mod_md.html", _PERMCHECK):
        "Let's Encrypt verifying the ownership of a domain (ACME challenges)",
    ("mod/quickreference.html", _PERMCHECK):
        "MDPortMap: 'ports for domain ownership verification'",
    ("suexec.html", _PERMCHECK):
        "the suexec wrapper checks 'that its caller is the correct user' (paranoid "
        "permissions of the suexec binary): suexec's check of its caller, not httpd's files",
    ("howto/cgi.html", _STARTPERM):
        "the 'Forbidden'/permissions troubleshooting line and 'File permissions': the server "
        "runs with the permissions of an unprivileged user once it starts up",
    ("mod/mod_cgid.html", _STARTPERM):
        "ScriptSock: the socket is opened 'using the permissions of the user who starts "
        "apache', and no other user should be able to write in its directory: advice",
    ("ssl/ssl_faq.html", _STARTPERM):
        "'Why do I get permission errors related to SSLMutex when I start Apache?' (the lock "
        "file's directory must be writable by the server's user): the opposite problem, "
        "no check of unsafe permissions",
    ("mod/core.html", _STARTPERM):
        "Mutex posixsem: 'Warning: the semaphore ownership is not recovered' after a segfault",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3))


if __name__ == "__main__":
    sys.exit(main())
