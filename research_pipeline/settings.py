"""Settings: environment variables prefixed ``RESEARCH_`` (each also a CLI flag).

Paths are resolved against the project root, whatever the working directory, so the
CLI, ``dagster dev`` and the daemon all read and write the same files.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def _find_project_root() -> Path:
    here = Path(__file__).resolve().parent.parent
    if (here / "pyproject.toml").exists():
        return here
    return Path.cwd()


PROJECT_ROOT = _find_project_root()


class Price(BaseModel):
    """USD prices used for cost estimates of one model or search provider."""

    input_per_mtok: float = 0.0
    output_per_mtok: float = 0.0
    per_request: float = 0.0


# Topics researched at once offline, and at most (``Settings.topics_at_once``).
TOPICS_AT_ONCE_OFFLINE, TOPICS_AT_ONCE_MAX = 16, 256

# Output tokens a model may write per step: bounded so that a small local model cannot
# generate until its context is full (minutes on a CPU) when it loses its way.
DEFAULT_MAX_TOKENS: dict[str, int] = {
    "generate_plan": 1024,
    "reflect": 1024,
    "analyse_gaps": 256,
    "follow_up_queries": 512,
    "extract_facts": 1024,
    "write_answer": 2048,
    "policy_audit": 512,
}

DEFAULT_PRICES: dict[str, Price] = {
    "extractive": Price(),
    "local": Price(),
    "exa": Price(per_request=0.005),
    "gemini-2.5-flash": Price(input_per_mtok=0.30, output_per_mtok=2.50),
    "gemini-2.5-pro": Price(input_per_mtok=1.25, output_per_mtok=10.0),
}


class Settings(BaseSettings):
    """Every knob of the pipeline. Secrets are ``SecretStr`` and never serialised."""

    model_config = SettingsConfigDict(
        env_prefix="RESEARCH_", extra="ignore", env_file=PROJECT_ROOT / ".env",
        env_file_encoding="utf-8",
    )

    db: Path = Path("data/research.duckdb")
    data_dir: Path = Path("data")
    reports_dir: Path = Path("reports")
    topics_dir: Path = Path("topics")
    search: Literal["local", "exa"] = "local"
    llm: Literal["extractive", "gemini", "openai"] = "extractive"
    corpus: str = "python-docs"
    model_fast: str = "gemini-2.5-flash"
    model_strong: str = "gemini-2.5-pro"
    exa_base_url: str | None = None
    gemini_base_url: str | None = None
    openai_base_url: str | None = None
    prices: dict[str, Price] = Field(default_factory=lambda: dict(DEFAULT_PRICES))
    max_plan_revisions: int = Field(3, ge=1, le=20)
    policy_file: Path = Path("POLICY.md")
    policy_model_audit: bool = False
    search_concurrency: int = Field(4, ge=1, le=32)
    model_concurrency: int = Field(4, ge=1, le=32)
    # None: as many as keep the provider pools busy (``topics_at_once``).
    topic_concurrency: int | None = Field(None, ge=1, le=TOPICS_AT_ONCE_MAX)
    exa_requests_per_s: float = Field(5.0, gt=0)
    request_timeout_s: float | None = Field(None, gt=0)
    retry_base_s: float = Field(0.5, ge=0)
    timeout_retries: int | None = Field(None, ge=0, le=5)
    validation_retries: int = Field(2, ge=0, le=10)
    structured_output: Literal["auto", "tools", "json_schema", "json"] = "auto"
    temperature: float = Field(0.1, ge=0, le=2)
    max_tokens: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_MAX_TOKENS))
    verbose: bool = False
    store_lock_timeout_s: float = Field(120.0, gt=0)

    exa_api_key: SecretStr | None = Field(None, validation_alias="EXA_API_KEY")
    google_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("GOOGLE_API_KEY", "GEMINI_API_KEY")
    )
    openai_api_key: SecretStr | None = Field(None, validation_alias="OPENAI_API_KEY")

    @field_validator("db", "data_dir", "reports_dir", "topics_dir", "policy_file", mode="after")
    @classmethod
    def _resolve(cls, value: Path) -> Path:
        value = value.expanduser()
        return value if value.is_absolute() else (PROJECT_ROOT / value).resolve()

    @field_validator("prices", mode="after")
    @classmethod
    def _merge_prices(cls, value: dict[str, Price]) -> dict[str, Price]:
        # A price table from the environment adds to or overrides the defaults.
        return {**DEFAULT_PRICES, **value}

    @field_validator("max_tokens", mode="after")
    @classmethod
    def _merge_max_tokens(cls, value: dict[str, int]) -> dict[str, int]:
        if any(n < 16 for n in value.values()):
            raise ValueError("every max_tokens value must be at least 16")
        return {**DEFAULT_MAX_TOKENS, **value}

    def model_post_init(self, context: Any, /) -> None:
        """Register the keys with the redaction, so that no text leaving us carries one."""
        del context
        from research_pipeline.live.redact import add_secret, install_log_redaction

        install_log_redaction()
        for key in (self.exa_api_key, self.google_api_key, self.openai_api_key):
            if key is not None:
                add_secret(key.get_secret_value())

    @property
    def topics_at_once(self) -> int:
        """How many topics one run researches at once (``RESEARCH_TOPIC_CONCURRENCY``).

        Unset, it is what keeps the provider pools busy: a topic waits on one request at a
        time, so every model slot and every search a second the rate allows need a topic of
        their own, and as many again queued behind them so that a freed slot is taken at
        once. Offline, where the work is this process's CPU, 16.
        """
        if self.topic_concurrency is not None:
            return self.topic_concurrency
        remote = ((self.model_concurrency if self.llm != "extractive" else 0)
                  + (math.ceil(self.exa_requests_per_s) if self.search == "exa" else 0))
        return max(TOPICS_AT_ONCE_OFFLINE, min(TOPICS_AT_ONCE_MAX, 2 * remote))

    @property
    def local_model_server(self) -> bool:
        """True for an OpenAI-compatible server of one's own (llama.cpp, Ollama, vLLM)."""
        base = (self.openai_base_url or "").lower()
        return self.llm == "openai" and bool(base) and "api.openai.com" not in base

    def timeout_s(self, local: bool = False) -> float:
        """Seconds a request may take: 60 for hosted APIs, 300 for a server of one's own.

        A model on a CPU writes a few tokens a second; ``RESEARCH_REQUEST_TIMEOUT_S``
        overrides both.
        """
        if self.request_timeout_s is not None:
            return self.request_timeout_s
        return 300.0 if local else 60.0

    def timeout_attempts(self, local: bool = False) -> int:
        """How often a request that timed out is tried in all.

        Once more at a hosted API, where a timeout is usually a passing fault; never again
        at a server of one's own, where it means the server is slow and would only time
        out again at full length. ``RESEARCH_TIMEOUT_RETRIES`` overrides both.
        """
        if self.timeout_retries is not None:
            return 1 + self.timeout_retries
        return 1 if local else 2

    @property
    def corpus_names(self) -> list[str]:
        """The corpora that ``local`` search reads, in the order given."""
        return [name.strip() for name in self.corpus.split(",") if name.strip()]

    def public_dict(self) -> dict[str, Any]:
        """Settings safe to store and show: paths and choices, never a secret."""
        data = self.model_dump(
            mode="json", exclude={"exa_api_key", "google_api_key", "openai_api_key"}
        )
        data["keys_present"] = {
            "EXA_API_KEY": self.exa_api_key is not None,
            "GOOGLE_API_KEY": self.google_api_key is not None,
            "OPENAI_API_KEY": self.openai_api_key is not None,
        }
        return data


def load_settings(**overrides: Any) -> Settings:
    """Read settings from the environment, with explicit overrides winning."""
    clean = {key: value for key, value in overrides.items() if value is not None}
    return Settings(**clean)


ENV_FOR_FIELD = {
    "db": "RESEARCH_DB",
    "data_dir": "RESEARCH_DATA_DIR",
    "reports_dir": "RESEARCH_REPORTS_DIR",
    "topics_dir": "RESEARCH_TOPICS_DIR",
    "search": "RESEARCH_SEARCH",
    "llm": "RESEARCH_LLM",
    "corpus": "RESEARCH_CORPUS",
    "model_fast": "RESEARCH_MODEL_FAST",
    "model_strong": "RESEARCH_MODEL_STRONG",
}


def export_to_environment(settings: Settings) -> None:
    """Pin resolved settings in ``os.environ`` so Dagster runs started from here agree."""
    for field, env in ENV_FOR_FIELD.items():
        os.environ[env] = str(getattr(settings, field))
