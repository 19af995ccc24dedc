#!/usr/bin/env python3
"""Check the dev12-apache eval set against the English Apache httpd manual.

5 topics of 3-4 questions (16); one unanswerable question: ldap-authentication Q4,
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
    "acme-certificates": [["mod/mod_md.html"]] * 3,
    "lua-scripting": [["mod/mod_lua.html"]] * 3,
    "ldap-authentication": [["mod/mod_authnz_ldap.html", "mod/mod_ldap.html"],
                            ["mod/mod_authnz_ldap.html"],
                            ["mod/mod_authnz_ldap.html"],
                            None],
    "performance-tuning": [["misc/perf-tuning.html"],
                           ["misc/perf-tuning.html", "mod/core.html"],
                           ["misc/perf-tuning.html"]],
    "request-ids": [["mod/mod_unique_id.html"]] * 3,
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
_EXPIRY = (r"expir\w* (ldap )?passwords?|passwords? (has |have |had )?(already )?expir|"
           r"passwords? expiry|password (max(imum)? )?age|pwd\w*age|pwdlastset|pwdmustchange|"
           r"pwdreset|shadow(expire|lastchange|max)")
_POLICY = r"ppolicy|password[- ]polic"
_CHANGE = (r"change (their|the|his|her|a|your|my) (own )?password|password change|"
           r"changes? to (the |a )?(user.s )?password|new password|"
           r"(re)?set (their |the |a )?(new )?password|password reset|"
           r"(pick|choose) (a )?(new )?password")
_ROTATE = (r"(rotat\w*|renew\w*|updat\w*) (a |the |their )?(user.s )?passwords?|"
           r"passwords? (rotation|renewal|update)")
_FORCE = r"must change (their |the |a )?password|forced? to change|password (must|has to) be changed"
_GRACE = r"grace ?logins?|grace period"
_SELF_SERVICE = r"self[- ]service"
_LOCKED = (r"\block(ed)? ?out|\blockouts?|account (is |has been )?(locked|expired|disabled)|"
           r"(disabled|locked|expired) accounts?")
_UNUSABLE = r"password\w* (is )?(otherwise )?(unusable|invalid|wrong)"
_MODIFY = r"ldap ?(password )?modify|ldappasswd|passwd ?exop|extended operation|password modify"
_KERBEROS = r"kpasswd|kerberos"

UNANSWERABLE_TERMS = {
    ("ldap-authentication", 3): [
        _EXPIRY, _POLICY, _CHANGE, _ROTATE, _FORCE, _GRACE, _SELF_SERVICE, _LOCKED,
        _UNUSABLE, _MODIFY, _KERBEROS,
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("howto/auth.html", _CHANGE):
        "htpasswd prompting for a 'New password' when an administrator creates a password "
        "file entry; nothing on LDAP or on users changing an expired password",
    ("mod/mod_auth_basic.html", _CHANGE):
        "switching between digest and basic authentication may require assigning users new "
        "passwords (AuthBasicUseDigestAlgorithm); no expiry, no change by the user",
    ("mod/mod_authnz_ldap.html", _CHANGE):
        "General caveats: password changes on the LDAP server are not immediately reflected "
        "because of the mod_ldap cache; no way for a user to change a password",
    ("mod/mod_session.html", _CHANGE):
        "an application that changes a user's password writes the new password into the "
        "session (HTTP_SESSION); the application does the change, Apache offers no form or "
        "LDAP password change",
    ("mod/mod_authnz_ldap.html", _LOCKED):
        "General caveats (lockouts/revocations delayed by the cache) and "
        "AuthLDAPBindAuthoritative off (other providers such as AuthUserFile may accept a user "
        "whose LDAP account is locked or password otherwise unusable); no password change",
    ("mod/mod_authnz_ldap.html", _UNUSABLE):
        "AuthLDAPBindAuthoritative off: fall back to other authentication providers when the "
        "LDAP bind fails; nothing lets the user set a new password",
    ("programs/htdbm.html", _UNUSABLE):
        "htdbm -v reports whether a supplied password is valid (exit code 3 if invalid)",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    return check_reviewed_set(HERE, MANUAL, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                              N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4))


if __name__ == "__main__":
    sys.exit(main())
