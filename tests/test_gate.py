"""The approval gate read once per step that spends (and per round), never trusted from before.

A topic's chain reads the approval of its current plan from the store at the start of the
rounds, before every later round, and at the start of the facts and report steps; what the
chain already knows (where the topic file is, plans by version, the research it finished)
is not read again.
"""

import pytest

from research_pipeline import pipeline
from research_pipeline.pipeline import bulk
from research_pipeline.search import LocalSearch
from research_pipeline.store import Store
from research_pipeline.topics import parse_topic
from tests.conftest import MULTI_ROUND_TOPIC, approve_topic, write_topic

TOPIC = MULTI_ROUND_TOPIC


def _searched_rounds(services, monkeypatch):
    """The round of every search sent (a spy around the real local search)."""
    real = LocalSearch.search
    rounds: list[int] = []

    def spy(self, query, filters, num_results):
        rounds.append(services.runtime.calls.current_round)
        return real(self, query, filters, num_results)

    monkeypatch.setattr(LocalSearch, "search", spy)
    return rounds


def _after_round(monkeypatch, when, action):
    """Run ``action`` right after the store saved a round for which ``when(round, stop)``."""
    real = Store.save_round
    done: list[int] = []

    def save_round(self, **kwargs):
        real(self, **kwargs)
        if not done and when(kwargs["round_no"], kwargs["stop_reason"]):
            done.append(kwargs["round_no"])
            action()

    monkeypatch.setattr(Store, "save_round", save_round)
    return done


def _reject(services, topic_id):
    # Another actor (a person in the UI, say) with its own services.
    other = pipeline.Services(settings=services.settings)
    pipeline.decide(other, topic_id, "rejected", "reviewer", "- 3", "test")


def _new_approved_plan(services, topic_id):
    other = pipeline.Services(settings=services.settings)
    current = other.store.current_plan(topic_id)
    plan = current["plan"].model_copy(update={"revision": current["plan"].revision + 1})
    version = plan.version(current["topic_hash"])
    other.store.save_plan(plan, version, current["topic_hash"], None,
                          current["plan_version"], None)
    pipeline.decide(other, topic_id, "approved", "reviewer", None, "test")


@pytest.mark.parametrize(("change", "says"), [(_reject, "is rejected"),
                                              (_new_approved_plan, "replaced plan")])
def test_a_decision_recorded_during_the_research_stops_it_before_the_next_round(
        services, env, monkeypatch, change, says):
    topic = approve_topic(services, write_topic(env / "topics", "gen", TOPIC))
    searched = _searched_rounds(services, monkeypatch)
    changed = _after_round(monkeypatch, lambda round_no, stop: round_no == 1,
                           lambda: change(services, topic.id))
    with pytest.raises(pipeline.NotApprovedError, match=says):
        pipeline.run_research(services, topic.id, "run-1")
    assert changed == [1]
    # Round 1 was kept; nothing of round 2 was sent.
    assert searched and set(searched) == {1}
    rounds = services.store._read(  # noqa: SLF001
        "select round, stop_reason from research_rounds order by round")
    assert [(r["round"], r["stop_reason"]) for r in rounds] == [(0, None), (1, None)]
    assert {r["round"] for r in services.store._read(  # noqa: SLF001
        "select round from search_calls")} == {1}


def test_a_rejection_after_the_rounds_stops_the_facts_and_the_report(services, env, monkeypatch):
    path = write_topic(env / "topics", "gen", TOPIC)
    topic = approve_topic(services, path)
    _after_round(monkeypatch, lambda _round, stop: stop is not None,
                 lambda: _reject(services, topic.id))
    events = list(bulk.research_topics(
        lambda: pipeline.Services(settings=services.settings), [topic.id], "run-1",
        steps=[bulk.GATE, bulk.ROUNDS, bulk.FACTS, bulk.REPORT]))
    done = [e for e in events if isinstance(e, bulk.TopicDone)]
    assert [(d.state, d.failed_step) for d in done] == [("failed", bulk.FACTS)]
    assert "is rejected" in (done[0].error or "")
    assert [e.step for e in events if isinstance(e, bulk.StepDone)] == [bulk.GATE, bulk.ROUNDS]
    assert services.store._read("select count(*) as n from facts")[0]["n"] == 0  # noqa: SLF001
    assert not (env / "reports" / "gen.md").exists()


def test_a_topic_chain_reads_the_gate_once_per_step_that_spends(services, env, monkeypatch):
    path = write_topic(env / "topics", "gen", TOPIC)
    pipeline.register_topic(services, parse_topic(path))
    reads: dict[str, int] = {}
    for name in ("topic_record", "current_plan", "latest_decision", "plan_approval", "plan",
                 "latest_research", "research_cost", "latest_report"):
        real = getattr(Store, name)

        def counted(self, *args, _real=real, _name=name, **kwargs):
            reads[_name] = reads.get(_name, 0) + 1
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(Store, name, counted)
    events = list(bulk.research_topics(
        lambda: pipeline.Services(settings=services.settings), ["gen"], "run-1",
        approve_as="tester"))
    done = [e for e in events if isinstance(e, bulk.TopicDone)]
    assert [d.state for d in done] == ["reported"], done
    rounds = next(e.outcome.rounds for e in events
                  if isinstance(e, bulk.StepDone) and e.step == bulk.ROUNDS)
    assert rounds >= 2
    assert reads == {
        # The plan step: where the file is, the newest plan (none yet).
        "topic_record": 1, "current_plan": 1,
        # The approval: at the start of the rounds, before each later round, and at the
        # start of the facts and of the report step; the gate used the plan step's reading.
        "plan_approval": 1 + (rounds - 1) + 2,
        # Whether a research of the plan is to resume; what it has cost so far.
        "latest_research": 1, "research_cost": 1,
        # The citation check reads the report; the questions check uses its row.
        "latest_report": 1,
    }
