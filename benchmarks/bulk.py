"""Bulk research at the speed of its API calls: the project through Dagster, side by side
with the same domain functions in a plain loop, against loopback providers.

Loopback Exa and Gemini servers (tests/fakes.py, the real SDKs' wire formats) answer each
search after 0.4 s and each model call after 1 s. Every case runs as its own process, so
the CPU seconds and peak memory are that process's alone (``os.wait4``); the servers run
in this process.

* ``dagster``: ``research-pipeline run --approve`` over N new topic files (one run).
* ``plain``: the same topics through ``pipeline.bulk.research_topics`` with the same
  settings and concurrency, no Dagster.
* ``ideal``: the same requests in the same order of dependence from a client that does
  nothing else (no store, no prompts, no parsing; the standard library only), under the
  same limits: the floor any client reaches on these providers. Its wall over the bound
  is what the bound leaves out: the plan call before the first search, the last
  search's answer and the model calls after it, and a Python process's start.

Critical path of a topic (the issue's definition): its plan call, for each round one
search and two model calls, and the answer call. For many topics the bound also counts
the provider limits: searches ÷ the search rate and model calls ÷ the model concurrency.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MODEL_S, SEARCH_S = 1.0, 0.4
# The providers' limits. Topics at once is left to the project (``topics_at_once``: here
# 2 × (32 + 20) = 104, so all 100 topics are in flight).
LIMITS = {"RESEARCH_EXA_REQUESTS_PER_S": "20", "RESEARCH_MODEL_CONCURRENCY": "32"}

PLAIN = """
import sys, time
from functools import partial
from research_pipeline.pipeline import Services, register_topics
from research_pipeline.pipeline.bulk import research_topics
from research_pipeline.settings import load_settings
from research_pipeline.topics import load_topics, topic_files
settings = load_settings()
topics, errors = load_topics(topic_files(settings.topics_dir))
services = Services(settings=settings)
with services.store.session():
    register_topics(services, topics)
    states = {}
    for event in research_topics(partial(Services, settings=settings), [t.id for t in topics],
                                 "plain-loop", approve_as="bench",
                                 workers=settings.topics_at_once):
        if type(event).__name__ == "TopicDone":
            states[event.state] = states.get(event.state, 0) + 1
            if event.state == "failed":
                print(event.topic_id, event.failed_step, event.error, event.detail or "")
print(states)
# As the command line does on its way out (``cli.app.main``): what is left is freed by
# the operating system, not by a last walk of the heap.
import gc; gc.freeze()
"""

# Per topic, as the project's research makes them against the loopback brain (which
# answers in the second round): the plan call; round 1: three searches, the reflection,
# then the gap analysis, the extraction and the follow-up queries at once; round 2:
# three searches, the reflection, then the gap analysis and the extraction at once; the
# answer call. 9 model calls and 6 searches; the critical path is 2 + 2 x 2.4 = 6.8 s.
IDEAL = """
import http.client, json, sys, threading, time
from collections import deque
from urllib.parse import urlsplit
import os
n, rate, slots = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
exa = urlsplit(os.environ["RESEARCH_EXA_BASE_URL"])
gem = urlsplit(os.environ["RESEARCH_GEMINI_BASE_URL"])
MODEL = json.dumps({"tools": [{"functionDeclarations": [{"name": "GapOut"}]}],
                    "contents": [{"parts": [{"text": "x"}]}]}).encode()
SEARCH = json.dumps({"query": "tides", "numResults": 8}).encode()
model_slots = threading.BoundedSemaphore(slots)
granted, guard = deque(maxlen=int(rate)), threading.Lock()

failed = []

def post(url, body):
    con = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:
        con.request("POST", "/x", body, {"content-type": "application/json"})
        reply = con.getresponse()
        reply.read()
        if reply.status != 200:
            failed.append(reply.status)
    except OSError as exc:
        failed.append(repr(exc))
        raise
    finally:
        con.close()

def model():
    with model_slots:
        post(gem, MODEL)

def search():
    with guard:  # at most ``rate`` searches in any one second, granted in order
        now = time.monotonic()
        at = max(now, granted[0] + 1.0) if len(granted) == granted.maxlen else now
        granted.append(at)
    time.sleep(max(0.0, at - time.monotonic()))
    post(exa, SEARCH)

def together(*calls):
    threads = [threading.Thread(target=c) for c in calls]
    for t in threads: t.start()
    for t in threads: t.join()

def topic():
    model()                                      # plan
    together(search, search, search); model()    # round 1: searches, reflection
    together(model, model, model)                # gaps, facts, follow-up queries
    together(search, search, search); model()    # round 2
    together(model, model)                       # gaps, facts
    model()                                      # answer

together(*[topic] * n)
if failed:  # a topic cut short would make the floor look lower than it is
    sys.exit(f"{len(failed)} requests failed: {failed[:5]}")
"""
IDEAL_ROUNDS = 2


@dataclass
class Measured:
    """One process's run."""

    wall_s: float
    first_call_s: float  # from the process's start to the first request at a provider
    cpu_s: float
    peak_mb: float
    searches: int
    model_calls: int
    longest_critical_s: float
    output: str


def topic_text(n: int) -> str:
    """A topic of three questions the loopback brain answers in its second round."""
    return textwrap.dedent(f"""\
        ---
        title: "Tides, survey {n}"
        questions:
          - "What causes tides at site {n}?"
          - "When do spring tides happen at site {n}?"
          - "What is the tidal range at site {n}?"
        max_rounds: 2
        approval: human
        ---
        """)


def measure(kind: str, n: int, work: Path, tree: Path = ROOT) -> Measured:
    """Run ``kind`` (dagster | plain | ideal) over ``n`` fresh topics against fresh servers.

    ``tree`` is the checkout whose code runs; its own ``dagster.yaml`` configures the
    instance (it names the checkout's event log storage).
    """
    from tests import fake_world
    from tests.fakes import FakeServer

    case = work / f"{kind}-{n}"
    (case / "topics").mkdir(parents=True)
    (case / "dh").mkdir()
    (case / "dh" / "dagster.yaml").write_text((tree / "dagster.yaml").read_text())
    for i in range(n):
        (case / "topics" / f"tides-{i}.md").write_text(topic_text(i))
    with FakeServer(fake_world.exa_search, latency_s=SEARCH_S) as exa, \
            FakeServer(lambda r: fake_world.gemini_model(r, answer_from_round=2),
                       latency_s=MODEL_S) as gem:
        env = dict(os.environ, **LIMITS, RESEARCH_SEARCH="exa", RESEARCH_LLM="gemini",
                   RESEARCH_EXA_BASE_URL=exa.url, RESEARCH_GEMINI_BASE_URL=gem.url,
                   EXA_API_KEY="bench", GOOGLE_API_KEY="bench",
                   RESEARCH_DB=str(case / "db.duckdb"), RESEARCH_TOPICS_DIR=str(case / "topics"),
                   RESEARCH_REPORTS_DIR=str(case / "reports"), DAGSTER_HOME=str(case / "dh"))
        exa.requests, gem.requests = _Stamped(), _Stamped()
        exe = Path(sys.executable)
        # The instance exists already, as it does after a project's first run. A ``-c``
        # child puts its working folder first on its path: started in the case's folder,
        # it imports the tree that ``PYTHONPATH`` names, not the checkout it was run from.
        subprocess.run([str(exe), "-c", "from research_pipeline.instance import get_instance; "
                        "get_instance()"], env=env, check=True, capture_output=True, cwd=case)
        args = ([str(exe.with_name("research-pipeline")), "run", "--approve"]
                if kind == "dagster" else [str(exe), "-c", PLAIN] if kind == "plain" else
                [str(exe), "-S", "-c", IDEAL, str(n), LIMITS["RESEARCH_EXA_REQUESTS_PER_S"],
                 LIMITS["RESEARCH_MODEL_CONCURRENCY"]])
        started = time.perf_counter()
        wall, cpu, peak, output = _wait4(args, env, cwd=None if kind == "dagster" else case)
        first = min(exa.requests.times + gem.requests.times, default=started) - started
        searches, model_calls = len(exa.requests), len(gem.requests)
    rounds = _rounds(case / "db.duckdb") if kind != "ideal" else [IDEAL_ROUNDS] * n
    longest = max((2 * MODEL_S + r * (SEARCH_S + 2 * MODEL_S) for r in rounds), default=0.0)
    return Measured(wall, first, cpu, peak, searches, model_calls, longest, output)


class _Stamped(list):
    """A server's request list that notes when each request arrived."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, item: object) -> None:
        self.times.append(time.perf_counter())
        super().append(item)


def _wait4(args: list[str], env: dict[str, str], cwd: Path | None = None
           ) -> tuple[float, float, float, str]:
    """Run ``args``; its wall, CPU seconds, peak memory (MB) and output.

    The peak is the process's own high-water mark (``VmHWM``, read every 20 ms while it
    runs). Its ``ru_maxrss`` is not: Linux keeps the high-water mark of the memory a
    process had before ``exec``, so a child's starts at its parent's size when spawned
    (this benchmark's ~75 MB, which a small client never reaches).
    """
    started = time.perf_counter()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, cwd=cwd)
    peak_kb = [0]
    done = threading.Event()

    def watch() -> None:
        status = Path(f"/proc/{proc.pid}/status")
        while not done.is_set():
            try:
                for line in status.read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak_kb[0] = max(peak_kb[0], int(line.split()[1]))
            except (OSError, ValueError, IndexError):
                pass  # gone, or a zombie without memory: the last reading stands
            done.wait(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    assert proc.stdout is not None
    output = proc.stdout.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    done.set()
    watcher.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0,):
        raise RuntimeError(f"{args[0]} exited {proc.returncode}:\n{output[-3000:]}")
    peak_mb = peak_kb[0] / 1024 if peak_kb[0] else usage.ru_maxrss / 1024
    return wall, usage.ru_utime + usage.ru_stime, peak_mb, output


def _rounds(db: Path) -> list[int]:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT topic_id, max(round) FROM research_rounds GROUP BY 1").fetchall()
    finally:
        con.close()
    return [int(r[1]) for r in rows]


def bound(m: Measured, n: int) -> float:
    """max(longest critical path, searches ÷ rate, model calls ÷ concurrency)."""
    rate = float(LIMITS["RESEARCH_EXA_REQUESTS_PER_S"])
    slots = int(LIMITS["RESEARCH_MODEL_CONCURRENCY"])
    if n == 1:
        return m.longest_critical_s
    return max(m.longest_critical_s, m.searches / rate, m.model_calls * MODEL_S / slots)


def main(sizes: tuple[int, ...] = (1, 4, 100), trees: dict[str, str] | None = None,
         repeat: int = 1) -> list[dict]:
    """Each size through Dagster and through the plain loop, one after the other.

    ``trees`` (name -> a checkout of the project) measures each case once per checkout,
    one right after the other (``PYTHONPATH`` picks the code), so that versions are
    compared side by side on a machine whose load changes. ``repeat`` measures every
    case that many times, the order of the cases turned round each time, and reports
    each case's median run (by wall time) with the range of its walls.
    """
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            cases = [(kind, name, tree) for kind in ("dagster", "plain", "ideal")
                     for name, tree in (trees or {"": ""}).items()]
            runs: dict[tuple[str, str], list[dict]] = {}
            for r in range(repeat):
                for kind, name, tree in (cases if r % 2 == 0 else cases[::-1]):
                    if tree:
                        os.environ["PYTHONPATH"] = str(Path(tree).resolve())
                    m = measure(kind, n, Path(tmp) / (name or ".") / f"run-{r}",
                                Path(tree).resolve() if tree else ROOT)
                    row = {**({"tree": name} if name else {}), "kind": kind, "topics": n,
                           "wall_s": round(m.wall_s, 2),
                           "first_call_s": round(m.first_call_s, 2),
                           "bound_s": round(bound(m, n), 2),
                           "wall_over_bound": round(m.wall_s / bound(m, n), 2),
                           "cpu_s_per_topic": round(m.cpu_s / n, 2),
                           "peak_mb": round(m.peak_mb), "searches": m.searches,
                           "model_calls": m.model_calls}
                    runs.setdefault((kind, name), []).append(row)
                    print(json.dumps(row), flush=True)
            for kind, name, _ in cases:
                measured = sorted(runs[(kind, name)], key=lambda row: row["wall_s"])
                median = dict(measured[(len(measured) - 1) // 2])
                median.update(runs=len(measured), wall_min_s=measured[0]["wall_s"],
                              wall_max_s=measured[-1]["wall_s"])
                rows.append(median)
    return rows


if __name__ == "__main__":
    # python benchmarks/bulk.py [SIZE ...] [--trees NAME=DIR,NAME=DIR] [--repeat K]
    args = sys.argv[1:]
    named = {}
    repeat = 1
    if "--repeat" in args:
        at = args.index("--repeat")
        value = args[at + 1] if at + 1 < len(args) else ""
        if not value.isdigit() or int(value) < 1:
            sys.exit(f"bulk.py: --repeat needs a whole number of runs, 1 or more (got "
                     f"{value!r})")
        repeat = int(value)
        del args[at:at + 2]
    if "--trees" in args:
        at = args.index("--trees")
        named = dict(pair.split("=", 1) for pair in args[at + 1].split(","))
        del args[at:at + 2]
    for summary in main(tuple(int(a) for a in args) or (1, 4, 100), named or None, repeat):
        print("median:", json.dumps(summary))
