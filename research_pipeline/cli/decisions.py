"""``approve`` and ``reject``."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer

from research_pipeline.cli.app import (
    app,
    fail,
    services_from_settings,
)
from research_pipeline.errors import ResearchPipelineError


def _decide(topic_id: str, decision: str, by: str | None, note: str | None) -> None:
    from research_pipeline import pipeline

    services = services_from_settings()
    try:
        result = pipeline.decide(services, topic_id, decision, by or getpass.getuser(), note,
                                 "cli")
    except ResearchPipelineError as exc:
        raise fail(str(exc)) from exc
    if not result["recorded"]:
        typer.echo(f"{topic_id}: plan {result['plan_version']} (revision {result['revision']}) "
                   "was already approved; nothing recorded, nothing launched")
        return
    typer.echo(f"{topic_id}: plan {result['plan_version']} (revision {result['revision']}) "
               f"{decision}")
    if decision == "approved":
        typer.echo("next: 'research-pipeline run' (or the approval sensor, if the daemon runs)")
    else:
        typer.echo("next: 'research-pipeline run' makes a revised plan that takes the note in")


@app.command("approve")
def approve_cmd(
    topic_id: Annotated[str, typer.Argument(help="Topic id")],
    by: Annotated[str | None, typer.Option(help="Who approves")] = None,
    note: Annotated[str | None, typer.Option(help="Optional note")] = None,
) -> None:
    """Approve the topic's current plan."""
    _decide(topic_id, "approved", by, note)


@app.command("reject")
def reject_cmd(
    topic_id: Annotated[str, typer.Argument(help="Topic id")],
    note: Annotated[str, typer.Option(help="What to change: '+ question', '- N', or context")],
    by: Annotated[str | None, typer.Option(help="Who rejects")] = None,
) -> None:
    """Reject the topic's current plan; the note feeds the next revision."""
    _decide(topic_id, "rejected", by, note)


