#!/usr/bin/env python3
"""Check the dev16-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: git-shell-accounts Q4,
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
    "commit-identity": [
        ["user-manual.html"],
        ["git-config.html"],
        ["git-commit.html"],
    ],
    "git-shell-accounts": [
        ["git-shell.html", "giteveryday.html", "gitcvs-migration.html"],
        ["git-shell.html"],
        ["git-shell.html"],
        None,
    ],
    "mirror-repositories": [
        ["git-clone.html"],
        ["git-clone.html", "git-remote.html"],
        ["git-push.html"],
    ],
    "repository-discovery": [
        ["git.html", "git-config.html"],
        ["git.html"],
        ["git.html"],
    ],
    "trace-output": [
        ["git.html"],
        ["git.html"],
        ["technical/api-trace2.html", "git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_FORWARD = r"\bport[ -]?forward\w*|(?<![-\w])forwarding\b|\b(tcp|agent|x11)[ -]forward\w*"
T_TUNNEL = r"\btunnel\w*"
T_SSHD = r"\bsshd\w*|authorized_keys|\bopenssh\b"
T_SSH_OPTIONS = (r"no-port-forwarding|no-agent-forwarding|no-pty|permitopen|"
                 r"allowtcpforwarding|forcecommand|permittunnel")
T_GIT_SHELL = r"git[ -]shell"
T_LOGIN_SHELL = r"\blog-?in shells?\b"
_LIMIT = r"(restrict|limit|prevent|block|disallow|forbid|deny)\w*"
T_SSH_LIMIT = r"\bssh\b.{0,80}\b" + _LIMIT + r"|\b" + _LIMIT + r".{0,80}\bssh\b"

UNANSWERABLE_TERMS = {
    ("git-shell-accounts", 3): [T_FORWARD, T_TUNNEL, T_SSHD, T_SSH_OPTIONS, T_GIT_SHELL,
                                T_LOGIN_SHELL, T_SSH_LIMIT],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    ("SubmittingPatches.html", T_FORWARD): (
        "forwarding somebody else's patch by e-mail with a Signed-off-by trailer; not SSH "
        "port forwarding"),
    ("git-config.html", T_TUNNEL): (
        "imap.tunnel, the command through which git imap-send reaches an IMAP server; "
        "unrelated to SSH accounts"),
    ("git-imap-send.html", T_TUNNEL): (
        "the same imap.tunnel setting, --curl \"unless tunneling\" and the tunnel-mode example "
        "of git imap-send; unrelated"),
    ("git-remote-ext.html", T_TUNNEL): (
        "%G is useful when a git:// server is \"accessed over some tunnel\"; a client-side "
        "remote helper, nothing about what an SSH account may tunnel"),
    ("git-config.html", T_SSHD): (
        "ssh.variant: Git detects whether the configured ssh client takes OpenSSH options; "
        "client side, nothing about the server's forwarding"),
    ("git-fetch-pack.html", T_SSHD): (
        "--upload-pack: installations of sshd ignore the user's login-shell setup scripts, so "
        "a privately installed git may not be on $PATH; not about forwarding"),
    ("git-push.html", T_SSHD): (
        "the mothership/satellite example, where the satellite is behind a firewall or \"does "
        "not run sshd\"; unrelated"),
    ("git.html", T_SSHD): (
        "GIT_SSH_VARIANT (OpenSSH, plink or tortoiseplink) and GIT_PROTOCOL, which an SSH "
        "server may have to accept with AcceptEnv; neither concerns port forwarding"),
    ("index.html", T_SSHD): (
        "the same GIT_SSH_VARIANT and GIT_PROTOCOL text (index.html is a symbolic link to "
        "git.html)"),
    ("gitcore-tutorial.html", T_SSHD): (
        "many sshd installations do not run the user's shell as a login shell, so .bashrc must "
        "set $PATH for git-receive-pack; not about forwarding"),
    ("gitfaq.html", T_SSHD): (
        "creating one OpenSSH key pair per hosting-provider account; client side"),
    ("git-cvsserver.html", T_GIT_SHELL): (
        "SSH users restricted to git-shell need not set CVS_SERVER, since git-shell "
        "understands \"cvs\" as git-cvsserver, and environment variables that allow "
        "\"restricted usage through git-shell\"; about running git-cvsserver, not about "
        "forwarding"),
    ("git-sh-setup.html", T_GIT_SHELL): (
        "\"common Git shell script setup code\" for Git's own shell scripts; not git-shell"),
    ("git-shell.html", T_GIT_SHELL): (
        "near miss: git-shell is a \"restricted login shell for Git-only SSH access\" that "
        "\"permits execution only of\" the server-side pull/push commands, cvs server and "
        "custom commands in ~/git-shell-commands, interactive only when that directory "
        "exists; it restricts which commands the shell runs and says nothing about port "
        "forwarding, tunnels or the SSH server's own settings"),
    ("git.html", T_GIT_SHELL): (
        "the command list: \"git-shell(1) Restricted login shell for Git-only SSH access\", "
        "and git-sh-setup's \"common Git shell script setup code\"; no forwarding"),
    ("index.html", T_GIT_SHELL): (
        "the same command list (index.html is a symbolic link to git.html)"),
    ("gitcvs-migration.html", T_GIT_SHELL): (
        "near miss: a restricted shell \"which only allows users to do Git pushes and pulls; "
        "see git-shell(1)\" for team members given SSH access; about the commands users may "
        "run, not about port forwarding"),
    ("giteveryday.html", T_GIT_SHELL): (
        "near miss: git-shell \"can be used as a restricted login shell\", and in the example "
        "the log-in shell /usr/bin/git-shell \"does not allow anything but git push and git "
        "pull\" (listed in /etc/shells, /etc/passwd examples); it speaks of commands, not of "
        "SSH port forwarding"),
    ("githooks.html", T_GIT_SHELL): (
        "the update hook can implement access control; \"see git-shell(1) for how you might "
        "use the login shell to restrict the user's access to only git commands\"; nothing "
        "about forwarding"),
    ("git-cvsserver.html", T_LOGIN_SHELL): (
        "for SSH clients whose login shell is bash, .bashrc may set the committer variables; "
        "unrelated"),
    ("git-fetch-pack.html", T_LOGIN_SHELL): (
        "the same --upload-pack remark about sshd and login-shell setup scripts"),
    ("git-shell.html", T_LOGIN_SHELL): (
        "the same git-shell description (a restricted login shell that permits only certain "
        "commands); no word on forwarding"),
    ("git.html", T_LOGIN_SHELL): (
        "the command list entry for git-shell (\"Restricted login shell for Git-only SSH "
        "access\")"),
    ("index.html", T_LOGIN_SHELL): (
        "the same command list entry (index.html is a symbolic link to git.html)"),
    ("gitcore-tutorial.html", T_LOGIN_SHELL): (
        "the same remark that sshd often does not start the user's shell as a login shell, "
        "so only .bashrc is read"),
    ("giteveryday.html", T_LOGIN_SHELL): (
        "the same git-shell passages (restricted login shell; \"/etc/shells needs to list "
        "what is used as the login shell\")"),
    ("githooks.html", T_LOGIN_SHELL): (
        "the same pointer to git-shell for restricting a user's access to git commands"),
    ("git-cvsserver.html", T_SSH_LIMIT): (
        "the same \"SSH users restricted to git-shell\" and \"ssh clients not restricted to "
        "git-shell\" (CVS_SERVER setting) passages"),
    ("git-shell.html", T_SSH_LIMIT): (
        "the same description: restricted Git access for SSH accounts, limited to the listed "
        "commands"),
    ("git.html", T_SSH_LIMIT): (
        "the same command list entry for git-shell"),
    ("index.html", T_SSH_LIMIT): (
        "the same command list entry (index.html is a symbolic link to git.html)"),
    ("gitprotocol-pack.html", T_SSH_LIMIT): (
        "near miss: on some systems the SSH shell access of a user \"is limited to only being "
        "able to run\" git-upload-pack and git-receive-pack; again about which commands run, "
        "not about port forwarding"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
