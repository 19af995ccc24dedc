"""Model steps degrade instead of dying; every paid request is one audit row.

The real SDKs talk to loopback servers (``fakes``, ``fake_models``) that fail the way real
providers do: answers that fail validation, 429/500 answers, a process killed mid-round.
"""

import os
import signal
import subprocess
import sys

import dagster as dg
import pytest

from research_pipeline import pipeline
from research_pipeline.errors import ProviderUnavailable
from research_pipeline.settings import load_settings
from tests import fake_world
from tests.conftest import PROJECT, approve_topic, run_cli, write_topic
from tests.fake_models import FlakyGemini
from tests.fakes import FakeServer, Faulty, Request, error_reply
from tests.live_env import RANGE, TIDES, foreign_urls, paid_requests, point_at, rows


def _services() -> pipeline.Services:
    return pipeline.Services(settings=load_settings())


def _research(services: pipeline.Services, topic_id: str, run_id: str) -> str:
    pipeline.run_research(services, topic_id, run_id)
    pipeline.extract_facts(services, topic_id, run_id)
    report = pipeline.write_report(services, topic_id, run_id)
    _, check = pipeline.verify_report(services, topic_id)
    assert check.ok, check.problems
    return report.markdown


def test_a_model_that_mostly_fails_validation_still_gives_every_topic_a_report(env, monkeypatch):
    flaky = FlakyGemini(invalid_rate=0.8)
    with FakeServer(fake_world.exa_search) as exa, FakeServer(flaky) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        write_topic(env / "topics", "tides", TIDES)
        write_topic(env / "topics", "range", RANGE)
        result = run_cli("run", "--approve")
        assert result.returncode == 0, result.stderr
        assert flaky.invalid > 0
        fallbacks = rows(env, "select topic_id, step, error from llm_calls where fallback")
        assert {r[0] for r in fallbacks} == {"tides", "range"}
        assert all("stayed invalid after 3 attempts" in r[2] for r in fallbacks)
        for topic_id in ("tides", "range"):
            report = (env / "reports" / f"{topic_id}.md").read_text()
            undone = report.split("## Left undone", 1)[1]
            assert "was done by the extractive researcher instead" in undone
            assert "errors.pydantic.dev" not in report
            assert foreign_urls(report, env) == []
        # Every request the model server answered is one audit row.
        assert paid_requests(env, "llm_calls") == len(gem.requests)
        assert paid_requests(env, "search_calls") == len(exa.requests)
        assert "fell back to the extractive researcher" in result.stderr
        # The step's metadata in Dagster names its fallbacks.
        instance = dg.DagsterInstance.from_config(str(env / "dagster_home"))
        shown = []
        for key in ("research_plan", "research_rounds", "facts", "report"):
            records = instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=dg.AssetKey(key)), limit=10).records
            for record in records:
                materialization = record.asset_materialization
                assert materialization is not None
                shown.append(materialization.metadata["model_fallbacks"].value)
        assert any(text.startswith("- ") and " with gemini model " in text for text in shown)


@pytest.mark.parametrize(("rate", "topics"), [(0.2, ["tides"]), (0.5, ["tides", "range"])])
def test_under_injected_faults_every_topic_completes_and_every_request_is_one_row(
        env, monkeypatch, rate, topics):
    search = Faulty(fake_world.exa_search, rate, seed=4)
    model = Faulty(fake_world.gemini_model, rate, seed=14)
    with FakeServer(search) as exa, FakeServer(model) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        services = _services()
        for topic_id in topics:
            path = write_topic(env / "topics", topic_id, TIDES if topic_id == "tides" else RANGE)
            approve_topic(services, path)
            markdown = _research(services, topic_id, f"run-{topic_id}")
            assert "[^1]" in markdown
        assert search.faults and model.faults
        assert paid_requests(env, "search_calls") == len(exa.requests)
        assert paid_requests(env, "llm_calls") == len(gem.requests)
        failed = rows(env, "select (select count(*) from search_calls where status = 'failed'),"
                           " (select count(*) from llm_calls where status = 'failed')")[0]
        assert failed == (search.faults, model.faults)
        assert rows(env, "select count(*) from llm_calls where status = 'sent'")[0][0] == 0
        dupes = rows(env, "select count(*) - count(distinct (research_id, query_id)) "
                          "from search_queries")
        assert dupes[0][0] == 0
        # The budget counted what the rows say was spent, attempt by attempt.
        for topic_id in topics:
            spent = rows(env, "select sum(cost_usd) from (select cost_usd from llm_calls where "
                              "topic_id = ? and run_id = ? union all select cost_usd from "
                              "search_calls where topic_id = ? and run_id = ?)",
                         [topic_id, f"run-{topic_id}"] * 2)[0][0]
            assert spent > 0
            assert services.store.topic_cost(topic_id) >= spent


def test_a_killed_round_leaves_a_row_for_every_request_and_the_budget_sees_them(
        env, monkeypatch):
    child: list[subprocess.Popen] = []
    served_before_kill: list[int] = []

    def killing(request: Request):
        if len(gem.requests) >= 4 and child and not served_before_kill:
            served_before_kill.append(len(gem.requests))
            os.kill(child[0].pid, signal.SIGKILL)
            child[0].wait()
        return fake_world.gemini_model(request)

    with FakeServer(fake_world.exa_search) as exa, FakeServer(killing) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        path = write_topic(env / "topics", "tides", TIDES)
        services = _services()
        approve_topic(services, path)  # the plan: one model request, in this process
        script = ("from research_pipeline import pipeline\n"
                  "from research_pipeline.settings import load_settings\n"
                  "pipeline.run_research(pipeline.Services(settings=load_settings()), "
                  "'tides', 'run-killed')\n")
        child.append(subprocess.Popen([sys.executable, "-c", script], cwd=PROJECT))
        assert child[0].wait(timeout=120) == -signal.SIGKILL
        served = len(gem.requests)
        assert served_before_kill
        # Every request the server received has its row, written before it was sent; those
        # in flight at the kill stay 'sent' (a thread killed between writing its row and
        # sending would leave one row more than requests, never one less).
        statuses = [r[0] for r in rows(env, "select status from llm_calls "
                                            "where attempt is not null")]
        in_flight = statuses.count("sent")
        assert served <= len(statuses) <= served + 1
        assert in_flight >= 1 and set(statuses) <= {"sent", "answered"}
        assert paid_requests(env, "search_calls") == len(exa.requests)
        killed_cost = rows(env, "select sum(cost_usd) from (select cost_usd from llm_calls "
                                "where run_id = 'run-killed' union all select cost_usd from "
                                "search_calls where run_id = 'run-killed')")[0][0]
        assert killed_cost > 0
        # The next run resumes the same research, and its budget starts at what was spent.
        research_id = rows(env, "select research_id from research_rounds")[0][0]
        assert services.store.research_cost(research_id, "run-2", "tides") >= killed_cost
        markdown = _research(services, "tides", "run-2")
        assert rows(env, "select count(distinct research_id) from research_rounds")[0][0] == 1
        assert "[^1]" in markdown


def test_a_search_that_stays_down_is_skipped_and_the_round_goes_on(env, monkeypatch):
    def first_query_down(request: Request):
        if "causes" in request.body["query"]:
            return error_reply(500, "search backend unavailable")
        return fake_world.exa_search(request)

    with FakeServer(first_query_down) as exa, FakeServer(fake_world.gemini_model) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        path = write_topic(env / "topics", "tides", TIDES)
        services = _services()
        approve_topic(services, path)
        markdown = _research(services, "tides", "run-1")
        undone = markdown.split("## Left undone", 1)[1]
        assert "1 search failed after their retries and were skipped" in undone
        assert "Exa answered HTTP 500 (5 attempts" in undone
        assert paid_requests(env, "search_calls") == len(exa.requests)


def test_when_every_search_fails_the_topic_fails_with_one_line(env, monkeypatch):
    with FakeServer(lambda r: error_reply(503, "maintenance")) as exa, \
            FakeServer(fake_world.gemini_model) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        path = write_topic(env / "topics", "tides", TIDES)
        services = _services()
        approve_topic(services, path)
        with pytest.raises(ProviderUnavailable) as raised:
            pipeline.run_research(services, "tides", "run-1")
        message = str(raised.value)
        assert "\n" not in message
        assert message.startswith("every search of the research failed")
        assert "Exa answered HTTP 503" in message and "try again later" in message


def test_model_text_obeys_the_report_rules(env, monkeypatch):
    def brain(request: Request):
        name = request.body["tools"][0]["functionDeclarations"][0]["name"]
        args = fake_world.brain(name, fake_world._prompt(request))
        if name == "PlanOut":
            args["queries"][0]["query"] = "site:evil.example tides http://evil.example/x"
            args["queries"].append({"question_number": 9, "query": "no such question"})
        if name == "ExtractOut" and args["facts"]:
            # One quote in the source's words with its punctuation lost, one invented.
            args["facts"][0]["quote"] = args["facts"][0]["quote"].replace(",", "").upper()
            args["facts"].append({"question_number": 1, "fact": "The Moon is cheese.",
                                  "quote": "the moon is made of green cheese entirely"})
        if name == "AnswerOut":
            args["overview"] = ("See [the source](http://evil.example/x) or "
                                "https://evil.example/y.\n## Injected heading")
        return fake_world.gemini_function_call(name, args)

    with FakeServer(fake_world.exa_search) as exa, FakeServer(brain) as gem:
        point_at(monkeypatch, exa.url, gem.url)
        monkeypatch.setenv("RESEARCH_POLICY_FILE", str(env / "POLICY.md"))
        (env / "POLICY.md").write_text("## Blocked domains\n- evil.example\n")
        path = write_topic(env / "topics", "tides", TIDES)
        services = _services()
        approve_topic(services, path)
        markdown = _research(services, "tides", "run-1")
        assert "evil.example" not in markdown and "## Injected" not in markdown
        assert foreign_urls(markdown, env) == []
        assert all("http" not in r.body["query"] and ":" not in r.body["query"]
                   for r in exa.requests)
        notes = [r[0] for r in rows(env, "select error from llm_calls where status = "
                                         "'sanitized' order by created_at")]
        assert any("queries made plain" in n for n in notes)
        assert any("quotes not verbatim" in n for n in notes)
        assert any("links, URLs or markup removed" in n for n in notes)
        quotes = [r[0] for r in rows(env, "select quote from facts")]
        assert quotes and not any("cheese" in q for q in quotes)
        assert rows(env, "select count(*) from llm_calls where fallback")[0][0] == 0
