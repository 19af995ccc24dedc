"""Structured model calls through instructor: cached, budgeted, retried, audited per request.

One ``ModelClient`` serves both roles (fast and strong models). Validation failures are
re-asked by instructor with the validation error in the prompt; transport failures are
retried here with backoff. Every request sent (each of instructor's attempts, each of our
retries) is one ``llm_calls`` row, written when sent and completed when answered, with
its tokens and cost as reported (estimated when the provider reports none); cache hits
are rows too. Keys never are: every text passes ``live.redact``.

How structured output is asked for depends on the provider (``RESEARCH_STRUCTURED_OUTPUT``,
default ``auto``): function calling (tools) for Gemini and OpenAI's own API, which
support it; a JSON schema in ``response_format`` for any other OpenAI-compatible server,
which llama.cpp, Ollama and vLLM enforce while generating, where a model whose chat
template lacks tools would ignore them. Every step has its own ``max_tokens``
(``RESEARCH_MAX_TOKENS``) and a low temperature (``RESEARCH_TEMPERATURE``).
"""

from __future__ import annotations

import copy
import functools
import json
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit

import jinja2
from instructor.core.exceptions import (
    IncompleteOutputException,
    InstructorError,
    ResponseParsingError,
)
from pydantic import BaseModel, ValidationError
from tenacity import Retrying, retry_if_exception_type, stop_after_attempt

from research_pipeline.errors import (
    STEP_FAILURES,
    ConfigError,
    ProviderRefused,
    ProviderUnavailable,
    StructuredOutputError,
)
from research_pipeline.live.redact import redact_value, scrubbed
from research_pipeline.live.retry import (
    RetryPolicy,
    Target,
    classify,
    one_line,
    with_retries,
)
from research_pipeline.live.runtime import (
    PaidRequest,
    Runtime,
    import_sdk,
    model_slots,
    shared,
    waiting_on_network,
)
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
_TRUNCATED = {"length", "MAX_TOKENS"}
__all__ = ["STEP_FAILURES", "ModelClient", "StructuredOutputError", "render_prompt"]


def render_prompt(template: str, **context: Any) -> str:
    """Render one prompt template."""
    return _PROMPTS.get_template(template).render(**context)


@functools.cache
def _json_schema(response_model: type[BaseModel]) -> dict[str, Any]:
    """A response model's JSON schema (part of every request hash), built once; not mutated.

    pydantic builds it anew on every call, a few milliseconds per model call.
    """
    return response_model.model_json_schema()


@functools.cache
def _instructor_model(response_model: type[M]) -> type[M]:
    """The response model as instructor wraps it, built once per model class.

    instructor wraps a plain model into a new subclass (``response_schema``) on every call
    unless it is given one already wrapped; building a pydantic class costs milliseconds.
    The wrapped class validates and dumps exactly as the model does.
    """
    import instructor

    wrapped: type[M] = instructor.response_schema(response_model)
    return wrapped


_SCHEMAS_MEMOISED = threading.Lock()


def _memoise_gemini_schemas() -> None:
    """Make instructor build each response model's Gemini schema once, not on every call.

    For every Gemini request instructor asks the model class for its JSON schema anew and
    maps it to Gemini's schema (resolving references, building a pydantic class on the
    way): ~5 ms of CPU per call with the GIL held, a sixth of a model call's client-side
    work in a bulk run. The three functions are pure (a model class or a schema in, a new
    schema out), so their answers are kept per model class and per schema object, and
    nothing else about the request changes. Installed once per process; a later
    instructor without these functions is left as it is.
    """
    from instructor.v2.providers.gemini import utils

    with _SCHEMAS_MEMOISED:
        if getattr(utils, "_research_pipeline_memoised", False):
            return
        names = ("_get_model_schema", "map_to_genai_schema", "map_to_gemini_function_schema")
        if not all(callable(getattr(utils, name, None)) for name in names):
            return
        schema_of, to_genai, to_function = (getattr(utils, name) for name in names)
        by_class: dict[type, dict[str, Any]] = {}
        # Keyed by the schema object's id, kept alive beside its answer; the originals get
        # a copy, since the mapping pops ``$defs`` from what it resolves.
        genai: dict[int, tuple[Any, Any]] = {}
        function: dict[int, tuple[Any, Any]] = {}

        # One thread builds each answer while the others asking for it wait: when a bulk
        # run starts, a hundred topics send their first request of a kind at once, and
        # each building the same schema (~4 ms of CPU under the GIL) held back every
        # first request by as much again. One lock for all three: the builds are CPU work
        # under the GIL, which would not run side by side anyway.
        building = threading.RLock()

        def once(kept: Callable[[], Any], build: Callable[[], Any]) -> Any:
            answer = kept()
            if answer is not None:
                return answer
            # Re-entrant, though map_to_genai_schema calls map_to_gemini_function_schema
            # through the module with the copy it was given, which is no kept schema.
            with building:
                answer = kept()
                return answer if answer is not None else build()

        def model_schema(response_model: Any) -> Any:
            if not isinstance(response_model, type):
                return schema_of(response_model)
            return once(lambda: by_class.get(response_model),
                        lambda: by_class.setdefault(response_model, schema_of(response_model)))

        def memo(original: Callable[[Any], Any], table: dict[int, tuple[Any, Any]]
                 ) -> Callable[[Any], Any]:
            def kept(obj: Any) -> Any:
                found = table.get(id(obj))
                return found[1] if found is not None and found[0] is obj else None

            def mapped(obj: Any) -> Any:
                answer = kept(obj)
                if answer is not None:
                    return answer
                if not any(obj is known for known in list(by_class.values())):
                    return original(obj)
                return once(lambda: kept(obj), lambda: table.setdefault(
                    id(obj), (obj, original(copy.deepcopy(obj))))[1])
            return mapped

        replacements = dict(zip(names, (model_schema, memo(to_genai, genai),
                                        memo(to_function, function)), strict=True))
        for name, replacement in {**replacements, "_research_pipeline_memoised": True}.items():
            setattr(utils, name, replacement)


_VALIDATOR_CHECK_MEMOISED = threading.Lock()


def _memoise_async_validator_check() -> None:
    """Make instructor check each response model class for async validators once.

    Before every request instructor walks the response model, every nested model and
    every attribute of their classes and bases (``reject_async_validators``), twice or
    three times a call: ~1 ms of CPU per model call with the GIL held, as much as
    building the request. The check depends on the class alone, so a class that passed
    is not walked again; a class that fails still raises every time, and anything that
    is not a class (``list[Model]``, a union) is checked as before. Installed once per
    process; a later instructor without the function is left as it is.
    """
    try:
        from instructor.v2.validation import async_validators
    except ImportError:
        return
    with _VALIDATOR_CHECK_MEMOISED:
        original = getattr(async_validators, "reject_async_validators", None)
        if not callable(original) or getattr(original, "_research_pipeline_memoised", False):
            return
        passed: set[type] = set()

        def reject_async_validators(response_model: Any) -> None:
            if isinstance(response_model, type) and response_model in passed:
                return
            original(response_model)
            if isinstance(response_model, type):
                passed.add(response_model)

        reject_async_validators._research_pipeline_memoised = True  # type: ignore[attr-defined]
        async_validators.reject_async_validators = reject_async_validators


def _as_jinja_literal(text: str) -> str:
    """Template text that instructor's Jinja rendering turns back into ``text`` as written.

    Given a validation ``context``, instructor renders every message as a Jinja template
    with that context before sending it. A prompt carries source and model text, which is
    data: ``{{ 7*6 }}`` in a page would reach the model as ``42``, a context variable's
    name as its value, and a cut-off ``{% for %}`` would fail the step with a template
    error. Every ``{`` (the only character that opens a Jinja tag) becomes an expression
    that renders as ``{``.
    """
    return text.replace("{", "{{ '{' }}") if "{" in text else text


def _usage(raw: Any) -> tuple[int, int]:
    meta = getattr(raw, "usage_metadata", None)
    if meta is not None:
        return int(meta.prompt_token_count or 0), int(meta.candidates_token_count or 0)
    usage = getattr(raw, "usage", None)
    if usage is not None:
        return int(usage.prompt_tokens or 0), int(usage.completion_tokens or 0)
    return 0, 0


def _finish_reason(raw: Any) -> str | None:
    for attr in ("choices", "candidates"):
        items = getattr(raw, attr, None)
        if items:
            reason = getattr(items[0], "finish_reason", None)
            return getattr(reason, "name", None) or (str(reason) if reason else None)
    return None


def _dump(raw: Any) -> str:
    dump = getattr(raw, "model_dump_json", None)
    return dump(exclude_none=True) if callable(dump) else str(raw)


def _is_transport_error(exc: BaseException) -> bool:
    failure = classify(exc)
    return failure.retryable or failure.status is not None


def validation_line(exc: BaseException) -> str:
    """A validation failure in one line: field paths and messages, no pydantic URLs."""
    for link in (exc, exc.__cause__, exc.__context__):
        if isinstance(link, ValidationError):
            parts = [f"{'.'.join(str(p) for p in e['loc']) or 'output'}: {e['msg']}"
                     for e in link.errors()[:3]]
            more = len(link.errors()) - 3
            return one_line("; ".join(parts) + (f" (and {more} more)" if more > 0 else ""))
        if isinstance(link, json.JSONDecodeError):
            return one_line(f"the output is not valid JSON ({link.msg})")
    text = str(exc)
    if isinstance(exc, ResponseParsingError) or "No tool calls" in text or "function call" in text:
        return ("the model answered in plain text instead of calling the function "
                "(its chat template may lack tools: RESEARCH_STRUCTURED_OUTPUT=json_schema)")
    return one_line(str(exc).split("\n")[0])


class _Attempts:
    """The audit rows of one structured call: every request instructor or we sent."""

    def __init__(self, runtime: Runtime, row: dict[str, Any], prompt: str, estimate: float,
                 price: Price) -> None:
        self.runtime, self.row, self.prompt = runtime, row, prompt
        self.estimate, self.price = estimate, price
        self.sent = 0
        self.in_call = 0
        self.request: PaidRequest | None = None
        self.answer: dict[str, Any] | None = None
        self.finish: str | None = None
        self.tokens = (0, 0)

    def new_call(self) -> None:
        """A new instructor call begins (its attempts are numbered from one)."""
        self.in_call = 0

    def on_kwargs(self, *args: Any, **kwargs: Any) -> None:
        """Instructor is about to send a request: write its row first."""
        del args
        # An answer still open here was rejected by a check that reports no parse error.
        self.close("invalid", "the answer could not be used; instructor asked again")
        self.sent += 1
        self.in_call += 1
        prompt = self.prompt
        if self.in_call > 1:
            messages = kwargs.get("messages") or kwargs.get("contents") or []
            last = messages[-1] if messages else {}
            text = last.get("content") if isinstance(last, dict) else str(last)
            prompt = f"[re-ask {self.in_call - 1}] {text}"
        self.request = self.runtime.send(
            "llm_calls", {**self.row, "prompt": prompt, "attempt": self.sent}, self.estimate)

    def on_response(self, response: Any) -> None:
        """An answer arrived; its verdict (valid or not) comes from the parser next."""
        tokens_in, tokens_out = _usage(response)
        text = _dump(response)
        if not tokens_in and not tokens_out:  # no usage reported: estimate it
            tokens_in, tokens_out = len(self.prompt) // 4, len(text) // 4
        cost = (tokens_in * self.price.input_per_mtok + tokens_out * self.price.output_per_mtok
                ) / 1e6 + self.price.per_request
        self.finish, self.tokens = _finish_reason(response), (tokens_in, tokens_out)
        self.answer = {"cost_usd": cost, "input_tokens": tokens_in, "output_tokens": tokens_out,
                       "response": text}

    def on_error(self, error: Exception, **kwargs: Any) -> None:
        """The request itself failed (HTTP error, timeout, dropped connection)."""
        del kwargs
        failure = classify(error)
        if self.request is not None:
            # A request that timed out may still have been processed (and billed).
            self.request.done(self.estimate if failure.timeout else 0.0, "failed",
                              error=failure.message)
            self.request = None

    def on_parse_error(self, error: Exception, **kwargs: Any) -> None:
        """The answer did not validate; instructor re-asks unless it was the last attempt."""
        del kwargs
        self.close("invalid", validation_line(error))

    def close(self, status: str, error: str | None = None) -> None:
        """Complete the open request's row, if any."""
        if self.request is None:
            return
        if self.answer is not None:
            self.request.done(status=status, error=error, **self.answer)
        else:
            self.request.done(self.estimate, "failed", error=error or "no answer")
        self.request, self.answer = None, None

    def hooks(self) -> Any:
        """Instructor hooks for this call."""
        from instructor.core.hooks import Hooks

        hooks = Hooks()
        hooks.on("completion:kwargs", self.on_kwargs)
        hooks.on("completion:response", self.on_response)
        hooks.on("completion:error", self.on_error)
        hooks.on("parse:error", self.on_parse_error)
        return hooks


class ModelClient:
    """instructor over google-genai (``gemini``) or an OpenAI-compatible server (``openai``)."""

    def __init__(self, settings: Settings, runtime: Callable[[], Runtime],
                 policy: RetryPolicy | None = None) -> None:
        if settings.llm not in ("gemini", "openai"):
            raise ConfigError(f"no model client for RESEARCH_LLM={settings.llm!r}")
        self.provider: str = settings.llm
        self.settings = settings
        self.runtime = runtime
        self.policy = policy or RetryPolicy(
            base_s=settings.retry_base_s,
            timeout_attempts=settings.timeout_attempts(local=settings.local_model_server))
        self.validation_retries = settings.validation_retries
        self.timeout_s = settings.timeout_s(local=settings.local_model_server)
        self.output_mode = self._output_mode()
        self._client: Any = None
        self._lock = threading.Lock()

    def _output_mode(self) -> str:
        choice = self.settings.structured_output
        if choice != "auto":
            return choice
        return "json_schema" if self.settings.local_model_server else "tools"

    @property
    def key_hint(self) -> str:
        """Which setting holds the credentials."""
        return "GOOGLE_API_KEY (or GEMINI_API_KEY)" if self.provider == "gemini" else (
            "OPENAI_API_KEY")

    @property
    def label(self) -> str:
        """The provider as a person names it."""
        if self.provider == "gemini":
            return "Gemini"
        if self.settings.local_model_server:
            # Host and port only: this text may reach a report, where no foreign URL may.
            where = urlsplit(self.settings.openai_base_url or "").netloc
            return f"the OpenAI-compatible server at {where}"
        return "OpenAI"

    def model_for(self, role: Role) -> str:
        """The configured model name of a role."""
        return self.settings.model_fast if role == "fast" else self.settings.model_strong

    def target(self, step: str, role: Role) -> Target:
        """The words of every message about this step's calls."""
        model = self.model_for(role)
        return Target(
            provider=self.label, action=f"{step} with {self.provider} model {model}",
            key_env=self.key_hint,
            url_env="RESEARCH_GEMINI_BASE_URL" if self.provider == "gemini"
            else "RESEARCH_OPENAI_BASE_URL",
            timeout_s=self.timeout_s, model=model,
            model_env="RESEARCH_MODEL_FAST" if role == "fast" else "RESEARCH_MODEL_STRONG",
        )

    def _instructor(self) -> Any:
        with self._lock:
            if self._client is None:
                # One SDK client (and its connection pool) for every topic of the process.
                s = self.settings
                key = (self.provider, self.output_mode, s.gemini_base_url, s.openai_base_url,
                       self.timeout_s, s.google_api_key, s.openai_api_key)
                self._client = shared(("model-client", *key), self._build)
            return self._client

    def _build(self) -> Any:
        # Imported here first when no run imported the SDKs before (the UI's code server):
        # without the aiohttp transport the sync clients never use.
        import_sdk("google.genai" if self.provider == "gemini" else "openai")
        import_sdk("instructor")
        import instructor

        # instructor logs every failed attempt with the provider's message; the audit rows
        # hold them, so its log speaks only with RESEARCH_VERBOSE.
        logging.getLogger("instructor").setLevel(
            logging.INFO if self.settings.verbose else logging.CRITICAL)
        _memoise_async_validator_check()
        modes = {"tools": instructor.Mode.TOOLS, "json_schema": instructor.Mode.JSON_SCHEMA,
                 "json": instructor.Mode.JSON}
        if self.provider == "gemini":
            from google import genai
            from google.genai import types

            key = self.settings.google_api_key
            if key is None:
                raise ConfigError("RESEARCH_LLM=gemini needs GOOGLE_API_KEY (or GEMINI_API_KEY)")
            options = types.HttpOptions(base_url=self.settings.gemini_base_url,
                                        timeout=int(self.timeout_s * 1000))
            client = genai.Client(api_key=key.get_secret_value(), http_options=options)
            # Gemini's own structured output (response_schema) is instructor's JSON mode.
            mode = instructor.Mode.TOOLS if self.output_mode == "tools" else instructor.Mode.JSON
            _memoise_gemini_schemas()
            return instructor.from_genai(client, mode=mode)
        from openai import OpenAI

        key = self.settings.openai_api_key
        base_url = self.settings.openai_base_url
        if key is None and base_url is None:
            raise ConfigError(
                "RESEARCH_LLM=openai needs OPENAI_API_KEY, or RESEARCH_OPENAI_BASE_URL for a "
                "local server such as Ollama (http://localhost:11434/v1)"
            )
        oai = OpenAI(api_key=key.get_secret_value() if key else "not-needed",
                     base_url=base_url, max_retries=0, timeout=self.timeout_s)
        return instructor.from_openai(oai, mode=modes[self.output_mode])

    def _price(self, model: str) -> Price:
        return self.settings.prices.get(model, Price())

    def structured(
        self, *, step: str, template: str, role: Role, response_model: type[M],
        context: dict[str, Any], validation_context: dict[str, Any] | None = None,
    ) -> M:
        """One structured call; cached by request hash unless the runtime says refresh.

        Raises ``StructuredOutputError`` or ``ProviderUnavailable`` when the step should
        fall back, ``ProviderRefused`` when the topic cannot go on.
        """
        runtime = self.runtime()
        model = self.model_for(role)
        prompt = render_prompt(template, **context)
        max_tokens = self.settings.max_tokens.get(step, 1024)
        temperature = self.settings.temperature
        request_hash = stable_hash(self.provider, self.output_mode, model, template, prompt,
                                   _json_schema(response_model), max_tokens,
                                   temperature, length=32)
        row: dict[str, Any] = {"step": step, "provider": self.provider, "model": model,
                               "template": template, "request_hash": request_hash}
        if not runtime.refresh_models:
            cached = runtime.store.cache_get(request_hash)
            if cached is not None:
                try:
                    result = response_model.model_validate(cached, context=validation_context)
                except ValidationError:
                    result = None
                if result is not None:
                    runtime.calls.add_llm({
                        **row, "call_id": stable_hash(runtime.calls.run_id, request_hash,
                                                      threading.get_ident(), id(result)),
                        "prompt": prompt, "response": json.dumps(cached), "cache_hit": True,
                        "latency_ms": 0.0, "input_tokens": 0, "output_tokens": 0,
                        "round": runtime.calls.current_round or None})
                    return result
        price = self._price(model)
        estimate = (len(prompt) / 4 * price.input_per_mtok + max_tokens * price.output_per_mtok
                    ) / 1e6 + price.per_request
        runtime.budget.check(estimate, f"{step} with {model}")
        target = self.target(step, role)
        attempts = _Attempts(runtime, row, prompt, estimate, price)
        hooks = attempts.hooks()
        # OpenAI's own API takes the newer name (its reasoning models refuse the old one);
        # Gemini (through instructor), llama.cpp, Ollama and vLLM take max_tokens.
        hosted_openai = self.provider == "openai" and not self.settings.local_model_server
        limit = {"max_completion_tokens" if hosted_openai else "max_tokens": max_tokens}

        # Besides validation errors, instructor's handlers raise AssertionError or
        # ValueError for an answer of the wrong shape (text instead of a function call).
        retrying = Retrying(
            stop=stop_after_attempt(self.validation_retries + 1), reraise=True,
            retry=retry_if_exception_type((ValidationError, json.JSONDecodeError, ValueError,
                                           AssertionError, ResponseParsingError)))

        client = self._instructor()
        slots = model_slots(self.settings.model_concurrency)
        wrapped = _instructor_model(response_model)
        sent = _as_jinja_literal(prompt) if validation_context else prompt

        def call() -> tuple[M, Any]:
            attempts.new_call()
            waiting_on_network()
            # RESEARCH_MODEL_CONCURRENCY bounds the model calls in flight across all topics.
            with slots:
                return client.chat.completions.create_with_completion(
                    model=model, messages=[{"role": "user", "content": sent}],
                    response_model=wrapped, max_retries=retrying,
                    context=validation_context, hooks=hooks, temperature=temperature,
                    **limit,
                )

        try:
            result, _ = with_retries(call, policy=self.policy, target=target,
                                     is_provider_error=_is_transport_error)
        except (ProviderRefused, ProviderUnavailable) as exc:
            attempts.close("failed", str(exc))
            raise
        except (InstructorError, ValidationError, json.JSONDecodeError, ValueError,
                AssertionError) as exc:
            message = self._invalid_message(target, step, max_tokens, attempts, exc)
            attempts.close("invalid", message)
            raise StructuredOutputError(message) from scrubbed(exc)
        except BaseException:
            attempts.close("failed", "interrupted")
            raise
        attempts.close("answered")
        payload = result.model_dump(mode="json")
        clean = redact_value(payload)
        if clean != payload:
            # The provider echoed a secret into its answer: keep only the redacted text.
            try:
                result = response_model.model_validate(clean, context=validation_context)
            except ValidationError as exc:
                raise StructuredOutputError(
                    f"{target.action}: the answer carried a secret and no longer validates "
                    "without it") from scrubbed(exc)
            payload = clean
        runtime.store.cache_put(request_hash, self.provider, payload)
        return result

    def _invalid_message(self, target: Target, step: str, max_tokens: int,
                         attempts: _Attempts, exc: BaseException) -> str:
        tokens_in, tokens_out = attempts.tokens
        if isinstance(exc, IncompleteOutputException) or attempts.finish in _TRUNCATED:
            if tokens_out and tokens_out < max_tokens:
                return (f"{target.action}: the model's context filled up ({tokens_in} prompt + "
                        f"{tokens_out} output tokens) before its answer ended; give the "
                        "server a longer context (llama-server --ctx-size, Ollama num_ctx) or "
                        "choose a model with a longer one")
            return (f"{target.action}: the answer was cut off at the {max_tokens}-token limit "
                    f"set for {step} (RESEARCH_MAX_TOKENS)")
        n = attempts.in_call
        return (f"{target.action}: the output stayed invalid after {n} attempt"
                f"{'s' if n != 1 else ''}: {validation_line(exc)}")
