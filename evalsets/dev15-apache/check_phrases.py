#!/usr/bin/env python3
"""Check the dev15-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: process-mutexes Q4,
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
    "server-side-imagemaps": [["mod/mod_imagemap.html"]] * 3,
    "text-charsets": [
        ["mod/core.html"],
        ["mod/core.html"],
        ["mod/mod_charset_lite.html"],
    ],
    "process-mutexes": [
        ["mod/core.html"],
        ["mod/core.html", "stopping.html"],
        ["mod/core.html", "mod/prefork.html", "misc/perf-tuning.html"],
        None,
    ],
    "core-dumps": [
        ["mod/mpm_common.html"],
        ["ssl/ssl_faq.html"],
        ["mod/mpm_common.html"],
    ],
    "child-resource-limits": [
        ["mod/core.html"],
        ["mod/core.html"],
        ["mod/core.html", "server-wide.html"],
    ],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_IPC = r"\bipcs\b|\bipcrm\b|semmni|semmns|semmsl|kernel\.sem"
_NOSPACE = r"no space left|ENOSPC|AH00023|couldn.?t create (the )?(\w+ )?(lock|mutex)"
_CLEANUP = (r"(remov\w*|delet\w*|clean\w*( up)?|purg\w*|leftover|stale|orphan\w*) (\w+ ){0,3}"
            r"(semaphores?|mutex(es)?|ipc|lock ?files?)|"
            r"(semaphores?|mutex(es)?|lock ?files?) (\w+ ){0,3}"
            r"(remov\w*|delet\w*|clean\w*|purg\w*|left over|leftover|stale)")
_SEM = r"semaphore"
_SYSV = r"\bsysvsem\b|system ?v ipc|\bsysv\b"
_MUTEXERR = (r"mutex.{0,80}(fail|error|cannot|can't|unable|permission)|"
             r"(fail|error|cannot|can't|unable)\w*.{0,80}mutex")
_SHM = r"shared memory segment|ipc (objects?|resources?)"

UNANSWERABLE_TERMS = {
    ("process-mutexes", 3): [_IPC, _NOSPACE, _CLEANUP, _SEM, _SYSV, _MUTEXERR, _SHM],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/core.html", _CLEANUP):
        "Mutex, sysvsem: 'it is possible to \"leak\" SysV semaphores if processes crash "
        "before the semaphore is removed' - says that they leak, not how to find or remove them",
    ("mod/core.html", _SEM):
        "Mutex mechanisms: posixsem (ownership not recovered after a segfault), sysvsem "
        "(leaks; denial of service by CGIs under the server's uid), sem; no clean-up",
    ("misc/perf-tuning.html", _SEM):
        "accept serialization: accept_mutex_on/off 'implement a mutual exclusion semaphore'",
    ("mod/core.html", _SYSV):
        "the sysvsem mechanism and its leak warning (see above)",
    ("invoking.html", _SYSV):
        "Portuguese page in this package: apache2ctl works like a SysV init script",
    ("programs/apachectl.html", _SYSV):
        "apache2ctl as a SysV init script (start, stop, restart)",
    ("mod/core.html", _MUTEXERR):
        "Mutex, fcntl: deadlock errors (EDEADLK) where fcntl() is not thread-aware (Solaris)",
    ("developer/new_api_2_4.html", _MUTEXERR):
        "module API changes: register mutexes with ap_mutex_register() so that the Mutex "
        "directive configures them",
    ("developer/thread_safety.html", _MUTEXERR):
        "thread-safe module code: apr_thread_mutex_* functions, then the errno section",
    ("server-wide.html", _MUTEXERR):
        "list of file-location directives (CoreDumpDirectory ... ErrorLog Mutex PidFile)",
    ("ssl/ssl_faq.html", _MUTEXERR):
        "'permission errors related to SSLMutex': parent directories of the lock file need "
        "the x-bit for the server's user; nothing on semaphores",
    ("mod/mod_auth_digest.html", _SHM):
        "AuthDigestShmemSize: the shared memory segment for tracking clients",
    ("mod/mod_slotmem_shm.html", _SHM):
        "slot-based shared memory provider, cleared with each restart",
    ("mod/mod_socache_shmcb.html", _SHM):
        "shmcb object cache: a cyclic buffer in a shared memory segment",
    ("mod/mod_ssl.html", _SHM):
        "SSLSessionCache shmcb: a cyclic buffer in a shared memory segment",
    ("socache.html", _SHM):
        "shared object cache providers: shmcb in a shared memory segment",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
