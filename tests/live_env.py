"""Pointing the settings at loopback providers, and reading what the store recorded."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest

EXA_KEY = "exa-secret-key-0123456789"
GOOGLE_KEY = "google-secret-key-9876543210"
OPENAI_KEY = "openai-secret-key-5555-abcdef"
TIDES = """
    ---
    title: "Tides"
    questions:
      - "What causes tides?"
      - "When do spring tides happen?"
    max_rounds: 2
    max_cost_usd: 1.0
    ---
    Ocean tides for a school project.
    """
RANGE = """
    ---
    title: "Tidal range"
    questions:
      - "What is the tidal range?"
      - "Where is the largest tidal range in the world?"
    max_rounds: 2
    max_cost_usd: 1.0
    ---
    Tidal range for a geography class.
    """


def point_at(monkeypatch: pytest.MonkeyPatch, exa: str, model: str, llm: str = "gemini") -> None:
    """Exa search and a Gemini or OpenAI-compatible model on loopback servers."""
    monkeypatch.setenv("RESEARCH_SEARCH", "exa")
    monkeypatch.setenv("RESEARCH_LLM", llm)
    monkeypatch.setenv("EXA_API_KEY", EXA_KEY)
    monkeypatch.setenv("RESEARCH_EXA_BASE_URL", exa)
    monkeypatch.setenv("RESEARCH_RETRY_BASE_S", "0.01")
    monkeypatch.setenv("RESEARCH_REQUEST_TIMEOUT_S", "2")
    if llm == "gemini":
        monkeypatch.setenv("GOOGLE_API_KEY", GOOGLE_KEY)
        monkeypatch.setenv("RESEARCH_GEMINI_BASE_URL", model)
    else:
        monkeypatch.setenv("RESEARCH_OPENAI_BASE_URL", model + "/v1")
        monkeypatch.setenv("RESEARCH_MODEL_FAST", "gemma-3-270m")
        monkeypatch.setenv("RESEARCH_MODEL_STRONG", "gemma-3-270m")


def rows(env: Path, sql: str, params: list | None = None) -> list[tuple]:
    """Rows of a read-only query on the test's database."""
    con = duckdb.connect(str(env / "research.duckdb"), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def paid_requests(env: Path, table: str) -> int:
    """How many requests the audit says were sent (cache hits and notes are not)."""
    return rows(env, f"select count(*) from {table} where attempt is not null")[0][0]  # noqa: S608


def leaks(env: Path, *keys: str) -> list[str]:
    """Files under ``env`` that hold any of ``keys``."""
    found = []
    for path in env.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            found += [f"{path}: {k[:6]}…" for k in keys if k.encode() in data]
    return found


_URL = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)[^\s)\]\"'<>]+", re.IGNORECASE)


def foreign_urls(markdown: str, env: Path) -> list[str]:
    """URLs in a report that are not a stored source's URL."""
    stored = {r[0] for r in rows(env, "select url from sources")}
    return [u for u in _URL.findall(markdown) if u.rstrip(".,;:") not in stored]
