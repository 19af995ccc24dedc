"""``run``: plan, gate and research topics as runs on the project's Dagster instance."""

from __future__ import annotations

import getpass
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

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
    starting_up,
)


@app.command()
def run(
    topic_files: Annotated[list[Path] | None, typer.Argument(help="Topic files (default: all of topics/)")] = None,
    approve: Annotated[bool, typer.Option("--approve", help="Approve each new plan and go on")] = False,
    refresh: Annotated[bool, typer.Option("--refresh", help="Bypass the caches")] = False,
    by: Annotated[str | None, typer.Option(help="Name recorded with --approve")] = None,
    parallel: Annotated[int, typer.Option(min=1, max=16, help="Topics researched at once, each in its own process")] = 1,
) -> None:
    """Plan, gate and research the topics in one run on the project's Dagster instance.

    The topics are researched at the same time; a topic whose plan awaits approval stops at
    the gate with nothing searched (exit 3), unless ``--approve`` records your approval.
    """
    from research_pipeline.instance import get_instance
    from research_pipeline.topics import load_topics
    from research_pipeline.topics import topic_files as list_topic_files

    in_parallel = parallel > 1
    with starting_up():
        services = services_from_settings()
        paths = [p.resolve() for p in topic_files] if topic_files else list_topic_files(
            services.settings.topics_dir)
        if not paths:
            raise fail(f"no topic files in {services.settings.topics_dir}", EXIT_USAGE)
        topics, errors = load_topics(paths)
        in_parallel = in_parallel and len(topics) > 1
        for error in errors:
            say(f"error: {error}")
        say("starting the Dagster instance")
        instance = get_instance()
        if topics and not in_parallel:
            _load_for_run(services)
    try:
        say(f"dagster instance: {instance.root_directory}")
        if in_parallel:
            flags = (["--approve"] if approve else []) + (["--refresh"] if refresh else []) + (
                ["--by", by] if by else [])
            services.store.ensure_schema()
            code = _run_in_parallel([str(t.path) for t in topics], flags, parallel)
            raise typer.Exit(EXIT_ERROR if errors else code)
        approver = by or os.environ.get("USER") or getpass.getuser()
        with services.store.session():
            # Inside the session: the file is opened once for the whole command (alone,
            # ensure_schema opened it, checked the schema and closed it, a checkpoint).
            services.store.ensure_schema()
            code = _research(services, instance, topics, len(errors),
                             approver if approve else None, refresh)
        raise typer.Exit(code)
    finally:
        # Close the instance's storages (its SQLite files) now, not whenever its objects
        # are collected.
        instance.dispose()


def _load_for_run(services: Any) -> None:
    """What the run's step would load first, loaded during start-up.

    The providers' SDKs (the step imports them before its topics start) and the code
    location's definitions (Dagster reconstructs the job from them, cached per process).
    """
    from research_pipeline.defs.jobs import RESEARCH_JOB
    from research_pipeline.launcher import load_job
    from research_pipeline.pipeline.services import import_provider_sdks

    import_provider_sdks(services.settings)
    load_job(RESEARCH_JOB)


def _research(services: Any, instance: Any, topics: list[Any], failed: int,
              approve_as: str | None, refresh: bool) -> int:
    """One run over the topics; per-topic lines; the exit code."""
    from research_pipeline import pipeline
    from research_pipeline.defs.jobs import RESEARCH_JOB
    from research_pipeline.defs.resources import REFRESH_TAG
    from research_pipeline.launcher import active_runs_by_topic, run_topics
    from research_pipeline.run_process import recover_dead_runs

    awaiting, done, todo = [], [], []
    # A run killed with its process (SIGKILL, power loss) would hold its topics for ever.
    for dead in recover_dead_runs(instance, [t.id for t in topics], by="research-pipeline run"):
        say(f"{', '.join(dead.topic_ids)}: run {dead.run_id} had died ({dead.reason}); "
            "marked it failed")
    busy = active_runs_by_topic(instance, [t.id for t in topics])
    # One transaction for all the files (a bulk run of hundreds registers in one go).
    refused = {id(topic): exc for topic, exc in pipeline.register_topics(services, topics)}
    for topic in topics:
        if id(topic) in refused:
            say(f"error: {topic.id}: {refused[id(topic)]}")
            failed += 1
            continue
        if topic.id in busy:
            say(f"{topic.id}: run {busy[topic.id][0].dagster_run.run_id} is still active; "
                "skipped")
            failed += 1
            continue
        todo.append(topic)
    if todo:
        started = time.monotonic()
        names = ", ".join(t.id for t in todo[:8]) + (f" and {len(todo) - 8} more"
                                                      if len(todo) > 8 else "")
        say(f"researching {len(todo)} topic(s) in one run: {names}")
        handler = _ProgressHandler()
        progress = logging.getLogger("research_pipeline.progress")
        progress.addHandler(handler)
        progress.setLevel(logging.INFO)
        try:
            launched = run_topics(
                instance, RESEARCH_JOB, [t.id for t in todo],
                tags={REFRESH_TAG: "all"} if refresh else None, approve_as=approve_as,
            )
        finally:
            progress.removeHandler(handler)
        for topic in todo:
            result = launched.topics[topic.id]
            if result.state == "reported" and result.failed_checks:
                for check in result.failed_checks:
                    say(f"error: {topic.id}: {check}")
                say(f"error: {topic.id}: report {_report_path(services, topic.id, result)} failed its "
                    f"checks (run {launched.run_id})")
                failed += 1
            elif result.state == "reported":
                say(f"{topic.id}: report {_report_path(services, topic.id, result)}")
                done.append(topic.id)
            elif result.state == "awaiting approval":
                say(_awaiting_message(services, topic.id))
                awaiting.append(topic.id)
            else:
                why = result.error or launched.error or (
                    "another run is researching it (see the Dagster UI)"
                    if result.state == "not run" else "the run stopped before it")
                say(f"error: {topic.id}: {why} (run {launched.run_id})")
                failed += 1
        say(f"run {launched.run_id}: {time.monotonic() - started:.1f}s")
    say(f"done: {len(done)} reports, {len(awaiting)} awaiting approval, {failed} failed")
    return EXIT_ERROR if failed else EXIT_AWAITING if awaiting else EXIT_OK


def _report_path(services: Any, topic_id: str, result: Any) -> str:
    """The report the run wrote: from its materialization, else the store's newest."""
    if result.report_path:
        return str(result.report_path)
    row = services.store.latest_report(topic_id)
    return str(row["path"]) if row else "?"


def _awaiting_message(services: object, topic_id: str) -> str:
    from research_pipeline import pipeline

    current, decision = pipeline.approval_state(services, topic_id)  # type: ignore[arg-type]
    why = ""
    if decision and decision["decision"] == "escalated":
        why = f" (policy auditor: {', '.join(json.loads(decision['reasons']))})"
    version = current["plan_version"] if current else "?"
    return (
        f"{topic_id}: plan {version} awaits approval{why}. Review it with "
        f"'research-pipeline status {topic_id}', then 'research-pipeline approve {topic_id}' "
        f"(or 'reject {topic_id} --note ...'), and run again."
    )


class _ProgressHandler(logging.Handler):
    """Prints the research step's progress lines as the run goes."""

    def emit(self, record: logging.LogRecord) -> None:
        say(record.getMessage())


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


