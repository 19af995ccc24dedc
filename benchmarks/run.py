"""Benchmarks, measured side by side in one run, reported as ratios.

1. Search: tantivy BM25 against a linear scan that scores every passage in Python
   (what a project without an index would do), over the same built-in corpus and queries.
2. Orchestration: one topic through the domain functions directly against the same
   topic through Dagster runs (plan_job + research_job) on a real instance.
3. Corpus build: the built-in python-docs corpus from scratch.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUERIES = [
    "import statement two steps", "finally clause try statement", "context manager exit",
    "generator yield suspended", "json dumps serialize", "relative import leading dots",
    "lambda anonymous function", "chained comparisons", "global statement identifiers",
    "dataclass field default factory",
]


def bench_search(data: Path) -> dict[str, float]:
    from research_pipeline.corpus.manager import CorpusManager
    from research_pipeline.text import terms

    index = CorpusManager(data).get("python-docs")
    searcher = index.searcher()
    passages = []
    # Materialise every passage once for the linear scan (not timed).
    import tantivy

    result = searcher.search(tantivy.Query.all_query(), limit=searcher.num_docs)
    for _, address in result.hits:
        doc = searcher.doc(address)
        passages.append(Counter(terms(doc["title"][0] + " " + doc["body"][0])))
    df: Counter[str] = Counter()
    for counts in passages:
        df.update(counts.keys())
    n_docs = len(passages)

    def linear(query: str) -> list[int]:
        q = terms(query)
        scores = []
        for i, counts in enumerate(passages):
            s = sum(counts[t] / (counts[t] + 1.2) * math.log(1 + n_docs / (1 + df[t]))
                    for t in q if t in counts)
            if s:
                scores.append((s, i))
        return [i for _, i in sorted(scores, reverse=True)[:8]]

    def timed(fn, repeat: int = 5) -> float:
        best = []
        for _ in range(repeat):
            started = time.perf_counter()
            for query in QUERIES:
                fn(query)
            best.append((time.perf_counter() - started) / len(QUERIES))
        return statistics.median(best)

    tantivy_s = timed(lambda q: index.search(terms(q), 8))
    linear_s = timed(linear)
    return {"passages": n_docs, "tantivy_ms": tantivy_s * 1000, "linear_ms": linear_s * 1000,
            "speedup": linear_s / tantivy_s}


def bench_orchestration(data: Path, work: Path) -> dict[str, float]:
    import subprocess

    topic = ROOT / "topics" / "exceptions.md"
    env = dict(os.environ, RESEARCH_DATA_DIR=str(data), RESEARCH_REPORTS_DIR=str(work / "r"),
               DAGSTER_HOME=str(work / "dh"))
    (work / "dh").mkdir(exist_ok=True)
    (work / "dh" / "dagster.yaml").write_text((ROOT / "dagster.yaml").read_text())
    direct = (
        "import time, sys\n"
        "from pathlib import Path\n"
        "from research_pipeline import pipeline as P\n"
        "from research_pipeline.settings import load_settings\n"
        "from research_pipeline.topics import parse_topic\n"
        "s = P.Services(load_settings())\n"
        "t = parse_topic(Path(sys.argv[1])); P.register_topic(s, t)\n"
        "start = time.perf_counter()\n"
        "P.make_plan(s, t.id, 'b'); P.decide(s, t.id, 'approved', 'bench', None, 'bench')\n"
        "P.run_research(s, t.id, 'b'); P.extract_facts(s, t.id, 'b')\n"
        "P.write_report(s, t.id, 'b')\n"
        "print(time.perf_counter() - start)\n"
    )
    exe = Path(sys.executable)
    started = time.perf_counter()
    out = subprocess.run([str(exe), "-c", direct, str(topic)], capture_output=True, text=True,
                         env=dict(env, RESEARCH_DB=str(work / "direct.duckdb")), check=True)
    direct_total = time.perf_counter() - started
    direct_steps = float(out.stdout.strip().splitlines()[-1])
    started = time.perf_counter()
    subprocess.run([str(exe.with_name("research-pipeline")), "run", str(topic), "--approve"],
                   capture_output=True, text=True, check=True,
                   env=dict(env, RESEARCH_DB=str(work / "dagster.duckdb")))
    dagster_total = time.perf_counter() - started
    return {"direct_steps_s": direct_steps, "direct_process_s": direct_total,
            "dagster_cli_s": dagster_total, "overhead_ratio": dagster_total / direct_total}


def bench_parallel(data: Path, work: Path) -> dict[str, float]:
    """The dev eval topics through `run --approve`, in one process and split over two."""
    import shutil
    import subprocess

    exe = Path(sys.executable).with_name("research-pipeline")
    out = {}
    for workers in (1, 2):
        root = work / f"parallel-{workers}"
        shutil.copytree(ROOT / "evalsets" / "dev", root / "topics")
        (root / "dh").mkdir()
        env = dict(os.environ, RESEARCH_DATA_DIR=str(data), RESEARCH_DB=str(root / "db.duckdb"),
                   RESEARCH_REPORTS_DIR=str(root / "r"), RESEARCH_TOPICS_DIR=str(root / "topics"),
                   DAGSTER_HOME=str(root / "dh"))
        started = time.perf_counter()
        subprocess.run([str(exe), "run", "--approve", "--parallel", str(workers)], env=env,
                       capture_output=True, check=True)
        out[workers] = time.perf_counter() - started
    return {"one_s": out[1], "two_s": out[2], "speedup": out[1] / out[2],
            "topics": len(list((ROOT / "evalsets" / "dev").glob("*.md")))}


def bench_corpus(work: Path) -> dict[str, float]:
    from research_pipeline.corpus.manager import CorpusManager

    started = time.perf_counter()
    report = CorpusManager(work / "fresh").build_builtin()
    return {"documents": report.added, "passages": report.chunks,
            "build_s": time.perf_counter() - started}


def bench_live(work: Path) -> dict[str, float]:
    """Exa + Gemini through the real SDKs against loopback servers with injected latency."""
    import textwrap

    from research_pipeline import pipeline
    from research_pipeline.settings import load_settings
    from research_pipeline.topics import parse_topic
    from tests import fake_world
    from tests.fakes import FakeServer

    model_s, search_s = 1.0, 0.4
    topic_path = work / "tides.md"
    topic_path.write_text(textwrap.dedent("""\
        ---
        title: "Tides"
        questions:
          - "What causes tides?"
          - "When do spring tides happen?"
          - "What is the tidal range?"
        max_rounds: 2
        ---
        """))
    with FakeServer(fake_world.exa_search, latency_s=search_s) as exa, \
            FakeServer(lambda r: fake_world.gemini_model(r, answer_from_round=2),
                       latency_s=model_s) as gem:
        settings = load_settings(
            db=work / "live.duckdb", reports_dir=work / "live-reports", search="exa",
            llm="gemini", exa_base_url=exa.url, gemini_base_url=gem.url,
            exa_api_key="bench", google_api_key="bench",
        )
        services = pipeline.Services(settings=settings)
        topic = parse_topic(topic_path)
        pipeline.register_topic(services, topic)
        started = time.perf_counter()
        pipeline.make_plan(services, topic.id, "bench")
        pipeline.decide(services, topic.id, "approved", "bench", None, "bench")
        research = pipeline.run_research(services, topic.id, "bench")
        facts = pipeline.extract_facts(services, topic.id, "bench")
        pipeline.write_report(services, topic.id, "bench")
        wall = time.perf_counter() - started
        searches, model_calls = len(exa.requests), len(gem.requests)
        rows = services.store._read(  # noqa: SLF001 - a benchmark reads the audit rows
            "SELECT step, count(*) AS n FROM llm_calls GROUP BY step")
    steps = {r["step"]: r["n"] for r in rows}
    extraction = steps.get("extract_facts", 0)
    sequential_model = model_calls - extraction
    workers = settings.model_concurrency
    rounds = research.rounds
    spacing = 1 / settings.exa_requests_per_s
    per_round_search = search_s + max(0, searches / max(rounds, 1) - 1) * spacing
    critical = (sequential_model * model_s + math.ceil(extraction / workers) * model_s
                + rounds * per_round_search)
    serial = model_calls * model_s + searches * search_s
    return {"wall_s": wall, "critical_s": critical, "serial_s": serial,
            "model_calls": model_calls, "searches": searches, "rounds": rounds,
            "facts": facts.facts}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        corpus = bench_corpus(work)
        print(f"corpus build: {corpus['documents']} documents, {corpus['passages']} passages "
              f"in {corpus['build_s']:.2f}s")
        search = bench_search(work / "fresh")
        print(f"search over {search['passages']} passages: tantivy {search['tantivy_ms']:.2f} ms"
              f"/query, linear scan {search['linear_ms']:.2f} ms/query -> "
              f"{search['speedup']:.0f}x faster")
        live = bench_live(work)
        print(f"live providers (loopback, 1 s per model call, 0.4 s per search): "
              f"{live['model_calls']} model calls + {live['searches']} searches in "
              f"{live['rounds']} rounds -> wall {live['wall_s']:.1f}s; critical path "
              f"{live['critical_s']:.1f}s; all latencies in series {live['serial_s']:.1f}s "
              f"(x{live['serial_s'] / live['wall_s']:.1f} from concurrency, "
              f"wall/critical x{live['wall_s'] / live['critical_s']:.2f})")
        par = bench_parallel(work / "fresh", work)
        print(f"run --approve over {par['topics']} topics: one process {par['one_s']:.1f}s, "
              f"--parallel 2 {par['two_s']:.1f}s -> {par['speedup']:.2f}x")
        orch = bench_orchestration(work / "fresh", work)
        print(f"one topic: domain steps {orch['direct_steps_s']:.2f}s "
              f"(process {orch['direct_process_s']:.2f}s), through Dagster runs "
              f"{orch['dagster_cli_s']:.2f}s -> overhead x{orch['overhead_ratio']:.1f}")


if __name__ == "__main__":
    main()
