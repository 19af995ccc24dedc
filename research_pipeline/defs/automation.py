"""Sensors and the refresh schedule, all running by default."""


import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import dagster as dg

from research_pipeline import pipeline
from research_pipeline.defs.jobs import plan_job, research_job
from research_pipeline.defs.partitions import TOPICS_PARTITION
from research_pipeline.defs.resources import REFRESH_TAG, ResearchResource
from research_pipeline.launcher import LAUNCHED_BY_TAG, active_run, run_request_for_topics
from research_pipeline.models import stable_hash
from research_pipeline.run_process import recover_dead_runs
from research_pipeline.topics import load_topics, topic_files

APPROVAL_TAG = "research/approval"
REFRESH_EVERY = {"daily": timedelta(days=1), "weekly": timedelta(days=7),
                 "monthly": timedelta(days=30)}


@dg.sensor(
    minimum_interval_seconds=30, default_status=dg.DefaultSensorStatus.RUNNING,
    job=plan_job, description="Keeps the topics partitions in sync with topics/ and plans new "
    "or edited topics.",
)
def topic_sensor(context: dg.SensorEvaluationContext, research: ResearchResource):  # noqa: ANN201
    """Add partitions for new topic files, drop those whose file is gone, plan changes."""
    services = research.services(context.log)
    resumed, _ = _resume_dead_runs(context, plan_job.name, "topic_sensor")
    topics, errors = load_topics(topic_files(services.settings.topics_dir))
    for error in errors:
        context.log.warning(str(error))
    existing = set(context.instance.get_dynamic_partitions(TOPICS_PARTITION))
    new_ids = [t.id for t in topics if t.id not in existing]
    gone = [
        r["topic_id"] for r in services.store.topic_records()
        if r["topic_id"] in existing and not Path(r["path"]).exists()
    ]
    changed = []
    for topic in topics:
        current = services.store.current_plan(topic.id)
        if current is not None and current["topic_hash"] == topic.content_hash:
            continue
        changed.append(topic)
    refused = pipeline.register_topics(services, changed)
    for _, exc in refused:  # it would take over another file's topic
        context.log.warning(str(exc))
    refused_ids = {id(topic) for topic, _ in refused}
    to_plan = [t for t in changed if id(t) not in refused_ids]
    partition_requests: list[
        dg.AddDynamicPartitionsRequest | dg.DeleteDynamicPartitionsRequest
    ] = []
    if new_ids:
        partition_requests.append(dg.AddDynamicPartitionsRequest(TOPICS_PARTITION, new_ids))
    if gone:
        partition_requests.append(dg.DeleteDynamicPartitionsRequest(TOPICS_PARTITION, gone))
    # One run plans every new or edited topic at once.
    requests = resumed + ([run_request_for_topics(
        context.instance, [t.id for t in to_plan],
        run_key="plan-" + stable_hash(*sorted(f"{t.id}-{t.content_hash}" for t in to_plan)),
        new_partitions=new_ids,
    )] if to_plan else [])
    return dg.SensorResult(run_requests=requests, dynamic_partitions_requests=partition_requests)


@dg.sensor(
    minimum_interval_seconds=15, default_status=dg.DefaultSensorStatus.RUNNING,
    job=research_job, description="Launches the gated run for each new approval.",
)
def approval_sensor(context: dg.SensorEvaluationContext, research: ResearchResource):  # noqa: ANN201
    """One run for the new approvals of a tick; stale approvals and busy topics wait or skip."""
    services = research.services(context.log)
    cursor = datetime.fromisoformat(context.cursor) if context.cursor else None
    resumed, resuming = _resume_dead_runs(context, research_job.name, "approval_sensor")
    approvals: dict[str, str] = {}
    new_cursor = cursor
    for row in services.store.approvals_after(cursor):
        topic_id, approval_id = row["topic_id"], row["approval_id"]
        current = services.store.current_plan(topic_id)
        launched = context.instance.get_runs(
            filters=dg.RunsFilter(tags={approval_tag(approval_id): topic_id}), limit=1)
        if current is None or current["plan_version"] != row["plan_version"] or launched or (
                _cli_continues(context.instance, row)):
            new_cursor = row["created_at"]
            continue
        if topic_id in resuming or active_run(context.instance, topic_id):
            break  # try this approval again on a later tick
        approvals[topic_id] = approval_id
        new_cursor = row["created_at"]
    requests = resumed + ([run_request_for_topics(
        context.instance, list(approvals),
        run_key="approval-" + "-".join(sorted(approvals.values())) if len(approvals) == 1
        else "approvals-" + stable_hash(*sorted(approvals.values())),
        tags={**{approval_tag(a): t for t, a in approvals.items()},
              **({APPROVAL_TAG: next(iter(approvals.values()))} if len(approvals) == 1 else {})},
    )] if approvals else [])
    existing = set(context.instance.get_dynamic_partitions(TOPICS_PARTITION))
    missing = [t for t in approvals if t not in existing]
    return dg.SensorResult(
        run_requests=requests,
        cursor=new_cursor.isoformat() if new_cursor else context.cursor,
        dynamic_partitions_requests=[dg.AddDynamicPartitionsRequest(TOPICS_PARTITION, missing)]
        if missing else None,
    )


def approval_tag(approval_id: str) -> str:
    """The run tag key marking the run launched for an approval (value: the topic id)."""
    return f"research-approval/{approval_id}"


def _resume_dead_runs(
    context: dg.SensorEvaluationContext, job_name: str, by: str
) -> tuple[list[dg.RunRequest], set[str]]:
    """Mark runs of the job whose process died as failed; run again those not the CLI's.

    A run the daemon or the UI launched is run again here, over the same topics, with its
    approval and refresh tags (it resumes after each topic's last finished round); a CLI
    ``run`` resumes its own topics the next time it runs. Returns the requests and the
    topics they cover.
    """
    requests, topics = [], set()
    for dead in recover_dead_runs(context.instance, job_name=job_name, by=by):
        context.log.warning(f"run {dead.run_id} ({', '.join(dead.topic_ids)}): {dead.reason}; "
                            "marked failed")
        if dead.topic_ids and dead.tags.get(LAUNCHED_BY_TAG) != "cli":
            tags = {k: v for k, v in dead.tags.items()
                    if k in (APPROVAL_TAG, REFRESH_TAG) or k.startswith("research-approval/")}
            requests.append(run_request_for_topics(
                context.instance, dead.topic_ids, run_key=f"resume-{dead.run_id}", tags=tags))
            topics.update(dead.topic_ids)
    return requests, topics


def _cli_continues(instance: dg.DagsterInstance, approval: dict) -> bool:
    """True for approvals made inside a CLI ``run``, which launches the gated run itself."""
    if approval["source"] == "cli-run":
        return True
    run = instance.get_run_by_id(approval["run_id"]) if approval["run_id"] else None
    return run is not None and run.tags.get(LAUNCHED_BY_TAG) == "cli"


@dg.schedule(
    cron_schedule="0 6 * * *", job=research_job, default_status=dg.DefaultScheduleStatus.RUNNING,
    description="Daily: re-researches approved topics whose refresh interval has passed.",
)
def refresh_schedule(context: dg.ScheduleEvaluationContext, research: ResearchResource):  # noqa: ANN201
    """Topics with ``refresh`` get a new research run, bypassing the search cache."""
    services = research.services(context.log)
    now = (context.scheduled_execution_time or datetime.now(UTC)).astimezone(UTC)
    due = []
    for row in services.store.status_rows():
        record = services.store.topic_record(row["topic_id"]) or {}
        refresh = json.loads(record["spec"]).get("refresh") if record.get("spec") else None
        interval = REFRESH_EVERY.get(refresh or "never")
        if interval is None or row["decision"] != "approved" or not row["plan_current"]:
            continue
        last = row["report_at"]
        if last is not None and last.replace(tzinfo=UTC) + interval > now:
            continue
        due.append(row["topic_id"])
    if not due:
        return dg.SkipReason("no topic is due for a refresh")
    # One run researches every due topic at once.
    return [run_request_for_topics(
        context.instance, due, run_key=f"refresh-{now.date().isoformat()}",
        tags={REFRESH_TAG: "search"},
    )]


@dg.definitions
def automation() -> dg.Definitions:
    """The sensors and the schedule."""
    return dg.Definitions(sensors=[topic_sensor, approval_sensor], schedules=[refresh_schedule])
