"""Asset checks: the approval gate, and the independent citation check."""


import dagster as dg

from research_pipeline import pipeline
from research_pipeline.defs.assets import report, research_plan
from research_pipeline.defs.partitions import topics_partitions
from research_pipeline.defs.resources import ResearchResource


@dg.asset_check(
    asset=research_plan, blocking=True, partitions_def=topics_partitions,
    description="Passes only when the topic's current plan version has a stored approval.",
)
def plan_approved(
    context: dg.AssetCheckExecutionContext, research: ResearchResource
) -> dg.AssetCheckResult:
    """The human approval gate (or the policy auditor's, for ``approval: auto``)."""
    services = research.services(context.log)
    topic_id = context.partition_key
    current, decision = pipeline.approval_state(services, topic_id)
    topic = pipeline.load_registered_topic(services, topic_id)
    stale = current is not None and current["topic_hash"] != topic.content_hash
    approved = (
        current is not None and not stale and decision is not None
        and decision["decision"] == "approved"
    )
    state = "no plan" if current is None else (
        "topic changed since the plan was made" if stale else
        (decision["decision"] if decision else "awaiting approval"))
    metadata: dict[str, dg.RawMetadataValue] = {
        "state": state,
        "approve_with": f"research-pipeline approve {topic_id}",
    }
    if current is not None:
        metadata["plan_version"] = current["plan_version"]
        metadata["plan"] = dg.MetadataValue.md(current["plan_markdown"])
    if decision is not None:
        metadata["decided_by"] = decision["decided_by"]
        metadata["decision_source"] = decision["source"]
    return dg.AssetCheckResult(passed=approved, metadata=metadata,
                               severity=dg.AssetCheckSeverity.ERROR)


@dg.asset_check(
    asset=report, partitions_def=topics_partitions,
    description="Re-reads the written report and finds every footnote quote in its stored source.",
)
def citations_verified(
    context: dg.AssetCheckExecutionContext, research: ResearchResource
) -> dg.AssetCheckResult:
    """Every footnote meets the contract and quotes its source verbatim."""
    services = research.services(context.log)
    row, check = pipeline.verify_report(services, context.partition_key)
    return dg.AssetCheckResult(
        passed=check.ok,
        metadata={
            "footnotes": len(check.footnotes),
            "verified": sum(check.verified.values()),
            "problems": dg.MetadataValue.md(
                "\n".join(f"- {p}" for p in check.problems) or "none"),
            "report": row["path"] if row else "",
        },
    )


@dg.asset_check(
    asset=report, partitions_def=topics_partitions,
    description="Every plan question is answered with citations or listed as open with a reason.",
)
def questions_accounted(
    context: dg.AssetCheckExecutionContext, research: ResearchResource
) -> dg.AssetCheckResult:
    """No question silently dropped; the share answered is a quality score (WARN below half)."""
    services = research.services(context.log)
    missing, answered, total = pipeline.account_questions(services, context.partition_key)
    share = answered / total if total else 0.0
    if missing:
        return dg.AssetCheckResult(
            passed=False, severity=dg.AssetCheckSeverity.ERROR,
            metadata={"unaccounted": dg.MetadataValue.md("\n".join(f"- {q}" for q in missing)),
                      "answered_share": round(share, 3)})
    return dg.AssetCheckResult(
        passed=share >= 0.5, severity=dg.AssetCheckSeverity.WARN,
        metadata={"answered": f"{answered}/{total}", "answered_share": round(share, 3)})
