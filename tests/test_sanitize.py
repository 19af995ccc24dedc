"""Model text held to the source rules, redaction, and what provider failures say."""

import pytest
from pydantic import BaseModel, Field, ValidationError

from research_pipeline.errors import ProviderRefused, ProviderUnavailable
from research_pipeline.live.models import validation_line
from research_pipeline.live.redact import add_secret, redact, scrubbed
from research_pipeline.live.retry import Failure, Target, classify, failure_error
from research_pipeline.live.sanitize import QUOTE_FLOOR, clean_answer, matching_span, plain_query

SOURCE = ("Tides are caused by the gravitational pull of the Moon on the oceans. The Sun "
          "also pulls on the water, but less strongly. In 2019 the range was 16 metres at "
          "the Bay of Fundy, the world's largest.")


@pytest.mark.parametrize(("query", "plain"), [
    ("site http://evil.example/x", "site"),
    ('site:evil.example "tidal range" -moon OR sun', "tidal range sun"),
    ("tides evil.example/page www.evil.example", "tides"),
    ("inurl:tides filetype:pdf (spring AND neap)", "spring neap"),
    ("news about sub.evil.example tides", "news about tides"),
    ("Python's import system", "Python's import system"),
    ("http://only.example/a", ""),
])
def test_model_queries_are_plain_words_without_blocked_domains(query, plain):
    assert plain_query(query, ["evil.example"]) == plain


@pytest.mark.parametrize(("text", "kept", "gone"), [
    ("See [the source](http://evil.example/x).", "See the source.", "evil"),
    ("Read https://tides.example/why, not http://evil.example/y.",
     "Read https://tides.example/why, not.", "evil"),
    ("Fact.[^1]\n## Injected\n\n[^2]: [x](http://evil.example)", "Fact.[^1] Injected", "##"),
    ("<a href='http://evil.example'>click</a> here <script>x</script>", "click here x", "<"),
    ("![img](http://evil.example/p.png) [ref][1]\n\n[1]: http://evil.example", "img ref", "evil"),
])
def test_answers_keep_no_link_foreign_url_or_markup(text, kept, gone):
    clean, removed = clean_answer(text, ["https://tides.example/why"])
    assert clean.startswith(kept) and gone not in clean and removed


@pytest.mark.parametrize(("quote", "span"), [
    # Case, punctuation, hyphens, whitespace and a dropped article are set aside ...
    ("tides are caused by the gravitational pull of the moon on the oceans.",
     "Tides are caused by the gravitational pull of the Moon on the oceans."),
    ("Tides are caused by gravitational pull of the Moon on the oceans",
     "Tides are caused by the gravitational pull of the Moon on the oceans"),
    ("The Sun also pulls on the water but less strongly",
     "The Sun also pulls on the water, but less strongly"),
    ("In 2019, the range was 16 metres at the Bay of Fundy",
     "In 2019 the range was 16 metres at the Bay of Fundy"),
    # ... but a changed word, number or negation is a different claim: no span.
    ("Tides are caused by the gravitational pull of the Sun on the oceans", None),
    ("Tides are not caused by the gravitational pull of the Moon on the oceans", None),
    ("In 2020 the range was 16 metres at the Bay of Fundy", None),
    ("Tides are caused by the gravitational force of the Moon on the oceans", None),
    ("Tides are caused by the Moon and the Sun also pulls on the water", None),
    ("the moon is made of green cheese entirely", None),
    ("Tides are caused", None),  # under five words
])
def test_a_quote_is_replaced_only_by_a_span_that_says_the_same(quote, span):
    assert matching_span(quote, SOURCE) == span


def test_the_quote_floor_is_stated_and_binding():
    assert QUOTE_FLOOR == 0.9
    # Each dropped article costs similarity: three of thirteen words fall under the floor.
    assert matching_span("Tides are caused by gravitational pull of Moon on oceans",
                         SOURCE) is None


def test_redaction_of_keys_and_credential_headers():
    add_secret("sk-test-abcdefghijklmnop")
    text = ("key sk-test-abcdefghijklmnop; Authorization: Bearer eyJhbGciOi.xyz; "
            "{'x-api-key': 'abc123secret'}; x-goog-api-key=zzz999")
    clean = redact(text)
    for secret in ("sk-test-abcdefghijklmnop", "eyJhbGciOi", "abc123secret", "zzz999"):
        assert secret not in clean
    assert redact("short words stay") == "short words stay"
    # Text passes the redaction several times (the error, the log, the CLI): once is all.
    assert redact(clean) == clean
    assert redact("Authorization: Bearer sk-test-abcdefghijklmnop") == (
        "Authorization: Bearer [redacted]")
    try:
        raise ValueError("bad key sk-test-abcdefghijklmnop")
    except ValueError as exc:
        stand_in = scrubbed(exc)
    assert "sk-test" not in str(stand_in) and "ValueError" in str(stand_in)
    assert stand_in.__traceback__ is not None


def test_a_validation_failure_reads_as_one_line_without_urls():
    class Plan(BaseModel):
        number: int = Field(ge=1)

    with pytest.raises(ValidationError) as raised:
        Plan.model_validate({"number": 0})
    line = validation_line(raised.value)
    assert line == "number: Input should be greater than or equal to 1"


TARGET = Target(provider="Gemini", action="generate_plan with gemini model m",
                key_env="GOOGLE_API_KEY", url_env="RESEARCH_GEMINI_BASE_URL", timeout_s=60,
                model="m", model_env="RESEARCH_MODEL_STRONG")


@pytest.mark.parametrize(("failure", "kind", "words"), [
    (Failure(False, 401, None, "API key not valid"), ProviderRefused,
     "Gemini rejected the key in GOOGLE_API_KEY (HTTP 401: API key not valid); set a valid key"),
    (Failure(False, 404, None, "model not found"), ProviderRefused,
     "has no model 'm' (HTTP 404: model not found); set RESEARCH_MODEL_STRONG"),
    (Failure(False, 400, None, "too long", context=(5000, 4096)), ProviderUnavailable,
     "the prompt (5000 tokens) is longer than the model's context (4096 tokens)"),
    (Failure(True, 500, None, "boom"), ProviderUnavailable,
     "Gemini answered HTTP 500 (5 attempts; last: boom); try again later"),
    (Failure(True, None, None, "ReadTimeout", timeout=True), ProviderUnavailable,
     "did not answer within 60s (5 attempts)"),
    (Failure(False, None, None, "ValueError: body is not JSON"), ProviderUnavailable,
     "Gemini's answer could not be used (ValueError: body is not JSON)"),
])
def test_failures_say_what_happened_and_what_to_do(failure, kind, words):
    error = failure_error(failure, TARGET, 5)
    assert isinstance(error, kind) and words in str(error)
    assert str(error).startswith("generate_plan with gemini model m: ")


def test_llama_server_context_errors_are_recognised():
    class BadRequest(Exception):
        status_code = 400

    exc = BadRequest("Error code: 400 - {'error': {'code': 400, 'message': 'request (4476 "
                     "tokens) exceeds the available context size (4096 tokens), try increasing "
                     "it', 'type': 'exceed_context_size_error', 'n_prompt_tokens': 4476, "
                     "'n_ctx': 4096}}")
    failure = classify(exc)
    assert failure.status == 400 and not failure.retryable
    assert failure.context == (4476, 4096)
