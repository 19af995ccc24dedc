"""The ``research-pipeline`` command line (one module per group of commands)."""

from research_pipeline.cli import corpus, decisions, evaluate, reading, run, ui
from research_pipeline.cli.app import app, main

__all__ = ["app", "corpus", "decisions", "evaluate", "main", "reading", "run", "ui"]
