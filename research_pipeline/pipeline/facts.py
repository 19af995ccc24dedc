"""The facts step: consolidate verbatim passages per question."""

from __future__ import annotations

from dataclasses import dataclass

from research_pipeline.live.runtime import BudgetExceeded
from research_pipeline.pipeline.rounds import finished_research
from research_pipeline.pipeline.services import (
    Services,
    keep_spent,
    own_calls,
    research_spent,
)
from research_pipeline.researcher.base import Evidence


@dataclass
class FactsOutcome:
    """What fact extraction did."""

    research_id: str
    facts: int
    questions_with_facts: int
    sources_cited: int


def extract_facts(services: Services, topic_id: str, run_id: str) -> FactsOutcome:
    """Choose verbatim passages per question from the research's sources."""
    topic, plan, _, latest = finished_research(services, topic_id)
    research_id = latest["research_id"]
    store = services.store
    evidence = [Evidence(s, score, r) for s, score, r in store.research_sources(research_id)]
    reflection = store.final_reflection(research_id)
    calls = services.start(topic_id, run_id, topic.spec.max_cost_usd,
                           research_spent(services, topic_id, research_id, run_id))
    researcher = services.researcher
    try:
        if own_calls(researcher):
            # A model researcher extracted facts round by round; only sources that became
            # relevant after their round's extraction are still to read.
            facts = store.round_facts(research_id)
            rounds = store.research_rounds(research_id)
            done = set(rounds[-1]["state"].get("extracted", [])) if rounds else set()
            relevant = {s for a in reflection.assessments for s in a.evidence_source_ids}
            rest = [e for e in evidence if e.source.source_id in relevant - done]
            if rest:
                facts += researcher.extract_facts(plan, reflection, rest)
        else:
            facts = calls.step(
                "extract_facts", researcher.name, researcher.model,
                {"research_id": research_id, "sources": [e.source.source_id for e in evidence]},
                lambda: researcher.extract_facts(plan, reflection, evidence),
            )
    except BudgetExceeded as exc:
        services.progress(f"{topic_id}: no facts extracted: {exc}")
        facts = []
    finally:
        store.record_calls(topic_id, run_id, llm_calls=calls.drain()[1])
    store.save_facts(research_id, topic_id, run_id, facts)
    keep_spent(services, topic_id, research_id, run_id)
    return FactsOutcome(research_id, len(facts), len({f.question_id for f in facts}),
                        len({f.url for f in facts}))


