#!/usr/bin/env python3
"""Check the dev13 eval set against this Python's own documentation (python-docs corpus).

6 topics of 3 questions (18), every type used at least once, phrases of 1-5 words;
two unanswerable questions: fileinput-in-place-editing Q3, cmd-command-shells Q3.
The rules are those of ``pydocs_phrases.check_set`` (../pydocs_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import check_set  # noqa: E402 - the shared checks, one folder up


# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for an unanswerable one).
SOURCES = {
    "identifier-names": [
        ["topic:identifiers"],
        ["topic:identifiers"],
        ["topic:identifiers"],
    ],
    "fileinput-in-place-editing": [
        ["fileinput", "fileinput.FileInput"],
        ["fileinput", "fileinput.lineno", "fileinput.filelineno"],
        None,
    ],
    "cmd-command-shells": [
        ["cmd.Cmd.emptyline", "cmd"],
        ["cmd", "cmd.Cmd.onecmd"],
        None,
    ],
    "getopt-options": [
        ["getopt.gnu_getopt", "getopt"],
        ["getopt.getopt"],
        ["getopt.getopt"],
    ],
    "mimetypes-guessing": [
        ["mimetypes.guess_type", "mimetypes.MimeTypes.guess_type"],
        ["mimetypes.guess_type", "mimetypes.MimeTypes.guess_type"],
        ["mimetypes.guess_type", "mimetypes.MimeTypes.guess_type", "mimetypes"],
    ],
    "code-interactive-console": [
        ["code.InteractiveInterpreter.runcode", "code.InteractiveInterpreter.runsource"],
        ["code.InteractiveConsole.push", "code.InteractiveInterpreter.runsource"],
        ["code.InteractiveConsole", "code.InteractiveInterpreter"],
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("fileinput-in-place-editing", 2): {
        "terms": ["permission", "chmod", "st_mode", "mode bits", "executable", "owner",
                  "preserv", "metadata", "copystat", "copymode", "mode", "backup",
                  "moved", "rewrit"],
        "context": ["fileinput", "inplace", "in-place filtering"],
    },
    ("cmd-command-shells", 2): {
        "terms": ["(cmd)", "'(cmd", "prompt", "ps1", "intro"],
        "context": ["cmdloop", "line-oriented", "action methods", "response to the prompt",
                    "input prompt", "pdb", "debugger"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=18, per_topic=(3, 3),
                       min_per_type=1, n_unanswerable=2, phrase_words=(1, 5)))
