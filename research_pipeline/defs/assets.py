"""The per-topic assets and checks, materialized by one step over many topics.

``research_plan``, ``research_rounds``, ``facts`` and ``report`` (with the checks
``plan_approved``, ``citations_verified`` and ``questions_accounted``) are one multi-asset,
so that a run over a range of topic partitions (a bulk ``run``, a backfill from the UI, the
refresh schedule: ``BackfillPolicy.single_run``) researches its topics at the same time,
each topic's chain plan → gate → rounds → facts → report running as soon as its own
previous step is done. Each topic gets its own materializations (only of the steps it
finished), its own check evaluations and its own metadata; the multi-asset enforces the
blocking gate itself, per topic, as Dagster asks of multi-assets with blocking checks.
"""


import logging
import sys
from collections.abc import Iterator
from typing import Any

import dagster as dg
from pydantic import Field

from research_pipeline import pipeline
from research_pipeline.defs.checks import CHECK_SPECS, check_evaluation
from research_pipeline.defs.partitions import topics_partitions
from research_pipeline.defs.resources import ResearchResource
from research_pipeline.launcher import RESEARCH_OP, claim_topics
from research_pipeline.live.redact import redact
from research_pipeline.pipeline import bulk

GROUP = "research"
KINDS = {"python", "duckdb"}
PROGRESS = logging.getLogger("research_pipeline.progress")

# The specs live in a mapping, not as module attributes: the defs loader would take a bare
# AssetSpec for a second definition of the asset.
SPECS = {s.key.to_user_string(): s for s in (
    dg.AssetSpec(
        "research_plan", group_name=GROUP, kinds=KINDS, skippable=True,
        description="The question plan and first queries for a topic: what a person approves."),
    dg.AssetSpec(
        "research_rounds", deps=["research_plan"], group_name=GROUP, kinds=KINDS,
        skippable=True,
        description="The round loop: searches, reflections and knowledge gaps, round by round."),
    dg.AssetSpec(
        "facts", deps=["research_rounds"], group_name=GROUP, kinds=KINDS, skippable=True,
        description="Concise facts, each with a verbatim quote and its source."),
    dg.AssetSpec(
        "report", deps=["facts"], group_name=GROUP, kinds=KINDS, skippable=True,
        description="The footnoted markdown report in reports/<topic_id>.md."),
)}
RESEARCH_PLAN, RESEARCH_ROUNDS, FACTS, REPORT = (
    dg.AssetKey(name) for name in ("research_plan", "research_rounds", "facts", "report"))


class ResearchTopicsConfig(dg.Config):
    """Run config of the research step (all optional)."""

    topics: list[str] = Field(
        default_factory=list,
        description="Research only these topics of the run's partition range (default: all).")
    approve_as: str | None = Field(
        None, description="Record this person's approval of each plan that has none, and "
        "go on to research it (what 'run --approve' sets).")


@dg.multi_asset(
    name=RESEARCH_OP, specs=list(SPECS.values()), check_specs=CHECK_SPECS,
    partitions_def=topics_partitions, can_subset=True,
    backfill_policy=dg.BackfillPolicy.single_run(), pool="research",
    description="Plan, gate, research, extract and report each topic of the run, the topics "
    "overlapping; provider limits are shared by all of them.",
)
def research_topics(
    context: dg.AssetExecutionContext, research: ResearchResource, config: ResearchTopicsConfig
) -> Iterator[dg.AssetMaterialization | dg.AssetCheckEvaluation | dg.Output]:
    """Each selected step for each topic; one topic's failure fails only that topic."""
    wanted = set(config.topics)
    topic_ids = [k for k in context.partition_keys if not wanted or k in wanted]
    selected = {k.to_user_string() for k in context.selected_asset_keys} | {
        k.name for k in context.selected_asset_check_keys}
    steps = [s for s in bulk.ALL_STEPS if s in selected]
    failed: dict[str, str] = {}
    busy = claim_topics(context.instance, context.run.run_id, topic_ids)
    for topic_id, holder in busy.items():
        # Not a failure: the topic is being researched, by the older run.
        _say(context, f"{topic_id}: skipped, run {holder} is researching it", logging.WARNING)
    todo = [t for t in topic_ids if t not in busy]
    services_for = research.services_factory(context.run.tags)
    if not PROGRESS.handlers:
        PROGRESS.addHandler(logging.StreamHandler(sys.stderr))
        PROGRESS.setLevel(logging.INFO)
    _say(context, f"{len(todo)} topic(s): {', '.join(steps)}")
    # Each topic's seven events are written from this thread as its steps finish.
    with services_for().store.session():
        for event in bulk.research_topics(
                services_for, todo, context.run.run_id, steps=steps,
                approve_as=config.approve_as, job=context.run.job_name,
                workers=research.topic_workers()):
            if isinstance(event, bulk.Note):
                # Round by round progress goes to the progress logger only (the CLI prints
                # it; a UI run's stderr shows it): every event-log line costs ~20 ms of
                # the run, and the materializations carry the same numbers.
                PROGRESS.info(event.message)
            elif isinstance(event, bulk.StepDone):
                yield from _events_for(context.instance, event)
            elif event.state == "failed":
                # The error says what failed and what to do; no key reaches the event log.
                failed[event.topic_id] = redact(f"{event.failed_step}: {event.error}")
                _say(context, f"{event.topic_id}: failed in {failed[event.topic_id]}"
                     + (f"\n{redact(event.detail)}" if event.detail else ""), logging.ERROR)
            elif event.state == "awaiting approval":
                _say(context, f"{event.topic_id}: {event.state} ({event.seconds:.1f}s)")
            else:
                # Its materializations and checks say it; a log line would be one event more.
                PROGRESS.info(f"{event.topic_id}: {event.state} ({event.seconds:.1f}s)")
    # Every evaluation was logged per topic above; these empty outputs only tell Dagster
    # that the selected checks ran.
    for key in context.selected_asset_check_keys:
        yield dg.Output(None, output_name=context.assets_def.get_output_name_for_asset_check_key(
            key))
    if failed:
        raise dg.Failure(
            description=f"{len(failed)} of {len(topic_ids)} topic(s) failed: "
            + "; ".join(f"{t}: {m}" for t, m in failed.items()),
            metadata={"failed_topics": dg.MetadataValue.json(failed),
                      "failed": len(failed), "topics": len(topic_ids)},
        )


def _say(context: dg.AssetExecutionContext, message: str, level: int = logging.INFO) -> None:
    """To the run's log in the UI, and to the progress logger the CLI prints."""
    context.log.log(level, message)
    PROGRESS.log(level, message)


def _events_for(instance: dg.DagsterInstance, done: bulk.StepDone
                ) -> Iterator[dg.AssetMaterialization | dg.AssetCheckEvaluation]:
    if done.step in SPECS:
        yield dg.AssetMaterialization(
            asset_key=SPECS[done.step].key, partition=done.topic_id,
            metadata=_METADATA[done.step](done),
        )
    else:
        yield check_evaluation(instance, done)


def _plan_metadata(done: bulk.StepDone) -> dict[str, Any]:
    outcome: pipeline.PlanOutcome = done.outcome
    return {
        "plan": dg.MetadataValue.md(outcome.markdown),
        "plan_version": outcome.plan_version,
        "revision": outcome.plan.revision,
        "questions": len(outcome.plan.questions),
        "queries": len(outcome.plan.queries),
        "reused": outcome.reused,
        "decision": outcome.decision or "awaiting approval",
        "approve_with": f"research-pipeline approve {done.topic_id}",
        "topic_file": str(outcome.topic.path),
        "estimated_cost_usd": done.extra["estimated_cost_usd"],
        "cost_usd": done.cost_usd,
        "model_fallbacks": _fallbacks(done),
    }


def _rounds_metadata(done: bulk.StepDone) -> dict[str, Any]:
    outcome: pipeline.ResearchOutcome = done.outcome
    return {
        "research_id": outcome.research_id,
        "rounds": outcome.rounds,
        "stop_reason": outcome.stop_reason,
        "queries": outcome.queries,
        "sources": outcome.sources,
        "answered": outcome.answered,
        "questions": outcome.questions,
        "answered_share": _share(outcome.answered, outcome.questions),
        "resumed_after_round": outcome.resumed_from,
        "seconds": round(outcome.seconds, 2),
        "cost_usd": done.cost_usd,
        "model_fallbacks": _fallbacks(done),
    }


def _facts_metadata(done: bulk.StepDone) -> dict[str, Any]:
    outcome: pipeline.FactsOutcome = done.outcome
    return {
        "facts": outcome.facts,
        "questions_with_facts": outcome.questions_with_facts,
        "sources_cited": outcome.sources_cited,
        "cost_usd": done.cost_usd,
        "model_fallbacks": _fallbacks(done),
    }


def _report_metadata(done: bulk.StepDone) -> dict[str, Any]:
    outcome: pipeline.ReportOutcome = done.outcome
    return {
        "report": dg.MetadataValue.md(outcome.markdown),
        "path": dg.MetadataValue.path(str(outcome.path)),
        "citations": outcome.citations,
        "answered": outcome.answered,
        "questions": outcome.questions,
        "answered_share": _share(outcome.answered, outcome.questions),
        "open_questions": outcome.open_questions,
        "unsupported_sentences_dropped": outcome.dropped_sentences,
        "cost_usd": done.cost_usd,
        "model_fallbacks": _fallbacks(done),
        "topic_cost_usd": done.extra["topic_cost_usd"],
    }


def _fallbacks(done: bulk.StepDone) -> dg.MetadataValue:
    """The step's model calls that fell back to the extractive researcher, and why."""
    return dg.MetadataValue.md("\n".join(f"- {line}" for line in done.fallbacks) or "none")


def _share(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


_METADATA = {"research_plan": _plan_metadata, "research_rounds": _rounds_metadata,
             "facts": _facts_metadata, "report": _report_metadata}
