"""A crash mid-research resumes after the last finished round, repeating none of it."""

import pytest

from research_pipeline import pipeline
from research_pipeline.search import LocalSearch
from tests.conftest import MULTI_ROUND_TOPIC, approve_topic, write_topic

TOPIC = MULTI_ROUND_TOPIC


class Crash(RuntimeError):
    pass


def test_retry_resumes_after_the_last_finished_round(services, env, monkeypatch):
    topic = approve_topic(services, write_topic(env / "topics", "gen", TOPIC))
    real = LocalSearch.search
    seen_queries: list[str] = []

    def flaky(self, query, filters, num_results):
        seen_queries.append(query)
        if services.runtime.calls.current_round == 2:
            raise Crash("the machine went away")
        return real(self, query, filters, num_results)

    monkeypatch.setattr(LocalSearch, "search", flaky)
    with pytest.raises(Crash):
        pipeline.run_research(services, topic.id, "run-1")
    rounds = services.store._read(  # noqa: SLF001
        "select round, run_id from research_rounds order by round")
    # Round 0 records that the research began, so that a first round cut short resumes.
    assert [(r["round"], r["run_id"]) for r in rounds] == [(0, "run-1"), (1, "run-1")]
    done = services.store._read("select query_text from search_queries")  # noqa: SLF001
    first_round_queries = {r["query_text"] for r in done}
    assert first_round_queries and len(seen_queries) > len(first_round_queries)

    monkeypatch.setattr(LocalSearch, "search", real)
    resumed = pipeline.run_research(services, topic.id, "run-2")
    assert resumed.resumed_from == 1
    assert resumed.rounds > 1
    rows = services.store._read(  # noqa: SLF001
        "select round, run_id, query_text from search_queries order by round")
    assert {r["run_id"] for r in rows if r["round"] == 1} == {"run-1"}
    assert {r["run_id"] for r in rows if r["round"] > 1} == {"run-2"}
    later = {r["query_text"] for r in rows if r["round"] > 1}
    assert not later & first_round_queries
    pipeline.extract_facts(services, topic.id, "run-2")
    report = pipeline.write_report(services, topic.id, "run-2")
    assert report.open_questions >= 1
    open_part, undone = report.markdown.split("## Open questions")[1].split("## Left undone")
    assert "zebra quagga okapi" in open_part
    # Why the research stopped is said once, with the topic file's field that sets it.
    assert "stopped" not in open_part
    assert "raise max_rounds in gen.md to search further" in undone
