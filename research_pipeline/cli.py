"""The ``research-pipeline`` command line.

Exit codes: 0 done, 3 some topics await approval, 1 errors, 2 usage. It never prompts.
"""

from __future__ import annotations

import getpass
import json
import os
import sys
import time
import uuid
import warnings
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from research_pipeline.errors import ResearchPipelineError

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_AWAITING = 0, 1, 2, 3

app = typer.Typer(
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="Batch research as Dagster assets: topic files in, footnoted reports out.",
)
corpus_app = typer.Typer(no_args_is_help=True, help="Manage local search corpora.")
app.add_typer(corpus_app, name="corpus")


def _say(message: str) -> None:
    typer.echo(message, err=True)


def _fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


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
) -> None:
    """Global options; each is also a ``RESEARCH_*`` environment variable."""
    flags = {"RESEARCH_DB": db, "RESEARCH_DATA_DIR": data_dir,
             "RESEARCH_REPORTS_DIR": reports_dir, "RESEARCH_TOPICS_DIR": topics_dir,
             "RESEARCH_SEARCH": search, "RESEARCH_LLM": llm, "RESEARCH_CORPUS": corpus,
             "RESEARCH_MODEL_FAST": model_fast, "RESEARCH_MODEL_STRONG": model_strong}
    for env, value in flags.items():
        if value is not None:
            os.environ[env] = str(Path(value).resolve()) if isinstance(value, Path) else value


def _services():  # noqa: ANN202 - imported lazily so that --help stays fast
    from pydantic import ValidationError

    from research_pipeline.pipeline import Services
    from research_pipeline.settings import export_to_environment, load_settings

    try:
        settings = load_settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        field = "RESEARCH_" + str(first["loc"][0]).upper()
        raise _fail(f"setting {field}: {first['msg']}", EXIT_USAGE) from exc
    export_to_environment(settings)
    return Services(settings=settings, progress=_say)


# -- corpus ----------------------------------------------------------------------------------


@corpus_app.command("add")
def corpus_add(
    directory: Annotated[Path, typer.Argument(help="Folder of .md, .txt, .html, .pdf files")],
    name: Annotated[str, typer.Option("--name", help="Corpus name (lowercase, digits, -)")],
) -> None:
    """Ingest a folder; re-adding updates changed files and drops deleted ones."""
    from research_pipeline.corpus.manager import CorpusManager

    services = _services()
    try:
        report = CorpusManager(services.settings.data_dir).add_folder(directory, name, _say)
    except ResearchPipelineError as exc:
        raise _fail(str(exc)) from exc
    for error in report.errors:
        _say(f"error: {error}")
    typer.echo(
        f"{name}: {report.added} added, {report.updated} updated, {report.unchanged} unchanged, "
        f"{report.removed} removed, {report.chunks} passages indexed in {report.seconds:.1f}s"
    )
    if report.errors:
        raise typer.Exit(EXIT_ERROR)


@corpus_app.command("list")
def corpus_list() -> None:
    """List corpora with their files, passages and versions."""
    from research_pipeline.corpus.manager import BUILTIN, CorpusManager

    services = _services()
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

    services = _services()
    try:
        CorpusManager(services.settings.data_dir).remove(name)
    except ResearchPipelineError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(f"removed corpus {name}")


# -- run ---------------------------------------------------------------------------------


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
    from research_pipeline.topics import load_topics
    from research_pipeline.topics import topic_files as list_topic_files

    services = _services()
    paths = [p.resolve() for p in topic_files] if topic_files else list_topic_files(
        services.settings.topics_dir)
    if not paths:
        raise _fail(f"no topic files in {services.settings.topics_dir}", EXIT_USAGE)
    topics, errors = load_topics(paths)
    for error in errors:
        _say(f"error: {error}")
    instance = get_instance()
    services.store.ensure_schema()
    _say(f"dagster instance: {instance.root_directory}")
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
            busy = active_run(instance, topic.id)
            if busy:
                _say(f"{prefix}: run {busy} is still active; skipped")
                failed += 1
                continue
            _say(f"{prefix}: planning")
            planned = run_partition(instance, PLAN_JOB, topic.id,
                                    {REFRESH_TAG: "all"} if refresh else None)
            if not planned.success:
                _say(f"error: {prefix}: plan run {planned.run_id} failed: {planned.error}")
                failed += 1
                continue
            current, decision = pipeline.approval_state(services, topic.id)
            if current is None:
                raise _fail(f"{prefix}: the plan run stored no plan")  # a bug, never input
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
                _say(
                    f"{prefix}: plan {current['plan_version']} awaits approval{why}. Review it "
                    f"with 'research-pipeline status {topic.id}', then 'research-pipeline "
                    f"approve {topic.id}' (or 'reject {topic.id} --note ...'), and run again."
                )
                awaiting.append(topic.id)
                continue
            assert decision is not None
            _say(f"{prefix}: researching (plan {current['plan_version']})")
            tags = {APPROVAL_TAG: decision["approval_id"]}
            if refresh:
                tags[REFRESH_TAG] = "all"
            researched = run_partition(instance, RESEARCH_JOB, topic.id, tags, log_level="INFO")
            if not researched.success:
                _say(f"error: {prefix}: run {researched.run_id} failed: {researched.error}")
                failed += 1
                continue
            row = services.store.latest_report(topic.id)
            seconds = time.monotonic() - started
            path = row["path"] if row else "?"
            _say(f"{prefix}: report {path} ({seconds:.1f}s)")
            done.append(topic.id)
        except ResearchPipelineError as exc:
            _say(f"error: {prefix}: {exc}")
            failed += 1
    _say(f"done: {len(done)} reports, {len(awaiting)} awaiting approval, {failed} failed")
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
            _say(f"[worker {worker}] {line.rstrip()}")

    threads = [threading.Thread(target=pump, args=(p, n), daemon=True)
               for n, p in enumerate(procs, 1)]
    for thread in threads:
        thread.start()
    codes = [proc.wait() for proc in procs]
    for thread in threads:
        thread.join(timeout=5)
    failed = sum(c not in (EXIT_OK, EXIT_AWAITING) for c in codes)
    awaiting = sum(c == EXIT_AWAITING for c in codes)
    _say(f"done: {len(paths)} topics in {len(procs)} parallel processes; "
         f"{failed} process(es) with failures, {awaiting} with topics awaiting approval")
    return EXIT_ERROR if failed else EXIT_AWAITING if awaiting else EXIT_OK


# -- approvals ---------------------------------------------------------------------------


def _decide(topic_id: str, decision: str, by: str | None, note: str | None) -> None:
    from research_pipeline import pipeline

    services = _services()
    try:
        result = pipeline.decide(services, topic_id, decision, by or getpass.getuser(), note,
                                 "cli")
    except ResearchPipelineError as exc:
        raise _fail(str(exc)) from exc
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


# -- reading -----------------------------------------------------------------------------


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}


@app.command()
def status(
    topic_id: Annotated[str | None, typer.Argument(help="One topic (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output")] = False,
) -> None:
    """State, plan, approval, and spent cost of each topic."""
    services = _services()
    rows = services.store.status_rows(topic_id)
    if topic_id and not rows:
        raise _fail(f"unknown topic {topic_id!r}: no topic with that id in {services.settings.db}")
    from research_pipeline.pipeline import estimate_cost
    from research_pipeline.topics import parse_topic

    for row in rows:
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
        return "reported"
    return "researching" if row["rounds"] else "approved"


@app.command()
def sql(
    query: Annotated[str, typer.Argument(help="A read-only SQL query")],
    fmt: Annotated[Format, typer.Option("--format", help="table | csv | json")] = Format.table,
) -> None:
    """Run read-only SQL over the research history."""
    import duckdb
    import polars as pl

    services = _services()
    try:
        with services.store.reader() as con:
            relation = con.sql(query)
            frame = relation.pl() if relation is not None else pl.DataFrame()
    except ResearchPipelineError as exc:
        raise _fail(str(exc)) from exc
    except duckdb.Error as exc:
        raise _fail(f"SQL: {exc}") from exc
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

    services = _services()
    if rerender:
        try:
            outcome = pipeline.write_report(services, topic_id, f"rerender-{uuid.uuid4().hex[:12]}")
        except ResearchPipelineError as exc:
            raise _fail(str(exc)) from exc
        _say(f"re-rendered {outcome.path}")
        typer.echo(outcome.markdown, nl=False)
        return
    row = services.store.latest_report(topic_id)
    if row is None:
        raise _fail(f"no report for topic {topic_id!r} yet: run 'research-pipeline run' first")
    typer.echo(row["markdown"], nl=False)


@app.command("eval")
def eval_cmd(
    evalset_dir: Annotated[Path, typer.Argument(help="Folder of topic files carrying 'expect'")],
    min_found: Annotated[float | None, typer.Option(help="Fail below this share of expected phrases")] = None,
    min_answered: Annotated[float | None, typer.Option(help="Fail below this share answered")] = None,
    baseline: Annotated[Path | None, typer.Option(help="JSON of recorded scores to stay at or above")] = None,
    record_baseline: Annotated[Path | None, typer.Option(help="Write this run's scores as the baseline")] = None,
) -> None:
    """Run and score an eval set; exit 1 on an error, an unverified citation or a low score."""
    recorded: dict[str, float] = {}
    if baseline is not None:
        try:
            recorded = json.loads(baseline.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise _fail(f"cannot read the baseline {baseline}: {exc}", EXIT_USAGE) from exc
    from research_pipeline.evaluation import run_eval

    services = _services()
    if not evalset_dir.is_dir():
        raise _fail(f"{evalset_dir} is not a folder of topic files", EXIT_USAGE)
    try:
        scores = run_eval(services, evalset_dir.resolve(), progress=_say)
    except ResearchPipelineError as exc:
        raise _fail(str(exc)) from exc
    header = (f"{'topic':<28} {'answered':>9} {'expected':>9} {'cited':>9} {'sources':>7} "
              f"{'unsupp':>6} {'calls':>5} {'cost':>7} {'secs':>5}")
    typer.echo(header)
    for s in scores:
        typer.echo(
            f"{s.topic_id:<28} {s.answered:>4}/{s.questions:<4} {s.found:>4}/{s.expected:<4} "
            f"{s.citations_verified:>4}/{s.citations:<4} {s.distinct_sources:>7} "
            f"{s.unsupported_sentences:>6} {s.calls:>5} {s.cost_usd:>7.4f} {s.seconds:>5.1f}"
            + (f"  error: {s.error}" if s.error else "")
        )
    questions = sum(s.questions for s in scores) or 1
    expected = sum(s.expected for s in scores) or 1
    answered = sum(s.answered for s in scores) / questions
    found = sum(s.found for s in scores) / expected
    cited = sum(s.citations for s in scores)
    verified = sum(s.citations_verified for s in scores)
    typer.echo(f"{'total':<28} {answered:>9.1%} {found:>9.1%} {verified:>4}/{cited:<4}")
    failed = any(s.error for s in scores) or verified != cited
    now = {"answered": round(answered, 4), "found": round(found, 4),
           "citations_verified": round(verified / cited, 4) if cited else 1.0}
    for key, floor in recorded.items():
        if key in now and now[key] + 1e-9 < floor:
            _say(f"error: {key} {now[key]:.4f} fell below the recorded baseline {floor:.4f}")
            failed = True
    if record_baseline is not None:
        record_baseline.write_text(json.dumps(now, indent=2) + "\n", encoding="utf-8")
        _say(f"recorded the baseline in {record_baseline}")
    if min_found is not None and found < min_found:
        _say(f"error: expected-phrase share {found:.3f} is below the baseline {min_found}")
        failed = True
    if min_answered is not None and answered < min_answered:
        _say(f"error: answered share {answered:.3f} is below the baseline {min_answered}")
        failed = True
    if failed:
        raise typer.Exit(EXIT_ERROR)


@app.command()
def ui(
    port: Annotated[int, typer.Option(help="Webserver port")] = 3000,
    host: Annotated[str, typer.Option(help="Webserver host")] = "127.0.0.1",
) -> None:
    """Start ``dagster dev`` (webserver and daemon) on the project's instance."""
    from research_pipeline.instance import ensure_dagster_home

    _services()
    home = ensure_dagster_home()
    dagster = Path(sys.executable).with_name("dagster")
    _say(f"dagster instance: {home}; UI on http://{host}:{port}")
    os.execv(str(dagster), [str(dagster), "dev", "-m", "research_pipeline.definitions",
                            "-h", host, "-p", str(port)])


def main() -> None:
    """Console-script entry point; usage errors exit 2."""
    # Dagster flags partitioned asset checks and dynamic partitions as preview APIs; the
    # warnings say nothing a CLI user can act on.
    warnings.filterwarnings("ignore", module="dagster")
    try:
        app()
    except ResearchPipelineError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
