"""Shared fixtures: isolated settings, a built-in corpus built once, topic files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.pipeline import Services
from research_pipeline.settings import load_settings

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def builtin_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data dir whose python-docs corpus is built once for the whole session."""
    data = tmp_path_factory.mktemp("data")
    CorpusManager(data).get("python-docs")
    return data


@pytest.fixture
def env(tmp_path: Path, builtin_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point every RESEARCH_* path and DAGSTER_HOME into tmp_path."""
    for key in list(os.environ):
        if key.startswith("RESEARCH_") or key in ("EXA_API_KEY", "GOOGLE_API_KEY",
                                                    "GEMINI_API_KEY", "OPENAI_API_KEY"):
            monkeypatch.delenv(key)
    # get_instance() sets it for its process; undone after each test like the rest.
    monkeypatch.setenv("DAGSTER_EVENT_BATCH_SIZE", "")
    monkeypatch.delenv("DAGSTER_EVENT_BATCH_SIZE")
    (tmp_path / "topics").mkdir()
    monkeypatch.setenv("RESEARCH_DB", str(tmp_path / "research.duckdb"))
    monkeypatch.setenv("RESEARCH_DATA_DIR", str(builtin_data_dir))
    monkeypatch.setenv("RESEARCH_REPORTS_DIR", str(tmp_path / "reports"))
    monkeypatch.setenv("RESEARCH_TOPICS_DIR", str(tmp_path / "topics"))
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    (tmp_path / "dagster_home").mkdir()
    shutil.copyfile(PROJECT / "dagster.yaml", tmp_path / "dagster_home" / "dagster.yaml")
    return tmp_path


@pytest.fixture
def services(env: Path) -> Services:
    """Services over the isolated settings."""
    return Services(settings=load_settings())


def write_topic(directory: Path, name: str, body: str) -> Path:
    """Write a topic file from an indented literal."""
    path = directory / f"{name}.md"
    path.write_text(textwrap.dedent(body).lstrip(), encoding="utf-8")
    return path


IMPORT_TOPIC = """
    ---
    title: "How the import statement loads modules"
    questions:
      - "What two steps does the basic import statement execute?"
      - "How are relative imports with leading dots resolved?"
    max_rounds: 2
    ---
    The import statement in the language reference.
    """


@pytest.fixture
def import_topic(env: Path) -> Path:
    """A small topic the built-in corpus answers."""
    return write_topic(env / "topics", "imports", IMPORT_TOPIC)


def approve_topic(services: Services, path: Path, run_id: str = "run-plan"):  # noqa: ANN201
    """Register a topic file, make its plan and approve it, as a reviewer would."""
    from research_pipeline import pipeline
    from research_pipeline.topics import parse_topic

    topic = parse_topic(path)
    pipeline.register_topic(services, topic)
    pipeline.make_plan(services, topic.id, run_id)
    pipeline.decide(services, topic.id, "approved", "test", None, "test")
    return topic


def corpus_services(env: Path, monkeypatch: pytest.MonkeyPatch, name: str,
                    files: dict[str, str]) -> Services:
    """Services searching only a corpus made of ``files`` (name -> Markdown text)."""
    docs = env / f"docs-{name}"
    docs.mkdir()
    for filename, text in files.items():
        (docs / filename).write_text(text, encoding="utf-8")
    data = env / f"data-{name}"
    CorpusManager(data).add_folder(docs, name)
    monkeypatch.setenv("RESEARCH_DATA_DIR", str(data))
    monkeypatch.setenv("RESEARCH_CORPUS", name)
    return Services(settings=load_settings())


def run_cli(*args: str, env_extra: dict[str, str] | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run the real console script in a subprocess with the test's environment."""
    exe = Path(sys.executable).with_name("research-pipeline")
    environment = dict(os.environ)
    environment.update(env_extra or {})
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, timeout=timeout, env=environment,
        stdin=subprocess.DEVNULL, check=False,
    )


def dead_run(instance, job_name: str, tags: dict[str, str]):  # noqa: ANN201
    """A run left STARTED by a process that no longer exists."""
    import dagster as dg

    from research_pipeline.launcher import load_job
    from research_pipeline.run_process import process_tags

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    recorded = process_tags(child.pid)
    child.kill()
    child.wait()
    return instance.create_run_for_job(
        load_job(job_name), status=dg.DagsterRunStatus.STARTED,
        tags={"dagster/partition": "imports", **recorded, **tags})


# Three questions, one that no corpus answers: the research goes on for more than one round.
MULTI_ROUND_TOPIC = """
    ---
    title: "Python generators"
    questions:
      - "What makes a function a generator function?"
      - "How does a generator resume after a yield expression suspends it?"
      - "What does the zebra quagga okapi statement do?"
    max_rounds: 3
    ---
    """
