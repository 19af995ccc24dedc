"""One base error with specific subclasses; every message says what, where, and what to do."""

from __future__ import annotations

from research_pipeline.live.redact import redact


class ResearchPipelineError(Exception):
    """Base class for every error this package raises on purpose."""


class ConfigError(ResearchPipelineError):
    """A setting is missing or invalid."""


class TopicFileError(ResearchPipelineError):
    """A topic file cannot be used; names the file and the field."""

    def __init__(self, path: object, field: str | None, message: str) -> None:
        self.path = str(path)
        self.field = field
        self.detail = message
        where = f"{self.path}" + (f", field '{field}'" if field else "")
        super().__init__(f"{where}: {message}")


class CorpusError(ResearchPipelineError):
    """A corpus is unknown, or one of its files cannot be read."""


class StoreError(ResearchPipelineError):
    """The DuckDB store cannot be opened or written."""


class ApprovalError(ResearchPipelineError):
    """An approval or rejection cannot be recorded (unknown topic, no plan, ceiling reached)."""


class NotApprovedError(ResearchPipelineError):
    """Research was asked for on a plan version that has no stored approval."""


class ProviderError(ResearchPipelineError):
    """A search or model provider is unavailable or misconfigured."""


class ProviderRefused(ProviderError):
    """A provider refused us for a reason no retry or fallback fixes: the key, or the model.

    The topic fails with one line that names the setting to change.
    """


class ProviderUnavailable(ProviderError):
    """A provider call failed after its retries, or was refused as a bad request.

    A model step then falls back to the deterministic researcher; a search is skipped.
    """


class StructuredOutputError(ResearchPipelineError):
    """A model's output stayed invalid, or was cut off, after the validation retries."""


# What a model step survives by falling back to the deterministic researcher.
STEP_FAILURES: tuple[type[Exception], ...] = (StructuredOutputError, ProviderUnavailable)


def unexpected(exc: BaseException) -> str:
    """A bug's one line, for the user and the store: its type and message, redacted, cut."""
    return f"unexpected {type(exc).__name__}: {redact(' '.join(str(exc).split())[:300])}"
