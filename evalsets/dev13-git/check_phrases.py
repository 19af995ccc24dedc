#!/usr/bin/env python3
"""Check the dev13-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: log-formats Q4,
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
    "commit-messages": [
        ["git-var.html", "git-commit.html"],
        ["git-commit.html", "git-config.html"],
        ["git-commit.html"],
    ],
    "git-daemon": [
        ["git-daemon.html", "howto/use-git-daemon.html"],
        ["git-daemon.html"],
        ["git-daemon.html"],
    ],
    "log-formats": [
        ["git-log.html"],
        ["git-log.html"],
        ["git-log.html"],
        None,
    ],
    "remote-urls": [
        ["git-config.html", "git-push.html"],
        ["git-config.html"],
        ["git-remote.html"],
    ],
    "staging-hunks": [
        ["git-add.html"],
        ["git-add.html"],
        ["git-add.html", "git-config.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
PH = r"(placeholders?|atoms?|format strings?)"
T_BAD_PH = (r"\b(unknown|unrecogni[sz]ed|invalid|unsupported|undefined|mistyped|misspelled"
            r"|nonexistent|non-existent|bogus|typos?)\b.{0,150}\b" + PH + r"\b")
T_PH_BAD = (r"\b" + PH + r"\b.{0,150}\b(unknown|unrecogni[sz]ed|invalid|unsupported|undefined"
            r"|not recogni[sz]ed|nonexistent|non-existent|bogus)\b")
OUTCOME = (r"(literal\w*|verbatim|as[- ]is|unchanged|unexpanded|left alone|errors?|die[sd]?"
           r"|fail\w*|abort\w*|warn\w*|ignored)")
T_PH_OUTCOME = r"\bplaceholders?\b.{0,200}\b" + OUTCOME + r"\b"
T_OUTCOME_PH = r"\b" + OUTCOME + r"\b.{0,200}\bplaceholders?\b"
T_BAD_PERCENT = r"\b(unknown|unrecogni[sz]ed|invalid|unsupported)\b.{0,60}%"
T_FORMAT_ERROR = (r"(--pretty|--format|pretty formats?|format:)\S*.{0,150}"
                  r"\b(unknown|unrecogni[sz]ed|invalid|errors?|die[sd]?|fail\w*)\b")
NO_ERROR = (r"(not cause an error|not an error|no error|without (an )?error|neither is an error"
            r"|empty string)")
FIELD = r"(field( name)?|placeholder|atom)s?"
T_FIELD_NO_ERROR = r"\b" + FIELD + r"\b.{0,150}\b" + NO_ERROR + r"\b"
T_NO_ERROR_FIELD = r"\b" + NO_ERROR + r"\b.{0,150}\b" + FIELD + r"\b"

UNANSWERABLE_TERMS = {
    ("log-formats", 3): [T_BAD_PH, T_PH_BAD, T_PH_OUTCOME, T_OUTCOME_PH, T_BAD_PERCENT,
                         T_FORMAT_ERROR, T_FIELD_NO_ERROR, T_NO_ERROR_FIELD],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
# git-log, git-show, git-rev-list and git-diff-tree all include the same PRETTY
# FORMATS section, so their hits are the same sentences.
PRETTY_PAGES = ("git-log.html", "git-show.html", "git-rev-list.html", "git-diff-tree.html")
LITERAL = ("the placeholder list's heading \"Placeholders that expand to a single literal "
           "character\" (%n, %%, %x00); it lists valid placeholders and says nothing about "
           "one that does not exist")
TFORMAT = ("near miss: \"any unrecognized string that has a % in it is interpreted as if it "
           "has tformat: in front of it\" is about a --pretty/--format value that is not the "
           "name of a built-in format (so --format=%h means tformat:%h), not about a mistyped "
           "placeholder inside a format string; it says nothing about an error or how an "
           "unknown %-sequence is printed")
EMPTY = ("near miss: the %g* reflog placeholders \"insert an empty string unless we are "
         "traversing reflog entries\", and the %+, %- and \"% \" modifiers act on whether a "
         "placeholder expands to an empty string; these are valid placeholders that expand to "
         "nothing, not a mistyped one")
REVIEWED_HITS = {
    ("technical/api-trace2.html", T_BAD_PH): (
        "the JSON example of trace2's \"error\" event, whose \"fmt\" field holds an error "
        "message's format string (\"invalid option: %s\"); unrelated to git log"),
    ("technical/api-trace2.html", T_BAD_PERCENT): (
        "the same trace2 \"error\" event example (\"invalid option: %s\")"),
    ("git-for-each-ref.html", T_PH_OUTCOME): (
        "--shell/--perl/--python/--tcl quote the strings that replace %(fieldname) "
        "placeholders as string literals; for-each-ref's own format, nothing about a "
        "mistyped placeholder"),
    ("git-cat-file.html", T_OUTCOME_PH): (
        "the --batch <format> is \"copied literally to stdout\" with %(atom) placeholders "
        "expanded; cat-file's own batch format, and it says nothing about an unknown atom"),
    ("git-for-each-ref.html", T_FIELD_NO_ERROR): (
        "near miss: \"a field name that refers to a field inapplicable to the object referred "
        "by the ref does not cause an error. It returns an empty string instead\" (and "
        "lstrip/rstrip leaving too few components: \"Neither is an error\"); that is a valid "
        "for-each-ref field used on the wrong kind of object, not a mistyped git log "
        "placeholder (an unknown for-each-ref field name is in fact an error)"),
    ("git-for-each-ref.html", T_NO_ERROR_FIELD): (
        "the worktreepath atom gives an \"empty string otherwise\", followed by the header "
        "field names of commit and tag objects, and the inapplicable-field sentence above; "
        "for-each-ref's own fields, nothing about a mistyped git log placeholder"),
    ("git-send-email.html", T_FORMAT_ERROR): (
        "--[no-]format-patch: when an argument could be a format-patch revision or a file "
        "name, send-email fails; unrelated to pretty formats"),
    ("technical/hash-function-transition.html", T_FORMAT_ERROR): (
        "extensions.objectFormat: Git versions that do not know the repository format die "
        "instead of operating on a SHA-256 repository; unrelated to pretty formats"),
    ("git-shortlog.html", T_FORMAT_ERROR): (
        "the revision options --walk-reflogs (\"under --pretty=reference, this information will "
        "not be shown at all\") followed by --merge (\"after a failed merge\"); nothing about "
        "a mistyped placeholder"),
}
for _page in PRETTY_PAGES:
    REVIEWED_HITS[_page, T_PH_OUTCOME] = LITERAL
    REVIEWED_HITS[_page, T_OUTCOME_PH] = LITERAL
    REVIEWED_HITS[_page, T_BAD_PERCENT] = TFORMAT
    REVIEWED_HITS[_page, T_FIELD_NO_ERROR] = EMPTY
    REVIEWED_HITS[_page, T_NO_ERROR_FIELD] = EMPTY
for _page in ("git-log.html", "git-rev-list.html"):
    REVIEWED_HITS[_page, T_FORMAT_ERROR] = REVIEWED_HITS["git-shortlog.html", T_FORMAT_ERROR]

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
