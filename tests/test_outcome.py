"""Checks decide the outcome; approval is idempotent; status and sql need no write access."""

import json
import os
import stat

import dagster as dg
import duckdb
from typer.testing import CliRunner

from research_pipeline import pipeline
from research_pipeline.cli import app
from research_pipeline.defs.automation import approval_sensor
from research_pipeline.defs.resources import ResearchResource
from research_pipeline.researcher.extractive import ExtractiveResearcher
from research_pipeline.topics import parse_topic
from tests.conftest import run_cli


def test_a_failed_citation_check_fails_the_topic_and_marks_the_report(
        env, import_topic, monkeypatch):
    # A writer fault: quotes cut to four words. Each is still verbatim in its source, so
    # the writer keeps it; the independent check refuses it (fewer than five words).
    real = ExtractiveResearcher._quote

    def short_quote(self, *args):
        return " ".join(real(self, *args).split()[:4])

    monkeypatch.setattr(ExtractiveResearcher, "_quote", short_quote)
    # The run executes in this process (in-process executor), so the fault applies.
    result = CliRunner().invoke(app, ["run", str(import_topic), "--approve"])
    assert result.exit_code == 1, result.output
    assert "citations_verified failed" in result.output
    assert "fewer than five words" in result.output
    assert "0 reports, 0 awaiting approval, 1 failed" in result.output
    report = (env / "reports" / "imports.md").read_text()
    lines = report.splitlines()
    assert lines[0].startswith("# ") and lines[1] == ""
    assert lines[2].startswith("> Unverified: ") and lines[2].endswith(
        " citations failed the citation check.")
    failed, total = (int(w) for w in lines[2].split()[2:5:2])
    assert 0 < failed <= total
    stored = json.loads(run_cli("sql", "select markdown from reports", "--format",
                                "json").stdout)
    assert stored[0]["markdown"] == report
    status = json.loads(run_cli("status", "imports", "--json").stdout)[0]
    assert status["state"] == "failed its checks"
    assert status["checks_failed"][0].startswith(f"citations_verified: {failed} of")


def test_a_second_approval_records_and_launches_nothing(env, services, import_topic):
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    first = run_cli("approve", "imports", "--by", "alice")
    second = run_cli("approve", "imports", "--by", "bob")
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    assert "already approved; nothing recorded" in second.stdout
    rows = services.store._read("select decided_by from approvals")  # noqa: SLF001
    assert [r["decided_by"] for r in rows] == ["alice"]
    again = pipeline.decide(services, "imports", "approved", "carol", None, "dagster-ui")
    assert again["recorded"] is False
    context = dg.build_sensor_context(instance=dg.DagsterInstance.get(),
                                      resources={"research": ResearchResource()})
    assert len(approval_sensor(context).run_requests) == 1  # one approval, one run
    # A rejection is recorded, and a later approval of the same plan is a new decision.
    pipeline.decide(services, "imports", "rejected", "dave", "+ Why?", "cli")
    assert pipeline.decide(services, "imports", "approved", "erin", None, "cli")["recorded"]


def test_status_and_sql_work_on_a_read_only_store(env, services, import_topic):
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    db = env / "research.duckdb"
    # Another process reading the file (a BI tool, a notebook) holds a shared lock: readers
    # may open it too, writers may not. As a non-root user the file is made read-only as
    # well (root ignores permissions).
    reader = duckdb.connect(str(db), read_only=True)
    if os.geteuid() != 0:
        os.chmod(db, stat.S_IRUSR)
    quick = {"RESEARCH_STORE_LOCK_TIMEOUT_S": "3"}
    try:
        status = run_cli("status", "imports", "--json", env_extra=quick)
        assert status.returncode == 0, status.stderr
        assert json.loads(status.stdout)[0]["state"] == "awaiting approval"
        counted = run_cli("sql", "select count(*) as n from research_plans", "--format", "csv",
                          env_extra=quick)
        assert counted.returncode == 0, counted.stderr
        assert counted.stdout.splitlines() == ["n", "1"]
        approve = run_cli("approve", "imports", env_extra=quick)
        assert approve.returncode == 1 and "research.duckdb" in approve.stderr
    finally:
        reader.close()
        os.chmod(db, stat.S_IRUSR | stat.S_IWUSR)
