"""A run's process, recorded on the run, and runs whose process has died.

Dagster 1.13's default run launcher has no run-worker health check, and CLI runs execute
in the CLI's own process: when that process is killed (SIGKILL, power loss) its run stays
STARTED for ever, and "at most one active run per topic" then blocks the topic. So every
run records the process that executes it as run tags (pid, host, boot id, the process's
start time), and ``recover_dead_runs`` — called by ``run``, the sensors and ``status`` —
marks a run whose process is gone as failed, with the reason, through
``report_run_failed``. The next run of the topic resumes after the last finished round.

A run recorded on another host is left alone: from here it cannot be told apart from a
live one (Dagster's run monitoring and a person in the UI remain for those).
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

import dagster as dg

PID_TAG = "research/pid"
HOST_TAG = "research/host"
BOOT_TAG = "research/boot_id"
START_TAG = "research/process_start"

# Statuses in which a run holds its topic while a process should be executing it. A
# QUEUED run has no process yet: the daemon's queue coordinator owns it.
_RUNNING = [
    dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING,
    dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.CANCELING,
]


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _process_start(pid: int) -> str | None:
    """The process's start time (clock ticks since boot), "" if unknown, None if gone.

    With the start time a reused pid is not mistaken for the run's process; a zombie
    (killed, not yet reaped) counts as gone.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None
    except OSError:
        stat = ""
    if stat:
        fields = stat.rsplit(")", 1)[-1].split()
        if fields[0] in ("Z", "X"):
            return None
        return fields[19]
    try:  # no /proc (macOS): liveness only
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return ""


def process_tags(pid: int | None = None) -> dict[str, str]:
    """Run tags naming a process (by default this one)."""
    pid = os.getpid() if pid is None else pid
    return {PID_TAG: str(pid), HOST_TAG: socket.gethostname(), BOOT_TAG: _boot_id(),
            START_TAG: _process_start(pid) or ""}


def record_run_process(instance: dg.DagsterInstance, run_id: str) -> None:
    """Tag a run with the process executing it, unless it already names one.

    Called from inside the run, so that runs launched by the daemon or the UI are
    covered as well as the CLI's (which tags its runs when it launches them).
    """
    run = instance.get_run_by_id(run_id)
    if run is not None and PID_TAG not in run.tags:
        instance.add_run_tags(run_id, process_tags())


def process_gone(tags: dict[str, str]) -> str | None:
    """Why the process recorded in ``tags`` is certainly gone, or None (alive or unknown)."""
    pid, host = tags.get(PID_TAG, ""), tags.get(HOST_TAG, "")
    if not pid.isdigit() or host != socket.gethostname():
        return None
    boot = tags.get(BOOT_TAG, "")
    if boot and _boot_id() and boot != _boot_id():
        return f"process {pid} on {host} ran before the machine restarted"
    started = _process_start(int(pid))
    if started is None:
        return f"process {pid} on {host} is gone (killed, or it crashed)"
    recorded = tags.get(START_TAG, "")
    if recorded and started and recorded != started:
        return f"process {pid} on {host} is gone (the pid now belongs to another process)"
    return None


@dataclass(frozen=True)
class DeadRun:
    """A run that was marked failed because its process had died."""

    run_id: str
    job_name: str
    topic_ids: list[str]
    tags: dict[str, str]
    reason: str


def run_topics(tags: dict[str, str]) -> list[str]:
    """The topics a run researches, from its tags (per-topic tags, or its one partition)."""
    from research_pipeline.launcher import TOPIC_TAG_PREFIX

    topics = [v for k, v in tags.items() if k.startswith(TOPIC_TAG_PREFIX)]
    partition = tags.get("dagster/partition")
    if partition and partition not in topics:
        topics.append(partition)
    return topics


def recover_dead_runs(
    instance: dg.DagsterInstance, topic_ids: list[str] | None = None,
    job_name: str | None = None, by: str = "research-pipeline",
) -> list[DeadRun]:
    """Mark every running run whose process has died as failed; return them.

    ``topic_ids`` (runs researching any of them) and ``job_name`` narrow the runs looked
    at. A run is only ever marked failed when its recorded process is certainly gone on
    this host.
    """
    wanted = set(topic_ids) if topic_ids is not None else None
    runs = instance.get_runs(filters=dg.RunsFilter(statuses=_RUNNING, job_name=job_name))
    dead = []
    for run in runs:
        tags = dict(run.tags)
        topics = run_topics(tags)
        if wanted is not None and not wanted & set(topics):
            continue
        reason = process_gone(tags)
        if reason is None:
            continue
        message = (f"{reason}; marked failed by {by} so that its topics can go on (their next "
                   "run resumes after the last finished round)")
        instance.report_run_failed(run, message=message)
        dead.append(DeadRun(run.run_id, run.job_name, topics, tags, reason))
    return dead
