"""A killed run never blocks its topic: the next run marks it failed and resumes.

The CLI executes runs in its own process, and Dagster's default launcher has no health
check for it, so a SIGKILLed ``run`` leaves a STARTED run behind. These tests kill a real
``research-pipeline run`` mid-round and show that the next one finishes by itself,
repeating no paid call that had been answered before the kill.
"""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import dagster as dg

from research_pipeline import pipeline
from research_pipeline.run_process import (
    HOST_TAG,
    PID_TAG,
    START_TAG,
    process_gone,
    process_tags,
)
from research_pipeline.topics import parse_topic
from tests import fake_world
from tests.conftest import dead_run, run_cli, write_topic
from tests.fakes import FakeServer

TIDES = """
    ---
    title: "Tides"
    questions:
      - "What causes tides?"
      - "When do spring tides happen?"
    max_rounds: 2
    ---
    """


def test_a_run_killed_mid_round_is_followed_by_one_that_finishes(env, monkeypatch):
    answered: list[str] = []  # request bodies answered before the kill
    killed = threading.Event()
    cli: list[subprocess.Popen[str]] = []

    def exa(request):
        # The first follow-up query (round 2) kills the CLI as it arrives: round 1 is
        # persisted, round 2's searches are in flight.
        if "explained" in request.body["query"] and not killed.is_set():
            killed.set()
            cli[0].send_signal(signal.SIGKILL)
        time.sleep(0.2)
        if not killed.is_set():
            answered.append(repr(request.body))
        return fake_world.exa_search(request)

    def gemini(request):
        if not killed.is_set():
            answered.append(repr(request.body))
        return fake_world.gemini_model(request, answer_from_round=3)

    with FakeServer(exa) as exa_server, FakeServer(gemini) as gem_server:
        for key, value in {
            "RESEARCH_SEARCH": "exa", "RESEARCH_LLM": "gemini", "EXA_API_KEY": "exa-key",
            "GOOGLE_API_KEY": "google-key", "RESEARCH_EXA_BASE_URL": exa_server.url,
            "RESEARCH_GEMINI_BASE_URL": gem_server.url, "RESEARCH_RETRY_BASE_S": "0.01",
        }.items():
            monkeypatch.setenv(key, value)
        topic = write_topic(env / "topics", "tides", TIDES)
        exe = Path(sys.executable).with_name("research-pipeline")
        cli.append(subprocess.Popen([str(exe), "run", str(topic), "--approve"],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True, env=dict(os.environ)))
        _, first_err = cli[0].communicate(timeout=240)
        assert killed.is_set(), first_err
        assert cli[0].returncode == -signal.SIGKILL
        n_exa, n_gem = len(exa_server.requests), len(gem_server.requests)

        instance = dg.DagsterInstance.get()
        stuck = instance.get_runs(filters=dg.RunsFilter(
            job_name="research_job", statuses=[dg.DagsterRunStatus.STARTED]))
        assert len(stuck) == 1 and stuck[0].tags[PID_TAG] == str(cli[0].pid)
        second = run_cli("run", str(topic), timeout=240)
        assert second.returncode == 0, second.stderr
        assert "resuming after round 1" in second.stderr
        report = (env / "reports" / "tides.md").read_text()
        assert "[^1]: [" in report and "> Unverified" not in report
        dead = instance.get_run_by_id(stuck[0].run_id)
        assert dead is not None and dead.status == dg.DagsterRunStatus.FAILURE
        failure = instance.all_logs(dead.run_id, of_type=dg.DagsterEventType.RUN_FAILURE)
        assert "is gone" in failure[-1].message and "marked failed by" in failure[-1].message

        resumed = [repr(r.body) for r in
                   exa_server.requests[n_exa:] + gem_server.requests[n_gem:]]
        assert resumed, "the second run made no provider call"
        repeated = set(resumed) & set(answered)
        assert not repeated, f"{len(repeated)} answered paid calls were repeated"


def test_status_marks_a_dead_run_failed(env, services, import_topic):
    from typer.testing import CliRunner

    from research_pipeline.cli import app

    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    instance = dg.DagsterInstance.get()
    run = dead_run(instance, "plan_job", {})
    status = CliRunner().invoke(app, ["status", "imports"])
    assert status.exit_code == 0, status.output
    assert f"imports: run {run.run_id} had died" in status.output
    assert instance.get_run_by_id(run.run_id).status == dg.DagsterRunStatus.FAILURE


def test_a_dead_process_is_recognised_and_a_live_one_is_not():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        tags = process_tags(child.pid)
        assert tags[START_TAG]
        assert process_gone(tags) is None
        assert process_gone({**tags, START_TAG: "1"}) is not None  # the pid was reused
        assert process_gone({**tags, HOST_TAG: "another-host"}) is None  # cannot tell
        assert process_gone({}) is None
    finally:
        child.kill()
        child.wait()
    assert "is gone" in (process_gone(tags) or "")
