"""The real SDKs (exa-py, google-genai, openai via instructor) against loopback servers."""

import json
import time
from pathlib import Path

import duckdb
import pytest

from research_pipeline import pipeline
from research_pipeline.citations import check_report
from research_pipeline.errors import ProviderError
from research_pipeline.live.exa import canonical_url
from research_pipeline.settings import load_settings
from research_pipeline.topics import parse_topic
from tests import fake_world
from tests.conftest import approve_topic, run_cli, write_topic
from tests.fakes import FakeServer, error_reply, gemini_text

EXA_KEY = "exa-secret-key-0123456789"
GOOGLE_KEY = "google-secret-key-9876543210"
OPENAI_KEY = "openai-secret-key-5555"
TIDES = """
    ---
    title: "Tides"
    questions:
      - "What causes tides?"
      - "When do spring tides happen?"
    max_rounds: 2
    max_cost_usd: 1.0
    ---
    Ocean tides for a school project.
    """


@pytest.fixture
def servers():
    with FakeServer(fake_world.exa_search) as exa, FakeServer(fake_world.gemini_model) as gem:
        yield exa, gem


@pytest.fixture
def live_env(env, servers, monkeypatch):
    exa, gem = servers
    monkeypatch.setenv("RESEARCH_SEARCH", "exa")
    monkeypatch.setenv("RESEARCH_LLM", "gemini")
    monkeypatch.setenv("EXA_API_KEY", EXA_KEY)
    monkeypatch.setenv("GOOGLE_API_KEY", GOOGLE_KEY)
    monkeypatch.setenv("RESEARCH_EXA_BASE_URL", exa.url)
    monkeypatch.setenv("RESEARCH_GEMINI_BASE_URL", gem.url)
    monkeypatch.setenv("RESEARCH_RETRY_BASE_S", "0.01")
    monkeypatch.setenv("RESEARCH_REQUEST_TIMEOUT_S", "1")
    write_topic(env / "topics", "tides", TIDES)
    return env


def _rows(env: Path, sql: str) -> list[tuple]:
    con = duckdb.connect(str(env / "research.duckdb"), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def _secret_free(env: Path) -> None:
    for path in [env / "research.duckdb", *env.rglob("*.md"), *(env / "dagster_home").rglob("*")]:
        if path.is_file():
            data = path.read_bytes()
            for key in (EXA_KEY, GOOGLE_KEY, OPENAI_KEY):
                assert key.encode() not in data, f"{key} leaked into {path}"


def test_cli_run_with_exa_and_gemini_meets_the_contract_and_caches(live_env, servers):
    exa, gem = servers
    result = run_cli("run", "--approve")
    assert result.returncode == 0, result.stderr
    for key in (EXA_KEY, GOOGLE_KEY):
        assert key not in result.stderr + result.stdout
    assert exa.requests[0].headers["x-api-key"] == EXA_KEY
    assert gem.requests[0].headers["x-goog-api-key"] == GOOGLE_KEY
    assert gem.requests[0].path == "/v1/models/gemini-2.5-pro:generateContent"
    report = (live_env / "reports" / "tides.md").read_text()
    texts: dict[str, list[str]] = {}
    for url, text in _rows(live_env, "select url, text from sources"):
        texts.setdefault(url, []).append(text)
    check = check_report(report, texts)
    assert check.ok and check.footnotes, check.problems
    # Two search results for one document (tracking parameter, case, slash) are one source.
    assert set(texts) <= {canonical_url(d["url"]) for d in fake_world.WEB}
    assert len(texts["https://tides.example/why"]) == 1
    steps = dict(_rows(live_env, "select step, count(*) from llm_calls where provider = "
                                 "'gemini' group by step"))
    assert {"generate_plan", "reflect", "extract_facts", "write_answer"} <= set(steps)
    cost = _rows(live_env, "select sum(cost_usd), count(*) from llm_calls where cost_usd > 0")
    assert cost[0][0] > 0 and cost[0][1] == sum(steps.values())
    # A well-behaved model: nothing fell back, and one audit row per request served.
    assert _rows(live_env, "select count(*) from llm_calls where fallback")[0][0] == 0
    assert sum(steps.values()) == len(gem.requests)
    search_cost = _rows(live_env, "select sum(cost_usd) from search_calls where provider='exa'")
    assert search_cost[0][0] == pytest.approx(0.005 * len(exa.requests))
    _secret_free(live_env)

    before = (len(exa.requests), len(gem.requests))
    again = run_cli("run")
    assert again.returncode == 0, again.stderr
    assert (len(exa.requests), len(gem.requests)) == before  # all from the cache
    hits = _rows(live_env, "select count(*) from llm_calls where cache_hit")
    assert hits[0][0] > 0

    refreshed = run_cli("run", "--refresh")
    assert refreshed.returncode == 0, refreshed.stderr
    assert len(exa.requests) > before[0] and len(gem.requests) > before[1]
    status = json.loads(run_cli("status", "tides", "--json").stdout)[0]
    assert status["spent_usd"] > 0


def _services(**overrides):
    return pipeline.Services(settings=load_settings(**overrides))


def test_429_then_success_is_retried(live_env, servers):
    _, gem = servers
    gem.faults.append(error_reply(429, "rate limited", {"retry-after": "0"}))
    services = _services()
    topic = approve_topic(services, live_env / "topics" / "tides.md")
    assert len(gem.requests) == 2  # the 429, then the plan
    outcome = pipeline.run_research(services, topic.id, "run-1")
    assert outcome.rounds >= 1


def test_model_down_the_step_falls_back_and_nothing_is_stored_twice(live_env, servers):
    _, gem = servers
    services = _services()
    topic = approve_topic(services, live_env / "topics" / "tides.md")
    gem.faults.extend([error_reply(500, "boom")] * 5)
    outcome = pipeline.run_research(services, topic.id, "run-1")
    assert outcome.rounds >= 1
    # The reflection met the five 500s and was done by the extractive researcher instead.
    fallback = _rows(live_env, "select step, error from llm_calls where fallback")
    assert [r[0] for r in fallback] == ["reflect"]
    assert "answered HTTP 500 (5 attempts" in fallback[0][1]
    failed = _rows(live_env, "select count(*) from llm_calls where status = 'failed'")
    assert failed[0][0] == 5
    outcome = pipeline.run_research(services, topic.id, "run-2")
    dupes = _rows(live_env, "select count(*) - count(distinct (research_id, query_id)) "
                            "from search_queries")
    assert dupes[0][0] == 0


def test_timeout_is_retried(live_env, servers):
    exa, _ = servers
    services = _services()
    topic = approve_topic(services, live_env / "topics" / "tides.md")
    exa.faults.append("timeout")
    outcome = pipeline.run_research(services, topic.id, "run-1")
    assert outcome.sources > 0
    # The request that timed out is a row of its own, then the retry that was answered.
    assert _rows(live_env, "select count(*) from search_calls")[0][0] == len(exa.requests)
    rows = _rows(live_env, "select status, error, attempt from search_calls where request_hash "
                           "in (select request_hash from search_calls where status = 'failed') "
                           "order by attempt")
    assert rows[0][0] == "failed" and "timeout" in rows[0][1].lower()
    assert rows[1][0] == "answered" and rows[1][2] == 2


def test_malformed_plan_falls_back_to_the_topics_own_questions(live_env, servers):
    _, gem = servers
    gem.faults.extend([gemini_text("this is not a function call {")] * 3)
    services = _services()
    topic = parse_topic(live_env / "topics" / "tides.md")
    pipeline.register_topic(services, topic)
    outcome = pipeline.make_plan(services, topic.id, "run-plan")
    assert [q.text for q in outcome.plan.questions] == topic.spec.questions
    rows = _rows(live_env, "select status, attempt, fallback, error from llm_calls "
                           "order by created_at")
    assert [(r[0], r[1]) for r in rows[:3]] == [("invalid", 1), ("invalid", 2), ("invalid", 3)]
    assert rows[3][2] and "stayed invalid after 3 attempts" in rows[3][3]
    assert "errors.pydantic.dev" not in rows[3][3]


def test_invented_quote_is_never_stored(live_env, servers):
    _, gem = servers
    services = _services()
    topic = approve_topic(services, live_env / "topics" / "tides.md")
    gem.responder = lambda r: fake_world.gemini_model(
        r, quote_override="the moon is made of green cheese entirely")
    pipeline.run_research(services, topic.id, "run-1")
    outcome = pipeline.extract_facts(services, topic.id, "run-1")
    assert outcome.facts == 0
    # Each invented quote is dropped (with a note), without a re-ask or a fallback.
    dropped = _rows(live_env, "select count(*) from llm_calls where step = 'extract_facts' "
                              "and status = 'sanitized' and prompt like 'dropped: %'")
    assert dropped[0][0] >= 1
    assert _rows(live_env, "select count(*) from llm_calls where fallback")[0][0] == 0
    report = pipeline.write_report(services, topic.id, "run-1")
    assert report.citations == 0 and report.open_questions == 2


def test_template_syntax_in_a_prompt_reaches_the_model_as_written(live_env, servers,
                                                                    monkeypatch):
    # instructor renders messages as Jinja templates when given a validation context.
    from pydantic import BaseModel

    from research_pipeline.live import models as live_models

    class Echo(BaseModel):
        text: str

    _, gem = servers
    seen: list[str] = []

    def reply(request):
        seen.append(fake_world._prompt(request))
        return fake_world.gemini_function_call("Echo", {"text": "ok"})

    gem.responder = reply
    prompt = ("A page on Jinja: {% for item in items %} {{ item }} {# note #} {{ 7*6 }} "
              "{{ markers }} {{- '{' }} {% raw %}")
    monkeypatch.setattr(live_models, "render_prompt", lambda template, **context: prompt)
    services = _services()
    services.start("tides", "run-1", 1.0)
    client = services.researcher.client  # type: ignore[attr-defined]
    result = client.structured(step="write_answer", template="answer.j2", role="strong",
                               response_model=Echo, context={},
                               validation_context={"markers": [1]})
    assert result.text == "ok"
    assert seen == [prompt]


def test_bad_key_is_not_retried_and_names_the_setting(live_env, servers):
    _, gem = servers
    gem.faults.append(error_reply(401, "API key not valid"))
    services = _services()
    topic = parse_topic(live_env / "topics" / "tides.md")
    pipeline.register_topic(services, topic)
    with pytest.raises(ProviderError, match="GOOGLE_API_KEY"):
        pipeline.make_plan(services, topic.id, "run-plan")
    assert len(gem.requests) == 1


def test_budget_stops_gracefully_and_the_report_says_so(live_env, servers):
    path = write_topic(live_env / "topics", "tides", TIDES.replace("max_cost_usd: 1.0",
                                                                   "max_cost_usd: 0.012"))
    services = _services()
    topic = approve_topic(services, path)
    outcome = pipeline.run_research(services, topic.id, "run-1")
    assert outcome.stop_reason == "budget"
    pipeline.extract_facts(services, topic.id, "run-1")
    report = pipeline.write_report(services, topic.id, "run-1")
    assert "cost budget (max_cost_usd) was reached" in report.markdown
    spent = _rows(live_env, "select sum(cost_usd) from (select cost_usd from llm_calls union all "
                            "select cost_usd from search_calls)")[0][0]
    assert spent <= 0.012 + 1e-9


def test_openai_compatible_server_end_to_end(env, monkeypatch):
    with FakeServer(fake_world.exa_search) as exa, FakeServer(fake_world.openai_model) as oai:
        monkeypatch.setenv("RESEARCH_SEARCH", "exa")
        monkeypatch.setenv("RESEARCH_LLM", "openai")
        monkeypatch.setenv("EXA_API_KEY", EXA_KEY)
        monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
        monkeypatch.setenv("RESEARCH_EXA_BASE_URL", exa.url)
        monkeypatch.setenv("RESEARCH_OPENAI_BASE_URL", oai.url + "/v1")
        monkeypatch.setenv("RESEARCH_MODEL_FAST", "llama3.2")
        monkeypatch.setenv("RESEARCH_MODEL_STRONG", "llama3.2")
        path = write_topic(env / "topics", "tides", TIDES)
        services = _services()
        topic = approve_topic(services, path)
        pipeline.run_research(services, topic.id, "run-1")
        pipeline.extract_facts(services, topic.id, "run-1")
        report = pipeline.write_report(services, topic.id, "run-1")
        _, check = pipeline.verify_report(services, topic.id)
        assert check.ok and report.citations > 0
        assert oai.requests[0].path == "/v1/chat/completions"
        assert oai.requests[0].headers["authorization"] == f"Bearer {OPENAI_KEY}"
        providers = {r[0] for r in _rows(env, "select distinct provider from llm_calls")}
        assert providers == {"openai"}
        _secret_free(env)


@pytest.mark.parametrize(("url", "canonical"), [
    ("https://Example.org/a/?utm_source=x&b=1#top", "https://example.org/a?b=1"),
    ("https://example.org:443/", "https://example.org/"),
    ("http://example.org:8080/x", "http://example.org:8080/x"),
])
def test_canonical_urls(url, canonical):
    assert canonical_url(url) == canonical


def test_rate_limiter_allows_a_burst_but_never_more_than_the_rate_in_any_second():
    import threading
    import time

    from research_pipeline.live.runtime import RateLimiter

    limiter, granted, lock = RateLimiter(10), [], threading.Lock()

    def ask():
        limiter.acquire()
        with lock:
            granted.append(time.monotonic())

    started = time.monotonic()
    threads = [threading.Thread(target=ask) for _ in range(25)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    granted.sort()
    # The first ten go at once; then ten more a second later, five more after two seconds.
    assert granted[9] - started < 0.5
    assert all(granted[i + 10] - granted[i] >= 0.99 for i in range(len(granted) - 10))
    assert 1.99 <= granted[-1] - started < 2.6
    # A fractional rate, 4/3 a second: one request every 0.75 s.
    slow = RateLimiter(4 / 3)
    started = time.monotonic()
    for _ in range(3):
        slow.acquire()
    assert 1.49 <= time.monotonic() - started < 2.0


def test_the_search_sdk_is_imported_while_the_first_model_call_waits(tmp_path, monkeypatch):
    # A module deferred with import_while_waiting is not imported at start-up; the first
    # provider request sets off its import in the background, once.
    import sys
    import time

    from research_pipeline.live import runtime
    from research_pipeline.pipeline.services import import_provider_sdks
    from research_pipeline.settings import load_settings

    (tmp_path / "deferred_probe_sdk.py").write_text("IMPORTED_AT = __import__('time').time()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(runtime, "_DEFERRED", [])
    runtime.import_while_waiting(["deferred_probe_sdk", "json"])  # json is imported already
    assert runtime._DEFERRED == ["deferred_probe_sdk"]
    assert "deferred_probe_sdk" not in sys.modules
    sent = time.time()
    runtime.waiting_on_network()
    assert runtime._DEFERRED == []
    deadline = time.monotonic() + 10
    # (A module is in sys.modules from the start of its import: wait for its body to run.)
    while (getattr(sys.modules.get("deferred_probe_sdk"), "IMPORTED_AT", None) is None
           and time.monotonic() < deadline):
        time.sleep(0.01)
    assert sys.modules["deferred_probe_sdk"].IMPORTED_AT >= sent + runtime.DEFERRED_START_S
    runtime.waiting_on_network()  # nothing left: no thread, no error
    # Gemini's plan call comes first, so the Exa SDK waits for it; with the extractive
    # researcher a search is the first request and its SDK is imported at once.
    monkeypatch.setattr(runtime, "_DEFERRED", [])
    monkeypatch.delitem(sys.modules, "exa_py", raising=False)
    import_provider_sdks(load_settings(search="exa", llm="gemini"))
    assert runtime._DEFERRED == ["exa_py"] and "google.genai" in sys.modules
    monkeypatch.setattr(runtime, "_DEFERRED", [])
    import_provider_sdks(load_settings(search="exa", llm="extractive"))
    assert runtime._DEFERRED == [] and "exa_py" in sys.modules


def test_topics_start_one_at_a_time_until_their_first_request():
    # Each topic's start (before its first provider request) runs alone; once a topic's
    # request is on its way, the next one starts while it waits.
    import threading
    import time

    from research_pipeline.live.runtime import StartTurns, end_start_turn, waiting_on_network

    turns, spans, lock = StartTurns(), {}, threading.Lock()

    def topic(name: str, request: bool) -> None:
        turns.begin()
        try:
            began = time.monotonic()
            time.sleep(0.1)  # its services, run row and prompt
            with lock:
                spans[name] = (began, time.monotonic())
            if request:
                waiting_on_network()
                time.sleep(0.5)  # the request's wait, beside the next topic's start
        finally:
            end_start_turn()  # a topic with no request (a cached plan) ends its turn too

    threads = [threading.Thread(target=topic, args=(f"t{i}", i != 1)) for i in range(4)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    starts = sorted(spans.values())
    assert all(a[1] <= b[0] for a, b in zip(starts, starts[1:], strict=False))  # no overlap
    # Four starts of 0.1 s one after another, the waits beside them: not 4 x 0.6 s.
    assert time.monotonic() - started < 1.5
    end_start_turn()  # a thread that holds no turn: nothing to end


def test_topics_at_once_keep_the_provider_pools_busy(monkeypatch):
    from research_pipeline.settings import load_settings

    for name in ("RESEARCH_TOPIC_CONCURRENCY", "RESEARCH_MODEL_CONCURRENCY",
                 "RESEARCH_EXA_REQUESTS_PER_S"):
        monkeypatch.delenv(name, raising=False)
    # Offline the work is this process's CPU: a fixed number of topic threads.
    assert load_settings(search="local", llm="extractive").topics_at_once == 16
    # Remote: a topic per model slot and per search a second, and as many again queued.
    monkeypatch.setenv("RESEARCH_MODEL_CONCURRENCY", "32")
    monkeypatch.setenv("RESEARCH_EXA_REQUESTS_PER_S", "20")
    assert load_settings(search="exa", llm="gemini").topics_at_once == 104
    assert load_settings(search="local", llm="gemini").topics_at_once == 64
    assert load_settings(search="exa", llm="extractive").topics_at_once == 40
    monkeypatch.setenv("RESEARCH_EXA_REQUESTS_PER_S", "1000")
    assert load_settings(search="exa", llm="gemini").topics_at_once == 256
    # The defaults (4 model calls in flight, 5 searches a second) and a setting of one's own.
    monkeypatch.delenv("RESEARCH_EXA_REQUESTS_PER_S")
    monkeypatch.delenv("RESEARCH_MODEL_CONCURRENCY")
    assert load_settings(search="exa", llm="gemini").topics_at_once == 18
    monkeypatch.setenv("RESEARCH_TOPIC_CONCURRENCY", "3")
    assert load_settings(search="exa", llm="gemini").topics_at_once == 3

def test_facts_are_extracted_round_by_round_and_tracked_per_question(live_env, servers):
    _, gem = servers
    gem.responder = lambda r: fake_world.gemini_model(r, answer_from_round=2)
    services = _services()
    topic = approve_topic(services, live_env / "topics" / "tides.md")
    outcome = pipeline.run_research(services, topic.id, "run-1")
    assert outcome.rounds == 2
    steps = [r[0] for r in _rows(live_env, "select step from llm_calls where step in "
                                            "('analyse_gaps', 'extract_facts')")]
    assert "analyse_gaps" in steps and "extract_facts" in steps
    requests = len(gem.requests)
    facts = pipeline.extract_facts(services, topic.id, "run-1")
    assert facts.facts > 0 and len(gem.requests) == requests  # nothing left to read
    states = _rows(live_env, "select round, question_id, status, fact_ids, gap_status from "
                             "question_states order by round, question_id")
    assert [(r[0], r[2]) for r in states] == [(1, "partial"), (1, "partial"),
                                             (2, "answered"), (2, "answered")]
    assert all(json.loads(r[3]) for r in states)  # which facts back each question state
    assert states[0][4] == "active" and states[2][4] == "resolved"


def test_a_round_has_two_model_calls_on_its_critical_path(live_env, servers):
    _, gem = servers
    answered: list[tuple[str, float]] = []

    def respond(request):
        answered.append((request.body["tools"][0]["functionDeclarations"][0]["name"],
                         time.monotonic()))
        return fake_world.gemini_model(request, answer_from_round=2)

    gem.responder, gem.latency_s = respond, 0.8
    services = _services()
    topic = approve_topic(services, live_env / "topics" / "tides.md")
    assert pipeline.run_research(services, topic.id, "run-1").rounds == 2
    first = {name: at for name, at in reversed(answered)}
    # Round 1: after the reflection, gap analysis, extraction and the follow-up queries for
    # the gaps still open are asked at once (their answers, each 0.8 s after its request,
    # come less than 0.8 s apart: the requests overlapped); the follow-ups are kept for
    # the chosen gaps.
    assert first["GapOut"] - first["ReflectOut"] >= 0.75
    assert abs(first["FollowUpOut"] - first["GapOut"]) < 0.75
    assert abs(first["ExtractOut"] - first["GapOut"]) < 0.75
    queries = _rows(live_env, "select kind, round from search_queries where round = 2")
    assert queries and all(kind == "follow_up" for kind, _ in queries)


@pytest.mark.parametrize(("title", "decision"), [
    ("Tides", "approved"),
    ("Surveillance of a neighbour's phone", "escalated"),
])
def test_optional_model_audit(live_env, servers, monkeypatch, title, decision):
    monkeypatch.setenv("RESEARCH_POLICY_MODEL_AUDIT", "true")
    path = write_topic(live_env / "topics", "audited", TIDES.replace(
        'title: "Tides"', f'title: "{title}"\n    approval: auto'))
    services = _services()
    topic = parse_topic(path)
    pipeline.register_topic(services, topic)
    outcome = pipeline.make_plan(services, topic.id, "r")
    assert outcome.decision == decision
    reasons = json.loads(_rows(live_env, "select reasons from approvals")[0][0])
    assert any(r.startswith("model audit: ") for r in reasons)
    assert _rows(live_env, "select count(*) from llm_calls where step = 'policy_audit'")[0][0] == 1


def test_a_response_model_with_an_async_validator_is_refused_on_every_call():
    """The memoised check keeps passing classes only; instructor's refusal still holds."""
    from instructor.v2.validation import async_validators
    from pydantic import BaseModel

    from research_pipeline.live.models import _memoise_async_validator_check

    class Fine(BaseModel):
        x: int

    class Refused(BaseModel):
        x: int

        @async_validators.async_field_validator("x")
        async def check_x(cls, value: int) -> int:  # noqa: N805 - a pydantic validator
            return value

    _memoise_async_validator_check()
    check = async_validators.reject_async_validators
    for _ in range(2):
        check(Fine)
        check(list[Fine])
        with pytest.raises(ValueError, match="async validators"):
            check(Refused)
        with pytest.raises(ValueError, match="async validators"):
            check(list[Refused])


def test_a_response_models_gemini_schema_is_built_once_when_many_topics_ask_at_once():
    """Threads asking for one schema together wait for one build instead of each building it."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import threading, time
        from instructor.v2.providers.gemini import utils
        from research_pipeline.live.models import _memoise_gemini_schemas
        from research_pipeline.models import ResearchPlan

        built = []
        original = utils.map_to_genai_schema

        def counted(obj):
            built.append(obj)
            time.sleep(0.05)  # the race a hundred topic threads run
            return original(obj)

        utils.map_to_genai_schema = counted
        _memoise_gemini_schemas()
        answers, start = [], threading.Barrier(16)

        def ask():
            start.wait()
            answers.append(utils.map_to_genai_schema(utils._get_model_schema(ResearchPlan)))

        threads = [threading.Thread(target=ask) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(answers) == 16 and all(a is answers[0] for a in answers), answers
        # Mapping a schema builds the parts through the module too; the whole is built once.
        print(sum(1 for obj in built if "$defs" in obj or "properties" in obj))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "1"
