"""Structured model calls through instructor, cached, budgeted, retried and audited.

One ``ModelClient`` serves both roles (fast and strong models). Validation failures are
retried by instructor with the validation error in the prompt; transport failures are
retried here with backoff. Every call, cached or not, failed or not, is an ``llm_calls``
row with its rendered prompt, response, tokens, cost and latency; keys never are.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import jinja2
from instructor.core.exceptions import InstructorError
from pydantic import BaseModel, ValidationError
from tenacity import Retrying, retry_if_exception_type, stop_after_attempt

from research_pipeline.errors import ConfigError, ProviderError, ResearchPipelineError
from research_pipeline.live.retry import RetryPolicy, classify, with_retries
from research_pipeline.live.runtime import Runtime, model_slots, shared
from research_pipeline.models import stable_hash
from research_pipeline.settings import Price, Settings

M = TypeVar("M", bound=BaseModel)
Role = Literal["fast", "strong"]
PROMPTS_DIR = Path(__file__).resolve().parent.parent / "researcher" / "prompts"
_PROMPTS = jinja2.Environment(
    loader=jinja2.FileSystemLoader(PROMPTS_DIR),
    autoescape=False,  # noqa: S701 - prompts are plain text
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
)
_EXPECTED_OUTPUT_TOKENS = 800


class StructuredOutputError(ResearchPipelineError):
    """The model's output stayed invalid after the validation retries."""


def render_prompt(template: str, **context: Any) -> str:
    """Render one prompt template."""
    return _PROMPTS.get_template(template).render(**context)


def _usage(raw: Any) -> tuple[int, int]:
    meta = getattr(raw, "usage_metadata", None)
    if meta is not None:
        return int(meta.prompt_token_count or 0), int(meta.candidates_token_count or 0)
    usage = getattr(raw, "usage", None)
    if usage is not None:
        return int(usage.prompt_tokens or 0), int(usage.completion_tokens or 0)
    return 0, 0


def _is_transport_error(exc: BaseException) -> bool:
    failure = classify(exc)
    return failure.retryable or failure.status is not None


class ModelClient:
    """instructor over google-genai (``gemini``) or an OpenAI-compatible server (``openai``)."""

    def __init__(self, settings: Settings, runtime: Callable[[], Runtime],
                 policy: RetryPolicy | None = None) -> None:
        if settings.llm not in ("gemini", "openai"):
            raise ConfigError(f"no model client for RESEARCH_LLM={settings.llm!r}")
        self.provider: str = settings.llm
        self.settings = settings
        self.runtime = runtime
        self.policy = policy or RetryPolicy(base_s=settings.retry_base_s)
        self.validation_retries = settings.validation_retries
        self._client: Any = None
        self._lock = threading.Lock()

    @property
    def key_hint(self) -> str:
        """Which setting holds the credentials."""
        return "GOOGLE_API_KEY (or GEMINI_API_KEY)" if self.provider == "gemini" else (
            "OPENAI_API_KEY and RESEARCH_OPENAI_BASE_URL")

    def model_for(self, role: Role) -> str:
        """The configured model name of a role."""
        return self.settings.model_fast if role == "fast" else self.settings.model_strong

    def _instructor(self) -> Any:
        with self._lock:
            if self._client is None:
                # One SDK client (and its connection pool) for every topic of the process.
                s = self.settings
                key = (self.provider, s.gemini_base_url, s.openai_base_url, s.request_timeout_s,
                       s.google_api_key, s.openai_api_key)
                self._client = shared(("model-client", *key), self._build)
            return self._client

    def _build(self) -> Any:
        import instructor

        timeout = self.settings.request_timeout_s
        if self.provider == "gemini":
            from google import genai
            from google.genai import types

            key = self.settings.google_api_key
            if key is None:
                raise ConfigError("RESEARCH_LLM=gemini needs GOOGLE_API_KEY (or GEMINI_API_KEY)")
            options = types.HttpOptions(timeout=int(timeout * 1000))
            if self.settings.gemini_base_url:
                options = types.HttpOptions(base_url=self.settings.gemini_base_url,
                                            timeout=int(timeout * 1000))
            client = genai.Client(api_key=key.get_secret_value(), http_options=options)
            return instructor.from_genai(client, mode=instructor.Mode.TOOLS)
        from openai import OpenAI

        key = self.settings.openai_api_key
        base_url = self.settings.openai_base_url
        if key is None and base_url is None:
            raise ConfigError(
                "RESEARCH_LLM=openai needs OPENAI_API_KEY, or RESEARCH_OPENAI_BASE_URL for a "
                "local server such as Ollama (http://localhost:11434/v1)"
            )
        oai = OpenAI(api_key=key.get_secret_value() if key else "not-needed",
                     base_url=base_url, max_retries=0, timeout=timeout)
        return instructor.from_openai(oai, mode=instructor.Mode.TOOLS)

    def _price(self, model: str) -> Price:
        return self.settings.prices.get(model, Price())

    def structured(
        self, *, step: str, template: str, role: Role, response_model: type[M],
        context: dict[str, Any], validation_context: dict[str, Any] | None = None,
    ) -> M:
        """One structured call; cached by request hash unless the runtime says refresh."""
        runtime = self.runtime()
        model = self.model_for(role)
        prompt = render_prompt(template, **context)
        request_hash = stable_hash(self.provider, model, template, prompt,
                                   response_model.model_json_schema(), length=32)
        row: dict[str, Any] = {
            "call_id": stable_hash(runtime.calls.run_id, request_hash, time.time_ns()),
            "step": step, "provider": self.provider, "model": model, "template": template,
            "request_hash": request_hash, "prompt": prompt, "input_tokens": 0,
            "output_tokens": 0, "cost_usd": 0.0, "cache_hit": False,
        }
        if not runtime.refresh_models:
            cached = runtime.store.cache_get(request_hash)
            if cached is not None:
                try:
                    result = response_model.model_validate(cached, context=validation_context)
                except ValidationError:
                    result = None
                if result is not None:
                    row.update(cache_hit=True, latency_ms=0.0, response=json.dumps(cached))
                    runtime.calls.add_llm(row)
                    return result
        price = self._price(model)
        estimate = (len(prompt) / 4 * price.input_per_mtok
                    + _EXPECTED_OUTPUT_TOKENS * price.output_per_mtok) / 1e6 + price.per_request
        runtime.budget.check(estimate, f"{step} with {model}")
        retrying = Retrying(
            stop=stop_after_attempt(self.validation_retries + 1),
            retry=retry_if_exception_type((ValidationError, json.JSONDecodeError, ValueError)),
            reraise=True,
        )
        started = time.perf_counter()

        client = self._instructor()
        slots = model_slots(self.settings.model_concurrency)

        def call() -> tuple[M, Any]:
            # RESEARCH_MODEL_CONCURRENCY bounds the model calls in flight across all topics.
            with slots:
                return client.chat.completions.create_with_completion(
                    model=model, messages=[{"role": "user", "content": prompt}],
                    response_model=response_model, max_retries=retrying,
                    context=validation_context,
                )

        try:
            result, raw = with_retries(
                call, policy=self.policy, what=f"{self.provider} {step} ({model})",
                key_hint=self.key_hint, is_provider_error=_is_transport_error,
            )
        except ProviderError as exc:
            row.update(error=str(exc), latency_ms=(time.perf_counter() - started) * 1000)
            runtime.calls.add_llm(row)
            raise
        except (InstructorError, ValidationError, json.JSONDecodeError) as exc:
            # instructor gave up: the output never validated (or could not be parsed).
            message = f"{self.provider} {step} ({model}): invalid output after " \
                      f"{self.validation_retries + 1} attempts: {str(exc)[:300]}"
            row.update(error=message, latency_ms=(time.perf_counter() - started) * 1000)
            runtime.calls.add_llm(row)
            raise StructuredOutputError(message) from exc
        tokens_in, tokens_out = _usage(raw)
        cost = (tokens_in * price.input_per_mtok + tokens_out * price.output_per_mtok) / 1e6 \
            + price.per_request
        runtime.budget.charge(cost)
        payload = result.model_dump(mode="json")
        runtime.store.cache_put(request_hash, self.provider, payload)
        row.update(response=json.dumps(payload), input_tokens=tokens_in,
                   output_tokens=tokens_out, cost_usd=cost,
                   latency_ms=(time.perf_counter() - started) * 1000)
        runtime.calls.add_llm(row)
        return result
