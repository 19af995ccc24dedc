"""Launching a topic's partition of a named job on the project's instance, and waiting."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import dagster as dg

from research_pipeline.defs.partitions import TOPICS_PARTITION
from research_pipeline.run_process import process_tags

LAUNCHED_BY_TAG = "research/launched_by"

_ACTIVE = [
    dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED,
    dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED,
]


def load_job(name: str) -> dg.JobDefinition:
    """Reconstruct a job of the code location by name (Dagster calls this)."""
    from research_pipeline.definitions import defs

    return defs().resolve_job_def(name)


@dataclass
class Launched:
    """The outcome of one run."""

    run_id: str
    success: bool
    error: str | None
    failed_checks: list[str] = field(default_factory=list)


def ensure_partition(instance: dg.DagsterInstance, topic_id: str) -> None:
    """Add the topic's partition if it is not there yet (never removes others)."""
    if not instance.has_dynamic_partition(TOPICS_PARTITION, topic_id):
        instance.add_dynamic_partitions(TOPICS_PARTITION, [topic_id])


def active_run(instance: dg.DagsterInstance, topic_id: str) -> str | None:
    """The id of a queued or running run of the topic, if any."""
    runs = instance.get_runs(
        filters=dg.RunsFilter(tags={"dagster/partition": topic_id}, statuses=_ACTIVE), limit=1
    )
    return runs[0].run_id if runs else None


def run_partition(
    instance: dg.DagsterInstance, job_name: str, topic_id: str, tags: dict[str, str] | None = None,
    log_level: str = "WARNING",
) -> Launched:
    """Execute one partition of a job on the instance and wait for it."""
    recon = dg.build_reconstructable_job(
        "research_pipeline.launcher", "load_job", reconstructable_args=(job_name,)
    )
    run_config = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    # The run executes in this process: its tags name it, so that a later command can
    # tell when it was killed (see run_process).
    result = dg.execute_job(
        recon, instance=instance, run_config=run_config,
        tags={"dagster/partition": topic_id, LAUNCHED_BY_TAG: "cli", **process_tags(),
              **(tags or {})},
    )
    error = None
    if not result.success:
        messages = []
        for event in result.all_events:
            if event.is_step_failure and event.step_failure_data is not None:
                err = event.step_failure_data.error
                messages.append(f"{event.step_key}: {_root_message(err)}")
        error = "; ".join(messages) or "the run failed (see the Dagster UI for its logs)"
    return Launched(run_id=result.run_id, success=result.success, error=error,
                    failed_checks=failed_checks(result.all_events))


def failed_checks(events: Sequence[dg.DagsterEvent]) -> list[str]:
    """The asset checks of a run that failed with ERROR severity, each with its problems.

    The approval gate is left out: an unapproved plan awaits approval, it has not failed.
    """
    out = []
    for event in events:
        if event.event_type != dg.DagsterEventType.ASSET_CHECK_EVALUATION:
            continue
        evaluation = event.asset_check_evaluation_data
        if (evaluation.passed or evaluation.severity != dg.AssetCheckSeverity.ERROR
                or evaluation.check_name == "plan_approved"):
            continue
        details = [str(getattr(v, "value", v)) for k, v in evaluation.metadata.items()
                   if k in ("problems", "unaccounted")]
        detail = " ".join(" ".join(details).split())
        out.append(f"{evaluation.check_name} failed" + (f": {detail}" if detail else ""))
    return out


def _root_message(err: object) -> str:
    # Dagster wraps user errors; the innermost cause carries the message a person needs.
    while getattr(err, "cause", None) is not None:
        err = err.cause  # type: ignore[attr-defined]
    message = getattr(err, "message", str(err)).strip()
    return message.splitlines()[-1] if message else "unknown error"
