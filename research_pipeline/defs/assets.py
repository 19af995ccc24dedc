"""Per-topic assets: the plan, the round loop, the facts, the report.

Each body loads from the store, calls the domain, and returns metadata for the UI.
"""


import dagster as dg

from research_pipeline import pipeline
from research_pipeline.defs.partitions import topics_partitions
from research_pipeline.defs.resources import ResearchResource

GROUP = "research"


def _fallbacks(services: pipeline.Services) -> dg.MetadataValue:
    """The step's model calls that fell back to the extractive researcher, and why."""
    lines = pipeline.step_fallbacks(services)
    return dg.MetadataValue.md("\n".join(f"- {line}" for line in lines) or "none")


@dg.asset(
    partitions_def=topics_partitions, group_name=GROUP, kinds={"python", "duckdb"},
    description="The question plan and first queries for a topic: what a person approves.",
)
def research_plan(
    context: dg.AssetExecutionContext, research: ResearchResource
) -> dg.MaterializeResult:
    """Make, reuse or revise the topic's plan; auto topics go to the policy auditor."""
    services = research.services(context.log, context.run.tags)
    topic_id = context.partition_key
    outcome = pipeline.make_plan(services, topic_id, context.run.run_id)
    pipeline.record_run(services, topic_id, context.run.run_id, context.run.job_name,
                        "research_plan")
    state = outcome.decision or "awaiting approval"
    context.log.info(
        f"{topic_id}: plan {outcome.plan_version} ({'reused' if outcome.reused else 'new'}), "
        f"{state}"
    )
    return dg.MaterializeResult(
        data_version=dg.DataVersion(outcome.plan_version),
        metadata={
            "plan": dg.MetadataValue.md(outcome.markdown),
            "plan_version": outcome.plan_version,
            "revision": outcome.plan.revision,
            "questions": len(outcome.plan.questions),
            "queries": len(outcome.plan.queries),
            "reused": outcome.reused,
            "decision": state,
            "approve_with": f"research-pipeline approve {topic_id}",
            "topic_file": str(outcome.topic.path),
            "estimated_cost_usd": pipeline.estimate_cost(services, outcome.plan, outcome.topic),
            "cost_usd": pipeline.step_cost(services),
            "model_fallbacks": _fallbacks(services),
        },
    )


@dg.asset(
    partitions_def=topics_partitions, group_name=GROUP, kinds={"python", "duckdb"},
    deps=[research_plan],
    description="The round loop: searches, reflections and knowledge gaps, round by round.",
)
def research_rounds(
    context: dg.AssetExecutionContext, research: ResearchResource
) -> dg.MaterializeResult:
    """Search, reflect, track gaps and follow up until answered or at a ceiling."""
    services = research.services(context.log, context.run.tags)
    topic_id = context.partition_key
    pipeline.record_run(services, topic_id, context.run.run_id, context.run.job_name,
                        "research_rounds")
    outcome = pipeline.run_research(services, topic_id, context.run.run_id)
    return dg.MaterializeResult(
        metadata={
            "research_id": outcome.research_id,
            "rounds": outcome.rounds,
            "stop_reason": outcome.stop_reason,
            "queries": outcome.queries,
            "sources": outcome.sources,
            "answered": f"{outcome.answered}/{outcome.questions}",
            "resumed_after_round": outcome.resumed_from,
            "seconds": round(outcome.seconds, 2),
            "cost_usd": pipeline.step_cost(services),
            "model_fallbacks": _fallbacks(services),
        },
    )


@dg.asset(
    partitions_def=topics_partitions, group_name=GROUP, kinds={"python", "duckdb"},
    deps=[research_rounds],
    description="Concise facts, each with a verbatim quote and its source.",
)
def facts(context: dg.AssetExecutionContext, research: ResearchResource) -> dg.MaterializeResult:
    """Extract facts from the sources the rounds retrieved."""
    services = research.services(context.log, context.run.tags)
    outcome = pipeline.extract_facts(services, context.partition_key, context.run.run_id)
    return dg.MaterializeResult(
        metadata={
            "facts": outcome.facts,
            "questions_with_facts": outcome.questions_with_facts,
            "sources_cited": outcome.sources_cited,
            "cost_usd": pipeline.step_cost(services),
            "model_fallbacks": _fallbacks(services),
        },
    )


@dg.asset(
    partitions_def=topics_partitions, group_name=GROUP, kinds={"python", "duckdb"},
    deps=[facts],
    description="The footnoted markdown report in reports/<topic_id>.md.",
)
def report(context: dg.AssetExecutionContext, research: ResearchResource) -> dg.MaterializeResult:
    """Write the report from stored facts; every footnote carries a verbatim quote."""
    services = research.services(context.log, context.run.tags)
    outcome = pipeline.write_report(services, context.partition_key, context.run.run_id)
    context.log.info(f"wrote {outcome.path}")
    return dg.MaterializeResult(
        metadata={
            "report": dg.MetadataValue.md(outcome.markdown),
            "path": dg.MetadataValue.path(str(outcome.path)),
            "citations": outcome.citations,
            "answered": f"{outcome.answered}/{outcome.questions}",
            "open_questions": outcome.open_questions,
            "unsupported_sentences_dropped": outcome.dropped_sentences,
            "cost_usd": pipeline.step_cost(services),
            "model_fallbacks": _fallbacks(services),
            "topic_cost_usd": services.store.topic_cost(context.partition_key),
        },
    )
