"""``run``: plan, gate and research topics as runs on the project's Dagster instance."""

from __future__ import annotations

import getpass
import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from research_pipeline.cli.app import (
    EXIT_AWAITING,
    EXIT_ERROR,
    EXIT_OK,
    EXIT_USAGE,
    app,
    fail,
    say,
    services_from_settings,
)
from research_pipeline.errors import ResearchPipelineError


@app.command()
def run(
    topic_files: Annotated[list[Path] | None, typer.Argument(help="Topic files (default: all of topics/)")] = None,
    approve: Annotated[bool, typer.Option("--approve", help="Approve each new plan and go on")] = False,
    refresh: Annotated[bool, typer.Option("--refresh", help="Bypass the caches")] = False,
    by: Annotated[str | None, typer.Option(help="Name recorded with --approve")] = None,
    parallel: Annotated[int, typer.Option(min=1, max=16, help="Topics researched at once, each in its own process")] = 1,
) -> None:
    """Plan, gate and research each topic as runs on the project's Dagster instance."""
    from research_pipeline import pipeline
    from research_pipeline.defs.automation import APPROVAL_TAG
    from research_pipeline.defs.jobs import PLAN_JOB, RESEARCH_JOB
    from research_pipeline.defs.resources import REFRESH_TAG
    from research_pipeline.instance import get_instance
    from research_pipeline.launcher import active_run, ensure_partition, run_partition
    from research_pipeline.run_process import recover_dead_runs
    from research_pipeline.topics import load_topics
    from research_pipeline.topics import topic_files as list_topic_files

    services = services_from_settings()
    paths = [p.resolve() for p in topic_files] if topic_files else list_topic_files(
        services.settings.topics_dir)
    if not paths:
        raise fail(f"no topic files in {services.settings.topics_dir}", EXIT_USAGE)
    topics, errors = load_topics(paths)
    for error in errors:
        say(f"error: {error}")
    instance = get_instance()
    services.store.ensure_schema()
    say(f"dagster instance: {instance.root_directory}")
    if parallel > 1 and len(topics) > 1:
        flags = (["--approve"] if approve else []) + (["--refresh"] if refresh else []) + (
            ["--by", by] if by else [])
        code = _run_in_parallel([str(t.path) for t in topics], flags, parallel)
        raise typer.Exit(EXIT_ERROR if errors else code)
    approver = by or os.environ.get("USER") or getpass.getuser()
    failed, awaiting, done = len(errors), [], []
    for n, topic in enumerate(topics, 1):
        prefix = f"[{n}/{len(topics)}] {topic.id}"
        started = time.monotonic()
        try:
            pipeline.register_topic(services, topic)
            ensure_partition(instance, topic.id)
            for dead in recover_dead_runs(instance, topic.id, by="research-pipeline run"):
                say(f"{prefix}: run {dead.run_id} had died ({dead.reason}); marked it failed")
            busy = active_run(instance, topic.id)
            if busy:
                say(f"{prefix}: run {busy} is still active; skipped")
                failed += 1
                continue
            say(f"{prefix}: planning")
            planned = run_partition(instance, PLAN_JOB, topic.id,
                                    {REFRESH_TAG: "all"} if refresh else None)
            if not planned.success:
                say(f"error: {prefix}: plan run {planned.run_id} failed: {planned.error}")
                failed += 1
                continue
            current, decision = pipeline.approval_state(services, topic.id)
            if current is None:
                raise fail(f"{prefix}: the plan run stored no plan")  # a bug, never input
            state = decision["decision"] if decision else None
            if state != "approved" and approve:
                pipeline.decide(services, topic.id, "approved", approver, None, "cli-run")
                current, decision = pipeline.approval_state(services, topic.id)
                assert current is not None
                state = "approved"
            if state != "approved":
                why = ""
                if decision and decision["decision"] == "escalated":
                    why = f" (policy auditor: {', '.join(json.loads(decision['reasons']))})"
                say(
                    f"{prefix}: plan {current['plan_version']} awaits approval{why}. Review it "
                    f"with 'research-pipeline status {topic.id}', then 'research-pipeline "
                    f"approve {topic.id}' (or 'reject {topic.id} --note ...'), and run again."
                )
                awaiting.append(topic.id)
                continue
            assert decision is not None
            say(f"{prefix}: researching (plan {current['plan_version']})")
            tags = {APPROVAL_TAG: decision["approval_id"]}
            if refresh:
                tags[REFRESH_TAG] = "all"
            researched = run_partition(instance, RESEARCH_JOB, topic.id, tags, log_level="INFO")
            if not researched.success:
                say(f"error: {prefix}: run {researched.run_id} failed: {researched.error}")
                failed += 1
                continue
            row = services.store.latest_report(topic.id)
            seconds = time.monotonic() - started
            path = row["path"] if row else "?"
            if researched.failed_checks:
                for check in researched.failed_checks:
                    say(f"error: {prefix}: {check}")
                say(f"error: {prefix}: report {path} failed its checks (run {researched.run_id})")
                failed += 1
                continue
            say(f"{prefix}: report {path} ({seconds:.1f}s)")
            done.append(topic.id)
        except ResearchPipelineError as exc:
            say(f"error: {prefix}: {exc}")
            failed += 1
    say(f"done: {len(done)} reports, {len(awaiting)} awaiting approval, {failed} failed")
    if failed:
        raise typer.Exit(EXIT_ERROR)
    if awaiting:
        raise typer.Exit(EXIT_AWAITING)


def _run_in_parallel(paths: list[str], flags: list[str], workers: int) -> int:
    """Split the topics over ``workers`` ``run`` processes; their output streams through.

    Each child is a normal CLI run on the same instance and database (the store's short
    transactions let them share it) and pays Dagster's start-up once for its share. The
    exit code is 1 if any failed, else 3 if any awaits approval, else 0.
    """
    import subprocess
    import threading

    exe = Path(sys.executable).with_name("research-pipeline")
    shares = [paths[i::workers] for i in range(min(workers, len(paths)))]
    procs = [
        subprocess.Popen([str(exe), "run", *share, *flags], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for share in shares
    ]

    def pump(proc: subprocess.Popen[str], worker: int) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            say(f"[worker {worker}] {line.rstrip()}")

    threads = [threading.Thread(target=pump, args=(p, n), daemon=True)
               for n, p in enumerate(procs, 1)]
    for thread in threads:
        thread.start()
    codes = [proc.wait() for proc in procs]
    for thread in threads:
        thread.join(timeout=5)
    failed = sum(c not in (EXIT_OK, EXIT_AWAITING) for c in codes)
    awaiting = sum(c == EXIT_AWAITING for c in codes)
    say(f"done: {len(paths)} topics in {len(procs)} parallel processes; "
         f"{failed} process(es) with failures, {awaiting} with topics awaiting approval")
    return EXIT_ERROR if failed else EXIT_AWAITING if awaiting else EXIT_OK


