"""Separate processes share one DuckDB file: two CLI runs and a third writer at once."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.conftest import run_cli, write_topic

EXCEPTIONS_TOPIC = """
    ---
    title: "Exceptions in Python"
    questions:
      - "When does the finally clause of a try statement run?"
    max_rounds: 2
    ---
    """


def _cli(*args: str) -> subprocess.Popen[str]:
    exe = Path(sys.executable).with_name("research-pipeline")
    return subprocess.Popen([str(exe), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, stdin=subprocess.DEVNULL, env=dict(os.environ))


def test_two_runs_and_a_writer_interleave_without_lock_failures(env, import_topic):
    other = write_topic(env / "topics", "exceptions", EXCEPTIONS_TOPIC)
    # The race starts on a new instance folder and a new database: the two CLI runs and
    # the writer create them together.
    writer_script = textwrap.dedent(f"""
        import time
        from research_pipeline.store import Store
        store = Store({str(env / "research.duckdb")!r})
        for i in range(40):
            store.record_decision("writer", f"plan-{{i}}", "approved", "writer", "test")
            time.sleep(0.05)  # the slow step: no connection is held while it waits
        print("ok")
    """)
    writer = subprocess.Popen([sys.executable, "-c", writer_script], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    first = _cli("run", str(import_topic), "--approve")
    second = _cli("run", str(other), "--approve")
    outputs = [p.communicate(timeout=300) for p in (first, second, writer)]
    assert first.returncode == 0, outputs[0][1]
    assert second.returncode == 0, outputs[1][1]
    assert writer.returncode == 0 and outputs[2][0].strip() == "ok", outputs[2][1]
    rows = json.loads(run_cli("sql", "select topic_id, count(*) as n from approvals group by all "
                                     "order by 1", "--format", "json").stdout)
    assert {r["topic_id"]: r["n"] for r in rows} == {"exceptions": 1, "imports": 1, "writer": 40}
    assert (env / "reports" / "imports.md").exists()
    assert (env / "reports" / "exceptions.md").exists()
