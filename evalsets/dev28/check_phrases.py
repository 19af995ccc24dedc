#!/usr/bin/env python3
"""Check the dev28 eval set against this Python's own documentation (python-docs corpus).

6 topics of 7-8 questions (45), every type used at least 3 times, phrases of 1-5 words;
five unanswerable questions: optparse-options Q8, compileall-trees Q8,
pickle-and-marshal-internals Q8, compiling-and-disassembling Q7, unicode-character-database Q7.
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
    "optparse-options": [
        ["optparse.OptionParser.disable_interspersed_args", "optparse.OptionParser.enable_interspersed_args",
         "optparse.OptionParser"],
        ["optparse.OptionParser"],
        ["optparse.OptionParser.error"],
        ["optparse.HelpFormatter"],
        ["optparse.HelpFormatter"],
        ["optparse.OptionParser"],
        ["optparse.OptionParser"],
        None,
    ],
    "bdb-debugger-base": [
        ["bdb.Bdb"],
        ["bdb.Bdb.trace_dispatch"],
        ["bdb.Bdb.set_break"],
        ["bdb.Bdb.canonic"],
        ["bdb.Breakpoint"],
        ["bdb.effective"],
        ["bdb.Bdb.set_continue"],
    ],
    "compileall-trees": [
        ["compileall.compile_dir"],
        ["compileall", "compileall.compile_path"],
        ["compileall"],
        ["compileall.compile_dir"],
        ["compileall.compile_dir"],
        ["compileall.compile_dir"],
        ["compileall.compile_dir"],
        None,
    ],
    "pickle-and-marshal-internals": [
        ["pickletools", "pickletools.dis"],
        ["pickletools.dis"],
        ["pickletools.dis"],
        ["pickletools.optimize"],
        ["marshal"],
        ["marshal.load"],
        ["marshal.loads"],
        None,
    ],
    "compiling-and-disassembling": [
        ["codeop", "codeop.CommandCompiler", "codeop.Compile"],
        ["codeop.compile_command"],
        ["dis.dis", "dis.distb"],
        ["dis.Instruction"],
        ["dis.dis"],
        ["dis.Bytecode"],
        None,
    ],
    "unicode-character-database": [
        ["unicodedata"],
        ["unicodedata.numeric"],
        ["unicodedata.name"],
        ["unicodedata.lookup"],
        ["unicodedata.mirrored"],
        ["unicodedata.combining"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("optparse-options", 7): {
        "terms": ["required", "mandatory", "must be given", "must be supplied", "must be specified",
                  "missing option", "not optional", "compulsory"],
        "context": ["optparse", "optionparser", "add_option", "option_list", "make_option"],
    },
    ("compileall-trees", 7): {
        "terms": ["return", "true if", "false if", "success", "succeeded", "fail", "exit status",
                  "exit code", "all files"],
        "context": ["compileall", "compile_dir", "compile_file", "compile_path"],
    },
    ("pickle-and-marshal-internals", 7): {
        "terms": ["version 4", "version four", "current version", "short string", "ascii", "compact",
                  "smaller", "small tuple"],
        "context": ["marshal"],
    },
    ("compiling-and-disassembling", 6): {
        "terms": ["resume", "no-op", "tracing, debugging", "optimization checks", "start of a function",
                  "start of every function"],
        "context": ["bytecode", "byte code", "opcode", "instruction", "disassembl"],
    },
    ("unicode-character-database", 6): {
        "terms": ["fullwidth", "halfwidth", "full width", "half width", "wide", "narrow", "ambiguous",
                  "two columns", "double-width", "double width", "column"],
        "context": ["east asian", "east_asian", "unicodedata", "unicode character database"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=45, per_topic=(7, 8),
                       min_per_type=3, n_unanswerable=5, phrase_words=(1, 5)))
