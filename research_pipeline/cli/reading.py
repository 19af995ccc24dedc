"""``status``, ``sql`` and ``report``: reading the store."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Annotated, Any

import typer

from research_pipeline.cli.app import (
    Format,
    app,
    fail,
    say,
    services_from_settings,
)
from research_pipeline.errors import ResearchPipelineError


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}


@app.command()
def status(
    topic_id: Annotated[str | None, typer.Argument(help="One topic (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output")] = False,
) -> None:
    """State, plan, approval, and spent cost of each topic.

    Reads the store read-only. A run whose process has died is marked failed on the
    Dagster instance (see ``run_process``), so that it no longer blocks its topic.
    """
    from research_pipeline import pipeline
    from research_pipeline.pipeline import estimate_cost
    from research_pipeline.topics import parse_topic

    services = services_from_settings(read_only=True)
    try:
        rows = services.store.status_rows(topic_id)
    except ResearchPipelineError as exc:
        raise fail(str(exc)) from exc
    if topic_id and not rows:
        raise fail(f"unknown topic {topic_id!r}: no topic with that id in {services.settings.db}")
    _recover_dead_runs(topic_id)
    for row in rows:
        row["checks_failed"] = []
        if row["report_current"]:
            if row["n_unverified"]:
                row["checks_failed"].append(
                    f"citations_verified: {row['n_unverified']} of {row['n_citations']} "
                    "citations failed the citation check")
            missing, _, _ = pipeline.account_questions(services, row["topic_id"])
            if missing:
                row["checks_failed"].append(
                    f"questions_accounted: {len(missing)} question(s) neither answered nor "
                    "listed as open")
        row["state"] = _state(row)
        row["estimated_usd"] = None
        if row["plan_version"] and Path(row["path"]).exists():
            plan = services.store.plan(row["plan_version"])
            try:
                topic = parse_topic(Path(row["path"]))
            except ResearchPipelineError:
                continue
            if plan is not None:
                row["estimated_usd"] = estimate_cost(services, plan, topic)
    if as_json:
        typer.echo(json.dumps([_jsonable(r) for r in rows], indent=2, default=str))
        return
    for row in rows:
        estimate = row["estimated_usd"]
        typer.echo(f"{row['topic_id']}: {row['state']} · spent ${row['spent_usd']:.4f}"
                   + (f" · estimated ${estimate:.4f}" if estimate is not None else ""))
        typer.echo(f"  file: {row['path']}")
        if row["plan_version"]:
            typer.echo(f"  plan {row['plan_version']} (revision {row['revision']}), "
                       f"{row['decision'] or 'awaiting approval'}"
                       + (f" by {row['decided_by']}" if row["decided_by"] else ""))
        if row["report_path"]:
            typer.echo(f"  report: {row['report_path']} ({row['n_citations']} citations, "
                       f"{row['n_open_questions']} open questions)")
        for problem in row["checks_failed"]:
            typer.echo(f"  failed check: {problem}")
        if topic_id and row["plan_markdown"]:
            typer.echo("")
            typer.echo(row["plan_markdown"])


def _state(row: dict[str, Any]) -> str:
    if not row["plan_version"]:
        return "registered"
    if not row["plan_current"]:
        return "topic changed, needs a new plan"
    if row["decision"] != "approved":
        return "rejected, awaiting revision" if row["decision"] == "rejected" else "awaiting approval"
    if row["report_current"]:
        return "failed its checks" if row["checks_failed"] else "reported"
    return "researching" if row["rounds"] else "approved"


def _recover_dead_runs(topic_id: str | None) -> None:
    from research_pipeline.instance import get_instance
    from research_pipeline.run_process import recover_dead_runs

    topics = [topic_id] if topic_id else None
    instance = get_instance()
    try:
        for dead in recover_dead_runs(instance, topics, by="research-pipeline status"):
            say(f"{', '.join(dead.topic_ids)}: run {dead.run_id} had died ({dead.reason}); "
                "marked it failed")
    finally:
        instance.dispose()  # its SQLite files closed now, not when its objects are collected


@app.command()
def sql(
    query: Annotated[str, typer.Argument(help="A read-only SQL query")],
    fmt: Annotated[Format, typer.Option("--format", help="table | csv | json")] = Format.table,
) -> None:
    """Run read-only SQL over the research history."""
    import duckdb
    import polars as pl

    services = services_from_settings(read_only=True)
    try:
        with services.store.reader() as con:
            relation = con.sql(query)
            frame = relation.pl() if relation is not None else pl.DataFrame()
    except ResearchPipelineError as exc:
        raise fail(str(exc)) from exc
    except duckdb.Error as exc:
        raise fail(f"SQL: {exc}") from exc
    if fmt is Format.csv:
        typer.echo(frame.write_csv(), nl=False)
    elif fmt is Format.json:
        typer.echo(json.dumps(frame.to_dicts(), default=str, indent=1))
    else:
        with pl.Config(tbl_rows=200, tbl_cols=30, fmt_str_lengths=80, tbl_width_chars=200):
            typer.echo(str(frame))


@app.command()
def report(
    topic_id: Annotated[str, typer.Argument(help="Topic id")],
    rerender: Annotated[bool, typer.Option("--rerender", help="Re-render from stored rows")] = False,
) -> None:
    """Print the latest report, or re-render it from stored rows with no provider call."""
    from research_pipeline import pipeline

    services = services_from_settings(read_only=not rerender)
    if rerender:
        try:
            outcome = pipeline.write_report(services, topic_id, f"rerender-{uuid.uuid4().hex[:12]}")
            row, check = pipeline.verify_report(services, topic_id)
        except ResearchPipelineError as exc:
            raise fail(str(exc)) from exc
        say(f"re-rendered {outcome.path}")
        typer.echo(row["markdown"] if row else outcome.markdown, nl=False)
        if not check.ok:
            raise fail(f"{outcome.path} failed the citation check: {'; '.join(check.problems)}")
        return
    row = services.store.latest_report(topic_id)
    if row is None:
        raise fail(f"no report for topic {topic_id!r} yet: run 'research-pipeline run' first")
    typer.echo(row["markdown"], nl=False)


