"""The research-rounds step: run or resume the round loop for the approved plan."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from research_pipeline.auditor import load_policy
from research_pipeline.errors import (
    NotApprovedError,
)
from research_pipeline.models import (
    QuestionStatus,
    ResearchPlan,
    stable_hash,
)
from research_pipeline.pipeline.plan import require_approved_plan
from research_pipeline.pipeline.services import Services, keep_spent
from research_pipeline.research import Budgets, LoopState, RoundOutput, run_rounds
from research_pipeline.researcher.base import Evidence
from research_pipeline.search import SearchFilters
from research_pipeline.topics import Topic


@dataclass
class ResearchOutcome:
    """What the round loop did."""

    research_id: str
    rounds: int
    stop_reason: str
    queries: int
    sources: int
    answered: int
    questions: int
    resumed_from: int
    seconds: float
    statuses: dict[int, QuestionStatus] = field(default_factory=dict)


def run_research(services: Services, topic_id: str, run_id: str) -> ResearchOutcome:
    """Run (or resume) the round loop for the approved plan, persisting every round."""
    started = time.monotonic()
    topic, plan, plan_version = require_approved_plan(services, topic_id)
    store = services.store
    latest = store.latest_research(topic_id, plan_version)
    resume: LoopState | None = None
    evidence: list[Evidence] = []
    if latest is not None and latest["stop_reason"] is None:
        research_id = latest["research_id"]
        rounds = store.research_rounds(research_id)
        resume = LoopState.from_json(rounds[-1]["state"])
        evidence = [Evidence(s, score, r) for s, score, r in store.research_sources(research_id)]
        services.progress(f"{topic_id}: resuming after round {resume.round_no}" if resume.round_no
                          else f"{topic_id}: resuming a first round that did not finish")
    else:
        research_id = stable_hash(topic_id, plan_version, run_id)
        resume = LoopState(pending=list(plan.queries))
        store.start_research(research_id=research_id, topic_id=topic_id,
                             plan_version=plan_version, run_id=run_id, state=resume.to_json())
    spec = topic.spec
    budgets = Budgets(spec.max_rounds, spec.max_queries, spec.max_sources, spec.max_cost_usd)
    blocked = load_policy(services.settings.policy_file).blocked_domains
    filters = SearchFilters(tuple(spec.include_domains),
                            tuple(dict.fromkeys([*spec.exclude_domains, *blocked])),
                            spec.start_date, spec.end_date)
    spent = store.research_cost(research_id, run_id, topic_id)
    calls = services.start(topic_id, run_id, spec.max_cost_usd, spent)

    def persist(output: RoundOutput) -> None:
        search_calls, llm_calls = calls.drain()
        store.save_round(
            research_id=research_id, topic_id=topic_id, plan_version=plan_version,
            run_id=run_id, round_no=output.round_no, queries=output.queries, hits=output.hits,
            reflection=output.reflection, gaps=output.gaps, state=output.state,
            stop_reason=output.stop_reason, search_calls=search_calls, llm_calls=llm_calls,
            facts=output.facts,
        )
        if output.stop_reason is None:
            # Before the next round spends: the approval is read again, so a rejection or a
            # new plan recorded during the research stops it (the research stays resumable).
            _, _, current = require_approved_plan(services, topic_id)
            if current != plan_version:
                raise NotApprovedError(
                    f"topic {topic_id!r}: plan {current} replaced plan {plan_version} during "
                    "its research; its rounds stop here")

    result = run_rounds(
        plan=plan, research_id=research_id, search=services.search,
        researcher=services.researcher, filters=filters, budgets=budgets, calls=calls,
        persist=persist, evidence=evidence, resume=resume,
        progress=lambda msg: services.progress(f"{topic_id}: {msg}"),
        search_workers=services.settings.search_concurrency,
    )
    services.known.research[(topic_id, plan_version)] = {
        "research_id": research_id, "rounds": result.rounds, "stop_reason": result.stop_reason}
    keep_spent(services, topic_id, research_id, run_id)
    statuses: dict[int, QuestionStatus] = {}
    answered = 0
    if result.reflection is not None:
        statuses = {a.question_id: a.status for a in result.reflection.assessments}
        answered = sum(s == "answered" for s in statuses.values())
    return ResearchOutcome(
        research_id=research_id, rounds=result.rounds, stop_reason=result.stop_reason,
        queries=result.queries, sources=result.sources, answered=answered,
        questions=len(plan.questions), resumed_from=result.resumed_from,
        seconds=time.monotonic() - started, statuses=statuses,
    )


def finished_research(services: Services, topic_id: str) -> tuple[Topic, ResearchPlan, str, dict]:
    """The approved topic, plan and version, and its finished research row.

    The approval is read from the store (the facts and report steps spend too); the
    research row, when the rounds step of the same chain finished it, is not read again.
    """
    topic, plan, plan_version = require_approved_plan(services, topic_id)
    latest = (services.known.research.get((topic_id, plan_version))
              or services.store.latest_research(topic_id, plan_version))
    if latest is None or latest["stop_reason"] is None:
        raise NotApprovedError(
            f"topic {topic_id!r}: the research rounds of plan {plan_version} have not finished; "
            "materialize research_rounds first"
        )
    return topic, plan, plan_version, latest


