"""A backfill of N topic partitions launched through the Dagster UI's API, checked end to end.

What it verifies (the acceptance condition "a 100-topic backfill from the Dagster UI runs as
overlapping work and each topic's partition, metadata and checks show as before"):

* the backfill of all N partitions of the research assets, launched with the UI's own
  ``launchPartitionBackfill`` mutation (the "Materialize all" / "Launch backfill" dialog
  for an asset selection: ``assetSelection`` + ``partitionNames``, no selector), becomes
  one run over the partition range (``BackfillPolicy.single_run``) that succeeds;
* the topics of that run overlap: the most topics in flight at once, from the project's
  DuckDB rows of the run (``runs.started_at`` → ``reports.created_at`` per topic) and from
  the run's Dagster events (first → last event per partition);
* every partition has its own materialization of each asset of the step, with its numeric
  metadata, and its own evaluation of each asset check, in the run's event log (the
  DagsterInstance) and in what the UI reads over GraphQL: partition stats per asset; per
  check, its partition status bar (``partitionStatuses``, which counts an evaluation only
  when it targets the partition's latest materialization) and its execution history
  (``assetCheckExecutions``).

How: a scratch set-up in a temporary folder (N topic files cycling through the dev eval
set's topics under new names, with ``approval: auto``; a fresh ``DAGSTER_HOME`` holding a
copy of ``dagster.yaml``; a fresh DuckDB file and reports folder), offline (extractive
researcher, built-in corpus, no API keys in the environment). ``research-pipeline ui``
starts the webserver and the daemon (``dg dev``) on that instance. As a user in the UI
would, the script turns the ``approval_sensor`` off (Automation → toggle: otherwise the
sensor itself researches the approved topics in a run of its own, before any backfill);
the ``topic_sensor`` adds the N partitions and plans the topics in one run, in which the
policy auditor approves each plan (``approval: auto``). Then it launches the backfill,
waits for it, reports, and stops the UI and daemon (the whole process group).

Run: ``./dev python benchmarks/ui_backfill.py [N]`` (default 100; ``--keep`` keeps the
scratch folder, ``--timeout S`` bounds the backfill). Exit 0 when every partition has its
materializations and check evaluations and the topics overlapped; 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LOCATION = "research_pipeline"
REPOSITORY = "__repository__"
PARTITIONS = "topics"
ASSETS = ("research_plan", "research_rounds", "facts", "report")
CHECKS = (("research_plan", "plan_approved"), ("report", "citations_verified"),
          ("report", "questions_accounted"))
# Numeric metadata shown in the summary (all numeric keys go to the JSON file).
SHOWN = {"research_plan": ("questions", "queries"),
         "research_rounds": ("rounds", "answered", "questions", "answered_share", "sources"),
         "facts": ("facts", "questions_with_facts"),
         "report": ("citations", "answered", "questions", "answered_share", "open_questions")}
TERMINAL = {"COMPLETED", "COMPLETED_SUCCESS", "COMPLETED_FAILED", "FAILED", "CANCELED"}
SECRETS = ("EXA", "GOOGLE", "GEMINI", "OPENAI", "ANTHROPIC")

T0 = time.monotonic()


def log(message: str) -> None:
    print(f"[{time.monotonic() - T0:7.1f}s] {message}", flush=True)


# -- set-up ----------------------------------------------------------------------------


def scratch_env(root: Path) -> dict[str, str]:
    """The child environment: offline, no keys, everything under ``root``."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("RESEARCH_") and not any(s in k.upper() for s in SECRETS)}
    env.update(
        DAGSTER_HOME=str(root / "dagster_home"), RESEARCH_DB=str(root / "research.duckdb"),
        RESEARCH_REPORTS_DIR=str(root / "reports"), RESEARCH_TOPICS_DIR=str(root / "topics"),
        RESEARCH_SEARCH="local", RESEARCH_LLM="extractive",
        VIRTUAL_ENV=str(BIN.parent), PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    return env


def write_topics(topics_dir: Path, n: int) -> list[str]:
    """N topic files cycling through the dev eval set, each under a new name, approval auto."""
    topics_dir.mkdir(parents=True)
    sources = sorted((ROOT / "evalsets" / "dev").glob("*.md"))
    ids = []
    for i in range(n):
        source = sources[i % len(sources)]
        text = source.read_text()
        assert text.startswith("---\n"), source
        topic_id = f"t{i:04d}-{source.stem}"
        (topics_dir / f"{topic_id}.md").write_text("---\napproval: auto\n" + text[4:])
        ids.append(topic_id)
    return ids


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- GraphQL ---------------------------------------------------------------------------


class GraphQL:
    """POSTs to the webserver's ``/graphql``, as the UI does."""

    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}/graphql"

    def __call__(self, query: str, variables: dict | None = None, timeout: float = 120) -> dict:
        body = json.dumps({"query": query, "variables": variables or {}}).encode()
        request = urllib.request.Request(self.url, body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            payload = json.loads(response.read())
        if payload.get("errors"):
            raise RuntimeError(f"GraphQL errors: {json.dumps(payload['errors'])[:2000]}")
        return payload["data"]


WORKSPACE = """{ workspaceOrError { __typename ... on Workspace { locationEntries {
  name loadStatus locationOrLoadError { __typename ... on PythonError { message } } } } } }"""

SENSOR = """query($selector: SensorSelector!) { sensorOrError(sensorSelector: $selector) {
  __typename ... on Sensor { id name sensorState { id status } } } }"""

STOP_SENSOR = """mutation($id: String) { stopSensor(id: $id) { __typename
  ... on StopSensorMutationResult { instigationState { status } }
  ... on PythonError { message } ... on UnauthorizedError { message } } }"""

PARTITION_KEYS = """query($key: AssetKeyInput!) { assetNodeOrError(assetKey: $key) {
  __typename ... on AssetNode { partitionKeysByDimension { name partitionKeys } } } }"""

# The UI's LAUNCH_PARTITION_BACKFILL_MUTATION, with the result fields it reads.
LAUNCH_BACKFILL = """mutation LaunchPartitionBackfill($backfillParams: LaunchBackfillParams!) {
  launchPartitionBackfill(backfillParams: $backfillParams) { __typename
    ... on LaunchBackfillSuccess { backfillId launchedRunIds }
    ... on PartitionSetNotFoundError { message }
    ... on PythonError { message stack }
    ... on Error { message } } }"""

BACKFILL = """query($id: String!) { partitionBackfillOrError(backfillId: $id) { __typename
  ... on PartitionBackfill { id status numPartitions isAssetBackfill endTimestamp
    error { message }
    runs(limit: 100) { runId status }
    assetBackfillData { assetBackfillStatuses { __typename
      ... on AssetPartitionsStatusCounts { assetKey { path } numPartitionsTargeted
        numPartitionsInProgress numPartitionsMaterialized numPartitionsFailed } } } }
  ... on PythonError { message } } }"""

ASSET_VIEW = """query($key: AssetKeyInput!) { assetNodeOrError(assetKey: $key) { __typename
  ... on AssetNode { partitionStats { numMaterialized numPartitions numFailed numMaterializing }
    assetChecksOrError { __typename ... on AssetChecks { checks { name
      partitionStatuses { __typename ... on AssetCheckDefaultPartitionStatuses {
        succeededPartitions failedPartitions inProgressPartitions skippedPartitions
        executionFailedPartitions } } } } } } } }"""

CHECK_EXECUTIONS = """query($key: AssetKeyInput!, $check: String!, $limit: Int!) {
  assetCheckExecutions(assetKey: $key, checkName: $check, limit: $limit) {
    runId status partition evaluation { success severity partition
      targetMaterialization { storageId } } } }"""


def asset_key(name: str) -> dict:
    return {"path": [name]}


def wait_for_workspace(gql: GraphQL, ui: subprocess.Popen, limit_s: float) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if ui.poll() is not None:
            raise RuntimeError(f"the UI process exited with {ui.returncode}")
        try:
            entries = gql(WORKSPACE, timeout=10)["workspaceOrError"].get("locationEntries", [])
        except (urllib.error.URLError, ConnectionError, TimeoutError, RuntimeError):
            entries = []
        for entry in entries:
            if entry["name"] == LOCATION and entry["loadStatus"] == "LOADED":
                kind = entry["locationOrLoadError"]["__typename"]
                if kind != "RepositoryLocation":
                    raise RuntimeError(f"code location failed to load: {entry}")
                return
        time.sleep(2)
    raise TimeoutError(f"the GraphQL endpoint did not serve {LOCATION} in {limit_s:.0f}s")


def stop_sensor(gql: GraphQL, name: str) -> str:
    """Turn a sensor off as the UI's toggle does (``stopSensor`` with its state id)."""
    selector = {"repositoryLocationName": LOCATION, "repositoryName": REPOSITORY,
                "sensorName": name}
    sensor = gql(SENSOR, {"selector": selector})["sensorOrError"]
    if sensor["__typename"] != "Sensor":
        raise RuntimeError(f"sensor {name}: {sensor}")
    result = gql(STOP_SENSOR, {"id": sensor["sensorState"]["id"]})["stopSensor"]
    if result["__typename"] != "StopSensorMutationResult":
        raise RuntimeError(f"stopSensor {name}: {result}")
    return result["instigationState"]["status"]


# -- the project's own reads -----------------------------------------------------------


def project_sql(env: dict[str, str], query: str) -> list[dict]:
    """``research-pipeline sql --format json`` (read-only, with the store's lock retry)."""
    out = subprocess.run([str(BIN / "research-pipeline"), "sql", query, "--format", "json"],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"research-pipeline sql failed: {out.stderr.strip()[-2000:]}")
    return json.loads(out.stdout)


def max_in_flight(intervals: list[tuple[float, float]]) -> tuple[int, float]:
    """The most intervals open at once, and the mean number open over their whole span."""
    events = sorted([(s, 1) for s, _ in intervals] + [(e, -1) for _, e in intervals])
    peak = current = 0
    for _, step in events:
        current += step
        peak = max(peak, current)
    span = max(e for _, e in intervals) - min(s for s, _ in intervals)
    busy = sum(e - s for s, e in intervals)
    return peak, busy / span if span > 0 else float(len(intervals))


def ts(value: Any) -> float:
    return datetime.fromisoformat(str(value)).timestamp()


# -- the scenario ----------------------------------------------------------------------


def wait_for_plans(instance: Any, env: dict[str, str], ids: list[str], limit_s: float) -> dict:
    """The topic sensor adds the partitions and plans them; the auditor approves the plans."""
    import dagster as dg

    deadline = time.monotonic() + limit_s
    last = ""
    while time.monotonic() < deadline:
        partitions = set(instance.get_dynamic_partitions(PARTITIONS))
        runs = instance.get_runs(filters=dg.RunsFilter(job_name="plan_job"))
        states = sorted(r.status.value for r in runs)
        line = f"partitions {len(partitions & set(ids))}/{len(ids)}, plan runs {states}"
        if line != last:
            log(line)
            last = line
        if (partitions >= set(ids) and runs
                and all(r.status in (dg.DagsterRunStatus.SUCCESS, dg.DagsterRunStatus.FAILURE,
                                     dg.DagsterRunStatus.CANCELED) for r in runs)):
            rows = project_sql(env, "SELECT topic_id, decision, decided_by, source "
                               "FROM approvals ORDER BY created_at")
            decided = {r["topic_id"]: r for r in rows}
            approved = [t for t in ids if decided.get(t, {}).get("decision") == "approved"]
            if len(approved) == len(ids):
                return {"plan_runs": [(r.run_id, r.status.value) for r in runs],
                        "approved": len(approved),
                        "by": sorted({f"{r['decided_by']} ({r['source']})" for r in rows})}
            if all(r.status == dg.DagsterRunStatus.SUCCESS for r in runs):
                missing = [t for t in ids if t not in approved][:5]
                raise RuntimeError(f"plans done but only {len(approved)} of {len(ids)} "
                                   f"approved; e.g. {missing}: "
                                   f"{[decided.get(t) for t in missing]}")
            raise RuntimeError(f"a plan run did not succeed: {states}")
        time.sleep(5)
    raise TimeoutError(f"plans not made and approved in {limit_s:.0f}s ({last})")


def launch_backfill(gql: GraphQL) -> tuple[str, list[str]]:
    """What the UI's dialog sends for "Materialize all" partitions of an asset selection."""
    node = gql(PARTITION_KEYS, {"key": asset_key(ASSETS[0])})["assetNodeOrError"]
    keys = node["partitionKeysByDimension"][0]["partitionKeys"]
    params = {"tags": [], "assetSelection": [asset_key(a) for a in ASSETS],
              "partitionNames": keys, "fromFailure": False}
    result = gql(LAUNCH_BACKFILL, {"backfillParams": params})["launchPartitionBackfill"]
    if result["__typename"] != "LaunchBackfillSuccess":
        raise RuntimeError(f"launchPartitionBackfill: {result}")
    return result["backfillId"], keys


def wait_for_backfill(gql: GraphQL, backfill_id: str, limit_s: float) -> dict:
    deadline = time.monotonic() + limit_s
    last_print = 0.0
    while True:
        data = gql(BACKFILL, {"id": backfill_id})["partitionBackfillOrError"]
        if data["__typename"] != "PartitionBackfill":
            raise RuntimeError(f"backfill {backfill_id}: {data}")
        done = data["status"] in TERMINAL
        if done or time.monotonic() - last_print >= 10:
            counts = ", ".join(
                f"{s['assetKey']['path'][-1]} {s['numPartitionsMaterialized']}"
                f"/{s['numPartitionsTargeted']}"
                + (f" ({s['numPartitionsInProgress']} in progress)"
                   if s["numPartitionsInProgress"] else "")
                + (f" ({s['numPartitionsFailed']} failed)" if s["numPartitionsFailed"] else "")
                for s in (data["assetBackfillData"] or {}).get("assetBackfillStatuses", [])
                if s["__typename"] == "AssetPartitionsStatusCounts")
            runs = ", ".join(f"{r['runId'][:8]} {r['status']}" for r in data["runs"])
            log(f"backfill {data['status']}; runs [{runs}]; {counts}")
            last_print = time.monotonic()
        if done:
            return data
        if time.monotonic() > deadline:
            raise TimeoutError(f"backfill {backfill_id} not finished in {limit_s:.0f}s")
        time.sleep(3)


def events_of_runs(instance: Any, run_ids: list[str]) -> tuple[dict, dict, list[str]]:
    """Materializations and check evaluations of the runs, per asset / check and partition."""
    import dagster as dg

    kinds = {dg.DagsterEventType.ASSET_MATERIALIZATION,
             dg.DagsterEventType.ASSET_CHECK_EVALUATION}
    mats: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    evals: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    odd: list[str] = []
    for run_id in run_ids:
        for entry in instance.all_logs(run_id, of_type=kinds):
            event = entry.dagster_event
            if event.event_type == dg.DagsterEventType.ASSET_MATERIALIZATION:
                m = event.event_specific_data.materialization
                name = m.asset_key.to_user_string()
                if m.partition is None:
                    odd.append(f"materialization of {name} without a partition")
                numbers = {k: v.value for k, v in m.metadata.items()
                           if isinstance(v.value, int | float) and not isinstance(v.value, bool)}
                mats[name][m.partition or ""].append((entry.timestamp, numbers))
            else:
                e = event.event_specific_data
                name = e.check_name
                if e.partition is None:
                    odd.append(f"evaluation of {name} without a partition (once for the range)")
                evals[name][e.partition or ""].append(
                    (entry.timestamp, e.passed, e.severity.value))
    return mats, evals, odd


def ui_view(gql: GraphQL, run_ids: set[str], n: int) -> dict:
    """What the UI reads: partition stats per asset; per check its partition statuses (the
    status bar of a partitioned check) and its executions (the check's history)."""
    view: dict[str, Any] = {}
    for name in ASSETS:
        node = gql(ASSET_VIEW, {"key": asset_key(name)})["assetNodeOrError"]
        view[name] = node["partitionStats"]
        checks = node["assetChecksOrError"]
        for check in checks.get("checks", []) if checks["__typename"] == "AssetChecks" else []:
            statuses = check["partitionStatuses"] or {}
            executions = gql(CHECK_EXECUTIONS, {"key": asset_key(name), "check": check["name"],
                                                "limit": 3 * n + 10})["assetCheckExecutions"]
            ours = [e for e in executions if e["runId"] in run_ids]
            view[check["name"]] = {
                "status_bar": {k.removesuffix("Partitions"): len(v)
                               for k, v in statuses.items() if k != "__typename"},
                "executions": {
                    "partitions": len({e["partition"] for e in ours if e["partition"]}),
                    "unpartitioned": sum(not e["partition"] for e in ours),
                    "status": dict(sorted(_count(e["status"] for e in ours).items())),
                    "with_target_materialization": sum(
                        bool(e["evaluation"] and e["evaluation"]["targetMaterialization"])
                        for e in ours)}}
    return view


def _count(values: Any) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for value in values:
        counts[value] += 1
    return counts


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    lo, hi, mean = min(values), max(values), statistics.fmean(values)
    fmt = (lambda x: f"{x:g}") if all(float(v).is_integer() for v in values) else (
        lambda x: f"{x:.3g}")
    return f"{fmt(lo)}..{fmt(hi)} mean {mean:.3g}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=100, help="topics (default 100)")
    parser.add_argument("--timeout", type=float, default=1800, help="backfill limit, s")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--out", help="write the per-partition detail (JSON) here")
    args = parser.parse_args()
    n = args.n

    root = Path(tempfile.mkdtemp(prefix="ui-backfill-"))
    env = scratch_env(root)
    ids = write_topics(root / "topics", n)
    home = root / "dagster_home"
    home.mkdir()
    shutil.copyfile(ROOT / "dagster.yaml", home / "dagster.yaml")
    log(f"scratch set-up in {root}: {n} topics; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores")
    # Create the instance's storages once, under the project's lock, before two processes
    # (webserver, daemon) open it at the same time.
    subprocess.run([sys.executable, "-c", "from research_pipeline.instance import "
                    "get_instance; get_instance()"], env=env, cwd=ROOT, check=True)
    os.environ["DAGSTER_HOME"] = env["DAGSTER_HOME"]
    from research_pipeline.instance import get_instance

    instance = get_instance()
    port = free_port()
    ui_log = (root / "ui.log").open("w")
    ui = subprocess.Popen([str(BIN / "research-pipeline"), "ui", "--port", str(port)],
                          env=env, cwd=ROOT, stdout=ui_log, stderr=subprocess.STDOUT,
                          start_new_session=True)
    gql = GraphQL(port)
    problems: list[str] = []
    result: dict[str, Any] = {"topics": n, "scratch": str(root)}
    try:
        log(f"research-pipeline ui --port {port} (pid {ui.pid}); waiting for GraphQL")
        wait_for_workspace(gql, ui, 300)
        log(f"GraphQL serves {LOCATION}; approval_sensor -> "
            f"{stop_sensor(gql, 'approval_sensor')} (turned off as in the UI)")
        plans = wait_for_plans(instance, env, ids, 900)
        log(f"plans: {plans['approved']}/{n} approved by {', '.join(plans['by'])}; "
            f"plan runs {[s for _, s in plans['plan_runs']]}")
        result["plans"] = plans
        started = time.monotonic()
        backfill_id, keys = launch_backfill(gql)
        log(f"launchPartitionBackfill: backfill {backfill_id} over {len(keys)} partitions "
            f"({keys[0]} .. {keys[-1]}) of {', '.join(ASSETS)}")
        final = wait_for_backfill(gql, backfill_id, args.timeout)
        wall = time.monotonic() - started
        result["backfill"] = {"id": backfill_id, "status": final["status"],
                              "wall_s": round(wall, 1), "error": final["error"]}
        result["ui_view"] = ui_view(gql, {r["runId"] for r in final["runs"]}, n)
    except Exception as exc:  # reported below, with the tail of the UI log
        problems.append(f"{type(exc).__name__}: {exc}")
    finally:
        try:
            os.killpg(ui.pid, signal.SIGTERM)
            ui.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(ui.pid, signal.SIGKILL)
            ui.wait()
        except ProcessLookupError:
            pass
        ui_log.close()
        log(f"UI and daemon stopped (exit {ui.returncode})")
    if "backfill" not in result:
        print("\n".join((root / "ui.log").read_text().splitlines()[-40:]))
        print(f"FAILED: {'; '.join(problems)} (scratch kept: {root})")
        return 1

    import dagster as dg

    backfill_id = result["backfill"]["id"]
    records = instance.get_run_records(
        filters=dg.RunsFilter(tags={"dagster/backfill": backfill_id}))
    run_ids = [r.dagster_run.run_id for r in records]
    runs = [{"run_id": r.dagster_run.run_id, "status": r.dagster_run.status.value,
             "job": r.dagster_run.job_name,
             "range": (r.dagster_run.tags.get("dagster/asset_partition_range_start"),
                       r.dagster_run.tags.get("dagster/asset_partition_range_end")),
             "run_s": round((r.end_time or 0) - (r.start_time or 0), 1),
             "topic_tags": sum(k.startswith("research-topic/") for k in r.dagster_run.tags)}
            for r in records]
    result["runs"] = runs
    mats, evals, odd = events_of_runs(instance, run_ids)
    problems += odd

    # Per partition: each asset's materialization and each check's evaluation.
    per_partition: dict[str, dict] = {}
    for key in ids:
        per_partition[key] = {
            "materialized": {a: len(mats[a].get(key, [])) for a in ASSETS},
            "metadata": {a: mats[a][key][-1][1] for a in ASSETS if mats[a].get(key)},
            "checks": {c: [(p, s) for _, p, s in evals[c].get(key, [])] for _, c in CHECKS},
        }
    missing_mat = {a: [k for k in ids if not mats[a].get(k)] for a in ASSETS}
    missing_eval = {c: [k for k in ids if not evals[c].get(k)] for _, c in CHECKS}
    for a, keys in missing_mat.items():
        if keys:
            problems.append(f"{a}: {len(keys)} partition(s) without a materialization, "
                            f"e.g. {keys[:3]}")
    for c, keys in missing_eval.items():
        if keys:
            problems.append(f"{c}: {len(keys)} partition(s) without an evaluation, "
                            f"e.g. {keys[:3]}")
    for name, by_key in [*mats.items(), *evals.items()]:
        twice = [k for k, v in by_key.items() if len(v) > 1]
        if twice:
            problems.append(f"{name}: {len(twice)} partition(s) with more than one event")

    # Overlap: the project's rows of the backfill run, and the run's Dagster events.
    rows = []
    for run_id in run_ids:
        rows += project_sql(env, "SELECT r.topic_id, r.started_at, rep.created_at AS ended_at "
                            "FROM runs r LEFT JOIN reports rep ON rep.run_id = r.run_id AND "
                            f"rep.topic_id = r.topic_id WHERE r.run_id = '{run_id}'")
    spans = [(ts(r["started_at"]), ts(r["ended_at"])) for r in rows if r["ended_at"]]
    db_peak, db_mean = max_in_flight(spans) if spans else (0, 0.0)
    per_topic = [e - s for s, e in spans]
    event_spans = []
    for key in ids:
        stamps = [t for a in ASSETS for t, _ in mats[a].get(key, [])] + [
            t for _, c in CHECKS for t, _, _ in evals[c].get(key, [])]
        if stamps:
            event_spans.append((min(stamps), max(stamps)))
    ev_peak, ev_mean = max_in_flight(event_spans) if event_spans else (0, 0.0)
    result["overlap"] = {"topics_with_rows": len(rows), "topics_reported": len(spans),
                         "max_in_flight_db": db_peak, "mean_in_flight_db": round(db_mean, 1),
                         "max_in_flight_events": ev_peak,
                         "mean_in_flight_events": round(ev_mean, 1),
                         "topic_s": spread(per_topic)}
    if db_peak < 2:
        problems.append(f"topics never overlapped (at most {db_peak} in flight)")
    others = [f"{r.job_name} {r.run_id[:8]} {r.status.value}" for r in instance.get_runs()
              if r.run_id not in run_ids and r.job_name != "plan_job"]
    result["other_runs"] = others
    if others:
        problems.append(f"runs besides the plan run and the backfill's: {others}")
    if len(runs) != 1:
        problems.append(f"the backfill made {len(runs)} runs, not one over the range")
    if any(r["status"] != "SUCCESS" for r in runs):
        problems.append(f"backfill run status: {[r['status'] for r in runs]}")
    if result["backfill"]["status"] not in ("COMPLETED", "COMPLETED_SUCCESS"):
        problems.append(f"backfill status {result['backfill']['status']}")

    for name, view in result["ui_view"].items():
        if "numMaterialized" in view and view["numMaterialized"] < n:
            problems.append(f"UI: {name} shows {view['numMaterialized']} of {n} partitions "
                            "materialized")
        if "status_bar" in view:
            shown = view["status_bar"].get("succeeded", 0) + view["status_bar"].get("failed", 0)
            if shown < n:
                problems.append(
                    f"UI: {name}'s partition status shows {shown} of {n} partitions evaluated "
                    f"(its history has {view['executions']['partitions']} partitions evaluated "
                    f"by the backfill, {view['executions']['with_target_materialization']} "
                    "naming a target materialization)")

    out = Path(args.out) if args.out else root / "partitions.json"
    out.write_text(json.dumps({**result, "per_partition": per_partition}, indent=1,
                              default=str))

    # Summary.
    b = result["backfill"]
    print("\n== UI backfill summary ==")
    print(f"topics/partitions: {n}; plans approved before the backfill: "
          f"{plans['approved']} ({', '.join(plans['by'])})")
    print(f"backfill {b['id']}: {b['status']}, wall {b['wall_s']} s (launch -> completed)")
    print(f"runs created by the backfill: {len(runs)} (other runs on the instance: the plan "
          f"run{', ' + ', '.join(others) if others else ''})")
    for r in runs:
        print(f"  {r['run_id']} {r['job']} {r['status']} range {r['range'][0]}..{r['range'][1]}"
              f" run {r['run_s']} s, {r['topic_tags']} research-topic tags")
    o = result["overlap"]
    print(f"overlap: max topics in flight {o['max_in_flight_db']} (DuckDB runs.started_at -> "
          f"reports.created_at, {o['topics_reported']} topics), mean {o['mean_in_flight_db']}; "
          f"from Dagster events max {o['max_in_flight_events']}, mean "
          f"{o['mean_in_flight_events']}; per topic {o['topic_s']} s")
    print("materializations (partitions with one / of N), numeric metadata over partitions:")
    for a in ASSETS:
        have = n - len(missing_mat[a])
        print(f"  {a}: {have}/{n}")
        for k in SHOWN[a]:
            values = [m[k] for key in ids if (m := per_partition[key]["metadata"].get(a))
                      and k in m]
            print(f"      {k}: {len(values)} partitions, {spread(values)}")
    print("check evaluations (partitions with one / of N; outcomes):")
    for asset, c in CHECKS:
        outcomes: dict[str, int] = defaultdict(int)
        for key in ids:
            for passed, severity in per_partition[key]["checks"][c]:
                outcomes["passed" if passed else f"failed {severity}"] += 1
        print(f"  {asset}:{c}: {n - len(missing_eval[c])}/{n}; "
              + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print("as the UI reads it (GraphQL):")
    for name, stats in result["ui_view"].items():
        print(f"  {name}: {json.dumps(stats)}")
    print(f"per-partition detail: {out}")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    if problems:
        print("PROBLEMS:\n" + "\n".join(f"  - {p}" for p in problems))
    print("RESULT: " + ("FAIL" if problems else "PASS"))
    if not args.keep and not problems:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
