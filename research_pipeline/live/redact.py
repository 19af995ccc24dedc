"""One redaction of secrets over every text that leaves the process.

The configured API keys are registered when settings are loaded; ``redact`` replaces
them, and the value of any ``Authorization``/``x-api-key``-style header or field seen in
a text, with ``[redacted]``. It is applied where text enters from a provider (answers,
error messages), where rows are written to the store, to every log record of the
process (Dagster's event log and compute logs included) and to CLI output. Provider
exceptions are replaced by stand-ins carrying the redacted message and the original
traceback, so neither Dagster's error records nor ``--verbose`` tracebacks carry a key.
"""

from __future__ import annotations

import logging
import re
import threading
from typing import Any

REDACTED = "[redacted]"
# Shorter values would redact ordinary words; no real key is this short.
_MIN_SECRET = 8
_SECRETS: set[str] = set()
_LOCK = threading.Lock()
# A value already redacted is left alone, so that redacting twice changes nothing.
_HEADER_VALUE = re.compile(
    r"(?i)(\b(?:authorization|proxy-authorization|x-api-key|x-goog-api-key|api[-_]?key)"
    r"[\"']?\s*[:=]\s*[\"']?)(?!(?:(?:bearer|basic)\s+)?\[redacted\])"
    r"((?:bearer|basic)\s+)?([^\s\"',;}\]]+)"
)
_installed = False


def add_secret(value: str | None) -> None:
    """Register a secret so that ``redact`` removes it from every text."""
    if value and len(value.strip()) >= _MIN_SECRET:
        with _LOCK:
            _SECRETS.add(value.strip())
        install_log_redaction()


def redact(text: str) -> str:
    """``text`` with every registered secret and header credential replaced."""
    if not text:
        return text
    with _LOCK:
        secrets = sorted(_SECRETS, key=len, reverse=True)
    for secret in secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
    return _HEADER_VALUE.sub(_credential, text)


def _credential(match: re.Match[str]) -> str:
    return match.group(1) + (match.group(2) or "") + REDACTED


def redact_value(value: Any) -> Any:
    """``redact`` over the strings of a JSON-like value (dicts, lists, tuples)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: redact_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(redact_value(v) for v in value)
    return value


class RedactedError(Exception):
    """Stands in for a provider exception: its type, redacted message and traceback."""


def scrubbed(exc: BaseException, depth: int = 0) -> RedactedError:
    """A stand-in for ``exc`` and its causes whose messages carry no secret."""
    name = f"{type(exc).__module__}.{type(exc).__qualname__}"
    stand_in = RedactedError(f"{name}: {redact(str(exc))}").with_traceback(exc.__traceback__)
    cause = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    if cause is not None and depth < 8:
        stand_in.__cause__ = scrubbed(cause, depth + 1)
    stand_in.__suppress_context__ = True
    return stand_in


def install_log_redaction() -> None:
    """Redact every log record made in this process (once; later calls do nothing)."""
    global _installed
    with _LOCK:
        if _installed:
            return
        _installed = True
    previous = logging.getLogRecordFactory()

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed format string: leave it to logging
            return record
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[1] is not None and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return record

    logging.setLogRecordFactory(factory)
