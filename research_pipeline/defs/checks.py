"""Asset checks: the approval gate, the independent citation check, questions accounted.

They are evaluated by the research step (``defs/assets.py``), once per topic, each
evaluation carrying the topic's partition: a run over many topics shows every topic's
own result.
"""

from __future__ import annotations

from typing import Any

import dagster as dg
from dagster._core.definitions.asset_checks.asset_check_evaluation import (
    AssetCheckEvaluationTargetMaterializationData,
)
from dagster._core.storage.event_log.base import AssetRecordsFilter

from research_pipeline.defs.partitions import topics_partitions
from research_pipeline.pipeline import bulk

PLAN_APPROVED = dg.AssetCheckSpec(
    "plan_approved", asset="research_plan", blocking=True, partitions_def=topics_partitions,
    description="Passes only when the topic's current plan version has a stored approval. "
    "Research never starts for a topic whose plan awaits a person (WARN: not an error).",
)
CITATIONS_VERIFIED = dg.AssetCheckSpec(
    "citations_verified", asset="report", partitions_def=topics_partitions,
    description="Re-reads the written report and finds every footnote quote in its stored "
    "source.",
)
QUESTIONS_ACCOUNTED = dg.AssetCheckSpec(
    "questions_accounted", asset="report", partitions_def=topics_partitions,
    description="Every plan question is answered with citations or listed as open with a "
    "reason (WARN when under half are answered).",
)
CHECK_SPECS = [PLAN_APPROVED, CITATIONS_VERIFIED, QUESTIONS_ACCOUNTED]
_SPECS = {s.name: s for s in CHECK_SPECS}


def check_evaluation(instance: dg.DagsterInstance, done: bulk.StepDone
                     ) -> dg.AssetCheckEvaluation:
    """One topic's evaluation of one check, under the topic's partition.

    It names the partition's latest materialization as its target: the UI counts a
    partition's check only against its current materialization.
    """
    spec = _SPECS[done.step]
    passed, severity, metadata = _RESULTS[done.step](done)
    return dg.AssetCheckEvaluation(
        asset_key=spec.asset_key, check_name=spec.name, passed=passed, metadata=metadata,
        severity=severity, blocking=spec.blocking, partition=done.topic_id,
        target_materialization_data=_target(instance, spec.asset_key, done.topic_id),
    )


def _target(instance: dg.DagsterInstance, key: dg.AssetKey,
            partition: str) -> AssetCheckEvaluationTargetMaterializationData | None:
    """The partition's latest materialization.

    The one this process just stored when the project's event log holds it (no query),
    else the event log's latest.
    """
    written = getattr(instance.event_log_storage, "written_materialization", None)
    target = written(key, partition) if written is not None else None
    if target is not None:
        return target
    records = instance.fetch_materializations(
        AssetRecordsFilter(asset_key=key, asset_partitions=[partition]), limit=1).records
    if not records:
        return None
    return AssetCheckEvaluationTargetMaterializationData(
        storage_id=records[0].storage_id, run_id=records[0].run_id,
        timestamp=records[0].timestamp)


Result = tuple[bool, dg.AssetCheckSeverity, dict[str, Any]]


def _plan_approved(done: bulk.StepDone) -> Result:
    gate: bulk.Gate = done.outcome
    metadata: dict[str, Any] = {
        "state": gate.state,
        "approve_with": f"research-pipeline approve {done.topic_id}",
    }
    if gate.plan_version is not None:
        metadata["plan_version"] = gate.plan_version
        metadata["plan"] = dg.MetadataValue.md(gate.plan_markdown or "")
    if gate.decided_by is not None:
        metadata["decided_by"] = gate.decided_by
        metadata["decision_source"] = gate.decision_source or ""
    # A closed gate is the gate doing its job: the topic waits for a person.
    severity = dg.AssetCheckSeverity.ERROR if gate.approved else dg.AssetCheckSeverity.WARN
    return gate.approved, severity, metadata


def _citations_verified(done: bulk.StepDone) -> Result:
    row, check = done.outcome
    return check.ok, dg.AssetCheckSeverity.ERROR, {
        "footnotes": len(check.footnotes),
        "verified": sum(check.verified.values()),
        "problems": dg.MetadataValue.md("\n".join(f"- {p}" for p in check.problems) or "none"),
        "report": row["path"] if row else "",
    }


def _questions_accounted(done: bulk.StepDone) -> Result:
    missing, answered, total = done.outcome
    share = round(answered / total, 3) if total else 0.0
    counts: dict[str, Any] = {
        "answered": answered, "questions": total, "answered_share": share}
    if missing:
        return False, dg.AssetCheckSeverity.ERROR, {
            **counts, "unaccounted": dg.MetadataValue.md("\n".join(f"- {q}" for q in missing))}
    return share >= 0.5, dg.AssetCheckSeverity.WARN, counts


_RESULTS = {"plan_approved": _plan_approved, "citations_verified": _citations_verified,
            "questions_accounted": _questions_accounted}
