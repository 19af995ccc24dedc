"""The Typer application, its global options, and what every command shares.

Exit codes: 0 done, 3 some topics await approval, 1 errors, 2 usage. It never prompts.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import traceback
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from research_pipeline.errors import ResearchPipelineError, unexpected
from research_pipeline.live.redact import redact

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_AWAITING = 0, 1, 2, 3

app = typer.Typer(
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="Batch research as Dagster assets: topic files in, footnoted reports out.",
)
corpus_app = typer.Typer(no_args_is_help=True, help="Manage local search corpora.")
app.add_typer(corpus_app, name="corpus")


def say(message: str) -> None:
    """Progress and messages go to stderr; results go to stdout."""
    typer.echo(redact(message), err=True)


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    """Print an error line and return the exit to raise."""
    typer.echo(f"error: {redact(message)}", err=True)
    return typer.Exit(code)


def verbose_requested() -> bool:
    """Whether tracebacks and provider logs were asked for (``--verbose``)."""
    return os.environ.get("RESEARCH_VERBOSE", "").lower() in ("1", "true", "yes")


def _short_failures() -> None:
    """Dagster's console lines for a failed step keep their first line, not the traceback.

    The run's failure line says what failed and what to do; the full error stays in the
    run's structured events (the Dagster UI) and comes back with ``--verbose``.
    """
    previous = logging.getLogRecordFactory()

    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        if isinstance(record.levelno, int) and record.levelno >= logging.ERROR \
                and not verbose_requested():
            message = record.getMessage()
            if "\nStack Trace:" in message or "\nTraceback" in message:
                record.msg, record.args = message.split("\n", 1)[0], None
        return record

    logging.setLogRecordFactory(factory)


class Format(StrEnum):
    """Output formats of ``sql``."""

    table = "table"
    csv = "csv"
    json = "json"


@app.callback()
def main_options(
    db: Annotated[Path | None, typer.Option(help="DuckDB file [RESEARCH_DB]")] = None,
    data_dir: Annotated[Path | None, typer.Option(help="Indexes and caches [RESEARCH_DATA_DIR]")] = None,
    reports_dir: Annotated[Path | None, typer.Option(help="Reports [RESEARCH_REPORTS_DIR]")] = None,
    topics_dir: Annotated[Path | None, typer.Option(help="Topic files [RESEARCH_TOPICS_DIR]")] = None,
    search: Annotated[str | None, typer.Option(help="local | exa [RESEARCH_SEARCH]")] = None,
    llm: Annotated[str | None, typer.Option(help="extractive | gemini | openai [RESEARCH_LLM]")] = None,
    corpus: Annotated[str | None, typer.Option(help="Corpora for local search [RESEARCH_CORPUS]")] = None,
    model_fast: Annotated[str | None, typer.Option(help="[RESEARCH_MODEL_FAST]")] = None,
    model_strong: Annotated[str | None, typer.Option(help="[RESEARCH_MODEL_STRONG]")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Tracebacks and provider logs [RESEARCH_VERBOSE]")] = False,
) -> None:
    """Global options; each is also a ``RESEARCH_*`` environment variable."""
    if verbose:
        os.environ["RESEARCH_VERBOSE"] = "1"
    flags = {"RESEARCH_DB": db, "RESEARCH_DATA_DIR": data_dir,
             "RESEARCH_REPORTS_DIR": reports_dir, "RESEARCH_TOPICS_DIR": topics_dir,
             "RESEARCH_SEARCH": search, "RESEARCH_LLM": llm, "RESEARCH_CORPUS": corpus,
             "RESEARCH_MODEL_FAST": model_fast, "RESEARCH_MODEL_STRONG": model_strong}
    for env, value in flags.items():
        if value is not None:
            os.environ[env] = str(Path(value).resolve()) if isinstance(value, Path) else value


# True once ``main`` runs: the command is the whole process, which ends when it returns.
_OWN_PROCESS = False


@contextmanager
def starting_up() -> Iterator[None]:
    """The command's start-up (imports, the instance, definitions), without garbage collection.

    Start-up allocates hundreds of thousands of objects that live as long as the process
    (modules, classes, pydantic schemas) and almost no garbage, yet each time the heap grows
    by a quarter Python walks all of it again (~0.6-0.8 s of CPU for a ``run`` with provider
    SDKs). Collection waits until start-up is done; then what start-up made is frozen
    (``gc.freeze``: never walked again) and collection resumes for the work itself. Only
    when the command is its own process (``main``): a test calling the app in-process keeps
    its own collector as it is.
    """
    if not _OWN_PROCESS or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def services_from_settings(read_only: bool = False):  # noqa: ANN202 - imported lazily so that --help stays fast
    """Services from the settings; a bad setting is a usage error naming it.

    ``read_only`` services open the store read-only (``status``, ``sql``, ``report``), so
    they work on a database the user may only read.
    """
    from pydantic import ValidationError

    from research_pipeline.pipeline import Services
    from research_pipeline.settings import export_to_environment, load_settings

    try:
        settings = load_settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        field = "RESEARCH_" + str(first["loc"][0]).upper()
        raise fail(f"setting {field}: {first['msg']}", EXIT_USAGE) from exc
    export_to_environment(settings)
    return Services(settings=settings, progress=say, read_only=read_only)



def main() -> None:
    """Console-script entry point; usage errors exit 2."""
    global _OWN_PROCESS
    _OWN_PROCESS = True
    # Dagster flags partitioned asset checks and dynamic partitions as preview APIs; the
    # warnings say nothing a CLI user can act on.
    warnings.filterwarnings("ignore", module="dagster")
    warnings.filterwarnings("ignore", message=r".* is currently in (preview|beta)")
    _short_failures()
    try:
        app()
    except ResearchPipelineError as exc:
        if verbose_requested():
            typer.echo(redact(traceback.format_exc()), err=True)
        typer.echo(f"error: {redact(str(exc))}", err=True)
        sys.exit(EXIT_ERROR)
    except Exception as exc:  # noqa: BLE001 - one line for the user; the traceback on request
        if verbose_requested():
            typer.echo(redact(traceback.format_exc()), err=True)
        typer.echo(f"error: {unexpected(exc)} (run again with --verbose for the traceback)",
                   err=True)
        sys.exit(EXIT_ERROR)
    finally:
        # The process ends now. Python's last act would be a full garbage collection over
        # every object left (~1 s after a run with Dagster and the provider SDKs); frozen, they
        # are left to the operating system. Files and connections are closed by the commands
        # themselves (the store's session, the instance's dispose), and atexit handlers and
        # stream flushes still run.
        gc.freeze()
