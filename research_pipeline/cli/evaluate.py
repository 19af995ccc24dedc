"""``eval``: run and score an eval set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from research_pipeline.cli.app import (
    EXIT_ERROR,
    EXIT_USAGE,
    app,
    fail,
    say,
    services_from_settings,
    verbose_requested,
)
from research_pipeline.errors import ResearchPipelineError
from research_pipeline.live.redact import redact


@app.command("eval")
def eval_cmd(
    evalset_dir: Annotated[Path, typer.Argument(help="Folder of topic files carrying 'expect'")],
    min_found: Annotated[float | None, typer.Option(help="Fail below this share of expected phrases")] = None,
    min_answered: Annotated[float | None, typer.Option(help="Fail below this share answered")] = None,
    baseline: Annotated[Path | None, typer.Option(help="JSON of recorded scores to stay at or above")] = None,
    record_baseline: Annotated[Path | None, typer.Option(help="Write this run's scores as the baseline")] = None,
    readings: Annotated[Path | None, typer.Option(help="A reader's verdicts (TSV) to check the answers against")] = None,
    write_readings: Annotated[Path | None, typer.Option(help="Write a TSV of this run's answers for a reader to judge")] = None,
) -> None:
    """Run and score an eval set; exit 1 on an error, an unverified citation or a low score."""
    recorded: dict[str, float] = {}
    if baseline is not None:
        try:
            recorded = json.loads(baseline.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise fail(f"cannot read the baseline {baseline}: {exc}", EXIT_USAGE) from exc
    from research_pipeline.evaluation import (
        SetSummary,
        check_readings,
        load_readings,
        reading_rows,
        run_eval,
        summarise,
    )
    from research_pipeline.topics import load_topics, topic_files

    services = services_from_settings()
    if not evalset_dir.is_dir():
        raise fail(f"{evalset_dir} is not a folder of topic files", EXIT_USAGE)
    try:
        read = load_readings(readings) if readings is not None else []
    except ResearchPipelineError as exc:
        raise fail(str(exc), EXIT_USAGE) from exc
    try:
        scores = run_eval(services, evalset_dir.resolve(), progress=say)
    except ResearchPipelineError as exc:
        raise fail(str(exc)) from exc
    header = (f"{'topic':<28} {'answered':>9} {'expected':>9} {'cited':>9} {'sources':>7} "
              f"{'unsupp':>6} {'calls':>5} {'cost':>7} {'secs':>5}")
    typer.echo(header)
    for s in scores:
        typer.echo(
            f"{s.topic_id:<28} {s.answered:>4}/{s.questions:<4} {s.found:>4}/{s.expected:<4} "
            f"{s.citations_verified:>4}/{s.citations:<4} {s.distinct_sources:>7} "
            f"{s.unsupported_sentences:>6} {s.calls:>5} {s.cost_usd:>7.4f} {s.seconds:>5.1f}"
            + (f"  error: {redact(s.error)}" if s.error else "")
        )
    for s in scores:
        if s.traceback and verbose_requested():
            typer.echo(redact(s.traceback), err=True)
    summary = summarise(scores)
    typer.echo(f"{'total':<28} {summary.answered:>9.1%} {summary.found:>9.1%} "
               f"{sum(s.citations_verified for s in scores):>4}/"
               f"{sum(s.citations for s in scores):<4}")
    typer.echo(
        f"answerable questions: {summary.answerable}; expected finding in own section "
        f"{summary.in_section:.1%}, in its first paragraph {summary.in_first_paragraph:.1%}; "
        f"labelled answered {summary.labelled_answered:.1%}; answered but wrong "
        f"{summary.confidently_wrong:.1%}"
    )
    typer.echo(
        f"unanswerable questions: {summary.unanswerable}; given quotes "
        f"{summary.unanswerable_quoted}, labelled answered {summary.unanswerable_answered}"
    )
    failed = any(s.error for s in scores) or any(
        s.citations_verified != s.citations for s in scores)
    now = summary.as_dict()
    for key, floor in recorded.items():
        if key not in now:
            continue
        if key in SetSummary.LOWER_IS_BETTER:
            if now[key] > floor + 1e-9:
                say(f"error: {key} {now[key]:.4f} rose above the recorded baseline {floor:.4f}")
                failed = True
        elif now[key] + 1e-9 < floor:
            say(f"error: {key} {now[key]:.4f} fell below the recorded baseline {floor:.4f}")
            failed = True
    if record_baseline is not None:
        record_baseline.write_text(json.dumps(now, indent=2) + "\n", encoding="utf-8")
        say(f"recorded the baseline in {record_baseline}")
    if readings is not None or write_readings is not None:
        evalset = evalset_dir.resolve().name
        folder = services.settings.reports_dir / "eval" / evalset
        topics, _ = load_topics(topic_files(evalset_dir.resolve()))
        reports = {t.id: (folder / f"{t.id}.md").read_text(encoding="utf-8")
                   for t in topics if (folder / f"{t.id}.md").is_file()}
        if readings is not None:
            check = check_readings(read, evalset, reports)
            counts = ", ".join(f"{n} {v}" for v, n in check.as_read.items())
            typer.echo(f"reader's verdicts ({readings}): {check.read} answers as read: {counts}"
                       f"; {len(check.changed)} changed since the reading"
                       + (f" (read again: {', '.join(check.changed)})" if check.changed else ""))
            if check.gone:
                say(f"readings of questions this set no longer has: {', '.join(check.gone)}")
        if write_readings is not None:
            write_readings.write_text(
                "\n".join(reading_rows(evalset, topics, reports)) + "\n", encoding="utf-8")
            say(f"wrote this run's answers for a reader to judge to {write_readings}")
    if min_found is not None and summary.found < min_found:
        say(f"error: expected-phrase share {summary.found:.3f} is below the baseline {min_found}")
        failed = True
    if min_answered is not None and summary.answered < min_answered:
        say(f"error: answered share {summary.answered:.3f} is below the baseline {min_answered}")
        failed = True
    if failed:
        raise typer.Exit(EXIT_ERROR)


