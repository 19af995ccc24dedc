"""A key a provider echoes back appears nowhere outside the process.

Providers that echo the key they were sent (in a 401 message, a 500 body, even an answer)
are played by loopback servers; the CLI's output, the store, the reports and the Dagster
instance (event log, compute logs) are then searched for it.
"""

from research_pipeline import pipeline
from research_pipeline.settings import load_settings
from tests import fake_world
from tests.conftest import approve_topic, run_cli, write_topic
from tests.fakes import FakeServer, Request, error_reply
from tests.live_env import EXA_KEY, GOOGLE_KEY, TIDES, leaks, point_at, rows


def test_a_refused_key_stops_the_topic_with_one_line_and_is_never_shown(env, monkeypatch):
    def echo(request: Request):
        key = request.headers["x-goog-api-key"]
        return error_reply(401, f"API key not valid: {key}. Authorization: Bearer {key}")

    with FakeServer(fake_world.exa_search) as exa, FakeServer(echo) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        write_topic(env / "topics", "tides", TIDES)
        quiet = run_cli("run", "--approve")
        assert quiet.returncode == 1
        output = quiet.stdout + quiet.stderr
        assert "Traceback" not in output and "Stack Trace" not in output
        assert len(output.splitlines()) < 12, output
        line = next(x for x in output.splitlines() if x.startswith("error: tides: "))
        assert "research_plan: generate_plan with gemini model gemini-2.5-pro: Gemini " \
               "rejected the key in GOOGLE_API_KEY" in line
        assert "set a valid key in GOOGLE_API_KEY" in line
        assert len(gem.requests) == 1  # refused credentials are never retried
        assert GOOGLE_KEY not in output and "[redacted]" in output
        assert leaks(env, GOOGLE_KEY, EXA_KEY) == []


def test_keys_echoed_in_errors_and_answers_are_redacted_everywhere(env, monkeypatch):
    def exa_echo(request: Request):
        if len(exa.requests) % 3 == 1:
            return error_reply(500, f"upstream failed for x-api-key={request.headers['x-api-key']}")
        return fake_world.exa_search(request)

    def model_echo(request: Request):
        name = request.body["tools"][0]["functionDeclarations"][0]["name"]
        args = fake_world.brain(name, fake_world._prompt(request))
        if name == "AnswerOut":
            args["overview"] = f"The sources agree (request key {GOOGLE_KEY})."
        return fake_world.gemini_function_call(name, args)

    with FakeServer(exa_echo) as exa, FakeServer(model_echo) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        services = pipeline.Services(settings=load_settings())
        topic = approve_topic(services, write_topic(env / "topics", "tides", TIDES))
        pipeline.run_research(services, topic.id, "run-1")
        pipeline.extract_facts(services, topic.id, "run-1")
        report = pipeline.write_report(services, topic.id, "run-1")
        assert "[redacted]" in report.markdown
        errors = [r[0] for r in rows(env, "select error from search_calls where error is not null")]
        assert errors and all("x-api-key=[redacted]" in e for e in errors)
        assert leaks(env, GOOGLE_KEY, EXA_KEY) == []
