"""One base error with specific subclasses; every message says what, where, and what to do."""

from __future__ import annotations


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
