"""A local OpenAI-compatible server as llama.cpp's llama-server behaves, with default settings.

``fake_models.LlamaServer`` ignores an object ``tool_choice`` (answering in prose),
enforces ``response_format`` JSON schemas, and answers 400 when the prompt is over its
context; see ``benchmarks/llama_server.py`` for the same against the real server.
"""

import json
import re

import pytest

from research_pipeline import pipeline
from research_pipeline.settings import load_settings
from research_pipeline.topics import parse_topic
from tests import fake_world
from tests.conftest import approve_topic, write_topic
from tests.fake_models import LlamaServer
from tests.fakes import FakeServer
from tests.live_env import TIDES, foreign_urls, paid_requests, point_at, rows


def _services() -> pipeline.Services:
    return pipeline.Services(settings=load_settings())


def test_default_settings_get_a_report_from_a_llama_server_and_nothing_falls_back(
        env, monkeypatch):
    llama = LlamaServer()
    with FakeServer(fake_world.exa_search) as exa, FakeServer(llama) as server:
        point_at(monkeypatch, exa.url, server.url, llm="openai")
        services = _services()
        topic = approve_topic(services, write_topic(env / "topics", "tides", TIDES))
        pipeline.run_research(services, topic.id, "run-1")
        pipeline.extract_facts(services, topic.id, "run-1")
        report = pipeline.write_report(services, topic.id, "run-1")
        _, check = pipeline.verify_report(services, topic.id)
        assert check.ok and report.citations > 0
        assert foreign_urls(report.markdown, env) == []
        assert rows(env, "select count(*) from llm_calls where fallback")[0][0] == 0
        assert paid_requests(env, "llm_calls") == len(server.requests)
        assert llama.log == []  # no tool_choice the server had to ignore
        max_tokens = load_settings().max_tokens
        for request in server.requests:
            body = request.body
            assert "tools" not in body and body["response_format"]["type"] == "json_schema"
            assert body["max_tokens"] <= max(max_tokens.values())
            assert body["temperature"] <= 0.2
        plan_schema = json.dumps(server.requests[0].body["response_format"]["json_schema"])
        assert '"maxLength": 300' in plan_schema  # free text is bounded in the schema


def test_tools_mode_with_a_template_without_tools_falls_back_and_says_why(env, monkeypatch):
    llama = LlamaServer()
    with FakeServer(fake_world.exa_search) as exa, FakeServer(llama) as server:
        point_at(monkeypatch, exa.url, server.url, llm="openai")
        monkeypatch.setenv("RESEARCH_STRUCTURED_OUTPUT", "tools")
        services = _services()
        topic = parse_topic(write_topic(env / "topics", "tides", TIDES))
        pipeline.register_topic(services, topic)
        outcome = pipeline.make_plan(services, topic.id, "run-plan")
        assert [q.text for q in outcome.plan.questions] == topic.spec.questions
        assert len(server.requests) == 3 and len(llama.log) == 3
        error = rows(env, "select error from llm_calls where fallback")[0][0]
        assert "answered in plain text" in error and "json_schema" in error


@pytest.mark.parametrize(("server", "setting", "requests", "message"), [
    (LlamaServer(n_ctx=60), None, 1,
     r"the prompt \(\d+ tokens\) is longer than the model's context \(60 tokens\); give "
     r"the server a longer context \(llama-server --ctx-size"),
    (LlamaServer(), '{"generate_plan": 16}', 1,
     r"the answer was cut off at the 16-token limit set for generate_plan "
     r"\(RESEARCH_MAX_TOKENS\)"),
    (LlamaServer(room=12), None, 1,
     r"the model's context filled up \(\d+ prompt \+ 12 output tokens\) before its answer "
     r"ended"),
], ids=["prompt-over-context", "max-tokens", "context-full"])
def test_a_plan_the_server_cannot_give_falls_back_with_an_accurate_message(
        env, monkeypatch, server, setting, requests, message):
    with FakeServer(fake_world.exa_search) as exa, FakeServer(server) as model:
        point_at(monkeypatch, exa.url, model.url, llm="openai")
        if setting:
            monkeypatch.setenv("RESEARCH_MAX_TOKENS", setting)
        services = _services()
        topic = parse_topic(write_topic(env / "topics", "tides", TIDES))
        pipeline.register_topic(services, topic)
        outcome = pipeline.make_plan(services, topic.id, "run-plan")
        assert [q.text for q in outcome.plan.questions] == topic.spec.questions
        assert len(model.requests) == requests
        error = rows(env, "select error from llm_calls where fallback")[0][0]
        assert re.search(message, error), error
        assert "max_tokens length limit" not in error


def test_a_timeout_of_ones_own_server_is_not_tried_again(env, monkeypatch):
    with FakeServer(fake_world.exa_search) as exa, \
            FakeServer(LlamaServer(), latency_s=1.0) as model:
        point_at(monkeypatch, exa.url, model.url, llm="openai")
        monkeypatch.setenv("RESEARCH_REQUEST_TIMEOUT_S", "0.3")
        services = _services()
        topic = parse_topic(write_topic(env / "topics", "tides", TIDES))
        pipeline.register_topic(services, topic)
        pipeline.make_plan(services, topic.id, "run-plan")
        assert len(model.requests) == 1
        error = rows(env, "select error from llm_calls where fallback")[0][0]
        assert "did not answer within 0.3s (1 attempt)" in error
        assert "RESEARCH_REQUEST_TIMEOUT_S" in error
        failed = rows(env, "select count(*) from llm_calls where status = 'failed'")[0][0]
        assert failed == 1


def test_a_server_of_ones_own_gets_a_cpu_sized_timeout(env, monkeypatch):
    monkeypatch.setenv("RESEARCH_LLM", "openai")
    monkeypatch.setenv("RESEARCH_OPENAI_BASE_URL", "http://127.0.0.1:8080/v1")
    settings = load_settings()
    assert settings.local_model_server and settings.timeout_s(local=True) == 300
    assert settings.timeout_attempts(local=True) == 1  # a slow server would only be slow again
    monkeypatch.setenv("RESEARCH_OPENAI_BASE_URL", "https://api.openai.com/v1")
    hosted = load_settings()
    assert not hosted.local_model_server and hosted.timeout_attempts() == 2


def test_the_topics_own_questions_stay_when_a_small_model_drops_them(env, monkeypatch):
    # What gemma-3-270m answered to the plan prompt on a real llama-server.
    def careless(name, prompt):
        if name == "PlanOut":
            return {"questions": ["questions"], "queries": [
                {"question_number": 1, "query": "what causes tides"}]}
        return fake_world.brain(name, prompt)

    with FakeServer(fake_world.exa_search) as exa, \
            FakeServer(LlamaServer(brain=careless)) as model:
        point_at(monkeypatch, exa.url, model.url, llm="openai")
        services = _services()
        topic = parse_topic(write_topic(env / "topics", "tides", TIDES))
        pipeline.register_topic(services, topic)
        plan = pipeline.make_plan(services, topic.id, "run-plan").plan
        assert [q.text for q in plan.questions] == topic.spec.questions
        assert [(q.question_id, q.text) for q in plan.queries] == [
            (1, "what causes tides"), (2, "When do spring tides happen")]
        assert rows(env, "select count(*) from llm_calls where fallback")[0][0] == 0
