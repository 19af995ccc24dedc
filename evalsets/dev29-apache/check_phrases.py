#!/usr/bin/env python3
"""Check the dev29-apache eval set against the English Apache httpd manual.

6 topics of 7 or 8 questions (47); four unanswerable questions (the last
question of dbm-password-files, access-log-routing, sed-and-buffer-filters
and mime-magic), whose key-term hits read by hand are in REVIEWED_HITS.
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
# phrase must be found in the prose of at least one of them.  None marks a
# question the collection cannot answer.
PAGES = {
    "access-log-routing": [
        # GlobalLog
        ["mod/mod_log_config.html"],
        # "Conditional Logs" in the log files guide; CustomLog's env= argument
        ["logs.html", "mod/mod_log_config.html"],
        # LogFormat: a nickname definition does nothing else; TransferLog
        ["mod/mod_log_config.html"],
        # "Piped Logs": "|$" and the shell
        ["logs.html"],
        # "Piped Logs" and CustomLog's security note
        ["logs.html", "mod/mod_log_config.html"],
        # BufferedLogs
        ["mod/mod_log_config.html"],
        # "Log Rotation": 1 MB per 10,000 requests
        ["logs.html"],
        None,
    ],
    "auth-provider-aliases": [
        # mod_authn_core: "Creating Authentication Provider Aliases" and its example
        ["mod/mod_authn_core.html"],
        # AuthzSendForbiddenOnFailure
        ["mod/mod_authz_core.html"],
        # AuthzSendForbiddenOnFailure: "Security Warning"
        ["mod/mod_authz_core.html"],
        # AuthMerging
        ["mod/mod_authz_core.html"],
        # "Authorization Result States"
        ["mod/mod_authz_core.html"],
        # "Authorization Result States": negated Require
        ["mod/mod_authz_core.html"],
        # <AuthzProviderAlias>: Require-Parameters in quotation marks
        ["mod/mod_authz_core.html"],
        # AuthMerging: not inherited outside its section
        ["mod/mod_authz_core.html"],
    ],
    "dbm-password-files": [
        # mod_authn_dbm's summary
        ["mod/mod_authn_dbm.html"],
        # AuthDBMType; the "Bugs" sections of htdbm and dbmmanage
        ["mod/mod_authn_dbm.html", "programs/htdbm.html", "programs/dbmmanage.html"],
        # AuthDBMUserFile: colon and arbitrary data
        ["mod/mod_authn_dbm.html"],
        # AuthDBMType's syntax line
        ["mod/mod_authn_dbm.html"],
        # htdbm -C
        ["programs/htdbm.html"],
        # htdbm "Security Considerations": salting
        ["programs/htdbm.html"],
        # dbmmanage's import command
        ["programs/dbmmanage.html"],
        None,
    ],
    "language-negotiation": [
        # ForceLanguagePriority Fallback
        ["mod/mod_negotiation.html"],
        # ForceLanguagePriority Prefer
        ["mod/mod_negotiation.html"],
        # LanguagePriority
        ["mod/mod_negotiation.html"],
        # "Language Negotiation Exceptions": language subsets
        ["content-negotiation.html"],
        # "Language Negotiation Exceptions": the prefer-language variable
        ["content-negotiation.html"],
        # "Note on hyperlinks and naming conventions"
        ["content-negotiation.html"],
        # "Using a type-map file": the type map takes precedence
        ["content-negotiation.html"],
    ],
    "mime-magic": [
        # the summary
        ["mod/mod_mime_magic.html"],
        # the summary: MimeMagicFile switches it on
        ["mod/mod_mime_magic.html"],
        # "Performance Issues"
        ["mod/mod_mime_magic.html"],
        # "Format of the Magic File": column 2
        ["mod/mod_mime_magic.html"],
        # "Format of the Magic File": column 5
        ["mod/mod_mime_magic.html"],
        # the summary: second line of defense
        ["mod/mod_mime_magic.html"],
        # "Notes": not tested in a threaded environment
        ["mod/mod_mime_magic.html"],
        None,
    ],
    "sed-and-buffer-filters": [
        # mod_sed's summary: a content filter, no headers
        ["mod/mod_sed.html"],
        # mod_sed's summary: lines over 8MB
        ["mod/mod_sed.html"],
        # InputSed
        ["mod/mod_sed.html"],
        # "Sed Commands"
        ["mod/mod_sed.html"],
        # BufferSize
        ["mod/mod_buffer.html"],
        # mod_buffer's summary: 8k chunks
        ["mod/mod_buffer.html"],
        # mod_buffer's summary: "Using buffer with mod_include" note
        ["mod/mod_buffer.html"],
        None,
    ],
}

# Key terms of the unanswerable questions (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
LMDB = r"\blmdb\b"
LIGHTNING = r"lightning memory"
JSON = r"\bjson\b"
NDJSON = r"ndjson|json lines"
SED_F = r"sed -f"
SED_SCRIPT_FILE = r"\bsed scripts? files?\b"
DOT_SED = r"\.sed\b"
SCRIPT_FILE = r"script file"
LIBMAGIC = r"libmagic"
MGC = r"\.mgc\b"
COMPILED_MAGIC = r"compiled magic"

UNANSWERABLE_TERMS = {
    # an LMDB user database for mod_authn_dbm
    ("dbm-password-files", 7): [LMDB, LIGHTNING],
    # access log entries as JSON
    ("access-log-routing", 7): [JSON, NDJSON],
    # mod_sed commands read from a script file
    ("sed-and-buffer-filters", 7): [SED_F, SED_SCRIPT_FILE, DOT_SED, SCRIPT_FILE],
    # libmagic's compiled magic.mgc for MimeMagicFile
    ("mime-magic", 7): [LIBMAGIC, MGC, COMPILED_MAGIC],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("mod/mod_http2.html", JSON): ("an H2PushPriority example for pushed streams of type "
                                   "'application/json': nothing on logging"),
    ("mod/mod_md.html", JSON): ("the md-status handler gives mod_md's certificate information "
                                "in JSON: nothing on access logs"),
    ("mod/quickreference.html", JSON): ("MDCertificateStatus 'exposes public certificate "
                                        "information in json': nothing on access logs"),
    ("handler.html", SCRIPT_FILE): ("the heading 'Modifying static content using a CGI script' "
                                    "run into 'Files with HTTP headers': no sed"),
    ("mod/core.html", SCRIPT_FILE): "CGIMapExtension on NetWare: 'CGI script files with a .foo extension'",
    ("mod/mod_cgi.html", SCRIPT_FILE): "path info 'following the script filename in the URI'",
    ("rewrite/flags.html", SCRIPT_FILE): ("the NS flag: 'images, javascript files, or css files' "
                                          "(matched across 'javascript files'): no sed"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 6, 47, 4


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(7, 8))


if __name__ == "__main__":
    sys.exit(main())
