"""Peer benchmark: GPT Researcher and this project, side by side in one run, against
loopback providers with the same injected latencies (1.0 s a model call, 0.4 s a search).

    ./dev python benchmarks/peer/run.py [--rounds 3] [--sizes 1,4]
                                        [--systems gptr,dagster,plain] [--json PATH]

Run it with the project's interpreter (``./dev python``): the project's cases are
``benchmarks/bulk.py``'s ``measure`` (its loopback Exa and Gemini, tests/fakes.py), and
GPT Researcher runs in its own environment, ``benchmarks/peer/.venv`` (``setup.sh``),
as ``gptr_case.py`` against the loopback servers of ``providers.py`` run here. Each case
is its own process; its wall time, CPU seconds and peak memory are that process's
(``os.wait4``, bulk.py's ``_wait4``: the child's rusage, which includes its own waited-for
children). Rounds interleave the systems (the order rotates every round) so that the
machine's load moves all of them alike; the table gives medians over rounds.

Critical path of GPT Researcher (per topic, as observed): the loopback server records every
call with its topic and start time. A topic's calls, in the order they arrived, fall into
runs of one kind (model or search): GPT Researcher's code issues each run at once (the
sub-query searches are one ``asyncio.gather``) and starts the next run only after the
previous one answered, so each run is one step of the critical path, worth 1.0 s if a model
run, 0.4 s if a search run. With default settings a topic observed as M S M S×4 M: choose
the agent, search the question, plan the sub-queries, search the three sub-queries and the
question at once, write the report: 3 × 1.0 + 2 × 0.4 = 3.8 s. The longest topic's path is
the bound (GPT Researcher has no provider rate limits to add, unlike bulk.py's bound).
The project's critical path is bulk.py's ``bound`` (its README's definition).

"Observed chain" applies one rule to both systems (``observed_chain``): per topic, a call
that arrives after every earlier call of the topic answered starts a new step. It shows
the project's actual chain (its bound counts a second model call in the last round that
the loopback run does not make) and GPT Researcher's searches queued behind its thread
pool (asyncio's default executor, 6 threads on 2 cores) as an extra step.
Start-up: launch of the measured process → its first provider call. Provider span: first
call → last answer (arrival + injected latency).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(ROOT)]

import bulk  # noqa: E402 - benchmarks/bulk.py
from providers import SITE, PeerProviders  # noqa: E402

from tests import fake_world  # noqa: E402

PEER_PYTHON = HERE / ".venv" / "bin" / "python"
SERVERS: list = []  # bulk.measure's loopback servers of the current case, in start order


def _remember_fake_servers() -> None:
    """Keep bulk.measure's loopback servers (tests.fakes.FakeServer) for their requests.

    bulk.measure stamps each request's arrival on its own clock (``requests.times``).
    """
    from tests import fakes

    class RememberedFakeServer(fakes.FakeServer):  # type: ignore[misc]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            SERVERS.append(self)

    fakes.FakeServer = RememberedFakeServer  # type: ignore[misc]  # bulk.measure imports it per call


def provider_span(spans: list[tuple[float, float]]) -> float:
    """From the first provider call to the last answer."""
    return max(e for _, e in spans) - min(s for s, _ in spans)


KEEP_ENV = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "TERM")


def peer_env(url: str) -> dict[str, str]:
    """GPT Researcher's settings: every provider at the loopback server, nothing else."""
    env = {k: v for k, v in os.environ.items() if k in KEEP_ENV}
    env.update({
        "OPENAI_API_KEY": "loopback-dummy", "OPENAI_BASE_URL": f"{url}/v1",
        "RETRIEVER": "custom", "RETRIEVER_ENDPOINT": f"{url}/search",
        "EMBEDDING": "openai:text-embedding-3-small",  # its default, at OPENAI_BASE_URL
        "LANGCHAIN_TRACING_V2": "false", "LANGSMITH_TRACING": "false",
        "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONUNBUFFERED": "1",
    })
    return env


def critical_path(calls: list, topic: int) -> tuple[float, str]:
    """Runs of one kind in arrival order, each one step (see the module docstring)."""
    mine = sorted((c for c in calls if c.topic == topic and c.kind in ("model", "search")),
                  key=lambda c: c.started)
    runs: list[list[str]] = []
    for call in mine:
        if runs and runs[-1][0] == call.kind:
            runs[-1].append(call.kind)
        else:
            runs.append([call.kind])
    seconds = sum(bulk.MODEL_S if run[0] == "model" else bulk.SEARCH_S for run in runs)
    shape = " ".join(("M" if r[0] == "model" else "S") + (f"×{len(r)}" if len(r) > 1 else "")
                     for r in runs)
    return seconds, shape


def observed_chain(events: list[tuple[float, str, int | None]], n: int) -> tuple[float, str]:
    """The longest topic's chain of dependent calls, from arrival times (same for both systems).

    ``events``: (arrival time, "M" or "S", topic). Per topic, a call that arrives before
    every earlier call of the topic has answered (arrival + its latency) joins the current
    step; one that arrives after starts the next step. A step is worth 1.0 s if it holds a
    model call, else 0.4 s. Queueing inside a system (a pool or a rate limit that delays a
    call until others answered) would show as an extra step; see RESULTS.md.
    """
    best, best_shape = 0.0, ""
    for topic in range(n):
        steps: list[list[str]] = []
        open_until = float("-inf")
        for at, kind, _ in sorted(e for e in events if e[2] == topic):
            if at >= open_until - 1e-3 or not steps:
                steps.append([])
                open_until = at
            steps[-1].append(kind)
            open_until = max(open_until, at + (bulk.MODEL_S if kind == "M" else bulk.SEARCH_S))
        seconds = sum(bulk.MODEL_S if "M" in st else bulk.SEARCH_S for st in steps)
        shape = " ".join(("M" if "M" in st else "S") + (f"×{len(st)}" if len(st) > 1 else "")
                         for st in steps)
        if seconds >= best:
            best, best_shape = seconds, shape
    return best, best_shape


def measure_gptr(n: int, work: Path) -> dict:
    out = work / f"gptr-{n}-{time.monotonic_ns()}"
    with PeerProviders(docs=[dict(d) for d in _web()], model_s=bulk.MODEL_S,
                       search_s=bulk.SEARCH_S) as providers:
        launched = time.time()  # the providers stamp their calls with time.time() too
        wall, cpu, peak, output = bulk._wait4(
            [str(PEER_PYTHON), str(HERE / "gptr_case.py"), str(n), str(out)],
            peer_env(providers.url))
        calls = list(providers.calls)
    result = next((json.loads(line.split(" ", 1)[1]) for line in output.splitlines()
                   if line.startswith("GPTR_RESULT ")), None)
    if result is None:
        raise RuntimeError(f"gpt_researcher case printed no result:\n{output[-3000:]}")
    paths = [critical_path(calls, t) for t in range(n)]
    longest = max(p[0] for p in paths)
    untagged = [c for c in calls if c.kind in ("model", "search") and c.topic is None]
    if untagged or any(c.step == "unknown" for c in calls):
        raise RuntimeError(f"calls the benchmark cannot attribute: {untagged}")
    return {"system": "GPT Researcher", "topics": n, "wall_s": wall,
            "model_calls": sum(c.kind == "model" for c in calls),
            "searches": sum(c.kind == "search" for c in calls),
            "embeddings": sum(c.kind == "embeddings" for c in calls),
            "other_requests": sum(c.kind == "other" for c in calls),
            "critical_s": longest, "shape": sorted({p[1] for p in paths}),
            **dict(zip(("chain_s", "chain_shape"), observed_chain(
                [(c.started, "M" if c.kind == "model" else "S", c.topic)
                 for c in calls if c.kind in ("model", "search")], n), strict=True)),
            "cpu_s": cpu, "peak_mb": peak, "blocked": result["blocked"],
            "startup_s": min(c.started for c in calls) - launched,
            "span_s": provider_span([(c.started, c.started + (
                bulk.MODEL_S if c.kind == "model" else bulk.SEARCH_S if c.kind == "search"
                else 0)) for c in calls]),
            "report_chars": [t["report_chars"] for t in result["topics"]],
            "versions": {"gpt-researcher": result["gpt_researcher"],
                         "python": result["python"]}}


def measure_project(kind: str, n: int, work: Path) -> dict:
    SERVERS.clear()
    m = bulk.measure(kind, n, work / f"{kind}-{n}-{time.monotonic_ns()}")
    exa, gemini = SERVERS  # bulk.measure starts the Exa server, then the Gemini one
    label = "research_pipeline (Dagster)" if kind == "dagster" else "research_pipeline (plain loop)"
    return {"system": label, "topics": n, "wall_s": m.wall_s, "model_calls": m.model_calls,
            "searches": m.searches, "critical_s": bulk.bound(m, n),
            "shape": ["P (S M M)×rounds A"], "cpu_s": m.cpu_s, "peak_mb": m.peak_mb,
            **dict(zip(("chain_s", "chain_shape"), observed_chain(
                [(t, "S", _site(r.body["query"]))
                 for t, r in zip(exa.requests.times, exa.requests, strict=True)]
                + [(t, "M", _site(fake_world._prompt(r)))
                   for t, r in zip(gemini.requests.times, gemini.requests, strict=True)], n),
                strict=True)),
            "startup_s": m.first_call_s,  # bulk.measure's: launch to the first request
            "span_s": provider_span([(t, t + bulk.SEARCH_S) for t in exa.requests.times]
                                    + [(t, t + bulk.MODEL_S) for t in gemini.requests.times]),
            "versions": {"python": sys.version.split()[0]}}


def _site(text: str) -> int | None:
    match = SITE.search(text)
    return int(match.group(1)) if match else None


def _web() -> list[dict[str, str]]:
    return fake_world.WEB


def table(rows: list[dict]) -> str:
    """Medians over rounds, one line per system and size (ranges in brackets)."""
    groups: dict[tuple[str, int], list[dict]] = {}
    for row in rows:
        groups.setdefault((row["system"], row["topics"]), []).append(row)
    lines = ["| system | topics | wall s | model calls | searches | critical path s "
             "| wall ÷ critical path | observed chain s | wall ÷ observed chain "
             "| start-up s | provider span s | CPU s | peak MB | rounds |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]

    def med(rs: list[dict], key: str) -> float:
        return statistics.median(r[key] for r in rs)

    def spread(rs: list[dict], key: str, fmt: str) -> str:
        values = [r[key] for r in rs]
        if len(values) == 1:
            return format(values[0], fmt)
        return (f"{format(statistics.median(values), fmt)} "
                f"({format(min(values), fmt)}-{format(max(values), fmt)})")

    for (system, n), rs in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for r in rs:
            r["ratio"] = r["wall_s"] / r["critical_s"]
            r["chain_ratio"] = r["wall_s"] / r["chain_s"]
        lines.append(
            f"| {system} | {n} | {spread(rs, 'wall_s', '.1f')} | {med(rs, 'model_calls'):g} "
            f"| {med(rs, 'searches'):g} | {med(rs, 'critical_s'):.1f} "
            f"| {spread(rs, 'ratio', '.2f')} | {med(rs, 'chain_s'):.1f} "
            f"| {spread(rs, 'chain_ratio', '.2f')} "
            f"| {med(rs, 'startup_s'):.1f} | {med(rs, 'span_s'):.1f} "
            f"| {spread(rs, 'cpu_s', '.1f')} "
            f"| {spread(rs, 'peak_mb', '.0f')} | {len(rs)} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="1,4")
    parser.add_argument("--systems", default="gptr,dagster,plain")
    parser.add_argument("--json", type=Path, help="also write every case's row here")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    systems = args.systems.split(",")
    if "gptr" in systems and not PEER_PYTHON.exists():
        sys.exit(f"no {PEER_PYTHON}: run benchmarks/peer/setup.sh first")
    _remember_fake_servers()
    print(f"load average at start: {os.getloadavg()}", flush=True)
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(args.rounds):
            order = systems[rnd % len(systems):] + systems[:rnd % len(systems)]
            for n in sizes:
                for system in order:
                    row = (measure_gptr(n, Path(tmp)) if system == "gptr"
                           else measure_project(system, n, Path(tmp)))
                    row["round"] = rnd + 1
                    rows.append(row)
                    print(json.dumps({k: round(v, 2) if isinstance(v, float) else v
                                      for k, v in row.items()}), flush=True)
    print(f"load average at end: {os.getloadavg()}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    print()
    print(table(rows))


if __name__ == "__main__":
    main()
