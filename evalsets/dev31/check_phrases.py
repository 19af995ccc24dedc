#!/usr/bin/env python3
"""Check the dev31 eval set against this Python's own documentation (python-docs corpus).

6 topics of 8 questions (48), every type used at least 3 times, phrases of 1-5 words;
five unanswerable questions: asyncio-protocols-and-transports Q8, asyncio-loop-callbacks Q8,
inspect-source-and-live-objects Q8, typing-special-forms Q8, os-links-and-file-times Q8.
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
    "asyncio-protocols-and-transports": [
        ["asyncio.Protocol"],
        ["asyncio.Protocol.eof_received"],
        ["asyncio.Transport.close", "asyncio.Transport.abort"],
        ["asyncio.Transport.write_eof"],
        ["asyncio.Protocol.pause_writing"],
        ["asyncio.BufferedProtocol"],
        ["asyncio.AbstractEventLoop.create_server"],
        None,
    ],
    "asyncio-loop-callbacks": [
        ["asyncio.BaseEventLoop.call_soon"],
        ["asyncio.BaseEventLoop.call_later"],
        ["asyncio.BaseEventLoop.call_at", "asyncio.BaseEventLoop.call_later"],
        ["asyncio.BaseEventLoop.set_exception_handler"],
        ["asyncio.BaseEventLoop.call_exception_handler"],
        ["asyncio.BaseEventLoop.stop"],
        ["asyncio.Task.get_stack"],
        None,
    ],
    "email-message-parts": [
        ["email.message.EmailMessage.get_body"],
        ["email.message.EmailMessage.iter_attachments"],
        ["email.message.EmailMessage.get_filename"],
        ["email.parser.BytesParser.parsebytes"],
        ["email.message.EmailMessage.get_payload"],
        ["email.message.EmailMessage.get_all", "email.message.EmailMessage"],
        ["email.message.EmailMessage.walk", "email.message.EmailMessage.iter_parts"],
        ["email.message.EmailMessage.get_charsets"],
    ],
    "inspect-source-and-live-objects": [
        ["inspect.getsource"],
        ["inspect.getsource", "inspect.getsourcelines"],
        ["inspect.getattr_static", "inspect.getmembers_static"],
        ["inspect.getattr_static"],
        ["inspect.getgeneratorstate"],
        ["inspect.getframeinfo"],
        ["inspect.cleandoc"],
        None,
    ],
    "typing-special-forms": [
        ["typing.TypeGuard"],
        ["typing.TypeGuard"],
        ["typing.ParamSpec"],
        ["typing.overload"],
        ["typing.reveal_type"],
        ["typing.LiteralString", "typing.Literal"],
        ["typing.Annotated"],
        None,
    ],
    "os-links-and-file-times": [
        ["os.access"],
        ["os.symlink"],
        ["os.readlink"],
        ["os.utime"],
        ["os.utime"],
        ["os.fwalk"],
        ["os.fwalk"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown
# (all lower-case: texts are compared lower-cased).
UNANSWERABLE_TERMS = {
    ("asyncio-protocols-and-transports", 7): {
        "terms": ["nagle", "nodelay", "tcp_nodelay", "delayed ack", "setsockopt", "ipproto_tcp"],
        "context": ["transport", "protocol", "asyncio", "event loop"],
    },
    ("asyncio-loop-callbacks", 7): {
        "terms": ["slow_callback_duration", "slow callback", "100 ms", "100ms", "0.1 second",
                  "milliseconds", "took too long", "blocking the loop"],
        "context": ["loop", "callback", "debug", "asyncio"],
    },
    ("inspect-source-and-live-objects", 7): {
        "terms": ["decorator", "decorated", "@deco", "decorator lines"],
        "context": ["getsource", "source code", "source lines", "findsource"],
    },
    ("typing-special-forms", 7): {
        "terms": ["py.typed", "pep 561", "missing library stubs", "stub package", "typeshed",
                  "marker file", "stub-only", "-stubs"],
        "context": ["type", "mypy", "stub", "hint"],
    },
    ("os-links-and-file-times", 7): {
        "terms": ["junction", "reparse point", "mklink", "createjunction", "mount point"],
        "context": ["link", "directory", "windows", "folder"],
    },
}


if __name__ == "__main__":
    sys.exit(check_set(HERE, SOURCES, UNANSWERABLE_TERMS, n_topics=6, n_questions=48, per_topic=(8, 8),
                       min_per_type=3, n_unanswerable=5, phrase_words=(1, 5)))
