"""Named jobs: the plan step, the gated research run, and the approval job for the UI."""


import dagster as dg

from research_pipeline import pipeline
from research_pipeline.defs.assets import FACTS, REPORT, RESEARCH_PLAN, RESEARCH_ROUNDS
from research_pipeline.defs.resources import ResearchResource

PLAN_JOB = "plan_job"
RESEARCH_JOB = "research_job"

plan_job = dg.define_asset_job(
    PLAN_JOB,
    selection=dg.AssetSelection.assets(RESEARCH_PLAN).without_checks(),
    description="Make (or reuse, or revise) the topics' plans. Spends no search; stops at the "
    "gate.",
)

research_job = dg.define_asset_job(
    RESEARCH_JOB,
    selection=dg.AssetSelection.assets(RESEARCH_PLAN, RESEARCH_ROUNDS, FACTS, REPORT),
    description="Plan, gate and research the topics in one run: a topic whose plan is not "
    "approved stops at the gate (plan_approved) with nothing searched; the others go on to "
    "rounds, facts, report and its checks, all topics at once.",
)


class ApprovePlanConfig(dg.Config):
    """Launchpad config of ``approve_plan``."""

    topic: str
    decision: str = "approved"
    by: str = "dagster-ui"
    note: str = ""


@dg.op(description="Record an approval or rejection of a topic's current plan.")
def record_plan_decision(
    context: dg.OpExecutionContext, config: ApprovePlanConfig, research: ResearchResource
) -> None:
    """Write the decision; the approval sensor launches the gated run."""
    decision = {"approve": "approved", "reject": "rejected"}.get(config.decision, config.decision)
    services = research.services(context.log)
    result = pipeline.decide(services, config.topic, decision, config.by, config.note or None,
                             "dagster-ui")
    if not result["recorded"]:
        context.log.info(f"{config.topic}: plan {result['plan_version']} was already approved; "
                         "nothing recorded")
        return
    context.log.info(
        f"{config.topic}: plan {result['plan_version']} {decision} by {config.by}"
    )
    context.log_event(
        dg.AssetObservation(
            asset_key=RESEARCH_PLAN, partition=config.topic,
            metadata={"decision": decision, "by": config.by,
                      "plan_version": result["plan_version"], "note": config.note},
        )
    )


@dg.job(description="Approve or reject a plan from the launchpad (topic, decision, by, note).")
def approve_plan() -> None:
    """Record one decision."""
    record_plan_decision()


@dg.definitions
def jobs() -> dg.Definitions:
    """The jobs of the project."""
    return dg.Definitions(jobs=[plan_job, research_job, approve_plan])
