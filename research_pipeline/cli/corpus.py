"""``corpus add``, ``corpus list``, ``corpus remove``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from research_pipeline.cli.app import (
    EXIT_ERROR,
    corpus_app,
    fail,
    say,
    services_from_settings,
)
from research_pipeline.errors import ResearchPipelineError


@corpus_app.command("add")
def corpus_add(
    directory: Annotated[Path, typer.Argument(help="Folder of .md, .txt, .html, .pdf files")],
    name: Annotated[str, typer.Option("--name", help="Corpus name (lowercase, digits, -)")],
    include: Annotated[list[str] | None, typer.Option("--include", help="Only files matching this glob (repeatable), e.g. '*.html'")] = None,
    language: Annotated[str | None, typer.Option("--language", help="Keep only pages declared in this language ('en', 'pt-br'), or 'any'; default: the language most pages declare")] = None,
) -> None:
    """Ingest a folder; re-adding updates changed files and drops deleted ones."""
    from research_pipeline.corpus.manager import CorpusManager

    services = services_from_settings()
    try:
        report = CorpusManager(services.settings.data_dir).add_folder(directory, name, say, include,
                                                                   language)
    except ResearchPipelineError as exc:
        raise fail(str(exc)) from exc
    for warning in report.warnings:
        say(f"warning: {warning}")
    for error in report.errors:
        say(f"error: {error}")
    typer.echo(
        f"{name}: {report.added} added, {report.updated} updated, {report.unchanged} unchanged, "
        f"{report.removed} removed, {report.chunks} passages indexed in {report.seconds:.1f}s"
        + (f"; {report.left_out} left out for their language" if report.left_out else "")
    )
    if report.errors:
        raise typer.Exit(EXIT_ERROR)


@corpus_app.command("list")
def corpus_list() -> None:
    """List corpora with their files, passages and versions."""
    from research_pipeline.corpus.manager import BUILTIN, CorpusManager

    services = services_from_settings()
    rows = CorpusManager(services.settings.data_dir).list()
    if not any(r["name"] == BUILTIN for r in rows):
        rows.insert(0, {"name": BUILTIN, "kind": "builtin", "source": "built on first use",
                        "files": 0, "chunks": 0, "version": "", "updated_at": ""})
    for r in rows:
        typer.echo(f"{r['name']:<20} {r['kind']:<8} {r['files']:>6} files {r['chunks']:>7} "
                   f"passages  {r['version'] or '-':<16} {r['source']}")


@corpus_app.command("remove")
def corpus_remove(name: Annotated[str, typer.Argument(help="Corpus name")]) -> None:
    """Delete a corpus's index."""
    from research_pipeline.corpus.manager import CorpusManager

    services = services_from_settings()
    try:
        CorpusManager(services.settings.data_dir).remove(name)
    except ResearchPipelineError as exc:
        raise fail(str(exc)) from exc
    typer.echo(f"removed corpus {name}")


