"""The one place where providers are chosen from settings."""

from __future__ import annotations

from collections.abc import Callable

from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.live.runtime import Runtime
from research_pipeline.researcher.base import Researcher
from research_pipeline.researcher.extractive import ExtractiveResearcher
from research_pipeline.search import LocalSearch, SearchProvider
from research_pipeline.settings import Settings


def build_search(settings: Settings, runtime: Callable[[], Runtime]) -> SearchProvider:
    """The search provider named by ``RESEARCH_SEARCH``."""
    if settings.search == "exa":
        from research_pipeline.live.exa import ExaSearch

        return ExaSearch(settings, runtime)
    return LocalSearch(CorpusManager(settings.data_dir), settings.corpus_names)


def build_researcher(
    settings: Settings, search: SearchProvider, runtime: Callable[[], Runtime]
) -> Researcher:
    """The researcher named by ``RESEARCH_LLM``."""
    if settings.llm in ("gemini", "openai"):
        from research_pipeline.auditor import load_policy
        from research_pipeline.live.models import ModelClient
        from research_pipeline.researcher.llm import LLMResearcher

        return LLMResearcher(
            ModelClient(settings, runtime), settings.model_concurrency,
            fallback=ExtractiveResearcher(idf=search.idf),
            blocked_domains=tuple(load_policy(settings.policy_file).blocked_domains))
    return ExtractiveResearcher(idf=search.idf)
