"""Launching a topic's partition of a named job on the project's instance, and waiting."""

from __future__ import annotations

import re
from dataclasses import dataclass

import dagster as dg

from research_pipeline.defs.partitions import TOPICS_PARTITION

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
    result = dg.execute_job(
        recon, instance=instance, run_config=run_config,
        tags={"dagster/partition": topic_id, LAUNCHED_BY_TAG: "cli", **(tags or {})},
    )
    error = None
    if not result.success:
        messages = []
        for event in result.all_events:
            if event.is_step_failure and event.step_failure_data is not None:
                err = event.step_failure_data.error
                messages.append(f"{event.step_key}: {_root_message(err)}")
        error = "; ".join(messages) or "the run failed (see the Dagster UI for its logs)"
    return Launched(run_id=result.run_id, success=result.success, error=error)


def _root_message(err: object) -> str:
    # Dagster wraps user errors; the outermost error that is not Dagster's own is the one
    # that says what failed and what to do (its causes are the provider's details).
    chain = []
    while err is not None:
        chain.append(err)
        err = getattr(err, "cause", None)
    ours = [e for e in chain if not str(getattr(e, "cls_name", "") or "").startswith("Dagster")]
    first = (ours or chain[-1:] or [None])[0]
    message = str(getattr(first, "message", first) or "").strip()
    line = message.splitlines()[0] if message else "unknown error"
    # "research_pipeline.errors.ProviderRefused: text" reads as the text alone.
    return re.sub(r"^research_pipeline\.[\w.]+: ", "", line)
