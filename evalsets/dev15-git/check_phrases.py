#!/usr/bin/env python3
"""Check the dev15-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: repository-ownership Q4,
whose key-term hits read by hand are in REVIEWED_HITS.
The rules are those of ``html_phrases.check_reviewed_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_reviewed_set  # noqa: E402 - shared helpers, one folder up

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "deleting-branches": [
        ["git-branch.html", "user-manual.html"],
        ["git-branch.html", "user-manual.html"],
        ["git-branch.html"],
    ],
    "detached-head-orphans": [
        ["git-checkout.html", "gitglossary.html", "user-manual.html"],
        ["git-checkout.html"],
        ["git-checkout.html", "git-switch.html"],
    ],
    "file-modes": [
        ["git-add.html", "git-update-index.html"],
        ["git-config.html", "git-update-index.html"],
        ["user-manual.html", "git-fast-import.html"],
    ],
    "pager-and-colours": [
        ["git-branch.html", "git-config.html", "git.html"],
        ["git-config.html"],
        ["git-config.html"],
    ],
    "repository-ownership": [
        ["git-config.html", "git.html"],
        ["git.html", "git-config.html"],
        ["git-config.html"],
        None,
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_ADMIN = r"\badministrators?\b"
T_SID = r"\bsids?\b|security identifier"
OWN = r"\bown(ed|er|ers|ership)\b"
T_WIN_OWN = r"\bwindows\b.{0,150}" + OWN + "|" + OWN + r".{0,150}\bwindows\b"
T_GROUP_OWN = r"\bgroup\b.{0,60}\bown(s|ed|er|ers|ership)\b|" + OWN + r".{0,60}\bgroup\b"
T_MEMBER = r"\bmembers? of (the|a|that)? ?(\w+ )?group\b|\bgroup membership\b"
T_GFW = r"git for windows"
T_OWNER_CHECK = r"dubious|safe\.directory|someone other than|owned by someone"

UNANSWERABLE_TERMS = {
    ("repository-ownership", 3): [T_ADMIN, T_SID, T_WIN_OWN, T_GROUP_OWN, T_MEMBER, T_GFW,
                                  T_OWNER_CHECK],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    ("git-config.html", T_ADMIN): (
        "the protected-configuration scopes are treated as controlled by \"the user or a "
        "trusted administrator\", and an administrator of a load-balanced server configuring "
        "a protocol feature; neither says how ownership by the Administrators group is "
        "treated"),
    ("git-svn.html", T_ADMIN): (
        "svn-remote.<name>.rewriteRoot: an administrator could run git svn on the server "
        "locally; unrelated"),
    ("giteveryday.html", T_ADMIN): (
        "the \"repository administration\" commands for system administrators (git daemon, "
        "git shell, http-backend); nothing about repository ownership"),
    ("gitprotocol-http.html", T_ADMIN): (
        "server administrators may use directory based permissions of the HTTP server, or "
        "disable a service; about HTTP access control, not ownership of a local repository"),
    ("git.html", T_SID): (
        "GIT_TRACE2_*: trace files named after the last component of the trace2 session id "
        "(sid); not a Windows security identifier"),
    ("index.html", T_SID): (
        "the same GIT_TRACE2_* text (index.html is a symbolic link to git.html)"),
    ("technical/api-trace2.html", T_SID): (
        "the trace2 \"sid\" (session-id) key of every event and the example traces; not a "
        "Windows security identifier"),
    ("git-config.html", T_WIN_OWN): (
        "near miss: the end of the safe.directory entry says Git only allows access to "
        "repositories \"owned by yourself, i.e. the user who is running git\", and that when "
        "Git runs as root \"in a non windows platform that provides sudo\" it also trusts the "
        "uid in SUDO_UID; it says nothing about how ownership is decided on Windows or about "
        "repositories owned by a group such as Administrators"),
    ("git-config.html", T_GROUP_OWN): (
        "core.sharedRepository's example 0660 (read/write for the owner and group); "
        "permissions of a shared repository, not the ownership check"),
    ("githooks.html", T_GROUP_OWN): (
        "the update hook can implement access control \"without relying on "
        "filesystem ownership and group membership\"; unrelated to safe.directory"),
    ("githooks.html", T_MEMBER): (
        "the same sentence about access control without filesystem ownership and group "
        "membership"),
    ("MyFirstContribution.html", T_MEMBER): (
        "group membership is required to read the git-mentoring mailing list; unrelated"),
    ("git-config.html", T_GFW): (
        "core.fileMode (a Cygwin-created repository visited with Git for Windows loses the "
        "file mode), core.precomposeUnicode (Git for Windows 1.7.10 or higher) and "
        "core.unsetenvvars (Git for Windows' own Perl); nothing about repository ownership"),
    ("gitfaq.html", T_GFW): (
        "Git for Windows provides the wincred credential manager; about credentials"),
    ("howto/coordinate-embargoed-releases.html", T_GFW): (
        "the Git for Windows maintainer publishes release artifacts of security releases; "
        "unrelated"),
    ("git-config.html", T_OWNER_CHECK): (
        "near miss: the safe.directory entry (directories considered safe although owned by "
        "someone other than the current user, protected configuration only, the value *, "
        "and the SUDO_UID exception on non-Windows platforms); it gives no rule for "
        "repositories owned by a group the user belongs to, nor anything specific to Windows"),
    ("git.html", T_OWNER_CHECK): (
        "the SECURITY section: Git refuses to run when the repository is owned by someone "
        "other than the user running the command, see safe.directory; no Windows or group "
        "rule"),
    ("index.html", T_OWNER_CHECK): (
        "the same SECURITY section (index.html is a symbolic link to git.html)"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
