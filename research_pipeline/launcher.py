"""Runs of many topics on the project's instance: launching, tagging, and their outcome.

One run researches many topics: it covers the range of their partitions (Dagster's
single-run backfill form, ``dagster/asset_partition_range_start`` and ``_end``), and its
run config names the topics when they are not every partition of the range. Ranged runs
carry no ``dagster/partition`` tag, so every run also carries one tag per topic
(``research-topic/<id>``); ``active_run`` answers "is this topic being researched?" from
those tags, and the research step claims its topics the same way when it starts.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import dagster as dg
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
)

from research_pipeline.defs.partitions import TOPICS_PARTITION
from research_pipeline.run_process import process_tags, recover_dead_runs

LAUNCHED_BY_TAG = "research/launched_by"
TOPIC_TAG_PREFIX = "research-topic/"
RESEARCH_OP = "research_topics"

ACTIVE_STATUSES = [
    dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED,
    dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED,
]


def load_job(name: str) -> dg.JobDefinition:
    """Reconstruct a job of the code location by name (Dagster calls this, several times)."""
    return _definitions().resolve_job_def(name)


@functools.cache
def _definitions() -> dg.Definitions:
    # Loading the defs folder takes ~0.1 s; a run reconstructs its job four times. A run
    # needs no description of the installed component types (the UI's).
    from research_pipeline.definitions import build_definitions

    return build_definitions(component_library=False)


def topic_tag(topic_id: str) -> str:
    """The run tag key that marks a run as researching ``topic_id`` (value: the id)."""
    if len(topic_id) <= 63:
        return TOPIC_TAG_PREFIX + topic_id
    # Tag key sections are at most 63 characters; topic ids may have up to 80.
    return TOPIC_TAG_PREFIX + topic_id[:50] + "-" + hashlib.sha256(
        topic_id.encode()).hexdigest()[:12]


def topic_tags(topic_ids: Iterable[str]) -> dict[str, str]:
    """One tag per topic for a run that researches them."""
    return {topic_tag(t): t for t in topic_ids}


def active_runs(instance: dg.DagsterInstance, topic_id: str) -> list[dg.RunRecord]:
    """Queued or running runs of the topic, oldest first.

    Found by the per-topic tag, or by ``dagster/partition`` for a single-partition run
    launched from the UI that has not started (and tagged itself) yet.
    """
    return active_runs_by_topic(instance, [topic_id]).get(topic_id, [])


def active_runs_by_topic(
    instance: dg.DagsterInstance, topic_ids: Iterable[str]
) -> dict[str, list[dg.RunRecord]]:
    """``active_runs`` for many topics, from one query of the (few) active runs."""
    wanted = {topic_tag(t): t for t in topic_ids}
    by_topic: dict[str, list[dg.RunRecord]] = {}
    for record in instance.get_run_records(filters=dg.RunsFilter(statuses=ACTIVE_STATUSES)):
        tags = record.dagster_run.tags
        topics = {wanted[k] for k in tags if k in wanted}
        if tags.get("dagster/partition") in wanted.values():
            topics.add(tags["dagster/partition"])
        for topic_id in topics:
            by_topic.setdefault(topic_id, []).append(record)
    for records in by_topic.values():
        records.sort(key=lambda r: (r.create_timestamp, r.dagster_run.run_id))
    return by_topic


def active_run(instance: dg.DagsterInstance, topic_id: str,
               other_than: str | None = None) -> str | None:
    """The id of the oldest queued or running run of the topic (but ``other_than``), if any.

    The one answer to "is this topic being researched?" (the CLI, the approval sensor and
    the research step's claims ask it).
    """
    for record in active_runs(instance, topic_id):
        if record.dagster_run.run_id != other_than:
            return record.dagster_run.run_id
    return None


def claim_topics(instance: dg.DagsterInstance, run_id: str,
                 topic_ids: Sequence[str]) -> dict[str, str]:
    """Tag this run with its topics; return the topics an older active run already has.

    Two runs claiming a topic at once both see each other; the older keeps it.
    """
    run = instance.get_run_by_id(run_id)
    missing = {k: v for k, v in topic_tags(topic_ids).items()
               if run is None or run.tags.get(k) != v}
    if missing:
        instance.add_run_tags(run_id, missing)
    busy: dict[str, str] = {}
    held = active_runs_by_topic(instance, topic_ids)
    if any(len(records) > 1 for records in held.values()):
        # An older run that holds a topic may have died with its process: then it is
        # marked failed and holds nothing (see run_process).
        if recover_dead_runs(instance, [t for t, r in held.items() if len(r) > 1],
                             by=f"run {run_id}"):
            held = active_runs_by_topic(instance, topic_ids)
    for topic_id, records in held.items():
        ids = [r.dagster_run.run_id for r in records]
        if ids[0] != run_id and run_id in ids:
            busy[topic_id] = ids[0]
    return busy


def ensure_partitions(instance: dg.DagsterInstance, topic_ids: Iterable[str]) -> None:
    """Add the topics' partitions that are not there yet (never removes others)."""
    existing = set(instance.get_dynamic_partitions(TOPICS_PARTITION))
    new = [t for t in dict.fromkeys(topic_ids) if t not in existing]
    if new:
        instance.add_dynamic_partitions(TOPICS_PARTITION, new)


def topics_run_spec(
    partition_order: Sequence[str], topic_ids: Sequence[str],
) -> tuple[dict[str, str], dict]:
    """Tags and run config for one run over ``topic_ids``.

    The run covers the smallest range of partitions (in ``partition_order``) holding all
    of them; when that range holds other topics too, the run config names its topics.
    Topics without a partition yet come after the others, in the order given (the caller
    adds their partitions).
    """
    order = [*partition_order, *[t for t in topic_ids if t not in set(partition_order)]]
    position = {key: n for n, key in enumerate(order)}
    chosen = sorted(dict.fromkeys(topic_ids), key=lambda t: position[t])
    if not chosen:
        raise ValueError("a run needs at least one topic")
    first, last = position[chosen[0]], position[chosen[-1]]
    tags = {**topic_tags(chosen)}
    if first == last:
        tags["dagster/partition"] = chosen[0]
    else:
        tags[ASSET_PARTITION_RANGE_START_TAG] = chosen[0]
        tags[ASSET_PARTITION_RANGE_END_TAG] = chosen[-1]
    covered = last - first + 1
    config = {} if covered == len(chosen) else {
        "ops": {RESEARCH_OP: {"config": {"topics": chosen}}}}
    return tags, config


def run_request_for_topics(
    instance: dg.DagsterInstance, topic_ids: Sequence[str], run_key: str,
    tags: Mapping[str, str] | None = None, new_partitions: Sequence[str] = (),
) -> dg.RunRequest:
    """One run request over many topics (for sensors and the schedule).

    ``new_partitions`` are added by the same evaluation, after the existing ones.
    """
    order = [*instance.get_dynamic_partitions(TOPICS_PARTITION), *new_partitions]
    run_tags, config = topics_run_spec(order, topic_ids)
    partition_key = run_tags.pop("dagster/partition", None)
    return dg.RunRequest(run_key=run_key, run_config=config, partition_key=partition_key,
                         tags={**run_tags, **(tags or {})})


@dataclass
class TopicResult:
    """What one run did for one topic, read from the run's events."""

    state: str  # reported | awaiting approval | done | failed | not run
    error: str | None = None
    checks: dict[str, bool] = field(default_factory=dict)
    # Checks that failed with ERROR severity (the approval gate aside), with their problems:
    # they fail the topic.
    failed_checks: list[str] = field(default_factory=list)
    # The report this run wrote (its materialization's ``path``), as the store has it.
    report_path: str | None = None


@dataclass
class Launched:
    """The outcome of one run."""

    run_id: str
    success: bool
    error: str | None
    topics: dict[str, TopicResult] = field(default_factory=dict)


def run_topics(
    instance: dg.DagsterInstance, job_name: str, topic_ids: Sequence[str],
    tags: dict[str, str] | None = None, approve_as: str | None = None,
    log_level: str = "WARNING",
) -> Launched:
    """Execute one run of a job over the topics, in this process, and wait for it."""
    ensure_partitions(instance, topic_ids)
    run_tags, config = topics_run_spec(instance.get_dynamic_partitions(TOPICS_PARTITION),
                                       topic_ids)
    if approve_as:
        op_config = config.setdefault("ops", {}).setdefault(RESEARCH_OP, {"config": {}})
        op_config["config"]["approve_as"] = approve_as
    recon = dg.build_reconstructable_job(
        "research_pipeline.launcher", "load_job", reconstructable_args=(job_name,)
    )
    run_config = {**config, "loggers": {"console": {"config": {"log_level": log_level}}}}
    # The run executes in this process: its tags name it, so that a later command can
    # tell when it was killed (see run_process).
    # Creating the run writes one planned event per asset and topic (400 for 100 topics),
    # in one batch (DAGSTER_EVENT_BATCH_SIZE, research_pipeline.event_log).
    result = dg.execute_job(
        recon, instance=instance, run_config=run_config,
        tags={**run_tags, LAUNCHED_BY_TAG: "cli", **process_tags(), **(tags or {})},
    )
    return _outcome(result, topic_ids)


def _outcome(result: dg.ExecuteJobResult, topic_ids: Sequence[str]) -> Launched:
    topics = {t: TopicResult("not run") for t in topic_ids}
    messages = []
    for event in result.all_events:
        if event.is_step_materialization:
            mat = event.step_materialization_data.materialization
            topic = topics.get(mat.partition or "")
            if topic is not None and topic.state != "failed":
                name = mat.asset_key.to_user_string()
                topic.state = "reported" if name == "report" else (
                    "done" if topic.state != "reported" else topic.state)
                if name == "report" and "path" in mat.metadata:
                    topic.report_path = str(mat.metadata["path"].value)
        elif event.event_type_value == "ASSET_CHECK_EVALUATION":
            data = event.asset_check_evaluation_data
            topic = topics.get(data.partition or "")
            if topic is not None:
                topic.checks[data.check_name] = data.passed
                if data.check_name == "plan_approved" and not data.passed:
                    topic.state = "awaiting approval"
                elif not data.passed and data.severity == dg.AssetCheckSeverity.ERROR:
                    topic.failed_checks.append(_check_failure(data))
        elif event.is_step_failure and event.step_failure_data is not None:
            failure = event.step_failure_data
            failed = (failure.user_failure_data.metadata.get("failed_topics")
                      if failure.user_failure_data else None)
            if failed is not None:
                for topic_id, message in failed.value.items():
                    if topic_id in topics:
                        topics[topic_id] = TopicResult("failed", message)
            else:
                messages.append(f"{event.step_key}: {_root_message(failure.error)}")
    error = "; ".join(messages) or (
        None if result.success else "the run failed (see the Dagster UI for its logs)")
    return Launched(run_id=result.run_id, success=result.success, error=error, topics=topics)


def _check_failure(evaluation: dg.AssetCheckEvaluation) -> str:
    """'<check> failed: <its problems>' from the evaluation's metadata."""
    details = [str(getattr(v, "value", v)) for k, v in evaluation.metadata.items()
               if k in ("problems", "unaccounted")]
    detail = " ".join(" ".join(details).split())
    return f"{evaluation.check_name} failed" + (f": {detail}" if detail else "")


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
